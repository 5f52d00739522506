"""Game records: a header and one entry per action, as versioned JSON Lines.

The format is documented in ``docs/records.md``. A record is append-only: an undo is an
entry of its own, and replaying applies the entries in order, an ``undo`` taking back the
last decision or roll together with the steps the companion took by itself after it.

Written records (version 2) carry a checksum on every line, chained from the header to
the last entry, so that a line damaged or edited after export is named on reading.

>>> from companion.tsuro.game import Game
>>> h = Header.for_game(Game.create("tsuro", ["red", "blue"]), tiles="virtual")
>>> Header.from_json(h.to_json(), 1).game.players
('red', 'blue')
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from companion.core.records import (
    FORMAT,
    READS,
    VERSION,
    Entry,
    Integrity,
    RecordError,
    chain,
    check_players,
    check_sums,
    live_entries,
    now,
    parse_line,
    whole_number,
)
from companion.core.store import RecordStore, StoreError
from companion.games import Family, game_info, keys
from companion.tsuro.actions import (
    Action,
    ActionError,
    Die,
    Draw,
    DrawDaikaiju,
    Facing,
    Roll,
    parse_action,
)
from companion.tsuro.game import Game, GameError
from companion.tsuro.state import State, new_state
from companion.tsuro.tiles import PATTERNS

if TYPE_CHECKING:
    from companion.tsuro.daikaiju import DaikaijuDeck

TileMode = Literal["hidden", "virtual"]


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
            from companion.tsuro.veterans.data import veterans_json

            doc["veterans"] = veterans_json(self.game.veterans)
        if self.integrity != "verified":
            doc["integrity"] = self.integrity
        return doc

    @classmethod
    def from_json(cls, doc: Any, line: int) -> Header:
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise RecordError(line, f"not a {FORMAT} header")
        other = other_game(doc)
        if other:  # the same format, written by a game with commands of its own
            raise RecordError(
                line,
                f"a {game_info(other).title} record: 'companion {other} import' or "
                "'replay' reads it",
            )
        version = doc.get("version")
        if not whole_number(version) or version not in READS:
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
                else _parse_deck(doc["daikaiju"])
            )
            vet = None
            if doc.get("veterans") is not None:
                from companion.tsuro.veterans.data import parse_veterans

                vet = parse_veterans(doc["veterans"], "record header")
            game = Game.create(
                doc["game"], list(doc["players"]), list(doc.get("options", [])), deck, vet
            )
        except (KeyError, TypeError, AttributeError):
            raise RecordError(line, "the header lacks game, players or options") from None
        except _header_refusals() as exc:  # evaluated only when something was raised
            raise RecordError(line, str(exc)) from None
        if doc.get("tile_set") is not None:
            from companion.tsuro.game import parse_tile_set

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


def _parse_deck(doc: Any) -> DaikaijuDeck:
    from companion.tsuro.daikaiju import parse_deck  # a header with a deck: a game with daikaiju

    return parse_deck(doc, "record header")


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
            if entries[i].source == "auto" and not _chance(action):
                raise ActionError(
                    f"{entries[i].action!r} is a choice, not a step the companion takes "
                    "itself: its source cannot be 'auto'"
                )
            state = state.apply(action)
        except ActionError as exc:
            raise RecordError(line, str(exc)) from None
    return state


_AUTO = (Draw, DrawDaikaiju, Facing, Roll, Die)
"""Chance, never a player's choice: only these and the expansion's special tile drawn
(``draw taihou``) can be ``source: auto`` (the session takes the draws and the daikaiju
itself; a generated game may record its dice so too)."""


def _chance(action: Action) -> bool:
    if isinstance(action, _AUTO):
        return True
    # only an expansion's game gets here with a chance step, so only it loads the module
    from companion.tsuro.veterans.actions import DrawPiece

    return isinstance(action, DrawPiece)


def _header_refusals() -> tuple[type[ValueError], ...]:
    """The errors of a header that names a game which cannot be set up as written."""
    from companion.tsuro.daikaiju import DeckError
    from companion.tsuro.veterans.data import VeteransDataError

    return (GameError, DeckError, VeteransDataError)


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


def load_game(store: RecordStore, game_id: int) -> tuple[Header, list[Entry]]:
    """A path game's header and entries from the shared store."""

    def read(doc: Any, line: int) -> Header:
        # The store keeps every game's records and 'companion games' lists them all: a
        # player who asks a path command for a Rigadoon game is told whose it is, not
        # that it is damaged.
        other = other_game(doc)
        if other:
            raise StoreError(
                f"game {game_id} is a {game_info(other).title} game: "
                f"'companion {other} state --game {game_id}' shows it"
            )
        return Header.from_json(doc, line)

    return store.load_with(game_id, read)


def other_game(doc: Any) -> str:
    """The key of a game with its own engine that wrote this header ("" for any other)."""
    kind = doc.get("game") if isinstance(doc, dict) else None
    return kind if isinstance(kind, str) and kind in keys(Family.OWN) else ""
