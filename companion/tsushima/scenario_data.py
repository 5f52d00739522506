"""The scenarios as data: each one's forces, placements, length and victory rule, built
from ``scenarios.json`` and checked against the counter sheet when the data set loads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import DataFileError, TsushimaError
from .small_craft import SMALL_KEYS, SMALL_PREFIX, small_craft_ident
from .units import Ship, Side

if TYPE_CHECKING:
    from .dataset import DataSet


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


def build_scenario(key: str, raw: Any, data: DataSet) -> Scenario:
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
        scen = build_scenario(key, raw, data)
        if scen.victory not in VICTORY_RULES:
            raise DataFileError(
                f"scenarios.json: scenario {key!r} has unknown victory rule {scen.victory!r}"
            )

