"""Game records kept in SQLite, so that a game survives the plug being pulled.

Each entry is committed (WAL journal, ``synchronous=FULL``) before the companion shows
its result; on the next start a game resumes at its last committed entry.

Every SQLite failure (a database another program holds, a damaged file, two commands
writing one game) leaves here as a :class:`StoreError` that says what happened in one line.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ParamSpec, Protocol, TypeVar

from companion.core.locations import data_dir
from companion.core.records import Entry, RecordError, now

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    header TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS entries (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    line TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


BUSY_TIMEOUT = 2.0
"""Seconds to wait for another program's write to finish before saying the store is busy:
a commit takes milliseconds, so a longer wait means something holds the database."""


class HeaderDoc(Protocol):
    """A game's record header: each game's record module has its own (this store knows none)."""

    def to_json(self) -> dict[str, Any]: ...


H = TypeVar("H")


class StoreError(ValueError):
    """A record store that cannot be opened or read, or a game it does not hold."""


class ConflictError(StoreError):
    """Another command wrote to the same game first."""


P = ParamSpec("P")
R = TypeVar("R")


def _explained(path: Path, exc: sqlite3.Error) -> StoreError:
    text = str(exc)
    if isinstance(exc, sqlite3.IntegrityError):
        return ConflictError(
            "another companion command wrote to this game at the same moment; "
            "nothing of this command was kept: look at the game and try again"
        )
    if "locked" in text or "busy" in text:
        return StoreError(
            f"the record store {path} is in use by another program ({text}); "
            "close the other companion and try again"
        )
    if isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.OperationalError):
        return StoreError(
            f"the record store {path} is damaged ({text}); move it aside to start a new one"
        )
    return StoreError(f"the record store {path} cannot be used: {text}")


def _guarded(method: Callable[P, R]) -> Callable[P, R]:
    """Turn SQLite's exceptions into one-line StoreErrors."""

    @functools.wraps(method)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        except sqlite3.Error as exc:
            store = args[0]
            assert isinstance(store, RecordStore)
            raise _explained(store.path, exc) from None

    return run


def _private(path: Path, default: bool) -> None:
    """Records are the players' own: the folder 0700 (only the one we chose) and the
    database 0600, whatever the umask."""
    if default:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        with contextlib.suppress(OSError):
            path.parent.chmod(0o700)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
    for p in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        if p.exists() and p.stat().st_mode & 0o077:
            with contextlib.suppress(OSError):
                p.chmod(0o600)


@dataclass(frozen=True, slots=True)
class GameSummary:
    game_id: int
    game: str
    players: tuple[str, ...]
    created: str
    updated: str
    finished: bool
    entries: int


