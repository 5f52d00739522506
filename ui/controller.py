"""The table's turn logic between the screens, the buttons, the camera and the Session.

No Kivy here. Screens and GPIO buttons call the intent methods (``roll``, ``confirm``,
``undo``, ``choose_tile`` ...); every rule question goes to the Session; after each intent
the listeners get a fresh :class:`~ui.model.Snapshot` plus the controller's own fields
(``verdict``, ``message``, ``instructions`` ...), and the status LED is set.

Errors from the rules are ``ValueError``: shown, and the game carries on. Any other
exception is logged with its traceback, the game is reloaded from its committed record,
and the table is told; the record is never lost.

The controller is built in layers, one file each, every layer using those below it:
:mod:`ui.table_state` (the fields, and how one intent is run), :mod:`ui.board_check`
(the instructions queue and the table compared with the record), :mod:`ui.tile_verdict`
(the ruling on a tile laid or picked), :mod:`ui.hand_requests` (a placement waiting for
the hand) and this one: the game started or resumed, the turn's intents, and the camera,
lights and advisor in use.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from companion.core.board import Point
from companion.tsuro.tiles import Tile
from hardware.chooser import ButtonChooser, controller_options

from . import adapt
from .camera import Table
from .hand_requests import HandRequests
from .table_state import SessionApi

if TYPE_CHECKING:
    from companion.core.store import GameSummary, RecordStore
    from hardware.panel import Panel

log = logging.getLogger(__name__)


class TableController(HandRequests):
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
        super().__init__(store, camera, panel, show_odds=show_odds, repeat=repeat, clock=clock,
                         session_api=session_api)
        self.chooser = ButtonChooser(
            lambda: controller_options(self),
            {"roll": self.roll, "confirm": self.confirm, "undo": self.undo},
            lambda: self.panel.status if self.panel is not None else None)
        """The GPIO buttons' way through the offered choices (Roll steps, Confirm takes)."""
        self.chooser.listeners.append(self._notify)

    # --------------------------------------------------------------------- the game

    def unfinished(self) -> list[GameSummary]:
        try:
            return list(self.store.unfinished())
        except Exception:
            log.exception("cannot list unfinished games")
            return []

    def new_game(self, game: str, players: Sequence[str], options: Iterable[str] = ()) -> bool:
        def act() -> None:
            self.session = self.api.new(
                self.store, game=game, players=list(players), options=tuple(options)
            )
            self._reset_turn()
            self._table_matches_record()
            self._instructions(self.session.last_instructions)
            self.message = f"New game of {adapt.game_title(game)}: {', '.join(players)}."

        return self._act("new_game", act)

    def resume(self, game_id: int) -> bool:
        def act() -> None:
            self.session = self.api.resume(self.store, game_id)
            self._reset_turn()
            self._table_matches_record()
            self.message = "Game resumed at its last recorded action."

        return self._act("resume", act)

    # ------------------------------------------------------------------------ intents

    def roll(self) -> bool:
        """Roll the virtual dice for every pending chance step (Roll button)."""
        return self._act("roll", lambda: self._instructions(self.game.roll()))

    def enter_dice(self, gold: int, blue: int) -> bool:
        """The players rolled physical dice and entered them."""
        return self._act("enter_dice", lambda: self._enter(f"roll {gold} {blue}"))

    def enter_die(self, face: int) -> bool:
        return self._act("enter_die", lambda: self._enter(f"die {face}"))

    def start_at(self, point: Point) -> bool:
        """A ship was put on (or moved to) a start mark touched on the board view."""

        def act() -> None:
            if self.game.awaiting() == "land":
                self._land_at(point)
                return
            word = "relocate" if self.game.awaiting() == "relocate" else "start"
            self._enter(f"{word} {point}")

        return self._act("start_at", act)

    def bonus(self, swaps: int) -> bool:
        """The elimination bonus: swap this many hidden tiles (0: keep the hand)."""
        text = "bonus none" if swaps <= 0 else "bonus give {} take {}".format(
            " ".join("?" * swaps), " ".join("?" * swaps)
        )
        return self._act("bonus", lambda: self._enter(text))

    def enter_text(self, text: str) -> bool:
        """Any action in record notation (the history screen's entry line)."""
        return self._act("enter_text", lambda: self._enter(text.strip()))

    def choose(self, notation: str) -> bool:
        """One of :attr:`choices` pressed: fire a taihou, lay a portal, announce a draw,
        move or leave the uzushio, discard the Phoenix for a reroll."""

        def act() -> None:
            if notation not in self.game.choices():
                raise ValueError(f"'{notation}' is not possible now: {self.game.prompt()}")
            self._enter(notation)

        return self._act("choose", act)

    def undo(self) -> bool:
        def act() -> None:
            self.pending = None
            self.landing = None
            lines = self.game.undo()
            self._refresh()
            self._instructions([])
            self.message = " ".join(lines) or "Undone."
            self._after_undo()

        return self._act("undo", act)

    def confirm(self) -> bool:
        """Confirm: the player has laid the tile (or carried out the instructions)."""
        return self._act("confirm", self._confirm)

    def press(self, role: str) -> object:
        """A GPIO button (``roll``, ``confirm``, ``undo``): while choices are offered, Roll
        steps through them and Confirm takes the one shown (:mod:`hardware.chooser`)."""
        return self.chooser.press(role)

    def choose_tile(self, tile: Tile) -> bool:
        """A tile picked on screen: laid on the simulated table, or entered by touch."""

        def act() -> None:
            if self.landing is not None and self.game.awaiting() == "land":
                self._enter(f"land {self.landing} {tile}")  # refused: the point stays
                self.landing = None
                return
            square = self._target()
            cam = self.camera
            if cam is not None and self.camera_ok and not self.touch_entry and cam.lay(square, tile):
                self.message = f"Tile laid on {square} of the simulated table: press Confirm."
                self.verdict = None
                return
            self._rule(square, tile, source="touch")

        return self._act("choose_tile", act)

    def _confirm(self) -> None:
        if self.session is None:
            raise ValueError("Start or resume a game first.")
        if self.checking:
            self._done_checked()
            return
        if self.pending is not None:
            if self.camera is not None and self.camera_ok and not self.touch_entry:
                self._read_hand()
            else:
                self.message = "Show the rest of your hand first (or Undo to take the tile back)."
            return
        awaiting = self.session.awaiting()
        if awaiting == "land" and self.landing is not None and self.camera is not None \
                and self.camera_ok and not self.touch_entry:
            self._land_seen(self.landing)
            return
        if awaiting != "place":
            hints = {
                "roll": "Roll first: press Roll, or enter the dice you rolled.",
                "die": "Roll the single die first.",
                "start": "Touch the start mark where the ship stands.",
                "land": "Touch the point where the ship comes out of the portal.",
                "draw": "Say what was drawn: press one of the buttons above.",
                "taihou": "Decide on the taihou: press one of the buttons above.",
                "uzushio": "Move the uzushio or leave it: press one of the buttons above.",
                "over": "The game is over.",
            }
            self.message = hints.get(awaiting, self.session.prompt())
            return
        self._read_placement()

    # ------------------------------------------------------- camera, lights, advisor

    def use_camera(self, camera: Table | None) -> None:
        """Another camera chosen in the settings: read with it from now on."""
        old, self.camera = self.camera, camera
        self.camera_ok = camera is not None
        self.touch_entry = camera is None
        if camera is not None and self.session is not None:
            camera.hold(self.snapshot.board)  # a simulated table holds the game
        if old is not None and old is not camera:
            try:
                old.close()
            except Exception:
                log.exception("closing the previous camera")

    def use_panel(self, panel: Panel | None) -> None:
        """New buttons and lights (the pin map changed): show the game on them."""
        self.panel = panel
        self.relight()

    def relight(self) -> None:
        """Show the game's state on the lights again (after a light test, or new pins)."""
        if self.panel is None:
            return
        v = self.verdict
        if v is None or v.needs_hand:
            self.panel.status.show("off" if self.snapshot.over else "waiting")
        else:
            self.panel.status.show("legal" if v.legal else "illegal")
        self.panel.turns.show(self.snapshot.active)

    def set_show_odds(self, on: bool) -> None:
        self.show_odds = on
        self._refresh()

    def set_show_advice(self, on: bool) -> None:
        """The advisor's list on the table screen, on or off (a learning aid: off by
        default). It reads the game and never changes it."""
        self.advice.set_on(on, self.session)
        self._notify()

    def advice_hand(self, tiles: Sequence[Tile]) -> None:
        """The active player's whole hand, shown to the advisor alone (not recorded)."""
        self.advice.show_hand(tiles)
        self._notify()

    def poll_camera(self) -> None:
        """Called every few seconds: notice a camera that was plugged back in."""
        if self.camera is None or self.camera_ok:
            return
        try:
            back = self.camera.available()
        except Exception:
            back = False
        if back:
            self.camera_ok = True
            self.touch_entry = False
            self.message = "Camera back: it reads the board again."
            self._notify()
