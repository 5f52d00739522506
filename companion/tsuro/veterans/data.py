"""The facts of Veterans of the Seas and the Phoenix tile that the reference leaves out.

Our only text for the expansion (the comprehensive reference, seed 001) names the pieces
and their rules but not how many there are, what is printed on them, or a few details of
the tsunami. The companion ships them as editable data (``companion/data/veterans.json``),
overridable by a copy in the data directory, exactly like the daikaiju arrows; every
place that uses one names it as a default to check (see ``docs/rules.md``).

A file that contradicts a sentence of the reference is refused with one line:

>>> data = load_veterans()
>>> data.tsunami.sequence, data.taihou.keep_limit, data.default
((2, 3, 3, 4), 2, True)
>>> parse_veterans({**shipped_doc(), "taihou": {"keep_limit": 3}}, "mine.json")
Traceback (most recent call last):
...
companion.tsuro.veterans.data.VeteransDataError: mine.json: taihou keep_limit 3: the reference \
removes a third taihou, so a hand keeps at most 2
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from companion.core.locations import owner_file, read_data
from companion.tsuro.daikaiju import MOVES, TURNS
from companion.tsuro.tiles import Tile, TileError

VETERANS_FILE = "veterans.json"
BLUE_EDGES = ("facing", "nearest")
SHIP_SQUARES = ("standing", "facing")
UZUSHIO_HOMES = ("daikaiju-deck",)


class VeteransDataError(ValueError):
    """A Veterans of the Seas data file that cannot describe the expansion."""


@dataclass(frozen=True, slots=True)
class TsunamiRules:
    sequence: tuple[int, ...]
    """The connecting number on arrival, then after each tsunami phase; the last repeats."""
    blue_edge: str
    ship_square: str

    def number(self, step: int) -> int:
        """The connecting number after ``step`` tsunami phases."""
        return self.sequence[min(step, len(self.sequence) - 1)]


@dataclass(frozen=True, slots=True)
class UzushioRules:
    count: int
    lives: str
    must_move: bool
    turn: int
    faces: tuple[str, ...]
    """``faces[f - 1]`` is what die face ``f`` does: a key of MOVES, or ``rotate``."""

    def action(self, face: int) -> str:
        return self.faces[face - 1]


@dataclass(frozen=True, slots=True)
class TaihouRules:
    count: int
    pattern: Tile | None
    counts_toward_hand: bool
    keep_limit: int


@dataclass(frozen=True, slots=True)
class PortalRules:
    count: int
    pattern: Tile | None


@dataclass(frozen=True, slots=True)
class PhoenixRules:
    count: int
    pattern: Tile | None
    counts_toward_hand: bool


@dataclass(frozen=True, slots=True)
class VeteransData:
    tsunami: TsunamiRules
    uzushio: UzushioRules
    taihou: TaihouRules
    portal: PortalRules
    phoenix: PhoenixRules
    default: bool
    source: str = field(compare=False)
    """Where the data came from, for messages; two copies of the same data are equal."""

    def defaults_to_check(self) -> list[str]:
        """One line per default the table should check against its printed sheet."""
        if not self.default:
            return []
        t = self.tsunami
        seq = " -> ".join(str(n) for n in t.sequence)
        return [
            f"Veterans pieces: {self.taihou.count} taihou, {self.portal.count} mystic portals "
            f"in the wake pile, {self.uzushio.count} uzushio in the daikaiju deck "
            "(default: check against your sheet).",
            f"Tsunami connecting number {seq}; the blue tsunami goes to the edge "
            f"{'its gold partner points at' if t.blue_edge == 'facing' else 'nearest the gold'} "
            "(default: check against your sheet).",
            f"Uzushio arrows and whether it {'must' if self.uzushio.must_move else 'may'} move "
            "(default: check against your sheet).",
        ]


def _section(doc: dict[str, Any], name: str, bad: Any) -> dict[str, Any]:
    raw = doc.get(name, {})
    if not isinstance(raw, dict):
        raise bad(f"{name} must be an object")
    return raw


def _count(raw: dict[str, Any], name: str, default: int, bad: Any) -> int:
    n = raw.get("count", default)
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 20:
        raise bad(f"{name} count must be a whole number from 0 to 20")
    return n


def _pattern(raw: dict[str, Any], name: str, bad: Any) -> Tile | None:
    text = raw.get("pattern")
    if text is None:
        return None
    try:
        return Tile.parse(str(text))
    except TileError as exc:
        raise bad(f"{name} pattern: {exc}") from None


def _flag(raw: dict[str, Any], key: str, name: str, default: bool, bad: Any) -> bool:
    v = raw.get(key, default)
    if not isinstance(v, bool):
        raise bad(f"{name} {key} must be true or false")
    return v


def _choice(raw: dict[str, Any], key: str, name: str, allowed: tuple[str, ...], bad: Any) -> str:
    v = raw.get(key, allowed[0])
    if v not in allowed:
        raise bad(f"{name} {key} must be one of {', '.join(allowed)}, not {v!r}")
    return str(v)


def parse_veterans(doc: Any, source: str) -> VeteransData:
    """The expansion's data from its JSON form; one line naming what is wrong otherwise."""

    def bad(why: str) -> VeteransDataError:
        return VeteransDataError(f"{source}: {why}")

    if not isinstance(doc, dict):
        raise bad("expected an object")
    # tsunami: the reference points the two 2s at each other on arrival and stops turning
    # the tiles once the number is 4
    t = _section(doc, "tsunami", bad)
    seq = t.get("sequence", [2, 3, 3, 4])
    if (
        not isinstance(seq, list)
        or not seq
        or not all(isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 7 for n in seq)
    ):
        raise bad("tsunami sequence must be a list of whole numbers from 1 to 7")
    if seq[0] != 2:
        raise bad(f"tsunami sequence starts at {seq[0]}: the reference points the 2s together")
    if seq[-1] != 4 or 4 in seq[:-1]:
        raise bad("tsunami sequence must end at its only 4: the reference turns it until 4")
    tsunami = TsunamiRules(
        tuple(seq),
        _choice(t, "blue_edge", "tsunami", BLUE_EDGES, bad),
        _choice(t, "ship_square", "tsunami", SHIP_SQUARES, bad),
    )
    u = _section(doc, "uzushio", bad)
    moves = _choice(u, "moves", "uzushio", ("may", "must"), bad)
    turn = u.get("turn", "clockwise")
    if turn not in TURNS:
        raise bad("uzushio turn must be 'clockwise' or 'counterclockwise'")
    faces = u.get("faces", {"1": "forward", "2": "rotate", "3": "right", "4": "left", "5": "back"})
    if not isinstance(faces, dict) or sorted(faces) != ["1", "2", "3", "4", "5"]:
        raise bad("uzushio faces must give each of 1-5 exactly once")
    acts = tuple(str(faces[str(f)]) for f in range(1, 6))
    for f, act in enumerate(acts, 1):
        if act not in MOVES and act != "rotate":
            raise bad(f"uzushio face {f} says {act!r}; use forward, right, back, left or rotate")
    uzushio = UzushioRules(
        _count(u, "uzushio", 1, bad),
        _choice(u, "lives", "uzushio", UZUSHIO_HOMES, bad),
        moves == "must",
        TURNS[turn],
        acts,
    )
    th = _section(doc, "taihou", bad)
    limit = th.get("keep_limit", 2)
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
        raise bad("taihou keep_limit must be a whole number")
    if limit > 2:
        raise bad(
            f"taihou keep_limit {limit}: the reference removes a third taihou, "
            "so a hand keeps at most 2"
        )
    taihou = TaihouRules(
        _count(th, "taihou", 3, bad),
        _pattern(th, "taihou", bad),
        _flag(th, "counts_toward_hand", "taihou", True, bad),
        limit,
    )
    p = _section(doc, "portal", bad)
    portal = PortalRules(_count(p, "portal", 2, bad), _pattern(p, "portal", bad))
    ph = _section(doc, "phoenix", bad)
    phoenix = PhoenixRules(
        _count(ph, "phoenix", 1, bad),
        _pattern(ph, "phoenix", bad),
        _flag(ph, "counts_toward_hand", "phoenix", True, bad),
    )
    if phoenix.count > 1:
        raise bad("phoenix count: the reference has one Phoenix tile")
    return VeteransData(
        tsunami, uzushio, taihou, portal, phoenix, bool(doc.get("default", False)), source
    )


