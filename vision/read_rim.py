"""Where each square's tile lies, and which way its paths shine (:mod:`vision.read_paths`).

A tile may lie a few pixels off its square: it is found where its eight path ends (two a
side, at thirds of the rim) show a line best, sampled just inside the rim across the side.
The same ends say whether the paths are pale on dark or dark on pale.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from companion.core.board import POINT_UV

from .geometry import INWARD
from .quick_stats import last_mean
from .read_lines import PX, Planes, along, direction_weights, gather

RIM_DEPTHS = (0.04, 0.065, 0.09)
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



def align(resp: Planes, size: tuple[int, int], cols: int, idx: np.ndarray,
          polarity: int = 0) -> tuple[np.ndarray, int, np.ndarray]:
    """Each square's offset (dx, dy) in pixels, where its eight path ends line up best; the
    polarity (pale paths +1, dark -1; ``0`` picks the one that lines up better over these
    squares); and the line at each square's eight path ends there (n, 8)."""
    shifts, dx, dy = _rim_steps()
    r, c = idx // cols, idx % cols
    xs = (c * PX).astype(np.int32)[:, None, None] + dx[None]
    ys = (r * PX).astype(np.int32)[:, None, None] + dy[None]
    each = _across_sides(resp, size, xs, ys)  # (n, shifts, points)
    sums = each.sum(axis=-1)
    if polarity == 0:
        polarity = _polarity(each, sums, len(idx))
    best = (polarity * sums).argmax(axis=1)
    ends = polarity * each[np.arange(len(idx)), best]
    rim = last_mean(ends.reshape(len(idx), 8, len(RIM_DEPTHS)))
    return np.asarray(np.rint(shifts[best]).astype(np.int32)), polarity, np.asarray(rim)


@cache
def _rim_steps() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The shifts a tile may lie off its square (shifts, 2), and the pixel each rim sample
    falls on at each shift, from the square's top-left corner: x and y, each (shifts,
    points). A square's corner lies on whole (even) pixels and no sample falls near half a
    pixel, so rounding here is rounding at the square."""
    pts, _ = _rim()
    shifts = np.array([(dx, dy) for dy in STEP for dx in STEP], np.float32)
    at = shifts[:, None, :] + pts[None, :, :]
    return (shifts, np.rint(at[..., 0]).astype(np.int32),
            np.rint(at[..., 1]).astype(np.int32))


@cache
def _rim_planes() -> np.ndarray | None:
    """Which second derivative (0: xx, 2: yy) each rim sample's line runs across: a point's
    side is horizontal or vertical, so the weighted sum of the three (``along``) is one of
    them, exactly; None if some side were slanted."""
    _, nrm = _rim()
    weights = direction_weights(nrm[:, 0], nrm[:, 1])
    plane = np.where(weights[:, 0] == 1.0, 0, 2)
    if not bool(np.all(weights[np.arange(len(plane)), plane] == 1.0)
                and np.all(np.abs(weights).sum(axis=1) == 1.0)):
        return None
    return plane


def _across_sides(resp: Planes, size: tuple[int, int], xs: np.ndarray,
                  ys: np.ndarray) -> np.ndarray:
    """The second derivative along the side at every rim sample (..., points): read from the
    one plane it is (a third of the gathering), or weighted as ``along`` does."""
    plane = _rim_planes()
    if plane is None:
        _, nrm = _rim()
        return along(gather(resp, size, xs, ys), direction_weights(nrm[:, 0], nrm[:, 1]))
    h, w = size
    lin = np.clip(ys, 0, h - 1) * w + np.clip(xs, 0, w - 1)
    each = np.empty(lin.shape, np.float32)
    for a, b, k in _plane_runs():
        each[..., a:b] = resp[k].ravel()[lin[..., a:b]]  # (runs of points: slices, no copies)
    return each


@cache
def _plane_runs() -> tuple[tuple[int, int, int], ...]:
    """The rim samples in runs that read one plane (:func:`_rim_planes`): (first, past the
    last, plane)."""
    planes = _rim_planes()
    plane = [] if planes is None else [int(p) for p in planes]
    runs, start = [], 0
    for k in range(1, len(plane) + 1):
        if k == len(plane) or plane[k] != plane[start]:
            runs.append((start, k, plane[start]))
            start = k
    return tuple(runs)


def _polarity(each: np.ndarray, sums: np.ndarray, n: int) -> int:
    """Pale paths (+1) or dark (-1): the one under which squares show a line at all eight
    path ends (a tile) more; a ship or a blob of art shows one or two ends in either. A
    board with no such square falls back to the line strength summed over the ends."""
    # Dark paths' ends are the pale ones' negated (exactly, means and all): the third
    # weakest of eight under -1 is the third strongest under +1, negated.
    rim = last_mean(each.reshape(n, each.shape[1], 8, len(RIM_DEPTHS)))
    ranked = np.sort(rim, axis=-1)
    votes = [float(np.clip(third.max(axis=1), 0, None).sum())
             for third in (ranked[..., 2], -ranked[..., 5])]
    if max(votes) > 0:
        return 1 if votes[0] >= votes[1] else -1
    return 1 if float(sums.max(axis=1).sum()) >= float((-sums).max(axis=1).sum()) else -1
