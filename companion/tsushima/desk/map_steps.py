"""Steps on the map: running aground, mines and sweeping, flying bases (the land campaign, block
ships, town raids and the fall of Port Arthur are in ``land_steps``).

The hex map is not in the text, so a hex is named by the players (``"H1205"`` or any label)
and the facts about it the rule needs (partial sea, distance to a friendly port) are given
with the step; the record keeps them with it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from ..aground import resolve_aground
from ..calendar import GameTime
from ..errors import TsushimaError
from ..fleet import FLYING_BASE, SEA, Fleet
from ..mines import MineField, resolve_entry, resolve_sweep
from ..units import Ship, Side
from .game import Campaign, Lines, step

PORT_ARTHUR = "Port Arthur"


def in_naval_phase(c: Campaign, what: str) -> None:
    if c.fleet.time.terminal:
        raise TsushimaError(f"{what} happens in a naval phase, not the terminal phase")


def in_terminal_phase(c: Campaign, what: str) -> None:
    if not c.fleet.time.terminal:
        raise TsushimaError(f"{what} is done in the terminal phase; it is "
                            f"{c.fleet.time.describe()}")


def afloat_ship(f: Fleet, ident: str) -> Ship:
    b = f.berth(ident)
    if b.ship.sunk:
        raise TsushimaError(f"{b.ship.ident} is sunk")
    return b.ship


def _hit(c: Campaign, ship: str, hits: int) -> tuple[Fleet, str]:
    f = c.fleet.apply_hits(ship, hits) if hits else c.fleet
    s = f.berth(ship).ship
    return f, f"{s.ident}: {s.status()}."


@step("aground")
def aground(
    c: Campaign,
    ships: Sequence[str],
    trigger: int,
    ship_dice: Sequence[int] = (),
    damage_die: int | None = None,
) -> tuple[Campaign, Lines]:
    """Ships that entered partial sea hexes this phase, in rolling order."""
    c.fleet.check_open()
    in_naval_phase(c, "running aground")
    marks = c.current_marks()
    idents = [afloat_ship(c.fleet, s).ident for s in ships]
    for ident in idents:
        c.check_off_board(ident)
        if ident in marks.aground:
            raise TsushimaError(
                f"{ident} has already been rolled for running aground in this naval phase"
            )
    # one roll per navy per naval phase, covering every ship of that navy that entered
    # partial sea; so one navy's ships at a time, and never a second roll for the navy
    navies = {c.fleet.berth(i).ship.side for i in idents}
    if len(navies) > 1:
        raise TsushimaError("running aground is rolled for one navy's ships at a time")
    rolled = {c.fleet.berth(i).ship.side for i in marks.aground}
    if navies & rolled:
        side = next(iter(navies & rolled))
        raise TsushimaError(
            f"the {side.adjective} navy has already rolled for running aground in this naval "
            "phase; that roll covers all its ships in partial sea"
        )
    small = {i for i in idents if c.fleet.berth(i).ship.type.small_craft}
    result = resolve_aground(idents, trigger, ship_dice, damage_die, small)
    lines = [result.sentence()]
    fleet = c.fleet
    if result.ship is not None:
        fleet, line = _hit(c, result.ship, result.hits)
        lines.append(line)
    marks = dataclasses.replace(marks, aground=marks.aground + tuple(idents))
    return c.replace(fleet=fleet, marks=marks), lines


def _field(c: Campaign, side: Side) -> MineField:
    return MineField(
        frozenset(h for h, s in c.mines if s is side), c.mines_in_hand(side)
    )


@step("mine")
def mine(
    c: Campaign, ship: str, hex: str, die: int, damage_die: int | None = None
) -> tuple[Campaign, Lines]:
    """A ship entering a mined hex rolls for it."""
    c.fleet.check_open()
    s = afloat_ship(c.fleet, ship)
    c.check_off_board(s.ident)
    if hex not in {h for h, _ in c.mines}:
        raise TsushimaError(f"no mine lies in {hex}")
    hits = resolve_entry(die, damage_die)
    if not hits:
        return c, [f"{s.ident} passes the mine in {hex} safely."]
    fleet, line = _hit(c, s.ident, hits)
    return c.replace(fleet=fleet), [f"The mine in {hex} strikes {s.ident}.", line]


@step("lay-mine")
def lay_mine(
    c: Campaign,
    navy: str,
    hex: str,
    partial_sea: bool,
    hexes_to_port: int,
    port: str | None = None,
) -> tuple[Campaign, Lines]:
    """Lay a mine from hand: terminal phase, partial sea, near a friendly port.

    A scenario may hand a navy a mine for a named port's hex at the start (Round Island:
    Port Arthur); ``port`` names the port whose hex this is, and at the scenario's first
    segment such a mine goes down there outside the terminal phase."""
    c.fleet.check_open()
    side = Side(navy)
    if hex in {h for h, _ in c.mines}:
        raise TsushimaError(f"{hex} already holds a mine; one mine per hex")
    at_start = c.fleet.time == GameTime.parse(c.scenario.start) and any(
        p.mines and p.where == "port" and port is not None and p.place == port
        for p in c.scenario.placements[side]
    )
    _field(c, side).lay(hex, partial_sea, hexes_to_port, c.fleet.time.terminal or at_start)
    laid = dict(c.mines_laid)
    laid[side] = laid.get(side, 0) + 1
    c = c.replace(mines=(*c.mines, (hex, side)), mines_laid=tuple(laid.items()))
    return c, [f"{side.adjective} mine laid in {hex}; {c.mines_in_hand(side)} left in hand."]


@step("sweep")
def sweep(
    c: Campaign,
    hex: str,
    dice: Sequence[int],
    ships: Sequence[str] | None = None,
    port_hexes: Mapping[str, str] | None = None,
) -> tuple[Campaign, Lines]:
    """Six or more ships staying in a mined hex through the terminal phase sweep it, one die
    each. ``ships`` are the sweepers (records written before they were named give only
    the dice); ``port_hexes`` the hexes of the ports they lie in, read from the map."""
    c.fleet.check_open()
    in_terminal_phase(c, "sweeping")
    if hex not in {h for h, _ in c.mines}:
        raise TsushimaError(f"no mine lies in {hex}")
    marks = c.current_marks()
    if hex in marks.swept:
        raise TsushimaError(f"{hex} has already been swept this terminal phase")
    if ships is not None:
        resolve_sweep(len(ships), dice)  # six ships or more, one die each
        _sweepers_in_hex(c, hex, ships, port_hexes or {})
    cleared = resolve_sweep(len(dice), dice)
    c = c.replace(marks=dataclasses.replace(marks, swept=(*marks.swept, hex)))
    if cleared:
        return c.replace(mines=tuple(m for m in c.mines if m[0] != hex)), [
            f"The mine in {hex} is swept away."
        ]
    return c, [f"The mine in {hex} remains."]


def _sweepers_in_hex(
    c: Campaign, hex: str, ships: Sequence[str], port_hexes: Mapping[str, str]
) -> None:
    """Refuse a sweeper the record puts anywhere but the mined hex. A ship recorded only at
    sea (or at a flying base) stands in a hex the record does not name: the players' word."""
    seen: set[str] = set()
    for ident in ships:
        s = afloat_ship(c.fleet, ident)
        c.check_off_board(s.ident)
        if s.ident in seen:
            raise TsushimaError(f"{s.ident} is named twice: each sweeping ship rolls one die")
        seen.add(s.ident)
        where = c.fleet.berth(s.ident).location
        if where in (SEA, FLYING_BASE) or where == hex or port_hexes.get(where) == hex:
            continue
        raise TsushimaError(
            f"{s.ident} is at {where}, not in {hex}: only ships staying in the mined hex "
            "through the terminal phase sweep it"
        )


