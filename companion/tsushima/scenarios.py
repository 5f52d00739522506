"""The five scenarios: forces, placement, length and which victory rule applies.

>>> s = get_scenario("tsushima")
>>> s.title, s.turns, len(s.ships(Side.RUSSIA))
('The Battle of Tsushima', 3, 23)
>>> s.ships(Side.RUSSIA)[0].morale
-2
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import TsushimaError

# the scenario value, named here as before it had a module of its own (callers import it
# from this module)
from .scenario_data import Scenario as Scenario
from .scenario_data import build_scenario
from .units import ShipType, Side

if TYPE_CHECKING:
    from .dataset import DataSet


def scenario_keys(data: DataSet | None = None) -> tuple[str, ...]:
    from .data import default_data

    return tuple((data or default_data()).scenarios)


_BUILT: dict[tuple[int, str], tuple[DataSet, Scenario]] = {}


def get_scenario(key: str, data: DataSet | None = None) -> Scenario:
    from .data import default_data

    d = data or default_data()
    if key not in d.scenarios:
        raise TsushimaError(f"unknown scenario {key!r}; choose from {', '.join(d.scenarios)}")
    # the campaign asks for its scenario at every step; data sets never change once loaded
    cached = _BUILT.get((id(d), key))
    if cached is not None and cached[0] is d:
        return cached[1]
    scen = build_scenario(key, d.scenarios[key], d)
    if len(_BUILT) > 64:
        _BUILT.clear()
    _BUILT[(id(d), key)] = (d, scen)
    return scen


def board_setup(scen: Scenario, data: DataSet | None = None) -> list[Any]:
    """Formation specs for a battle-board scenario: like ships in as few divisions as the
    size limit allows (battleships, then cruisers), small craft and merchants one by one."""
    from .battle import FormationSpec
    from .divisions import split_evenly

    if scen.kind != "battle_board":
        raise TsushimaError(f"{scen.title} is played on the map, not set up on the battle board")
    specs: list[FormationSpec] = []
    for side in Side:
        for p in scen.placements[side]:
            col = p.columns[0]
            for kind, types in (("battle", (ShipType.B,)), ("cruiser", (ShipType.A, ShipType.C))):
                group = [s for s in p.ships if s.type in types]
                for div in split_evenly(group):
                    specs.append(
                        FormationSpec(
                            kind, tuple(s.ident for s in div), col, short_allowed=len(group) < 3
                        )
                    )
            for s in p.ships:
                if s.type.small_craft:
                    specs.append(FormationSpec("small", (s.ident,), col))
                elif s.type is ShipType.M:
                    specs.append(FormationSpec("merchant", (s.ident,), col))
    return specs


def engagement_for(key: str, data: DataSet | None = None, flight_salvos: str = "own") -> Any:
    """A ready battle board for the Port Arthur or Chemulpo scenario."""
    from .battle import start_engagement
    from .data import default_data
    from .fire import FlightSalvos

    d = data or default_data()
    scen = get_scenario(key, d)
    ships = {s.ident: s for side in Side for s in scen.ships(side)}
    return start_engagement(
        board_setup(scen, d),
        scen.first_mover,
        d,
        port=scen.port_battle,
        ships=ships,
        displacement=bool(scen.raw.get("displacement", True)),
        flight_salvos=FlightSalvos(flight_salvos),
    )
