"""Steps on the fleet ledger and the calendar: where ships are, damage from the map, the
naval phases and the terminal phase, the cruisers in Italy, the game's end."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping

from ..calendar import GameTime
from ..campaign import CRUISERS, baltic_release, italy
from ..errors import TsushimaError
from ..fleet import FLYING_BASE, INTERNED, Fleet
from ..units import Side
from . import battles, movement
from .game import Campaign, Lines, step
from .movement import zone_of


def check_zone_move(c: Campaign, old: str, new: str) -> None:
    """Refuse a move between strategic zones that do not join (the map joins the zone at
    its edge)."""
    if INTERNED in (old, new):
        return
    chain, edge = c.data.zones, c.data.zones[-1]
    a, b = zone_of(c, old), zone_of(c, new)
    if a == b:
        return
    if a is None or b is None:
        zone = a or b
        if zone != edge:
            raise TsushimaError(
                f"the {zone} zone does not join the map: only the {edge} zone does "
                f"(zones: {' - '.join(chain)})"
            )
        return
    if abs(chain.index(a) - chain.index(b)) != 1:
        raise TsushimaError(
            f"the {a} and {b} zones do not join (zones: {' - '.join(chain)}): move one zone "
            "at a time"
        )


def zone_step(c: Campaign, ident: str, old: str, new: str) -> Campaign:
    """A move from one strategic zone to the next takes a month: one zone in a terminal
    phase. Before the War at Sea begins, the cruisers in Italy sail the zones Table 6B gave
    them instead."""
    a, b = zone_of(c, old), zone_of(c, new)
    if a is None or b is None or a == b:
        return c
    marks = c.current_marks()
    moved = marks.zone_moves.count(ident)
    t = c.fleet.time
    italy = c.fleet.italy
    if italy is not None and prewar(c, ident):
        if moved >= italy[1]:
            raise TsushimaError(
                f"Table 6B gave the cruisers in Italy {italy[1]} zone(s) of sailing before "
                f"the war; {ident} has sailed them"
            )
    elif not t.terminal:
        raise TsushimaError(
            "ships pass from one strategic zone to the next only in the terminal phase; it is "
            f"{t.describe()}"
        )
    elif moved:
        raise TsushimaError(f"{ident} has already moved one zone in this terminal phase")
    return c.replace(marks=dataclasses.replace(marks, zone_moves=(*marks.zone_moves, ident)))


def prewar(c: Campaign, ident: str) -> bool:
    """Whether this is the War at Sea's set-up and the ship one of the cruisers in Italy,
    which sail their Table 6B zones before the war (and its first-turn surprise) begins."""
    italy = c.fleet.italy
    return (
        italy is not None
        and c.fleet.time == GameTime.parse(c.scenario.start)
        and ident in CRUISERS[italy[0]]
    )


def check_move_time(c: Campaign, navy: Side, ident: str, old: str, new: str) -> None:
    """Refuse a move outside its time: a navy moves its ships in its own movement segment of
    a naval phase; a ship passes from one strategic zone to the next in the terminal phase
    (checked by :func:`zone_step`), as the cruisers in Italy do at the War at Sea's set-up."""
    a, b = zone_of(c, old), zone_of(c, new)
    if (a is not None and b is not None and a != b) or prewar(c, ident):
        return
    t = c.fleet.time
    if t.active_side is navy and t.segment in (1, 3):
        return
    raise TsushimaError(
        f"{navy.adjective} ships move in the {navy.adjective} movement segment of a naval "
        f"phase; it is {t.describe()}"
    )


def squadron_of(c: Campaign, ident: str) -> str | None:
    for p in c.scenario.placements[Side.RUSSIA]:
        if p.squadron and any(s.ident == ident for s in p.ships):
            return p.squadron
    return None


def released(c: Campaign) -> tuple[str, ...]:
    """Baltic squadrons Russia may move now."""
    out = baltic_release(c.land) if c.land is not None else ()
    if c.fleet.fall_turn is not None:
        out = ("First Baltic Squadron", "Second Baltic Squadron")
    return out


