"""``companion tsushima game ...``: a campaign in one record file from the command line, and
the command-line side of the rulings (several destroyers, export-data refusals)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tsushima_helpers import run

from companion.tsushima.desk import Desk

# moves are counted on the owner's map: these tests sail on the test map
pytestmark = pytest.mark.usefixtures("near_map")


def game(capsys: pytest.CaptureFixture[str], record: Path, *argv: str) -> tuple[int, str, str]:
    step, *rest = argv
    return run(capsys, "game", step, "--record", str(record), *rest)


def test_a_tsushima_campaign_from_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rec = tmp_path / "t.jsonl"
    code, out, _ = game(capsys, rec, "new", "--scenario", "tsushima")
    assert code == 0 and "May 1905" in out and "lasts 3 turns" in out
    code, _, err = game(capsys, rec, "new", "--scenario", "tsushima")
    assert code == 2 and "already exists" in err
    form = ("battle", "--form", "japan:Mikasa,Shikishima,Asahi,Fuji@4",
            "--form", "russia:Souvaroff,Alexandr III,Borodino,Orel@6")
    # the Japanese division is still at Sasebo: ships fight only where they meet
    code, _, err = game(capsys, rec, *form)
    assert code == 2 and err.count("\n") == 1
    assert "ships fight only where they meet" in err and "Mikasa is at Sasebo" in err
    for ship in ("Mikasa", "Shikishima", "Asahi", "Fuji"):
        assert game(capsys, rec, "place", ship, "China Sea")[0] == 0
    code, out, _ = game(capsys, rec, *form)
    assert code == 0 and "battle board is set" in out
    assert game(capsys, rec, "move")[0] == 0
    code, out, _ = game(capsys, rec, "declare", "--default")
    assert code == 0 and "Declared [1] Mikasa:primary>Souvaroff: modifier" in out
    assert "each salvo no effect" in out and "/36" in out
    body = json.loads(game(capsys, rec, "show", "--json")[1])
    assert body["time"] == "1905-05 1.1" and body["steps"] == 7
    # the battle board in the state files' shape (docs/tsushima.md, game show --json)
    board = body["battle"]
    assert board["kind"] == "engagement" and board["stage"] == "fire"
    assert [f["ships"] for f in board["formations"]][:2] == [
        ["Mikasa", "Shikishima", "Asahi", "Fuji"], ["Souvaroff", "Alexandr III", "Borodino", "Orel"]
    ]
    assert board["declared"][0]["order"].startswith("Mikasa:primary>Souvaroff")
    # a refused step prints one line and stores nothing
    code, _, err = game(capsys, rec, "roll", "1", "5")
    assert code == 2 and err.count("\n") == 1 and "2 salvo(s); 1 roll(s) given" in err
    assert json.loads(game(capsys, rec, "show", "--json")[1])["steps"] == 7
    code, out, _ = game(capsys, rec, "undo")
    assert code == 0 and "Undone: declare" in out
    assert game(capsys, rec, "finish")[0] == 0
    assert json.loads(game(capsys, rec, "show", "--json")[1])["battle"] is None
    code, out, _ = game(capsys, rec, "to-terminal")
    assert code == 0 and "terminal phase" in out
    code, out, _ = game(capsys, rec, "terminal", "--repair", "Mikasa=4")
    assert code == 2  # Mikasa took no hits: nothing to repair
    code, out, _ = game(capsys, rec, "terminal")
    assert code == 0 and "June 1905" in out
    code, out, _ = game(capsys, rec, "history")
    assert "battle-start" in out and "undo" not in out
    code, out, _ = game(capsys, rec, "verdict")
    assert code == 0 and "(if the game ended now)" in out
    copy = tmp_path / "copy.jsonl"
    assert game(capsys, rec, "export", str(copy))[0] == 0
    assert copy.read_text() == rec.read_text()
    code, _, err = game(capsys, rec, "export", str(copy))
    assert code == 2 and "already exists" in err


def test_war_at_sea_italy_from_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rec = tmp_path / "w.jsonl"
    game(capsys, rec, "new", "--scenario", "war-at-sea")
    code, _, err = game(capsys, rec, "place", "Nisshin", "Mediterranean")
    assert code == 2 and "roll Table 6A first" in err
    code, out, _ = game(capsys, rec, "italy", "--die-6a", "4", "--die-6b", "3")
    assert code == 0 and "Japanese hands" in out
    code, out, _ = game(capsys, rec, "place", "Nisshin", "Indian Ocean")
    assert code == 0 and "Nisshin is now at Indian Ocean." in out


def test_custom_battle_with_several_destroyers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    board = str(tmp_path / "b.json")
    code, out, err = run(capsys, "battle", "new", "--state", board, "--json",
                         "--form", "japan:battle:Mikasa,Asahi,Hatsuse@3",
                         "--form", "japan:small:JD1@4", "--form", "japan:small:JD2@4",
                         "--form", "russia:battle:Retvizan,Pobieda,Peresviet@8",
                         "--form", "russia:small:RD1@8")
    assert code == 0, err
    idents = [s["ident"] for s in json.loads(out)["ships"]]
    assert {"JD1", "JD2", "RD1"} <= set(idents)
    code, _, err = run(capsys, "battle", "new", "--state", board,
                       "--form", "japan:small:RD2@4",
                       "--form", "russia:battle:Retvizan,Pobieda,Peresviet@8")
    assert code == 2 and "RD2 belongs to the Russian navy" in err


def test_export_data_refuses_a_file_or_a_missing_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    a_file = tmp_path / "f.txt"
    a_file.write_text("x")
    code, _, err = run(capsys, "export-data", str(a_file))
    assert code == 2 and "is a file, not a folder" in err and "Traceback" not in err
    code, _, err = run(capsys, "export-data", str(tmp_path / "no" / "such"))
    assert code == 2 and "does not exist" in err
    assert not (tmp_path / "no").exists()
    code, out, _ = run(capsys, "export-data", str(tmp_path / "data"))
    assert code == 0 and "scenarios.json" in out


@pytest.mark.parametrize(
    "key,turns",
    [("port-arthur", 0), ("chemulpo", 0), ("round-island", 3), ("tsushima", 3),
     ("war-at-sea", 23)],
)
def test_every_scenario_from_set_up_to_the_verdict(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, key: str, turns: int
) -> None:
    rec = tmp_path / f"{key}.jsonl"
    assert game(capsys, rec, "new", "--scenario", key)[0] == 0
    if turns == 0:
        assert game(capsys, rec, "battle", "--scenario-setup")[0] == 0
        assert game(capsys, rec, "move")[0] == 0
        assert game(capsys, rec, "declare", "--default")[0] == 0
        assert game(capsys, rec, "finish")[0] == 0
    else:
        if turns > 3:  # the long war's early turns through the desk, on the same record
            desk = Desk.read(rec)
            for _ in range(turns - 2):
                desk.to_terminal()
                desk.terminal()
            desk.write(rec)
            turns = 2
        for _ in range(turns):
            assert game(capsys, rec, "to-terminal")[0] == 0
            code, out, err = game(capsys, rec, "terminal")
            assert code == 0, err
        assert "The game ends" in out
    code, out, err = game(capsys, rec, "next")
    assert code == 2 and "the game is over" in err
    code, out, _ = game(capsys, rec, "verdict")
    assert code == 0 and "if the game ended now" not in out
    assert "victory" in out or "Inconclusive" in out
    assert "The game is over." in game(capsys, rec, "show")[1]


def test_moves_out_of_their_segment_are_refused_on_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Rule: each navy moves its ships in its own movement segment; a battle is fought
    only where the ships meet. One line naming the rule, nothing stored."""
    rec = tmp_path / "r.jsonl"
    game(capsys, rec, "new", "--scenario", "round-island")
    before = rec.read_text()
    code, _, err = game(capsys, rec, "place", "Rurik", "sea")
    assert code == 2 and err.count("\n") == 1
    assert "Russian ships move in the Russian movement segment" in err
    assert rec.read_text() == before
    assert game(capsys, rec, "place", "Mikasa", "0712")[0] == 0
    for _ in range(2):
        game(capsys, rec, "next")
    code, _, err = game(capsys, rec, "place", "Fuji", "0712")
    assert code == 2 and "Japanese ships move in the Japanese movement segment" in err
    assert game(capsys, rec, "place", "Rurik", "0713")[0] == 0
    code, _, err = game(capsys, rec, "battle", "--form", "japan:Mikasa@4",
                        "--form", "russia:Rurik@8")
    assert code == 2 and "Mikasa is at 0712, Rurik at 0713" in err
    assert game(capsys, rec, "place", "Rurik", "0712")[0] == 0
    code, out, _ = game(capsys, rec, "battle", "--form", "japan:Mikasa@4",
                        "--form", "russia:Rurik@8")
    assert code == 0 and "battle board is set" in out
