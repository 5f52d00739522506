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
HESSIAN = 2.0  # Gaussian sigma before the second derivatives, top-down pixels
SAMPLES = 16
WEAKEST = 5  # a pair's evidence: the mean of its WEAKEST lowest samples
BENDS = (0.15, 0.3, 0.45, 0.6)
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
def _curves() -> tuple[np.ndarray, np.ndarray]:
    """Sample points of every pair's curve shapes, in top-down pixels of one square, and the
    unit normal of the curve there: each (28, shapes, SAMPLES, 2) as (x, y)."""
    t = np.linspace(0.1, 0.9, SAMPLES)[:, None]
    out, normals = [], []
    for a, b in PAIRS:
        pa, pb = np.array(POINT_UV[a]), np.array(POINT_UV[b])
        na, nb = np.array(INWARD[a]), np.array(INWARD[b])
        shapes, norms = [], []
        # A path leaves each point square to its side and bends towards the other; how far
        # it runs in before turning differs from one edition to the next, and is less for
        # points close together.
        reach = max(0.35, min(1.0, float(np.linalg.norm(pb - pa))))
        for bend in BENDS:
            k = bend * reach
            c1, c2 = pa + na * k, pb + nb * k
            pts = ((1 - t) ** 3 * pa + 3 * (1 - t) ** 2 * t * c1 + 3 * (1 - t) * t**2 * c2
                   + t**3 * pb)
            tangent = (3 * (1 - t) ** 2 * (c1 - pa) + 6 * (1 - t) * t * (c2 - c1)
                       + 3 * t**2 * (pb - c2))
            tangent /= np.maximum(np.linalg.norm(tangent, axis=1, keepdims=True), 1e-9)
            shapes.append(pts)
            norms.append(np.column_stack([-tangent[:, 1], tangent[:, 0]]))
        out.append(shapes)
        normals.append(norms)
    return np.asarray(out, np.float32) * PX, np.asarray(normals, np.float32)


def line_response(grey_top: np.ndarray) -> np.ndarray:
    """The second derivatives (xx, xy, yy) of the blurred view, sign turned so that a pale
    line is positive across it, in units of the local spread: (3, h, w)."""
    g = cv2.GaussianBlur(grey_top.astype(np.float32), (0, 0), HESSIAN)
    dxx = -cv2.Sobel(g, cv2.CV_32F, 2, 0, ksize=3)
    dyy = -cv2.Sobel(g, cv2.CV_32F, 0, 2, ksize=3)
    dxy = -cv2.Sobel(g, cv2.CV_32F, 1, 1, ksize=3)
    # Divided by the local spread, so a dim corner and a bright one weigh the same.
    energy = np.sqrt(cv2.GaussianBlur(dxx * dxx + dyy * dyy, (0, 0), PX / 3))
    # ... but never below a share of the board's typical spread: on a plain square the
    # noise alone must not look like paths.
    spread = np.maximum(energy, 0.5 * float(np.percentile(energy, 75))) + 0.5
    return np.stack([dxx / spread, dxy / spread, dyy / spread]).astype(np.float32)


@dataclass(frozen=True)
class PathScores:
    """Per square: the evidence of every oriented tile (``tiles()`` order) in the polarity
    that fits the board."""

    squares: np.ndarray  # (n,) square indices
    tile: np.ndarray  # (n, 105) mean evidence of the tile's four paths
    polarity: int  # +1 pale paths, -1 dark paths


RIM_DEPTHS = (0.07, 0.12, 0.17)
STEP = (-3, -2, -1, 0, 1, 2, 3)  # top-down pixels a tile may lie off its square, each way


@cache
def _rim() -> tuple[np.ndarray, np.ndarray]:
    """Sample points just inside each of the eight rim points, and the direction along the
    side there: each (8 * depths, 2)."""
    pts, nrm = [], []
    for p in range(8):
        inward = np.array(INWARD[p])
        for d in RIM_DEPTHS:
            pts.append((np.array(POINT_UV[p]) + inward * d) * PX)
            nrm.append((inward[1], -inward[0]))
    return np.asarray(pts, np.float32), np.asarray(nrm, np.float32)


def _across(resp: np.ndarray, ys: np.ndarray, xs: np.ndarray, nx: np.ndarray,
            ny: np.ndarray) -> np.ndarray:
    h, w = resp.shape[1:]
    ys, xs = np.clip(ys, 0, h - 1), np.clip(xs, 0, w - 1)
    return np.asarray(resp[0][ys, xs] * nx * nx + 2 * resp[1][ys, xs] * nx * ny
                      + resp[2][ys, xs] * ny * ny)


def _align(resp: np.ndarray, cols: int, idx: np.ndarray) -> np.ndarray:
    """Each square's offset (dx, dy) in pixels: where its eight path ends line up best."""
    pts, nrm = _rim()
    shifts = np.array([(dx, dy) for dy in STEP for dx in STEP], np.float32)
    r, c = idx // cols, idx % cols
    base = np.stack([c * PX, r * PX], axis=1).astype(np.float32)  # (n, 2)
    at = base[:, None, None, :] + shifts[None, :, None, :] + pts[None, None, :, :]
    xs, ys = np.rint(at[..., 0]).astype(np.int32), np.rint(at[..., 1]).astype(np.int32)
    vals = _across(resp, ys, xs, nrm[:, 0], nrm[:, 1])  # (n, shifts, points)
    best = vals.sum(axis=-1).argmax(axis=1)
    return np.asarray(np.rint(shifts[best]).astype(np.int32))


def _evidence(resp: np.ndarray, rows: int, cols: int, idx: np.ndarray) -> np.ndarray:
    """(n, 105) mean evidence of each tile's four pairs over squares ``idx``."""
    pts, nrm = _curves()  # (28, S, K, 2)
    r, c = idx // cols, idx % cols
    off = _align(resp, cols, idx)
    x0 = (c * PX + off[:, 0])[:, None, None, None]
    y0 = (r * PX + off[:, 1])[:, None, None, None]
    xs = np.rint(pts[None, ..., 0] + x0).astype(np.int32)
    ys = np.rint(pts[None, ..., 1] + y0).astype(np.int32)
    nx, ny = nrm[..., 0], nrm[..., 1]
    # The second derivative across the curve, large where a line runs along it, less the
    # one along the curve: a blob or a line crossing at an angle bends both ways.
    vals = _across(resp, ys, xs, nx, ny) - np.abs(_across(resp, ys, xs, ny, -nx))
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
