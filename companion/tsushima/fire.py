"""Gunfire and torpedo attacks: the modifiers, the salvos and the exact odds, then the result.

Range ``R`` counts the columns strictly between firer and target, as the worked example
does: adjacent columns are range 0 and a gun factor loses one per column of range.

>>> from .data import default_data
>>> d = default_data()
>>> mikasa = Ship("Mikasa", d.counter("Mikasa"))
>>> retvizan = Ship("Retvizan", d.counter("Retvizan"))
>>> shot = gun_shot(mikasa, retvizan, "primary", Conditions(range=4), d)
>>> shot.effective, shot.combat_die_modifier, shot.salvos
(3, -5, 2)
>>> [r.symbol for r in shot.resolve([5, 6])]
['-', '-']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

from .dice import check_two_dice
from .errors import TsushimaError
from .tables import HitTable, Result, salvo_series_odds
from .units import GUN_SLOTS, Counter, Gun, GunSlot, Ship, ShipType, Side

if TYPE_CHECKING:
    from .dataset import DataSet

Weapon = Literal["primary", "secondary", "torpedo"]
MAX_RANGE = 11  # ten columns between counters on the board, eleven from the shore guns
TORPEDO_ADJACENT = -3
SCREEN = -2
SHARED_TARGET = -2


def range_between(column_a: int, column_b: int) -> int:
    """Range as the worked example counts it: columns strictly between the two.

    >>> range_between(3, 8), range_between(5, 6), range_between(5, 5)
    (4, 0, 0)
    """
    return max(0, abs(column_a - column_b) - 1)


def coast_battery(owner: Side, number: int, data: DataSet) -> Ship:
    """One of the two shore guns a port owner fires in a port battle; it cannot be hit."""
    spec = data.tables["coast_guns"]
    counter = Counter(
        f"Coast gun {number}",
        owner,
        ShipType.K,
        9,
        0,
        0,
        Gun(int(spec["factor"]), int(spec["salvos"])),
        None,
        guns_checked=True,
    )
    return Ship(counter.name, counter)


class FlightSalvos(StrEnum):
    """The two readings of the sentence halving gunnery salvos "on fleeing ships".

    ``OWN`` (the default): a fleeing ship fires half its salvos. The rule on the bow-turret
    ships (Itsukushima, Hashidate), which lose their primary salvos when using flight, treats
    flight as cutting the fleeing ship's own fire, and this reading follows it.
    ``AGAINST``: salvos aimed at fleeing ships are halved instead.
    """

    OWN = "own"
    AGAINST = "against"


@dataclass(frozen=True)
class Conditions:
    """Everything about a shot that is not printed on the two counters."""

    range: int = 0
    firer_screened: bool = False
    target_screened: bool = False
    shared_target: bool = False
    firer_fleeing: bool = False
    target_fleeing: bool = False
    flight_salvos: FlightSalvos = FlightSalvos.OWN

    def __post_init__(self) -> None:
        if not 0 <= self.range <= MAX_RANGE:
            raise TsushimaError(
                f"range {self.range} is impossible on a 12-column board "
                f"(0 = adjacent columns, at most {MAX_RANGE} from shore guns)"
            )


@dataclass(frozen=True)
class Shot:
    """One weapon of one ship aimed at one target: its numbers, odds and whether it may fire."""

    firer: str
    target: str
    weapon: Weapon
    factor: int
    effective: int
    combat_die_modifier: int
    modifiers: tuple[tuple[str, int], ...]
    salvos: int
    column: int
    usable: bool
    reason: str
    hit_limit: int
    table: HitTable = field(repr=False, compare=False)

    @property
    def total_modifier(self) -> int:
        return sum(v for _, v in self.modifiers)

    @property
    def odds(self) -> dict[Result, Fraction]:
        """Chance of each result for one salvo (all no-effect when the weapon cannot fire)."""
        if not self.usable:
            return {r: Fraction(int(r is Result.NO_EFFECT)) for r in Result}
        return self.table.odds(self.column, self.total_modifier)

    @property
    def series_odds(self) -> dict[int, Fraction]:
        """Chance of each number of hits from all this weapon's salvos together."""
        return salvo_series_odds(self.odds, self.salvos if self.usable else 0, self.hit_limit)

    def resolve(self, totals: Sequence[int]) -> tuple[Result, ...]:
        """Results for the two-dice totals rolled, one total per salvo."""
        if not self.usable:
            raise TsushimaError(
                f"{self.firer}'s {self.weapon} cannot fire at {self.target}: {self.reason}"
            )
        if len(totals) != self.salvos:
            raise TsushimaError(
                f"{self.firer}'s {self.weapon} fires {self.salvos} salvo(s); "
                f"{len(totals)} roll(s) given"
            )
        return tuple(
            self.table.lookup(self.column, check_two_dice(t) + self.total_modifier) for t in totals
        )


