"""The battle board's movement round on screen: the moves planned per formation within their
limits, flight declared, the flight die. The limits and the move itself are the engine's and
the desk's (no Kivy)."""

from __future__ import annotations

from companion.core.dice import read_face
from companion.tsushima import Formation, Kind, TsushimaError
from companion.tsushima.battle import COLUMNS, FLIGHT_FACES, FLIGHT_SUCCESSES

from .desk_state import DeskState


class MovementPlans(DeskState):
    """Mixed into :class:`~ui.tsushima.controller.TsushimaDesk`."""

    def movers(self) -> list[Formation]:
        e = self._battle()
        return [
            f
            for f in e.formations
            if f.side is e.mover and f.kind is not Kind.COAST and e.live(f)
            and 1 <= f.column <= COLUMNS
        ]

    def flight_die_needed(self) -> bool:
        """The mover fled in an earlier round and has not yet earned free three-column moves:
        it rolls the flight die before it moves."""
        e = self.engagement
        if e is None or e.stage != "move" or e.over:
            return False
        done = e.flight_successes(e.mover)
        return done is not None and done < FLIGHT_SUCCESSES

    def may_flee(self) -> bool:
        e = self.engagement
        return (
            e is not None and e.stage == "move" and not e.over and e.port is None
            and e.flight_successes(e.mover) is None
        )

    def toggle_flee(self) -> bool:
        """Declare (or withdraw) the mover's flight with this round's move."""

        def step() -> None:
            e = self._battle()
            if not self.may_flee():
                raise TsushimaError(
                    "flight may not be used in a port battle" if e.port is not None
                    else f"the {e.mover.adjective} side cannot begin flight now"
                )
            self.flee = not self.flee
            self._say(f"The {e.mover.adjective} side will take flight with this move: fleeing "
                      "divisions may only move away; the flight die comes next round."
                      if self.flee else "No flight.")

        return self._attempt(step)

    def may_flee_merchants(self) -> bool:
        """The mover's merchants may take flight on their own with this move."""
        e = self.engagement
        return (
            e is not None and e.stage == "move" and not e.over and e.port is None
            and any(f.side is e.mover and f.kind is Kind.MERCHANT and not f.fleeing
                    and e.live(f) for f in e.formations)
        )

    def toggle_flee_merchants(self) -> bool:
        """Declare (or withdraw) the flight of the mover's merchants alone with this move."""

        def step() -> None:
            e = self._battle()
            if not self.may_flee_merchants():
                raise TsushimaError(
                    "flight may not be used in a port battle" if e.port is not None
                    else f"the {e.mover.adjective} side has no merchants that may flee now"
                )
            self.flee_merchants = not self.flee_merchants
            self._say(f"The {e.mover.adjective} merchants will take flight with this move."
                      if self.flee_merchants else "The merchants do not flee.")

        return self._attempt(step)

    def _set_flight_die(self, face: int) -> None:
        if not self.flight_die_needed():
            raise TsushimaError("no flight die is due this round")
        if self.flight_die is not None:
            raise TsushimaError(f"the flight die is already rolled: {self.flight_die}")
        self.flight_die = read_face(face)
        self.moves = {}
        three = self.flight_die in FLIGHT_FACES
        self._say(f"Flight die {self.flight_die}: "
                  + ("fleeing ships may move three columns." if three
                     else "no three-column move this round."))

    def roll_flight_die(self) -> bool:
        return self._attempt(lambda: self._set_flight_die(self.dice.d6()))

    def enter_flight_die(self, face: int) -> bool:
        return self._attempt(lambda: self._set_flight_die(face))

    def move_limit(self, f: Formation) -> int:
        """Columns the formation may move this round, the flight die and the ships left
        behind included."""
        e = self._battle().detached(self.detach)
        f = e.formation(f.ident)
        return e.max_columns(f, self.flight_die in FLIGHT_FACES or (
            f.fleeing and not self.flight_die_needed() and e.flight_successes(f.side) is not None
        ))

    def nudge(self, formation: str, delta: int) -> bool:
        def step() -> None:
            e = self._battle()
            f = e.formation(formation)
            if f.side is not e.mover:
                raise TsushimaError(f"it is the {e.mover.adjective} movement round")
            limit = self.move_limit(f)
            new = self.moves.get(f.ident, 0) + delta
            if abs(new) > limit:
                raise TsushimaError(f"{f.ident} may move at most {limit} column(s) this round")
            self.moves[f.ident] = new
            self._say("")

        return self._attempt(step)

    def move(self) -> bool:
        def step() -> None:
            if self.flight_die_needed() and self.flight_die is None:
                raise TsushimaError("the fleeing side rolls its flight die before it moves")
            self.results = self._desk().move(
                {k: v for k, v in self.moves.items() if v},
                flight_die=self.flight_die,
                detach=self.detach,
                flee=self.flee,
                flee_merchants=self.flee_merchants,
            )
            e = self._battle()
            self.moves, self.flee, self.flight_die, self.detach = {}, False, None, []
            self.flee_merchants = False
            self.plan = [] if e.over else self._desk().fire_plan()
            self.faces, self.dice_source = {}, {}
            self._say("Fire plan: lead on lead, ship on ship. Change targets, then Declare.")

        return self._attempt(step)

    def hold(self) -> bool:
        """The mover's formations all stay where they are."""
        self.moves, self.detach = {}, []
        return self.move()
