"""Game records: a header and one entry per action, as versioned JSON Lines.

The format is documented in ``docs/records.md``. A record is append-only: an undo is an
entry of its own, and replaying applies the entries in order, an ``undo`` taking back the
last decision or roll together with the steps the companion took by itself after it.

Written records (version 2) carry a checksum on every line, chained from the header to
the last entry, so that a line damaged or edited after export is named on reading.

>>> from companion.game import Game
>>> h = Header.for_game(Game.create("tsuro", ["red", "blue"]), tiles="virtual")
>>> Header.from_json(h.to_json(), 1).game.players
('red', 'blue')
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal, TypeGuard

from .actions import ActionError, Die, Draw, DrawDaikaiju, Facing, Roll, parse_action
from .daikaiju import DaikaijuDeck, DeckError, parse_deck
from .game import Game, GameError
from .state import State, new_state
from .tiles import PATTERNS
from .veterans.actions import DrawPiece
from .veterans.data import VeteransDataError, parse_veterans, veterans_json

FORMAT = "table-companion-record"
VERSION = 2
READS = (1, 2)
"""Versions this companion reads: version 1 has no checksums and is read as unverified."""
SOURCES = ("player", "virtual", "physical", "auto")
TileMode = Literal["hidden", "virtual"]
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


def _whole(value: Any) -> TypeGuard[int]:
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


@dataclass(frozen=True)
class Header:
    game: Game
    tiles: TileMode = "hidden"
    """Whether the companion sees the tiles drawn (``virtual``) or not (``hidden``)."""
    created: str = field(default_factory=now)
    integrity: Integrity = "verified"
    """``unverified`` or ``edited`` when the game came from a record that could not be
    checked or did not check out; kept through export, so the mark is never lost."""

    @classmethod
    def for_game(cls, game: Game, tiles: TileMode = "hidden") -> Header:
        return cls(game, tiles)

    def to_json(self) -> dict[str, Any]:
        deck = self.game.deck
        doc = {
            "format": FORMAT,
            "version": VERSION,
            **self.game.to_json(),
            "tiles": self.tiles,
            "tile_set": [PATTERNS[t].notation() for t in self.game.tile_set],
            "daikaiju": None if deck is None else _deck_json(deck),
            "created": self.created,
        }
        if self.game.veterans is not None:
            doc["veterans"] = veterans_json(self.game.veterans)
        if self.integrity != "verified":
            doc["integrity"] = self.integrity
        return doc

    @classmethod
    def from_json(cls, doc: Any, line: int) -> Header:
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise RecordError(line, f"not a {FORMAT} header")
        version = doc.get("version")
        if not _whole(version) or version not in READS:
            raise RecordError(
                line,
                f"record version {version!r} is not supported (this companion reads "
                f"{' and '.join(map(str, READS))})",
            )
        try:
            check_players(doc.get("players"))
        except ValueError as exc:
            raise RecordError(line, str(exc)) from None
        options = doc.get("options", [])
        if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
            raise RecordError(line, "options must be a list of option names")
        if not isinstance(doc.get("game"), str):
            raise RecordError(line, "the header lacks the game's name")
        try:
            deck = (
                None
                if doc.get("daikaiju") is None
                else parse_deck(doc["daikaiju"], "record header")
            )
            vet = (
                None
                if doc.get("veterans") is None
                else parse_veterans(doc["veterans"], "record header")
            )
            game = Game.create(
                doc["game"], list(doc["players"]), list(doc.get("options", [])), deck, vet
            )
        except (KeyError, TypeError, AttributeError):
            raise RecordError(line, "the header lacks game, players or options") from None
        except (GameError, DeckError, VeteransDataError) as exc:
            raise RecordError(line, str(exc)) from None
        if doc.get("tile_set") is not None:
            from .game import parse_tile_set

            try:
                tiles = parse_tile_set({"tiles": doc["tile_set"]}, "record header")
            except (GameError, TypeError, AttributeError) as exc:
                raise RecordError(line, f"the tile set cannot be read: {exc}") from None
            game = Game(
                game.kind, game.players, game.board, tiles, game.options, game.deck, game.veterans
            )
        mode = doc.get("tiles", "hidden")
        if mode not in ("hidden", "virtual"):
            raise RecordError(line, f"tiles must be 'hidden' or 'virtual', not {mode!r}")
        integrity = doc.get("integrity", "verified")
        if integrity not in ("verified", "unverified", "edited"):
            raise RecordError(line, f"integrity must be unverified or edited, not {integrity!r}")
        created = doc.get("created", "")
        return cls(game, mode, created if isinstance(created, str) else "", integrity)


def _deck_json(deck: DaikaijuDeck) -> dict[str, Any]:
    turns = {1: "clockwise", -1: "counterclockwise"}
    return {
        "default": deck.default,
        "cards": [
            {
                "id": c.id,
                "rotation": c.rotation,
                "arrow": c.colour,
                "turn": turns[c.turn],
                "faces": {str(i + 1): f for i, f in enumerate(c.faces)},
            }
            for c in deck.cards
        ],
    }


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
        if not _whole(seq) or not isinstance(action, str):
            raise RecordError(line, "an entry needs a whole-number seq and an action")
        if by is not None and not _whole(by):
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


def replay(header: Header, entries: Sequence[Entry], lines: Sequence[int] | None = None) -> State:
    """The state the entries lead to; RecordError at the first entry the rules refuse.

    ``lines`` gives each entry's line number in its file (default: the line after the header).
    """
    seats = len(header.game.players)
    for n, e in enumerate(entries):
        line = lines[n] if lines is not None else n + 2
        if e.seq != n + 1:
            raise RecordError(line, f"entry number {e.seq} where {n + 1} was expected")
        if e.by is not None and not 0 <= e.by < seats:
            raise RecordError(line, f"'by' names seat {e.by}; this game has seats 0-{seats - 1}")
    state = new_state(header.game)
    for i in live_entries(entries):
        line = lines[i] if lines is not None else i + 2
        try:
            action = parse_action(entries[i].action)
            if entries[i].source == "auto" and not isinstance(action, _AUTO):
                raise ActionError(
                    f"{entries[i].action!r} is a choice, not a step the companion takes "
                    "itself: its source cannot be 'auto'"
                )
            state = state.apply(action)
        except ActionError as exc:
            raise RecordError(line, str(exc)) from None
    return state


_AUTO = (DrawPiece, Draw, DrawDaikaiju, Facing, Roll, Die)
"""Chance, never a player's choice: only these can be ``source: auto`` (the session takes
the first three itself; a generated game may record its dice so too)."""


def dump_lines(header: Header, entries: Iterable[Entry]) -> list[str]:
    """The record as JSON Lines of the current version, each line with its chained sum."""
    out = []
    previous = FORMAT
    for doc in [header.to_json(), *(e.to_json() for e in entries)]:
        previous = doc["sum"] = chain(previous, doc)
        out.append(json.dumps(doc, separators=(",", ":"), ensure_ascii=False))
    return out


@dataclass(frozen=True)
class Loaded:
    """A record read from its lines: the entries' line numbers name them in messages."""

    header: Header
    entries: list[Entry]
    numbers: list[int]
    integrity: Integrity
    problem: str = ""
    """For an ``edited`` record: the first line whose checksum did not match."""


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


