"""The Rigadoon board drawn from a :class:`~ui.rigadoon.picture.BoardPicture`.

Terrain, islands with their symbols, maelstroms with the square they lead to, exits with
their island's symbol, start spaces, the compass, chests, ships (fleet colour, number and
0-3 mast pips), the wind template on the ship about to act (orange squares: any ship with
a mast; yellow rings: only with 3 masts) and, in a preview, where pieces arrive and leave.
Row and column numbers run along the top and the left, as the instructions name squares.
A touch on a square is passed to ``on_square`` (the screen sends it to the controller).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.uix.widget import Widget

from ui.memory import clear_canvas

from .picture import BoardPicture, Cell

TERRAIN_RGB = {
    "open": (0.2, 0.38, 0.56),
    "shallows": (0.82, 0.77, 0.58),
    "island": (0.5, 0.4, 0.26),
    "maelstrom": (0.33, 0.22, 0.42),
}
FLEET_RGB = {"blue": (0.15, 0.45, 0.95), "green": (0.15, 0.7, 0.25)}
CHEST_RGB = (0.95, 0.68, 0.1)
FLEETS = ("blue", "green")


class RigBoard(Widget):
    """Call :meth:`draw` with a picture; it is drawn again on every resize."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.picture: BoardPicture | None = None
        self.on_square: Callable[[str], Any] | None = None
        self._textures: dict[tuple[str, int, bool], Any] = {}
        self._drawn: tuple[float, ...] = ()
        # next frame, not at once: while a resize is dispatched, ``top`` and the like
        # can still hold the old layout (a board drawn 200 px low at 1280x720)
        from kivy.clock import Clock

        self._later = Clock.create_trigger(self._redraw, 0)
        self.bind(pos=self._later, size=self._later)

    def draw(self, picture: BoardPicture) -> None:
        """Draw ``picture``; the same picture at the same place is not drawn again (every
        redraw costs native graphics memory: see docs/app.md)."""
        if picture == self.picture and self._drawn == self._geometry():
            return
        self.picture = picture
        self._redraw()

    def _geometry(self) -> tuple[float, ...]:
        return (self.x, self.y, self.width, self.height)

    # ---- geometry ----------------------------------------------------------------------

    def _grid(self) -> tuple[float, float, float]:
        """Cell side and the grid's top-left corner (x, top y)."""
        p = self.picture
        rows, cols = (p.rows, p.cols) if p else (9, 9)
        margin = 0.45
        cell = min(self.width / (cols + margin), self.height / (rows + margin))
        x0 = self.x + (self.width - cell * (cols + margin)) / 2 + cell * margin
        top = self.y + self.height - (self.height - cell * (rows + margin)) / 2 - cell * margin
        return cell, x0, top

    def square_at(self, x: float, y: float) -> str:
        p = self.picture
        if p is None:
            return ""
        cell, x0, top = self._grid()
        c, r = int((x - x0) // cell), int((top - y) // cell)
        if 0 <= r < p.rows and 0 <= c < p.cols and x >= x0 and y <= top:
            return f"r{r + 1}c{c + 1}"
        return ""

    def on_touch_down(self, touch: Any) -> bool:
        if not self.collide_point(*touch.pos):
            return False
        name = self.square_at(*touch.pos)
        if name and self.on_square is not None:
            self.on_square(name)
            return True
        return False

    # ---- drawing -----------------------------------------------------------------------

    def _text(self, text: str, size: float, bold: bool = False) -> Any:
        key = (text, max(6, int(size)), bold)
        tex = self._textures.get(key)
        if tex is None:
            label = CoreLabel(text=text, font_size=key[1], bold=bold)
            label.refresh()
            tex = label.texture
            if len(self._textures) > 400:
                self._textures.clear()
            self._textures[key] = tex
        return tex

    def _label(self, text: str, cx: float, cy: float, size: float,
               rgb: tuple[float, float, float] = (1, 1, 1), bold: bool = False) -> None:
        tex = self._text(text, size, bold)
        w, h = tex.size
        Color(*rgb, 1)
        Rectangle(texture=tex, pos=(cx - w / 2, cy - h / 2), size=(w, h))

    def _redraw(self, *_a: Any) -> None:
        clear_canvas(self.canvas)
        self._drawn = self._geometry()
        p = self.picture
        if p is None:
            return
        cell, x0, top = self._grid()
        with self.canvas:
            for i in range(p.cols):
                self._label(str(i + 1), x0 + (i + 0.5) * cell, top + cell * 0.22, cell * 0.3)
            for i in range(p.rows):
                self._label(str(i + 1), x0 - cell * 0.22, top - (i + 0.5) * cell, cell * 0.3)
            for n, c in enumerate(p.cells):
                r, col = divmod(n, p.cols)
                self._cell(c, x0 + col * cell, top - (r + 1) * cell, cell)
            if p.preview:
                Color(1, 0.85, 0.2, 1)
                Line(rectangle=(x0, top - p.rows * cell, p.cols * cell, p.rows * cell),
                     width=max(1.5, cell * 0.04))

    def _cell(self, c: Cell, x: float, y: float, s: float) -> None:
        Color(*TERRAIN_RGB.get(c.terrain, (0.3, 0.3, 0.3)), 1)
        Rectangle(pos=(x + 1, y + 1), size=(s - 2, s - 2))
        cx, cy = x + s / 2, y + s / 2
        if c.start:
            Color(*FLEET_RGB[c.start], 0.9)
            Line(rectangle=(x + s * 0.08, y + s * 0.08, s * 0.84, s * 0.84),
                 width=max(1.0, s * 0.03), dash_length=4, dash_offset=3)
        if c.compass:
            Color(1, 1, 1, 0.55)
            Line(points=[cx, y + s * 0.12, cx, y + s * 0.88], width=max(1.0, s * 0.02))
            Line(points=[x + s * 0.12, cy, x + s * 0.88, cy], width=max(1.0, s * 0.02))
            self._label("N", cx, y + s * 0.86, s * 0.2, (1, 1, 1), True)
        if c.terrain == "maelstrom":
            Color(0.8, 0.75, 0.95, 0.8)
            for k in (0.38, 0.26, 0.14):
                Line(circle=(cx, cy + s * 0.06, s * k), width=max(1.0, s * 0.02))
            self._label("to " + c.to_exit, cx, y + s * 0.13, s * 0.22, (1, 1, 1), True)
        if c.island:
            self._label(c.island, cx, y + s * 0.8, s * 0.25, (1, 0.95, 0.8), True)
        if c.exit_of:
            self._label(c.exit_of, cx, y + s * 0.8, s * 0.24, (1, 0.9, 1), True)
            self._label("exit", cx, y + s * 0.58, s * 0.22, (1, 0.9, 1))
        if c.wind:
            if c.wind == "o":
                Color(1, 0.5, 0.0, 1)
                Line(rectangle=(x + s * 0.1, y + s * 0.1, s * 0.8, s * 0.8),
                     width=max(1.5, s * 0.06))
            else:
                Color(1, 0.92, 0.1, 0.95)
                Line(circle=(cx, cy, s * 0.36), width=max(1.5, s * 0.05))
        if c.chest:
            Color(0.3, 0.18, 0.05, 1)
            Rectangle(pos=(cx - s * 0.26, cy - s * 0.2), size=(s * 0.52, s * 0.4))
            Color(*CHEST_RGB, 1)
            Rectangle(pos=(cx - s * 0.23, cy - s * 0.17), size=(s * 0.46, s * 0.34))
        if c.ship >= 0:
            self._ship(c, cx, cy, s)
        if c.left:
            Color(1, 1, 1, 0.8)
            Line(circle=(cx, cy, s * 0.3), width=max(1.0, s * 0.025), dash_length=3,
                 dash_offset=3)
        if c.arrived:
            Color(1, 0.85, 0.2, 1)
            Line(rectangle=(x + 2, y + 2, s - 4, s - 4), width=max(1.5, s * 0.05))
        if c.holder and not c.selected:
            Color(1, 1, 1, 0.9)
            Line(circle=(cx, cy, s * 0.42), width=max(1.0, s * 0.03))
        if c.selected:
            Color(1, 1, 1, 1)
            Line(rectangle=(x + 2, y + 2, s - 4, s - 4), width=max(1.5, s * 0.05))

    def _ship(self, c: Cell, cx: float, cy: float, s: float) -> None:
        fleet = FLEETS[c.ship // 4]
        rad = s * (0.27 if c.chest else 0.33)
        Color(0.05, 0.05, 0.05, 1)
        Ellipse(pos=(cx - rad - 2, cy - rad - 2), size=(2 * rad + 4, 2 * rad + 4))
        Color(*FLEET_RGB[fleet], 1)
        Ellipse(pos=(cx - rad, cy - rad), size=(2 * rad, 2 * rad))
        self._label(str(c.ship % 4 + 1), cx, cy + s * 0.05, s * 0.3, (1, 1, 1), True)
        # one pip per mast still standing, three places so a lost mast shows as a gap
        w = s * 0.09
        for m in range(3):
            px = cx - s * 0.15 + m * s * 0.12
            py = cy - s * 0.2
            if m < c.masts:
                Color(1, 1, 1, 1)
                Rectangle(pos=(px, py), size=(w, w * 1.3))
            else:
                Color(0, 0, 0, 0.6)
                Line(rectangle=(px, py, w, w * 1.3), width=1)
