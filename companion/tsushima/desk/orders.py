"""The map procedures as a screen builds them: which navy, ships and place each one asks
for, the choices the record allows, the dice it wants one at a time, the odds before the
dice, and the desk step it becomes. The screens hold none of this; the steps themselves
(and every refusal) are the desk's, the same the command line calls.

>>> order = MapOrder("aground", ships=("Mikasa", "Fuji"))
>>> next_die(order, []), next_die(order, [6]), next_die(order, [6, 2]), next_die(order, [6, 2, 6])
('trigger die', "Mikasa's die", "Fuji's die", 'damage die')
>>> next_die(order, [3]) is None
True
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..aground import TRIGGER, aground_odds
from ..campaign import blockship_odds, scuttle_odds, town_raid_odds
from ..errors import TsushimaError
from ..fleet import FLYING_BASE, INTERNED, SEA
from ..hexmap import is_hex
from ..mines import SWEEP_SHIPS, entry_odds, sweep_odds
from ..spotting import port_attack_odds, zone_spot_odds
from ..units import ShipType, Side
from .desk import Desk
from .game import Campaign


@dataclass(frozen=True)
class Form:
    """What a procedure asks for: the acting navy, ships (``ships`` names which: ``navy``,
    ``any``, ``in_mine`` (those the record may put in the mined hex), ``merchants``,
    ``raiders``, ``fallen``), a place, the referee's facts."""

    title: str
    navy: bool = False
    ships: str = ""
    many: bool = True
    place: str = ""
    flags: tuple[str, ...] = ()


FORMS: dict[str, Form] = {
    "spot": Form("Search a hex", navy=True, ships="navy", flags=(
        "began_in_hex", "partial_sea", "evade")),
    "spot-zone": Form("Search a zone", navy=True, place="zone"),
    "port-attack": Form("Attack a port", place="port"),
    "aground": Form("Running aground", ships="navy", navy=True),
    "mine": Form("Mined hex entered", ships="any", many=False, place="mine"),
    "lay-mine": Form("Lay a mine", navy=True, place="hex"),
    "sweep": Form("Sweep a mine", ships="in_mine", place="mine"),
    "flying-base": Form("Flying base", place="hex", flags=("korean_coast",)),
    "blockships": Form("Block ships", ships="merchants"),
    "clear-block": Form("Clear the channel"),
    "town-raid": Form("Town raid", ships="raiders", many=False, flags=("coastal_hex",)),
    "scuttle": Form("Scuttle", ships="fallen", many=False),
    "capture": Form("Capture", ships="fallen", many=False),
    "merchant-callup": Form("Merchant call-up", place="port"),
    "land-plan": Form("Land campaign plan", place="plan"),
    "hits": Form("Hits, other cause", ships="any", many=False, place="count"),
}
FLAG_TEXT = {
    "began_in_hex": "began in the hex",
    "partial_sea": "partial sea",
    "evade": "enemy evades",
    "korean_coast": "Korean coast",
    "coastal_hex": "Japanese coast",
}


@dataclass(frozen=True)
class MapOrder:
    name: str
    navy: Side = Side.JAPAN
    ships: tuple[str, ...] = ()
    place: str = ""
    flags: frozenset[str] = field(default_factory=frozenset)

    @property
    def form(self) -> Form:
        try:
            return FORMS[self.name]
        except KeyError:
            raise TsushimaError(f"unknown map procedure {self.name!r}") from None


