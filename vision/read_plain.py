"""Squares about to be called bare that hold a hand or a sheet of paper (issue 9).

A hand or a sheet of paper has no paths either: it is plain where the bare squares are not,
or plain but of another colour (:func:`vision.read_decide.odd_plain`). :class:`vision.
recognise.BoardReader` leaves such squares unknown.
"""

from __future__ import annotations

import numpy as np

from .quick_stats import median
from .read_decide import far_in_colour, odd_plain, off_colour


def odd_squares(colour: np.ndarray, detail: np.ndarray, bare: np.ndarray,
                taught_plain: np.ndarray | None, paths_bare: np.ndarray,
                plain: float, own_colour: np.ndarray | None = None) -> np.ndarray:
    """A mask over the squares read (``colour``: each one's mean BGR, ``detail``: how much
    its middle holds) of those about to be called ``bare`` that are odd. ``taught_plain``
    marks the squares taught plain, when taught looks that fit the board read it (None
    otherwise), and ``own_colour`` their mean BGR as taught (-1 where untaught; None from a
    profile that did not keep it); ``paths_bare`` those the paths called bare, ``plain`` the
    detail below which a square is plain (:attr:`vision.read_decide.Thresholds.plain`)."""
    if taught_plain is not None:
        # A square with art was matched to its own bare look (a hand is not); among the
        # plain ones, one of another colour than the others is odd, unless it is its own
        # colour as taught (a board prints art in more than one colour).
        mask = bare & taught_plain
        odd = mask & odd_plain(colour, detail, mask, np.inf, glare=True)
        if own_colour is not None:
            known = mask & (own_colour[:, 0] >= 0)
            if known.sum() >= 3:
                odd &= odd_own(colour, own_colour, known)
        return np.asarray(odd)
    piece_line = float(median(detail[~bare])) if (~bare).any() else 1.0
    odd = odd_plain(colour, detail, bare, 0.35 * piece_line)
    # glare washes a plain bare square towards white: not odd while it stays as plain as the
    # plain bare squares (a hand, or a tile under it, shows detail)
    odd &= (odd_plain(colour, detail, bare, 0.35 * piece_line, glare=True)
            | (detail >= 0.35 * piece_line))
    if bare.any() and float(median(detail[bare])) >= plain:
        odd &= ~paths_bare  # on a board with art, plain parts of it are no hand
    return np.asarray(odd)


def odd_own(colour: np.ndarray, own: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Of the squares of ``mask`` (about to be called bare, taught plain, three or more),
    those whose colour is not their own bare colour as taught (``own``), once the photo's
    light and cast are allowed for (the median change over those squares): by the lines of
    :func:`vision.read_decide.odd_plain` with glare, each square against itself instead of
    against the median of the board's plain squares. A board prints art in more than one
    colour (a seal, a wave), so a plain square may differ from the others and still be
    bare: on a mixed look of waves in two colours (benchmarks/vision_mixes.py --taught, mix
    5-1), bare squares so printed were left `unknown` on every photo. :func:`odd_squares`
    asks both: against itself alone, a bare square's colour strays up to the same lines
    (0.036 of 0.04 on `curved`, 0.040 once on `seas`: the teach photo's light is another
    photo's), so a square is odd only when it is neither like the board's other plain
    squares nor like itself as taught.

    >>> own = np.array([[40, 80, 60], [40, 80, 60], [120, 60, 40], [40, 80, 60]], float)
    >>> mask = np.ones(4, bool)
    >>> odd_own(own * 1.2, own, mask).tolist()  # brighter light: nothing odd
    [False, False, False, False]
    >>> hand = own * 1.2
    >>> hand[1] = [90, 120, 170]  # skin over a green square
    >>> odd_own(hand, own, mask).tolist()
    [False, True, False, False]
    """
    bright = colour.sum(axis=1) + 1.0
    own_bright = own.sum(axis=1) + 1.0
    ratio = bright / own_bright
    rel = ratio / float(median(ratio[mask]))
    chroma = colour / bright[:, None]
    own_chroma = own / own_bright[:, None]
    cast = median(chroma[mask] - own_chroma[mask], axis=0)
    return np.asarray(mask & far_in_colour(rel, off_colour(chroma, own_chroma + cast)))
