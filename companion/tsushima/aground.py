"""Running aground after a movement segment that entered partial sea hexes.

One trigger die for the whole segment; on a 6 the owner rolls ship by ship, in an order
he chooses, until one ship rolls a 6. A large ship then rolls its damage; a destroyer or
torpedo boat counter simply takes one hit.

>>> aground_odds(1)[0]
Fraction(1, 36)
>>> r = resolve_aground(["Mikasa", "Fuji"], trigger=6, ship_dice=[2, 6], damage_die=4,
...                     small_craft=set())
>>> r.ship, r.hits
('Fuji', 2)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .dice import check_die
from .errors import TsushimaError

TRIGGER = 6
DAMAGE = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}  # 3 = sunk


@dataclass(frozen=True)
class AgroundResult:
    ship: str | None
    hits: int  # 3 means sunk

    def sentence(self) -> str:
        if self.ship is None:
            return "No ship ran aground."
        what = {1: "takes one hit", 2: "takes two hits", 3: "is wrecked and sunk"}[self.hits]
        return f"{self.ship} runs aground and {what}."


def aground_odds(ships: int) -> dict[int, Fraction]:
    """Chance that the ship at each position in the rolling order runs aground.

    >>> sum(aground_odds(3).values()) == Fraction(1, 6) * (1 - Fraction(5, 6) ** 3)
    True
    """
    if ships < 0:
        raise TsushimaError("number of ships cannot be negative")
    return {k: Fraction(1, 6) * Fraction(5, 6) ** k * Fraction(1, 6) for k in range(ships)}


def damage_odds() -> dict[int, Fraction]:
    """Hits from the damage die (3 = sunk)."""
    out: dict[int, Fraction] = {}
    for _face, hits in DAMAGE.items():
        out[hits] = out.get(hits, Fraction(0)) + Fraction(1, 6)
    return out


def resolve_aground(
    order: Sequence[str],
    trigger: int,
    ship_dice: Sequence[int] = (),
    damage_die: int | None = None,
    small_craft: Collection[str] = (),
) -> AgroundResult:
    """Apply the dice to the ships that entered partial sea hexes, in rolling order."""
    if check_die(trigger, "trigger die") != TRIGGER:
        if ship_dice or damage_die is not None:
            raise TsushimaError("no ship dice are rolled unless the trigger die is a 6")
        return AgroundResult(None, 0)
    if not order:
        raise TsushimaError("the trigger came up 6 but no ship entered a partial sea hex")
    for i, die in enumerate(ship_dice):
        if i >= len(order):
            raise TsushimaError(f"{len(ship_dice)} ship dice given for {len(order)} ships")
        if check_die(die, f"die for {order[i]}") == TRIGGER:
            if i + 1 != len(ship_dice):
                raise TsushimaError(f"rolling stops at {order[i]}'s 6; extra dice given")
            ship = order[i]
            if ship in small_craft:
                if damage_die is not None:
                    raise TsushimaError(
                        f"{ship} is a small-craft counter: it takes one hit, no damage die"
                    )
                return AgroundResult(ship, 1)
            if damage_die is None:
                raise TsushimaError(f"{ship} ran aground: its damage die is needed")
            return AgroundResult(ship, DAMAGE[check_die(damage_die, "damage die")])
    if len(ship_dice) != len(order):
        raise TsushimaError(
            f"roll for every ship until one rolls a 6: {len(order)} ships, {len(ship_dice)} dice"
        )
    return AgroundResult(None, 0)
