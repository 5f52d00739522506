"""Issue 11 for Rigadoon's and Tsushima's commands: what the path games were found to do
wrong (a traceback for a file that cannot be written or a record header of the wrong
types, a line nested past Python's depth, names with escapes, an import left half-kept,
a finished game imported as unfinished), each tried here against these commands too."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.core.records import Entry
from companion.rigadoon.record import Header, RigadoonStore, dump_lines
from companion.rigadoon.state import Game, new_state


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


def refused(capsys: Any, *args: str) -> str:
    """The one line a refused command prints: no traceback."""
    code = main(list(args))
    out = capsys.readouterr()
    assert code != 0 and out.err.count("\n") == 1 and "Traceback" not in out.err, out.err
    return str(out.err)


def _finished_record(seed: int = 0) -> list[str]:
    """A whole Rigadoon game of random legal actions, to its end, as record lines."""
    game = Game.create(["ann", "bob"])
    rng, s, entries = random.Random(seed), new_state(game), []
    while not s.is_terminal():
        if s.is_chance_node():
            action = rng.choice([a for a, _p in s.chance_outcomes()])
        else:
            action = rng.choice(s.legal_actions())
        s = s.apply(action)
        entries.append(Entry(len(entries) + 1, action.notation(), None))
    return dump_lines(Header(game, "test"), entries)


def test_rigadoon_export_into_a_missing_folder_or_onto_a_folder(capsys: Any, tmp_path: Path) -> None:
    run(capsys, "new", "rigadoon", "--players", "blue,green")
    err = refused(capsys, "rigadoon", "export", str(tmp_path / "nowhere" / "r.jsonl"))
    assert "cannot write" in err and "No such file or directory" in err
    assert "Is a directory" in refused(capsys, "rigadoon", "export", str(tmp_path))


@pytest.mark.parametrize(
    ("players", "said"),
    [
        ([1, 2, 3], "a player's name must be text"),
        ("ab", "players must be a list of names"),
        (["blue", "gr\x1b[31m"], "cannot hold control characters"),
        (["blue", "x" * 100_000], "a player's name is at most"),
    ],
)
def test_rigadoon_headers_with_bad_players_are_one_line(
    capsys: Any, tmp_path: Path, players: Any, said: str
) -> None:
    lines = _finished_record()
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join([json.dumps({**json.loads(lines[0]), "players": players}),
                               *lines[1:]]))
    for command in ("import", "replay"):
        err = refused(capsys, "rigadoon", command, str(path), "--accept-edited")
        assert "line 1:" in err and said in err


def test_rigadoon_names_with_escapes_are_refused_at_the_start(capsys: Any) -> None:
    assert "a player's name" in refused(capsys, "new", "rigadoon", "--players", "blu\x07e,green")


def test_rigadoon_a_line_nested_too_deep_is_one_line(capsys: Any, tmp_path: Path) -> None:
    lines = _finished_record()
    path = tmp_path / "deep.jsonl"
    path.write_text("\n".join([*lines, "[" * 200_000]))
    for command in ("import", "replay"):
        assert f"line {len(lines) + 1}: the line nests" in refused(capsys, "rigadoon", command,
                                                                   str(path))


class _KilledAfter(list[Entry]):
    """The entries of a record, with the process 'killed' while they are being written."""

    def __init__(self, items: list[Entry], n: int) -> None:
        super().__init__(items)
        self.n = n

    def __iter__(self) -> Any:
        for i, e in enumerate(list.__iter__(self)):
            if i == self.n:
                raise KeyboardInterrupt
            yield e


def test_rigadoon_import_is_whole_and_a_finished_game_stays_finished(
    capsys: Any, tmp_path: Path, data_dir: Path
) -> None:
    path = tmp_path / "done.jsonl"
    path.write_text("\n".join(_finished_record()))
    out = run(capsys, "rigadoon", "import", str(path))
    assert "Imported" in out
    store = RigadoonStore.open_store(data_dir / "records.sqlite3")
    (game,) = store.games()
    assert game.finished and game.entries == len(path.read_text().splitlines()) - 1
    # killed halfway through the entries: the game is not there at all
    header, entries = store.load_game(game.game_id)
    with pytest.raises(KeyboardInterrupt):
        store.import_whole(header, _KilledAfter(entries, len(entries) // 2), finished=True)
    assert store.games() == [game]
    assert store._db.execute("SELECT COUNT(*) FROM entries").fetchone()[0] == len(entries)


def test_tsushima_a_record_line_nested_too_deep_is_one_line(capsys: Any, tmp_path: Path) -> None:
    record = tmp_path / "war.jsonl"
    run(capsys, "tsushima", "game", "new", "--record", str(record), "--scenario", "round-island")
    record.write_text(record.read_text() + "[" * 200_000 + "\n")
    err = refused(capsys, "tsushima", "game", "show", "--record", str(record))
    assert "line 2: not a record line: it nests too deeply" in err


def test_rigadoon_play_has_a_prompt_and_keeps_quiet_after_a_refusal(
    capsys: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    run(capsys, "new", "rigadoon", "--players", "ann,bob")
    monkeypatch.setattr("sys.stdin", io.StringIO("moves\nbogus\nfleet blue\n"))
    out = run(capsys, "rigadoon", "play")
    assert "> " in out and "fleet blue, fleet green" in out
    after = out[out.index("Refused:"):].splitlines()
    assert after[1].startswith("> ")  # no board after a refused line
    assert out.count("Rigadoon, game") == 2  # at the start, and after the accepted line
