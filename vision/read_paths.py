"""Reading tiles with nothing taught: follow the paths between the eight rim points
(issue 9, item 2).

Every tile joins its eight rim points (two a side, at thirds: ``companion.board.POINT_UV``)
in four pairs. A path is a thin line of another brightness than the tile around it, so the
top-down view is filtered for thin lines (a difference of Gaussians, widened a little so a
tile laid a few pixels off still lines up) in both polarities, pale on dark and dark on pale.
For each of the 28 pairs of points, a few curve shapes (a straight line where the points face
each other, cubic curves of three bends otherwise) are sampled, and the pair's evidence is
the weakest third of its samples: a path must be there all along, which a crossing path or a
speck of the board's art is not. Each of the 105 ways of pairing the eight points (one per
oriented tile) scores the sum of its four pairs; the best is the tile, and its lead over the
next best is how sure the reading is.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import cv2
import numpy as np

from companion.board import POINT_UV
from companion.tiles import Tile, all_oriented

from .geometry import INWARD

PX = 48
FINE, WIDE = 1.2, 3.5  # Gaussian sigmas of the line filter, top-down pixels
SPREAD = 5  # the line response is widened over SPREAD x SPREAD pixels (tiles off the grid)
SAMPLES = 12
WEAKEST = 4  # a pair's evidence: the mean of its WEAKEST lowest samples
BENDS = (0.12, 0.25, 0.4)
PAIRS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(8) for b in range(a + 1, 8))


@cache
def tiles() -> tuple[Tile, ...]:
    return all_oriented()


@cache
def _matchings() -> np.ndarray:
    """(105, 28): which pairs each oriented tile joins."""
    index = {p: i for i, p in enumerate(PAIRS)}
    m = np.zeros((len(tiles()), len(PAIRS)), np.float32)
    for k, t in enumerate(tiles()):
        for pair in t.pairs():
            m[k, index[pair]] = 1.0
    return m


@cache
def _curves() -> np.ndarray:
    """Sample points of every pair's curve shapes, in top-down pixels of one square:
    (28, shapes, SAMPLES, 2) as (x, y)."""
    t = np.linspace(0.1, 0.9, SAMPLES)[:, None]
    out = []
    for a, b in PAIRS:
        pa, pb = np.array(POINT_UV[a]), np.array(POINT_UV[b])
        na, nb = np.array(INWARD[a]), np.array(INWARD[b])
        shapes = []
        for k in BENDS:
            c1, c2 = pa + na * k, pb + nb * k
            pts = ((1 - t) ** 3 * pa + 3 * (1 - t) ** 2 * t * c1 + 3 * (1 - t) * t**2 * c2
                   + t**3 * pb)
            shapes.append(pts)
        out.append(shapes)
    return np.asarray(out, np.float32) * PX


def line_response(grey_top: np.ndarray) -> np.ndarray:
    """Thin pale lines positive, thin dark lines negative, in units of the local spread."""
    g = grey_top.astype(np.float32)
    dog = cv2.GaussianBlur(g, (0, 0), FINE) - cv2.GaussianBlur(g, (0, 0), WIDE)
    # Divided by the local spread, so a dim corner and a bright one weigh the same.
    spread = np.sqrt(cv2.GaussianBlur(dog * dog, (0, 0), PX / 3)) + 0.5
    return np.asarray(dog / spread, np.float32)


@dataclass(frozen=True)
class PathScores:
    """Per square: the evidence of every oriented tile (``tiles()`` order) in the polarity
    that fits the board."""

    squares: np.ndarray  # (n,) square indices
    tile: np.ndarray  # (n, 105) mean evidence of the tile's four paths
    polarity: int  # +1 pale paths, -1 dark paths


def _evidence(resp: np.ndarray, rows: int, cols: int, idx: np.ndarray) -> np.ndarray:
    """(n, 105) mean evidence of each tile's four pairs over squares ``idx``."""
    wide = cv2.dilate(resp, np.ones((SPREAD, SPREAD), np.uint8))
    pts = _curves()  # (28, S, K, 2)
    r, c = idx // cols, idx % cols
    xs = np.clip(np.rint(pts[None, ..., 0] + (c * PX)[:, None, None, None]).astype(np.int32),
                 0, cols * PX - 1)
    ys = np.clip(np.rint(pts[None, ..., 1] + (r * PX)[:, None, None, None]).astype(np.int32),
                 0, rows * PX - 1)
    vals = wide[ys, xs]  # (n, 28, S, K)
    weakest = np.partition(vals, WEAKEST - 1, axis=-1)[..., :WEAKEST].mean(axis=-1)
    pair = weakest.max(axis=-1)  # (n, 28): the best-fitting shape
    return np.asarray(pair @ _matchings().T / 4.0, np.float32)


def score(grey_top: np.ndarray, rows: int, cols: int, idx: np.ndarray | None = None,
          polarity: int = 0) -> PathScores:
    """Evidence of every oriented tile on squares ``idx`` (all when None). ``polarity`` 0
    picks the one that fits the board better."""
    squares = np.arange(rows * cols) if idx is None else np.asarray(idx)
    resp = line_response(grey_top)
    if polarity == 0:
        pale = _evidence(resp, rows, cols, squares)
        dark = _evidence(-resp, rows, cols, squares)
        if float(pale.max(axis=1).sum()) >= float(dark.max(axis=1).sum()):
            return PathScores(squares, pale, 1)
        return PathScores(squares, dark, -1)
    return PathScores(squares, _evidence(polarity * resp, rows, cols, squares), polarity)
