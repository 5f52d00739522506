"""The Veterans of the Seas controls for ``companion screenshots``: a seeded game with the
``veterans`` and ``phoenix`` options played to each new control, pictured at every size.

The pictures are taken by :mod:`ui.screenshots` (``python -m ui.screenshots --veterans
DIR`` draws only these); this module only plays the game to each state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SEED = 37
"""The demo game whose players reach a portal, a landing, a Phoenix reroll, a taihou and
the tsunami, with the simulated camera reading its photos (the screenshots' camera)."""

NAMES = ("table-veterans-portal", "table-veterans-picker", "instructions-veterans",
         "table-veterans-land", "table-veterans-phoenix", "table-veterans-taihou",
         "table-veterans-tsunami")


def screenshot_states(h: Any, shoot: Callable[[str, bool], None], seed: int = SEED
                      ) -> list[str]:
    """Play the game and call ``shoot(name, window)`` at each state; returns the names."""
    from companion.games import SEAS

    from . import demo, vetdemo

    c, app = h.controller, h.app
    api = c._api
    c._api = demo.SeededSessions(seed)  # the seed's own dice, whatever came before
    try:
        app.new_game(SEAS.key, ["red", "blue", "green"], ["veterans", "phoenix"])
    finally:
        c._api = api
    shot: list[str] = []

    def offered(head: str) -> Callable[[Any], bool]:
        return lambda c: not c.checking and any(
            ch.notation.split()[0] == head for ch in c.choices)

    def take(name: str, window: bool = False) -> None:
        h.frames(3)
        shoot(name, window)
        shot.append(name)

    table = app.sm.get_screen("table")
    vetdemo.play(c, seed, until=offered("portal"))
    if offered("portal")(c):
        app.show_table()
        take("table-veterans-portal")
        table.pick_tile()
        take("table-veterans-picker", True)
        table.popup.extra(next(n for _, n in table.popup.extras if n.startswith("portal")))
        take("instructions-veterans")
    vetdemo.play(c, seed, until=lambda c: c.session.awaiting() == "land" and not c.checking)
    if c.session.awaiting() == "land":
        take("table-veterans-land")
    vetdemo.play(c, seed, until=offered("phoenix"))
    if offered("phoenix")(c):
        app.show_table()
        take("table-veterans-phoenix")

    def fire(c: Any) -> bool:  # a taihou fired, not one kept or removed
        return not c.checking and any(
            ch.notation.split()[:2] in (["taihou", "clear"], ["taihou", "check"],
                                        ["taihou", "moving"]) for ch in c.choices)

    vetdemo.play(c, seed, until=fire)
    if fire(c):
        app.show_table()
        take("table-veterans-taihou")
    vetdemo.play(c, seed, until=lambda c: c.snapshot.board.tsunami is not None
                 and not c.checking)
    if c.snapshot.board.tsunami is not None:
        app.show_table()
        take("table-veterans-tsunami")
    return shot
