"""Steps of the land campaign and what bears on it: the plan and each turn's shiploads, the
fall of Port Arthur (with scuttling and capture in the fallen port), block ships in the Port
Arthur channel and clearing it, town raids, and merchants called up to replace those lost.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

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
from ..fleet import SEA
from ..hexmap import is_hex
from ..units import Ship, ShipType, Side
from .game import Campaign, Lines, step
from .map_steps import PORT_ARTHUR, afloat_ship, in_naval_phase, in_terminal_phase


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
    in_naval_phase(c, "blocking the port")
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
        s = afloat_ship(fleet, ident)
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
    in_terminal_phase(c, "clearing the channel")
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
    in_terminal_phase(c, "rolling for next turn's shiploads")
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
    in_terminal_phase(c, "recording the shiploads")
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
    s = afloat_ship(c.fleet, ship)
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
    s = afloat_ship(c.fleet, ident)
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
    in_terminal_phase(c, "calling up merchants")
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
