"""The battle set-up being built on the fleets screen: the ships touched (lead first), the
column of each navy, the divisions formed, the quick set-up, and the start of the battle.
Which ships may join and the divisions they make are the desk's answers (no Kivy)."""

from __future__ import annotations

from collections.abc import Sequence

from companion.tsushima import FormationSpec, ShipType, Side, TsushimaError
from companion.tsushima.battle import COLUMNS

from .desk_state import QUICK_COLUMNS, DeskState


class SetupPlans(DeskState):
    """Mixed into :class:`~ui.tsushima.controller.TsushimaDesk`."""

    def in_setup(self) -> set[str]:
        return {i for _, spec in self.setup for i in spec.ships}

    def available(self, side: Side) -> list[str]:
        """Ships of a side that may still be put on the board (not sunk, not in the yard)."""
        return self._desk().available(side, sorted(self.in_setup()))

    def selection_side(self) -> Side:
        if self.selected:
            return self._fleet().berth(self.selected[0]).ship.side
        return Side.JAPAN

    def toggle_ship(self, ident: str) -> bool:
        def step() -> None:
            desk = self._desk()
            b = desk.fleet.berth(ident)
            name = b.ship.ident
            if name in self.selected:
                self.selected.remove(name)
                self._say("")
                return
            desk.check_joinable(name, self.selected, sorted(self.in_setup()))
            self.selected.append(name)
            self._say("Selected (lead first): " + ", ".join(self.selected))

        return self._attempt(step)

    def shift_column(self, delta: int) -> bool:
        def step() -> None:
            side = self.selection_side()
            self.column[side] = max(1, min(COLUMNS, self.column[side] + delta))

        return self._attempt(step)

    def _specs_for(self, side: Side, idents: Sequence[str], column: int) -> list[FormationSpec]:
        placed = [spec for s, spec in self.setup if s is side]
        return self._desk().division_specs(idents, column, placed)

    def form_division(self) -> bool:
        def step() -> None:
            if not self.selected:
                raise TsushimaError("touch the ships of the division first, lead ship first")
            side = self.selection_side()
            specs = self._specs_for(side, self.selected, self.column[side])
            self.setup += [(side, s) for s in specs]
            self._say(
                f"{side.adjective} {specs[0].kind} at column {self.column[side]}: "
                + ", ".join(self.selected)
            )
            self.selected = []

        return self._attempt(step)

    def quick_setup(self) -> bool:
        """A first division of each navy (battleships, heaviest guns leading)."""

        def step() -> None:
            f = self._fleet()
            self.setup, self.selected = [], []
            like = {}
            for side in (Side.JAPAN, Side.RUSSIA):
                like[side] = [i for i in self.available(side)
                              if f.berth(i).ship.type is ShipType.B]
                if not like[side]:
                    raise TsushimaError(f"the {side.adjective} navy has no battleship to set up")
            chosen = self._meeting(like[Side.JAPAN], like[Side.RUSSIA])
            for side, ships in zip((Side.JAPAN, Side.RUSSIA), chosen, strict=True):
                # the heaviest guns lead (a proposal only; the referee may form his own)
                ships.sort(key=lambda i: -self._weight(i))
                self.column[side] = QUICK_COLUMNS[side]
                self.setup += [
                    (side, s) for s in self._specs_for(side, ships[:4], QUICK_COLUMNS[side])
                ]
            self._say("Quick set-up: the first battle division of each navy, where they meet.")

        return self._attempt(step)

    def _meeting(self, japan: list[str], russia: list[str]) -> tuple[list[str], list[str]]:
        """The first place (in ledger order) where battleships of both navies stand, as the
        desk's rule on a battle's place reads it: the ships of each navy there."""
        desk, f = self._desk(), self._fleet()
        by_place: dict[str, list[str]] = {}
        for ident in japan + russia:
            by_place.setdefault(f.berth(ident).location, []).append(ident)
        for jp in {f.berth(i).location: None for i in japan}:
            for ru in {f.berth(i).location: None for i in russia}:
                a, b = by_place[jp], by_place[ru]
                try:
                    desk.check_meeting([a[0], b[0]])
                except TsushimaError:
                    continue
                return [i for i in a if i in japan], [i for i in b if i in russia]
        raise TsushimaError("no place holds battleships of both navies: ships fight only where "
                            "they meet (record the moves on the Campaign screen first)")

    def _weight(self, ident: str) -> int:
        c = self._fleet().berth(ident).ship.counter
        return sum(g.factor * g.salvos for g in (c.primary, c.secondary) if g) + c.armour

    # ------------------------------------------------------------------ where, who first
    OPEN_SEA = "open sea"

    def battle_places(self) -> list[str]:
        """Where the battle being set up may be fought: the open sea, or as a port battle in
        a map port where a ship of the set-up is recorded (the desk checks the meeting)."""
        f = self._fleet()
        ports = {f.berth(i).location for i in [*self.in_setup(), *self.selected]}
        return [self.OPEN_SEA, *sorted(p for p in ports if p in self.data.ports
                                       and self.data.ports[p].zone is None)]

    def set_battle_place(self, place: str) -> bool:
        def step() -> None:
            if place not in (self.OPEN_SEA, *self.data.ports):
                raise TsushimaError(f"{place!r} is not a port of the map")
            self.battle_port = "" if place == self.OPEN_SEA else place
            self._say(f"A port battle at {place}: only the defender's exit is limited."
                      if self.battle_port else "The battle is fought in open sea.")

        return self._attempt(step)

    def first_mover(self) -> Side:
        """Who moves first on the board: the referee's choice, else the scenario's."""
        return self.battle_first or self.scenario.first_mover

    def toggle_first(self) -> bool:
        def step() -> None:
            self.battle_first = self.first_mover().enemy
            self._say(f"The {self.battle_first.adjective} side moves first.")

        return self._attempt(step)

    def clear_setup(self) -> bool:
        def step() -> None:
            self.setup, self.selected = [], []
            self.battle_port, self.battle_first = "", None
            self._say("Battle set-up cleared.")

        return self._attempt(step)

    def start_battle(self) -> bool:
        def step() -> None:
            desk = self._desk()
            if not self.setup and self.scenario.kind == "battle_board":
                desk.battle_scenario()
            else:
                desk.battle_start([(side, spec.ships, spec.column) for side, spec in self.setup],
                                  self.battle_first, self.battle_port or None)
            e = self._battle()
            self.setup, self.selected, self.moves, self.plan = [], [], {}, []
            self.battle_port, self.battle_first = "", None
            self.flee, self.flee_merchants, self.flight_die, self.detach = False, False, None, []
            self.faces, self.dice_source = {}, {}
            self.results = [f"The battle board is set: {e.describe()[-1]}"]
            self._say("")

        return self._attempt(step)
