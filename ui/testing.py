"""Test support: a controller on mock pins, the simulated camera and a temporary store.

Used by the test suite (tests/ui, tests/hardware); nothing in the app imports it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gpiozero.pins.mock import MockFactory

from companion.core.config import Config
from hardware.panel import Panel
from ui.controller import TableController
from ui.demo import SeededSessions, temp_store
from ui.sim_camera import SimCamera, exact_reader


class Clock:
    """A clock the tests move by hand (for the repeat guard)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        self.now += 1.0  # every intent comes a second after the last unless a test says not
        return self.now


def controller(tmp: Path, seed: int = 3, camera: Any = "exact", store: Any = None,
               factory: Any = None) -> TableController:
    store = store or temp_store(tmp / "data")
    if camera == "exact":
        camera = SimCamera(reader=exact_reader)
    panel = Panel.build(Config().gpio, factory or MockFactory(), clock=Clock())
    c = TableController(store, camera, panel, clock=Clock(), session_api=SeededSessions(seed))
    return c


def losing_every_way(c: TableController, square: Any, pattern: Any) -> bool:
    """Every way round, this tile would lose the active ship."""
    return all(c.game.check(square, r).needs_hand for r in pattern.rotations())


def seek_hand_question(c: TableController, seed: int, losing_hand: int = 0,
                       turns: int = 12) -> Any:
    """Play the started game until a placement can only be judged with the hand; lay that
    tile and press Confirm. With ``losing_hand``, wait for a placement where the laid
    tile and that many other unseen tiles lose the ship every way round (so a hand of
    them makes it legal). Returns the tile laid, or None when the game never got there."""
    import random

    from companion.tsuro.tiles import PATTERNS, all_oriented
    from ui import demo

    for _ in range(turns):
        demo.play(c, seed, until=lambda c: c.game.awaiting() == "place" and not c.checking)
        if c.snapshot.over:
            return None
        target = c.snapshot.board.target
        assert target is not None  # the game waits for a tile: there is a square in front
        tile = next((t for t in all_oriented() if c.game.check(target, t).needs_hand), None)
        if tile is not None and losing_hand:
            others = {PATTERNS[i] for i in c.game.state.pile.unseen} - {tile.pattern()}
            fellows = sum(losing_every_way(c, target, p) for p in others)
            if not losing_every_way(c, target, tile) or fellows < losing_hand:
                tile = None
        if tile is not None:
            c.choose_tile(tile)
            c.confirm()
            return tile
        demo.step(c, random.Random(seed))
    return None


def wire_buttons(c: TableController) -> None:
    """The app's wiring of the physical buttons, without Kivy (the tests call directly)."""
    assert c.panel is not None
    for button in c.panel.buttons:
        button.when_pressed = getattr(c, button.role)


def texts(widget: Any) -> str:
    """Every label's text under a widget, one a line, for asserting what a screen shows."""
    out = []
    for w in widget.walk(restrict=True):
        t = getattr(w, "text", None)
        if isinstance(t, str) and t:
            out.append(t)
    return "\n".join(out)
