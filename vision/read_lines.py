"""The line filter under the path reader (:mod:`vision.read_paths`): where a thin line of
another brightness than the tile around it runs, in the top-down view.

The second derivatives of a blurred copy, in units of the local spread (a dim corner weighs
as a bright one); read along a direction they say how strongly a line runs across it.
"""

from __future__ import annotations

import cv2
import numpy as np

from .quick_stats import median, percentile

PX = 48
FLOOR = 0.012  # least spread, as a share of the brightness
HESSIAN = 2.0  # Gaussian sigma before the second derivatives, top-down pixels


Planes = tuple[np.ndarray, np.ndarray, np.ndarray]
"""The second derivatives xx, xy, yy of a view, each h x w (three planes: one interleaved
array of a board's size costs more to allocate than to fill)."""


def line_response(grey_top: np.ndarray) -> Planes:
    """The second derivatives (xx, xy, yy) of the blurred view, sign turned so that a pale
    line is positive across it, in units of the local spread."""
    g = cv2.GaussianBlur(grey_top.astype(np.float32), (0, 0), HESSIAN)
    dxx = cv2.Sobel(g, cv2.CV_32F, 2, 0, ksize=3, scale=-1)
    dyy = cv2.Sobel(g, cv2.CV_32F, 0, 2, ksize=3, scale=-1)
    dxy = cv2.Sobel(g, cv2.CV_32F, 1, 1, ksize=3, scale=-1)
    # Divided by the local spread, so a dim corner and a bright one weigh the same (worked
    # out on an eighth-size copy: it changes slowly) ...
    h, w = g.shape
    small = cv2.resize(cv2.magnitude(dxx, dyy) ** 2, (max(1, w // 8), max(1, h // 8)),
                       interpolation=cv2.INTER_AREA)
    small = np.sqrt(cv2.GaussianBlur(small, (0, 0), PX / 24))
    # ... but never below a share of the board's typical spread: on a plain square the
    # noise alone must not look like paths.
    # Nor below a share of the brightness: a board with no tile on it is all noise.
    spread = 0.5 * float(percentile(small, 75))
    # (The brightness share binds only on a board all but plain. The median brightness is
    # at most the brightest, so when the spread's share is above the brightest's, the
    # median is not sought: the floor comes out the same, at a tenth of a millisecond less.)
    bright = g[::4, ::4]
    floor = FLOOR * float(bright.max())
    if floor > spread:
        floor = FLOOR * float(median(bright))
    small = np.maximum(small, max(spread, floor)) + 0.5
    inverse = cv2.resize(1.0 / small, (w, h), interpolation=cv2.INTER_LINEAR)
    for plane in (dxx, dxy, dyy):
        np.multiply(plane, inverse, out=plane)
    return dxx, dxy, dyy


def direction_weights(nx: np.ndarray, ny: np.ndarray) -> np.ndarray:
    """Weights on (xx, xy, yy) giving the second derivative along the direction (nx, ny)."""
    return np.stack([nx * nx, 2 * nx * ny, ny * ny], axis=-1).astype(np.float32)


def gather(resp: Planes, size: tuple[int, int], xs: np.ndarray, ys: np.ndarray) -> Planes:
    """The three second derivatives at the given pixels."""
    h, w = size
    lin = np.clip(ys, 0, h - 1) * w + np.clip(xs, 0, w - 1)
    return resp[0].ravel()[lin], resp[1].ravel()[lin], resp[2].ravel()[lin]


def along(g: Planes, weights: np.ndarray) -> np.ndarray:
    """The second derivative along directions given by ``weights`` (..., 3)."""
    return np.asarray(g[0] * weights[..., 0] + g[1] * weights[..., 1] + g[2] * weights[..., 2])


def ridges(resp: Planes, polarity: int) -> np.ndarray:
    """How strongly a line of the paths' polarity runs through each pixel, whatever its
    direction: the larger curvature across it (0 where there is none)."""
    dxx, dxy, dyy = resp
    # in place, the same sums as (dxx + dyy) / 2 +- sqrt(((dxx - dyy) / 2) ** 2 + dxy ** 2)
    root = dxx - dyy
    root *= 0.5
    np.square(root, out=root)
    cross = dxy * dxy
    root += cross
    np.sqrt(root, out=root)
    half = np.add(dxx, dyy, out=cross)
    half *= 0.5
    if polarity > 0:
        root += half
    else:
        root -= half
    return np.asarray(np.maximum(root, 0.0, out=root), np.float32)
