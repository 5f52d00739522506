"""Rigadoon game records: the shared record format (``docs/records.md``) with a Rigadoon header.

The header says ``"game": "rigadoon"`` and carries the board layout and wind data the game
began with, so a record replays exactly even after the owner edits those files. Entries
are :class:`companion.tsuro.record.Entry` lines; an ``undo`` entry takes back the last entry in
force (a wind outcome together with the ``change`` before it). Games are kept in the
same SQLite store as the path games (:class:`RigadoonStore`).

>>> from companion.rigadoon.state import Game
>>> h = Header(Game.create(["ann", "bob"]))
>>> Header.from_json(h.to_json(), 1).game.players
('ann', 'bob')
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.core.records import (
    FORMAT,
    READS,
    VERSION,
    Entry,
    RecordError,
    chain,
    check_sums,
    now,
    parse_line,
)
from companion.core.store import RecordStore, StoreError

from .actions import parse_action
from .geometry import RigadoonError
from .state import Game, State, new_state

GAME = "rigadoon"


@dataclass(frozen=True)
class Header:
    game: Game
    created: str = field(default_factory=now)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            **self.game.to_json(),
            "created": self.created,
        }

    @classmethod
    def from_json(cls, doc: Any, line: int) -> Header:
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise RecordError(line, f"not a {FORMAT} header")
        if doc.get("version") not in READS or isinstance(doc.get("version"), bool):
            raise RecordError(line, f"record version {doc.get('version')!r} is not supported")
        if doc.get("game") != GAME:
            raise RecordError(line, f"a {doc.get('game')!r} record, not a Rigadoon one")
        try:
            game = Game.from_json(doc)
        except (KeyError, TypeError):
            raise RecordError(line, "the header lacks players, board or wind") from None
        except RigadoonError as exc:
            raise RecordError(line, str(exc)) from None
        return cls(game, str(doc.get("created", "")))


def live(entries: Sequence[Entry]) -> list[int]:
    """Indices of the entries in force once every ``undo`` has taken back its entry."""
    kept: list[int] = []
    for i, e in enumerate(entries):
        if not e.is_undo:
            kept.append(i)
            continue
        if kept:
            gone = kept.pop()
            # A wind outcome goes back together with the change that asked for it.
            if (
                entries[gone].action.startswith("wind")
                and kept
                and entries[kept[-1]].action == "change"
            ):
                kept.pop()
    return kept


def replay(header: Header, entries: Sequence[Entry], lines: Sequence[int] | None = None) -> State:
    """The state the entries lead to; RecordError names the first line the rules refuse."""
    for n, e in enumerate(entries):
        if e.seq != n + 1:
            line = lines[n] if lines is not None else n + 2
            raise RecordError(line, f"entry number {e.seq} where {n + 1} was expected")
    state = new_state(header.game)
    for i in live(entries):
        line = lines[i] if lines is not None else i + 2
        try:
            state = state.apply(parse_action(entries[i].action))
        except RigadoonError as exc:
            raise RecordError(line, str(exc)) from None
    return state


def dump_lines(header: Header, entries: Sequence[Entry]) -> list[str]:
    """The record as JSON Lines, each line with its checksum chained to the line before
    (the same chain as the path games' records: docs/records.md)."""
    out = []
    previous = FORMAT
    for doc in [header.to_json(), *(e.to_json() for e in entries)]:
        previous = doc["sum"] = chain(previous, doc)
        out.append(json.dumps(doc, separators=(",", ":")))
    return out


def load_lines(lines: Sequence[str], accept_edited: bool = False
               ) -> tuple[Header, list[Entry], list[int]]:
    """Header, entries and the entries' line numbers; a record whose checksums do not
    match is refused, naming the first line that fails, unless ``accept_edited``."""
    docs = [(n, parse_line(n, text)) for n, text in enumerate(lines, 1) if text.strip()]
    if not docs:
        raise RecordError(1, "the record is empty")
    header = Header.from_json(docs[0][1], docs[0][0])
    if docs[0][1].get("version") != 1 and not accept_edited:
        problem = check_sums(docs)
        if problem:
            line, _, why = problem.partition(": ")
            raise RecordError(
                int(line.removeprefix("line ")),
                f"{why}: the record was damaged or edited after it was written "
                "(to read it anyway, knowing that, use --accept-edited)",
            )
    entries = [Entry.from_json(doc, n) for n, doc in docs[1:]]
    return header, entries, [n for n, _ in docs[1:]]


class RigadoonStore(RecordStore):
    """The shared record store, reading and writing Rigadoon headers."""

    @classmethod
    def open_store(cls, path: str | Path | None = None) -> RigadoonStore:
        base = RecordStore.open(path)
        return cls(base._db, base.path)

    def create_game(self, header: Header) -> int:
        return self.import_whole(header, [], finished=False)

    def import_whole(self, header: Header, entries: Sequence[Entry], finished: bool) -> int:
        """A whole record in one transaction: all there or, killed midway, not at all.
        The shared 'current' mark is left to the path games' commands, which cannot read a
        Rigadoon record; Rigadoon's commands take the latest Rigadoon game."""
        return self.import_game(header, entries, finished, make_current=False)

    def load_game(self, game_id: int) -> tuple[Header, list[Entry]]:
        header_doc, docs = self._documents(game_id)
        try:
            header = Header.from_json(header_doc, 1)
            entries = [Entry.from_json(doc, n) for n, doc in docs]
        except RecordError as exc:
            raise StoreError(f"game {game_id}: {exc.why}") from None
        return header, entries

    def current_rigadoon(self) -> int | None:
        """The current game when it is a Rigadoon game, else the Rigadoon game played last."""
        cur = self.current()
        found = [g for g in self.games() if g.game == GAME]
        if cur is not None and any(g.game_id == cur for g in found):
            return cur
        return found[0].game_id if found else None
