"""A second, finer look at the few squares the taught reader could not settle (issue 9).

Pieces laid by hand lie turned a degree or three each way, so a game photo's piece and its
teach photo differ by up to about six degrees: at the pooled size of
:mod:`vision.read_features` that blurs away exactly what tells two near-twin tiles apart
(which way two paths run through a crossing). Here a square is compared with its best few
candidates at full top-down resolution, over a small search of angle and position: each
taught piece's crop (cut where its path ends say it lies, not averaged over angles) is
turned by every angle of :data:`ANGLES` and matched by normalised correlation
(``cv2.matchTemplate``) over :data:`SEARCH` pixels each way.

Only a handful of squares a board get here, so the cost stays small.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from .read_features import PX, turned

SOURCE = 56  # side of a taught crop, top-down pixels: room to turn it
FINE = 40  # side of a template after turning (the tile without its outer rim)
SEARCH = 5  # pixels each way
ANGLES: tuple[float, ...] = (-6.0, -4.0, -2.0, 0.0, 2.0, 4.0, 6.0)
FINE_SIGMA = 1.0
LOW_SIGMA = 6.0
LCN_SIGMA = 8.0


def band(top: np.ndarray) -> np.ndarray:
    """The top-down view band-passed and contrast-normalised at full resolution: slow light
    changes out, thin paths kept (float32, the view's size)."""
    grey = top if top.ndim == 2 else cv2.cvtColor(top, cv2.COLOR_BGR2GRAY)
    g = grey.astype(np.float32)
    high = cv2.GaussianBlur(g, (0, 0), FINE_SIGMA) - cv2.GaussianBlur(g, (0, 0), LOW_SIGMA)
    local = np.sqrt(cv2.GaussianBlur(high * high, (0, 0), LCN_SIGMA))
    floor = 0.25 * float(np.median(local)) + 1.0
    return np.asarray(high / (local + floor), np.float32)


def cut(image: np.ndarray, cols: int, index: int, size: int,
        offset: tuple[float, float] = (0.0, 0.0)) -> np.ndarray:
    """A ``size`` x ``size`` crop centred on square ``index`` moved by ``offset`` (dx, dy)
    pixels; beyond the view, the view's edge repeated."""
    r, c = divmod(index, cols)
    cx = int(round((c + 0.5) * PX + offset[0]))
    cy = int(round((r + 0.5) * PX + offset[1]))
    h = size // 2
    y0, x0 = cy - h, cx - h
    pad = max(0, -y0, -x0, y0 + size - image.shape[0], x0 + size - image.shape[1])
    if pad:
        image = cv2.copyMakeBorder(image, pad, pad, pad, pad, cv2.BORDER_REPLICATE)
        y0, x0 = y0 + pad, x0 + pad
    return np.ascontiguousarray(image[y0:y0 + size, x0:x0 + size])


@dataclass
class FineModel:
    """Full-resolution crops of the taught pieces, one per label and showing."""

    labels: list[str]  # per crop, in every quarter turn
    crops: np.ndarray  # (n, SOURCE, SOURCE) float32, band-passed, centred on the piece
    _turned: dict[int, np.ndarray] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.rows_of: dict[str, list[int]] = {}
        for k, label in enumerate(self.labels):
            self.rows_of.setdefault(label, []).append(k)

    @classmethod
    def from_samples(cls, samples: Sequence[tuple[str, np.ndarray]],
                     turn: object) -> FineModel:
        """Every sample (label, SOURCE crop) in its four quarter turns; ``turn(label, k)``
        names the label turned ``k`` quarters."""
        labels: list[str] = []
        crops: list[np.ndarray] = []
        for label, crop in samples:
            for k in range(4):
                labels.append(turn(label, k))  # type: ignore[operator]
                crops.append(np.ascontiguousarray(turned(crop, k)))
        return cls(labels, np.asarray(crops, np.float32).reshape(-1, SOURCE, SOURCE))

    def templates(self, row: int) -> np.ndarray:
        """Crop ``row`` turned by every angle of :data:`ANGLES`, cut to FINE: (A, FINE, FINE)."""
        got = self._turned.get(row)
        if got is None:
            src = self.crops[row]
            centre = (SOURCE / 2 - 0.5, SOURCE / 2 - 0.5)
            m = (SOURCE - FINE) // 2
            out = []
            for angle in ANGLES:
                rot = cv2.getRotationMatrix2D(centre, angle, 1.0)
                view = cv2.warpAffine(src, rot, (SOURCE, SOURCE), flags=cv2.INTER_LINEAR,
                                      borderMode=cv2.BORDER_REPLICATE)
                out.append(view[m:m + FINE, m:m + FINE])
            got = np.ascontiguousarray(np.stack(out), np.float32)
            self._turned[row] = got
        return got

    def score(self, patch: np.ndarray, label: str) -> float:
        """The best correlation of ``patch`` (FINE + 2 SEARCH square) with the label's looks
        over every angle and shift; -1 for a label never taught."""
        best = -1.0
        for row in self.rows_of.get(label, ()):
            for tpl in self.templates(row):
                res = cv2.matchTemplate(patch, tpl, cv2.TM_CCOEFF_NORMED)
                best = max(best, float(res.max()))
        return best


PATCH = FINE + 2 * SEARCH
