"""The battle board: twelve columns, alternating movement rounds, simultaneous firing rounds.

An :class:`Engagement` is immutable; every step returns a new one. The sequence is: the
spotting side moves, both sides fire; the other side moves, both fire; and so on. In a
firing round the players declare their fire (which fixes every modifier, including the
penalty for several ships on one target), roll each declared weapon, and only at the end of
the round does damage take effect: a ship sunk in the round still fires in it.

Japan's own edge is column 1 and Russia's column 12.

>>> from .data import default_data
>>> d = default_data()
>>> e = start_engagement(
...     [FormationSpec("battle", ("Mikasa", "Asahi", "Hatsuse"), 3),
...      FormationSpec("battle", ("Retvizan", "Pobieda", "Peresviet"), 8)], Side.JAPAN, d)
>>> e = e.move({})                      # Japan holds its course
>>> e = e.declare(e.default_orders())   # lead on lead, ship on ship
>>> o = e.order_index("Mikasa", "primary")
>>> e.declared[o].shot.effective, e.declared[o].shot.combat_die_modifier
(3, -5)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .battle_fire import EngagementFire

# the board's terms, named here as before they had a module of their own (callers import
# them from this module)
from .battle_types import COLUMNS as COLUMNS
from .battle_types import DIVISIONS as DIVISIONS
from .battle_types import FLIGHT_FACES as FLIGHT_FACES
from .battle_types import FLIGHT_SUCCESSES as FLIGHT_SUCCESSES
from .battle_types import HOME_EDGE as HOME_EDGE
from .battle_types import Declared as Declared
from .battle_types import FireOrder as FireOrder
from .battle_types import Formation as Formation
from .battle_types import FormationSpec as FormationSpec
from .battle_types import Kind as Kind
from .divisions import check_division
from .errors import TsushimaError
from .fire import FlightSalvos, coast_battery
from .small_craft import parse_small_craft, small_craft_ident
from .units import Ship, ShipType, Side

if TYPE_CHECKING:
    from .dataset import DataSet


@dataclass(frozen=True)  # made again here so that it refuses any attribute, as the board does
class Engagement(EngagementFire):
    """One engagement on the battle board: the board as it stands
    (:mod:`~companion.tsushima.battle_board`), its movement rounds
    (:mod:`~companion.tsushima.battle_movement`) and its firing rounds
    (:mod:`~companion.tsushima.battle_fire`)."""


def _new_ship(name: str, data: DataSet, placed: Sequence[Ship]) -> Ship:
    """A ship named in a custom set-up. Destroyers, torpedo boats and merchants are numbered
    per navy as in fleet files (``JD1``, ``JD2`` ...): a numbered name is taken as given, a
    bare counter name (``japan:Destroyer``) takes the next free number."""
    numbered = parse_small_craft(name, data)
    if numbered is not None:
        return Ship(numbered[0], numbered[1])
    counter = data.counter(name)
    if counter.count > 1 and (counter.type.small_craft or counter.type is ShipType.M):
        taken = {s.ident for s in placed}
        for n in range(1, counter.count + 1):
            ident = small_craft_ident(counter.nation, counter.type, n)
            if ident not in taken:
                return Ship(ident, counter)
        raise TsushimaError(
            f"the {counter.nation.adjective} counter sheet holds only {counter.count} "
            f"{counter.type.label} counters"
        )
    return Ship(counter.name, counter)


def start_engagement(
    specs: Sequence[FormationSpec],
    first_mover: Side,
    data: DataSet,
    port: str | None = None,
    surprise: bool = False,
    ships: Mapping[str, Ship] | None = None,
    displacement: bool = True,
    flight_salvos: FlightSalvos = FlightSalvos.OWN,
) -> Engagement:
    """Put formations on the board. ``ships`` supplies damage and morale carried in from the
    map; ships not given start undamaged at normal morale. ``displacement=False`` lets
    counters leave past either edge at once (the Chemulpo break-out)."""
    known = dict(ships or {})
    all_ships: list[Ship] = []
    forms: list[Formation] = []
    counters: dict[tuple[Side, Kind], int] = {}
    for spec in specs:
        members: list[Ship] = []
        for name in spec.ships:
            ship = known[name] if name in known else _new_ship(name, data, all_ships)
            if any(s.ident == ship.ident for s in all_ships):
                raise TsushimaError(f"{ship.ident} is placed twice")
            members.append(ship)
        if not members:
            raise TsushimaError("a formation needs at least one ship")
        if not 1 <= spec.column <= COLUMNS:
            raise TsushimaError(f"column {spec.column} is off the 12-column board")
        side = members[0].side
        kind = Kind(spec.kind)
        if kind in DIVISIONS:
            check_division(members, kind.value, spec.short_allowed)
            if kind is Kind.BATTLE and counters.get((side, Kind.CRUISER)):
                raise TsushimaError(
                    f"{side.adjective} divisions are placed battle divisions first, then "
                    f"cruiser divisions: the battle division led by {members[0].ident} "
                    f"comes after a cruiser division"
                )
        elif kind is Kind.INDEPENDENT:
            if len(members) != 1 or not data.special(members[0].counter.name).get("independent"):
                raise TsushimaError(
                    f"{members[0].ident} may not sail independently; only "
                    f"Novik, Boyarin and Izumrud may"
                )
        elif kind is Kind.SMALL:
            if len(members) != 1 or not members[0].type.small_craft:
                raise TsushimaError("destroyer and torpedo boat counters are placed one by one")
        elif kind is Kind.MERCHANT:
            if len(members) != 1 or members[0].type is not ShipType.M:
                raise TsushimaError("merchants are placed one by one")
        else:
            raise TsushimaError(f"formation kind {spec.kind!r} cannot be set up")
        counters[(side, kind)] = counters.get((side, kind), 0) + 1
        ident = f"{side.value[0].upper()}{kind.value[0].upper()}{counters[(side, kind)]}"
        if kind in (Kind.SMALL, Kind.MERCHANT, Kind.INDEPENDENT):
            ident = members[0].ident
        all_ships.extend(members)
        forms.append(Formation(ident, side, kind, tuple(s.ident for s in members), spec.column))
    port_owner = None
    if port is not None:
        port_owner = data.port(port).owner
        guns = [coast_battery(port_owner, n, data) for n in (1, 2)]
        all_ships.extend(guns)
        forms.append(
            Formation(
                "coast", port_owner, Kind.COAST, tuple(g.ident for g in guns), HOME_EDGE[port_owner]
            )
        )
    silent = Side.RUSSIA if surprise else None
    rounds = int(data.tables["surprise"]["silent_firing_rounds"]) if surprise else 0
    return Engagement(
        tuple(all_ships),
        tuple(forms),
        first_mover,
        data,
        port=port,
        port_owner=port_owner,
        silent_side=silent,
        silent_firing_rounds=rounds,
        displacement=displacement,
        flight_salvos=flight_salvos,
    )