# ----- the choices the record allows ------------------------------------------------------
def ship_choices(c: Campaign, order: MapOrder) -> list[str]:
    kind = order.form.ships
    board = {s.ident for s in c.battle.on_board()} if c.battle is not None else set()
    afloat = [b for b in c.fleet.berths if not b.ship.sunk and b.location != INTERNED
              and b.ship.ident not in board and b.ship.type is not ShipType.K]
    if kind == "navy":
        return [b.ship.ident for b in afloat if b.ship.navy is order.navy]
    if kind == "any":
        return [b.ship.ident for b in afloat]
    if kind == "in_mine":
        # a ship at sea or at a flying base stands in a hex the record does not name; a ship
        # in port is in the mine's hex when the map (or the mine's label) puts the port there
        hexes = c.data.hexmap.port_hexes
        return [b.ship.ident for b in afloat if not order.place
                or b.location in (SEA, FLYING_BASE, order.place)
                or hexes.get(b.location) == order.place]
    if kind == "merchants":
        return [b.ship.ident for b in afloat
                if b.ship.side is Side.JAPAN and b.ship.type is ShipType.M]
    if kind == "raiders":
        return [b.ship.ident for b in afloat if b.ship.side is Side.RUSSIA]
    if kind == "fallen":
        return [b.ship.ident for b in afloat if b.ship.side is Side.RUSSIA
                and b.location == "Port Arthur" and not b.ship.captured]
    return []


def place_choices(c: Campaign, order: MapOrder) -> list[str]:
    kind, f = order.form.place, c.fleet
    if kind == "zone":
        return list(c.data.zones)
    if kind == "mine":
        return [h for h, _ in c.mines]
    if kind == "plan":
        return ["A", "B", "C"]
    if kind == "count":
        return ["1 hit", "2 hits", "3 hits"]
    if kind == "port" and order.name == "merchant-callup":
        return [p for p in c.data.ports if f.port(p).owner is Side.JAPAN]
    if kind == "port":
        return sorted({b.location for b in f.berths if b.location in c.data.ports
                       and not b.ship.sunk and b.ship.side is f.port(b.location).owner})
    if kind == "hex":
        side = Side.JAPAN if order.name == "flying-base" else order.navy
        named = [p.place for p in c.scenario.placements[side]
                 if (p.mines or p.flying_bases) and p.where == "port" and p.place]
        ports = [p for p in c.data.ports if f.port(p).owner is side
                 and c.data.ports[p].zone is None]
        hexes = sorted({b.location for b in f.berths if is_hex(b.location)})
        return list(dict.fromkeys([*named, *ports, *hexes]))
    return []


# ----- the dice, one at a time -----------------------------------------------------------
def next_die(order: MapOrder, faces: Sequence[int], small: Collection[str] = ()) -> str | None:
    """The die the procedure wants next, given those rolled so far; ``None`` when done.
    ``small`` names the small craft among the ships (they take one hit, no damage die)."""
    n, name = len(faces), order.name
    if name in ("spot", "port-attack", "clear-block", "town-raid", "scuttle"):
        return "the die" if n == 0 else None
    if name == "spot-zone":
        return ("first die", "second die")[n] if n < 2 else None
    if name == "mine":
        if n == 0:
            return "entry die"
        return "damage die" if n == 1 and faces[0] == TRIGGER else None
    if name in ("sweep", "blockships"):
        return f"{order.ships[n]}'s die" if n < len(order.ships) else None
    if name == "aground":
        if n == 0:
            return "trigger die"
        if faces[0] != TRIGGER:
            return None
        ship_dice = list(faces[1:])
        if TRIGGER in ship_dice:  # rolling stopped at this ship's 6
            at = ship_dice.index(TRIGGER)
            wanted = order.ships[at] not in small and len(ship_dice) == at + 1
            return "damage die" if wanted else None
        if len(ship_dice) < len(order.ships):
            return f"{order.ships[len(ship_dice)]}'s die"
    return None


def dice_wanted(c: Campaign, order: MapOrder, faces: Sequence[int]) -> str | None:
    """:func:`next_die` with the small craft read from the ledger."""
    small = [s for s in order.ships if c.fleet.berth(s).ship.type.small_craft]
    return next_die(order, faces, small)


# ----- the odds before the dice ----------------------------------------------------------
def pct(p: Fraction) -> str:
    return f"{float(p):.0%} ({p.numerator}/{p.denominator})"


