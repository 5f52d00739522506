"""Steps on the map: running aground, mines, flying bases, block ships, the land campaign
and the fall of Port Arthur, town raids, scuttling and capture, merchant call-ups.

The hex map is not in the text, so a hex is named by the players (``"H1205"`` or any label)
and the facts about it the rule needs (partial sea, distance to a friendly port) are given
with the step; the record keeps them with it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from ..aground import resolve_aground
from ..calendar import GameTime
from ..campaign import (
    LandCampaign,
    baltic_release,
    capture,
    merchants_due,
    resolve_blockships,
    resolve_scuttle,
)
from ..dice import check_die
from ..errors import TsushimaError
from ..fleet import FLYING_BASE, SEA, Fleet
from ..hexmap import is_hex
from ..mines import MineField, resolve_entry, resolve_sweep
from ..units import Ship, ShipType, Side
from .game import Campaign, Lines, step

PORT_ARTHUR = "Port Arthur"


def _naval_phase(c: Campaign, what: str) -> None:
    if c.fleet.time.terminal:
        raise TsushimaError(f"{what} happens in a naval phase, not the terminal phase")


def _terminal_phase(c: Campaign, what: str) -> None:
    if not c.fleet.time.terminal:
        raise TsushimaError(f"{what} is done in the terminal phase; it is "
                            f"{c.fleet.time.describe()}")


def _afloat(f: Fleet, ident: str) -> Ship:
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
    _naval_phase(c, "running aground")
    marks = c.current_marks()
    idents = [_afloat(c.fleet, s).ident for s in ships]
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
    s = _afloat(c.fleet, ship)
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
    _terminal_phase(c, "sweeping")
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
        s = _afloat(c.fleet, ident)
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


# ----- Port Arthur, block ships and the land campaign ------------------------------------
def _land(c: Campaign) -> LandCampaign:
    if c.land is None:
        raise TsushimaError("the land campaign has no plan yet: choose plan A, B or C")
    return c.land


@step("blockships")
def blockships(
    c: Campaign, ships: Sequence[str], dice: Sequence[int], hex: str | None = None
) -> tuple[Campaign, Lines]:
    """Japanese merchants sunk as hulks in the Port Arthur channel, one die each. They sail
    to the Port Arthur hex at once (``hex``, from the map; ``sea`` when the map lacks it),
    and those that fail stay there."""
    c.fleet.check_open()
    _naval_phase(c, "blocking the port")
    if c.fleet.fall_turn is not None:
        raise TsushimaError("Port Arthur has fallen: there is nothing to block")
    if PORT_ARTHUR not in c.current_marks().sheltered:
        raise TsushimaError(
            "block ships may be sent only in a phase in which Russia kept the protection of "
            "Port Arthur against an attack (record the port attack first)"
        )
    if len(ships) != len(dice) or not ships:
        raise TsushimaError(f"one die for each block ship: {len(ships)} ships, {len(dice)} dice")
    fleet = c.fleet
    lines: list[str] = []
    for ident, die in zip(ships, dice, strict=True):
        s = _afloat(fleet, ident)
        if s.side is not Side.JAPAN or s.type is not ShipType.M:
            raise TsushimaError(f"{s.ident} is not a Japanese merchant: only they become block "
                                "ships")
        if check_die(die, "block ship die") == 6:
            fleet = fleet.apply_hits(s.ident, s.hit_limit)
            lines.append(f"{s.ident} is sunk in the channel.")
        else:
            fleet = fleet.place(s.ident, hex or SEA)
            lines.append(
                f"{s.ident} fails to sink in the channel (die {die}) and stays at "
                f"{hex or SEA}."
            )
    blocked = resolve_blockships(dice)
    lines.append("Port Arthur is blocked: no ship enters or leaves." if blocked
                 else "The channel stays open.")
    return c.replace(fleet=fleet, blocked=c.blocked or blocked), lines


@step("clear-block")
def clear_block(c: Campaign, die: int) -> tuple[Campaign, Lines]:
    c.fleet.check_open()
    _terminal_phase(c, "clearing the channel")
    if not c.blocked:
        raise TsushimaError("the Port Arthur channel is not blocked")
    marks = c.current_marks()
    if marks.block_tried:
        raise TsushimaError("the channel has already been tried this terminal phase")
    c = c.replace(marks=dataclasses.replace(marks, block_tried=True))
    if check_die(die, "clearing die") == 6:
        return c.replace(blocked=False), ["The block ship is cleared: the channel is open."]
    return c, [f"Die {die}: the block ship stays in the channel."]


@step("land-plan")
def land_plan(c: Campaign, plan: str) -> tuple[Campaign, Lines]:
    c.fleet.check_open()
    if not c.scenario.raw.get("italian_cruisers"):
        raise TsushimaError(f"{c.scenario.title} has no land campaign")
    if c.land is not None:
        return land_switch(c, plan)
    land = LandCampaign(plan.upper())
    return c.replace(land=land), [land.describe()]


@step("land-switch")
def land_switch(c: Campaign, plan: str) -> tuple[Campaign, Lines]:
    land = _land(c).switch(plan.upper())
    return c.replace(land=land), [land.describe()]


@step("land-need")
def land_need(c: Campaign, die: int) -> tuple[Campaign, Lines]:
    """Plan C: the terminal-phase die that sets next turn's shiploads."""
    c.fleet.check_open()
    _terminal_phase(c, "rolling for next turn's shiploads")
    before = _land(c)
    if before.plan == "C" and before.opened and c.fleet.time.turn not in c.land_turns:
        raise TsushimaError(
            "record this turn's shiploads first: the die sets the loads of the turn to come"
        )
    if before.need is not None:
        raise TsushimaError(f"the loads for the coming turn are already rolled ({before.need})")
    land = before.roll_need(die)
    return c.replace(land=land), [land.describe()]


