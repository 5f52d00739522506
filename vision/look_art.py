"""Drawing helpers for the test looks of :mod:`vision.looks`: textures, path lines, brush art.

Everything here draws into float32 BGR images (0-255) in pixels and takes its randomness
from a generator handed in, so a look drawn twice from the same seed is the same picture.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from companion.core.board import POINT_UV
from companion.tsuro.tiles import Tile

from .geometry import INWARD

BGR = tuple[float, float, float]


def noise(rng: np.random.Generator, h: int, w: int,
          octaves: Sequence[tuple[int, float]]) -> np.ndarray:
    """Smooth random field of about unit spread: each octave is (cell size px, weight)."""
    out = np.zeros((h, w), np.float32)
    for cell, weight in octaves:
        small = rng.normal(0.0, 1.0, (h // cell + 3, w // cell + 3)).astype(np.float32)
        big = cv2.resize(small, ((w // cell + 3) * cell, (h // cell + 3) * cell),
                         interpolation=cv2.INTER_CUBIC)
        out += weight * big[cell:cell + h, cell:cell + w]
    spread = float(out.std()) or 1.0
    return out / spread


def fill(h: int, w: int, colour: BGR) -> np.ndarray:
    img = np.empty((h, w, 3), np.float32)
    img[:] = colour
    return img


def tint(img: np.ndarray, field: np.ndarray, amount: BGR) -> None:
    """Add ``field`` (h, w) times a per-channel amount, in place."""
    img += field[:, :, None] * np.asarray(amount, np.float32)


def blend(img: np.ndarray, mask: np.ndarray, colour: BGR | np.ndarray, alpha: float) -> None:
    """Lay ``colour`` over ``img`` where ``mask`` (0-1) says, at opacity ``alpha``."""
    a = (mask * alpha)[:, :, None]
    col = np.asarray(colour, np.float32)
    img *= 1.0 - a
    img += a * col


def path_curve(a: int, b: int, bend: float, steps: int = 32, wobble: float = 0.0,
               rng: np.random.Generator | None = None) -> np.ndarray:
    """The line joining edge points ``a`` and ``b`` of a unit tile: straight across when
    they face each other, otherwise a cubic curve leaving each point square to its side.
    ``wobble`` bends the line sideways a little (a hand-printed or wave-like line)."""
    pa, pb = np.array(POINT_UV[a]), np.array(POINT_UV[b])
    na, nb = np.array(INWARD[a]), np.array(INWARD[b])
    gap = float(np.linalg.norm(pb - pa))
    k = bend * max(0.35, min(1.0, gap))
    c1, c2 = pa + na * k, pb + nb * k
    t = np.linspace(0.0, 1.0, steps)[:, None]
    pts = (1 - t) ** 3 * pa + 3 * (1 - t) ** 2 * t * c1 + 3 * (1 - t) * t**2 * c2 + t**3 * pb
    if wobble and rng is not None:
        d = np.gradient(pts, axis=0)
        normal = np.stack([-d[:, 1], d[:, 0]], axis=1)
        normal /= np.linalg.norm(normal, axis=1, keepdims=True) + 1e-9
        phase, waves = rng.uniform(0, 2 * np.pi), rng.uniform(2.0, 4.0)
        env = np.sin(np.pi * t[:, 0])  # the ends stay on their points
        pts = pts + normal * (wobble * env * np.sin(phase + waves * np.pi * t[:, 0]))[:, None]
    return np.asarray(pts)


def line_mask(shape: tuple[int, int], pts: np.ndarray, scale: float, width: float) -> np.ndarray:
    """An antialiased mask (0-1, float32) of the polyline ``pts`` (unit coordinates)."""
    mask = np.zeros(shape, np.uint8)
    shift = 4
    scaled = np.round(pts * scale * (1 << shift)).astype(np.int32)
    cv2.polylines(mask, [scaled], False, 255, max(1, round(width * scale)), cv2.LINE_AA, shift)
    return mask.astype(np.float32) / 255.0


def paths_on(img: np.ndarray, base: np.ndarray, tile: Tile, *, bend: float, width: float,
             colour: BGR, alpha: float, bridge: bool, gap: float, wobble: float,
             rng: np.random.Generator, grain: np.ndarray | None = None) -> None:
    """Draw the tile's four paths on ``img`` (its pattern orientation). Where a later path
    crosses an earlier one and ``bridge`` is set, the earlier path is cut back to the bare
    tile (``base``) around the later one, as printed tiles show a path passing over."""
    size = img.shape[0]
    for a, b in tile.pairs():
        pts = path_curve(a, b, bend, wobble=wobble, rng=rng)
        if bridge:
            cut = line_mask((size, size), pts, size, width + 2 * gap)
            cut = np.minimum(cut * 1.5, 1.0)
            img *= 1.0 - cut[:, :, None]
            img += cut[:, :, None] * base
        mask = line_mask((size, size), pts, size, width)
        col = np.asarray(colour, np.float32)
        if grain is not None:
            # printed ink is not flat: the path's own shade varies along it
            a_ = (mask * alpha)[:, :, None]
            img *= 1.0 - a_
            img += a_ * (col + grain[:, :, None] * 14.0)
        else:
            blend(img, mask, col, alpha)


def brush(img: np.ndarray, pts: np.ndarray, widths: np.ndarray, colour: BGR,
          alpha: float) -> None:
    """A brush stroke along ``pts`` (pixels) whose width swells and thins (``widths`` px)."""
    h, w = img.shape[:2]
    pad = int(np.max(widths)) + 2
    x0, y0 = max(0, int(pts[:, 0].min()) - pad), max(0, int(pts[:, 1].min()) - pad)
    x1, y1 = min(w, int(pts[:, 0].max()) + pad), min(h, int(pts[:, 1].max()) + pad)
    if x1 <= x0 or y1 <= y0:
        return
    # only the stroke's own box is touched: a board of many strokes stays quick to draw
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    ends = np.round(pts - np.array([x0, y0])).astype(np.int32)
    for k in range(len(pts) - 1):  # segments joined by round caps: no beads on thin strokes
        thick = max(1, round(float(widths[k])))
        a, b = (int(ends[k][0]), int(ends[k][1])), (int(ends[k + 1][0]), int(ends[k + 1][1]))
        cv2.line(mask, a, b, 255, thick, cv2.LINE_AA)
    blend(img[y0:y1, x0:x1], mask.astype(np.float32) / 255.0, colour, alpha)


def blob(img: np.ndarray, centre: tuple[int, int], axes: tuple[int, int], angle: float,
         colour: BGR, alpha: float) -> None:
    """A filled ellipse laid over ``img``, touching only its own box."""
    h, w = img.shape[:2]
    r = max(axes) + 2
    x0, y0 = max(0, centre[0] - r), max(0, centre[1] - r)
    x1, y1 = min(w, centre[0] + r), min(h, centre[1] + r)
    if x1 <= x0 or y1 <= y0:
        return
    mask = np.zeros((y1 - y0, x1 - x0), np.float32)
    cv2.ellipse(mask, (centre[0] - x0, centre[1] - y0), axes, angle, 0, 360, 1.0, -1,
                cv2.LINE_AA)
    blend(img[y0:y1, x0:x1], mask, colour, alpha)


def stroke_points(rng: np.random.Generator, start: np.ndarray, length: float,
                  curl: float, steps: int) -> np.ndarray:
    """A wandering curve of ``steps`` points from ``start`` (pixels): the heading turns
    smoothly, ``curl`` radians per step at most."""
    heading = rng.uniform(0, 2 * np.pi)
    turn = rng.uniform(-curl, curl)
    pts = [start.astype(np.float64)]
    step = length / steps
    for _ in range(steps - 1):
        turn = 0.85 * turn + rng.uniform(-curl, curl) * 0.3
        heading += turn
        pts.append(pts[-1] + step * np.array([np.cos(heading), np.sin(heading)]))
    return np.array(pts)


def swell(steps: int, thick: float, rng: np.random.Generator) -> np.ndarray:
    """Stroke widths along a brush stroke: thin at the ends, fat in the middle."""
    t = np.linspace(0, 1, steps)
    peak = rng.uniform(0.3, 0.7)
    prof = np.where(t < peak, t / peak, (1 - t) / (1 - peak))
    return np.asarray(thick * (0.15 + 0.85 * prof ** 0.6))


def to_uint8(img: np.ndarray) -> np.ndarray:
    return np.asarray(np.clip(img, 0, 255).astype(np.uint8))
