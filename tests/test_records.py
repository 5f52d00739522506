"""Game records: the SQLite store, undo, export/import as JSON Lines, and refusals."""

import json

import pytest

from companion.core.dice import DiceService
from companion.core.records import FORMAT, RecordError, chain
from companion.core.store import RecordStore, StoreError
from companion.tsuro.record import dump_lines, load_game, load_lines, replay, replay_lines
from companion.tsuro.session import Session, SessionError
from companion.tsuro.view import table_view


@pytest.fixture
def store(tmp_path):
    s = RecordStore.open(tmp_path / "records.sqlite3")
    yield s
    s.close()


def resign(lines: list[str]) -> list[str]:
    """The lines with their checksums written afresh: an edit the chain cannot see, so
    that the rule checks beneath it are tried."""
    out, previous = [], FORMAT
    for text in lines:
        doc = json.loads(text)
        previous = doc["sum"] = chain(previous, doc)
        out.append(json.dumps(doc))
    return out


def play_some(session: Session, decisions: int) -> None:
    done = 0
    while done < decisions and not session.state.is_terminal():
        if session.awaiting() in ("roll", "die"):
            session.roll()
        else:
            session.enter(session.state.legal_actions()[0].notation())
            done += 1


def test_store_uses_wal_and_full_sync(store):
    db = store._db
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_every_action_is_in_the_store_before_the_session_moves_on(store, tmp_path):
    s = Session.new(store, "tsuro-of-the-seas", ["red", "blue", "green"], dice=DiceService(3), tiles="virtual")
    play_some(s, 6)
    other = RecordStore.open(tmp_path / "records.sqlite3")  # a second reader sees it all
    header, entries = load_game(other, s.game_id)
    assert len(entries) == len(s.entries)
    assert replay(header, entries) == s.state
    resumed = Session.resume(other, s.game_id)
    assert resumed.state == s.state


def test_a_refused_action_changes_nothing(store):
    s = Session.new(store, "tsuro", ["red", "blue"], dice=DiceService(1), tiles="virtual")
    before = (s.state, len(load_game(store, s.game_id)[1]))
    with pytest.raises(ValueError, match=r"not a free start mark|not possible now"):
        s.enter("start r3c3:0")
    with pytest.raises(ValueError, match="not a tile"):
        s.enter("place r1c1 1234")
    with pytest.raises(ValueError, match="not possible now"):
        s.enter("roll 3 4")
    assert (s.state, len(load_game(store, s.game_id)[1])) == before


def test_undo_takes_back_a_decision_and_is_recorded(store):
    s = Session.new(store, "tsuro-of-the-seas", ["red", "blue"], dice=DiceService(9), tiles="virtual")
    while s.awaiting() == "roll":
        s.roll()
    before = s.state
    s.enter(s.state.legal_actions()[0].notation())
    assert s.state != before
    s.undo()
    assert s.state == before
    header, entries = load_game(store, s.game_id)
    assert entries[-1].action == "undo"
    assert replay(header, entries) == before
    # the undone roll of the daikaiju setup can be taken back too, down to the deal
    while True:
        try:
            s.undo()
        except SessionError as exc:
            assert "nothing to undo" in str(exc)
            break
    assert s.state.phase.value == "daikaiju-roll" and s.state.daikaiju == ()


def test_export_import_round_trip(store, tmp_path):
    s = Session.new(store, "tsuro-of-the-seas", ["red", "blue", "green"], dice=DiceService(4), tiles="virtual")
    play_some(s, 8)
    lines = dump_lines(*load_game(store, s.game_id))
    header = json.loads(lines[0])
    assert header["format"] == "table-companion-record" and header["version"] == 2
    assert header["daikaiju"]["cards"] and len(header["tile_set"]) == 56
    loaded, state = replay_lines(lines)
    assert state == s.state and len(loaded.entries) == len(s.entries)
    assert loaded.integrity == "verified"


