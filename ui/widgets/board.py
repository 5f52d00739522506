"""The board as last read: tiles with their wakes, daikaiju with their facing, the ships.

It draws a :class:`ui.model.BoardPicture` and raises ``on_point`` when a start mark is
touched (ships are put on the board by touch); it decides nothing itself.
"""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle, Triangle
from kivy.properties import BooleanProperty, ObjectProperty
from kivy.uix.widget import Widget

from companion.core.board import Point, Side, Square
from ui.memory import clear_canvas
from ui.model import SHIP_RGB, BoardPicture

from .geometry import OUTWARD, WAKE_LINE, path_control, point_on_board

SEA = (0.05, 0.20, 0.33, 1)
TILE = (0.93, 0.88, 0.74, 1)
WAKE = (0.10, 0.25, 0.45, 1)
DAIKAIJU = (0.55, 0.10, 0.15, 1)
TARGET = (1.0, 0.85, 0.0, 1)
UZUSHIO = (0.10, 0.45, 0.55, 1)
TSUNAMI_GOLD = (0.85, 0.62, 0.10, 1)
TSUNAMI_BLUE = (0.20, 0.40, 0.90, 1)
PORTAL = (0.55, 0.25, 0.80, 1)

_LABELS: dict[tuple[str, int], Any] = {}
"""Textures of the dice numbers along the edges, by (text, font size): made once, not at
every redraw (a new GL texture per number per redraw churned the native heap)."""


def _label_texture(text: str, size: int) -> Any:
    tex = _LABELS.get((text, size))
    if tex is None:
        if len(_LABELS) > 256:  # sizes change only when the window is resized
            _LABELS.clear()
        label = CoreLabel(text=text, font_size=size, bold=True)
        label.refresh()
        tex = _LABELS[(text, size)] = label.texture
    return tex


