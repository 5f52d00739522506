"""A big die face for the table: gold or blue, pips readable across the table.

The short roll animation flickers random faces for show only; the value it lands on
always comes from the Session (virtual dice) or from the players (physical dice).
"""

from __future__ import annotations

import random

from kivy.clock import Clock
from kivy.graphics import Color, Ellipse, Line, RoundedRectangle
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.widget import Widget

from ui.memory import clear_canvas

PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.73), (0.73, 0.27)),
    3: ((0.27, 0.73), (0.5, 0.5), (0.73, 0.27)),
    4: ((0.27, 0.27), (0.27, 0.73), (0.73, 0.27), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.27, 0.73), (0.5, 0.5), (0.73, 0.27), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.27, 0.5), (0.27, 0.75), (0.73, 0.25), (0.73, 0.5), (0.73, 0.75)),
}
FACES = {
    "gold": ((0.93, 0.72, 0.14, 1), (0.12, 0.08, 0.0, 1)),
    "blue": ((0.12, 0.36, 0.85, 1), (1, 1, 1, 1)),
    "white": ((0.95, 0.95, 0.95, 1), (0.05, 0.05, 0.05, 1)),
}


class DieFace(Widget):
    value = NumericProperty(0)
    """0 draws a blank face (no roll yet)."""
    colour = StringProperty("gold")
    rolling = BooleanProperty(False)
    shown = NumericProperty(0)
    outline = ListProperty([1, 1, 1, 0.9])

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._anim = None
        self._ticks = 0
        self.bind(pos=self._draw, size=self._draw, shown=self._draw, colour=self._draw)
        self.bind(value=self._on_value)

    def _on_value(self, *_: object) -> None:
        if not self.rolling:
            self.shown = self.value

    def roll_to(self, value: int, duration: float = 0.6) -> None:
        """Flicker for ``duration`` seconds, then show ``value``."""
        if self._anim is not None:
            self._anim.cancel()
        if duration <= 0:
            self.rolling = False
            self.value = value
            self.shown = value
            return
        self.rolling = True
        self._ticks = max(1, int(duration / 0.06))
        self._target = value

        def step(_dt: float) -> bool:
            self._ticks -= 1
            if self._ticks <= 0:
                self.rolling = False
                self.value = self._target
                self.shown = self._target
                return False
            self.shown = random.randint(1, 6)  # show only: the value comes from the Session
            return True

        self._anim = Clock.schedule_interval(step, 0.06)

    def _draw(self, *_: object) -> None:
        clear_canvas(self.canvas)
        side = min(self.width, self.height)
        x = self.x + (self.width - side) / 2
        y = self.y + (self.height - side) / 2
        body, pip = FACES.get(self.colour, FACES["white"])
        with self.canvas:
            Color(*body)
            RoundedRectangle(pos=(x, y), size=(side, side), radius=[side * 0.16])
            Color(*self.outline)
            Line(rounded_rectangle=(x, y, side, side, side * 0.16), width=max(1.5, side * 0.02))
            Color(*pip)
            r = side * 0.085
            for px, py in PIPS.get(int(self.shown), ()):
                Ellipse(pos=(x + px * side - r, y + py * side - r), size=(2 * r, 2 * r))
