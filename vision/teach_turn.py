"""How far each taught tile lies turned in its teach photo, so that its looks are kept
straight (issue 9).

A tile laid by hand on the teaching sheet lies turned a degree or three, and so does every
tile in a game photo. Kept as it lay, a taught look and a game square can differ by twice
that, beyond the few degrees the finer looks search (:mod:`vision.read_fine`,
:mod:`vision.taught_large`): near twins were then read confidently wrong on tiles turned 2-5
degrees. Taught from sheets whose tiles lay straight, the same reads had none
(`benchmarks/vision_camera_stress.py`, condition ``slip``).

The turn is read from what the contract fixes on every tile of every edition: its eight
path ends, two a side at its thirds, each leaving its side square on. Short stubs drawn
there, turned by each angle of :data:`TURNS`, are slid over the tile's band-passed crop at
the photo's own scale; the angle whose stubs meet the paths best, refined between its
neighbours, is the tile's turn. No drawing of any edition's art is involved.
"""

from __future__ import annotations

from functools import cache

import cv2
import numpy as np

from companion.core.board import POINT_UV

from .geometry import INWARD
from .read_fine import unit_rows
from .taught_large import LARGE, warp_square

TURNS = np.arange(-6.0, 6.01, 1.0)  # degrees tried: hand-laid tiles lie within a few
STUB = (0.0, 0.14)  # a stub runs from the rim this far in, in squares
STUB_SIGMA = 1.2  # pixels at LARGE: about a thin path's width there
SLIDE = 6  # pixels at LARGE the stubs slide each way (the tile's place is known within it)
LIMIT = 4.0  # a turn read beyond this many degrees is not trusted: the tile is kept as it lay
# ... nor one that an angle 3 degrees or more away fits nearly as well (this share of the
# best): the texture or the art lined up with the stubs there. On the teach photos of the
# five tuning looks (seeds 2026, 7 and 5, 1,365 tiles) it halved the tiles read 4 degrees
# or more wrong (0.88% -> 0.44%) and left the mean error as it was (0.52 -> 0.51 degrees).
AMBIGUOUS = 0.98


@cache
def stubs(turn: float) -> np.ndarray:
    """The eight path-end stubs of a tile turned by ``turn`` degrees (the sense of
    ``cv2.getRotationMatrix2D``), zero-mean and of unit length: (LARGE + 1, LARGE + 1)."""
    side = LARGE + 1
    img = np.zeros((side, side), np.float32)
    centre = side / 2 - 0.5
    t = np.radians(turn)
    # getRotationMatrix2D's sense in image coordinates (y down)
    rot = np.array([[np.cos(t), np.sin(t)], [-np.sin(t), np.cos(t)]])
    for p in range(8):
        inward = np.array(INWARD[p])
        at = np.array(POINT_UV[p]) - 0.5
        a = rot @ ((at + inward * STUB[0]) * LARGE) + centre
        b = rot @ ((at + inward * STUB[1]) * LARGE) + centre
        cv2.line(img, (round(a[0] * 16), round(a[1] * 16)), (round(b[0] * 16), round(b[1] * 16)),
                 1.0, 1, cv2.LINE_AA, shift=4)
    img = np.asarray(cv2.GaussianBlur(img, (0, 0), STUB_SIGMA), np.float32)
    out = unit_rows(img.reshape(1, -1)).reshape(side, side)
    out.flags.writeable = False
    return out


def tile_turn(frame: np.ndarray, homography: np.ndarray, cols: int, index: int,
              offset: tuple[float, float], polarity: int) -> float:
    """The turn (degrees, ``cv2.getRotationMatrix2D``'s sense) that sets the tile on square
    ``index`` of a teach photo straight; 0 when it cannot be read with confidence.

    ``frame`` is the photo (grey or colour), ``homography`` maps board grid units to it,
    ``offset`` is where the tile lies off its square (top-down pixels at 48 a square) and
    ``polarity`` whether its paths are pale (+1) or dark (-1)."""
    crop = warp_square(frame, homography, cols, index, LARGE + 1 + 2 * SLIDE, offset)
    crop = np.ascontiguousarray(crop * np.float32(polarity))
    scores = np.array([float(cv2.matchTemplate(crop, stubs(float(t)), cv2.TM_CCORR).max())
                       for t in TURNS])
    k = int(scores.argmax())
    if k == 0 or k == len(TURNS) - 1 or scores[k] <= 0:
        return 0.0
    far = np.abs(TURNS - TURNS[k]) >= 3.0
    if float(scores[far].max()) >= AMBIGUOUS * float(scores[k]):
        return 0.0
    a, b, c = scores[k - 1], scores[k], scores[k + 1]
    curve = a - 2 * b + c
    step = 0.5 * (a - c) / curve if curve < 0 else 0.0
    lies = float(TURNS[k] + step * (TURNS[1] - TURNS[0]))  # how the tile lies turned
    return -lies if abs(lies) <= LIMIT else 0.0
