"""Spotting: the cumulative one-die modifiers of Table 2, port protection, strategic zones.

>>> s = SpottingSituation(destroyers=2, began_in_hex=True)
>>> s.modifier, spot_odds(s)
(4, Fraction(1, 1))
>>> SpottingSituation(hidden_evades=True, partial_sea=True).modifier
-1
>>> resolve_spotting(SpottingSituation(hidden_evades=True), 6)
False
>>> resolve_spotting(SpottingSituation(partial_sea=True), 4)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .dice import TWO_DICE, at_least, chance, check_die, check_two_dice
from .errors import TsushimaError
from .units import Ship, ShipType

TARGET = 5
ZONE_TARGET = 10
PORT_ATTACK = (6,)
PORT_ATTACK_SURPRISE = (3, 4, 5, 6)


@dataclass(frozen=True)
class SpottingSituation:
    """The facts Table 2 asks about, from the searching player's side."""

    destroyers: int = 0  # searcher's destroyer counters in the hex
    two_hit_ships: int = 0  # searcher's ships with two hits
    low_morale_ships: int = 0  # searcher's ships at morale -2 or worse
    began_in_hex: bool = False  # a searcher began the previous movement segment here
    partial_sea: bool = False
    hidden_evades: bool = False

    def __post_init__(self) -> None:
        for name in ("destroyers", "two_hit_ships", "low_morale_ships"):
            if getattr(self, name) < 0:
                raise TsushimaError(f"{name.replace('_', ' ')} cannot be negative")

    @classmethod
    def from_ships(
        cls,
        searchers: list[Ship],
        began_in_hex: bool = False,
        partial_sea: bool = False,
        hidden_evades: bool = False,
    ) -> SpottingSituation:
        live = [s for s in searchers if not s.sunk]
        return cls(
            destroyers=sum(s.type is ShipType.D for s in live),
            two_hit_ships=sum(s.hits >= 2 and not s.type.small_craft for s in live),
            low_morale_ships=sum(s.morale <= -2 for s in live),
            began_in_hex=began_in_hex,
            partial_sea=partial_sea,
            hidden_evades=hidden_evades,
        )

    @property
    def modifiers(self) -> tuple[tuple[str, int], ...]:
        out: list[tuple[str, int]] = []
        if self.destroyers:
            out.append((f"{self.destroyers} destroyer counter(s) searching", self.destroyers))
        if self.two_hit_ships:
            out.append(
                (f"{self.two_hit_ships} searching ship(s) with two hits", -self.two_hit_ships)
            )
        if self.low_morale_ships:
            out.append(
                (
                    f"{self.low_morale_ships} searching ship(s) at morale -2 or worse",
                    -self.low_morale_ships,
                )
            )
        if self.began_in_hex:
            out.append(("a searcher began the previous movement segment here", 2))
        if self.partial_sea:
            out.append(("partial sea hex", 1))
        if self.hidden_evades:
            out.append(("the hidden side evades", -2))
        return tuple(out)

    @property
    def modifier(self) -> int:
        return sum(v for _, v in self.modifiers)


def spot_odds(s: SpottingSituation) -> Fraction:
    """Chance that one die plus the modifiers reaches 5."""
    return at_least(TARGET, s.modifier)


def resolve_spotting(s: SpottingSituation, die: int) -> bool:
    return check_die(die) + s.modifier >= TARGET


def port_attack_odds(surprise: bool = False) -> Fraction:
    """Chance that a port's protection is broken (a 6; 3-6 in the first-turn surprise).

    >>> port_attack_odds(), port_attack_odds(surprise=True)
    (Fraction(1, 6), Fraction(2, 3))
    """
    return chance(PORT_ATTACK_SURPRISE if surprise else PORT_ATTACK)


def resolve_port_attack(die: int, surprise: bool = False) -> bool:
    return check_die(die) in (PORT_ATTACK_SURPRISE if surprise else PORT_ATTACK)


def zone_spot_odds(rollers: int = 2) -> Fraction:
    """Chance that at least one of ``rollers`` two-dice rolls reaches 10 in a strategic zone.

    >>> zone_spot_odds(1), zone_spot_odds(2)
    (Fraction(1, 6), Fraction(11, 36))
    """
    miss = 1 - at_least(ZONE_TARGET, 0, TWO_DICE)
    return 1 - miss**rollers


def resolve_zone_spotting(total: int) -> bool:
    return check_two_dice(total) >= ZONE_TARGET


@dataclass(frozen=True)
class EvasionRecord:
    """Which navies chose to evade this turn: they may not search again until the next turn."""

    turn: int
    evading: frozenset[str] = frozenset()

    def evade(self, side: str) -> EvasionRecord:
        return EvasionRecord(self.turn, self.evading | {side})

    def may_search(self, side: str, turn: int) -> bool:
        return turn != self.turn or side not in self.evading

    def check_search(self, side: str, turn: int) -> None:
        if not self.may_search(side, turn):
            raise TsushimaError(
                f"{side} chose to evade this turn and may not search until next turn"
            )
