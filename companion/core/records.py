"""The record format every game shares: versioned JSON Lines, one entry per action, each
line's checksum chained to the one before (documented in ``docs/records.md``).

A game's own record module adds its header and its replay; this module knows no game.

>>> e = Entry(1, "roll 3 4", by=0, source="virtual")
>>> Entry.from_json(e.to_json(), 2) == e
True
>>> len(chain(FORMAT, e.to_json()))
32
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeGuard

FORMAT = "table-companion-record"
VERSION = 2
READS = (1, 2)
"""Versions this companion reads: version 1 has no checksums and is read as unverified."""
SOURCES = ("player", "virtual", "physical", "auto")
Integrity = Literal["verified", "unverified", "edited"]
"""How far a record read from a file can be trusted: every checksum matched; a version 1
record (no checksums); or a record whose checksums did not match, read knowingly."""
MAX_NAME = 24
MAX_LINE = 1_000_000
"""No line of a real record comes near this; longer ones are refused before parsing."""
MAX_DEPTH = 32
class RecordError(ValueError):
    """A record that cannot be read or replayed; names the line at fault."""

    def __init__(self, line: int, why: str) -> None:
        super().__init__(f"line {line}: {why}")
        self.line = line
        self.why = why


def now() -> str:
    # Loaded on first use, as hashlib below: a command that only reads never pays for them.
    from datetime import UTC, datetime

    return datetime.now(UTC).isoformat(timespec="seconds")


def name_problem(name: Any) -> str | None:
    """Why ``name`` cannot be a player's name, or None when it can.

    >>> name_problem("red") is None
    True
    >>> print(name_problem("\\x1b[31mred"))
    a player's name cannot hold control characters or escapes: '\\x1b[31mred'
    """
    if not isinstance(name, str):
        return f"a player's name must be text, not {name!r}"
    shown = repr(name if len(name) <= 40 else name[:40] + "...")
    if any(unicodedata.category(ch)[0] == "C" or unicodedata.category(ch) in ("Zl", "Zp")
           for ch in name):
        return f"a player's name cannot hold control characters or escapes: {shown}"
    if len(name.strip()) > MAX_NAME:
        return f"a player's name is at most {MAX_NAME} characters: {shown}"
    return None


def check_players(players: Any) -> list[str]:
    """The players' names, or ValueError naming the first one that cannot be used."""
    if not isinstance(players, (list, tuple)) or not players:
        raise ValueError("players must be a list of names")
    for p in players:
        why = name_problem(p)
        if why:
            raise ValueError(why)
    return list(players)


def whole_number(value: Any) -> TypeGuard[int]:
    """A JSON whole number: ``true`` and ``1.0`` are not."""
    return type(value) is int


def canonical(doc: dict[str, Any]) -> str:
    """The text a line's checksum is taken over: its fields, sorted, without ``sum``."""
    return json.dumps(
        {k: v for k, v in doc.items() if k != "sum"},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )


def chain(previous: str, doc: dict[str, Any]) -> str:
    """A line's checksum: SHA-256 of the previous line's checksum and this line's fields.

    The header's ``previous`` is the format name, so the chain starts at line 1.
    """
    import hashlib

    data = f"{previous}\n{canonical(doc)}".encode()
    return hashlib.sha256(data).hexdigest()[:32]


def _depth_ok(text: str) -> bool:
    """Whether no JSON array or object in ``text`` nests deeper than MAX_DEPTH (strings
    are skipped), so that the parser is never asked to recurse out of the stack."""
    depth = 0
    in_str = escaped = False
    for ch in text:
        if in_str:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return False
        elif ch in "]}":
            depth -= 1
    return True


@dataclass(frozen=True, slots=True)
class Entry:
    seq: int
    action: str
    """An action's notation, or ``undo``."""
    by: int | None = None
    source: str = "player"
    at: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "action": self.action,
            "by": self.by,
            "source": self.source,
            "at": self.at,
        }

    @classmethod
    def from_json(cls, doc: Any, line: int) -> Entry:
        if not isinstance(doc, dict):
            raise RecordError(line, "an entry must be a JSON object")
        seq, action, by, source = (
            doc.get("seq"),
            doc.get("action"),
            doc.get("by"),
            doc.get("source", "player"),
        )
        if not whole_number(seq) or not isinstance(action, str):
            raise RecordError(line, "an entry needs a whole-number seq and an action")
        if by is not None and not whole_number(by):
            raise RecordError(line, "'by' must be a seat number or null")
        if source not in SOURCES:
            raise RecordError(line, f"source must be one of {', '.join(SOURCES)}")
        at = doc.get("at", "")
        return cls(seq, action, by, source, at if isinstance(at, str) else "")

    @property
    def is_undo(self) -> bool:
        return self.action == "undo"


def live_entries(entries: Sequence[Entry]) -> list[int]:
    """Indices of the entries still in force: an undo takes back the last entry that was
    not ``auto``, with every ``auto`` entry after it."""
    kept: list[int] = []
    for i, e in enumerate(entries):
        if not e.is_undo:
            kept.append(i)
            continue
        while kept and entries[kept[-1]].source == "auto":
            kept.pop()
        if kept:
            kept.pop()
    return kept


def parse_line(n: int, text: str) -> Any:
    """One line of a record file as JSON, refused in one line when it cannot be one."""
    if len(text) > MAX_LINE:
        raise RecordError(n, f"the line is {len(text)} characters long; no entry is that long")
    if not _depth_ok(text):
        raise RecordError(n, f"the line nests more than {MAX_DEPTH} levels deep")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(n, f"not valid JSON ({exc.msg}); the line may have been cut off") from None
    except (RecursionError, ValueError) as exc:  # huge numbers and the like
        raise RecordError(n, f"not a record line: {exc}") from None


def check_sums(docs: list[tuple[int, Any]]) -> str:
    """The first line whose checksum fails, in words, or "" when all match."""
    previous = FORMAT
    for n, doc in docs:
        if not isinstance(doc, dict):
            return f"line {n}: not a JSON object"
        want = chain(previous, doc)
        got = doc.get("sum")
        if got is None:
            return f"line {n}: the line has no checksum"
        if got != want:
            return f"line {n}: the checksum does not match"
        previous = want
    return ""
