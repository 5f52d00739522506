"""The hex map as the owner's data (``map.json``), filled in as play needs it.

The text gives no hex map: which zones there are and how they join, and the ports with their
tables, are read from the text and kept in ``geography.json`` (flagged there). What the text
does not give is never invented here: how the printed map numbers its hexes (the layout), the
hex of each port, and for each hex whether it is partial sea and whose coast it lies on. The
first time a procedure needs one of those facts it raises :class:`MissingMapFact`, which
carries the question; the answer is stored in the owner's ``map.json`` (``companion tsushima
map set``) and used from then on.

Hexes are named ``CCRR`` (column and row, two digits each), as printed wargame maps number
them. Distances follow the layout: ``odd-q`` (columns upright, odd columns shifted down),
``even-q``, ``odd-r`` (rows across, odd rows shifted right) or ``even-r``.

>>> m = HexMap(layout="odd-q", port_hexes={"Sasebo": "0710"},
...            hexes={"0712": HexFacts(partial_sea=True, coast="japan")})
>>> m.distance("0710", "0712"), m.distance("0710", "0911")
(2, 2)
>>> m.partial_sea("0712"), m.coast("0712")
(True, 'japan')
>>> m.partial_sea("0713")
Traceback (most recent call last):
...
companion.tsushima.hexmap.MissingMapFact: the map file does not say whether hex 0713 is partial sea (answer: yes or no)
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from .errors import DataFileError, TsushimaError

T = TypeVar("T")

FILE = "map.json"
SCHEMA = "tsushima-map/1"
LAYOUTS = ("odd-q", "even-q", "odd-r", "even-r")
COASTS = ("japan", "korea", "manchuria", "russia", "china", "none")
KINDS = ("layout", "port-hex", "partial-sea", "coast", "edge")


@dataclass(frozen=True)
class Fact:
    """One fact of the printed map: ``kind`` and what it is about (a hex or a port)."""

    kind: str
    subject: str = ""

    def question(self) -> str:
        return {
            "layout": "how the map numbers its hexes (answer: " + ", ".join(LAYOUTS) + ")",
            "port-hex": f"which hex holds {self.subject} (answer: a hex like 0712)",
            "partial-sea": f"whether hex {self.subject} is partial sea (answer: yes or no)",
            "coast": f"whose coast hex {self.subject} lies on (answer: " + ", ".join(COASTS) + ")",
            "edge": f"how many hexes hex {self.subject} lies from the map's south edge, where "
            "ships pass to the China Sea zone (answer: a number, 0 on the edge)",
        }[self.kind]


class MissingMapFact(TsushimaError):
    """A procedure needs a fact of the printed map that the owner's map file lacks."""

    def __init__(self, fact: Fact) -> None:
        super().__init__(f"the map file does not say {fact.question()}")
        self.fact = fact


def parse_hex(label: str) -> tuple[int, int]:
    """``0712`` -> column 7, row 12.

    >>> parse_hex("1204")
    (12, 4)
    """
    text = label.strip()
    if len(text) != 4 or not text.isdigit():
        raise TsushimaError(f"hex {label!r} is not four digits, column then row (like 0712)")
    return int(text[:2]), int(text[2:])


def is_hex(label: str) -> bool:
    return len(label) == 4 and label.isdigit()


@dataclass(frozen=True)
class HexFacts:
    partial_sea: bool | None = None
    coast: str | None = None
    edge: int | None = None  # hexes from the south edge (the way to the China Sea zone)


def _known(value: T | None, kind: str, subject: str = "") -> T:
    """``value``, a fact the map file holds, or :class:`MissingMapFact` asking for it."""
    if value is None:
        raise MissingMapFact(Fact(kind, subject))
    return value


