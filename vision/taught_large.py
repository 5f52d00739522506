"""Taught pieces kept at the camera's own scale (issue 9, taught boards only).

The finer look (:mod:`vision.read_fine`) compares squares at the top-down view's 48 pixels a
square, but the benchmark's frames (880x660) hold a square at 53-75 pixels, and so do the
teach photos: warped down to 48 and band-passed, the crossing in which two near twins
differ is blurred into a few pixels. Here each taught tile keeps a crop of its teach photo
warped straight from the photo at :data:`LARGE` pixels a square (grey, band-passed, as
float16 in the profile), and a square still open between near twins is warped straight
from the game frame at the same scale, so the two are compared at (about) the camera's own
resolution: what :mod:`vision.taught_twin_pixels` does at 48 pixels, here at LARGE.

A profile taught before these crops were kept has none (:class:`LargeLooks` is then None)
and reads as it did.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from .features import grid_to_top
from .read_features import PX, turned
from .read_fine import turned_views

LARGE = 72  # pixels a square: about the frames' own scale (53-75 measured), not beyond
SCALE = LARGE / PX
SOURCE = 84  # side of a taught crop (read_fine.SOURCE, 56, at this scale): room to turn it
FINE = 60  # side of a look after turning (read_fine.FINE, 40, at this scale)
SEARCH = 6  # pixels each way (read_fine.SEARCH, 4, at this scale)
PATCH = FINE + 2 * SEARCH
ANGLES: tuple[float, ...] = (-4.0, -2.0, 0.0, 2.0, 4.0)
FINE_SIGMA = 1.0  # pixels at LARGE: the detail the frame holds is kept
LOW_SIGMA = 6.0 * SCALE
LCN_SIGMA = 8.0 * SCALE
CONTEXT = 36  # pixels round a crop that its band-pass sees


def band(grey: np.ndarray) -> np.ndarray:
    """A crop band-passed and contrast-normalised (read_fine.band at this scale)."""
    g = grey.astype(np.float32)
    high = cv2.GaussianBlur(g, (0, 0), FINE_SIGMA) - cv2.GaussianBlur(g, (0, 0), LOW_SIGMA)
    local = np.sqrt(cv2.GaussianBlur(high * high, (0, 0), LCN_SIGMA))
    floor = 0.25 * float(local.mean()) + 1.0
    return np.asarray(high / (local + floor), np.float32)


def warp_square(frame: np.ndarray, homography: np.ndarray, cols: int, index: int, size: int,
                offset: tuple[float, float] = (0.0, 0.0), turn: float = 0.0) -> np.ndarray:
    """A ``size`` square band-passed crop at LARGE pixels a square, warped straight from
    ``frame`` (the photo, colour or grey; ``homography`` maps board grid units to it),
    centred on square ``index`` moved by ``offset`` (dx, dy in top-down pixels, PX a
    square) and turned about its centre by ``turn`` degrees (``cv2.getRotationMatrix2D``'s
    sense: a taught tile set straight, :mod:`vision.teach_turn`)."""
    r, c = divmod(index, cols)
    side = size + 2 * CONTEXT
    x0 = (c + 0.5) * LARGE + offset[0] * SCALE - side / 2
    y0 = (r + 0.5) * LARGE + offset[1] * SCALE - side / 2
    shift = np.array([[1.0, 0.0, x0], [0.0, 1.0, y0], [0.0, 0.0, 1.0]])
    if turn:
        # the crop's pixels come from where the turn's inverse puts them
        rot = np.vstack([cv2.getRotationMatrix2D((side / 2, side / 2), turn, 1.0), [0, 0, 1]])
        shift = shift @ np.linalg.inv(rot)
    m = homography @ np.linalg.inv(grid_to_top(LARGE)) @ shift
    region = cv2.warpPerspective(frame, m, (side, side),
                                 flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                 borderMode=cv2.BORDER_REPLICATE)
    if region.ndim == 3:
        region = cv2.cvtColor(region, cv2.COLOR_BGR2GRAY)
    return np.ascontiguousarray(band(region)[CONTEXT:CONTEXT + size, CONTEXT:CONTEXT + size])


@dataclass(frozen=True)
class Frame:
    """The photo a board was read from: the image (colour or grey), the homography from
    board grid units to it, and the board's columns."""

    image: np.ndarray
    homography: np.ndarray
    cols: int

    def square(self, index: int, size: int = PATCH) -> np.ndarray:
        """Square ``index`` warped from the photo at LARGE pixels a square (warp_square)."""
        return warp_square(self.image, self.homography, self.cols, index, size)


