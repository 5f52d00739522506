"""Game records: a header and one entry per action, as versioned JSON Lines.

The format is documented in ``docs/records.md``. A record is append-only: an undo is an
entry of its own, and replaying applies the entries in order, an ``undo`` taking back the
last decision or roll together with the steps the companion took by itself after it.

>>> from companion.game import Game
>>> h = Header.for_game(Game.create("tsuro", ["red", "blue"]), tiles="virtual")
>>> Header.from_json(h.to_json(), 1).game.players
('red', 'blue')
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from .actions import ActionError, parse_action
from .daikaiju import DaikaijuDeck, DeckError, parse_deck
from .game import Game, GameError
from .state import State, new_state
from .tiles import PATTERNS

FORMAT = "table-companion-record"
VERSION = 1
SOURCES = ("player", "virtual", "physical", "auto")
TileMode = Literal["hidden", "virtual"]


class RecordError(ValueError):
    """A record that cannot be read or replayed; names the line at fault."""

    def __init__(self, line: int, why: str) -> None:
        super().__init__(f"line {line}: {why}")
        self.line = line
        self.why = why


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class Header:
    game: Game
    tiles: TileMode = "hidden"
    """Whether the companion sees the tiles drawn (``virtual``) or not (``hidden``)."""
    created: str = field(default_factory=now)

    @classmethod
    def for_game(cls, game: Game, tiles: TileMode = "hidden") -> Header:
        return cls(game, tiles)

    def to_json(self) -> dict[str, Any]:
        deck = self.game.deck
        return {
            "format": FORMAT,
            "version": VERSION,
            **self.game.to_json(),
            "tiles": self.tiles,
            "tile_set": [PATTERNS[t].notation() for t in self.game.tile_set],
            "daikaiju": None if deck is None else _deck_json(deck),
            "created": self.created,
        }

    @classmethod
    def from_json(cls, doc: Any, line: int) -> Header:
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise RecordError(line, f"not a {FORMAT} header")
        version = doc.get("version")
        if version != VERSION:
            raise RecordError(
                line,
                f"record version {version!r} is not supported (this companion reads {VERSION})",
            )
        try:
            deck = (
                None
                if doc.get("daikaiju") is None
                else parse_deck(doc["daikaiju"], "record header")
            )
            game = Game.create(
                doc["game"], list(doc["players"]), list(doc.get("options", [])), deck
            )
        except (KeyError, TypeError):
            raise RecordError(line, "the header lacks game, players or options") from None
        except (GameError, DeckError) as exc:
            raise RecordError(line, str(exc)) from None
        if doc.get("tile_set") is not None:
            from .game import parse_tile_set

            try:
                tiles = parse_tile_set({"tiles": doc["tile_set"]}, "record header")
            except GameError as exc:
                raise RecordError(line, str(exc)) from None
            game = Game(game.kind, game.players, game.board, tiles, game.options, game.deck)
        mode = doc.get("tiles", "hidden")
        if mode not in ("hidden", "virtual"):
            raise RecordError(line, f"tiles must be 'hidden' or 'virtual', not {mode!r}")
        return cls(game, mode, str(doc.get("created", "")))


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
        if not isinstance(seq, int) or not isinstance(action, str):
            raise RecordError(line, "an entry needs a whole-number seq and an action")
        if by is not None and not isinstance(by, int):
            raise RecordError(line, "'by' must be a seat number or null")
        if source not in SOURCES:
            raise RecordError(line, f"source must be one of {', '.join(SOURCES)}")
        return cls(seq, action, by, source, str(doc.get("at", "")))

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
    for n, e in enumerate(entries):
        if e.seq != n + 1:
            line = lines[n] if lines is not None else n + 2
            raise RecordError(line, f"entry number {e.seq} where {n + 1} was expected")
    state = new_state(header.game)
    for i in live_entries(entries):
        line = lines[i] if lines is not None else i + 2
        try:
            state = state.apply(parse_action(entries[i].action))
        except ActionError as exc:
            raise RecordError(line, str(exc)) from None
    return state


def dump_lines(header: Header, entries: Iterable[Entry]) -> list[str]:
    lines = [json.dumps(header.to_json(), separators=(",", ":"))]
    lines += [json.dumps(e.to_json(), separators=(",", ":")) for e in entries]
    return lines


def load_lines(lines: Sequence[str]) -> tuple[Header, list[Entry], list[int]]:
    """Read a JSON Lines record: its header, entries and the entries' line numbers."""
    if not lines or not lines[0].strip():
        raise RecordError(1, "the record is empty")
    docs = []
    for n, text in enumerate(lines, 1):
        if not text.strip():
            continue
        try:
            docs.append((n, json.loads(text)))
        except json.JSONDecodeError as exc:
            raise RecordError(
                n, f"not valid JSON ({exc.msg}); the line may have been cut off"
            ) from None
    header = Header.from_json(docs[0][1], docs[0][0])
    entries = [Entry.from_json(doc, n) for n, doc in docs[1:]]
    return header, entries, [n for n, _ in docs[1:]]


def replay_lines(lines: Sequence[str]) -> tuple[Header, list[Entry], State]:
    header, entries, numbers = load_lines(lines)
    return header, entries, replay(header, entries, numbers)
