"""Whole games with Veterans of the Seas and the Phoenix on the command line, virtual dice."""

import json

import pytest

from companion.cli import main
from companion.games import SEAS, game_info
from companion.tsuro.veterans.data import shipped_doc


def run(capsys, *args: str) -> str:
    code = main(list(args))
    out = capsys.readouterr()
    assert code == 0, out.err
    return out.out


def refused(capsys, *args: str) -> str:
    code = main(list(args))
    err = capsys.readouterr().err
    assert code == 2, err
    return err


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("COMPANION_DICE_SEED", "23")


def test_the_options_are_in_the_registry_and_off_by_default():
    names = game_info("tsuro-of-the-seas").option_names
    assert {"veterans", "phoenix", "reference-bonus", "uzushio-must-move"} <= set(names)


def play_to_the_end(capsys) -> list[str]:
    said: list[str] = []
    for _ in range(1500):
        state = json.loads(run(capsys, "state", "--json"))
        if state["awaiting"] == "over":
            said.append(state["outcome"])
            return said
        moves = json.loads(run(capsys, "moves", "--json"))["moves"]
        if moves:
            out = run(capsys, *moves[len(said) % len(moves)]["action"].split())
        else:
            assert state["awaiting"] in ("roll", "die"), state["prompt"]
            out = run(capsys, "roll")
        said += out.splitlines()
    raise AssertionError("the game did not end")


def test_games_with_the_expansion_play_to_the_end_and_replay(capsys, tmp_path):
    seen = ""
    for game in range(8):
        out = run(capsys, "new", "tsuro-of-the-seas", "--option", "veterans", "--option",
                  "phoenix", "--players", "red,blue,green", "--tiles", "virtual")
        assert "default to check: Veterans pieces" in out
        assert "check against your sheet" in out
        said = play_to_the_end(capsys)
        assert any("wins" in line or "tie" in line for line in said)
        seen += "\n".join(said)
        record = tmp_path / f"game{game}.jsonl"
        run(capsys, "export", str(record))
        header = json.loads(record.read_text().splitlines()[0])
        assert header["options"] == ["phoenix", "veterans"] and "veterans" in header
        replayed = json.loads(run(capsys, "replay", str(record), "--json"))
        final = json.loads(run(capsys, "state", "--json"))
        assert isinstance(final["veterans"], list)
        assert replayed["squares"] == final["squares"] and replayed["winners"] == final["winners"]
        if "Move the tsunami from" in seen and "rolls a die: below" in seen:
            break
    assert "Move the tsunami from" in seen and "rolls a die: below" in seen


def test_bad_expansion_input_is_one_line_and_stores_nothing(capsys):
    run(capsys, "new", "tsuro-of-the-seas", "--option", "veterans", "--option", "phoenix",
        "--players", "red,blue", "--tiles", "virtual")
    before = run(capsys, "history")
    for args in (("phoenix", "red"), ("taihou", "clear", "r1c1"), ("portal", "r1c3"),
                 ("do", "keep", "10325476")):
        err = refused(capsys, *args)
        assert err.count("\n") == 1, err
    assert run(capsys, "history") == before


def test_the_plain_game_refuses_the_expansions_actions(capsys):
    run(capsys, "new", "tsuro-of-the-seas", "--players", "red,blue", "--tiles", "virtual")
    err = refused(capsys, "uzushio", "roll")
    assert "not possible now" in err and err.count("\n") == 1


def test_an_edited_data_file_that_contradicts_the_reference_is_one_line(capsys, tmp_path):
    doc = shipped_doc()
    doc["tsunami"]["sequence"] = [2, 3, 5]
    (tmp_path / "veterans.json").write_text(json.dumps(doc))
    err = refused(capsys, "new", "tsuro-of-the-seas", "--option", "veterans",
                  "--players", "red,blue")
    assert "veterans.json" in err and "only 4" in err and err.count("\n") == 1
    assert "no game" in refused(capsys, "state")


def _to_a_phoenix_holder_in_danger(seed: int) -> bool:
    """Play a seeded game (in-process, into the store the commands read) until the Phoenix's
    holder may lose its ship in the coming phase; the commands then see that game."""
    from companion.core.dice import DiceService
    from companion.core.store import RecordStore
    from companion.tsuro.odds import danger_with_phoenix
    from companion.tsuro.session import Session

    s = Session.new(RecordStore.open(), SEAS.key,
                    ["red", "blue", "green"], ["veterans", "phoenix"], dice=DiceService(seed),
                    tiles="virtual")
    for step in range(600):
        if any(p > 0 for p in danger_with_phoenix(s.state).values()):
            return True
        if s.state.is_terminal():
            return False
        plain = [c for c in s.choices() if not c.startswith("phoenix")]
        if plain:
            s.enter(plain[step % len(plain)], source="player")
        else:
            s.roll()
    return False


def test_odds_show_the_phoenix_holders_chance_with_the_reroll(capsys):
    """`companion odds`: the holder of the Phoenix gets its figure with the reroll used."""
    from fractions import Fraction

    assert any(_to_a_phoenix_holder_in_danger(seed) for seed in range(8)), (
        "no game put the Phoenix's holder in danger")
    odds = json.loads(run(capsys, "odds", "--json"))
    held = {k: v for k, v in odds.items() if "with_phoenix" in v}
    assert len(held) == 1, odds
    (name, entry), = held.items()
    without, with_it = Fraction(entry["fraction"]), Fraction(entry["with_phoenix"]["fraction"])
    assert 0 <= with_it < without
    assert entry["with_phoenix"]["probability"] == float(with_it)
    text = run(capsys, "odds")
    assert f"if {name} rerolls with the Phoenix" in text and str(with_it) in text
