"""Squares about to be called bare that hold a hand or a sheet of paper (issue 9).

A hand or a sheet of paper has no paths either: it is plain where the bare squares are not,
or plain but of another colour (:func:`vision.read_decide.odd_plain`). :class:`vision.
recognise.BoardReader` leaves such squares unknown.
"""

from __future__ import annotations

import numpy as np

from .quick_stats import median
from .read_decide import odd_plain


def odd_squares(colour: np.ndarray, detail: np.ndarray, bare: np.ndarray,
                taught_plain: np.ndarray | None, paths_bare: np.ndarray,
                plain: float) -> np.ndarray:
    """A mask over the squares read (``colour``: each one's mean BGR, ``detail``: how much
    its middle holds) of those about to be called ``bare`` that are odd. ``taught_plain``
    marks the squares taught plain, when taught looks that fit the board read it (None
    otherwise); ``paths_bare`` those the paths called bare, ``plain`` the detail below which
    a square is plain (:attr:`vision.read_decide.Thresholds.plain`)."""
    if taught_plain is not None:
        # A square with art was matched to its own bare look (a hand is not); among the
        # plain ones, one of another colour is odd.
        mask = bare & taught_plain
        return np.asarray(mask & odd_plain(colour, detail, mask, np.inf, glare=True))
    piece_line = float(median(detail[~bare])) if (~bare).any() else 1.0
    odd = odd_plain(colour, detail, bare, 0.35 * piece_line)
    # glare washes a plain bare square towards white: not odd while it stays as plain as the
    # plain bare squares (a hand, or a tile under it, shows detail)
    odd &= (odd_plain(colour, detail, bare, 0.35 * piece_line, glare=True)
            | (detail >= 0.35 * piece_line))
    if bare.any() and float(median(detail[bare])) >= plain:
        odd &= ~paths_bare  # on a board with art, plain parts of it are no hand
    return np.asarray(odd)
