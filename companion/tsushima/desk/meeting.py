"""Where a battle is fought: the ships put on the battle board must all stand where the
search found them, in one hex of the map or one strategic zone (a port battle: the port's
hex). The record names each ship's place; a place it leaves open (``sea``, a flying base)
is some hex of the map, the players' word.

>>> from companion.tsushima.fleet import Fleet
>>> from .game import Campaign
>>> c = Campaign(Fleet.from_scenario("tsushima"))
>>> check_meeting(c, ["Mikasa", "Souvaroff"])
Traceback (most recent call last):
...
companion.tsushima.errors.TsushimaError: ships fight only where they meet, in one hex or one strategic zone: Mikasa is at Sasebo, Souvaroff in the China Sea zone
>>> check_meeting(c, ["Souvaroff", "Orel"])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import TsushimaError
from ..fleet import FLYING_BASE, SEA
from ..hexmap import is_hex
from .game import Campaign

Place = tuple[str, str]  # ("hex", "0712"), ("port", "Sasebo") or ("zone", "China Sea")


def place_of(c: Campaign, location: str, port_hexes: Mapping[str, str]) -> Place | None:
    """A ship's place for a battle; ``None`` for a map hex the record does not name. A port
    of the map whose hex is known stands for that hex."""
    if location in (SEA, FLYING_BASE):
        return None
    if is_hex(location):
        return ("hex", location)
    if location in c.data.zones:
        return ("zone", location)
    if location in port_hexes:
        return ("hex", port_hexes[location])
    return ("port", location)


def on_map(c: Campaign, place: Place | None) -> bool:
    if place is None or place[0] == "hex":
        return True
    if place[0] == "zone":
        return False
    port = c.data.ports.get(place[1])
    return port is None or port.zone is None


def _said(who: str, where: str, place: Place | None, first: bool) -> str:
    verb = " is" if first else ""
    if place is not None and place[0] == "zone":
        return f"{who}{verb} in the {place[1]} zone"
    return f"{who}{verb} at {where}"


def ports_to_resolve(c: Campaign, ships: Sequence[str], port: str | None = None) -> list[str]:
    """Map ports among these ships' places (and the battle's port) whose hex must be known to
    compare them with ships recorded on a map hex."""
    locations = [c.fleet.berth(s).location for s in ships] + ([port] if port else [])
    if not any(is_hex(loc) for loc in locations):
        return []
    return sorted({
        loc for loc in locations
        if loc in c.data.ports and c.data.ports[loc].zone is None
    })


def check_meeting(
    c: Campaign,
    ships: Sequence[str],
    port: str | None = None,
    port_hexes: Mapping[str, str] | None = None,
) -> None:
    """Refuse a battle between ships the record places apart."""
    hexes = dict(port_hexes or {})
    idents = [c.fleet.berth(s).ship.ident for s in ships]
    places = [(i, c.fleet.berth(i).location) for i in idents]
    if port is not None:
        places.insert(0, ("the port battle", port))
    found = [(i, where, place_of(c, where, hexes)) for i, where in places]
    known = [(i, where, p) for i, where, p in found if p is not None]
    for i, _, p in known:
        if p[0] == "port" and on_map(c, p) and any(q[0] == "hex" for _, _, q in known):
            raise TsushimaError(
                f"the map file does not say which hex holds {p[1]}, so {i} cannot be matched "
                "with ships recorded on a hex"
            )
    rule = "ships fight only where they meet, in one hex or one strategic zone"
    if not known:
        return
    who, where, first = known[0]
    said = _said(who, where, first, True)
    for other, there, p in known[1:]:
        if p != first:
            raise TsushimaError(f"{rule}: {said}, {_said(other, there, p, False)}")
    unnamed = [(i, where) for i, where, p in found if p is None]
    if unnamed and not on_map(c, first):
        i, there = unnamed[0]
        raise TsushimaError(f"{rule}: {said}, {i} at {there} on the map")
