"""The data set's values: the counters, the tables, the ports, the scenarios and the map,
as :mod:`companion.tsushima.data` loads and checks them from the data files."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import TsushimaError
from .hexmap import HexMap
from .tables import HitTable
from .units import Counter, Side


@dataclass(frozen=True)
class Port:
    name: str
    owner: Side
    repair: int
    country: str
    zone: str | None = None


@dataclass(frozen=True)
class DataSet:
    counters: tuple[Counter, ...]
    aliases: dict[str, str]
    markers: dict[str, Any]
    tables: dict[str, Any]
    ports: dict[str, Port]
    port_aliases: dict[str, str]
    zones: tuple[str, ...]
    zones_provisional: bool
    gunfire: HitTable
    torpedo: HitTable
    scenarios: dict[str, Any]
    sources: dict[str, str] = field(default_factory=dict)
    hexmap: HexMap = field(default_factory=HexMap)

    def counter(self, name: str, nation: Side | None = None) -> Counter:
        """The counter called ``name`` (case-insensitive, known misspellings accepted).

        ``japan:Destroyer`` picks the navy when both have a counter of that name.
        """
        navy, sep, rest = name.partition(":")
        if sep and navy.strip().lower() in ("russia", "japan"):
            if nation is not None and nation.value != navy.strip().lower():
                raise TsushimaError(f"{name!r} is not a {nation.adjective} counter")
            nation, name = Side(navy.strip().lower()), rest
        wanted = self.aliases.get(name.strip(), name.strip()).casefold()
        for alias, real in self.aliases.items():
            if alias.casefold() == wanted:
                wanted = real.casefold()
        hits = [
            c
            for c in self.counters
            if c.name.casefold() == wanted and (nation is None or c.nation is nation)
        ]
        if not hits:
            raise TsushimaError(f"unknown ship {name!r}")
        if len(hits) > 1:
            raise TsushimaError(
                f"{name!r} names counters of both navies; say which, e.g. japan:{hits[0].name}"
            )
        return hits[0]

    def port(self, name: str) -> Port:
        key = self.port_aliases.get(name.strip(), name.strip())
        for pname, port in self.ports.items():
            if pname.casefold() == key.casefold():
                return port
        raise TsushimaError(f"unknown port {name!r}")

    def special(self, ship_name: str) -> dict[str, Any]:
        spec: dict[str, Any] = self.tables.get("special_ships", {}).get(ship_name, {})
        return spec
