"""The corners of every square, where a tile shows only its own ground (issue 9, item 2).

A tile's paths end on its rim at thirds (two a side), so the four corners of a tile hold no
path, whatever the edition: there a tile shows the ground it is printed on, alike in all
four corners (as alike as on the other tiles of the set). Board art runs across the squares
as it likes, so the four corners of a bare square often differ. The corner patches sit
inside where a tile may lie (a tile is a little smaller than its square, slips a few pixels
and turns a degree or two) and outside where a corner arc between two neighbouring path
ends runs.
"""

from __future__ import annotations

import numpy as np

from .read_features import PX

INSET = (5, 10)  # top-down pixels from each corner of the tile, each way (PX = 48)


def corner_colours(top: np.ndarray, cols: int, idx: np.ndarray,
                   offsets: np.ndarray | None = None) -> np.ndarray:
    """(len(idx), 4, 3): per square of ``idx``, per corner (clockwise from top-left), the
    median B, G, R of a small patch near the corner, moved by ``offsets`` (n, 2: dx, dy
    pixels, where the tile was found to lie)."""
    img = top if top.ndim == 3 else np.repeat(top[:, :, None], 3, axis=2)
    h, w = img.shape[:2]
    idx = np.asarray(idx)
    off = np.zeros((len(idx), 2), np.int64) if offsets is None else np.asarray(offsets, np.int64)
    span = np.arange(*INSET)
    # each corner's pixel columns and rows, counted from the square's top-left
    near, far = span, PX - 1 - span
    xs_c = np.stack([near, far, far, near])  # (4, m)
    ys_c = np.stack([near, near, far, far])
    x0 = (idx % cols) * PX + off[:, 0]
    y0 = (idx // cols) * PX + off[:, 1]
    xs = np.clip(x0[:, None, None, None] + xs_c[None, :, None, :], 0, w - 1)  # (n, 4, 1, m)
    ys = np.clip(y0[:, None, None, None] + ys_c[None, :, :, None], 0, h - 1)  # (n, 4, m, 1)
    patch = img[ys, xs].reshape(len(idx), 4, -1, 3)
    middle = patch.shape[2] // 2  # the median (an odd count): a sliver of path hardly counts
    return np.asarray(np.partition(patch, middle, axis=2)[:, :, middle], np.float32)


def corner_features(colours: np.ndarray) -> np.ndarray:
    """(..., 4, 3) corner colours as chromaticity (blue and green shares, weighted tenfold)
    and log brightness: light that changes slowly across a square hardly moves them."""
    bright = colours.sum(axis=-1) + 1.0
    chroma = colours[..., :2] / bright[..., None]
    return np.concatenate([chroma * 10.0, np.log(bright)[..., None]], axis=-1)


def corner_spread(feats: np.ndarray) -> np.ndarray:
    """(n,): how far apart the most different two of each square's four corners lie
    (:func:`corner_features`), in the feature that differs most.

    >>> same = corner_features(np.full((1, 4, 3), 100.0))
    >>> mixed = corner_features(np.array([[[100, 100, 100], [100, 100, 100], [40, 60, 200],
    ...                                    [100, 100, 100]]], float))
    >>> corner_spread(same).round(2).tolist(), bool(corner_spread(mixed)[0] > 1)
    ([0.0], True)
    """
    gaps = np.abs(feats[:, :, None] - feats[:, None]).max(axis=3)
    return np.asarray(gaps.max(axis=(1, 2)), np.float32)
