"""A plain bare square under a glare spot, on a taught board (issue 9).

A bare square taught plain is called bare by its plainness (:mod:`vision.read_taught_call`).
A glare spot over it lifts that plainness above the line between the bare square's and the
plainest piece's: the spot's rim is a soft edge, which the band the plainness measures
(1-5 pixels of the view from above) sees. No taught piece fits the square and the paths see
nothing there, yet it was left ``unknown`` (the tuning looks on photo seeds 11 and 13: three
squares of ``drawn`` and ``curved``). A glare spot is smooth: in the finest band (0.7-2
pixels, where a path's edges show whatever the path's width) the square's middle is as plain
as the board's other bare squares in the same photo, where a tile's paths are ten times and
more above them (the four-loop tile's middle is plain too, but its loops show their ends on
the rim and its taught look fits it). So such a square is bare when its finest detail is no
more than ``FINE_BARE`` times the median of the squares read bare in the same read.
"""

from __future__ import annotations

import cv2
import numpy as np

from .quick_stats import median
from .read_features import PX

FINE = (0.7, 2.0)  # the finest band, view pixels (sigmas of the two blurs)
FINE_BARE = 2.0  # at most this many times the bare squares' median finest detail (chosen on
# the tuning looks, photo seeds 11 and 13: a glare spot 1.52 times, tiles 10 times and more)
LEAST_BARE = 3  # squares read bare needed to say what a bare square's finest detail is
GLARE_BARE = 0.55  # the confidence of such a call (a plain bare square in doubt: 0.6)


def finest(grey: np.ndarray, cols: int, squares: np.ndarray) -> np.ndarray:
    """Per square of ``squares`` (indices, row by row): the spread of the finest band over
    its middle half, over its mean brightness (the same in any light)."""
    out = np.zeros(len(squares))
    inset, side = PX // 4, PX // 2
    for k, i in enumerate(int(s) for s in squares):
        r, c = divmod(i, cols)
        y0, x0 = r * PX + inset - 4, c * PX + inset - 4  # 4 pixels round it for the blurs
        patch = np.asarray(grey[y0:y0 + side + 8, x0:x0 + side + 8], np.float32)
        band = (cv2.GaussianBlur(patch, (0, 0), FINE[0])
                - cv2.GaussianBlur(patch, (0, 0), FINE[1]))[4:-4, 4:-4]
        out[k] = float(band.std()) / max(float(patch.mean()), 1.0)
    return out


def smooth_bare(grey: np.ndarray, cols: int, asked: np.ndarray, bare: np.ndarray) -> np.ndarray:
    """Which squares of ``asked`` (indices) are as plain in the finest band as the squares
    ``bare`` (indices, read bare in the same read): a bool per asked square; all False with
    fewer than LEAST_BARE bare squares."""
    if len(asked) == 0 or len(bare) < LEAST_BARE:
        return np.zeros(len(asked), bool)
    ref = float(median(finest(grey, cols, bare)))
    return np.asarray(finest(grey, cols, asked) <= FINE_BARE * ref)
