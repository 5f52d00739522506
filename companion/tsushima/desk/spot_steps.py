"""Spotting on the map, with the evasion record: Table 2's modifiers are read from the
searching ships on the ledger, and a navy that chose to evade may not search again that turn.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..errors import TsushimaError
from ..spotting import (
    SpottingSituation,
    port_attack_odds,
    resolve_port_attack,
    resolve_spotting,
    resolve_zone_spotting,
    spot_odds,
    zone_spot_odds,
)
from ..units import Ship, Side
from .game import Campaign, Lines, step


def evaded(c: Campaign, side: Side) -> bool:
    """Whether a navy chose to evade in the current turn."""
    return (c.fleet.time.turn, side) in c.evasions


def situation(
    c: Campaign,
    navy: Side,
    ships: Sequence[str],
    began_in_hex: bool,
    partial_sea: bool,
    evade: bool,
) -> tuple[SpottingSituation, list[Ship]]:
    """Table 2 for a search by these ships of ``navy``; checks who may search now."""
    c.fleet.check_open()
    t = c.fleet.time
    if t.terminal or t.segment not in (2, 4) or t.active_side is not navy:
        raise TsushimaError(
            f"the {navy.adjective} navy searches in its own spotting and combat segment; it is "
            f"{t.describe()}"
        )
    if evaded(c, navy):
        raise TsushimaError(
            f"the {navy.adjective} navy chose to evade this turn: its ships may not search "
            "until the next turn"
        )
    searchers: list[Ship] = []
    for ident in ships:
        s = c.fleet.berth(ident).ship
        if s.side is not navy:
            raise TsushimaError(f"{s.ident} is not a {navy.adjective} ship")
        if s.sunk:
            raise TsushimaError(f"{s.ident} is sunk")
        searchers.append(s)
    if not searchers:
        raise TsushimaError("name the searching ships in the hex")
    return SpottingSituation.from_ships(searchers, began_in_hex, partial_sea, evade), searchers


@step("spot")
def spot(
    c: Campaign,
    navy: str,
    ships: Sequence[str],
    die: int,
    began_in_hex: bool = False,
    partial_sea: bool = False,
    evade: bool = False,
) -> tuple[Campaign, Lines]:
    """One search of a hex: one die plus Table 2, five or more spots. ``evade`` is the hidden
    navy's choice, which it keeps for the rest of the turn."""
    side = Side(navy)
    s, _ = situation(c, side, ships, began_in_hex, partial_sea, evade)
    seen = resolve_spotting(s, die)
    mods = ", ".join(f"{label} {v:+d}" for label, v in s.modifiers) or "no modifier"
    lines = [
        f"{side.adjective} search (chance {spot_odds(s)}; {mods}): die {die}, "
        + ("the enemy is spotted: to the battle board." if seen else "nothing is seen.")
    ]
    if evade and not evaded(c, side.enemy):
        c = c.replace(evasions=(*c.evasions, (c.fleet.time.turn, side.enemy)))
        lines.append(
            f"The {side.enemy.adjective} navy evades: it may not search again this turn."
        )
    return c, lines


@step("spot-zone")
def spot_zone(c: Campaign, navy: str, zone: str, total: int) -> tuple[Campaign, Lines]:
    """Spotting in a strategic movement zone: both navies have ships there and the searcher
    rolls two dice, ten or more (no Table 2 modifiers)."""
    c.fleet.check_open()
    side = Side(navy)
    t = c.fleet.time
    if t.terminal or t.segment not in (2, 4) or t.active_side is not side:
        raise TsushimaError(
            f"the {side.adjective} navy searches in its own spotting and combat segment; it is "
            f"{t.describe()}"
        )
    names = {z.casefold(): z for z in c.data.zones}
    where = names.get(zone.strip().casefold())
    if where is None:
        raise TsushimaError(
            f"{zone!r} is not a strategic movement zone ({', '.join(c.data.zones)})"
        )
    present = {
        b.ship.side for b in c.fleet.berths
        if b.location == where and not b.ship.sunk
    }
    if present != {Side.JAPAN, Side.RUSSIA}:
        raise TsushimaError(f"spotting in the {where} zone needs ships of both navies there")
    seen = resolve_zone_spotting(total)
    return c, [
        f"{side.adjective} search of the {where} zone (chance {zone_spot_odds(1)} on two dice, "
        f"10 or more): rolled {total}, "
        + ("the enemy is spotted: to the battle board." if seen else "nothing is seen.")
    ]


@step("port-attack")
def port_attack(c: Campaign, port: str, die: int) -> tuple[Campaign, Lines]:
    """An attack on ships sheltering in a friendly port: a 6 (3-6 in the campaign's surprised
    first phases) breaks the port's protection; otherwise the port shelters them this phase."""
    c.fleet.check_open()
    if c.fleet.time.terminal:
        raise TsushimaError("ports are attacked in a naval phase, not the terminal phase")
    where = c.fleet.port(port)
    defenders = [
        b.ship.ident for b in c.fleet.berths
        if b.location == where.name and b.ship.side is where.owner and not b.ship.sunk
    ]
    if not defenders:
        raise TsushimaError(f"no {where.owner.adjective} ship shelters in {where.name}")
    t = c.fleet.time
    attacker = where.owner.enemy
    if t.active_side is not attacker:
        raise TsushimaError(
            f"{where.name} is attacked by the {attacker.adjective} navy in its own segments "
            f"(movement, then spotting and combat); it is {t.describe()}"
        )
    if where.name in c.current_marks().sheltered:
        raise TsushimaError(
            f"{where.name}'s protection already held against an attack in this naval phase"
        )
    surprise = c.surprised()
    chance = port_attack_odds(surprise)
    if resolve_port_attack(die, surprise):
        return c, [f"Attack on {where.name} (chance {chance}): die {die}, the protection is "
                   "broken: to the battle board (no displacement; coast guns for the defender)."]
    marks = c.current_marks()
    marks = dataclasses.replace(marks, sheltered=(*marks.sheltered, where.name))
    return c.replace(marks=marks), [
        f"Attack on {where.name} (chance {chance}): die {die}, the port's protection holds."
    ]
