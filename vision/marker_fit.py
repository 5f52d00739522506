"""Marker corners fitted to the markers' edges (:mod:`vision.markers`): where straight
lines fitted to the four black-to-white edges cross."""

from __future__ import annotations

import cv2
import numpy as np

_TS = np.linspace(0.2, 0.8, 12, dtype=np.float32)


def refine_quads(grey: np.ndarray, quads: np.ndarray, rounds: int = 2) -> np.ndarray:
    """Marker corners as crossings of straight lines fitted to the four black-white edges.

    Corner-window refinement wanders off to the bit pattern or the touching grid corner on
    small, blurred markers; an edge seen along its whole length does not. ``quads`` is
    (M, 4, 2), clockwise in the image; a quad whose fit fails keeps its corners.
    """
    q = quads.astype(np.float32).copy()
    for _ in range(rounds):
        new = _fit_round(grey, q)
        d = q - q[:, PREV]
        sides = np.sqrt(d[..., 0] * d[..., 0] + d[..., 1] * d[..., 1])  # the norms, as numpy's
        side = (((sides[:, 0] + sides[:, 1]) + sides[:, 2]) + sides[:, 3]) / 4  # their mean
        move = np.abs(new - q).max(axis=(1, 2))
        ok = np.isfinite(new).all(axis=(1, 2)) & (move <= 0.25 * side)
        q[ok] = new[ok]
    return q


_NEXT = [1, 2, 3, 0]  # side k runs from corner k to corner k + 1
PREV = [3, 0, 1, 2]
_STEPS = np.linspace(-1.0, 1.0, 21, dtype=np.float32)
_TS4 = _TS[None, None, :]


def _fit_round(grey: np.ndarray, q: np.ndarray) -> np.ndarray:
    # The x and y of every point apart, each contiguous (remap's maps as they are), and no
    # np.clip, np.stack or norm: the same float32 operations element by element as the sums
    # written with them, in a fraction of the calls (this runs twice a marker search, and
    # numpy's per-call cost is most of it; tests/vision/test_vision_speed_exact_read.py checks
    # it against them).
    m = len(q)
    a = q
    b = q[:, _NEXT]
    d = b - a  # (M, 4, 2)
    dx, dy = d[..., 0], d[..., 1]
    # the norm as numpy's: the sum of the squares, its root
    length = np.maximum(np.sqrt(dx * dx + dy * dy), np.float32(1e-3))
    ux, uy = dx / length, dy / length  # (M, 4)
    nx, ny = -uy, ux  # points into the marker
    reach = np.minimum(np.maximum(length.min(axis=1) / 8, np.float32(2.0)), np.float32(5.0))
    offs = reach[:, None] * _STEPS[None, :]  # (M, O)
    bx = a[:, :, None, 0] + _TS4 * dx[:, :, None]  # (M, 4, S)
    by = a[:, :, None, 1] + _TS4 * dy[:, :, None]
    o = offs[:, None, None, :]
    steps = len(_STEPS)
    mx = (bx[..., None] + o * nx[:, :, None, None]).reshape(-1, steps)
    my = (by[..., None] + o * ny[:, :, None, None]).reshape(-1, steps)
    prof = cv2.remap(grey, mx, my, cv2.INTER_LINEAR).astype(np.float32)
    grad = np.maximum(prof[:, :-1] - prof[:, 1:], 0.0)
    j = np.minimum(np.maximum(np.argmax(grad, axis=1), 1), grad.shape[1] - 2)
    rows = np.arange(len(grad))
    g0, g1, g2 = grad[rows, j - 1], grad[rows, j], grad[rows, j + 1]
    denom = g0 - 2 * g1 + g2
    flat_top = np.abs(denom) > 1e-6
    safe = np.where(flat_top, denom, 1.0)
    sub = np.minimum(np.maximum(np.where(flat_top, 0.5 * (g0 - g2) / safe, 0.0), -0.5), 0.5)
    frac = (j + 0.5 + sub) / (steps - 1)
    s_count = len(_TS)
    t = (-1.0 + 2.0 * frac).reshape(m, 4, s_count) * reach[:, None, None]
    ex = bx + t * nx[:, :, None]  # (M, 4, S)
    ey = by + t * ny[:, :, None]
    g1 = g1.reshape(m, 4, s_count)
    w = (g1 > 0.4 * g1.max(axis=2, keepdims=True)).astype(np.float32)
    wsum = np.maximum(w.sum(axis=2), 1e-6)
    cx = (ex * w).sum(axis=2) / wsum
    cy = (ey * w).sum(axis=2) / wsum
    sw = np.sqrt(w)
    ex = (ex - cx[..., None]) * sw
    ey = (ey - cy[..., None]) * sw
    sxx = (ex ** 2).sum(axis=2)
    syy = (ey ** 2).sum(axis=2)
    sxy = (ex * ey).sum(axis=2)
    theta = 0.5 * np.arctan2(2 * sxy, sxx - syy)
    vx, vy = np.cos(theta), np.sin(theta)
    p1x, p1y, r1x, r1y = cx[:, PREV], cy[:, PREV], vx[:, PREV], vy[:, PREV]
    den = r1x * vy - r1y * vx
    tt = ((cx - p1x) * vy - (cy - p1y) * vx) / np.where(np.abs(den) > 1e-9, den, np.nan)
    out = np.stack([p1x + tt * r1x, p1y + tt * r1y], axis=2)
    out[(wsum < 4).any(axis=1)] = np.nan
    return np.asarray(out, np.float32)
