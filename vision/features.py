"""From a camera frame to one small feature vector per square.

The frame is warped to a top-down grid of ``PX`` pixels a square, blurred (hand-laid tiles
sit a little askew, and the blur makes a shift of a pixel or two cost little), and each
square's inside is pooled to a ``GRID`` x ``GRID`` grey patch. A patch is square and centred,
so a quarter turn of the piece is exactly ``np.rot90`` of the patch.
"""

from __future__ import annotations

from functools import cache

import cv2
import numpy as np

PX = 48  # top-down pixels per square
MARGIN = 4  # pixels dropped at each side of a square (grid lines, neighbours' edges)
POOL = 2
GRID = (PX - 2 * MARGIN) // POOL  # 15: a patch is GRID x GRID
BLUR = 1.0


def grid_to_top(px: int = PX) -> np.ndarray:
    return np.array([[px, 0, 0], [0, px, 0], [0, 0, 1]], np.float64)


@cache
def _top_to_grid(px: int) -> np.ndarray:
    """The inverse of :func:`grid_to_top`, worked out once per scale (read-only)."""
    inv = np.linalg.inv(grid_to_top(px))
    inv.flags.writeable = False
    return inv


def warp_top_down(grey: np.ndarray, homography: np.ndarray, rows: int, cols: int,
                  px: int = PX) -> np.ndarray:
    """The grid seen from above, ``px`` pixels a square (float32 grey)."""
    m = homography @ _top_to_grid(px)
    top = cv2.warpPerspective(grey, m, (cols * px, rows * px),
                              flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                              borderMode=cv2.BORDER_REPLICATE)
    return top


def patches(top: np.ndarray, rows: int, cols: int) -> np.ndarray:
    """Every square's pooled patch: array (rows * cols, GRID, GRID) float32, row-major."""
    img = cv2.GaussianBlur(top.astype(np.float32), (0, 0), BLUR)
    # Pooling by area averaging over the whole grid at once (far faster than a numpy mean
    # over a 6-d view); the margin is cut afterwards, in pooled pixels.
    pooled = cv2.resize(img, (cols * PX // POOL, rows * PX // POOL),
                        interpolation=cv2.INTER_AREA)
    cell, m = PX // POOL, MARGIN // POOL
    blocks = pooled.reshape(rows, cell, cols, cell)[:, m : cell - m, :, m : cell - m]
    return np.ascontiguousarray(blocks.transpose(0, 2, 1, 3).reshape(rows * cols, GRID, GRID))


def normalise(p: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Zero-mean, unit-length vectors of patches (n, GRID, GRID), and each patch's
    contrast (standard deviation over mean brightness: the same under any light)."""
    flat = p.reshape(len(p), -1).astype(np.float32)
    mean = flat.mean(axis=1, keepdims=True)
    centred = flat - mean
    norm = np.linalg.norm(centred, axis=1, keepdims=True)
    contrast = (norm[:, 0] / np.sqrt(flat.shape[1])) / np.maximum(mean[:, 0], 1.0)
    return centred / np.maximum(norm, 1e-6), contrast


def rotate_patch(p: np.ndarray, quarter_turns: int) -> np.ndarray:
    """The patch of the same piece turned clockwise."""
    return np.rot90(p, k=-quarter_turns, axes=(-2, -1))


# Small shifts (top-down pixels) and turns (degrees) of a piece laid by hand; a template is
# the mean look over them, so a tile a little askew still matches its own template best.
JITTER: tuple[tuple[float, float, float], ...] = tuple(
    (dx, dy, a) for dx in (-1.5, 0.0, 1.5) for dy in (-1.5, 0.0, 1.5) for a in (-2.5, 0.0, 2.5)
)


def jittered_patch(top: np.ndarray, x0: float, y0: float,
                   jitter: tuple[tuple[float, float, float], ...] = JITTER) -> np.ndarray:
    """The mean pooled patch of the square whose top-left corner is at (x0, y0) in a
    top-down image, over the small misplacements of ``jitter``."""
    centre = (x0 + PX / 2, y0 + PX / 2)
    acc = np.zeros((GRID, GRID), np.float32)
    src = top.astype(np.float32)
    for dx, dy, angle in jitter:
        m = cv2.getRotationMatrix2D(centre, angle, 1.0)
        m[:, 2] += np.array([dx - x0, dy - y0])
        square = cv2.warpAffine(src, m, (PX, PX), flags=cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_REPLICATE)
        acc += patches(square, 1, 1)[0]
    return acc / len(jitter)
