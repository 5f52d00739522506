"""Board geometry in grid units: one unit is the side of one square.

The grid occupies x in [0, cols] and y in [0, rows], x to the right and y downwards, so
square ``r{row}c{col}`` is the unit square whose top-left corner is ``(col - 1, row - 1)``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from companion.core.board import INWARD as SIDE_INWARD
from companion.core.board import POINT_UV, Point, Square

# Unit vector pointing into the square from each point's side.
INWARD: tuple[tuple[float, float], ...] = tuple(SIDE_INWARD[p // 2] for p in range(8))

MARKER_IDS = (0, 1, 2, 3)


def point_xy(point: Point) -> tuple[float, float]:
    """Where an edge point lies on the grid, in grid units."""
    u, v = POINT_UV[point.point]
    return (point.square.col - 1 + u, point.square.row - 1 + v)


def square_origin(square: Square) -> tuple[float, float]:
    return (float(square.col - 1), float(square.row - 1))


@dataclass(frozen=True)
class MarkerLayout:
    """Where each marker's four corners lie in grid units (ArUco corner order: the marker's
    own top-left, top-right, bottom-right, bottom-left)."""

    corners: dict[int, tuple[tuple[float, float], ...]]

    @classmethod
    def default(cls, rows: int, cols: int, side: float = 0.5) -> MarkerLayout:
        """docs/contracts.md 3: each marker half a square, diagonally off its grid corner, its
        nearest corner touching the grid's corner."""
        origins = {
            0: (-side, -side),
            1: (float(cols), -side),
            2: (float(cols), float(rows)),
            3: (-side, float(rows)),
        }
        return cls({i: _square_corners(x, y, side) for i, (x, y) in origins.items()})

    def array(self, marker_id: int) -> np.ndarray:
        return np.asarray(self.corners[marker_id], dtype=np.float32)

    def bounds(self) -> tuple[float, float, float, float]:
        """Smallest box holding every marker corner: (x0, y0, x1, y1)."""
        pts = np.concatenate([self.array(i) for i in self.corners])
        return (float(pts[:, 0].min()), float(pts[:, 1].min()),
                float(pts[:, 0].max()), float(pts[:, 1].max()))

    def to_json(self) -> dict[str, list[list[float]]]:
        return {str(i): [list(c) for c in cs] for i, cs in self.corners.items()}

    @classmethod
    def from_json(cls, data: dict[str, list[list[float]]]) -> MarkerLayout:
        corners: dict[int, tuple[tuple[float, float], ...]] = {}
        for key, cs in data.items():
            marker_id = int(key)
            if marker_id not in MARKER_IDS or len(cs) != 4:
                raise ValueError(f"marker {key}: need ids 0-3 with four corners each")
            corners[marker_id] = tuple((float(x), float(y)) for x, y in cs)
        if set(corners) != set(MARKER_IDS):
            raise ValueError("the marker layout must give all four markers 0-3")
        return cls(corners)


def _square_corners(x: float, y: float, side: float) -> tuple[tuple[float, float], ...]:
    return ((x, y), (x + side, y), (x + side, y + side), (x, y + side))