class RecordStore:
    def __init__(self, conn: sqlite3.Connection, path: Path) -> None:
        self._db = conn
        self.path = path

    @classmethod
    def open(cls, path: str | Path | None = None, timeout: float | None = None) -> RecordStore:
        p = Path(path) if path is not None else data_dir() / "records.sqlite3"
        timeout = BUSY_TIMEOUT if timeout is None else timeout
        try:
            _private(p, default=path is None)
            conn = sqlite3.connect(p, isolation_level=None, timeout=timeout)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"cannot open the record store {p}: {exc}") from None
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            if conn.execute(
                "SELECT COUNT(*) FROM sqlite_master WHERE name IN ('games','entries','meta')"
            ).fetchone()[0] < 3:  # writing the schema takes a lock: only when it is missing
                conn.executescript(SCHEMA)
        except sqlite3.Error as exc:
            conn.close()
            raise _explained(p, exc) from None
        return cls(conn, p)

    def close(self) -> None:
        self._db.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    @_guarded
    def create(self, header: HeaderDoc) -> int:
        return self.import_game(header, [])

    @_guarded
    def import_game(
        self,
        header: HeaderDoc,
        entries: Sequence[Entry],
        finished: bool = False,
        *,
        make_current: bool = True,
    ) -> int:
        """A whole game in one transaction: it is all there, or (killed midway) not at all.
        ``make_current=False`` for a game the path commands cannot read (Rigadoon's), so
        that their 'current' game stays theirs."""
        t = now()
        # A game left out of the 'current' mark is found as the game updated last (Rigadoon's
        # commands take their latest game): stamped now, the import is the one they take.
        updated = entries[-1].at or t if entries and make_current else t
        with self._tx() as db:
            cur = db.execute(
                "INSERT INTO games (header, created, updated, finished) VALUES (?, ?, ?, ?)",
                (json.dumps(header.to_json()), t, updated, int(finished)),
            )
            game_id = int(cur.lastrowid or 0)
            db.executemany(
                "INSERT INTO entries (game_id, seq, line) VALUES (?, ?, ?)",
                [(game_id, e.seq, json.dumps(e.to_json())) for e in entries],
            )
            if make_current:
                db.execute("INSERT OR REPLACE INTO meta VALUES ('current', ?)", (str(game_id),))
        return game_id

    @_guarded
    def append(self, game_id: int, entry: Entry, finished: bool = False) -> None:
        """Commit one entry; returns only once it is on disk."""
        with self._tx() as db:
            db.execute(
                "INSERT INTO entries (game_id, seq, line) VALUES (?, ?, ?)",
                (game_id, entry.seq, json.dumps(entry.to_json())),
            )
            db.execute(
                "UPDATE games SET updated = ?, finished = ? WHERE id = ?",
                (entry.at or now(), int(finished), game_id),
            )

    def _documents(self, game_id: int) -> tuple[Any, list[tuple[int, Any]]]:
        """One game's header and entries as decoded JSON, each entry with its line number.

        Shared with the stores of games whose records have headers of their own shape.
        """
        row = self._db.execute("SELECT header FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise StoreError(f"there is no game {game_id}")
        try:
            header = json.loads(row[0])
            rows = self._db.execute(
                "SELECT line FROM entries WHERE game_id = ? ORDER BY seq", (game_id,)
            ).fetchall()
            return header, [(n, json.loads(r)) for n, (r,) in enumerate(rows, 2)]
        except (json.JSONDecodeError, TypeError, RecursionError) as exc:
            raise StoreError(f"game {game_id} is damaged: {exc}") from None

    @_guarded
    def load_with(self, game_id: int, read: Callable[[Any, int], H]) -> tuple[H, list[Entry]]:
        """One game's header, read by its game's ``read(doc, line)``, and its entries."""
        header_doc, docs = self._documents(game_id)
        try:
            header = read(header_doc, 1)
            entries = [Entry.from_json(doc, n) for n, doc in docs]
        except (RecordError, TypeError, RecursionError) as exc:
            raise StoreError(f"game {game_id} is damaged: {exc}") from None
        return header, entries

    @_guarded
    def games(self) -> list[GameSummary]:
        rows = self._db.execute(
            "SELECT g.id, g.header, g.created, g.updated, g.finished, "
            "(SELECT COUNT(*) FROM entries e WHERE e.game_id = g.id) "
            "FROM games g ORDER BY g.updated DESC, g.id DESC"
        ).fetchall()
        out = []
        for gid, header, created, updated, finished, n in rows:
            try:
                doc = json.loads(header)
                out.append(
                    GameSummary(
                        gid,
                        str(doc["game"]),
                        tuple(doc["players"]),
                        created,
                        updated,
                        bool(finished),
                        n,
                    )
                )
            except (json.JSONDecodeError, KeyError, TypeError, ValueError, RecursionError):
                continue  # a damaged header is reported when that game is opened
        return out

    def unfinished(self) -> list[GameSummary]:
        return [g for g in self.games() if not g.finished]

    @_guarded
    def current(self) -> int | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = 'current'").fetchone()
        try:
            return int(row[0]) if row else None
        except (TypeError, ValueError):
            return None

    @_guarded
    def set_current(self, game_id: int) -> None:
        self._documents(game_id)  # there, and readable JSON
        with self._tx() as db:
            db.execute("INSERT OR REPLACE INTO meta VALUES ('current', ?)", (str(game_id),))
