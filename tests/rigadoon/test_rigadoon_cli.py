"""The ``companion rigadoon`` commands, run through the real ``companion`` entry point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main


@pytest.fixture
def run(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("COMPANION_DICE_SEED", "7")
    db = str(tmp_path / "records.sqlite3")

    def go(*argv: str) -> tuple[int, str, str]:
        args = ["rigadoon", argv[0], "--db", db, *argv[1:]]
        try:
            code = main(args)
        except SystemExit as exc:
            code = int(exc.code or 0)
        out, err = capsys.readouterr()
        return code, out, err

    return go


def history(run) -> list[str]:  # type: ignore[no-untyped-def]
    return run("history")[1].splitlines()


def test_a_game_from_the_command_line(run, tmp_path: Path):
    code, out, _ = run("new", "--players", "ann,bob")
    assert code == 0 and "ann sails first" in out and "default to check" in out
    assert run("fleet", "blue")[0] == 0
    code, out, _ = run("opening", "se")
    assert "Now: ann (blue): change the wind" in out
    code, out, _ = run("explore", "b1")
    assert code == 0 and "sail b1 r1c1" in out and "sail b1 r2c2" not in out  # no chest there
    code, out, _ = run("sail", "b2", "r6c3")
    assert code == 0 and "sail blue ship 2 from r4c1 two spaces southeast to r6c3" in out
    # Bad input: one line on stderr, exit 2, nothing stored.
    before = history(run)
    code, out, err = run("sail", "b2", "r7c4")
    assert code == 2 and out == "" and err.count("\n") == 1 and "already sailed" in err
    code, _, err = run("repair", "b1")
    assert code == 2 and "nothing to repair" in err
    code, _, err = run("choose", "bump")
    assert code == 2 and "no choice" in err
    assert history(run) == before
    code, out, _ = run("wind")
    assert code == 0 and "set the wind to" in out
    code, _, err = run("wind", "n")
    assert code == 2 and "already been changed" in err
    code, out, _ = run("undo")
    assert code == 0 and "took back" in out and "set the wind back to southeast" in out
    code, out, _ = run("wind", "n")
    assert code == 0 and "set the wind to north" in out
    code, out, _ = run("state")
    assert "Defaults to check against your set: Rigadoon board, Wind" in out  # marked default
    code, out, _ = run("state", "--json")
    doc = json.loads(out)
    assert doc["wind"] == "n" and doc["wind_changed"] and doc["fleets"] == ["blue", "green"]
    # Export, import and replay give back the same position.
    record = tmp_path / "game.jsonl"
    assert run("export", str(record))[0] == 0
    header = json.loads(record.read_text().splitlines()[0])
    assert header["game"] == "rigadoon" and header["board"]["rigadoon"]["compass"] == "r5c5"
    code, out, _ = run("replay", str(record), "--json")
    assert code == 0 and json.loads(out)["ships"] == doc["ships"]
    code, out, _ = run("import", str(record))
    assert code == 0 and "Imported" in out
    code, out, _ = run("state", "--json")
    assert json.loads(out)["ships"] == doc["ships"]


def test_a_damaged_record_names_its_line(run, tmp_path: Path):
    run("new", "--players", "ann,bob")
    run("fleet", "green")
    record = tmp_path / "game.jsonl"
    run("export", str(record))
    lines = record.read_text().splitlines()
    lines.append(json.dumps({"seq": 2, "action": "opening up", "by": 1}))
    record.write_text("\n".join(lines) + "\n")
    code, _, err = run("replay", str(record))
    assert code == 2 and "line 3" in err and "edited" in err  # the line added has no checksum
    code, _, err = run("replay", str(record), "--accept-edited")
    assert code == 2 and "line 3" in err and "'up' is not a direction" in err


def test_records_carry_a_checksum_chain_that_names_an_edited_line(run, tmp_path: Path):
    run("new", "--players", "ann,bob")
    run("fleet", "green")
    run("opening", "e")
    record = tmp_path / "game.jsonl"
    run("export", str(record))
    docs = [json.loads(x) for x in record.read_text().splitlines()]
    assert all("sum" in d for d in docs) and docs[0]["version"] == 2
    assert run("replay", str(record))[0] == 0
    docs[2]["by"] = 0  # a hand edit that the rules would still take
    record.write_text("\n".join(json.dumps(d) for d in docs) + "\n")
    code, _, err = run("replay", str(record))
    assert code == 2 and "line 3" in err and "checksum does not match" in err


def test_moves_lists_the_legal_actions_and_claim_names_an_island(run):
    run("new", "--players", "ann,bob")
    run("fleet", "blue")
    run("opening", "e")
    code, out, _ = run("moves")
    assert code == 0 and "change" in out and "sail b1" in out
    code, _, err = run("claim", "b1", "r3c2")
    assert code == 2 and "not an island" in err


def test_the_registry_entry_starts_a_game_the_way_companion_new_calls_it(tmp_path, capsys):
    import argparse
    import importlib

    from companion.games import game_info

    info = game_info("rigadoon")
    assert "companion.commands.rigadoon" in info.commands
    module, _, func = info.new_game.partition(":")
    start = getattr(importlib.import_module(module), func)
    db = str(tmp_path / "r.sqlite3")
    args = argparse.Namespace(
        name="rigadoon", players="ann,bob", option=["wind-die"], tiles="hidden", json=False, db=db
    )
    assert start(args) == 0
    assert "Started Rigadoon game" in capsys.readouterr().out
    assert main(["rigadoon", "state", "--db", db, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["phase"] == "fleet" and doc["players"] == ["ann", "bob"]


def test_the_prompt_loop_answers_help_and_keeps_going(run, monkeypatch: pytest.MonkeyPatch):
    # A player at the prompt types 'help' first; it lists the commands, stores nothing.
    import io

    run("new", "--players", "ann,bob")
    monkeypatch.setattr("sys.stdin", io.StringIO("help\nfleet blue\nquit\n"))
    code, out, _ = run("play")
    assert code == 0 and "claim SHIP SQUARE" in out and "Refused" not in out
    (only,) = history(run)
    assert "fleet blue" in only


def test_the_readings_chosen_at_the_start_are_shown_with_the_game(run):
    # A table that picked another reading of a sentence sees it on every board it prints.
    code, out, _ = run("new", "--players", "ann,bob", "--option", "attack-in-passing")
    assert code == 0 and "options attack-in-passing" in out
    code, out, _ = run("state", "--json")
    assert json.loads(out)["options"] == ["attack-in-passing"]


def test_a_whole_game_to_its_end_from_the_command_line(run, tmp_path: Path):
    # Two players who claim whenever they can, often sink a chest, and otherwise pick at
    # random (seeded: this game ends in some 50 commands with a win on two islands), one
    # command at a time through the real entry point, virtual winds, until the game ends.
    import random

    rng = random.Random(5)
    assert run("new", "--players", "ann,bob")[0] == 0
    islands = {"r2c2", "r2c8", "r8c8", "r8c3"}
    for _ in range(400):
        doc = json.loads(run("state", "--json")[1])
        if doc["phase"] == "over":
            break
        legal = doc["legal"]
        if doc["phase"] == "wind" or ("change" in legal and rng.random() < 0.3):
            code, out, err = run("wind")  # change it now and draw a virtual card
        else:
            port = {s["ship"] for s in doc["ships"] if s["in_port"]}
            stay = [a for a in legal if not (a.startswith("sail") and a.split()[1] in port)]
            claims = [a for a in stay if a.startswith("sail") and a.split()[2] in islands]
            sinks = [a for a in stay if a.endswith(" sink")]
            pick = rng.choice(claims or (sinks if sinks and rng.random() < 0.5 else stay) or legal)
            code, out, err = run("do", pick)
            if pick.startswith(("sail", "repair")):
                assert out.startswith("On the table:\n 1. ")  # what to do with the pieces
        assert code == 0, err
    assert doc["phase"] == "over"
    assert doc["outcome"]["reason"] == "two chests claimed on two islands"
    winner = doc["players"][doc["outcome"]["winner"]]
    assert f"{winner} (" in doc["prompt"] and "wins" in doc["prompt"]
    record = tmp_path / "whole.jsonl"
    assert run("export", str(record))[0] == 0
    code, out, _ = run("replay", str(record), "--json")
    assert json.loads(out)["outcome"] == doc["outcome"]