@step("place")
def place(
    c: Campaign,
    ship: str,
    location: str,
    points: int | None = None,
    together: list[str] | None = None,
    enemy_hex: bool = False,
) -> tuple[Campaign, Lines]:
    """Record where a ship (and the ships sailing ``together`` with it, as one division)
    now is, after the players moved it: in its navy's movement segment, or a zone's step in
    the terminal phase. ``points`` is what the desk measured the move to cost on the owner's
    map; a record written before moves were measured has none, and its moves stand on the
    players' word. ``enemy_hex``: the place holds enemy ships, so the ships stop there for
    the rest of the naval phase."""
    c.fleet.check_open()
    idents = [c.fleet.berth(i).ship.ident for i in [ship, *(together or [])]]
    if len(set(idents)) != len(idents):
        raise TsushimaError(f"a ship is named twice in the division: {', '.join(idents)}")
    starts = {c.fleet.berth(i).location for i in idents}
    if len(starts) > 1:
        raise TsushimaError(
            "ships sail together only from one place: "
            + ", ".join(f"{i} is at {c.fleet.berth(i).location}" for i in idents)
        )
    movement.check_not_stopped(c, idents)
    if points is not None:
        movement.check_points(c, idents, points)
    lines: Lines = []
    for ident in idents:
        c, said = _place_one(c, ident, location)
        lines += said
    if points:
        c = movement.charge(c, idents, points)
        lines.append(f"Movement points spent: {points} (of each ship's factor this phase).")
    if enemy_hex:  # measured by the desk on the map before the step
        c = movement.mark_stopped(c, idents)
        lines.append("Enemy ships are in that hex: the ships stop there for this phase.")
    return c, lines


def _place_one(c: Campaign, ship: str, location: str) -> tuple[Campaign, Lines]:
    f = c.fleet
    b = f.berth(ship)
    where = f.check_location(location)
    c.check_off_board(b.ship.ident)
    if where == b.location:
        raise TsushimaError(f"{b.ship.ident} is already at {where}")
    if b.ship.side is Side.RUSSIA and c.surprised() and not prewar(c, b.ship.ident):
        raise TsushimaError(
            "first-turn surprise: Russian ships may not move in the first two naval phases"
        )
    check_move_time(c, b.ship.navy, b.ship.ident, b.location, where)
    squadron = squadron_of(c, b.ship.ident)
    if squadron is not None and squadron not in released(c):
        raise TsushimaError(
            f"{b.ship.ident} belongs to the {squadron}, which is not yet released "
            "(the first when Japan rolls towards the fall of Port Arthur, the second when "
            "it falls)"
        )
    if c.blocked and "Port Arthur" in (where, b.location):
        raise TsushimaError("a block ship lies in the Port Arthur channel: no ship enters or "
                            "leaves the port")
    if where == FLYING_BASE and not c.flying_bases:
        # the generic place stands for a base already on the map; it shelters morale
        raise TsushimaError("no flying base has been placed: ships cannot shelter at one")
    check_zone_move(c, b.location, where)
    c = zone_step(c, b.ship.ident, b.location, where)
    crewed = c.uncrewed
    if b.ship.ident in c.uncrewed:
        home = crew_port(c, b.ship.side, where)
        if b.ship.side is Side.RUSSIA and not home and where not in WEST:
            raise TsushimaError(
                f"{b.ship.ident} must reach Kronstadt for crews before it sails east"
            )
        if home:
            crewed = tuple(i for i in c.uncrewed if i != b.ship.ident)
    f = f.place(b.ship.ident, where)
    said = (
        f"{b.ship.ident} enters a neutral port and is interned, out of play."
        if where == INTERNED
        else f"{b.ship.ident} is now at {where}."
    )
    return c.replace(fleet=f, uncrewed=crewed), [said]


WEST = ("Mediterranean", "Baltic", "Kronstadt")  # where Russia's Italian cruisers may sail