def load_lines(lines: Sequence[str], accept_edited: bool = False) -> Loaded:
    """Read a JSON Lines record: its header, entries and the entries' line numbers.

    A version 2 record whose checksums do not match is refused, naming the first line
    that fails, unless ``accept_edited``: then it is read and marked ``edited``.
    """
    if not lines or not lines[0].strip():
        raise RecordError(1, "the record is empty")
    docs = [(n, parse_line(n, text)) for n, text in enumerate(lines, 1) if text.strip()]
    header = Header.from_json(docs[0][1], docs[0][0])
    numbers = [n for n, _ in docs[1:]]
    integrity: Integrity = header.integrity
    problem = ""
    if docs[0][1]["version"] == 1:
        header, integrity = _marked(header, "unverified"), "unverified"
    else:
        problem = check_sums(docs)  # before the fields: an edit is named as an edit
        if problem and not accept_edited:
            line, _, why = problem.partition(": ")
            raise RecordError(
                int(line.removeprefix("line ")),
                f"{why}: the record was damaged or edited after it was written "
                "(to read it anyway, knowing that, use --accept-edited)",
            )
        if problem:
            header, integrity = _marked(header, "edited"), "edited"
    entries = [Entry.from_json(doc, n) for n, doc in docs[1:]]
    return Loaded(header, entries, numbers, integrity, problem)


def _marked(header: Header, integrity: Integrity) -> Header:
    if header.integrity == "edited":  # once edited, always edited
        return header
    return Header(header.game, header.tiles, header.created, integrity)


def replay_lines(
    lines: Sequence[str], accept_edited: bool = False
) -> tuple[Loaded, State]:
    loaded = load_lines(lines, accept_edited)
    return loaded, replay(loaded.header, loaded.entries, loaded.numbers)
