"""Morale: lost by spending terminal phases at sea, regained by sets of four phases in port.

>>> rec = MoraleRecord()
>>> rec = after_phase(rec, "sea", terminal=True)
>>> rec = after_phase(rec, "sea", terminal=True)
>>> rec.level, rec.terminals_at_sea
(-2, 2)
>>> for terminal in (False, False, False, True):
...     rec = after_phase(rec, "port", terminal)
>>> rec.level
-1
>>> after_phase(MoraleRecord(), "flying_base", terminal=True).level
0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .errors import TsushimaError

Location = Literal["sea", "port", "flying_base"]
PHASES_PER_LEVEL = 4


@dataclass(frozen=True)
class MoraleRecord:
    level: int = 0  # 0 normal, -1, -2, ...
    phases_in_port: int = 0  # consecutive phases in a friendly port in the current set
    terminal_in_set: bool = False  # whether that set includes a terminal phase
    terminals_at_sea: int = 0  # the record of time at sea the owner must keep

    def describe(self) -> str:
        level = "normal" if self.level == 0 else str(self.level)
        extra = ""
        if self.phases_in_port:
            extra = f", {self.phases_in_port} phase(s) in port towards recovery"
        return f"morale {level}{extra}"


def after_phase(rec: MoraleRecord, where: Location, terminal: bool) -> MoraleRecord:
    """The record once a phase has ended with the ship at ``where``.

    ``port`` means a friendly port in its owner's hands (a zone with such a port counts);
    ``flying_base`` shelters from the terminal-phase loss but does not restore morale.
    """
    if where == "port":
        count = rec.phases_in_port + 1
        seen_terminal = rec.terminal_in_set or terminal
        if count >= PHASES_PER_LEVEL and seen_terminal:
            return MoraleRecord(min(0, rec.level + 1), 0, False, rec.terminals_at_sea)
        return MoraleRecord(rec.level, count, seen_terminal, rec.terminals_at_sea)
    if where == "flying_base":
        return MoraleRecord(rec.level, 0, False, rec.terminals_at_sea)
    if where == "sea":
        if terminal:
            return MoraleRecord(rec.level - 1, 0, False, rec.terminals_at_sea + 1)
        return MoraleRecord(rec.level, 0, False, rec.terminals_at_sea)
    raise TsushimaError(f"unknown location {where!r}; use sea, port or flying_base")


def gunfire_modifiers(firer_morale: int, target_morale: int) -> tuple[int, int]:
    """(attacker's change, defender's change) to a gunfire roll: low morale hurts both ways.

    >>> gunfire_modifiers(-2, -1)
    (-2, 1)
    """
    return firer_morale, -target_morale
