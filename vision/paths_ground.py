"""The colours a set's tiles are printed in, as evidence that a square holds no tile (issue 9).

All tiles of one set share their ground and path colours (the texture varies from copy to
copy, its colours hardly do), while board art varies square by square: dark background,
strokes of other colours. So the pixels of the tiles read surely, taken together, say which
colours a tile can show at all; a square most of whose pixels show colours no sure tile
shows holds no tile of this set (it is bare, a daikaiju or a hand: the caller tells these
apart). Colours are chromaticity and log brightness, so light that changes slowly over the
board moves them little; each square is looked at inside a margin that keeps out the gap
between tiles, the grid line and a neighbour slipped towards it.
"""

from __future__ import annotations

import cv2
import numpy as np

from .read_features import PX

CELL = PX // 4  # pooled pixels a square (colours change slowly: 64 pixels a square suffice)
INSET = 2  # pooled pixels left out at each side of a square
BINS = 8  # per feature: blue share, green share, log brightness
RANGE = (1.0, 99.0)  # percentiles of the sure tiles' pixels that span the bins
RARE = 0.2  # a colour whose share among sure tiles' pixels is below RARE / BINS**3 is foreign
LEAST_SURE = 4  # sure tiles needed to say anything
TEXTURE_SIGMA = 2.0  # top-down pixels: the fine detail of a tile's texture, and its reach
SMOOTH_Q = 5.0  # percentile of the sure tiles' fine detail below which a pixel is smooth