@step("land-turn")
def land_turn(c: Campaign, delivered: int, die: int | None = None) -> tuple[Campaign, Lines]:
    """The turn's shiploads delivered (and the die towards the fall), in the terminal phase."""
    c.fleet.check_open()
    before = _land(c)
    _terminal_phase(c, "recording the shiploads")
    turn = c.fleet.time.turn
    if turn in c.land_turns:
        raise TsushimaError("this turn's shiploads are already recorded")
    land = before.record_turn(int(delivered), die)
    c = c.replace(land=land, land_turns=(*c.land_turns, turn))
    lines = [land.describe()]
    newly = [s for s in baltic_release(land) if s not in baltic_release(before)]
    lines += [f"The {s} is released and may move." for s in newly]
    if land.fallen:
        fleet = c.fleet.port_arthur_falls()
        c = c.replace(fleet=fleet)
        lines += [
            "Port Arthur falls: the port is Japan's and may be used at once.",
            "Russian ships in Port Arthur may be scuttled (1-3 on a die) or are captured.",
            f"The game now ends after {fleet.length_rule().split(', cut short to ')[-1]}.",
        ]
    return c, lines


@step("town-raid")
def town_raid(
    c: Campaign, ship: str, die: int, coastal_hex: bool = False
) -> tuple[Campaign, Lines]:
    """A Russian ship in a Japanese coastal hex or a Korean port shells the town."""
    c.fleet.check_open()
    s = _afloat(c.fleet, ship)
    if s.side is not Side.RUSSIA:
        raise TsushimaError("only Russian ships raid towns")
    t = c.fleet.time
    if t.terminal or t.segment not in (2, 4):
        raise TsushimaError("towns are shelled in a spotting and combat segment")
    where = c.fleet.berth(s.ident).location
    port = c.data.ports.get(where)
    # a Korean port, or any port of Japan (its hex lies on the Japanese coast)
    port_ok = port is not None and port.country in ("korea", "japan")
    if not port_ok and not ((where == SEA or is_hex(where)) and coastal_hex):
        raise TsushimaError(
            f"{s.ident} is at {where}: a raid needs a Japanese coastal hex or a Korean port"
        )
    check_die(die)
    # with no plan chosen (or no land campaign in the scenario) Japan is not rolling towards
    # the fall, so the shelling is legal but changes nothing
    land = c.land
    after = land.town_raid(die) if land is not None else None
    hit = land is not None and after is not None and after.points < land.points
    c = c.replace(land=after, raids=c.raids + 1)
    return c, [
        f"{s.ident} shells the town (die {die}): "
        + ("Japan loses a point towards the fall of Port Arthur." if hit else "no effect.")
    ]


