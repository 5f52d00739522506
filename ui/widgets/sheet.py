"""A camera setup teaching sheet: the board view, with the Veterans of the Seas pieces the
sheet asks for drawn on their squares (:class:`ui.teach_sheets.SheetPicture`).

The table screen draws these pieces only as a game places them (one gold tsunami on the
board, its blue partner beyond the edge); a sheet lays both tsunami, the uzushio and a
portal side by side, each facing north, so they are drawn here, in the table screen's
colours, each with the arrow the owner turns the real piece by.
"""

from __future__ import annotations

from kivy.graphics import Color, Line, Rectangle, Triangle

from companion.core.board import Side, Square
from ui.camera import VetMark

from .board import TSUNAMI_BLUE, TSUNAMI_GOLD, UZUSHIO, BoardView
from .geometry import OUTWARD

MARK = (1.0, 0.95, 0.9, 1)


class SheetView(BoardView):
    def redraw(self, *args: object) -> None:
        super().redraw(*args)
        frame = self._frame()
        marks = getattr(self.picture, "veterans", None)
        if frame is None or not marks:
            return
        ox, top, cell, _ = frame
        with self.canvas:
            for sq, mark in marks.items():
                self._vet(sq, mark, ox, top, cell)

    def _vet(self, sq: Square, mark: VetMark, ox: float, top: float, cell: float) -> None:
        x0, y0 = ox + (sq.col - 1) * cell, top - sq.row * cell
        cx, cy = x0 + cell / 2, y0 + cell / 2
        width = max(1.0, cell * 0.025)
        if mark.kind == "portal":
            self._portal(sq, ox, top, cell)
            return
        ground = UZUSHIO if mark.kind == "uzushio" else (
            TSUNAMI_GOLD if mark.arrow == "gold" else TSUNAMI_BLUE)
        Color(*ground)
        Rectangle(pos=(x0 + cell * 0.03, y0 + cell * 0.03), size=(cell * 0.94, cell * 0.94))
        Color(*MARK)
        if mark.kind == "uzushio":  # a whirlpool: rings round the hub the arrow leaves
            for k in (0.14, 0.26):
                Line(circle=(cx, cy, cell * k), width=width)
        else:  # waves along the tail
            for k in (-0.30, -0.40):
                bx, by = _along(mark.facing, k * cell)
                px, py = _across(mark.facing, 0.36 * cell)
                Line(points=[cx + bx - px, cy + by - py, cx + bx + px, cy + by + py],
                     width=width)
        tip = _along(mark.facing, 0.42 * cell)
        base = _along(mark.facing, 0.08 * cell)
        px, py = _across(mark.facing, 0.2 * cell)
        Triangle(points=[cx + tip[0], cy + tip[1], cx + base[0] + px, cy + base[1] + py,
                         cx + base[0] - px, cy + base[1] - py])


def _along(facing: Side, by: float) -> tuple[float, float]:
    """``by`` pixels toward the side the piece faces, in screen space (y up)."""
    ux, uy = OUTWARD[facing]
    return ux * by, -uy * by


def _across(facing: Side, by: float) -> tuple[float, float]:
    dx, dy = _along(facing, by)
    return -dy, dx

