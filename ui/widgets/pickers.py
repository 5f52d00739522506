"""Pop-ups for entry by touch: physical dice, a tile and its rotation, a hand.

They show choices and hand the choice to a callback; the rules are asked afterwards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from companion.tsuro.tiles import PATTERNS, Tile

from .tiles import TileThumb


class DicePopup(ModalView):
    """Enter the physical dice: gold and blue (``single`` for the daikaiju die)."""

    gold = NumericProperty(0)
    blue = NumericProperty(0)
    single = NumericProperty(0)
    mode = StringProperty("pair")
    on_done = ObjectProperty(None)

    def choose(self, colour: str, face: int) -> None:
        setattr(self, colour, face)
        if (self.mode == "single" and self.single) or (self.mode == "pair" and self.gold and self.blue):
            self.finish()

    def finish(self) -> None:
        done: Callable[..., Any] | None = self.on_done
        self.dismiss(animation=False)  # a fading pop-up would swallow the next touch
        if done is not None:
            if self.mode == "single":
                done(self.single)
            else:
                done(self.gold, self.blue)


class TilePicker(ModalView):
    """Pick a pattern, then the rotation it lies in; or, for a hand, several patterns."""

    title = StringProperty("Pick the tile")
    pattern = ObjectProperty(None, allownone=True)
    rotations = ListProperty([])
    wanted = NumericProperty(1)
    """How many tiles to pick (1 for a placement; the rest of the hand otherwise)."""
    picked = ListProperty([])
    hand = BooleanProperty(False)
    """Picking hand tiles (patterns only, any number) rather than one placement."""
    note = StringProperty("")
    """A line under the title (how the camera can read a hand instead)."""
    on_done = ObjectProperty(None)
    on_camera = ObjectProperty(None, allownone=True)
    """When set, a button asks the camera to read the tiles instead."""
    extras = ListProperty([])
    """(label, notation) of what may be laid instead of a wake tile (Veterans of the Seas:
    a mystic portal, a taihou fired at a daikaiju beside the square); ``on_extra`` gets
    the notation of the one touched."""
    on_extra = ObjectProperty(None, allownone=True)

    def on_kv_post(self, base_widget: Any) -> None:
        if self.extras:
            u = float(getattr(App.get_running_app(), "u", 1.0))
            row = BoxLayout(size_hint_y=None, height=44 * u, spacing=6 * u)
            for label, notation in self.extras:
                button = Factory.ChoiceButton(text=label)
                button.notation = notation
                button.bind(on_release=lambda b: self.extra(b.notation))
                row.add_widget(button)
            box = self.ids.patterns.parent
            box.add_widget(row, index=box.children.index(self.ids.patterns) + 1)
        grid = self.ids.patterns
        for p in PATTERNS:
            thumb = TileThumb(tile=p)
            thumb.bind(on_release=lambda t: self.choose_pattern(t.tile))
            grid.add_widget(thumb)

    def choose_pattern(self, tile: Tile) -> None:
        if self.hand:
            self.picked = [*self.picked, tile]
            if len(self.picked) >= self.wanted:
                self.finish(self.picked)
            return
        self.pattern = tile
        row = self.ids.rotations
        row.clear_widgets()
        for r in tile.rotations():
            thumb = TileThumb(tile=r)
            thumb.bind(on_release=lambda t: self.finish([t.tile]))
            row.add_widget(thumb)

    def extra(self, notation: str) -> None:
        """A portal or a taihou instead of a tile: the pop-up closes and the rules decide."""
        done = self.on_extra
        self.dismiss(animation=False)  # a fading pop-up would swallow the next touch
        if done is not None:
            done(notation)

    def finish(self, tiles: list[Tile]) -> None:
        done = self.on_done
        self.dismiss(animation=False)  # a fading pop-up would swallow the next touch
        if done is not None:
            done(tiles)
