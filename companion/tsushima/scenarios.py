"""The five scenarios: forces, placement, length and which victory rule applies.

>>> s = get_scenario("tsushima")
>>> s.title, s.turns, len(s.ships(Side.RUSSIA))
('The Battle of Tsushima', 3, 23)
>>> s.ships(Side.RUSSIA)[0].morale
-2
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import DataFileError, TsushimaError
from .units import Counter, Ship, ShipType, Side

if TYPE_CHECKING:
    from .data import DataSet

SMALL_KEYS = {"destroyers": ShipType.D, "torpedo_boats": ShipType.T, "merchants": ShipType.M}
SMALL_PREFIX = {ShipType.D: "D", ShipType.T: "T", ShipType.M: "M"}
SIDE_PREFIX = {Side.RUSSIA: "R", Side.JAPAN: "J"}


def small_craft_ident(side: Side, kind: ShipType, number: int) -> str:
    """Name of the ``number``-th small-craft counter of a navy, e.g. ``JD2``.

    >>> small_craft_ident(Side.RUSSIA, ShipType.T, 1)
    'RT1'
    """
    return f"{SIDE_PREFIX[side]}{SMALL_PREFIX[kind]}{number}"


def parse_small_craft(ident: str, data: DataSet) -> tuple[str, Counter] | None:
    """The counter behind a numbered small-craft name (``JD2``, ``rt1``), or ``None`` when the
    text is not such a name. A number beyond the counter sheet is refused.

    >>> from .data import default_data
    >>> name, counter = parse_small_craft("jd2", default_data())
    >>> name, counter.name, counter.count
    ('JD2', 'Destroyer', 6)
    """
    text = ident.strip().upper()
    if len(text) < 3 or not text[2:].isdigit():
        return None
    sides = {v: k for k, v in SIDE_PREFIX.items()}
    kinds = {v: k for k, v in SMALL_PREFIX.items()}
    if text[0] not in sides or text[1] not in kinds:
        return None
    side, kind, number = sides[text[0]], kinds[text[1]], int(text[2:])
    found = next((c for c in data.counters if c.nation is side and c.type is kind), None)
    if found is None or not 1 <= number <= found.count:
        limit = found.count if found else 0
        raise TsushimaError(
            f"{text}: the {side.adjective} counter sheet holds {limit} {kind.label} counter(s)"
        )
    return small_craft_ident(side, kind, number), found


@dataclass(frozen=True)
class Placement:
    where: str  # board, port, zone, japanese_coastal_hex, any_time, ...
    place: str | None  # port or zone name where the text names one
    ships: tuple[Ship, ...]
    columns: tuple[int, ...] = ()
    mines: int = 0
    flying_bases: int = 0
    squadron: str | None = None

    def describe(self) -> str:
        where = {
            "board": "on the battle board, column " + " or ".join(map(str, self.columns)),
            "port": f"in {self.place}",
            "zone": f"in the {self.place} zone",
            "japanese_partial_sea_hex": "in any Japanese partial sea hex",
            "japanese_coastal_hex": "in any Japanese coastal hex",
            "korean_coastal_hex": "in any Korean coastal hex",
            "any_japanese_or_korean_port": "in any Japanese or Korean port (Port Arthur included)",
            "any_time": "held back, placed at any time",
        }.get(self.where, self.where)
        return where + (f" ({self.squadron})" if self.squadron else "")


@dataclass(frozen=True)
class Scenario:
    key: str
    title: str
    start: str
    kind: str
    turns: int | None
    placements: dict[Side, tuple[Placement, ...]]
    victory: str
    notes: tuple[str, ...]
    raw: dict[str, Any]

    def ships(self, side: Side) -> tuple[Ship, ...]:
        return tuple(s for p in self.placements[side] for s in p.ships)

    @property
    def port_battle(self) -> str | None:
        value = self.raw.get("port_battle")
        return value if isinstance(value, str) else None

    @property
    def first_mover(self) -> Side:
        return Side(self.raw.get("first_mover", "japan"))


def _build(key: str, raw: Any, data: DataSet) -> Scenario:
    where0 = f"scenarios.json: scenario {key!r}"
    if not isinstance(raw, dict) or not isinstance(raw.get("forces"), dict):
        raise DataFileError(f"{where0} needs forces")
    morale = {Side.RUSSIA: int(raw.get("russian_morale", 0)), Side.JAPAN: 0}
    placements: dict[Side, tuple[Placement, ...]] = {}
    for side in Side:
        numbers = {k: 0 for k in SMALL_PREFIX}
        seen: set[str] = set()
        out: list[Placement] = []
        for group in raw["forces"].get(side.value, []):
            ships: list[Ship] = []
            for name in group.get("ships", []):
                try:
                    counter = data.counter(name, side)
                except TsushimaError as exc:
                    raise DataFileError(f"{where0}: {exc}") from None
                if counter.name in seen:
                    raise DataFileError(f"{where0}: {counter.name} is placed twice")
                seen.add(counter.name)
                ships.append(Ship(counter.name, counter, morale=morale[side]))
            for gkey, kind in SMALL_KEYS.items():
                for _ in range(int(group.get(gkey, 0))):
                    numbers[kind] += 1
                    found = next(
                        (c for c in data.counters if c.nation is side and c.type is kind), None
                    )
                    if found is None or numbers[kind] > found.count:
                        raise DataFileError(
                            f"{where0}: more {kind.label}s for {side.value} than the counter sheet holds"
                        )
                    ships.append(
                        Ship(
                            small_craft_ident(side, kind, numbers[kind]), found, morale=morale[side]
                        )
                    )
            out.append(
                Placement(
                    str(group.get("where")),
                    group.get("place"),
                    tuple(ships),
                    tuple(group.get("columns", ())),
                    int(group.get("mines", 0)),
                    int(group.get("flying_bases", 0)),
                    group.get("squadron"),
                )
            )
        placements[side] = tuple(out)
    turns = raw.get("turns")
    return Scenario(
        key,
        str(raw.get("title", key)),
        str(raw.get("start", "")),
        str(raw.get("kind", "")),
        turns if isinstance(turns, int) else None,
        placements,
        str(raw.get("victory", "")),
        tuple(raw.get("notes", ())),
        raw,
    )


def check_scenarios(data: DataSet) -> None:
    """Raise :class:`DataFileError` if any scenario names an impossible force."""
    from .victory import VICTORY_RULES

    for key, raw in data.scenarios.items():
        scen = _build(key, raw, data)
        if scen.victory not in VICTORY_RULES:
            raise DataFileError(
                f"scenarios.json: scenario {key!r} has unknown victory rule {scen.victory!r}"
            )


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
    scen = _build(key, d.scenarios[key], d)
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
