"""Ship pieces: coloured tokens standing on edge points, found by colour.

Each point of the grid is looked at in a small disc; a point holds a ship when the disc's
colour (CIE Lab) is near one of the calibrated ship colours and far from the tile or board
under it. Colours are calibrated once per set from a photo with ships at known points.
"""

from __future__ import annotations

from collections.abc import Mapping

import cv2
import numpy as np

from companion.core.board import BoardProfile, Point, Square

from .errors import VisionError
from .geometry import point_xy
from .simulate import SHIP_COLOURS

PX = 24  # top-down pixels per square for colour sampling
RADIUS = 0.06  # sampled disc, in squares (a ship is about 0.2 across)


def _lab(bgr: tuple[int, int, int]) -> tuple[float, float, float]:
    px = np.array([[bgr]], np.uint8)
    lab = cv2.cvtColor(px, cv2.COLOR_BGR2LAB)[0, 0].astype(float)
    return (lab[0], lab[1], lab[2])


DEFAULT_COLOURS = {name: _lab(bgr) for name, bgr in SHIP_COLOURS.items()
                   if name not in ("white", "black")}
"""Chromatic colours only: white and black ships need calibrating on the real set."""


def board_points(board: BoardProfile) -> list[Point]:
    """Every distinct point of the grid, each named once (the square above or to the left
    gives way to the one below or to the right, except on the board's edge)."""
    out = []
    for sq in board.squares():
        for p in range(8):
            pt = Point(sq, p)
            other = pt.across()
            if board.contains(other.square) and other < pt:
                continue
            out.append(pt)
    return out


class ShipFinder:
    def __init__(self, board: BoardProfile,
                 colours: Mapping[str, tuple[float, float, float]] | None = None,
                 distance: float = 28.0) -> None:
        self.board = board
        self.colours = dict(colours or DEFAULT_COLOURS)
        if not self.colours:
            raise VisionError("no ship colours to look for")
        self.distance = distance
        self.points = board_points(board)
        xy = np.array([point_xy(p) for p in self.points], np.float32) * PX
        self._xy = np.round(xy).astype(int)
        self._names = list(self.colours)
        self._refs = np.array([self.colours[n] for n in self._names], np.float32)

    def _lab_at_points(self, frame: np.ndarray, homography: np.ndarray) -> np.ndarray:
        rows, cols = self.board.rows, self.board.cols
        pad = PX // 2
        shift = np.array([[1, 0, pad], [0, 1, pad], [0, 0, 1]], np.float64)
        to_top = shift @ np.diag([PX, PX, 1.0])
        m = homography @ np.linalg.inv(to_top)
        top = cv2.warpPerspective(frame, m, (cols * PX + 2 * pad, rows * PX + 2 * pad),
                                  flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP)
        r = max(1, int(RADIUS * PX))
        blurred = cv2.blur(top, (2 * r + 1, 2 * r + 1))
        samples = blurred[self._xy[:, 1] + pad, self._xy[:, 0] + pad]
        lab = cv2.cvtColor(samples[None].astype(np.uint8), cv2.COLOR_BGR2LAB)[0]
        return np.asarray(lab, np.float32)

    def find(self, frame: np.ndarray, homography: np.ndarray) -> dict[Point, str]:
        """Ships seen, by the point they stand on."""
        lab = self._lab_at_points(frame, homography)
        # Chroma matters most: light and shadow change L much more than a and b.
        w = np.array([0.5, 1.0, 1.0], np.float32)
        d = np.linalg.norm((lab[:, None, :] - self._refs[None, :, :]) * w, axis=2)
        best = d.argmin(axis=1)
        out: dict[Point, str] = {}
        for i, pt in enumerate(self.points):
            if d[i, best[i]] <= self.distance:
                out[pt] = self._names[best[i]]
        return out

    def calibrate(self, frame: np.ndarray, homography: np.ndarray,
                  ships: Mapping[Point, str]) -> dict[str, tuple[float, float, float]]:
        """Measure each named colour from ships standing at known points."""
        lab = self._lab_at_points(frame, homography)
        index = {p: i for i, p in enumerate(self.points)}
        seen: dict[str, list[np.ndarray]] = {}
        for pt, name in ships.items():
            key = pt if pt in index else pt.across()
            if key not in index:
                raise VisionError(f"{pt} is not a point of the {self.board.rows}x"
                                  f"{self.board.cols} board")
            seen.setdefault(name, []).append(lab[index[key]])
        measured = {n: tuple(float(x) for x in np.mean(v, axis=0)) for n, v in seen.items()}
        self.colours.update(measured)  # type: ignore[arg-type]
        self._names = list(self.colours)
        self._refs = np.array([self.colours[n] for n in self._names], np.float32)
        return measured  # type: ignore[return-value]


def square_points(square: Square) -> list[Point]:
    return [Point(square, p) for p in range(8)]
