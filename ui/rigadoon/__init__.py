"""The Rigadoon screens of the table app: set-up, the board, the end (``docs/app.md``).

The registry's Rigadoon entry names this module (``screens="ui.rigadoon"``); the app calls
:func:`open_game` from the start screen, and the screens and their
:class:`~ui.rigadoon.controller.RigadoonController` (``app.rigadoon``) are built the first
time anyone asks. Every rule is asked of ``companion.rigadoon``. The GPIO buttons keep
their meaning on these screens (:func:`press`): Confirm commits what is shown, Undo takes
back, Roll draws the wind virtually while the wind is being changed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .controller import RigadoonController
from .picture import RigadoonCamera

KV_DIR = Path(__file__).parent / "kv"
KV_FILES = ("rigadoon.kv",)
SCREEN_NAMES = ("rigadoon-setup", "rigadoon-play", "rigadoon-end")
ENTRY_SCREEN = "rigadoon-setup"


def load_kv() -> None:
    from kivy.lang import Builder

    from . import board_view  # noqa: F401  (registers RigBoard for the kv rules)

    for name in KV_FILES:
        path = str(KV_DIR / name)
        Builder.unload_file(path)  # a second app in one process must not double the rules
        Builder.load_file(path)


class FrameCamera:
    """A real camera's frames, for checking the table (the players move the pieces)."""

    simulated = False

    def __init__(self, table: Any) -> None:
        self.table = table

    def carry_out(self, state: Any) -> None:
        pass

    def photo(self) -> Any:
        return self.table.frame(9, 9)


def table_camera(app: Any) -> RigadoonCamera | None:
    """The simulated Rigadoon table when the app's camera is simulated, else the real one."""
    cam = getattr(getattr(app, "ctx", None), "camera", None)
    if cam is None:
        return None
    if getattr(cam, "simulated", False):
        from companion.rigadoon import default_board
        from vision.rigadoon import SimRigadoonTable

        # smaller than the tests' photos: the app keeps within its memory budget
        return SimRigadoonTable(default_board(), size=(1024, 768), px=96)
    return FrameCamera(cam)


def install(app: Any, controller: RigadoonController | None = None) -> RigadoonController:
    """Give the app its Rigadoon controller and screens; the shown screen follows it."""
    load_kv()
    if controller is None:
        # seeded dice for the path games (tests, screenshots, the demo): seeded winds too,
        # so a game replays the same way each run
        seed = getattr(getattr(app.ctx, "session_api", None), "seed", None)
        rng = random.Random(seed) if isinstance(seed, int) else None
        controller = RigadoonController(app.ctx.store.path, rng=rng, camera=table_camera(app))
    app.rigadoon = controller
    from .screens import RigEndScreen, RigPlayScreen, RigSetupScreen

    for screen in (RigSetupScreen(), RigPlayScreen(), RigEndScreen()):
        app.sm.add_widget(screen)

    from kivy.app import App
    from kivy.clock import Clock

    def redraw_now(_dt: float = 0) -> None:
        if App.get_running_app() is not app:
            return  # a change after this app stopped (tests build one app after another)
        current = app.sm.current
        if current not in SCREEN_NAMES:
            return
        target = route(app.rigadoon, current)
        if target != current:
            app.show(target)
        else:
            app.sm.get_screen(current).update()

    trigger = Clock.create_trigger(redraw_now, 0)
    controller.listeners.append(lambda _c: trigger())
    return controller


def route(c: RigadoonController, current: str) -> str:
    """The screen the game's state calls for, from the one shown."""
    if c.session is None or current == "rigadoon-setup":
        return current
    over = c.state.is_terminal() and not c.checking
    return "rigadoon-end" if over else "rigadoon-play"


def open_game(app: Any, players: list[str] | None, options: list[str]) -> None:
    """The start screen's Rigadoon: the set-up, with the players chosen there (the first
    sails first)."""
    c: RigadoonController = app.rigadoon
    if players:
        if len(players) != 2:
            c.message = f"Rigadoon is for 2 players, not {len(players)}: touch two colours."
            c.refused = True
        else:
            c.players = list(players)
            c.message = ""
    c.die = "wind-die" in options
    app.show(ENTRY_SCREEN)


def resume_game(app: Any, game_id: int) -> None:
    """The start screen's Resume for a Rigadoon record."""
    c: RigadoonController = app.rigadoon
    c.resume(game_id)
    app.show(route(c, "rigadoon-play") if c.session is not None else ENTRY_SCREEN)


def press(app: Any, role: str) -> bool:
    """A GPIO button pressed while a Rigadoon screen is shown."""
    c: RigadoonController = app.rigadoon
    if role == "confirm":
        return c.confirm()
    if role == "undo":
        return c.undo()
    if c.session is not None and c.winding:
        return c.wind(None)  # Roll: let the companion draw the card or roll the die
    return c.ask_wind()


def screenshot_states(app: Any, seed: int = 5) -> Iterator[str]:
    """Drive a seeded game through each screen; yields each picture's name once shown."""
    import random

    from companion.rigadoon import Direction, default_board
    from vision.rigadoon import SimRigadoonTable

    # beside the screenshots' own temporary store: nothing of the owner's is touched
    db = Path(app.ctx.store.path).parent / f"rigadoon-shots-{seed}.sqlite3"
    db.unlink(missing_ok=True)
    c = RigadoonController(db, random.Random(seed), SimRigadoonTable(default_board()))
    c.listeners = app.rigadoon.listeners
    app.rigadoon = c
    c.players = ["ann", "bob"]
    app.show("rigadoon-setup")
    yield "rigadoon-setup"
    c.set_up(first_fleet=0, opening=Direction.E)
    c.start()
    app.show("rigadoon-play")
    yield "rigadoon-instructions-setup"
    c.confirm()
    c.ask_wind()
    yield "rigadoon-wind"
    c.wind(Direction.E)
    c.select(1)
    yield "rigadoon-explorer"
    c.preview(0)
    yield "rigadoon-preview"
    c.confirm()
    yield "rigadoon-instructions"
    c.confirm()
    yield "rigadoon-turn"
    yield from _later(app, c)


def _later(app: Any, c: RigadoonController) -> Iterator[str]:
    """A chain reaction asking a choice (its previewed option marked), then the end:
    seeded random play, then a previewed line whose result needs choices."""
    import random

    from companion.rigadoon import explore

    from .demo import play

    rng = random.Random(5)

    def has_choices(c: RigadoonController) -> bool:
        s = c.state
        if s.phase.value != "turn" or not s.changed:
            return False
        return any(ln.choices and c.line_legal(ln) for n in s.required()
                   for ln in explore(s, n))

    if play(c, rng, has_choices):
        s = c.state
        ship = next(n for n in s.required()
                    if any(ln.choices and c.line_legal(ln) for ln in explore(s, n)))
        c.select(ship)
        i = next(i for i, ln in enumerate(c.shown_lines()) if ln.choices and c.line_legal(ln))
        c.preview(i)
        c.confirm()
    if c.state.phase.value == "choice":
        app.show("rigadoon-play")
        yield "rigadoon-choice"
    play(c, rng, lambda c: c.state.is_terminal())
    if c.checking:
        c.table_done(anyway=True)
    app.show(route(c, "rigadoon-play"))
    yield "rigadoon-end"
    c.undo()  # the last sail taken back: each piece to put back, named
    app.show(route(c, "rigadoon-play"))
    yield "rigadoon-undo"
