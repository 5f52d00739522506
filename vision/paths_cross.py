"""Where two near twins differ, looked at in the frame at its own scale (issue 9, built-in).

Of two near twins whose differing paths meet near one point (:mod:`vision.paths_twins`),
one tile's two paths cross there and the other's two arcs come close and turn back (kiss).
Where an edition prints wide glowing paths (``seas``), the kissing arcs touch in the glow
and the top view of 48 px a square shows the two alike (both lean to the crossing). What
is left to tell them by is the width of the lines at that point: two paths that cross are
one path wide where they cross, two arcs that kiss are two side by side. So the square is
warped alone from the frame at ``SIDE`` pixels a square, and across the two paths' common
direction at that point the brightness (in the paths' polarity) ``OFF`` of a square either
side is compared with the brightness at the point (:func:`centre`): low (falling off fast)
for a crossing, near zero for a kiss.

Measured before use (``benchmarks/vision_twins_cross.py``; squares the paths left open
between the two, seeds 2026 and 7, 40 photos a size): on ``seas`` it puts a crossing below
its kissing twin with an area under the ROC of 0.90 (0.86 on the top view) and 0.92 (0.92)
for the two pairs left open there; the lean of :mod:`vision.paths_twins` 0.17 and 0.24 (the
wrong way round). One threshold does not split them (a photo's blur and light move the
figures), so it only ranks two squares of one photo (:mod:`vision.twins_pair`).
"""

from __future__ import annotations

from functools import cache

import cv2
import numpy as np

from .paths_twins import pairs
from .read_paths import BENDS, bezier

SIDE = 128  # pixels a square: at least the frame's own scale (37-98 in the benchmark)
MARGIN = 8  # pixels round it
OFF = 0.035  # of a square either side of the point: outside a crossing's one path width,
# inside two kissing arcs side by side
SEEK = 0.04  # the point is the brightest (blurred) within this of where it is drawn


def centre(image: np.ndarray, homography: np.ndarray, row: int, col: int,
           offset: np.ndarray, top_px: int, polarity: int, bend: int, cross: str,
           kiss: str) -> float:
    """Square (row, col)'s brightness ``OFF`` either side of where ``cross``'s differing
    paths cross, less that at the point, over the point's own (the paths' brightness in
    units of the square's spread): lower for a crossing than for two arcs that kiss.
    ``offset`` is where the tile lies off its square in the top view of ``top_px`` a
    square (dx, dy), ``bend`` an index in :data:`vision.read_paths.BENDS`."""
    s = _square(image, homography, row + float(offset[1]) / top_px,
                col + float(offset[0]) / top_px) * (1.0 if polarity > 0 else -1.0)
    inner = s[MARGIN:MARGIN + SIDE, MARGIN:MARGIN + SIDE]
    base, high = (float(v) for v in np.percentile(inner, (50, 97)))  # one sort for both
    s = (s - base) / max(high - base, 1e-3)
    at, axis = _meeting(cross, kiss, bend)
    normal = np.array([-axis[1], axis[0]])
    # where the paths meet in this photo: the brightest of a blurred copy near the drawing
    blurred = cv2.GaussianBlur(s, (0, 0), SEEK * SIDE)
    grid = np.linspace(-SEEK, SEEK, 9)
    near = at + grid[:, None, None] * axis + grid[None, :, None] * normal
    at = near[np.unravel_index(int(np.argmax(_sample(blurred, near))), near.shape[:2])]
    along = np.linspace(-0.02, 0.02, 5)  # a little way along the paths, averaged
    across = np.array([-OFF, 0.0, OFF])
    pts = at + along[:, None, None] * axis + across[None, :, None] * normal
    profile = _sample(s, pts).mean(axis=0)
    mid = float(profile[1])
    return (float(profile[0] + profile[2]) / 2 - mid) / max(abs(mid), 0.1)


def _square(image: np.ndarray, homography: np.ndarray, y: float, x: float) -> np.ndarray:
    """The square whose top-left corner lies at grid (x, y), alone at ``SIDE`` pixels with
    ``MARGIN`` round it: grey (the channels' mean), float32, smoothed by a pixel."""
    t = np.array([[1 / SIDE, 0, x - MARGIN / SIDE], [0, 1 / SIDE, y - MARGIN / SIDE],
                  [0, 0, 1]])
    n = SIDE + 2 * MARGIN
    out = cv2.warpPerspective(image, homography @ t, (n, n),
                              flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                              borderMode=cv2.BORDER_REPLICATE)
    g = out.astype(np.float32)
    if g.ndim == 3:
        g = np.asarray(cv2.transform(g, np.full((1, 3), 1 / 3, np.float32)), np.float32)
    return np.asarray(cv2.GaussianBlur(g, (0, 0), 1.0), np.float32)


def _sample(img: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """``img`` at points (..., 2) given in units of a square (x, y)."""
    at = np.asarray(pts * SIDE + MARGIN, np.float32)
    return np.asarray(cv2.remap(img, np.ascontiguousarray(at[..., 0]),
                                np.ascontiguousarray(at[..., 1]), cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_REPLICATE))


@cache
def _meeting(cross: str, kiss: str, bend: int) -> tuple[np.ndarray, np.ndarray]:
    """Where ``cross``'s differing paths cross (units of a square, x, y) and their common
    direction there (the kissing twin's arcs run along it), at ``BENDS[bend]``."""
    (p, q), (u, v) = sorted(pairs(cross) - pairs(kiss))
    # the nearest points of the two curves, coarsely and then finely round the coarse ones
    # (as finely as 400 steps along each, at a sixteenth of the cost)
    ta, tb = np.linspace(0.0, 1.0, 101), np.linspace(0.0, 1.0, 101)
    for _ in range(2):
        one, two = bezier(p, q, BENDS[bend], ta[:, None]), bezier(u, v, BENDS[bend], tb[:, None])
        gap = np.linalg.norm(one[:, None] - two[None], axis=2)
        i, j = divmod(int(np.argmin(gap)), gap.shape[1])
        at = (one[i] + two[j]) / 2
        ta = np.linspace(max(0.0, ta[i] - 0.01), min(1.0, ta[i] + 0.01), 9)
        tb = np.linspace(max(0.0, tb[j] - 0.01), min(1.0, tb[j] + 0.01), 9)
    step = np.array([[-1e-3], [1e-3]])
    da = np.diff(bezier(p, q, BENDS[bend], ta[4] + step), axis=0)[0]
    db = np.diff(bezier(u, v, BENDS[bend], tb[4] + step), axis=0)[0]
    da, db = da / np.linalg.norm(da), db / np.linalg.norm(db)
    axis = da + (db if float(da @ db) >= 0 else -db)
    return at, axis / np.linalg.norm(axis)
