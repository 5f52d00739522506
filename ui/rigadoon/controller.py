"""The state the Rigadoon screens show, and the intents their widgets raise (no Kivy here).

Every rule is the engine's (``companion.rigadoon``): this class holds one
:class:`~companion.rigadoon.session.Session` (its record in the store after every action,
so a game resumes after the app restarts) and only what is not yet committed: the ship
touched, the move explorer's list and the line previewed, whether the wind is being
entered, and whether the table still has to carry out the last instructions. A refused
intent leaves the game as it was and says why (:attr:`message`, :attr:`refused`).

The GPIO buttons keep their meaning: :meth:`confirm` commits what is shown (the previewed
sail, the suggested choice, or "the table has done it"), :meth:`undo` takes back the last
action. With a camera, "done" is checked: each piece out of place is named.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.rigadoon import (
    Chain,
    Change,
    Direction,
    End,
    Game,
    Line,
    Opening,
    Phase,
    PickFleet,
    Repair,
    RigadoonError,
    RigadoonStore,
    Sail,
    Session,
    State,
    explore,
    new_state,
    ship_name,
)
from companion.rigadoon.board import ISLAND
from companion.rigadoon.chain import choose
from companion.rigadoon.explore import EXPLORE_BUDGET, completions
from companion.rigadoon.record import live

from .picture import (
    BoardPicture,
    RigadoonCamera,
    board_picture,
    sail_text,
    setup_lines,
)

if TYPE_CHECKING:
    from companion.rigadoon.board import Board

log = logging.getLogger(__name__)
Listener = Callable[["RigadoonController"], None]
PIECE_KINDS = frozenset({"sail", "blast", "hold", "bump", "sink", "aground", "claim",
                         "rigadoon", "repair"})
"""Instruction kinds that move or change pieces (the wind card alone needs no check)."""


class RigadoonController:
    def __init__(self, store_path: Path | str | None = None, rng: random.Random | None = None,
                 camera: RigadoonCamera | None = None) -> None:
        self.store = RigadoonStore.open_store(store_path)
        self.rng = rng or random.Random()
        self.camera = camera
        self.listeners: list[Listener] = []
        self.session: Session | None = None
        # set-up, before the game exists
        self.players: list[str] = ["blue", "green"]
        self.first_fleet = 0
        self.die = False
        self.opening: Direction = Direction.S
        # the turn in hand
        self.selected: int | None = None
        self.lines: list[Line] = []
        self.claims_only = False
        self.previewed: int | None = None
        self.aim: tuple[object, ...] | None = None
        """The result the committed preview leads to: its choices are suggested."""
        self.winding = False
        self.checking = False
        self.said: list[str] = []
        self.problems: list[str] = []
        self.message = ""
        self.refused = False

    # ------------------------------------------------------------------------ reading

    @property
    def state(self) -> State:
        if self.session is None:
            raise RigadoonError("start or resume a Rigadoon game first")
        return self.session.state

    @property
    def board(self) -> Board:
        return self.state.board

    def saved(self) -> int | None:
        """The unfinished Rigadoon game to resume, if any (latest first)."""
        try:
            games = [g for g in self.store.unfinished() if g.game == "rigadoon"]
        except Exception:
            log.exception("cannot list the saved Rigadoon games")
            return None
        cur = self.store.current()
        ids = [g.game_id for g in games]
        return cur if cur in ids else (ids[0] if ids else None)

    def legal(self) -> list[Any]:
        s = self.state
        return [] if s.is_chance_node() else s.legal_actions()

    @property
    def can_change(self) -> bool:
        return Change() in self.legal()

    @property
    def can_end(self) -> bool:
        return End() in self.legal()

    def sails(self, ship: int | None = None) -> list[Sail]:
        legal = self.legal()
        return [a for a in legal if isinstance(a, Sail) and (ship is None or a.ship == ship)]

    def _claims(self, ship: int | None) -> list[Sail]:
        b = self.board
        return [a for a in self.sails(ship)
                if b.terrain[b.square(f"r{a.to[0]}c{a.to[1]}")] == ISLAND]

    @property
    def can_sail(self) -> bool:
        return bool(self.sails(self.selected))

    @property
    def can_claim(self) -> bool:
        return bool(self._claims(self.selected))

    @property
    def can_repair(self) -> bool:
        return self.selected is not None and Repair(self.selected) in self.legal()

    def shown_lines(self) -> list[Line]:
        """The explorer list as shown: every result, or only the claims."""
        if not self.claims_only:
            return self.lines
        b = self.board
        return [ln for ln in self.lines
                if b.terrain[b.square(f"r{ln.sail.to[0]}c{ln.sail.to[1]}")] == ISLAND]

    def line_legal(self, line: Line) -> bool:
        return line.sail in self.sails(line.sail.ship)

    def template_ship(self) -> int | None:
        """The ship the wind template is drawn on: the one touched, else the next to act."""
        s = self.state
        if s.phase not in (Phase.TURN, Phase.WIND) or s.wind is None or self.checking:
            return None  # while the table works, the board shows only the pieces
        if self.selected is not None and self.selected // 4 == s.fleet:
            return self.selected
        need = s.required()
        return need[0] if need else None

    def suggested(self) -> str:
        """The option of the pending choice that leads to the previewed result, if any."""
        s = self.state
        if s.phase is not Phase.CHOICE or s.chain is None or s.chain.choice is None:
            return ""
        if self.aim is None:
            return ""
        for o in s.chain.choice.options:
            if _leads_to(s.board, s.chain, o, self.aim):
                return o
        return ""

    def picture(self) -> BoardPicture:
        """What the board view draws: the state, or the previewed line's result."""
        line = self.shown_lines()[self.previewed] if self.previewed is not None else None
        holder = self.template_ship() if line is None else None
        return board_picture(self.state, line, holder, self.selected)

    # ------------------------------------------------------------------------ intents

    def _act(self, what: str, fn: Callable[[], None]) -> bool:
        try:
            fn()
            self.refused = False
            ok = True
        except (RigadoonError, ValueError) as exc:
            self.message = str(exc)
            self.refused = True
            ok = False
        except Exception:
            log.exception("Rigadoon %s failed; the game is reloaded from its record", what)
            self.message = "Something went wrong; the game was reloaded from its record."
            self.refused = True
            ok = False
            if self.session is not None:
                self.session = Session.resume(self.store, self.session.game_id, self.rng)
        self._notify()
        return ok

    def _notify(self) -> None:
        for fn in list(self.listeners):
            fn(self)

    def _fresh(self) -> None:
        self.selected = None
        self.lines = []
        self.previewed = None
        self.claims_only = False
        self.winding = False
        self.problems = []

    def set_up(self, first_fleet: int | None = None, die: bool | None = None,
               opening: Direction | None = None) -> bool:
        def act() -> None:
            if first_fleet is not None:
                self.first_fleet = first_fleet
            if die is not None:
                self.die = die
            if opening is not None:
                self.opening = opening
            self.message = ""

        return self._act("set_up", act)

    def start(self, players: Sequence[str] | None = None) -> bool:
        """A new game with the set-up chosen: fleets picked and the opening wind set."""

        def act() -> None:
            names = list(players or self.players)
            options = ["wind-die"] if self.die else []
            # checked on a state in hand first, so a refusal stores no game
            trial = new_state(Game.create(names, options))
            trial.apply(PickFleet(self.first_fleet)).apply(Opening(self.opening))
            s = Session.new(self.store, names, options, self.rng)
            s.enter(PickFleet(self.first_fleet).notation())
            s.enter(Opening(self.opening).notation())
            self.session = s
            self.players = names
            self._fresh()
            self.aim = None
            self.said = setup_lines(s.state)
            self.checking = True
            self._lay_table()
            self.message = f"New game of Rigadoon: {s.state.player(0)} against {s.state.player(1)}."

        return self._act("start", act)

    def resume(self, game_id: int | None = None) -> bool:
        def act() -> None:
            gid = game_id if game_id is not None else self.saved()
            if gid is None:
                raise RigadoonError("there is no saved Rigadoon game to resume")
            self.session = Session.resume(self.store, gid, self.rng)
            self._fresh()
            self.aim = None
            self.said = []
            self.checking = False
            self._lay_table()
            self.message = "Game resumed at its last recorded action."

        return self._act("resume", act)

    def select(self, ship: int) -> bool:
        """A ship touched: its wind template, and its sails in the explorer."""

        def act() -> None:
            self._fresh()
            self.selected = ship
            s = self.state
            if ship // 4 != s.fleet or s.phase is not Phase.TURN:
                self.lines = []
                where = s.board.name(s.ships[ship])
                self.message = f"{ship_name(ship)} ({s.masts[ship]} masts) at {where}"
                return
            self.lines = explore(s, ship)
            if not self.lines:
                self.message = f"{ship_name(ship)} has no sail under this wind."
            else:
                self.message = (f"{len(self.lines)} results for {ship_name(ship)}: touch one "
                                "to preview it, Confirm to sail.")

        return self._act("select", act)

    def touch_square(self, name: str) -> bool:
        """A square touched on the board: a ship selects it; a destination previews it."""
        s = self.state
        sq = s.board.square(name)
        ship = s.ship_at(sq)
        if ship >= 0 and not (self.lines and ship == self.selected):
            return self.select(ship)
        r, c = s.board.rc(sq)
        for i, line in enumerate(self.shown_lines()):
            if line.sail.to == (r, c):
                return self.preview(i)
        return self._act("touch", lambda: None)

    def show_sails(self, claims: bool = False) -> bool:
        """The Sail (or Claim) button: the explorer for the ship touched, or the first that
        can."""

        def act() -> None:
            ship = self.selected
            pool = self._claims(ship) if claims else self.sails(ship)
            if not pool:
                pool = self._claims(None) if claims else self.sails(None)
                if not pool:
                    raise RigadoonError("no ship can claim a chest now" if claims
                                        else "no ship can sail now")
                ship = pool[0].ship
            assert ship is not None
            self.selected = ship
            self.lines = explore(self.state, ship)
            self.claims_only = claims
            self.previewed = None
            self.winding = False

        return self._act("show_sails", act)

    def preview(self, index: int) -> bool:
        def act() -> None:
            shown = self.shown_lines()
            if not 0 <= index < len(shown):
                raise RigadoonError("no such line in the explorer")
            self.previewed = index
            line = shown[index]
            self.message = f"Preview: {sail_text(line)}. Confirm to sail."

        return self._act("preview", act)

    def confirm(self) -> bool:
        """The Confirm button: commit what the screen shows."""
        if self.session is None:
            return self._act("confirm", lambda: self._raise("start a game first"))
        if self.checking:
            return self.table_done()
        s = self.state
        if s.phase is Phase.CHOICE:
            option = self.suggested()
            if not option:
                return self._act("confirm", lambda: self._raise("touch one of the options"))
            return self.choose(option)
        if self.previewed is not None:
            return self._act("sail", self._commit)
        if self.winding:
            return self.wind(None)
        return self._act("confirm", lambda: self._raise(
            "nothing to confirm: touch a ship, then a line of the explorer"))

    @staticmethod
    def _raise(why: str) -> None:
        raise RigadoonError(why)

    def _commit(self) -> None:
        assert self.previewed is not None
        line = self.shown_lines()[self.previewed]
        self._enter(line.sail.notation())
        self.aim = line.chain.key() if line.choices else None

    def _enter(self, text: str) -> None:
        assert self.session is not None
        self.session.enter(text)
        self._after()

    def _after(self) -> None:
        """After an accepted action: the instructions, and the table waits for them."""
        assert self.session is not None
        s = self.session.state
        self._fresh()
        if s.phase is Phase.CHOICE:
            self.said = list(self.session.said)
            self.message = "A choice for " + s.player() + "."
            return
        self.aim = None
        self.said = list(self.session.said)
        kinds = {str(e[0]) for e in s.events}
        self.checking = bool(kinds & PIECE_KINDS)
        if self.checking:
            self.message = "Carry out the instructions, then press Confirm."
        else:
            self.message = "; ".join(self.said).capitalize() if self.said else ""
        if self.camera is not None and self.camera.simulated:
            self.camera.carry_out(s)  # the simulated players do it at once

    def _lay_table(self) -> None:
        if self.camera is not None and self.camera.simulated and self.session is not None:
            self.camera.carry_out(self.session.state)

    def table_done(self, anyway: bool = False) -> bool:
        """The table has carried out the instructions (and the masts are as shown)."""

        def act() -> None:
            if not self.checking:
                raise RigadoonError("no instructions are waiting")
            if self.camera is not None and not anyway:
                self.problems = self._camera_check()
                if self.problems:
                    n = len(self.problems)
                    self.message = (f"The camera sees {n} square{'s' if n > 1 else ''} not as "
                                    "the game has them: put them right and press Confirm.")
                    return
            self.checking = False
            self.problems = []
            checked = "the camera agrees; " if self.camera is not None and not anyway else ""
            self.message = f"Table done: {checked}masts as shown."

        return self._act("table_done", act)

    def _camera_check(self) -> list[str]:
        from vision.errors import VisionError
        from vision.rigadoon import RigadoonReader, check

        assert self.camera is not None
        try:
            reading = RigadoonReader().read(self.camera.photo())
        except VisionError as exc:
            return [f"the camera cannot see the board: {exc}"]
        return check(reading, self.state)

    def undo(self) -> bool:
        def act() -> None:
            assert self.session is not None
            if self.winding or self.previewed is not None:
                self._fresh()  # taking back what is only on screen comes first
                self.message = "Preview cleared."
                return
            entries = self.session.entries
            kept = live(entries)
            undone = entries[kept[-1]].action if kept else ""
            self.session.undo()
            self._fresh()
            self.aim = None
            s = self.state
            self.said = []
            self.checking = False
            if undone.split(" ")[0] in ("sail", "choose", "repair") and s.chain is None:
                # each piece that differs, named (the session works them out), then the rest
                self.said = [*self.session.said,
                             "put the pieces back as the board now shows them, masts too"]
                self.checking = True
            elif undone.startswith("wind") and s.wind is not None:
                self.said = [f"set the wind back to {s.wind.word}"]
            self._lay_table()
            told = ("Put the pieces back as listed, then press Confirm." if self.checking
                    else "; ".join(self.said).capitalize() + "." if self.said else "")
            self.message = "Took back " + (undone or "the last action") + "." + (
                " " + told if told else "")

        if self.session is None:
            return self._act("undo", lambda: self._raise("nothing to undo"))
        return self._act("undo", act)

    def ask_wind(self) -> bool:
        """The Change wind button: the directions the card or die can show are offered."""

        def act() -> None:
            if not self.can_change:
                raise RigadoonError("the wind cannot be changed now: " + self.state.prompt())
            self._fresh()
            self.winding = True
            how = "roll the die" if self.state.game.die else "draw a card"
            self.message = (f"Change the wind: {how} and touch what it shows, "
                            "or let the companion draw.")

        return self._act("ask_wind", act)

    def wind_faces(self) -> list[Direction]:
        """What the card or die can show now (the engine's chance outcomes)."""
        s = self.state
        if s.phase is Phase.WIND:
            return [a.wind for a, _p in s.chance_outcomes()]
        if Change() not in self.legal():
            return []
        return [a.wind for a, _p in s.apply(Change()).chance_outcomes()]

    def wind(self, shown: Direction | None) -> bool:
        """The wind entered from the real card or die, or drawn virtually (``None``)."""

        def act() -> None:
            assert self.session is not None
            self.session.change_wind(shown)
            self._after()
            if not self.checking:
                wind = self.state.wind
                self.message = f"The wind is now {wind.word}." if wind is not None else ""

        return self._act("wind", act)

    def repair(self) -> bool:
        def act() -> None:
            if self.selected is None:
                raise RigadoonError("touch the ship to repair first")
            self._enter(f"repair {ship_name(self.selected)}")

        return self._act("repair", act)

    def end_turn(self) -> bool:
        return self._act("end", lambda: self._enter("end"))

    def choose(self, option: str) -> bool:
        return self._act("choose", lambda: self._enter(f"choose {option}"))

    def enter_text(self, text: str) -> bool:
        """Any action in record notation (``sail b1 r6c6``), as the command line takes it."""
        return self._act("enter", lambda: self._enter(text.strip()))


def _leads_to(board: Board, chain: Chain, option: str, aim: tuple[object, ...]) -> bool:
    try:
        return aim in completions(board, choose(board, chain, option), EXPLORE_BUDGET)
    except Exception:  # too many ways to finish to tell: no suggestion
        return False
