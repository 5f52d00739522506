"""Reading tiles with nothing taught: follow the paths between the eight rim points
(issue 9, item 2).

Every tile joins its eight rim points (two a side, at thirds: ``companion.core.board.POINT_UV``)
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

from companion.core.board import POINT_UV
from companion.tsuro.tiles import Tile, all_oriented

from .geometry import INWARD

PX = 48
FLOOR = 0.012  # least spread, as a share of the brightness
HESSIAN = 2.0  # Gaussian sigma before the second derivatives, top-down pixels
SAMPLES = 16
WEAKEST = 5  # a pair's evidence: the mean of its WEAKEST lowest samples
# How far a path runs in before it turns, as a share of the gap between its points: one
# edition prints all its tiles alike, so a board's bend is found once (``choose_bend``) and
# every square is read with the few bends next to it.
BENDS = tuple(round(0.1 + 0.05 * k, 2) for k in range(13))  # 0.1 ... 0.7
WINDOW = 1  # bends each side of the board's own
DEFAULT_BEND = BENDS.index(0.35)
PROBE = 12  # squares (those whose path ends show best) on which the bend is chosen
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
    line is positive across it, in units of the local spread: (3, h * w)."""
    g = cv2.GaussianBlur(grey_top.astype(np.float32), (0, 0), HESSIAN)
    dxx = -cv2.Sobel(g, cv2.CV_32F, 2, 0, ksize=3)
    dyy = -cv2.Sobel(g, cv2.CV_32F, 0, 2, ksize=3)
    dxy = -cv2.Sobel(g, cv2.CV_32F, 1, 1, ksize=3)
    # Divided by the local spread, so a dim corner and a bright one weigh the same (worked
    # out on an eighth-size copy: it changes slowly) ...
    h, w = g.shape
    small = cv2.resize(dxx * dxx + dyy * dyy, (max(1, w // 8), max(1, h // 8)),
                       interpolation=cv2.INTER_AREA)
    small = np.sqrt(cv2.GaussianBlur(small, (0, 0), PX / 24))
    # ... but never below a share of the board's typical spread: on a plain square the
    # noise alone must not look like paths.
    # Nor below a share of the brightness: a board with no tile on it is all noise.
    small = np.maximum(small, max(0.5 * float(np.percentile(small, 75)),
                                  FLOOR * float(np.median(g)))) + 0.5
    spread = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
    out = np.stack([dxx, dxy, dyy]) / spread[None]
    return np.ascontiguousarray(out.reshape(3, h * w), dtype=np.float32)


@dataclass(frozen=True)
class PathScores:
    """Per square: the evidence of every oriented tile (``tiles()`` order) in the polarity
    that fits the board."""

    squares: np.ndarray  # (n,) square indices
    tile: np.ndarray  # (n, 105) mean evidence of the tile's four paths
    polarity: int  # +1 pale paths, -1 dark paths
    offsets: np.ndarray  # (n, 2) where each square's tile lies off the grid, pixels (dx, dy)
    rim: np.ndarray  # (n,) the second weakest of the eight path ends: a tile shows all eight
    bend: int = DEFAULT_BEND  # index in BENDS of the board's bend


RIM_DEPTHS = (0.05, 0.08, 0.11)
STEP = (-3, -2, 0, 2, 3)  # top-down pixels a tile may lie off its square, each way


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


def _weights(nx: np.ndarray, ny: np.ndarray) -> np.ndarray:
    """Weights on (xx, xy, yy) giving the second derivative along the direction (nx, ny)."""
    return np.stack([nx * nx, 2 * nx * ny, ny * ny], axis=-1).astype(np.float32)


def _gather(resp: np.ndarray, size: tuple[int, int], xs: np.ndarray,
            ys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The three second derivatives at the given pixels."""
    h, w = size
    lin = np.clip(ys, 0, h - 1) * w + np.clip(xs, 0, w - 1)
    return resp[0][lin], resp[1][lin], resp[2][lin]


def _along(g: tuple[np.ndarray, np.ndarray, np.ndarray], weights: np.ndarray) -> np.ndarray:
    """The second derivative along directions given by ``weights`` (..., 3)."""
    return np.asarray(g[0] * weights[..., 0] + g[1] * weights[..., 1] + g[2] * weights[..., 2])


def align(resp: np.ndarray, size: tuple[int, int], cols: int, idx: np.ndarray,
          polarity: int = 0) -> tuple[np.ndarray, int, np.ndarray]:
    """Each square's offset (dx, dy) in pixels, where its eight path ends line up best; the
    polarity (pale paths +1, dark -1; ``0`` picks the one that lines up better over these
    squares); and each square's second weakest path end there."""
    pts, nrm = _rim()
    shifts = np.array([(dx, dy) for dy in STEP for dx in STEP], np.float32)
    r, c = idx // cols, idx % cols
    base = np.stack([c * PX, r * PX], axis=1).astype(np.float32)  # (n, 2)
    at = base[:, None, None, :] + shifts[None, :, None, :] + pts[None, None, :, :]
    xs, ys = np.rint(at[..., 0]).astype(np.int32), np.rint(at[..., 1]).astype(np.int32)
    weights = _weights(nrm[:, 0], nrm[:, 1])  # (pts, 3)
    each = _along(_gather(resp, size, xs, ys), weights)  # (n, shifts, points)
    sums = each.sum(axis=-1)
    if polarity == 0:  # the other polarity's sums are these turned negative
        polarity = 1 if float(sums.max(axis=1).sum()) >= float((-sums).max(axis=1).sum()) else -1
    best = (polarity * sums).argmax(axis=1)
    ends = polarity * each[np.arange(len(idx)), best]
    rim = np.sort(ends.reshape(len(idx), 8, len(RIM_DEPTHS)).mean(axis=-1), axis=1)[:, 1]
    return np.asarray(np.rint(shifts[best]).astype(np.int32)), polarity, np.asarray(rim)


@cache
def _curve_weights() -> tuple[np.ndarray, np.ndarray]:
    _, nrm = _curves()
    nx, ny = nrm[..., 0], nrm[..., 1]
    return _weights(nx, ny), _weights(ny, -nx)


def _weakest(resp: np.ndarray, size: tuple[int, int], cols: int, idx: np.ndarray,
             off: np.ndarray, polarity: int, bends: np.ndarray) -> np.ndarray:
    """(n, 28, len(bends)): each pair's evidence along each of the given curve shapes."""
    pts = _curves()[0][:, bends]  # (28, B, S, 2)
    r, c = idx // cols, idx % cols
    x0 = (c * PX + off[:, 0])[:, None, None, None]
    y0 = (r * PX + off[:, 1])[:, None, None, None]
    xs = np.rint(pts[None, ..., 0] + x0).astype(np.int32)
    ys = np.rint(pts[None, ..., 1] + y0).astype(np.int32)
    g = _gather(resp, size, xs, ys)  # each (n, 28, B, S)
    # The second derivative across the curve, large where a line runs along it, less the
    # one along the curve: a blob or a line crossing at an angle bends both ways.
    across, along = _curve_weights()
    vals = polarity * _along(g, across[:, bends]) - np.abs(_along(g, along[:, bends]))
    return np.asarray(np.partition(vals, WEAKEST - 1, axis=-1)[..., :WEAKEST].mean(axis=-1))


def _tiles(weakest: np.ndarray) -> np.ndarray:
    """(n, 105) mean evidence of each tile's four pairs, each pair along its best shape."""
    pair = weakest.max(axis=-1)  # (n, 28)
    pair = pair - np.median(pair, axis=1, keepdims=True)  # against the square's own background
    return np.asarray(pair @ _matchings().T / 4.0, np.float32)


def _window(bend: int) -> np.ndarray:
    return np.arange(max(0, bend - WINDOW), min(len(BENDS), bend + WINDOW + 1))


def choose_bend(resp: np.ndarray, size: tuple[int, int], cols: int, idx: np.ndarray,
                off: np.ndarray, polarity: int, rim: np.ndarray) -> int:
    """The bend (index in BENDS) of this board's paths: the one whose window of shapes lets
    the best tile of the squares whose path ends show best score highest."""
    probe = np.argsort(-rim)[:PROBE]
    probe = probe[rim[probe] > 0.05]
    if len(probe) < 4:
        return DEFAULT_BEND
    weakest = _weakest(resp, size, cols, idx[probe], off[probe], polarity,
                       np.arange(len(BENDS)))
    best, top = DEFAULT_BEND, -np.inf
    for k in range(WINDOW, len(BENDS) - WINDOW):
        total = float(_tiles(weakest[..., _window(k)]).max(axis=1).sum())
        if total > top + 1e-6:
            best, top = k, total
    return best


def score(grey_top: np.ndarray, rows: int, cols: int, idx: np.ndarray | None = None,
          polarity: int = 0, bend: int = -1) -> PathScores:
    """Evidence of every oriented tile on squares ``idx`` (all when None). ``polarity`` 0
    picks the one whose path ends line up better over these squares; ``bend`` -1 finds the
    board's bend on these squares (a re-read of a few passes the one found before)."""
    squares = np.arange(rows * cols) if idx is None else np.asarray(idx)
    # A few squares (a re-read): filter only the part of the board round them.
    r, c = squares // cols, squares % cols
    r0, r1 = max(0, int(r.min()) - 1), min(rows, int(r.max()) + 2)
    c0, c1 = max(0, int(c.min()) - 1), min(cols, int(c.max()) + 2)
    part = grey_top[r0 * PX:r1 * PX, c0 * PX:c1 * PX]
    local = (r - r0) * (c1 - c0) + (c - c0)
    resp = line_response(part)
    size = part.shape[:2]
    off, polarity, rim = align(resp, size, c1 - c0, local, polarity)
    if bend < 0:
        bend = choose_bend(resp, size, c1 - c0, local, off, polarity, rim)
    weakest = _weakest(resp, size, c1 - c0, local, off, polarity, _window(bend))
    return PathScores(squares, _tiles(weakest), polarity, off, rim, bend)