def load_veterans(path: str | Path | None = None) -> VeteransData:
    """The data from ``path``, else the owner's edited copy, else the shipped default."""
    if path is None and owner_file(VETERANS_FILE) is None:
        return _shipped()
    return parse_veterans(*read_data(VETERANS_FILE, path, VeteransDataError, "veterans data"))


@cache
def _shipped() -> VeteransData:
    return parse_veterans(shipped_doc(), "built-in veterans data")


def shipped_doc() -> dict[str, Any]:
    """A fresh copy of the shipped file's JSON (never the owner's), for edited variants."""
    doc: dict[str, Any] = json.loads(
        resources.files("companion.data").joinpath(VETERANS_FILE).read_text("utf-8")
    )
    return doc


def veterans_json(data: VeteransData) -> dict[str, Any]:
    """The data in its file form, for a game record's header; parses back to the same.

    >>> parse_veterans(veterans_json(load_veterans()), "record") == load_veterans()
    True
    """
    turns = {1: "clockwise", -1: "counterclockwise"}

    def pattern(t: Tile | None) -> str | None:
        return None if t is None else t.notation()

    u = data.uzushio
    return {
        "default": data.default,
        "tsunami": {
            "sequence": list(data.tsunami.sequence),
            "blue_edge": data.tsunami.blue_edge,
            "ship_square": data.tsunami.ship_square,
        },
        "uzushio": {
            "count": u.count,
            "lives": u.lives,
            "moves": "must" if u.must_move else "may",
            "turn": turns[u.turn],
            "faces": {str(i + 1): f for i, f in enumerate(u.faces)},
        },
        "taihou": {
            "count": data.taihou.count,
            "pattern": pattern(data.taihou.pattern),
            "counts_toward_hand": data.taihou.counts_toward_hand,
            "keep_limit": data.taihou.keep_limit,
        },
        "portal": {
            "count": data.portal.count,
            "pattern": pattern(data.portal.pattern),
        },
        "phoenix": {
            "count": data.phoenix.count,
            "pattern": pattern(data.phoenix.pattern),
            "counts_toward_hand": data.phoenix.counts_toward_hand,
        },
    }