def odds_line(desk: Desk, order: MapOrder) -> str:
    """The chance of the procedure's outcome, as exact fractions (a question)."""
    c, name, n = desk.campaign, order.name, len(order.ships)
    if name == "spot" and order.ships:
        partial = "partial_sea" in order.flags
        where = c.fleet.berth(order.ships[0]).location
        if not partial and is_hex(where):
            partial = desk.data.hexmap.partial_sea(where)  # as the step will read it
        p = desk.spot_odds(order.navy, order.ships, "began_in_hex" in order.flags,
                           partial, "evade" in order.flags)
        return f"Chance to spot: {pct(p)} (one die plus Table 2, 5 or more)."
    if name == "spot-zone":
        return f"Chance to spot: {pct(zone_spot_odds(1))} (two dice, 10 or more)."
    if name == "port-attack":
        return f"Chance to break the port's protection: {pct(port_attack_odds(c.surprised()))}."
    if name == "aground" and n:
        total = sum(aground_odds(n).values(), Fraction(0))
        return f"Chance one of them runs aground: {pct(total)}."
    if name == "mine":
        hit = 1 - entry_odds()[0]
        return f"Chance the mine strikes: {pct(hit)}; sunk {pct(entry_odds()[3])}."
    if name == "sweep" and n >= SWEEP_SHIPS:
        return f"Chance the sweep clears the mine: {pct(sweep_odds(n))}."
    if name == "sweep":
        return f"Sweeping needs at least {SWEEP_SHIPS} ships in the hex."
    if name == "blockships" and n:
        return f"Chance the channel is blocked: {pct(blockship_odds(n))}."
    if name == "clear-block":
        return f"Chance to clear the channel: {pct(Fraction(1, 6))}."
    if name == "town-raid":
        return f"Chance Japan loses a point (while rolling): {pct(town_raid_odds())}."
    if name == "scuttle":
        return f"Chance the crew scuttles her: {pct(scuttle_odds())}."
    return ""


# ----- the step ---------------------------------------------------------------------------
def run(desk: Desk, order: MapOrder, faces: Sequence[int]) -> list[str]:
    """The desk step the order and its dice make (refused by the desk as ever)."""
    name, ships, place, flags = order.name, list(order.ships), order.place.strip(), order.flags
    if order.form.ships and not ships:
        raise TsushimaError(f"{order.form.title}: touch the ships first")
    if order.form.place and not place:
        raise TsushimaError(f"{order.form.title}: choose the place first")
    die = faces[0] if faces else 0
    if name == "spot":
        return desk.spot(order.navy, ships, die, "began_in_hex" in flags,
                         True if "partial_sea" in flags else None, "evade" in flags)
    if name == "spot-zone":
        return desk.spot_zone(order.navy, place, sum(faces))
    if name == "port-attack":
        return desk.port_attack(place, die)
    if name == "aground":
        dice = list(faces[1:])
        damage = None
        if TRIGGER in dice and len(dice) > dice.index(TRIGGER) + 1:
            damage = dice.pop()
        return desk.aground(ships, die, dice, damage)
    if name == "mine":
        return desk.mine(ships[0], place, die, faces[1] if len(faces) > 1 else None)
    if name == "lay-mine":
        # partial sea and the distance to the nearest friendly port are read from the
        # owner's map file (a fact it lacks is asked for and stored), never guessed
        return desk.lay_mine_on_map(order.navy, place)
    if name == "sweep":
        return desk.sweep(place, list(faces), ships)
    if name == "flying-base":
        return desk.flying_base(place, "korean_coast" in flags)
    if name == "blockships":
        return desk.blockships(ships, list(faces))
    if name == "clear-block":
        return desk.clear_block(die)
    if name == "town-raid":
        return desk.town_raid(ships[0], die, "coastal_hex" in flags)
    if name == "scuttle":
        return desk.scuttle(ships[0], die)
    if name == "capture":
        return desk.capture(ships[0])
    if name == "merchant-callup":
        return desk.merchant_callup(place)
    if name == "land-plan":
        return desk.land_plan(place)
    if name == "hits":
        # damage from a cause no procedure resolves, on the referee's word (as `game hits`)
        count = place.split()[0]
        if not count.isdigit():
            raise TsushimaError(f"{place!r} is not a number of hits")
        return desk.hits(ships[0], int(count), cause="the referee's word")
    raise TsushimaError(f"unknown map procedure {name!r}")
