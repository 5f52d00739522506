"""Game records kept in SQLite, so that a game survives the plug being pulled.

Each entry is committed (WAL journal, ``synchronous=FULL``) before the companion shows
its result; on the next start a game resumes at its last committed entry.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from .locations import data_dir
from .record import Entry, Header, RecordError, now

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


class StoreError(ValueError):
    """A record store that cannot be opened or a game it does not hold."""


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
    def open(cls, path: str | Path | None = None) -> RecordStore:
        p = Path(path) if path is not None else data_dir() / "records.sqlite3"
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(p, isolation_level=None, timeout=10)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.executescript(SCHEMA)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"cannot open the record store {p}: {exc}") from None
        return cls(conn, p)

    def close(self) -> None:
        self._db.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def create(self, header: Header) -> int:
        t = now()
        with self._tx() as db:
            cur = db.execute(
                "INSERT INTO games (header, created, updated) VALUES (?, ?, ?)",
                (json.dumps(header.to_json()), t, t),
            )
            game_id = int(cur.lastrowid or 0)
            db.execute("INSERT OR REPLACE INTO meta VALUES ('current', ?)", (str(game_id),))
        return game_id

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

    def load(self, game_id: int) -> tuple[Header, list[Entry]]:
        row = self._db.execute("SELECT header FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise StoreError(f"there is no game {game_id}")
        try:
            header = Header.from_json(json.loads(row[0]), 1)
            rows = self._db.execute(
                "SELECT line FROM entries WHERE game_id = ? ORDER BY seq", (game_id,)
            ).fetchall()
            entries = [Entry.from_json(json.loads(r), n) for n, (r,) in enumerate(rows, 2)]
        except (json.JSONDecodeError, RecordError) as exc:
            raise StoreError(f"game {game_id} is damaged: {exc}") from None
        return header, entries

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
            except (json.JSONDecodeError, KeyError, TypeError):
                continue  # a damaged header is reported when that game is opened
        return out

    def unfinished(self) -> list[GameSummary]:
        return [g for g in self.games() if not g.finished]

    def current(self) -> int | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = 'current'").fetchone()
        return int(row[0]) if row else None

    def set_current(self, game_id: int) -> None:
        self.load(game_id)
        with self._tx() as db:
            db.execute("INSERT OR REPLACE INTO meta VALUES ('current', ?)", (str(game_id),))
