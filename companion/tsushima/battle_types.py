"""The battle board's terms: its columns, the kinds of formation, and the orders given.

What a player sets up (:class:`FormationSpec`), what stands on the board (:class:`Formation`)
and what is fired (:class:`FireOrder`, :class:`Declared`): plain values that the engagement
(:mod:`companion.tsushima.battle`) is made of.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .errors import TsushimaError
from .fire import Shot, Weapon
from .tables import Result
from .units import Side

COLUMNS = 12
HOME_EDGE = {Side.JAPAN: 1, Side.RUSSIA: COLUMNS}
FLIGHT_FACES = (1, 2, 3)
FLIGHT_SUCCESSES = 3
PORT_EXITS_PER_ROUND = 4


class Kind(StrEnum):
    BATTLE = "battle"
    CRUISER = "cruiser"
    INDEPENDENT = "independent"  # Novik, Boyarin, Izumrud sailing alone
    STRAGGLER = "straggler"  # a damaged ship dropped from its division
    SMALL = "small"  # one destroyer or torpedo boat counter
    MERCHANT = "merchant"
    COAST = "coast"  # the shore guns of a port battle, off the board


DIVISIONS = (Kind.BATTLE, Kind.CRUISER)


@dataclass(frozen=True)
class FormationSpec:
    """What a player sets up: a division (lead ship first) or a lone counter, and its column."""

    kind: str
    ships: tuple[str, ...]
    column: int
    short_allowed: bool = False


@dataclass(frozen=True)
class Formation:
    ident: str
    side: Side
    kind: Kind
    ships: tuple[str, ...]  # lead first; sunk ships stay listed so positions keep their meaning
    column: int
    fleeing: bool = False


@dataclass(frozen=True)
class FireOrder:
    """``firer``'s ``weapon`` (primary, secondary or torpedo) aimed at ``target``.

    >>> FireOrder.parse("Mikasa:primary>Retvizan")
    FireOrder(firer='Mikasa', weapon='primary', target='Retvizan', salvos=None)
    >>> str(FireOrder("JD1", "torpedo", "Variag"))
    'JD1:torpedo>Variag'
    """

    firer: str
    weapon: Weapon
    target: str
    salvos: int | None = None  # torpedoes only: salvos given to this target (None: all left)

    @classmethod
    def parse(cls, text: str) -> FireOrder:
        """``JD1:torpedo*2>Variag`` gives two of JD1's torpedo salvos to Variag.

        >>> FireOrder.parse("JD1:torpedo*1>Variag").salvos
        1
        """
        left, sep, target = text.partition(">")
        firer, _, weapon = left.partition(":")
        weapon, star, count = (weapon.strip() or "primary").partition("*")
        if not sep or not firer.strip() or not target.strip():
            raise TsushimaError(f"fire order {text!r} is not like 'Mikasa:primary>Retvizan'")
        if weapon not in ("primary", "secondary", "torpedo"):
            raise TsushimaError(f"weapon {weapon!r} is not primary, secondary or torpedo")
        salvos = None
        if star:
            if weapon != "torpedo":
                raise TsushimaError("only torpedo salvos may be split among targets")
            if not count.isdigit() or int(count) < 1:
                raise TsushimaError(f"salvo count {count!r} in {text!r} is not a whole number")
            salvos = int(count)
        return cls(firer.strip(), weapon, target.strip(), salvos)  # type: ignore[arg-type]

    def __str__(self) -> str:
        count = f"*{self.salvos}" if self.salvos is not None else ""
        return f"{self.firer}:{self.weapon}{count}>{self.target}"


@dataclass(frozen=True)
class Declared:
    order: FireOrder
    shot: Shot
    rolls: tuple[int, ...] | None = None
    results: tuple[Result, ...] = ()

