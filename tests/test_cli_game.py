"""A whole 4-player Tsuro of the Seas game on the command line with virtual dice."""

import json

import pytest

from companion.cli import main


def run(capsys, *args: str) -> str:
    code = main(list(args))
    out = capsys.readouterr()
    assert code == 0, out.err
    return out.out


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("COMPANION_DICE_SEED", "17")


def play_to_the_end(capsys) -> list[str]:
    said: list[str] = []
    for _ in range(600):
        state = json.loads(run(capsys, "state", "--json"))
        if state["awaiting"] == "over":
            said.append(state["outcome"])
            return said
        if state["awaiting"] in ("roll", "die"):
            out = run(capsys, "roll")
        else:
            moves = json.loads(run(capsys, "moves", "--json"))["moves"]
            assert moves, state["prompt"]
            out = run(capsys, "do", moves[-1]["action"])
        said += out.splitlines()
    raise AssertionError("the game did not end")


def test_four_players_play_to_the_end_and_a_daikaiju_sinks_a_ship_on_its_tile(capsys, tmp_path):
    sank = False
    for game in range(12):
        out = run(capsys, "new", "tsuro-of-the-seas", "--players", "red,blue,green,yellow", "--tiles", "virtual")
        assert "Roll the gold and blue dice to place a daikaiju" in out
        said = play_to_the_end(capsys)
        assert any("wins" in line or "tie" in line for line in said)
        for i, line in enumerate(said):
            if (line.startswith("Remove the wake tile at") and i + 1 < len(said)
                    and "was destroyed by a daikaiju" in said[i + 1]):
                sank = True
        record = tmp_path / f"game{game}.jsonl"
        run(capsys, "export", str(record))
        replayed = json.loads(run(capsys, "replay", str(record), "--json"))
        final = json.loads(run(capsys, "state", "--json"))
        assert replayed["squares"] == final["squares"] and replayed["winners"] == final["winners"]
        if sank:
            break
    print("games needed:", game + 1)
    assert sank, "no game in twelve had a daikaiju destroy a wake tile with a ship on it"


def test_bad_input_is_one_clear_line_and_changes_nothing(capsys):
    run(capsys, "new", "tsuro", "--players", "red,blue", "--tiles", "virtual")
    before = run(capsys, "history")
    assert main(["place", "1234"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no tile can be laid now" in err
    assert main(["start", "r3c3:0"]) == 2
    assert "not a free start mark" in capsys.readouterr().err
    assert main(["dice", "7", "1"]) == 2
    assert "a die shows 1-6" in capsys.readouterr().err
    assert main(["new", "tsuro", "--players", "red"]) == 2
    assert "2-8 players" in capsys.readouterr().err
    assert run(capsys, "history") == before


def test_replay_refuses_a_broken_record_with_its_line(capsys, tmp_path):
    run(capsys, "new", "tsuro", "--players", "red,blue", "--tiles", "virtual")
    run(capsys, "start", "r1c1:0")
    path = tmp_path / "r.jsonl"
    run(capsys, "export", str(path))
    lines = path.read_text().splitlines()
    lines.append(f'{{"seq": {len(lines)}, "action": "start r1c1:0", "by": 1, "source": "player"}}')
    path.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(path), "--json"]) == 1
    err = capsys.readouterr().err
    assert f"line {len(lines)}: the line has no checksum" in err and "--accept-edited" in err
    assert main(["replay", str(path), "--json", "--accept-edited"]) == 1
    err = capsys.readouterr().err
    assert f"line {len(lines)}:" in err and "not a free start mark" in err


def test_list_resume_undo_and_odds(capsys):
    run(capsys, "new", "tsuro-of-the-seas", "--players", "red,blue", "--tiles", "virtual")
    first = json.loads(run(capsys, "state", "--json"))["game_id"]
    run(capsys, "new", "tsuro", "--players", "red,blue")
    listing = run(capsys, "games")
    assert "tsuro-of-the-seas" in listing and "unfinished" in listing
    out = run(capsys, "resume", str(first))
    assert f"Resumed game {first}" in out
    while json.loads(run(capsys, "state", "--json"))["awaiting"] == "roll":
        run(capsys, "roll")
    before = run(capsys, "state", "--json")
    run(capsys, "do", json.loads(run(capsys, "moves", "--json"))["moves"][0]["action"])
    assert run(capsys, "state", "--json") != before
    run(capsys, "undo")
    assert run(capsys, "state", "--json") == before
    for _ in range(2):
        run(capsys, "do", json.loads(run(capsys, "moves", "--json"))["moves"][0]["action"])
    odds = json.loads(run(capsys, "odds", "--json"))
    assert set(odds) == {"red", "blue"}
    assert all(0 <= v["probability"] <= 1 for v in odds.values())