@step("flying-base")
def flying_base(
    c: Campaign, hex: str, korean_coast: bool = False, port: str | None = None
) -> tuple[Campaign, Lines]:
    """Japan places a flying base; once placed it is never moved or removed.

    The scenario says where its bases may go (Round Island: Chemulpo; the War at Sea: a
    Korean coastal hex). ``port`` names the port whose hex this is, ``korean_coast`` whether
    the hex lies on the Korean coast: facts the desk read from the map or the referee gave.
    """
    c.fleet.check_open()
    if c.flying_bases_in_hand() <= 0:
        raise TsushimaError("Japan has no flying base left to place in this game")
    if hex in c.flying_bases:
        raise TsushimaError(f"{hex} already holds a flying base")
    groups = [p for p in c.scenario.placements[Side.JAPAN] if p.flying_bases]
    if groups and not any(_base_fits(p.where, p.place, korean_coast, port) for p in groups):
        where = " or ".join(p.describe() for p in groups)
        raise TsushimaError(
            f"{c.scenario.title} gives Japan its flying base(s) {where}; {hex} is not there"
        )
    c = c.replace(fleet=dataclasses.replace(c.fleet, bases=(*c.fleet.bases, hex)))
    return c, [f"Flying base placed at {hex}; {c.flying_bases_in_hand()} left."]


def _base_fits(where: str, place: str | None, korean_coast: bool, port: str | None) -> bool:
    if where == "port":
        return port is not None and place is not None and port.casefold() == place.casefold()
    if where == "korean_coastal_hex":
        return korean_coast
    return True
