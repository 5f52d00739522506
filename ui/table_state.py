"""What the table's turn logic holds between intents, and how every intent is run.

:class:`TableState` is the bottom layer of :class:`ui.controller.TableController`: the
fields the screens read (``snapshot``, ``verdict``, ``message``, ``instructions`` ...),
the session in play, and :meth:`TableState._act`, which runs one intent: it ignores a
repeat, refuses game intents while the board is in other use, shows the rules' errors
and reloads the game from its record after anything else. The layers above it (the
board check, the tile verdict, the hand) and the controller itself add the intents.

No Kivy here.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, Self

from companion.core.board import Point, Square
from companion.games import game_info
from companion.tsuro.tiles import Tile

from . import adapt
from .advice import AdviceDesk
from .camera import CameraFault, Table
from .model import Choice, Snapshot, Verdict

if TYPE_CHECKING:
    from companion.core.store import RecordStore
    from companion.tsuro.session import Session
    from hardware.chooser import ButtonChooser
    from hardware.panel import Panel

# the logger keeps the name these lines had before the controller was split in layers
log = logging.getLogger("ui.controller")


class SessionApi(Protocol):
    """How games are started and resumed (``Session`` itself, or seeded for tests)."""

    def new(self, store: RecordStore, *, game: str, players: list[str],
            options: tuple[str, ...]) -> Session: ...

    def resume(self, store: RecordStore, game_id: int) -> Session: ...

GAME_INTENTS = frozenset({
    "roll", "enter_dice", "enter_die", "start_at", "bonus", "enter_text", "undo", "confirm",
    "choose_tile", "show_hand", "choose_hand", "read_hand", "instructions_done", "choose",
})
"""Intents that change the game: refused while the board is in other use (camera setup)."""

REPEATABLE = frozenset({"choose_tile", "choose_hand", "enter_dice", "enter_die", "start_at", "enter_text"})


@dataclass
class Pending:
    """A placement waiting for the player's hand (self-elimination ruling)."""

    square: Square
    tile: Tile


