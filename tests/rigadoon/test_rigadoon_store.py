"""Rigadoon's games in the shared record store: written by the store's one import (no
second copy of its SQL), so a failing store is one StoreError like the path games', the
path games' 'current' mark is left alone, and an import is the Rigadoon game taken next."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.records import Entry
from companion.core.store import StoreError
from companion.rigadoon.record import Header, RigadoonStore
from companion.rigadoon.state import Game
from companion.tsuro.game import Game as PathGame
from companion.tsuro.record import Header as PathHeader


def _store(tmp_path: Path) -> RigadoonStore:
    return RigadoonStore.open_store(tmp_path / "records.sqlite3")


def _header() -> Header:
    return Header(Game.create(["ann", "bob"]))


def test_an_imported_game_is_the_next_one_taken_and_current_stays_the_path_games(
    tmp_path: Path,
) -> None:
    store = _store(tmp_path)
    path_game = store.import_game(PathHeader.for_game(PathGame.create("tsuro", ["a", "b"])), [])
    first = store.create_game(_header())
    # an old record: its one entry dated long ago
    old = [Entry(1, "fleet blue", 0, "player", "2020-01-01T00:00:00+00:00")]
    imported = store.import_whole(_header(), old, finished=False)

    assert store.current() == path_game
    assert store.current_rigadoon() == imported != first
    assert store.load_game(imported)[1] == old


def test_a_store_that_fails_is_one_store_error(tmp_path: Path) -> None:
    store = _store(tmp_path)
    store.close()
    with pytest.raises(StoreError, match="the record store"):
        store.import_whole(_header(), [], finished=True)
    with pytest.raises(StoreError, match="the record store"):
        store.create_game(_header())
