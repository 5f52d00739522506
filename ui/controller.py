"""The table's turn logic between the screens, the buttons, the camera and the Session.

No Kivy here. Screens and GPIO buttons call the intent methods (``roll``, ``confirm``,
``undo``, ``choose_tile`` ...); every rule question goes to the Session; after each intent
the listeners get a fresh :class:`~ui.model.Snapshot` plus the controller's own fields
(``verdict``, ``message``, ``instructions`` ...), and the status LED is set.

Errors from the rules are ``ValueError``: shown, and the game carries on. Any other
exception is logged with its traceback, the game is reloaded from its committed record,
and the table is told; the record is never lost.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from companion.core.board import Point, Square
from companion.games import game_info
from companion.tsuro.tiles import Tile
from hardware.chooser import ButtonChooser, controller_options

from . import adapt
from .advice import AdviceDesk
from .camera import CameraFault, Table, differences, ship_differences
from .model import Choice, Snapshot, Verdict

if TYPE_CHECKING:
    from companion.core.store import GameSummary, RecordStore
    from companion.tsuro.session import Session
    from hardware.panel import Panel

log = logging.getLogger(__name__)


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


class TableController:
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
        self.listeners: list[Callable[[TableController], None]] = []
        self.busy = False
        self.choices: list[Choice] = []
        """Veterans of the Seas and the Phoenix: the decisions the rules allow now, as
        buttons (a taihou, a portal, a draw announced, the uzushio, a Phoenix reroll)."""
        self.landing: Point | None = None
        """Where a ship out of a portal starts, touched, while its tile is picked."""
        self.chooser = ButtonChooser(
            lambda: controller_options(self),
            {"roll": self.roll, "confirm": self.confirm, "undo": self.undo},
            lambda: self.panel.status if self.panel is not None else None)
        """The GPIO buttons' way through the offered choices (Roll steps, Confirm takes)."""
        self.chooser.listeners.append(self._notify)
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

    def show_hand(self, tiles: Sequence[Tile]) -> bool:
        """The player shows the rest of their hand for a self-eliminating placement."""

        def act() -> None:
            pending = self._pending_hand(tiles)
            self._place(pending.square, pending.tile, hand=[pending.tile, *tiles])

        return self._act("show_hand", act)

    def choose_hand(self, tiles: Sequence[Tile]) -> bool:
        """Hand tiles picked on screen: laid on the simulated table for the camera to read,
        or entered by touch."""

        def act() -> None:
            pending = self._pending_hand(tiles)
            cam = self.camera
            if self.hand_entry == "sim" and cam is not None:
                self._clear_sim_hand()
                self._sim_hand = cam.lay_hand(tiles, self._free_squares())
                if self._read_hand():
                    return
                if not self.camera_ok:  # the camera failed: the tiles picked are the hand
                    self._clear_sim_hand()
                    self._place(pending.square, pending.tile, hand=[pending.tile, *tiles])
                return
            self._place(pending.square, pending.tile, hand=[pending.tile, *tiles])

        return self._act("choose_hand", act)

    def read_hand(self) -> bool:
        """The camera reads the hand laid on empty squares (the Confirm button does too)."""

        def act() -> None:
            self._read_hand()

        return self._act("read_hand", act)

    @property
    def hand_entry(self) -> str:
        """How a hand is shown now: ``camera`` (laid on empty squares), ``sim`` (picked on
        screen, laid on the simulated table, read by its camera) or ``touch``."""
        if self.camera is None or not self.camera_ok or self.touch_entry:
            return "touch"
        return "sim" if self.camera.simulated else "camera"

    @property
    def hand_wanted(self) -> int:
        """How many more tiles of the active player's hand a pending ruling needs to see."""
        snap = self.snapshot
        seat = snap.active if snap.active is not None else 0
        return max(0, (snap.hands[seat] if seat < len(snap.hands) else 3) - 1)

    def instructions_done(self, trust: bool = False) -> bool:
        """The players say the pieces were moved; the camera checks unless trusted."""

        def act() -> None:
            if trust:
                self.checking = False
                self.instructions = []
                self.message = "Carried on without the camera's check."
                return
            self._done_checked()

        return self._act("instructions_done", act)

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

    def check_board(self) -> bool:
        """The board was used for something else (camera setup): compare it with the
        record again and list what to put back."""

        def act() -> None:
            self.message = ""
            self._after_undo()
            if not self.checking:
                self.message = "The board matches the record." if (
                    self.camera is not None and self.camera_ok) else self.message.strip()

        return self._act("check_board", act)

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

    # ------------------------------------------------------------------------ internals

    def _enter(self, text: str) -> None:
        self._instructions(self.game.enter(text, source="physical"))

    def _land_at(self, point: Point) -> None:
        """A ship out of a portal: the point touched; a tile from the hand is picked next
        when the square is empty."""
        points, needs_tile = self.game.landing()
        if str(point) not in points:
            raise ValueError(f"The ship cannot start at {point}: touch one of "
                             f"{', '.join(points)}.")
        if not needs_tile:
            self.landing = None
            self._enter(f"land {point}")
            return
        self.landing = point
        self.message = (f"Pick the tile from your hand laid on {point.square}, as it lies; "
                        f"the ship starts at {point}.")

    def _land_seen(self, point: Point) -> None:
        """A ship out of a portal onto an empty square: the camera reads the tile its owner
        laid there from the hand."""
        assert self.camera is not None
        try:
            seen = self.camera.read(self.snapshot.board).get(point.square)
        except CameraFault as exc:
            self._camera_failed(exc)
            return
        if seen is None or seen.content != "tile" or seen.tile is None:
            self.message = (f"No wake tile seen on {point.square}: lay the tile from your hand "
                            "there and press Confirm (or pick it on screen).")
            return
        self.landing = None
        self._enter(f"land {point} {seen.tile.notation()}")

    def _target(self) -> Square:
        if self.session is None:
            raise ValueError("Start or resume a game first.")
        if self.session.awaiting() != "place":
            raise ValueError(self.session.prompt())
        square = self.snapshot.board.target
        if square is None:
            raise ValueError("There is no square in front of the active ship.")
        return square

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
        square = self._target()
        if self.camera is None or not self.camera_ok or self.touch_entry:
            self.message = f"Pick the tile on {square} on the screen, with its rotation."
            self.touch_entry = True
            return
        # the reader matches what it sees on the square against these placements first
        legal = {square: [p.tile for p in self.session.possible_placements()]}
        try:
            seen = self.camera.read(self.snapshot.board, legal).get(square)
        except CameraFault as exc:
            self._camera_failed(exc)
            return
        if seen is None or seen.content == "unknown":
            self.message = f"The camera cannot read {square}: pick the tile on screen."
            self._show("waiting")
            return
        if seen.portal and f"portal {square}" in self.session.choices():
            self._enter(f"portal {square}")  # a mystic portal laid instead of a wake tile
            return
        if seen.content != "tile" or seen.tile is None:
            self.message = f"No wake tile seen on {square}: lay it there and press Confirm."
            self._show("waiting")
            return
        self._rule(square, seen.tile, source="camera")

    @property
    def _piece(self) -> str:
        """What the game calls a player's piece (Tsuro's are markers)."""
        return game_info(self.snapshot.game).piece

    def _free_squares(self) -> list[Square]:
        """Squares empty in the record where a hand may be laid to be read."""
        board = self.snapshot.board
        target = self.pending.square if self.pending else board.target
        return [Square(r, c) for r in range(1, board.rows + 1) for c in range(1, board.cols + 1)
                if board.content(Square(r, c)) == "empty" and Square(r, c) != target]

    def _pending_hand(self, rest: Sequence[Tile]) -> Pending:
        """The placement waiting for a hand, once the hand shown is a possible one."""
        if self.pending is None:
            raise ValueError("No placement is waiting for a hand.")
        problem = self.game.hand_problem([self.pending.tile, *rest])
        if problem:
            raise ValueError(f"That cannot be your hand: {_sentence(problem)} Show it again.")
        return self.pending

    def _clear_sim_hand(self) -> None:
        if self.camera is not None:
            self.camera.take_off(self._sim_hand)
        self._sim_hand = []

    def _read_hand(self) -> bool:
        """Read the rest of the hand from tiles laid on empty squares, any way round;
        True once ruled.

        Only the tiles' patterns matter for the ruling, so the hand can lie anywhere
        empty; afterwards the instructions say where the tiles go, and the camera
        checks they left the board.
        """
        if self.pending is None:
            raise ValueError("No placement is waiting for a hand.")
        if self.camera is None or not self.camera_ok:
            raise ValueError("No camera: pick the rest of your hand on the screen.")
        wanted = self.hand_wanted
        try:
            seen = self.camera.read(self.snapshot.board)
        except CameraFault as exc:
            self._camera_failed(exc, "pick the rest of your hand on the screen")
            return False
        free = self._free_squares()
        unsure = [sq for sq in free if seen.get(sq) and seen[sq].content == "unknown"]
        laid = [(sq, seen[sq].tile) for sq in free
                if sq in seen and seen[sq].content == "tile" and seen[sq].tile is not None]
        self._show("waiting")
        if unsure:
            self.message = (f"The camera cannot make out {', '.join(map(str, unsure[:3]))}: "
                            "straighten the tiles, or pick your hand on the screen.")
            return False
        if len(laid) != wanted:
            more = wanted - len(laid)
            self.message = (
                f"The camera sees {_tiles(len(laid))} on empty squares and needs "
                f"{_tiles(wanted)}: " + (
                    f"lay {_tiles(more)} more" if more > 0 else f"take {_tiles(-more)} away")
                + ", any way round, and press Confirm (or pick them on the screen).")
            return False
        pending = self.pending
        hand = [pending.tile, *(t for _, t in laid if t is not None)]
        problem = self.game.hand_problem(hand)
        if problem:
            self.message = f"That cannot be your hand: {_sentence(problem)}"
            return False
        seat = self.snapshot.active
        where = ", ".join(str(sq) for sq, _ in laid)
        self._place(pending.square, pending.tile, hand=hand, source="camera")
        self._sim_hand = []
        if self.verdict is not None and self.verdict.legal:
            kept = seat is not None and self.game.view().ships[seat].alive
            # a lost ship's hand goes where the instructions say; a kept one goes back
            take = (f"Take your hand back from {where}." if kept else
                    f"Take the tiles you showed (on {where}) off the board.")
            self.instructions = [take, *self.instructions]
            self.checking = True
            self.message = "The camera read your hand."
            return True
        self._sim_hand = [sq for sq, _ in laid]
        self._clear_sim_hand()  # the simulated player takes the hand back at once
        self.message = f"Take the tile back and lay another; take your hand back from {where}."
        return True

    def _done_checked(self) -> None:
        # Confirm while instructions are shown: the same as the Done button.
        if self.camera is not None:
            self.camera.follow(self.snapshot.board)  # simulated players do as told
        if self.camera is not None and self.camera_ok:
            wrong = self._table_differences()
            if wrong is None:
                return
            if wrong:
                self.message = "Not yet: " + "; ".join(wrong[:3]) + "."
                return
        self.checking = False
        self.instructions = []
        self.message = "The board matches the record."

    def _rule(self, square: Square, tile: Tile, source: str) -> None:
        verdict = self.game.check(square, tile)
        if verdict.needs_hand:
            self.pending = Pending(square, tile)
            self.verdict = Verdict(
                False, _sentence(verdict.reason), square, tile, needs_hand=True
            )
            self.message = ""
            self._show("waiting")
            return
        if not verdict.legal:
            self.verdict = Verdict(False, "Not allowed: " + _sentence(verdict.reason), square, tile)
            self.message = "Take the tile back and lay another."
            self._show("illegal")
            return
        self._place(square, tile, hand=None, source=source)

    def _place(self, square: Square, tile: Tile, hand: list[Tile] | None,
               source: str = "touch") -> None:
        try:
            out = self.game.place(tile, hand=hand)
        except ValueError as exc:
            self.pending = None
            self.verdict = Verdict(False, "Not allowed: " + _sentence(str(exc)), square, tile)
            self.message = "Take the tile back and lay another."
            self._show("illegal")
            return
        self.pending = None
        self.verdict = Verdict(True, f"Legal: the tile on {square} stands.", square, tile)
        self._instructions(out, keep_verdict=True)
        if self.camera is not None:
            self.camera.placed()
        self._show("legal")

    def _instructions(self, lines: list[str], keep_verdict: bool = False) -> None:
        lines = [line for line in lines if line]
        self.notices = [line for line in lines if adapt.is_minor(line)]
        self.instructions = [line for line in lines if not adapt.is_minor(line)]
        self.checking = bool(self.instructions)
        if not keep_verdict:
            self.verdict = None
        self.message = ""

    def _after_undo(self) -> None:
        """After an undo the pieces must match the record again."""
        cam = self.camera
        if cam is not None and cam.follow(self.snapshot.board):
            return  # the simulated players put it back
        if cam is None or not self.camera_ok:
            self.message += " Put the pieces back as the board on screen shows."
            return
        wrong = self._table_differences()
        if wrong:
            self.instructions = [f"Put the board back: {w}." for w in wrong]
            self.checking = True

    def _table_differences(self) -> list[str] | None:
        """Where the pieces on the table differ from the record, in words; None when the
        camera failed (and the table was told)."""
        assert self.camera is not None
        board = self.snapshot.board
        try:
            seen = self.camera.read(board)
        except CameraFault as exc:
            self._camera_failed(exc)
            return None
        return differences(board, seen, seen.keys()) + ship_differences(
            board, self.camera.ships_seen, self.camera.ship_colours, self._piece)

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

    def _notify(self) -> None:
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


def _tiles(n: int) -> str:
    return f"{n} tile" if n == 1 else f"{n} tiles"


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