class Ground:
    """One board's top-down view (BGR or grey, ``PX`` a square) as the colours and the fine
    detail of every square's inner pixels, each worked out once, when first asked for."""

    def __init__(self, top: np.ndarray, rows: int, cols: int) -> None:
        self.top, self.rows, self.cols = top, rows, cols
        self._colours: np.ndarray | None = None
        self._detail: np.ndarray | None = None

    def _inner(self, img: np.ndarray) -> np.ndarray:
        """(rows * cols, pixels, channels) of an image at ``CELL`` a square: the inner ones."""
        rows, cols = self.rows, self.cols
        small = img.reshape(rows, CELL, cols, CELL, -1)
        inner = small[:, INSET:CELL - INSET, :, INSET:CELL - INSET]
        return np.asarray(inner.transpose(0, 2, 1, 3, 4).reshape(rows * cols, -1,
                                                                  small.shape[-1]))

    def colours(self) -> np.ndarray:
        """(rows * cols, pixels, 3): blue share, green share and log brightness."""
        if self._colours is None:
            top = self.top
            img = top if top.ndim == 3 else np.repeat(top[:, :, None], 3, axis=2)
            small = cv2.resize(img, (self.cols * CELL, self.rows * CELL),
                               interpolation=cv2.INTER_AREA)
            inner = self._inner(np.asarray(small, np.float32))
            total = inner.sum(axis=-1) + 3.0
            self._colours = np.stack([inner[..., 0] / total, inner[..., 1] / total,
                                      np.log(total)], axis=-1)
        return self._colours

    def detail(self) -> np.ndarray:
        """(rows * cols, pixels): fine detail in units of the local brightness, worked out at
        half size (a tile's texture still shows there, at a quarter of the cost)."""
        if self._detail is None:
            top = self.top
            grey = top if top.ndim == 2 else cv2.cvtColor(top, cv2.COLOR_BGR2GRAY)
            half = cv2.resize(grey, (self.cols * PX // 2, self.rows * PX // 2),
                              interpolation=cv2.INTER_AREA).astype(np.float32)
            low = cv2.GaussianBlur(half, (0, 0), TEXTURE_SIGMA / 2)
            fine = cv2.GaussianBlur(np.abs(half - low) / (low + 10.0), (0, 0),
                                    TEXTURE_SIGMA / 2)
            small = cv2.resize(fine, (self.cols * CELL, self.rows * CELL),
                               interpolation=cv2.INTER_AREA)
            self._detail = self._inner(small)[..., 0]
        return self._detail


def smooth_share(ground: Ground, idx: np.ndarray, sure: np.ndarray) -> np.ndarray:
    """Per square of ``idx``: the share of its inner pixels smoother than all but ``SMOOTH_Q``
    of the sure tiles' pixels (fine detail in units of the local brightness): a set whose
    tiles are printed with a texture shows it on every tile, printed board art is smooth
    between its strokes. 0 everywhere with fewer than ``LEAST_SURE`` sure tiles.

    >>> rng = np.random.default_rng(1)
    >>> top = np.full((PX, 5 * PX, 3), 120, np.uint8)
    >>> top[:, :4 * PX] = rng.integers(60, 180, (PX, 4 * PX, 1))  # textured tiles ...
    >>> share = smooth_share(Ground(top, 1, 5), np.arange(5), np.arange(4))  # ... plain art
    >>> bool(share[:4].max() < 0.2), float(share[4])
    (True, 1.0)
    """
    idx, sure = np.asarray(idx), np.asarray(sure)
    if len(sure) < LEAST_SURE or len(idx) == 0:
        return np.zeros(len(idx))
    detail = ground.detail()
    line = float(np.percentile(detail[sure], SMOOTH_Q))
    return np.asarray((detail[idx] < line).mean(axis=1))


class _Bins:
    """Colour bins spanning the given pixels (``RANGE`` of them), ``BINS`` a feature."""

    def __init__(self, ref: np.ndarray) -> None:
        ref = np.sort(ref[::max(1, len(ref) // 1000)], axis=0)  # a thousand span the same
        at = (np.asarray(RANGE) / 100.0 * (len(ref) - 1)).round().astype(int)
        lo, hi = ref[at[0]], ref[at[1]]  # the percentiles, nearest rank (np.percentile is slow)
        self.lo, self.hi, self.width = lo, hi, np.maximum(hi - lo, 1e-6) / BINS

    def __call__(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Each pixel's bin (flat index) and whether it lies inside the span."""
        b = np.floor((x - self.lo) / self.width).astype(np.int64)
        inside = ((x >= self.lo) & (x <= self.hi)).all(axis=-1)  # the span's ends included
        b = np.clip(b, 0, BINS - 1)
        return (b[..., 0] * BINS + b[..., 1]) * BINS + b[..., 2], inside


def _common(bins: _Bins, ref: np.ndarray, x: np.ndarray) -> np.ndarray:
    """Whether each pixel of ``x`` has a colour at least ``RARE`` common among ``ref``."""
    ref_bins, ref_in = bins(ref.reshape(-1, 3))
    hist = np.bincount(ref_bins[ref_in], minlength=BINS**3).astype(np.float64)
    hist /= max(hist.sum(), 1.0)
    mine, inside = bins(x)
    return np.asarray(inside & (hist[mine] >= RARE / BINS**3))


def foreign_share(ground: Ground, idx: np.ndarray,
                  sure: np.ndarray, bare: np.ndarray | None = None,
                  want: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Per square of ``idx``: the share of its inner pixels whose colour the squares
    ``sure`` (board indices of tiles read surely) hardly show, and the share whose colour
    neither they nor the squares ``bare`` (board indices of squares without paths) farther
    than a neighbour away show: board art repeats its colours across the board, a hand
    (whose arm reaches over neighbouring squares) shows its own. Both 0 everywhere with
    fewer than ``LEAST_SURE`` sure tiles; the second 0 without ``bare``, and worked out only
    where ``want`` (a mask over ``idx``; all squares when None) or the first exceeds a half.

    >>> top = np.zeros((PX, 5 * PX, 3), np.uint8)
    >>> top[:, :4 * PX] = (40, 60, 130)  # four tiles of one colour ...
    >>> top[:, 4 * PX:] = (20, 20, 20)  # ... and dark art
    >>> foreign_share(Ground(top, 1, 5), np.arange(5), np.arange(4))[0].round(2).tolist()
    [0.0, 0.0, 0.0, 0.0, 1.0]
    """
    idx, sure = np.asarray(idx), np.asarray(sure)
    if len(sure) < LEAST_SURE or len(idx) == 0:
        return np.zeros(len(idx)), np.zeros(len(idx))
    feats, cols = ground.colours(), ground.cols
    tile_like = _common(_Bins(feats[sure].reshape(-1, 3)), feats[sure], feats[idx])
    foreign = 1.0 - tile_like.mean(axis=1)
    strange = np.zeros(len(idx))
    want = (foreign > 0.5) | (np.zeros(len(idx), bool) if want is None else want)
    if bare is None or len(bare) == 0 or not want.any():
        return foreign, strange
    bins = _Bins(feats.reshape(-1, 3))
    # every bare square's histogram once (one count over all of them); each asked square
    # adds up those farther than a neighbour
    bare = np.asarray(bare)
    where, inside = bins(feats)
    flat = np.where(inside[bare], where[bare] + BINS**3 * np.arange(len(bare))[:, None],
                    len(bare) * BINS**3)
    hists = np.bincount(flat.ravel(), minlength=len(bare) * BINS**3 + 1)[:-1]
    hists = hists.reshape(len(bare), BINS**3).astype(np.float32)
    far_of = ((np.abs(bare[None] // cols - idx[:, None] // cols) > 1)
              | (np.abs(bare[None] % cols - idx[:, None] % cols) > 1))
    far = far_of.astype(np.float32) @ hists  # (len(idx), bins)
    line = RARE / BINS**3 * np.maximum(far.sum(axis=1, keepdims=True), 1.0)
    common = np.take_along_axis(far, where[idx], axis=1) >= line
    strange = np.where(want & far_of.any(axis=1),
                       (~tile_like & ~(inside[idx] & common)).mean(axis=1), 0.0)
    return foreign, strange
