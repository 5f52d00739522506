"""A camera picture with what was found on it, and four dots the owner can drag.

The picture is shown whole (letterboxed); the markers seen are outlined in green, and
in calibration the grid's four corners are dots numbered 1-4 (top-left, top-right,
bottom-right, bottom-left) that follow a finger. Positions are kept in picture pixels,
so the calibration does not depend on the screen's size.
"""

from __future__ import annotations

from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.graphics.texture import Texture
from kivy.properties import BooleanProperty, ListProperty, ObjectProperty
from kivy.uix.widget import Widget

DOT_COLOURS = ((1, 0.3, 0.3), (1, 0.85, 0.2), (0.3, 0.8, 1), (0.8, 0.4, 1))


class PhotoView(Widget):
    photo = ObjectProperty(None, allownone=True)
    """A :class:`ui.wizard.Photo`, or None for an empty frame."""
    corners = ListProperty([])
    """Four [x, y] positions in picture pixels (empty: no dots)."""
    editable = BooleanProperty(False)

    _texture: Any = None
    _dragging: int | None = None

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(pos=self._redraw, size=self._redraw, corners=self._redraw,
                  editable=self._redraw)

    def on_photo(self, _w: Any, photo: Any) -> None:
        self._texture = None
        if photo is not None:
            frame = _bgr(photo.frame)
            h, w = frame.shape[:2]
            tex = Texture.create(size=(w, h), colorfmt="rgb")
            # Kivy textures start at the bottom row; cameras start at the top
            tex.blit_buffer(frame[::-1].tobytes(), colorfmt="bgr", bufferfmt="ubyte")
            self._texture = tex
        self._redraw()

    # ------------------------------------------------------------------- geometry

    def _fit(self) -> tuple[float, float, float]:
        """Scale and bottom-left offset of the letterboxed picture."""
        if self.photo is None:
            return 1.0, self.x, self.y
        w, h = self.photo.size
        scale = min(self.width / w, self.height / h) if w and h else 1.0
        ox = self.x + (self.width - w * scale) / 2
        oy = self.y + (self.height - h * scale) / 2
        return scale, ox, oy

    def to_screen(self, px: float, py: float) -> tuple[float, float]:
        scale, ox, oy = self._fit()
        h = self.photo.size[1] if self.photo is not None else 0
        return ox + px * scale, oy + (h - py) * scale

    def to_picture(self, x: float, y: float) -> tuple[float, float]:
        scale, ox, oy = self._fit()
        w, h = self.photo.size if self.photo is not None else (0, 0)
        px = min(max((x - ox) / scale, 0.0), float(w))
        py = min(max(h - (y - oy) / scale, 0.0), float(h))
        return px, py

    # --------------------------------------------------------------------- drawing

    def _redraw(self, *_: Any) -> None:
        self.canvas.clear()
        with self.canvas:
            Color(0.12, 0.13, 0.16, 1)
            Rectangle(pos=self.pos, size=self.size)
            if self.photo is None or self._texture is None:
                return
            scale, ox, oy = self._fit()
            w, h = self.photo.size
            Color(1, 1, 1, 1)
            Rectangle(texture=self._texture, pos=(ox, oy), size=(w * scale, h * scale))
            Color(0.2, 1, 0.3, 1)
            for quad in self.photo.markers.values():
                pts = [v for x, y in quad for v in self.to_screen(float(x), float(y))]
                Line(points=pts, close=True, width=1.5)
            if len(self.corners) == 4:
                outline = [v for x, y in self.corners for v in self.to_screen(x, y)]
                Color(1, 1, 1, 0.8)
                Line(points=outline, close=True, width=1.2)
                r = max(9.0, min(self.width, self.height) / 28)
                for n, (x, y) in enumerate(self.corners):
                    sx, sy = self.to_screen(x, y)
                    Color(*DOT_COLOURS[n], 0.9)
                    Ellipse(pos=(sx - r, sy - r), size=(2 * r, 2 * r))
                    label = CoreLabel(text=str(n + 1), font_size=r * 1.4, bold=True)
                    label.refresh()
                    Color(0, 0, 0, 1)
                    tw, th = label.texture.size
                    Rectangle(texture=label.texture, pos=(sx - tw / 2, sy - th / 2),
                              size=(tw, th))

    # ----------------------------------------------------------------------- touch

    def on_touch_down(self, touch: Any) -> bool:
        if not (self.editable and len(self.corners) == 4 and self.collide_point(*touch.pos)):
            return bool(super().on_touch_down(touch))
        # the nearest dot follows the finger, wherever on the picture it lands
        near = min(range(4), key=lambda i: _dist(self.to_screen(*self.corners[i]), touch.pos))
        self._dragging = near
        touch.grab(self)
        self._move(touch.pos)
        return True

    def on_touch_move(self, touch: Any) -> bool:
        if touch.grab_current is self and self._dragging is not None:
            self._move(touch.pos)
            return True
        return bool(super().on_touch_move(touch))

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is self:
            touch.ungrab(self)
            self._dragging = None
            return True
        return bool(super().on_touch_up(touch))

    def _move(self, pos: tuple[float, float]) -> None:
        if self._dragging is None:
            return
        corners = [list(c) for c in self.corners]
        corners[self._dragging] = list(self.to_picture(*pos))
        self.corners = corners


def _bgr(frame: Any) -> Any:
    """Three 8-bit channels, as the texture is filled: grey and BGRA frames converted
    (a texture takes a buffer of any length, so a wrong one shows garbage, not an error)."""
    import numpy as np

    a = np.asarray(frame)
    if a.dtype != np.uint8:
        a = np.clip(a, 0, 255).astype(np.uint8)
    if a.ndim == 2:
        a = np.repeat(a[:, :, None], 3, axis=2)
    elif a.ndim == 3 and a.shape[2] == 4:
        a = a[:, :, :3]
    elif a.ndim == 3 and a.shape[2] == 1:
        a = np.repeat(a, 3, axis=2)
    return np.ascontiguousarray(a)


def _dist(a: tuple[float, float], b: tuple[float, float]) -> float:
    return float(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5)
