"""Issue 11: no traceback reaches the player, and every hint is a command that works.

Each case was first reproduced against the command line as it was (a traceback, or a
hint refused when pasted); the tests drive ``companion.cli.main`` in this process.
"""

from __future__ import annotations

import gc
import io
import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import companion.core.store
from companion.cli import main
from companion.core.dice import DiceService
from companion.core.records import Entry, now
from companion.core.store import ConflictError, RecordStore
from companion.tsuro.record import load_game
from companion.tsuro.session import Session


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("COMPANION_DICE_SEED", "5")
    return tmp_path / "data"


def run(capsys: Any, *args: str) -> str:
    code = main(list(args))
    out = capsys.readouterr()
    assert code == 0, out.err
    return str(out.out)


def refused(capsys: Any, *args: str, code: int = 2) -> str:
    """The one line a refused command prints; no traceback, nothing on stdout."""
    assert main(list(args)) == code
    out = capsys.readouterr()
    assert out.err.count("\n") == 1 and "Traceback" not in out.err, out.err
    return str(out.err)


# ---- tracebacks that reached the player --------------------------------------------


def test_export_into_a_missing_folder_or_onto_a_folder_is_one_line(capsys: Any, tmp_path: Path) -> None:
    run(capsys, "new", "tsuro", "--players", "red,blue")
    err = refused(capsys, "export", str(tmp_path / "nowhere" / "r.jsonl"))
    assert "cannot write" in err and "No such file or directory" in err
    err = refused(capsys, "export", str(tmp_path))
    assert "cannot write" in err and "Is a directory" in err


def _record(capsys: Any, tmp_path: Path) -> list[str]:
    run(capsys, "new", "tsuro", "--players", "red,blue", "--tiles", "virtual")
    run(capsys, "start", "r1c1:0")
    path = tmp_path / "r.jsonl"
    run(capsys, "export", str(path))
    return path.read_text().splitlines()


@pytest.mark.parametrize(
    "change",
    [
        {"players": [1, 2, 3]},
        {"players": "red"},
        {"options": {"a": 1}},
        {"game": ["tsuro"]},
        {"tile_set": 5},
        {"daikaiju": "x"},
    ],
)
def test_headers_with_wrong_types_are_one_line(capsys: Any, tmp_path: Path, change: dict[str, Any]) -> None:
    lines = _record(capsys, tmp_path)
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join([json.dumps({**json.loads(lines[0]), **change}), *lines[1:]]))
    assert "line 1:" in refused(capsys, "import", str(path), "--accept-edited")
    assert "line 1:" in refused(capsys, "replay", str(path), "--accept-edited", code=1)


def test_an_entry_nested_200000_deep_is_one_line(capsys: Any, tmp_path: Path) -> None:
    lines = _record(capsys, tmp_path)
    path = tmp_path / "deep.jsonl"
    path.write_text("\n".join([*lines, "[" * 200_000]))
    err = refused(capsys, "import", str(path))
    assert f"line {len(lines) + 1}: the line nests more than" in err
    refused(capsys, "replay", str(path), code=1)