@dataclass(frozen=True)
class HexMap:
    layout: str | None = None
    port_hexes: dict[str, str] = field(default_factory=dict)
    hexes: dict[str, HexFacts] = field(default_factory=dict)
    source: str = field(default="built-in", compare=False)

    # ----- the facts ---------------------------------------------------------------------
    def _layout(self) -> str:
        return _known(self.layout, "layout")

    def port_hex(self, port: str) -> str:
        return _known(self.port_hexes.get(port), "port-hex", port)

    def partial_sea(self, label: str) -> bool:
        parse_hex(label)
        return _known(self.hexes.get(label, HexFacts()).partial_sea, "partial-sea", label)

    def coast(self, label: str) -> str:
        parse_hex(label)
        return _known(self.hexes.get(label, HexFacts()).coast, "coast", label)

    def edge(self, label: str) -> int:
        parse_hex(label)
        return _known(self.hexes.get(label, HexFacts()).edge, "edge", label)

    # ----- computed from the facts -------------------------------------------------------
    def _cube(self, label: str) -> tuple[int, int, int]:
        """Cube coordinates of a hex, by the map's layout (offset to cube conversion)."""
        col, row = parse_hex(label)
        layout = self._layout()
        if layout == "odd-q":
            x, z = col, row - (col - (col & 1)) // 2
        elif layout == "even-q":
            x, z = col, row - (col + (col & 1)) // 2
        elif layout == "odd-r":
            x, z = col - (row - (row & 1)) // 2, row
        else:
            x, z = col - (row + (row & 1)) // 2, row
        return x, -x - z, z

    def distance(self, a: str, b: str) -> int:
        ax, ay, az = self._cube(a)
        bx, by, bz = self._cube(b)
        return max(abs(ax - bx), abs(ay - by), abs(az - bz))

    def within(self, a: str, b: str, hexes: int) -> bool:
        return self.distance(a, b) <= hexes

    def nearest_port(self, label: str, ports: Iterable[str]) -> tuple[str, int]:
        """The nearest of ``ports`` to a hex, and how far (every port's hex is needed)."""
        best: tuple[str, int] | None = None
        for port in ports:
            d = self.distance(label, self.port_hex(port))
            if best is None or d < best[1]:
                best = (port, d)
        if best is None:
            raise TsushimaError("there is no port to measure from")
        return best

    def describe(self) -> list[str]:
        """What the file knows, one fact a line."""
        lines = [f"Layout: {self.layout or 'not yet given'}."]
        lines += [f"{p} is in hex {h}." for p, h in sorted(self.port_hexes.items())]
        for label, f in sorted(self.hexes.items()):
            bits = []
            if f.partial_sea is not None:
                bits.append("partial sea" if f.partial_sea else "open sea")
            if f.coast is not None:
                bits.append("no coast" if f.coast == "none" else f"coast of {f.coast.capitalize()}")
            if f.edge is not None:
                bits.append(f"{f.edge} hex(es) from the south edge")
            lines.append(f"Hex {label}: {', '.join(bits)}.")
        return lines

    # ----- answers -----------------------------------------------------------------------
    def answer(self, fact: Fact, value: str) -> HexMap:
        """The map with one more fact, checked."""
        v = value.strip().lower()
        if fact.kind == "layout":
            if v not in LAYOUTS:
                raise TsushimaError(f"layout {value!r} is not one of {', '.join(LAYOUTS)}")
            return dataclasses.replace(self, layout=v)
        if fact.kind == "port-hex":
            parse_hex(v)
            return dataclasses.replace(self, port_hexes={**self.port_hexes, fact.subject: v})
        old = self.hexes.get(fact.subject, HexFacts())
        parse_hex(fact.subject)
        if fact.kind == "partial-sea":
            if v not in ("yes", "no"):
                raise TsushimaError(f"partial sea: answer yes or no, not {value!r}")
            new = dataclasses.replace(old, partial_sea=v == "yes")
        elif fact.kind == "coast":
            if v not in COASTS:
                raise TsushimaError(f"coast {value!r} is not one of {', '.join(COASTS)}")
            new = dataclasses.replace(old, coast=v)
        elif fact.kind == "edge":
            if not v.isdigit():
                raise TsushimaError(f"hexes from the south edge: answer a number, not {value!r}")
            new = dataclasses.replace(old, edge=int(v))
        else:
            raise TsushimaError(f"unknown map fact {fact.kind!r}; one of {', '.join(KINDS)}")
        return dataclasses.replace(self, hexes={**self.hexes, fact.subject: new})

    def value(self, fact: Fact) -> str | None:
        """The stored answer to a fact as it would be typed, or ``None``."""
        if fact.kind == "layout":
            return self.layout
        if fact.kind == "port-hex":
            return self.port_hexes.get(fact.subject)
        f = self.hexes.get(fact.subject, HexFacts())
        got: object = {"partial-sea": f.partial_sea, "coast": f.coast, "edge": f.edge}.get(
            fact.kind
        )
        if isinstance(got, bool):
            return "yes" if got else "no"
        return None if got is None else str(got)

    def forget(self, fact: Fact) -> HexMap:
        """The map without one fact (asked again the next time a step needs it)."""
        if self.value(fact) is None:
            what = f" of {fact.subject}" if fact.subject else ""
            raise TsushimaError(f"the map file holds no {fact.kind}{what} to delete")
        if fact.kind == "layout":
            return dataclasses.replace(self, layout=None)
        if fact.kind == "port-hex":
            return dataclasses.replace(
                self, port_hexes={k: v for k, v in self.port_hexes.items() if k != fact.subject}
            )
        field_name = {"partial-sea": "partial_sea", "coast": "coast", "edge": "edge"}[fact.kind]
        left = dataclasses.replace(self.hexes[fact.subject], **{field_name: None})
        hexes = {k: v for k, v in self.hexes.items() if k != fact.subject}
        if left != HexFacts():
            hexes[fact.subject] = left
        return dataclasses.replace(self, hexes=hexes)

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "about": "Facts of the printed hex map, entered by the owner when play first "
            "needed them. Zones and ports read from the text are in geography.json.",
            "layout": self.layout,
            "port_hexes": dict(sorted(self.port_hexes.items())),
            "hexes": {
                k: {"partial_sea": f.partial_sea, "coast": f.coast}
                | ({} if f.edge is None else {"edge": f.edge})
                for k, f in sorted(self.hexes.items())
            },
        }

    def save(self, directory: str | Path) -> Path:
        """Write ``map.json`` into the owner's data directory, atomically."""
        d = Path(directory)
        if not d.is_dir():
            raise TsushimaError(f"the data directory {str(d)!r} does not exist "
                                "(companion tsushima export-data DIR makes one)")
        path = d / FILE
        tmp = d / (FILE + ".tmp")
        try:
            tmp.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")
            os.replace(tmp, path)
        except OSError as exc:
            raise TsushimaError(f"cannot write {str(path)!r}: {exc.strerror}") from None
        return path


