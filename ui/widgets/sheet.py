"""A camera setup teaching sheet: the board view, with the Veterans of the Seas pieces the
sheet asks for drawn on their squares, and the tiles that are the second piece of a pair
the box holds marked "2", and each daikaiju named: its rotation number on a disc of its
arrow colour, as the real tile prints them (:class:`ui.teach_sheets.SheetPicture`).

The table screen draws these pieces only as a game places them (one gold tsunami on the
board, its blue partner beyond the edge); a sheet lays both tsunami, the uzushio and a
portal side by side, each facing north, so they are drawn here, in the table screen's
colours, each with the arrow the owner turns the real piece by.
"""

from __future__ import annotations

from kivy.graphics import Color, Ellipse, Line, Rectangle, Triangle

from companion.core.board import Side, Square
from ui.camera import VetMark

from .board import TSUNAMI_BLUE, TSUNAMI_GOLD, UZUSHIO, BoardView
from .geometry import OUTWARD

MARK = (1.0, 0.95, 0.9, 1)
OTHER = (1.0, 0.55, 0.1, 1)
"""The second piece of a pair: orange shows on the pale tile and on the dark sea."""


class SheetView(BoardView):
    def redraw(self, *args: object) -> None:
        super().redraw(*args)
        frame = self._frame()
        marks = getattr(self.picture, "veterans", None) or {}
        others: frozenset[Square] = getattr(self.picture, "others", frozenset())
        names: dict[Square, str] = getattr(self.picture, "kaiju_names", None) or {}
        if frame is None or not (marks or others or names):
            return
        ox, top, cell, _ = frame
        with self.canvas:
            for sq, mark in marks.items():
                self._vet(sq, mark, ox, top, cell)
            for sq in others:
                self._other(sq, ox, top, cell)
            for sq, name in names.items():
                self._kaiju_name(sq, name, ox, top, cell)

    def _kaiju_name(self, sq: Square, name: str, ox: float, top: float, cell: float) -> None:
        """Which daikaiju tile goes here ("3 blue"): its rotation number on a disc of its
        arrow colour, below the drawn arrow's hub (the arrow points the way it faces)."""
        number, _, colour = name.partition(" ")
        gold = colour == "gold"
        x0, y0 = ox + (sq.col - 1) * cell, top - sq.row * cell
        r = cell * 0.17
        cx, cy = x0 + cell / 2, y0 + r + cell * 0.05
        Color(*(TSUNAMI_GOLD if gold else TSUNAMI_BLUE))
        Ellipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r))
        ink = (0.1, 0.05, 0.0, 1) if gold else (1, 1, 1, 1)
        self._text(number, cx, cy, max(10, int(r * 1.7)), ink)

    def _other(self, sq: Square, ox: float, top: float, cell: float) -> None:
        """The second piece of a pair the box holds: an orange frame, and a "2" in the
        corner (where no path ends: they meet the edges a third of the way in)."""
        x0, y0 = ox + (sq.col - 1) * cell, top - sq.row * cell
        width = max(2.0, cell * 0.05)
        Color(*OTHER)
        Line(rectangle=(x0 + cell * 0.05, y0 + cell * 0.05, cell * 0.9, cell * 0.9), width=width)
        r = cell * 0.16
        cx, cy = x0 + cell - r - cell * 0.02, y0 + cell - r - cell * 0.02
        Ellipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r))
        self._text("2", cx, cy, max(10, int(r * 1.9)), (0.1, 0.05, 0.0, 1))

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