class TableState:
    chooser: ButtonChooser
    """The GPIO buttons' way through the offered choices (set by the controller, whose
    Roll, Confirm and Undo intents it calls)."""

    def __init__(
        self,
        store: RecordStore,
        camera: Table | None = None,
        panel: Panel | None = None,
        show_odds: bool = False,
        repeat: float = 0.4,
        clock: Callable[[], float] = time.monotonic,
        session_api: SessionApi | None = None,
    ) -> None:
        self.store = store
        self.camera = camera
        self.panel = panel
        self.show_odds = show_odds
        self.repeat = repeat
        self._clock = clock
        self._last: dict[str, float] = {}
        self._api = session_api
        self.session: Session | None = None
        self.snapshot = Snapshot()
        self.verdict: Verdict | None = None
        self.message = ""
        self.instructions: list[str] = []
        """Sentences for the physical pieces that stop the game until carried out."""
        self.notices: list[str] = []
        """Routine sentences (ships moved along their paths), shown in passing."""
        self.checking = False
        """True while instructions wait for the camera (or the players) to confirm them."""
        self.pending: Pending | None = None
        self._sim_hand: list[Square] = []
        """Squares of the simulated table where picked hand tiles were laid."""
        self.paused = ""
        """Why game intents are refused for now (camera setup is open), or empty."""
        self.touch_entry = camera is None
        """True when placements are entered by touch (no camera, or it failed)."""
        self.camera_ok = camera is not None
        self.listeners: list[Callable[[Self], None]] = []
        self.busy = False
        self.choices: list[Choice] = []
        """Veterans of the Seas and the Phoenix: the decisions the rules allow now, as
        buttons (a taihou, a portal, a draw announced, the uzushio, a Phoenix reroll)."""
        self.landing: Point | None = None
        """Where a ship out of a portal starts, touched, while its tile is picked."""
        self.advice = AdviceDesk(changed=self._notify)
        """The advisor's ranked placements (off by default; see ui/advice.py)."""

    # ------------------------------------------------------------------ session access

    @property
    def api(self) -> SessionApi:
        if self._api is None:
            from companion.tsuro import session

            self._api = session.Session
        return self._api

    @property
    def game(self) -> Session:
        """The session of the game in play (intents run only while there is one)."""
        if self.session is None:
            raise ValueError("Start or resume a game first.")
        return self.session

    @property
    def _piece(self) -> str:
        """What the game calls a player's piece (Tsuro's are markers)."""
        return game_info(self.snapshot.game).piece

    # ------------------------------------------------------------- shared turn steps

    def _enter(self, text: str) -> None:
        self._instructions(self.game.enter(text, source="physical"))

    def _instructions(self, lines: list[str], keep_verdict: bool = False) -> None:
        lines = [line for line in lines if line]
        self.notices = [line for line in lines if adapt.is_minor(line)]
        self.instructions = [line for line in lines if not adapt.is_minor(line)]
        self.checking = bool(self.instructions)
        if not keep_verdict:
            self.verdict = None
        self.message = ""

    def _camera_failed(self, exc: CameraFault, then: str = "pick the tile on screen") -> None:
        log.warning("camera: %s", exc)
        self.camera_ok = False
        self.touch_entry = True
        self.message = f"{exc} Carry on by touch: {then}."
        self._show("waiting")

    def _table_matches_record(self) -> None:
        self._refresh()
        if self.camera is not None:
            self.camera.hold(self.snapshot.board)

    def _reset_turn(self) -> None:
        self.verdict = None
        self.notices = []
        self.instructions = []
        self.checking = False
        self.pending = None
        self._sim_hand = []
        self.landing = None

    def _show(self, state: str) -> None:
        if self.panel is not None:
            self.panel.status.show(state)

    # --------------------------------------------------------------- running intents

    def _refresh(self) -> None:
        if self.session is not None:
            self.snapshot = adapt.snapshot(self.session, show_odds=self.show_odds)
            self.choices = adapt.choices(self.session)
            if self.snapshot.awaiting != "land":
                self.landing = None
            if self.camera is not None and not self.checking:
                self.camera.hold(self.snapshot.board, ships_only=True)
            self.advice.refresh(self.session)
        if self.panel is not None:
            if self.verdict is None or self.verdict.needs_hand:
                self.panel.status.show("off" if self.snapshot.over else "waiting")
            self.panel.turns.show(self.snapshot.active)

    def _notify(self: Self) -> None:
        for listener in list(self.listeners):
            try:
                listener(self)
            except Exception:
                log.exception("a screen failed to show the table; the record is safe")

    def _act(self, name: str, fn: Callable[[], None]) -> bool:
        """Run one intent: ignore a repeat, show rule errors, survive anything else."""
        now = self._clock()
        if name not in REPEATABLE:
            last = self._last.get(name)
            if last is not None and now - last < self.repeat:
                log.info("ignored a second %s within %.2fs", name, now - last)
                return False
            self._last[name] = now
        if self.busy:
            log.info("ignored %s while busy", name)
            return False
        if self.paused and name in GAME_INTENTS:
            self.message = self.paused
            self._notify()
            return False
        if self.session is None and name not in ("new_game", "resume"):
            self.message = "Start or resume a game first."
            self._notify()
            return False
        self.busy = True
        ok = True
        try:
            fn()
        except ValueError as exc:
            ok = False
            self.message = str(exc)
            log.info("%s refused: %s", name, exc)
        except Exception:
            ok = False
            log.exception("%s failed; reloading the game from its record", name)
            self._recover()
        finally:
            self.busy = False
        try:
            self._refresh()
        except Exception:
            log.exception("cannot read the game state after %s", name)
            self._recover()
        self._notify()
        return ok

    def _recover(self) -> None:
        game_id = getattr(self.session, "game_id", None)
        self._reset_turn()
        if game_id is None:
            self.message = "Something went wrong; it is in the log."
            return
        try:
            self.session = self.api.resume(self.store, game_id)
            self.message = (
                "Something went wrong in the app (it is in the log); the game was reloaded "
                "from its record at the last committed action."
            )
        except Exception:
            log.exception("cannot reload game %s", game_id)
            self.message = "Something went wrong and the game could not be reloaded; see the log."


def n_tiles(n: int) -> str:
    """``1 tile``, ``2 tiles``."""
    return f"{n} tile" if n == 1 else f"{n} tiles"


def sentence(text: str) -> str:
    """A reason from the rules as a sentence: capital first letter, a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