def map_from_json(raw: Any, source: str, ports: Iterable[str]) -> HexMap:
    """Check and read ``map.json``; ``ports`` are the port names geography.json knows."""
    where = f"{FILE}:"
    if not isinstance(raw, dict):
        raise DataFileError(f"{where} top level must be an object")
    layout = raw.get("layout")
    if layout is not None and layout not in LAYOUTS:
        raise DataFileError(f"{where} layout {layout!r} is not one of {', '.join(LAYOUTS)}")
    known = set(ports)
    port_hexes: dict[str, str] = {}
    for port, label in dict(raw.get("port_hexes") or {}).items():
        if port not in known:
            raise DataFileError(f"{where} port_hexes names unknown port {port!r}")
        try:
            parse_hex(str(label))
        except TsushimaError as exc:
            raise DataFileError(f"{where} port_hexes {port!r}: {exc}") from None
        port_hexes[port] = str(label)
    hexes: dict[str, HexFacts] = {}
    for label, facts in dict(raw.get("hexes") or {}).items():
        try:
            parse_hex(label)
        except TsushimaError as exc:
            raise DataFileError(f"{where} hexes: {exc}") from None
        if not isinstance(facts, dict):
            raise DataFileError(f"{where} hexes {label!r} must be an object")
        ps, coast = facts.get("partial_sea"), facts.get("coast")
        if ps is not None and not isinstance(ps, bool):
            raise DataFileError(f"{where} hexes {label!r} partial_sea must be true or false")
        if coast is not None and coast not in COASTS:
            raise DataFileError(f"{where} hexes {label!r} coast {coast!r} is not one of "
                                f"{', '.join(COASTS)}")
        edge = facts.get("edge")
        if edge is not None and (isinstance(edge, bool) or not isinstance(edge, int) or edge < 0):
            raise DataFileError(f"{where} hexes {label!r} edge must be a number of hexes, 0 or more")
        hexes[label] = HexFacts(ps, coast, edge)
    return HexMap(layout, port_hexes, hexes, source)
