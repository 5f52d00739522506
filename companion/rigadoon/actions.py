"""Rigadoon actions, each with a one-line notation used by records and the command line.

>>> parse_action("sail b1 r6c6 sink")
Sail(ship=0, to=(6, 6), stop='sink')
>>> parse_action("SAIL g2 R3C4").notation()
'sail g2 r3c4'
>>> parse_action("wind SE").notation(), parse_action("choose g1 b2").notation()
('wind se', 'choose g1 b2')
>>> parse_action("fly b1")
Traceback (most recent call last):
...
companion.rigadoon.geometry.RigadoonError: 'fly b1' is not a Rigadoon action: unknown word 'fly'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .chain import parse_ship, ship_name
from .geometry import Direction, RigadoonError

FLEET_NAMES = ("blue", "green")
_SQUARE = re.compile(r"r(\d+)c(\d+)")


@dataclass(frozen=True, slots=True)
class PickFleet:
    """The player who sails first picks the fleet they command."""

    fleet: int

    def notation(self) -> str:
        return f"fleet {FLEET_NAMES[self.fleet]}"


@dataclass(frozen=True, slots=True)
class Opening:
    """The second player sets the opening wind (a card picked from the deck, or the die)."""

    wind: Direction

    def notation(self) -> str:
        return f"opening {self.wind.short}"


@dataclass(frozen=True, slots=True)
class Change:
    """The fleet on turn changes the wind: a card is drawn or the die rolled next."""

    def notation(self) -> str:
        return "change"


@dataclass(frozen=True, slots=True)
class NewWind:
    """What the drawn card or the rolled die shows (a chance outcome)."""

    wind: Direction

    def notation(self) -> str:
        return f"wind {self.wind.short}"


@dataclass(frozen=True, slots=True)
class Sail:
    """A ship sails in a straight line to ``to`` (row, col).

    ``stop`` is ``sink`` or ``aground`` to stop on the chest of that square instead of
    bumping it on."""

    ship: int
    to: tuple[int, int]
    stop: str = ""

    def notation(self) -> str:
        tail = f" {self.stop}" if self.stop else ""
        return f"sail {ship_name(self.ship)} r{self.to[0]}c{self.to[1]}{tail}"


@dataclass(frozen=True, slots=True)
class Repair:
    ship: int

    def notation(self) -> str:
        return f"repair {ship_name(self.ship)}"


@dataclass(frozen=True, slots=True)
class End:
    """The fleet on turn ends its turn (needed only when ships in port could still sail)."""

    def notation(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Choose:
    """One option of the choice the chain reaction waits for."""

    option: str

    def notation(self) -> str:
        return f"choose {self.option}"


Action = PickFleet | Opening | Change | NewWind | Sail | Repair | End | Choose


def parse_action(text: str) -> Action:
    words = text.strip().lower().split()
    if not words:
        raise RigadoonError("an empty line is not a Rigadoon action")
    verb, rest = words[0], words[1:]

    def need(n: int, form: str) -> None:
        if len(rest) != n:
            raise RigadoonError(f"{text.strip()!r}: write it as '{form}'")

    if verb == "fleet":
        need(1, "fleet blue|green")
        if rest[0] not in FLEET_NAMES:
            raise RigadoonError(f"{rest[0]!r} is not a fleet: blue or green")
        return PickFleet(FLEET_NAMES.index(rest[0]))
    if verb == "opening":
        need(1, "opening DIRECTION")
        return Opening(Direction.parse(rest[0]))
    if verb == "change":
        need(0, "change")
        return Change()
    if verb == "wind":
        need(1, "wind DIRECTION")
        return NewWind(Direction.parse(rest[0]))
    if verb == "sail":
        if len(rest) not in (2, 3):
            raise RigadoonError(f"{text.strip()!r}: write it as 'sail SHIP SQUARE [sink|aground]'")
        stop = rest[2] if len(rest) == 3 else ""
        if stop not in ("", "sink", "aground"):
            raise RigadoonError(f"{stop!r}: a sail ends with 'sink', 'aground' or nothing")
        return Sail(parse_ship(rest[0]), parse_square(rest[1]), stop)
    if verb == "repair":
        need(1, "repair SHIP")
        return Repair(parse_ship(rest[0]))
    if verb == "end":
        need(0, "end")
        return End()
    if verb == "choose":
        if not rest:
            raise RigadoonError("write the option after 'choose'")
        return Choose(" ".join(rest))
    raise RigadoonError(f"{text.strip()!r} is not a Rigadoon action: unknown word {verb!r}")


def parse_square(text: str) -> tuple[int, int]:
    m = _SQUARE.fullmatch(text.strip().lower())
    if not m:
        raise RigadoonError(f"{text.strip()!r} is not a square: write it like r5c5")
    return int(m.group(1)), int(m.group(2))
