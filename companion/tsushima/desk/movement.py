"""Movement points on the map: what a move between two recorded places costs, and the limit.

The rules give each counter a movement factor: the hexes it may enter in one naval phase
(each hex entered costs a point, what is left over is lost), halved by a second hit except
for destroyers and torpedo boats (:attr:`~companion.tsushima.units.Ship.movement`). A
division sails at its slowest ship's factor. A ship passes between the map's south edge and
the China Sea zone for one point, either way; a step between two strategic zones is the
terminal phase's and costs no points.

Distances come from the owner's map file (:mod:`..hexmap`): a port stands in its hex, a hex
label is itself. The desk measures a move before the step (a missing fact is asked for,
:class:`~companion.tsushima.hexmap.MissingMapFact`) and records the points with it, so a
record replays without the map file. A place the record does not pin to a hex (``sea``, a
flying base, a neutral port) is counted as the players say: only the zone's edge point, if
any, is charged.
"""

from __future__ import annotations

import dataclasses

from ..errors import TsushimaError
from ..hexmap import HexMap, MissingMapFact, is_hex
from .game import Campaign

EDGE_POINT = 1  # passing between the south edge and the China Sea zone


def zone_of(c: Campaign, location: str) -> str | None:
    """The strategic zone a place lies in, or ``None`` for the map (hexes and map ports)."""
    if location in c.data.zones:
        return location
    port = c.data.ports.get(location)
    return port.zone if port is not None else None


def pinned(c: Campaign, location: str) -> bool:
    """Whether a recorded place stands in one hex of the map: a hex label or a map port."""
    port = c.data.ports.get(location)
    return is_hex(location) or (port is not None and port.zone is None)


def hex_of(m: HexMap, location: str) -> str:
    """The hex of a pinned place (a port's is read from the map file, or asked for)."""
    return location if is_hex(location) else m.port_hex(location)


def points(c: Campaign, m: HexMap, old: str, new: str) -> int:
    """Movement points a move from ``old`` to ``new`` costs at the least (the shortest way
    on the map; land in between is the players' to go around). Only facts the count needs
    are read, so a move to or from a place the record does not pin asks for none."""
    a, b = zone_of(c, old), zone_of(c, new)
    if a is not None and b is not None:
        return 0  # zone to zone: the terminal phase's step
    if a is not None or b is not None:
        here = new if a is not None else old
        return EDGE_POINT + (m.edge(hex_of(m, here)) if pinned(c, here) else 0)
    if not (pinned(c, old) and pinned(c, new)):
        return 0
    return m.distance(hex_of(m, old), hex_of(m, new))


def spent(c: Campaign, ident: str) -> int:
    return dict(c.current_marks().moved).get(ident, 0)


def check_points(c: Campaign, ships: list[str], cost: int) -> None:
    """Refuse a move beyond what the ships have left of their movement factor this naval
    phase; ships sailing together go at the pace of the one with least left."""
    left = {i: c.fleet.berth(i).ship.movement - spent(c, i) for i in ships}
    slowest = min(left, key=lambda i: left[i])
    if cost > left[slowest]:
        ship = c.fleet.berth(slowest).ship
        together = " (a division sails at its slowest ship's pace)" if len(ships) > 1 else ""
        hit = " (halved by two hits)" if ship.movement < ship.counter.speed else ""
        raise TsushimaError(
            f"this move costs {cost} movement point(s), one per hex entered: {slowest} has a "
            f"movement factor of {ship.movement}{hit} per naval phase and "
            f"{left[slowest]} left{together}"
        )


def charge(c: Campaign, ships: list[str], cost: int) -> Campaign:
    marks = c.current_marks()
    moved = dict(marks.moved)
    for i in ships:
        moved[i] = moved.get(i, 0) + cost
    return c.replace(marks=dataclasses.replace(marks, moved=tuple(sorted(moved.items()))))


def check_not_stopped(c: Campaign, ships: list[str]) -> None:
    """Refuse to move on a ship that entered a hex holding enemy ships this naval phase:
    it stays there for the rest of the phase (one that began the phase there may leave)."""
    halted = [i for i in ships if i in c.current_marks().stopped]
    if halted:
        raise TsushimaError(
            f"{', '.join(halted)} entered a hex holding enemy ships this naval phase and must "
            "stay there until the phase ends"
        )


def enemies_in(c: Campaign, m: HexMap, location: str, ship: str) -> bool:
    """Whether the map place a ship is moving to holds ships of the other side (a zone,
    ``sea`` or a flying base is not one hex: never). The desk asks before the step and
    stores the answer with it, so the record replays without the map file."""
    if not pinned(c, location):
        return False
    here = _known_hex(m, location)
    side = c.fleet.berth(ship).ship.side
    return any(
        b.ship.side is not side and not b.ship.sunk and pinned(c, b.location)
        and (b.location == location or _known_hex(m, b.location) == here != "")
        for b in c.fleet.berths
    )


def mark_stopped(c: Campaign, ships: list[str]) -> Campaign:
    marks = c.current_marks()
    stopped = tuple(sorted({*marks.stopped, *ships}))
    return c.replace(marks=dataclasses.replace(marks, stopped=stopped))


def _known_hex(m: HexMap, location: str) -> str:
    """The hex of a pinned place as far as the map file already says ("" where it does
    not: the stop is a consequence of a move, never a reason to ask for a fact)."""
    try:
        return hex_of(m, location)
    except MissingMapFact:
        return ""