class BoardView(Widget):
    picture = ObjectProperty(None, allownone=True)
    labels = BooleanProperty(True)
    """Draw the gold and blue dice numbers along the top and the left."""

    __events__ = ("on_point",)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        # pos, size and picture often change together, and several times between two
        # frames (a whole turn of actions): draw once, before the next frame
        self._redraw_trigger = Clock.create_trigger(self.redraw, -1)
        self.bind(pos=self._redraw_trigger, size=self._redraw_trigger,
                  picture=self._redraw_trigger)

    def on_point(self, point: Point) -> None:
        """A start mark was touched."""

    # --------------------------------------------------------------------- geometry

    def _frame(self) -> tuple[float, float, float, BoardPicture] | None:
        pic = self.picture
        if pic is None or self.width < 10 or self.height < 10:
            return None
        margin = 0.5 if self.labels else 0.25  # in squares, for labels and ships at the edge
        cell = min(self.width / (pic.cols + 2 * margin), self.height / (pic.rows + 2 * margin))
        ox = self.x + (self.width - cell * pic.cols) / 2
        top = self.y + (self.height + cell * pic.rows) / 2
        return ox, top, cell, pic

    def to_screen(self, bx: float, by: float) -> tuple[float, float]:
        frame = self._frame()
        assert frame is not None
        ox, top, cell, _ = frame
        return ox + bx * cell, top - by * cell

    # ---------------------------------------------------------------------- drawing

    def redraw(self, *_: object) -> None:
        self._redraw_trigger.cancel()
        clear_canvas(self.canvas)
        frame = self._frame()
        if frame is None:
            return
        ox, top, cell, pic = frame
        with self.canvas:
            Color(*SEA)
            Rectangle(pos=(ox, top - cell * pic.rows), size=(cell * pic.cols, cell * pic.rows))
            for r in range(1, pic.rows + 1):
                for c in range(1, pic.cols + 1):
                    self._square(Square(r, c), ox, top, cell, pic)
            Color(0.55, 0.70, 0.80, 1)
            for r in range(pic.rows + 1):
                Line(points=[ox, top - r * cell, ox + pic.cols * cell, top - r * cell], width=1)
            for c in range(pic.cols + 1):
                Line(points=[ox + c * cell, top, ox + c * cell, top - pic.rows * cell], width=1)
            if pic.portal is not None:
                self._portal(pic.portal, ox, top, cell)
            if pic.tsunami is not None:
                self._tsunami(ox, top, cell, pic)
            if pic.target is not None:
                x0, y0 = ox + (pic.target.col - 1) * cell, top - pic.target.row * cell
                Color(*TARGET)
                Line(rectangle=(x0 + 2, y0 + 2, cell - 4, cell - 4), width=max(2.0, cell * 0.06))
            if pic.land is not None:
                x0, y0 = ox + (pic.land.col - 1) * cell, top - pic.land.row * cell
                Color(*PORTAL)
                Line(rectangle=(x0 + 2, y0 + 2, cell - 4, cell - 4), width=max(2.0, cell * 0.06))
            Color(1, 1, 1, 1)
            for mark in pic.start_marks:
                x, y = self._mark(mark, pic)
                Ellipse(pos=(x - cell * 0.09, y - cell * 0.09), size=(cell * 0.18, cell * 0.18))
            for ship in pic.ships:
                if ship.point is None or not ship.alive:
                    continue
                self._ship(ship.point, ship.colour, ship.active, cell)
        if self.labels:
            self._labels(ox, top, cell, pic)

    def _square(self, sq: Square, ox: float, top: float, cell: float, pic: BoardPicture) -> None:
        x0, y0 = ox + (sq.col - 1) * cell, top - sq.row * cell
        pad = cell * 0.03
        if sq in pic.daikaiju:
            Color(*(UZUSHIO if sq in pic.uzushio else DAIKAIJU))
            Rectangle(pos=(x0 + pad, y0 + pad), size=(cell - 2 * pad, cell - 2 * pad))
            ux, uy = OUTWARD[Side(pic.daikaiju[sq])]
            dx, dy = ux, -uy  # screen space: y up
            cx, cy = x0 + cell / 2, y0 + cell / 2
            tip = (cx + dx * cell * 0.40, cy + dy * cell * 0.40)
            bx, by = cx - dx * cell * 0.02, cy - dy * cell * 0.02
            px, py = -dy * cell * 0.24, dx * cell * 0.24
            Color(1, 0.9, 0.85, 1)
            Triangle(points=[*tip, bx + px, by + py, bx - px, by - py])
            Ellipse(pos=(cx - cell * 0.12, cy - cell * 0.12), size=(cell * 0.24, cell * 0.24))
            if sq in pic.uzushio:  # a whirlpool: rings round the arrow's hub
                for k in (0.18, 0.28):
                    Line(circle=(cx, cy, cell * k), width=max(1.0, cell * 0.02))
            return
        tile = pic.tiles.get(sq)
        if tile is None:
            return
        Color(*TILE)
        Rectangle(pos=(x0 + pad, y0 + pad), size=(cell - 2 * pad, cell - 2 * pad))
        Color(*WAKE)
        for a, b in tile.pairs():
            pts: list[float] = []
            for ux, uy in path_control(a, b):
                pts += [x0 + ux * cell, y0 + cell - uy * cell]
            Line(bezier=pts, width=max(1.2, cell * 0.035), **WAKE_LINE)

    def _portal(self, sq: Square, ox: float, top: float, cell: float) -> None:
        x0, y0 = ox + (sq.col - 1) * cell, top - sq.row * cell
        Color(*PORTAL)
        Rectangle(pos=(x0 + cell * 0.03, y0 + cell * 0.03), size=(cell * 0.94, cell * 0.94))
        Color(0.95, 0.85, 1, 1)
        for k in (0.12, 0.24, 0.36):
            Line(circle=(x0 + cell / 2, y0 + cell / 2, cell * k), width=max(1.0, cell * 0.025))

    def _tsunami(self, ox: float, top: float, cell: float, pic: BoardPicture) -> None:
        """The gold tile with its arrow and the connecting number; the blue one, half size,
        beyond the edge it heads for."""
        t = pic.tsunami
        assert t is not None
        ux, uy = OUTWARD[t.heading]
        dx, dy = ux, -uy  # screen space: y up
        for sq, rgba, gold in ((t.square, TSUNAMI_GOLD, True), (t.blue, TSUNAMI_BLUE, False)):
            scale = 1.0 if gold else 0.5
            cx = ox + (sq.col - 0.5) * cell
            cy = top - (sq.row - 0.5) * cell
            if not gold:  # drawn in the margin, against the board's edge
                cx -= dx * cell * 0.25
                cy -= dy * cell * 0.25
            half = cell * 0.47 * scale
            Color(*rgba)
            Rectangle(pos=(cx - half, cy - half), size=(2 * half, 2 * half))
            Color(1, 1, 1, 1)
            sign = 1 if gold else -1  # the two arrows point at each other
            tip = (cx + sign * dx * half * 0.85, cy + sign * dy * half * 0.85)
            px, py = -dy * half * 0.45, dx * half * 0.45
            bx, by = cx + sign * dx * half * 0.25, cy + sign * dy * half * 0.25
            Triangle(points=[*tip, bx + px, by + py, bx - px, by - py])
        cx, cy = ox + (t.square.col - 0.5) * cell, top - (t.square.row - 0.5) * cell
        self._text(str(t.number), cx - dx * cell * 0.2, cy - dy * cell * 0.2,
                   max(10, int(cell * 0.38)), (0.1, 0.1, 0.1, 1))

    def _mark(self, point: Point, pic: BoardPicture) -> tuple[float, float]:
        """Where a start mark is drawn and touched: beyond the edge, or inside the square a
        ship comes out of a portal on."""
        return self._outside(point, -0.16 if pic.land is not None else 0.16)

    def _outside(self, point: Point, by: float) -> tuple[float, float]:
        bx, by_ = point_on_board(point)
        dx, dy = OUTWARD[point.side]
        return self.to_screen(bx + dx * by, by_ + dy * by)

    def _ship(self, point: Point, colour: str, active: bool, cell: float) -> None:
        x, y = self._outside(point, 0.0)
        r = cell * (0.17 if active else 0.13)
        if active:
            Color(1, 1, 1, 1)
            Ellipse(pos=(x - r - 3, y - r - 3), size=(2 * r + 6, 2 * r + 6))
        Color(*((0.85, 0.85, 0.85, 1) if colour == "black" else (0, 0, 0, 1)))
        Ellipse(pos=(x - r - 1.5, y - r - 1.5), size=(2 * r + 3, 2 * r + 3))
        Color(*SHIP_RGB.get(colour, (0.5, 0.5, 0.5)), 1)
        Ellipse(pos=(x - r, y - r), size=(2 * r, 2 * r))

    def _labels(self, ox: float, top: float, cell: float, pic: BoardPicture) -> None:
        size = max(10, int(cell * 0.3))
        with self.canvas:
            for face, col in enumerate(pic.gold_columns, 1):
                self._text(str(face), ox + (col - 0.5) * cell, top + cell * 0.25, size,
                           (0.98, 0.78, 0.2, 1))
            for face, row in enumerate(pic.blue_rows, 1):
                self._text(str(face), ox - cell * 0.25, top - (row - 0.5) * cell, size,
                           (0.45, 0.68, 1.0, 1))

    def _text(self, text: str, cx: float, cy: float, size: int,
              rgba: tuple[float, ...]) -> None:
        tex = _label_texture(text, size)
        Color(*rgba)
        Rectangle(texture=tex, pos=(cx - tex.width / 2, cy - tex.height / 2), size=tex.size)

    # ----------------------------------------------------------------------- touches

    def on_touch_down(self, touch: object) -> bool:
        pic = self.picture
        frame = self._frame()
        if pic is None or frame is None or not self.collide_point(*touch.pos):  # type: ignore[attr-defined]
            return bool(super().on_touch_down(touch))
        cell = frame[2]
        best, best_d = None, cell * 0.35
        for mark in pic.start_marks:
            x, y = self._mark(mark, pic)
            d = ((x - touch.pos[0]) ** 2 + (y - touch.pos[1]) ** 2) ** 0.5  # type: ignore[attr-defined]
            if d < best_d:
                best, best_d = mark, d
        if best is not None:
            self.dispatch("on_point", best)
            return True
        return bool(super().on_touch_down(touch))