def test_records_cut_off_or_edited_are_refused_with_the_line(store):
    s = Session.new(store, "tsuro", ["red", "blue"], dice=DiceService(2), tiles="virtual")
    play_some(s, 4)
    lines = dump_lines(*load_game(store, s.game_id))
    cut = [*lines[:-1], lines[-1][: len(lines[-1]) // 2]]
    with pytest.raises(RecordError, match=f"line {len(lines)}: not valid JSON"):
        load_lines(cut)
    bad = list(lines)
    doc = json.loads(bad[12])
    doc["action"], doc["source"] = "place r6c6 10325476", "player"
    bad[12] = json.dumps(doc)
    with pytest.raises(RecordError, match="line 13: the checksum does not match"):
        replay_lines(bad)
    with pytest.raises(RecordError, match="line 13: ") as err:
        replay_lines(resign(bad))
    assert "not possible now" in str(err.value) or "must go on" in str(err.value)
    renumbered = list(lines)
    doc = json.loads(renumbered[5])
    doc["seq"] = 99
    renumbered[5] = json.dumps(doc)
    with pytest.raises(RecordError, match="line 6: entry number 99"):
        replay_lines(resign(renumbered))
    with pytest.raises(RecordError, match="line 1: record version 7"):
        replay_lines([json.dumps({**json.loads(lines[0]), "version": 7})])
    with pytest.raises(RecordError, match="line 1"):
        replay_lines(["[]"])


def test_damaged_games_in_the_store_give_one_clear_message(store):
    s = Session.new(store, "tsuro", ["red", "blue"], dice=DiceService(2), tiles="virtual")
    store._db.execute("UPDATE entries SET line = '{\"seq\": 1, \"action\": 5}' WHERE seq = 1")
    with pytest.raises(StoreError, match=f"game {s.game_id} is damaged"):
        Session.resume(store, s.game_id)
    with pytest.raises(StoreError, match="no game 999"):
        load_game(store, 999)


def test_hidden_tiles_are_dealt_unseen_and_a_shown_hand_settles_the_ruling(store):
    s = Session.new(store, "tsuro", ["red", "blue"], dice=DiceService(5))
    assert all(e.action == "draw ?" and e.source == "auto" for e in s.entries)
    assert s.hand() == [None, None, None]
    s.enter("start r1c1:0")
    s.enter("start r6c6:4")
    # red's tiles are unseen: a tile that runs red off the board needs the hand shown
    verdict = s.check("r1c1", "10325476")
    assert not verdict.legal and verdict.needs_hand and verdict.self_eliminating
    assert s.check("r1c1", "52167034").legal
    view = table_view(s.state)
    assert view.awaiting == "place" and view.ships[0].point == "r1c1:0"


def test_a_tile_already_on_the_board_cannot_be_in_a_hidden_hand(store):
    s = Session.new(store, "tsuro", ["red", "blue"], dice=DiceService(5))
    s.enter("start r1c2:0")
    s.enter("start r6c6:4")
    s.place("52167034")
    # Tsuro has one tile of each pattern: blue cannot hold the one just laid
    verdict = s.check("r6c6", "52167034")
    assert not verdict.legal and "not in the blue hand" in verdict.reason
    with pytest.raises(ValueError, match="not in the blue hand"):
        s.place("52167034")


def test_possible_placements_cover_every_unseen_tile_in_every_rotation(store):
    s = Session.new(store, "tsuro", ["red", "blue"], dice=DiceService(5))
    s.enter("start r1c2:0")
    s.enter("start r6c6:4")
    options = s.possible_placements()
    assert {p.square.name() for p in options} == {"r1c2"}
    assert len({p.tile.pattern() for p in options}) == 35
    assert len(options) == 5 * 1 + 10 * 2 + 20 * 4


def test_a_shown_hand_naming_a_tile_on_the_board_is_refused_by_name(store):
    s = Session.new(store, "tsuro", ["red", "blue"], dice=DiceService(5))
    s.enter("start r1c2:0")
    s.enter("start r1c1:0")
    s.place("52167034")  # red's tile; Tsuro has one of each
    with pytest.raises(ValueError, match="tile 34701652 cannot be in the hand"):
        s.place("10325476", hand=["10325476", "52167034", "72143650"])


# ---- issue 11: records whole, checked and marked -------------------------------------


def _finished_game(store) -> Session:
    s = Session.new(store, "tsuro", ["red", "blue"], dice=DiceService(7), tiles="virtual")
    play_some(s, 400)
    assert s.state.is_terminal()
    return s


class _KilledAfter(list):
    """Entries whose reading stops (as a killed process would) after ``n`` of them."""

    def __init__(self, items, n):
        super().__init__(items)
        self.n = n

    def __iter__(self):
        for i, e in enumerate(list.__iter__(self)):
            if i == self.n:
                raise KeyboardInterrupt
            yield e


def test_import_is_one_transaction(store):
    s = Session.new(store, "tsuro-of-the-seas", ["red", "blue"], dice=DiceService(4), tiles="virtual")
    play_some(s, 20)
    header, entries = load_game(store, s.game_id)
    before = (store.games(), store.current())
    with pytest.raises(KeyboardInterrupt):
        store.import_game(header, _KilledAfter(entries, len(entries) // 2))
    assert (store.games(), store.current()) == before
    assert store._db.execute("SELECT COUNT(*) FROM entries").fetchone()[0] == len(entries)


def test_a_finished_game_imports_as_finished(store, tmp_path, monkeypatch, capsys):
    from companion.cli import main

    s = _finished_game(store)
    path = tmp_path / "done.jsonl"
    path.write_text("\n".join(dump_lines(*load_game(store, s.game_id))))
    db = tmp_path / "other.sqlite3"
    assert main(["import", str(path), "--db", str(db)]) == 0
    other = RecordStore.open(db)
    (game,) = other.games()
    assert game.finished and game.entries == len(s.entries)


def _lines(store) -> list[str]:
    s = Session.new(store, "tsuro-of-the-seas", ["red", "blue"], dice=DiceService(4), tiles="virtual")
    play_some(s, 6)
    return dump_lines(*load_game(store, s.game_id))


def _edit(lines: list[str], n: int, **change) -> list[str]:
    out = list(lines)
    out[n] = json.dumps({**json.loads(out[n]), **change})
    return out


def test_edits_that_obey_the_rules_are_named_as_edits(store):
    lines = _lines(store)
    roll = next(i for i, t in enumerate(lines) if '"roll ' in t)
    a, b = json.loads(lines[roll])["action"].split()[1:]
    edits = {
        roll + 1: _edit(lines, roll, action=f"roll {int(a) % 6 + 1} {b}"),
        3: _edit(lines, 2, by=1 - (json.loads(lines[2])["by"] or 0)),
        4: _edit(lines, 3, seq=True),
        5: _edit(lines, 4, source="virtual"),
        6: _edit(lines, 5, at="2020-01-01T00:00:00+00:00"),
        1: _edit(lines, 0, players=["red", "green"]),
    }
    for line, edited in edits.items():
        assert edited[line - 1] != lines[line - 1]
        with pytest.raises(RecordError, match=f"line {line}: the checksum does not match") as err:
            load_lines(edited)
        assert "damaged or edited" in str(err.value) and "--accept-edited" in str(err.value)
    loaded = load_lines(edits[6], accept_edited=True)
    assert loaded.integrity == "edited" and loaded.header.integrity == "edited"
    assert "line 6" in loaded.problem
    # the mark is kept: written out again and read back, the game is still "edited"
    again = load_lines(dump_lines(loaded.header, loaded.entries))
    assert again.integrity == "edited"
    with pytest.raises(RecordError, match=r"line 1: record version 2\.0"):
        load_lines(_edit(lines, 0, version=2.0))
    cut = lines[:-1]  # a record cut short still checks out up to where it ends
    assert load_lines(cut).integrity == "verified"


def test_edits_the_checksums_cannot_see_are_still_checked(store):
    lines = _lines(store)
    with pytest.raises(RecordError, match="line 3: 'by' names seat 99"):
        replay_lines(resign(_edit(lines, 2, by=99)))
    place = next(i for i, t in enumerate(lines) if '"source":"player"' in t)
    with pytest.raises(RecordError, match=f"line {place + 1}: .* its source cannot be 'auto'"):
        replay_lines(resign(_edit(lines, place, source="auto")))
    with pytest.raises(RecordError, match="line 4: an entry needs a whole-number seq"):
        load_lines(resign(_edit(lines, 3, seq=True)))


def test_version_1_records_still_import_and_replay_marked_unverified(store, tmp_path, capsys):
    from companion.cli import main

    lines = _lines(store)
    old = []
    for text in lines:
        doc = json.loads(text)
        del doc["sum"]
        old.append(json.dumps(doc))
    old[0] = json.dumps({**json.loads(old[0]), "version": 1})
    loaded, state = replay_lines(old)
    assert loaded.integrity == "unverified" and state == replay_lines(lines)[1]
    path = tmp_path / "v1.jsonl"
    path.write_text("\n".join(old))
    assert main(["replay", str(path)]) == 0
    assert "unverified" in capsys.readouterr().out
    db = str(tmp_path / "v1.sqlite3")
    assert main(["import", str(path), "--db", db]) == 0
    assert "unverified" in capsys.readouterr().out
    assert main(["state", "--db", db]) == 0
    assert "record: unverified" in capsys.readouterr().out


def test_the_store_is_private(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr("os.umask", lambda *_: 0o022)  # nothing here relies on the umask
    store = RecordStore.open()
    Session.new(store, "tsuro", ["red", "blue"], dice=DiceService(1))
    assert (tmp_path / "data").stat().st_mode & 0o777 == 0o700
    for p in (tmp_path / "data").iterdir():
        assert p.stat().st_mode & 0o077 == 0, p
    (tmp_path / "data").chmod(0o755)  # an older install: made private again on opening
    (tmp_path / "data" / "records.sqlite3").chmod(0o644)
    RecordStore.open()
    assert (tmp_path / "data").stat().st_mode & 0o777 == 0o700
    assert (tmp_path / "data" / "records.sqlite3").stat().st_mode & 0o777 == 0o600