@dataclass
class LargeLooks:
    """The taught tiles' crops at LARGE pixels a square, one per showing, as it lay."""

    taught_labels: list[str]
    taught_crops: np.ndarray  # (t, SOURCE, SOURCE) float32, band-passed
    turn: Callable[[str, int], str]  # names a label turned k quarters
    _rows: dict[str, list[tuple[int, int]]] = field(default_factory=dict, repr=False)
    _looks: dict[tuple[int, int], np.ndarray] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for t, label in enumerate(self.taught_labels):
            for k in range(4):
                self._rows.setdefault(self.turn(label, k), []).append((t, k))

    def __contains__(self, label: object) -> bool:
        return label in self._rows

    def looks(self, label: str) -> list[tuple[int, int]]:
        """``label``'s showings: (taught crop, quarter turns)."""
        return self._rows.get(label, [])

    def turned(self, row: tuple[int, int]) -> np.ndarray:
        """A showing turned by every angle of ANGLES and cut to FINE: (angles, FINE, FINE)."""
        got = self._looks.get(row)
        if got is None:
            src = np.ascontiguousarray(turned(self.taught_crops[row[0]], row[1]))
            got = self._looks[row] = turned_views(src, ANGLES, FINE)
        return got

    def placed(self, patch: np.ndarray, label: str
               ) -> tuple[float, tuple[np.ndarray, np.ndarray]] | None:
        """``label``'s look where and as turned as it fits ``patch`` (PATCH square) best,
        over its showings: (the correlation, (canvas, covered)); None if never taught."""
        best: tuple[float, int, int, tuple[int, int]] | None = None
        for row in self.looks(label):
            for a, look in enumerate(self.turned(row)):
                res = cv2.matchTemplate(patch, look, cv2.TM_CCOEFF_NORMED)
                _, v, _, (x, y) = cv2.minMaxLoc(res)
                if best is None or v > best[0]:
                    best = (float(v), x * 1000 + y, a, row)
        if best is None:
            return None
        v, xy, a, row = best
        x, y = divmod(xy, 1000)
        canvas = np.zeros((PATCH, PATCH), np.float32)
        covered = np.zeros((PATCH, PATCH), bool)
        canvas[y:y + FINE, x:x + FINE] = self.turned(row)[a]
        covered[y:y + FINE, x:x + FINE] = True
        return v, (canvas, covered)


def large_arrays(looks: LargeLooks | None) -> dict[str, np.ndarray]:
    """What a profile saves of the large crops (nothing when there are none)."""
    if looks is None:
        return {}
    return {"large_labels": np.array(looks.taught_labels),
            "large_crops": looks.taught_crops.astype(np.float16)}


def from_samples(samples: Sequence[tuple[str, np.ndarray]],
                 turn: Callable[[str, int], str]) -> LargeLooks | None:
    """The large looks of a lesson's samples (label, SOURCE crop); None for none."""
    if not samples:
        return None
    crops = np.asarray([c for _, c in samples], np.float32).reshape(-1, SOURCE, SOURCE)
    return LargeLooks([lb for lb, _ in samples], crops, turn)


SHARE = 0.2  # the share of the pixels both looks cover where they differ most
BLUR = 1.5 * SCALE  # the difference is blurred before the mask is drawn


def lead(patch: np.ndarray, a: tuple[np.ndarray, np.ndarray],
         b: tuple[np.ndarray, np.ndarray], blur: float = BLUR) -> float:
    """How much better ``patch`` correlates with placed look ``a`` than with ``b`` on the
    pixels where the two differ most (:func:`difference`); ``blur`` in pixels at the
    scale of the looks (taught_twin_pixels uses it at 48 pixels a square)."""
    mask = difference(a, b, blur)
    p = patch[mask]
    p = p - p.mean()
    return _corr(p, a[0][mask]) - _corr(p, b[0][mask])


def difference(a: tuple[np.ndarray, np.ndarray], b: tuple[np.ndarray, np.ndarray],
               blur: float = BLUR) -> np.ndarray:
    """The pixels where two placed looks (canvas, covered) differ most: :data:`SHARE` of
    those both cover, the difference blurred by ``blur`` pixels first (a mask)."""
    both = a[1] & b[1]
    diff = cv2.GaussianBlur(np.abs(a[0] - b[0]), (0, 0), blur)
    inside = diff[both]
    k = int(len(inside) * (1.0 - SHARE))
    return np.asarray(both & (diff >= np.partition(inside, k)[k]))


def _corr(p: np.ndarray, t: np.ndarray) -> float:
    t = t - t.mean()
    return float(p @ t / max(float(np.linalg.norm(p) * np.linalg.norm(t)), 1e-9))