def test_two_writers_on_one_game_give_a_clear_conflict(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite3"
    first = Session.new(RecordStore.open(db), "tsuro", ["red", "blue"], dice=DiceService(1))
    second = Session.resume(RecordStore.open(db), first.game_id)
    first.enter("start r1c1:0")
    with pytest.raises(ConflictError, match="another companion command wrote to this game"):
        second.enter("start r1c2:0")
    _header, entries = load_game(RecordStore.open(db), first.game_id)
    assert entries[-1].action == "start r1c1:0"  # the first writer's entry stands alone


def test_a_locked_store_is_one_line_after_a_short_wait(
    capsys: Any, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run(capsys, "new", "tsuro", "--players", "red,blue")
    monkeypatch.setattr(companion.core.store, "BUSY_TIMEOUT", 0.05)
    holder = sqlite3.connect(data_dir / "records.sqlite3", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another program mid-write
    err = refused(capsys, "start", "r1c1:0")
    assert "is in use by another program" in err
    holder.execute("ROLLBACK")
    gc.collect()  # the commands' own connections, closed as a finished process's would be
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")  # a program that keeps the file to itself
    holder.execute("INSERT INTO meta VALUES ('x', 'y')")
    for command in ("state", "games"):
        assert "is in use by another program" in refused(capsys, command)
    holder.close()
    run(capsys, "state")


def test_a_page_corrupted_store_is_one_line(capsys: Any, data_dir: Path) -> None:
    run(capsys, "new", "tsuro", "--players", "red,blue")
    for _ in range(3):
        run(capsys, "new", "tsuro-of-the-seas", "--players", "red,blue,green")
    db = data_dir / "records.sqlite3"
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    data = bytearray(db.read_bytes())
    page = 4096
    assert len(data) > 3 * page
    data[page : len(data)] = b"\xa5" * (len(data) - page)  # every page after the first
    db.write_bytes(bytes(data))
    for command in ("state", "games"):
        assert "is damaged" in refused(capsys, command)


class _ClosedPipe(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_a_closed_pipe_ends_quietly(capsys: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    run(capsys, "new", "tsuro", "--players", "red,blue")
    monkeypatch.setattr("sys.stdout", _ClosedPipe())
    assert main(["history"]) == 141
    monkeypatch.undo()
    assert "Traceback" not in capsys.readouterr().err


class _CtrlC(io.StringIO):
    def readline(self, size: int | None = -1) -> str:
        raise KeyboardInterrupt


def test_ctrl_c_at_the_prompt_leaves_quietly(capsys: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    run(capsys, "new", "tsuro", "--players", "red,blue")
    monkeypatch.setattr("sys.stdin", _CtrlC())
    assert main(["play"]) == 0
    assert "the game is saved" in capsys.readouterr().out


# ---- the CLI says what it accepts --------------------------------------------------


def test_every_move_listed_is_a_command_that_works_when_pasted(capsys: Any) -> None:
    run(capsys, "new", "tsuro-of-the-seas", "--players", "red,blue", "--tiles", "virtual")
    out = run(capsys, "moves")
    pasted = [line.split("#")[0].split() for line in out.splitlines() if line.startswith("  ")]
    assert ["roll", "3", "4"] in pasted
    run(capsys, "roll", "3", "4")
    while json.loads(run(capsys, "state", "--json"))["awaiting"] == "roll":
        run(capsys, "roll")
    listed = [line.split("#")[0].strip() for line in run(capsys, "moves").splitlines()
              if line.startswith("  ")]
    assert listed and all(line.startswith("start ") for line in listed)
    # a refusal's example is a start mark of this board, never a fixed one of another
    err = refused(capsys, "roll")
    offered = re.findall(r"'(start r\d+c\d+:\d)'", err)
    assert offered and all(o in listed for o in offered), err
    run(capsys, *listed[0].split())
    run(capsys, *listed[-1].split())
    while True:
        state = json.loads(run(capsys, "state", "--json"))
        if state["awaiting"] == "place":
            break
        run(capsys, "roll")
    place = [line for line in run(capsys, "moves").splitlines() if line.startswith("  place r")]
    words = place[0].split("#")[0].split()
    assert len(words) == 3  # place SQUARE TILE, as the record writes it
    run(capsys, *words)


def test_place_takes_the_hand_both_ways(capsys: Any) -> None:
    run(capsys, "new", "tsuro", "--players", "red,blue")
    run(capsys, "start", "r1c1:0")
    run(capsys, "start", "r6c6:4")
    err = refused(capsys, "place", "r1c1", "10325476")
    assert "show your whole hand" in err or "show the whole hand" in err
    hand = ["10325476", "72143650", "23015476"]  # the last one keeps the marker on
    for form in (["hand", *hand], ["--hand", *hand]):  # the hand is read, either way
        err = refused(capsys, "place", "r1c1", "10325476", *form)
        assert "while the hand allows a better placement" in err
    run(capsys, "place", "r1c1", "23015476", "--hand", *hand)
    assert "place r1c1 23015476 hand " in run(capsys, "history")


def test_hidden_tiles_moves_says_how_to_write_the_tile(capsys: Any) -> None:
    run(capsys, "new", "tsuro", "--players", "red,blue")
    run(capsys, "start", "r1c1:0")
    run(capsys, "start", "r6c6:4")
    out = run(capsys, "moves")
    assert "no choice to make" not in out and "write the tile laid on r1c1" in out
    example = next(line for line in out.splitlines() if line.startswith("  place r1c1 "))
    run(capsys, *example.split("#")[0].split())
    assert json.loads(run(capsys, "state", "--json"))["active"] == "blue"


def test_plain_tsuro_speaks_of_markers_and_no_daikaiju(capsys: Any, data_dir: Path) -> None:
    out = run(capsys, "new", "tsuro", "--players", "red,blue", "--tiles", "virtual")
    assert "ship" not in out.lower()
    run(capsys, "start", "r1c1:0")
    said = run(capsys, "start", "r1c2:0")
    said += run(capsys, "advise", "--samples", "20")
    # the rest of the game through the session the commands use, then the CLI's own words
    s = Session.resume(RecordStore.open(data_dir / "records.sqlite3"), 1, DiceService(2))
    while not s.state.is_terminal():
        said += "\n".join(s.enter(s.state.legal_actions()[-1].notation()))
    said += run(capsys, "state") + run(capsys, "history")
    assert "sailed" not in said and "ship" not in said.lower()
    assert "off the edge" in said or "loop" in said or "collided" in said
    odds = run(capsys, "odds")
    assert "daikaiju phase" not in odds and "No daikaiju in this game" in odds


def test_an_empty_store_says_so(capsys: Any) -> None:
    assert "No games in the store yet" in run(capsys, "games")


def test_the_prompt_has_help_moves_and_keeps_quiet_after_a_refusal(
    capsys: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    run(capsys, "new", "tsuro", "--players", "red,blue")
    monkeypatch.setattr("sys.stdin", io.StringIO("help\nmoves\nstart r3c3:0\nstart r1c1:0\nquit\n"))
    out = run(capsys, "play")
    assert "> " in out and "Commands (one a line)" in out and "start r1c1:0" in out
    refusal = out.index("Refused:")
    after = out[refusal:].splitlines()
    assert after[1].startswith("> ")  # no board after a refused line
    assert out.count("Tsuro, game") == 2  # at the start, and after the accepted line
    monkeypatch.setattr("sys.stdin", io.StringIO("odds\n"))  # plain Tsuro: no daikaiju odds
    out = run(capsys, "play")
    assert "No daikaiju in this game" in out and "daikaiju phase" not in out


# ---- records ------------------------------------------------------------------------


def test_reading_another_game_does_not_make_it_current(capsys: Any) -> None:
    run(capsys, "new", "tsuro", "--players", "red,blue")
    run(capsys, "new", "tsuro", "--players", "green,blue")
    run(capsys, "history", "--game", "1")
    run(capsys, "state", "--game", "1")
    assert json.loads(run(capsys, "state", "--json"))["game_id"] == 2
    run(capsys, "resume", "1")
    assert json.loads(run(capsys, "state", "--json"))["game_id"] == 1


@pytest.mark.parametrize("name", ["red\x1b[31m", "blu\x07e", "a\nb", "x" * 100_000])
def test_player_names_that_break_the_listing_are_refused(capsys: Any, tmp_path: Path, name: str) -> None:
    err = refused(capsys, "new", "tsuro", "--players", f"red,{name}")
    assert "a player's name" in err and len(err) < 200
    lines = _record(capsys, tmp_path)
    path = tmp_path / "named.jsonl"
    path.write_text("\n".join([json.dumps({**json.loads(lines[0]), "players": ["red", name]}), *lines[1:]]))
    assert "a player's name" in refused(capsys, "import", str(path), "--accept-edited")


def test_steps_a_crash_cut_short_are_told_on_the_next_command(capsys: Any, data_dir: Path) -> None:
    run(capsys, "new", "tsuro-of-the-seas", "--players", "red,blue", "--tiles", "virtual")
    store = RecordStore.open(data_dir / "records.sqlite3")
    _header, entries = load_game(store, 1)
    # the daikaiju roll was committed; the crash came before the tile was turned up
    store.append(1, Entry(len(entries) + 1, "roll 3 4", 0, "physical", now()))
    out = run(capsys, "state")
    assert "cut short" in out and "Place daikaiju" in out
    assert "cut short" not in run(capsys, "state")  # told once: the steps are now recorded


def test_steps_a_crash_cut_short_are_told_by_resume(capsys: Any, data_dir: Path) -> None:
    run(capsys, "new", "tsuro-of-the-seas", "--players", "red,blue", "--tiles", "virtual")
    run(capsys, "new", "tsuro", "--players", "red,blue")  # game 1 is no longer current
    store = RecordStore.open(data_dir / "records.sqlite3")
    _header, entries = load_game(store, 1)
    store.append(1, Entry(len(entries) + 1, "roll 3 4", 0, "physical", now()))
    out = run(capsys, "resume", "1")
    assert "cut short" in out and "Place daikaiju" in out and "Resumed game 1" in out


def test_kivys_tracebacks_for_missing_helpers_become_one_line_each() -> None:
    import logging

    from ui.cli import KivyNoise

    logger = logging.getLogger("test-kivy-noise")
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    logger.addHandler(handler)
    logger.addFilter(KivyNoise())
    logger.propagate = False
    try:
        try:
            raise OSError("libmtdev.so.1: cannot open shared object file")
        except OSError:
            logger.exception("Input: MTDev is not supported by your version of linux")
        errs = "xclip - FileNotFoundError: ...\n  File ...\nxsel - FileNotFoundError: ..."
        logger.critical("Cutbuffer: Unable to find any valuable Cutbuffer provider.\n" + errs)
        logger.warning("something else\nkept as it is")
    finally:
        logger.removeHandler(handler)
    lines = stream.getvalue().splitlines()
    assert "Traceback" not in stream.getvalue()
    assert lines[0].startswith("Kivy: libmtdev is not installed")
    assert lines[1].startswith("Kivy: no xclip or xsel")
    assert lines[2:] == ["something else", "kept as it is"]


def test_names_stored_before_the_check_are_listed_safely(capsys: Any, data_dir: Path) -> None:
    run(capsys, "new", "tsuro", "--players", "red,blue")
    db = sqlite3.connect(data_dir / "records.sqlite3")
    doc = json.loads(db.execute("SELECT header FROM games").fetchone()[0])
    doc["players"] = ["red\x1b[2J", "b" * 500]
    db.execute("UPDATE games SET header = ?", (json.dumps(doc),))
    db.commit()
    db.close()
    listing = run(capsys, "games")
    assert "\x1b" not in listing and listing.count("\n") == 1 and len(listing) < 200
