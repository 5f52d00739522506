"""Square crops that survive light changes and tiles laid a little off the grid.

The board is warped to a top-down grid of ``PX`` pixels a square. Slow light changes
(a lamp on one side, a colour cast, glare spread over a square) are taken out by a high-pass
(the grey image less its blur); the rest is pooled by ``POOL``. Every square gives one
centred crop per small shift (``SHIFTS``, up to ``SHIFT * POOL`` pixels each way), so a
tile a few millimetres off its square still lines up with one of them. A crop is centred on
its square, so a quarter turn of the piece is exactly ``np.rot90`` of the crop.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from numpy.lib.stride_tricks import as_strided

from .quick_stats import median

PX = 48  # top-down pixels per square
POOL = 2
CELL = PX // POOL  # 24 pooled pixels per square
CROP = 16  # a crop is CROP x CROP pooled pixels, centred on its square
OFF = (CELL - CROP) // 2
SHIFT = 1  # pooled pixels each way, round the grid and round where the paths say the tile is
SHIFTS: tuple[tuple[int, int], ...] = tuple(
    (dy, dx) for dy in range(-SHIFT, SHIFT + 1) for dx in range(-SHIFT, SHIFT + 1))
CENTRE = SHIFTS.index((0, 0))
DIM = CROP * CROP
INNER = CELL // 2  # the middle of a square, where plainness is measured
LOW_SIGMA = 5.0  # top-down pixels: what is slower than this is light, not art
FINE_SIGMA = 1.0
LCN_SIGMA = 8.0


@dataclass(frozen=True)
class Prepared:
    """One board's top-down view, ready for cropping."""

    rows: int
    cols: int
    detail: np.ndarray  # pooled high-pass image, contrast normalised (rows * CELL, cols * CELL)
    high: np.ndarray  # the same before contrast normalisation
    light: np.ndarray  # pooled low-pass image, the same size: brightness
    colour: np.ndarray  # (rows * cols, 3) mean BGR of every square (grey repeated)


def prepare(top: np.ndarray, rows: int, cols: int, grey: np.ndarray | None = None) -> Prepared:
    """``top`` is the warped board at ``PX`` a square, grey or BGR; ``grey`` its grey copy,
    when the caller has it already."""
    colour = np.asarray(square_means(top, rows, cols), np.float32).reshape(rows * cols, -1)
    if colour.shape[1] == 1:
        colour = np.repeat(colour, 3, axis=1)
    if grey is None:
        grey = top if top.ndim == 2 else cv2.cvtColor(top, cv2.COLOR_BGR2GRAY)
    size = (cols * CELL, rows * CELL)
    # Everything at the pooled size: four times fewer pixels to blur.
    g = cv2.resize(grey.astype(np.float32), size, interpolation=cv2.INTER_AREA)
    light = cv2.GaussianBlur(g, (0, 0), LOW_SIGMA / POOL)
    high = cv2.GaussianBlur(g, (0, 0), FINE_SIGMA / POOL) - light
    # Local contrast normalisation: glare or shade over part of a square scales its detail
    # there, which a correlation over the whole square would not forgive.
    local = np.sqrt(cv2.GaussianBlur(high * high, (0, 0), LCN_SIGMA / POOL))
    floor = 0.25 * float(median(local)) + 1.0
    detail = high / (local + floor)
    return Prepared(rows, cols, np.asarray(detail), np.asarray(high), np.asarray(light), colour)


