"""Where the eight points of a square lie, in unit coordinates with y pointing down."""

from __future__ import annotations

from companion.core.board import INWARD, POINT_UV, Point, Side

OUTWARD: dict[Side, tuple[float, float]] = {
    Side.NORTH: (0, -1), Side.EAST: (1, 0), Side.SOUTH: (0, 1), Side.WEST: (-1, 0)
}


WAKE_LINE = {"bezier_precision": 24, "joint": "bevel", "cap": "round", "cap_precision": 4}
"""How a wake's Bezier line is built: Kivy's defaults (180 segments, each joint rounded with
10 more) make thousands of vertices per wake, about 0.4 MB of vertex buffers per tile on
the board; 24 segments with bevelled joints look the same at these sizes."""


def path_control(a: int, b: int, bend: float = 0.42) -> list[tuple[float, float]]:
    """The four Bezier control points of the wake joining points a and b (unit square)."""
    ax, ay = POINT_UV[a]
    bx, by = POINT_UV[b]
    nax, nay = INWARD[a // 2]
    nbx, nby = INWARD[b // 2]
    return [(ax, ay), (ax + nax * bend, ay + nay * bend), (bx + nbx * bend, by + nby * bend),
            (bx, by)]


def point_on_board(point: Point) -> tuple[float, float]:
    """A point's position in board units: column and row from the top-left, y down."""
    x, y = POINT_UV[point.point]
    return point.square.col - 1 + x, point.square.row - 1 + y
