"""The terminal phase on screen: the ships marked for repair, each port's count against its
capacity, the morale each ship will have once the phase ends, and the repair dice (virtual or
entered). The phase itself is the desk's step (no Kivy)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from companion.core.dice import read_face
from companion.tsushima import TsushimaError, after_phase, repair_odds

from .desk_state import DeskState


@dataclass(frozen=True)
class PortUse:
    port: str
    asked: int
    used: int
    capacity: int

    @property
    def over(self) -> bool:
        return self.used + self.asked > self.capacity


class TerminalPlans(DeskState):
    """Mixed into :class:`~ui.tsushima.controller.TsushimaDesk`."""

    # ------------------------------------------------------------------ terminal phase
    def to_terminal(self) -> bool:
        return self._desk_step(lambda d: d.to_terminal())

    def repair_candidates(self) -> list[str]:
        f = self._fleet()
        return [b.ship.ident for b in f.berths if b.ship.hits and not b.ship.sunk]


    def toggle_repair(self, ident: str) -> bool:
        def step() -> None:
            name = self._fleet().berth(ident).ship.ident
            if name in self.repairs:
                self.repairs.remove(name)
            else:
                self.repairs.append(name)
            self._say("")

        return self._attempt(step)

    def port_use(self) -> list[PortUse]:
        f = self._fleet()
        asked: dict[str, int] = {}
        for ident in self.repairs:
            loc = f.berth(ident).location
            asked[loc] = asked.get(loc, 0) + 1
        used = dict(f.repairs_used)
        out = []
        for name, n in asked.items():
            port = self.data.ports.get(name)
            out.append(PortUse(name, n, used.get(name, 0), port.repair if port else 0))
        return out

    def repair_odds(self, ident: str) -> dict[str, Fraction]:
        return repair_odds(self._fleet().berth(ident).ship.captured)

    def morale_preview(self) -> list[tuple[str, int, int, str]]:
        """(ship, level now, level after this phase, where) for every ship that changes."""
        f = self._fleet()
        out = []
        for b in f.berths:
            if b.ship.sunk:
                continue
            where = f.morale_location(b)
            after = after_phase(b.morale, where, f.time.terminal)
            if after.level != b.morale.level:
                out.append((b.ship.ident, b.morale.level, after.level, b.location))
        return out

    def _end_phase(self, dice: Mapping[str, int]) -> None:
        self.results = self._desk().terminal(dict(dice))
        self.repairs = []
        self._say("Terminal phase done: repairs and morale are on the ledger.")

    def run_terminal(self) -> bool:
        """Virtual repair dice for the ships chosen, then morale; all or nothing."""

        def step() -> None:
            dice = {ident: self.dice.d6() for ident in self.repairs}
            self._end_phase(dice)

        return self._attempt(step)

    def enter_terminal(self, dice: Mapping[str, int]) -> bool:
        def step() -> None:
            faces = {k: read_face(v) for k, v in dice.items()}
            if set(faces) != set(self.repairs):
                raise TsushimaError("enter one repair die for each ship chosen for repair")
            self._end_phase(faces)

        return self._attempt(step)
