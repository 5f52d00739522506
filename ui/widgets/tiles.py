"""A tile drawn small, touchable: the tile picker's and the hand picker's buttons."""

from __future__ import annotations

from kivy.graphics import Color, Line, Rectangle
from kivy.properties import BooleanProperty, ObjectProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.widget import Widget

from ui.memory import clear_canvas

from .geometry import WAKE_LINE, path_control


class TileThumb(ButtonBehavior, Widget):
    tile = ObjectProperty(None, allownone=True)
    selected = BooleanProperty(False)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, tile=self._draw, selected=self._draw,
                  state=self._draw)

    def _draw(self, *_: object) -> None:
        clear_canvas(self.canvas)
        side = min(self.width, self.height) * 0.92
        x0 = self.x + (self.width - side) / 2
        y0 = self.y + (self.height - side) / 2
        with self.canvas:
            if self.selected or self.state == "down":
                Color(1.0, 0.85, 0.0, 1)
                Rectangle(pos=(x0 - 4, y0 - 4), size=(side + 8, side + 8))
            Color(0.93, 0.88, 0.74, 1)
            Rectangle(pos=(x0, y0), size=(side, side))
            if self.tile is None:
                return
            Color(0.10, 0.25, 0.45, 1)
            for a, b in self.tile.pairs():
                pts: list[float] = []
                for ux, uy in path_control(a, b):
                    pts += [x0 + ux * side, y0 + side - uy * side]
                Line(bezier=pts, width=max(1.0, side * 0.04), **WAKE_LINE)
