"""One store holds every game's records and ``companion games`` lists them all: a path
command asked for a Rigadoon game, or given a Rigadoon record file, says whose it is and
which command reads it, in one line, rather than calling it damaged or unknown."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("COMPANION_DICE_SEED", "5")
    return tmp_path / "data"


@pytest.mark.parametrize("command", [["resume", "2"], ["state", "--game", "2"]])
def test_a_path_command_on_a_rigadoon_game_names_the_game(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new", "tsuro", "--players", "red,blue", "--tiles", "virtual"]) == 0
    assert main(["new", "rigadoon", "--players", "ann,bob"]) == 0
    capsys.readouterr()
    assert main(["games"]) == 0 and " 2  rigadoon" in capsys.readouterr().out

    code = main(command)

    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert "damaged" not in err
    assert "game 2 is a Rigadoon game" in err and "companion rigadoon state --game 2" in err
    # and the hint works as written
    assert main(["rigadoon", "state", "--game", "2"]) == 0
    assert "ann sails first" in capsys.readouterr().out


@pytest.mark.parametrize("command", ["import", "replay"])
def test_a_rigadoon_record_given_to_a_path_command_names_the_right_one(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "rigadoon.jsonl"
    assert main(["new", "rigadoon", "--players", "ann,bob"]) == 0
    assert main(["rigadoon", "export", str(record)]) == 0
    capsys.readouterr()

    code = main([command, str(record)])

    err = capsys.readouterr().err
    assert code != 0 and err.count("\n") == 1 and "unknown game" not in err
    assert "line 1: a Rigadoon record: 'companion rigadoon import' or 'replay'" in err
    assert main(["rigadoon", command, str(record)]) == 0  # as the line says