def _check_pair(firer: Ship, target: Ship) -> None:
    if firer.sunk:
        raise TsushimaError(f"{firer.ident} is sunk and cannot fire")
    if target.sunk:
        raise TsushimaError(f"{target.ident} is already sunk")
    if firer.side is target.side:
        raise TsushimaError(f"{firer.ident} may not fire on {target.ident}: same navy")
    if target.type is ShipType.K:
        raise TsushimaError("coast guns cannot be fired upon")


def gun_shot(firer: Ship, target: Ship, slot: GunSlot, cond: Conditions, data: DataSet) -> Shot:
    """Gunfire from one of ``firer``'s guns at ``target``."""
    _check_pair(firer, target)
    gun = firer.counter.gun(slot)
    if gun is None:
        raise TsushimaError(f"{firer.ident} has no {slot} guns")
    effective = gun.factor - cond.range
    cdm = effective - target.counter.armour
    mods: list[tuple[str, int]] = [("combat die modifier", cdm)]
    if firer.morale:
        mods.append(("firer's morale", firer.morale))
    if target.morale:
        # Low morale in the target counts for the attacker: the same size, the other sign.
        mods.append(("target's morale", -target.morale))
    if cond.target_screened:
        mods.append(("target screened", SCREEN))
    if cond.firer_screened:
        mods.append(("firing ship screened", SCREEN))
    if cond.shared_target:
        mods.append(("several ships on one target", SHARED_TARGET))
    special = data.special(firer.counter.name)
    if slot == "primary" and special.get("primary_modifier"):
        mods.append((f"{firer.counter.name}'s faulty mounts", int(special["primary_modifier"])))
    halved = (
        cond.firer_fleeing if cond.flight_salvos is FlightSalvos.OWN else cond.target_fleeing
    )
    salvos = firer.salvos(slot, fleeing=halved)
    if cond.firer_fleeing and slot == "primary" and special.get("no_primary_in_flight"):
        salvos = 0
    usable, reason = True, ""
    if target.type.small_craft and slot == "primary":
        usable, reason = False, "destroyer and torpedo-boat counters are targets for secondary guns alone"
    elif effective <= 0:
        usable, reason = False, f"out of range (effective gun factor {effective})"
    elif salvos <= 0:
        usable, reason = False, "no salvos left"
    return Shot(
        firer.ident,
        target.ident,
        slot,
        gun.factor,
        effective,
        cdm,
        tuple(mods),
        salvos,
        target.counter.size,
        usable,
        reason,
        target.hit_limit,
        data.gunfire,
    )


def gun_shots(firer: Ship, target: Ship, cond: Conditions, data: DataSet) -> tuple[Shot, ...]:
    """One :class:`Shot` per gun the firer carries (primary first)."""
    return tuple(
        gun_shot(firer, target, slot, cond, data)
        for slot in GUN_SLOTS
        if firer.counter.gun(slot) is not None
    )


def torpedo_shot(
    firer: Ship, target: Ship, adjacent: bool, data: DataSet, salvos: int | None = None
) -> Shot:
    """A torpedo attack from a destroyer or torpedo boat counter (same or adjacent column).

    ``salvos`` is the share of the counter's salvos aimed at this target (default: all)."""
    _check_pair(firer, target)
    if not firer.counter.torpedo_salvos:
        raise TsushimaError(f"{firer.ident} carries no torpedoes")
    mods: tuple[tuple[str, int], ...] = (
        (("attack from the adjacent column", TORPEDO_ADJACENT),) if adjacent else ()
    )
    if salvos is not None and salvos > firer.torpedo_salvos:
        raise TsushimaError(
            f"{firer.ident} has {firer.torpedo_salvos} torpedo salvo(s), not {salvos}"
        )
    salvos = firer.torpedo_salvos if salvos is None else salvos
    usable, reason = salvos > 0, "" if salvos > 0 else "no salvos left"
    return Shot(
        firer.ident,
        target.ident,
        "torpedo",
        0,
        0,
        0,
        mods,
        salvos,
        target.counter.armour,
        usable,
        reason,
        target.hit_limit,
        data.torpedo,
    )


def shot_to_dict(shot: Shot) -> dict[str, object]:
    """Plain JSON-ready form; each chance appears as a fraction string and a float."""

    def frac(p: Fraction) -> dict[str, object]:
        return {"fraction": f"{p.numerator}/{p.denominator}", "float": float(p)}

    return {
        "weapon": shot.weapon,
        "gun_factor": shot.factor,
        "effective_gun_factor": shot.effective,
        "combat_die_modifier": shot.combat_die_modifier,
        "modifiers": [{"reason": k, "value": v} for k, v in shot.modifiers],
        "total_modifier": shot.total_modifier,
        "salvos": shot.salvos,
        "table_column": shot.column,
        "can_fire": shot.usable,
        "why_not": shot.reason or None,
        "per_salvo": {r.phrase: frac(p) for r, p in shot.odds.items()},
        "hits_from_all_salvos": {str(n): frac(p) for n, p in shot.series_odds.items()},
    }