def _in_fallen_port(c: Campaign, ident: str) -> Ship:
    s = _afloat(c.fleet, ident)
    if c.fleet.fall_turn is None:
        raise TsushimaError("Port Arthur has not fallen")
    if s.side is not Side.RUSSIA or c.fleet.berth(s.ident).location != PORT_ARTHUR:
        raise TsushimaError(f"{s.ident} is not a Russian ship in Port Arthur")
    if s.captured:
        raise TsushimaError(f"{s.ident} is already captured")
    return s


@step("scuttle")
def scuttle(c: Campaign, ship: str, die: int) -> tuple[Campaign, Lines]:
    """Russia scuttles a ship in the port just captured: 1-3 sinks her."""
    c.fleet.check_open()
    s = _in_fallen_port(c, ship)
    if c.fleet.time.turn != c.fleet.fall_turn:
        raise TsushimaError("ships are scuttled in the turn their port is captured")
    if s.ident in c.scuttle_tried:
        raise TsushimaError(f"{s.ident} has already been rolled for scuttling")
    c = c.replace(scuttle_tried=(*c.scuttle_tried, s.ident))
    if resolve_scuttle(die):
        fleet = c.fleet.apply_hits(s.ident, s.hit_limit)
        return c.replace(fleet=fleet, scuttled=(*c.scuttled, s.ident)), [
            f"{s.ident} is scuttled (die {die})."
        ]
    return c, [f"{s.ident} fails to scuttle (die {die}) and may be captured."]


@step("capture")
def capture_ship(c: Campaign, ship: str) -> tuple[Campaign, Lines]:
    c.fleet.check_open()
    s = _in_fallen_port(c, ship)
    taken = capture(s)
    fleet = c.fleet.with_berth(dataclasses.replace(c.fleet.berth(s.ident), ship=taken))
    return c.replace(fleet=fleet), [
        f"{s.ident} is captured with {taken.hits} hits; each is repaired only in a Japanese "
        "home port, on a 6."
    ]


@step("merchant-callup")
def merchant_callup(c: Campaign, port: str = "Kure") -> tuple[Campaign, Lines]:
    """One new merchant for every two lost, in a friendly port in the terminal phase."""
    c.fleet.check_open()
    _terminal_phase(c, "calling up merchants")
    lost = [b for b in c.fleet.berths
            if b.ship.side is Side.JAPAN and b.ship.type is ShipType.M and b.ship.sunk]
    # each call-up refloats one lost counter, so the losses so far are the merchants still
    # sunk plus those already called up in their place
    losses = len(lost) + c.merchants_called
    due = merchants_due(losses, c.merchants_called)
    if due <= 0:
        raise TsushimaError(
            f"{losses} merchant(s) lost and {c.merchants_called} called up: none is due "
            "(one for every two lost)"
        )
    where = c.fleet.port(port)
    if where.owner is not Side.JAPAN:
        raise TsushimaError(f"{where.name} is not a friendly port for Japan")
    b = lost[0]
    fresh = dataclasses.replace(b.ship, hits=0)
    fleet = c.fleet.with_berth(dataclasses.replace(b, ship=fresh, location=where.name))
    return c.replace(fleet=fleet, merchants_called=c.merchants_called + 1), [
        f"A new merchant ({b.ship.ident}) is called up at {where.name}."
    ]