def crew_port(c: Campaign, side: Side, where: str) -> bool:
    """Whether a place crews the Italian cruisers: a Japanese port for Japan, Kronstadt for
    Russia."""
    port = c.data.ports.get(where)
    if port is None:
        return False
    if side is Side.JAPAN:
        return c.fleet.port(where).owner is Side.JAPAN and port.country == "japan"
    return port.name == "Kronstadt"


@step("hits")
def hits(c: Campaign, ship: str, hits: int, cause: str = "") -> tuple[Campaign, Lines]:
    """Hits from a cause the desk does not resolve itself."""
    if hits < 1:
        raise TsushimaError(f"{hits} hits: give one or more")
    c.check_off_board(ship)
    f = c.fleet.apply_hits(ship, hits)
    b = f.berth(ship)
    why = f" ({cause})" if cause else ""
    return c.replace(fleet=f), [f"{b.ship.ident}{why}: {b.ship.status()}."]


def _on_calendar(
    c: Campaign, move: Callable[[Fleet], tuple[Fleet, Lines]]
) -> tuple[Campaign, Lines]:
    """Move the calendar on by ``move``, which only a game still open and between
    battles may do."""
    c.fleet.check_open()
    c.check_no_battle()
    f, lines = move(c.fleet)
    return c.replace(fleet=f), lines


@step("next")
def next_segment(c: Campaign) -> tuple[Campaign, Lines]:
    return _on_calendar(c, battles.next_step)


@step("to-terminal")
def to_terminal(c: Campaign) -> tuple[Campaign, Lines]:
    return _on_calendar(c, battles.to_terminal)


@step("terminal")
def terminal(c: Campaign, repairs: Mapping[str, int] | None = None) -> tuple[Campaign, Lines]:
    """The terminal phase: repairs (ship -> die), morale, then the next turn or the end."""
    c.fleet.check_open()
    c.check_no_battle()
    f = c.fleet
    if not f.time.terminal:
        raise TsushimaError(f"it is {f.time.describe()}, not the terminal phase")
    repairs = {f.berth(k).ship.ident: int(v) for k, v in (repairs or {}).items()}
    f, lines = f.end_phase(repairs)
    return c.replace(fleet=f), lines


@step("italy")
def cruisers_in_italy(c: Campaign, die_6a: int, die_6b: int) -> tuple[Campaign, Lines]:
    r = italy(die_6a, die_6b)
    f = c.fleet.take_italian_cruisers(r)
    c = c.replace(uncrewed=() if r.interned else r.ships)
    fate = (
        "interned in a neutral port: they take no part"
        if r.interned
        else f"in the Mediterranean; they may sail {r.zones} zone(s) before war begins"
    )
    extra = (
        " They must reach a Japanese port before their guns may fire."
        if r.side is Side.JAPAN
        else " They must reach Kronstadt for crews before sailing east; Russia may always "
        "move them."
    )
    return c.replace(fleet=f), [
        f"Table 6A: {die_6a}, the cruisers go to {r.side.adjective} hands "
        f"({' and '.join(r.ships)}). Table 6B: {die_6b}, {fate}."
        + ("" if r.interned else extra)
    ]


@step("declare-over")
def declare_over(c: Campaign) -> tuple[Campaign, Lines]:
    """Tsushima: Russia ends the game once a Baltic Fleet ship has reached Vladivostok."""
    c.check_no_battle()
    if not c.scenario.raw.get("port_arthur_fallen"):
        raise TsushimaError(f"{c.scenario.title}: only the Battle of Tsushima may be ended early")
    c.fleet.check_open()
    there = [
        b.ship.ident
        for b in c.fleet.berths
        if b.ship.side is Side.RUSSIA and b.location == "Vladivostok" and not b.ship.sunk
    ]
    if not there:
        raise TsushimaError("Russia may end the game only once one of its ships is in "
                            "Vladivostok")
    return c.replace(fleet=_ended(c.fleet)), [
        f"Russia declares the war over ({there[0]} is in Vladivostok)."
    ]


def _ended(f: Fleet) -> Fleet:
    return dataclasses.replace(f, over=True)
