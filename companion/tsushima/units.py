"""Counters (what is printed) and ships (a counter plus its damage and morale).

>>> mikasa = Counter("Mikasa", Side.JAPAN, ShipType.B, 9, 5, 7, Gun(7, 2), Gun(2, 4))
>>> format_counter(mikasa)
'B9 5 7 Mikasa 7-2 2-4'
>>> ship = Ship("Mikasa", mikasa).with_hits(1)
>>> ship.salvos("primary"), ship.salvos("secondary"), ship.movement
(1, 2, 5)
>>> ship.with_hits(1).movement
2
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from .errors import TsushimaError

GunSlot = Literal["primary", "secondary"]
GUN_SLOTS: tuple[GunSlot, ...] = ("primary", "secondary")


class Side(StrEnum):
    RUSSIA = "russia"
    JAPAN = "japan"

    @property
    def enemy(self) -> Side:
        return Side.JAPAN if self is Side.RUSSIA else Side.RUSSIA

    @property
    def adjective(self) -> str:
        return "Russian" if self is Side.RUSSIA else "Japanese"


class ShipType(StrEnum):
    A = "A"  # armoured cruiser
    B = "B"  # battleship
    C = "C"  # protected cruiser
    D = "D"  # destroyer counter (three boats)
    T = "T"  # torpedo boat counter (six boats)
    M = "M"  # merchant
    K = "K"  # coast defence battery (port battles only; never a counter)

    @property
    def small_craft(self) -> bool:
        return self in (ShipType.D, ShipType.T)

    @property
    def label(self) -> str:
        return _TYPE_LABELS[self]


_TYPE_LABELS = {
    ShipType.A: "armoured cruiser",
    ShipType.B: "battleship",
    ShipType.C: "protected cruiser",
    ShipType.D: "destroyer counter",
    ShipType.T: "torpedo boat counter",
    ShipType.M: "merchant",
    ShipType.K: "coast battery",
}


@dataclass(frozen=True)
class Gun:
    """A gun factor and its salvo superscript, written ``factor-salvos``.

    >>> Gun.parse("8-2")
    Gun(factor=8, salvos=2)
    >>> str(Gun(3, 3))
    '3-3'
    """

    factor: int
    salvos: int

    @classmethod
    def parse(cls, text: str) -> Gun:
        try:
            factor, salvos = (int(part) for part in text.split("-"))
        except ValueError:
            raise TsushimaError(f"gun {text!r} is not written factor-salvos, e.g. 8-2") from None
        return cls(factor, salvos)

    def __str__(self) -> str:
        return f"{self.factor}-{self.salvos}"


@dataclass(frozen=True)
class Counter:
    """What a counter prints. ``count`` is how many identical counters the sheet holds."""

    name: str
    nation: Side
    type: ShipType
    size: int
    speed: int
    armour: int
    primary: Gun | None = None
    secondary: Gun | None = None
    torpedo_salvos: int = 0
    count: int = 1
    guns_checked: bool = False

    def gun(self, slot: GunSlot) -> Gun | None:
        return self.primary if slot == "primary" else self.secondary


def format_counter(counter: Counter) -> str:
    guns = " ".join("-" if g is None else str(g) for g in (counter.primary, counter.secondary))
    torp = f" T-{counter.torpedo_salvos}" if counter.torpedo_salvos else ""
    return (
        f"{counter.type}{counter.size} {counter.speed} {counter.armour} {counter.name} {guns}{torp}"
    )


def halve(salvos: int) -> int:
    """Half, fractions dropped, but a gun that had a salvo keeps one.

    >>> [halve(n) for n in (0, 1, 2, 3, 4, 5)]
    [0, 1, 1, 1, 2, 2]
    """
    return 0 if salvos <= 0 else max(1, salvos // 2)


@dataclass(frozen=True)
class Ship:
    """One ship (or one small-craft counter) in play: identity, counter, damage, morale.

    ``ident`` is unique in a game: the ship's name, or e.g. ``JD2`` for the second Japanese
    destroyer counter. ``morale`` is 0 (normal) or negative.
    """

    ident: str
    counter: Counter
    hits: int = 0
    morale: int = 0
    captured: bool = False

    @property
    def side(self) -> Side:
        return self.counter.nation

    @property
    def type(self) -> ShipType:
        return self.counter.type

    @property
    def navy(self) -> Side:
        """The navy the ship now serves: its captor's once captured (``side`` stays the
        nation that built it, which victory points and home-port repairs read)."""
        return self.side.enemy if self.captured else self.side

    @property
    def hit_limit(self) -> int:
        """Hits that remove the ship: one for a merchant, three for anything else."""
        return 1 if self.counter.type is ShipType.M else 3

    @property
    def sunk(self) -> bool:
        return self.counter.type is not ShipType.K and self.hits >= self.hit_limit

    @property
    def movement(self) -> int:
        """Map movement factor after damage (two hits halve it; small craft never slow)."""
        if self.counter.type.small_craft or self.hits < 2:
            return self.counter.speed
        return self.counter.speed // 2

    def salvos(self, slot: GunSlot, fleeing: bool = False) -> int:
        """Salvos this gun may fire in one firing round, after damage and flight."""
        gun = self.counter.gun(slot)
        if gun is None or self.sunk:
            return 0
        if self.counter.type.small_craft:
            n = max(0, gun.salvos - self.hits)
        elif self.hits == 1:
            n = halve(gun.salvos)
        elif self.hits >= 2:
            n = min(1, gun.salvos)
        else:
            n = gun.salvos
        return halve(n) if fleeing else n

    @property
    def torpedo_salvos(self) -> int:
        if self.sunk:
            return 0
        return max(0, self.counter.torpedo_salvos - self.hits)

    def with_hits(self, extra: int) -> Ship:
        """The ship after ``extra`` more hits (never beyond the hits that remove it)."""
        if extra < 0:
            raise TsushimaError(f"cannot add {extra} hits")
        if self.counter.type is ShipType.K:
            return self
        return dataclasses.replace(self, hits=min(self.hit_limit, self.hits + extra))

    def repaired(self, hits: int) -> Ship:
        return dataclasses.replace(self, hits=max(0, self.hits - hits))

    def with_morale(self, morale: int) -> Ship:
        if morale > 0:
            raise TsushimaError(f"morale {morale} is above normal (0)")
        return dataclasses.replace(self, morale=morale)

    def status(self) -> str:
        """A short phrase for players: damage then morale."""
        if self.counter.type is ShipType.K:
            return "shore battery, cannot be hit"
        if self.sunk:
            return "sunk" if self.counter.type is not ShipType.D else "eliminated"
        parts = ["undamaged" if self.hits == 0 else f"{self.hits} hit" + "s" * (self.hits > 1)]
        parts.append("morale normal" if self.morale == 0 else f"morale {self.morale}")
        return ", ".join(parts)