def square_means(top: np.ndarray, rows: int, cols: int) -> np.ndarray:
    """Every square's mean colour, exactly as ``cv2.resize(top, (cols, rows),
    interpolation=cv2.INTER_AREA)`` gives it for a uint8 view of whole squares: OpenCV adds
    up each square's pixels (integers) and scales the sum by the float32 ``1 / area``,
    rounding half to even. Here the sums are OpenCV's row sums band by band: two to three
    times sooner than its resize (a fifth of a millisecond on a board, here)."""
    h, w = top.shape[:2]
    if (top.dtype != np.uint8 or h % rows or w % cols or h * w == 0
            or (h // rows) * (w // cols) * 255 >= 2 ** 24):  # (float32 sums stay exact)
        return np.asarray(cv2.resize(top, (cols, rows), interpolation=cv2.INTER_AREA))
    bh, bw = h // rows, w // cols
    flat = top.reshape(h, -1)
    ch = flat.shape[1] // w
    bands = np.stack([cv2.reduce(flat[k * bh:(k + 1) * bh], 0, cv2.REDUCE_SUM,
                                 dtype=cv2.CV_32S)[0] for k in range(rows)])
    sums = bands.reshape(rows, cols, bw, ch).sum(axis=2, dtype=np.int32)
    scale = np.float32(1.0) / np.float32(bh * bw)
    means = np.rint(sums.astype(np.float32) * scale).astype(np.uint8)
    return np.asarray(means if top.ndim == 3 else means.reshape(rows, cols))


def _origins(rows: int, cols: int, squares: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    idx = np.arange(rows * cols) if squares is None else np.asarray(squares)
    return (idx // cols) * CELL + OFF, (idx % cols) * CELL + OFF


def crops(prep: Prepared, squares: np.ndarray | None = None,
          shifts: tuple[tuple[int, int], ...] = SHIFTS,
          offsets: np.ndarray | None = None) -> np.ndarray:
    """Raw crops: (n squares, n shifts, CROP, CROP) float32. ``offsets`` (n, 2) moves each
    square's crops by (dx, dy) top-down pixels (where the tile was found to lie)."""
    ys, xs = places(prep, squares, shifts, offsets)
    return crops_at(prep, ys, xs)


def places(prep: Prepared, squares: np.ndarray | None = None,
           shifts: tuple[tuple[int, int], ...] = SHIFTS,
           offsets: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Where :func:`crops` cuts: the top-left pooled pixel (y, x) of every crop, each
    (n squares, n shifts)."""
    y0, x0 = _origins(prep.rows, prep.cols, squares)
    if offsets is not None:
        x0 = x0 + np.rint(offsets[:, 0] / POOL).astype(int)
        y0 = y0 + np.rint(offsets[:, 1] / POOL).astype(int)
    sh = np.array(shifts)
    h, w = prep.detail.shape
    ys = np.clip(y0[:, None] + sh[None, :, 0], 0, h - CROP)
    xs = np.clip(x0[:, None] + sh[None, :, 1], 0, w - CROP)
    return ys, xs


def crops_at(prep: Prepared, ys: np.ndarray, xs: np.ndarray) -> np.ndarray:
    """The crops whose top-left pooled pixels are (``ys``, ``xs``): (*ys.shape, CROP, CROP)."""
    return np.asarray(windows(prep.detail, CROP)[ys, xs], np.float32)


def plainness(prep: Prepared, squares: np.ndarray | None = None) -> np.ndarray:
    """How much detail each square's centred crop holds: its standard deviation before
    contrast normalisation over its brightness (the same in any light): (n,)."""
    # Only the middle half: a neighbour's edge, slipped towards this square, must not count.
    m = (CROP - INNER) // 2
    high = _blocks(prep.high, prep.rows, prep.cols, squares, m)
    light = _blocks(prep.light, prep.rows, prep.cols, squares, m)
    return np.asarray(high.std(axis=(1, 2)) / np.maximum(light.mean(axis=(1, 2)), 1.0),
                      np.float32)


def _blocks(img: np.ndarray, rows: int, cols: int, squares: np.ndarray | None,
            inset: int) -> np.ndarray:
    """The middle INNER x INNER pooled pixels of each square: (n, INNER, INNER)."""
    y0, x0 = _origins(rows, cols, squares)
    return np.asarray(windows(img, INNER)[y0 + inset, x0 + inset])


def windows(img: np.ndarray, k: int) -> np.ndarray:
    """Every k x k window of a 2-d image, (h - k + 1, w - k + 1, k, k), read-only: the view
    ``sliding_window_view`` gives, without its checks (tens of microseconds a call)."""
    h, w = img.shape
    s0, s1 = img.strides
    return as_strided(img, (h - k + 1, w - k + 1, k, k), (s0, s1, s0, s1), writeable=False)


def brightness(prep: Prepared, squares: np.ndarray | None = None) -> np.ndarray:
    """Mean brightness of each square's centred crop: (n,)."""
    y0, x0 = _origins(prep.rows, prep.cols, squares)
    return np.array([float(prep.light[y:y + CROP, x:x + CROP].mean())
                     for y, x in zip(y0, x0, strict=True)], np.float32)


def unit(raw: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Zero-mean unit-length vectors of crops (..., CROP, CROP) -> (..., DIM), and each
    crop's standard deviation."""
    flat = raw.reshape(*raw.shape[:-2], DIM).astype(np.float32)
    centred = flat - flat.mean(axis=-1, keepdims=True)
    norm = np.linalg.norm(centred, axis=-1, keepdims=True)
    return centred / np.maximum(norm, 1e-6), norm[..., 0] / np.sqrt(DIM)


def turned(raw: np.ndarray, quarter_turns: int) -> np.ndarray:
    """The crop of the same piece turned clockwise by quarter turns."""
    return np.rot90(raw, k=-quarter_turns, axes=(-2, -1))


def steady_crop(top: np.ndarray, rows: int, cols: int, square_index: int,
                offset: tuple[float, float] = (0.0, 0.0),
                angles: tuple[float, ...] = (-2.0, 0.0, 2.0), turn: float = 0.0) -> np.ndarray:
    """A taught square's crop, averaged over small turns of the whole view about the square's
    centre (a piece laid a degree or two askew still matches), each added to ``turn`` (the
    turn that sets the piece straight, :mod:`vision.teach_turn`): (CROP, CROP)."""
    r, c = divmod(square_index, cols)
    centre = ((c + 0.5) * PX + offset[0], (r + 0.5) * PX + offset[1])
    at = np.array([offset], np.float32)
    acc = np.zeros((CROP, CROP), np.float32)
    for angle in angles:
        m = cv2.getRotationMatrix2D(centre, angle + turn, 1.0)
        view = cv2.warpAffine(top, m, (top.shape[1], top.shape[0]), flags=cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_REPLICATE)
        prep = prepare(view, rows, cols)
        acc += crops(prep, np.array([square_index]), ((0, 0),), at)[0, 0]
    return acc / len(angles)
