"""The rules that join the fleet ledger and the battle board, each in one place: which ships
may fight, how a touched group of ships becomes a formation, putting a fleet's ships on the
board, carrying the damage back, and closing the naval phases up to the terminal phase.

Both front ends (``companion tsushima ...`` and the app's screens) call these through
:class:`~companion.tsushima.desk.Campaign`; they hold no rules of their own.

>>> from companion.tsushima.fleet import Fleet
>>> f = Fleet.from_scenario("tsushima")
>>> [s.kind for s in division_specs(f, ("Mikasa", "Asahi", "Fuji"), 4)]
['battle']
>>> division_specs(f, ("Mikasa", "Asahi"), 4)
Traceback (most recent call last):
...
companion.tsushima.errors.TsushimaError: a battle division needs 3-6 ships, not 2 (fewer only when the port holds no more of the type)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from ..battle import Engagement, FormationSpec, start_engagement
from ..divisions import ALLOWED, check_division
from ..errors import TsushimaError
from ..fire import FlightSalvos
from ..fleet import INTERNED, Berth, Fleet
from ..scenarios import Scenario, board_setup
from ..units import Ship, ShipType, Side


def is_shore_battery(ship: Ship) -> bool:
    """Shore guns fight in port battles but belong to no fleet."""
    return ship.type is ShipType.K


def check_can_fight(b: Berth) -> None:
    """Refuse a ship that cannot be put on the battle board: sunk, in the yard, interned."""
    if b.ship.sunk:
        raise TsushimaError(f"{b.ship.ident} is sunk")
    if b.repairing:
        raise TsushimaError(f"{b.ship.ident} is in the repair yard and takes no part in battle")
    if b.location == INTERNED:
        raise TsushimaError(f"{b.ship.ident} is interned in a neutral port, out of play")
    if b.ship.captured and b.ship.hits:
        raise TsushimaError(
            f"{b.ship.ident} was captured: it fights for its captor only once every hit is "
            "repaired"
        )


def can_fight(b: Berth) -> bool:
    try:
        check_can_fight(b)
    except TsushimaError:
        return False
    return True


def available(fleet: Fleet, side: Side, taken: Iterable[str] = ()) -> list[str]:
    """Ships of a navy that may still be put on the board, in ledger order."""
    gone = set(taken)
    return [
        b.ship.ident
        for b in fleet.berths
        if b.ship.navy is side and can_fight(b) and b.ship.ident not in gone
    ]


def check_joinable(
    fleet: Fleet, ident: str, group: Sequence[str], taken: Iterable[str] = ()
) -> None:
    """Refuse adding a ship to a group being formed: it cannot fight, it is already set up
    for the battle, or it belongs to the other navy."""
    b = fleet.berth(ident)
    check_can_fight(b)
    if b.ship.ident in set(taken):
        raise TsushimaError(f"{b.ship.ident} is already set up for the battle")
    if group and fleet.berth(group[0]).ship.navy is not b.ship.navy:
        raise TsushimaError("a division cannot mix the two navies")
    if b.ship.ident in {fleet.berth(i).ship.ident for i in group}:
        raise TsushimaError(f"{b.ship.ident} is listed twice in the division")


def division_specs(
    fleet: Fleet,
    idents: Sequence[str],
    column: int,
    placed: Sequence[FormationSpec] = (),
) -> list[FormationSpec]:
    """The formations a group of ships makes (lead first): one battle or cruiser division,
    or lone counters for small craft, merchants and the independent cruisers.

    ``placed`` is what the navy has already set up: a short division is allowed only when
    the lead ship's place holds no more ships of the type, and battle divisions come before
    cruiser ones.
    """
    if not idents:
        raise TsushimaError("name the ships of the division, lead ship first")
    taken = [i for spec in placed for i in spec.ships]
    for n, ident in enumerate(idents):
        check_joinable(fleet, ident, idents[:n], taken)
    ships = [fleet.berth(i).ship for i in idents]
    side = ships[0].navy
    types = {s.type for s in ships}
    if all(t.small_craft for t in types):
        return [FormationSpec("small", (s.ident,), column) for s in ships]
    if types == {ShipType.M}:
        return [FormationSpec("merchant", (s.ident,), column) for s in ships]
    if len(ships) == 1 and fleet.data.special(ships[0].counter.name).get("independent"):
        return [FormationSpec("independent", (ships[0].ident,), column)]
    kind = "battle" if types == {ShipType.B} else "cruiser"
    # a short division only when the lead's place holds no more ships of the kind to add
    here = fleet.berth(ships[0].ident).location
    like = [
        i
        for i in available(fleet, side, taken)
        if fleet.berth(i).ship.type in ALLOWED[kind] and fleet.berth(i).location == here
    ]
    short = len(like) < 3
    check_division(ships, kind, short)
    if kind == "battle" and any(p.kind == "cruiser" for p in placed):
        raise TsushimaError(
            "divisions are placed battle divisions first, then cruiser divisions: "
            "this navy has already placed a cruiser division"
        )
    return [FormationSpec(kind, tuple(s.ident for s in ships), column, short_allowed=short)]


def battle_from_fleet(
    fleet: Fleet,
    setup: Sequence[tuple[Side, FormationSpec]],
    first: Side,
    *,
    port: str | None = None,
    surprise: bool = False,
    flight_salvos: FlightSalvos = FlightSalvos.OWN,
) -> Engagement:
    """A battle board from the ledger: each ship brings its damage and morale."""
    if {side for side, _ in setup} != {Side.JAPAN, Side.RUSSIA}:
        raise TsushimaError("set up at least one formation of each navy")
    ships: dict[str, Ship] = {}
    specs: list[FormationSpec] = []
    for side, spec in setup:
        names: list[str] = []
        for name in spec.ships:
            b = fleet.berth(name)
            check_can_fight(b)
            if b.ship.navy is not side:
                raise TsushimaError(
                    f"{b.ship.ident} belongs to the {b.ship.navy.adjective} navy, "
                    f"not the {side.adjective}"
                )
            # a repaired prize sails under its captor's flag on the board
            ship = b.ship
            if ship.captured:
                ship = dataclasses.replace(
                    ship, counter=dataclasses.replace(ship.counter, nation=side)
                )
            ships[b.ship.ident] = ship
            names.append(b.ship.ident)
        specs.append(dataclasses.replace(spec, ships=tuple(names)))
    return start_engagement(
        specs,
        first,
        fleet.data,
        port=port,
        surprise=surprise,
        ships=ships,
        flight_salvos=flight_salvos,
    )


def scenario_battle(
    fleet: Fleet, scen: Scenario, flight_salvos: FlightSalvos = FlightSalvos.OWN
) -> Engagement:
    """A battle-board scenario's own set-up, with the ledger's ships."""
    setup = [
        (fleet.berth(spec.ships[0]).ship.side, spec) for spec in board_setup(scen, fleet.data)
    ]
    e = battle_from_fleet(
        fleet, setup, scen.first_mover, port=scen.port_battle, flight_salvos=flight_salvos
    )
    return dataclasses.replace(e, displacement=bool(scen.raw.get("displacement", True)))


def carry_back(fleet: Fleet, e: Engagement) -> tuple[Fleet, list[str]]:
    """The battle's damage written back to the ledger, one line per ship that changed."""
    lines: list[str] = []
    for s in e.ships:
        if is_shore_battery(s):
            continue
        if fleet.berth(s.ident).ship.hits != s.hits:
            fleet = fleet.update_ship(s)
            lines.append(f"{s.ident}: {s.status()}.")
    return fleet, lines or ["No damage to carry back."]


def to_terminal(fleet: Fleet) -> tuple[Fleet, list[str]]:
    """Close the remaining segments and naval phases (their morale included) up to the
    terminal phase of the turn."""
    if fleet.time.terminal:
        raise TsushimaError("this is already the terminal phase")
    lines: list[str] = []
    while not fleet.time.terminal:
        if fleet.time.segment < 4:
            fleet = fleet.advance_segment()
        else:
            fleet, more = fleet.end_phase()
            lines += [ln for ln in more if not ln.startswith("Now:")]
    return fleet, [*lines, f"Now: {fleet.time.describe()}."]


def next_step(fleet: Fleet) -> tuple[Fleet, list[str]]:
    """One step of the calendar: the next segment, or the end of a naval phase."""
    if fleet.time.terminal:
        raise TsushimaError("this is the terminal phase: run it (repairs and morale)")
    if fleet.time.segment < 4:
        fleet = fleet.advance_segment()
        return fleet, [f"Now: {fleet.time.describe()}."]
    return fleet.end_phase()
