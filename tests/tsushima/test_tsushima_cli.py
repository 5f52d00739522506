"""The ``companion tsushima`` commands, run through the real ``companion`` entry point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tsushima_helpers import run


def battle_new(capsys: pytest.CaptureFixture[str], board: str, fleet: str,
               *forms: str) -> tuple[int, str, str]:
    """``tsushima battle new`` on a board file, from a fleet file, with these formations."""
    argv = ["battle", "new", "--state", board, "--fleet", fleet]
    for form in forms:
        argv += ["--form", form]
    return run(capsys, *argv)


def our_errors(err: str) -> list[str]:
    # other packages' plug-ins may add their own notices; ours are the tsushima lines
    return [line for line in err.splitlines() if line.startswith("companion tsushima")]


def test_fire_json_worked_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "fire", "Mikasa", "Retvizan", "--range", "4", "--json")
    assert code == 0
    body = json.loads(out)
    primary, secondary = body["guns"]
    assert primary["weapon"] == "primary"
    assert (primary["effective_gun_factor"], primary["combat_die_modifier"], primary["salvos"]) == (
        3,
        -5,
        2,
    )
    assert primary["table_column"] == 9
    assert set(primary["per_salvo"]) == {"no effect", "one hit", "two hits", "sunk"}
    total = sum(float(v["float"]) for v in primary["per_salvo"].values())
    assert abs(total - 1) < 1e-12
    assert all("/" in v["fraction"] for v in primary["per_salvo"].values())
    assert secondary["can_fire"] is False and secondary["effective_gun_factor"] == -2
    assert body["table_provisional"] is True and body["warnings"]


def test_fire_json_retvizan_rolls(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "fire", "Retvizan", "Mikasa", "--range", "4", "--json", "--roll", "primary=6,11"
    )
    assert code == 0
    primary = json.loads(out)["guns"][0]
    assert (primary["effective_gun_factor"], primary["combat_die_modifier"]) == (4, -3)
    assert primary["results"] == ["no effect", "one hit"]
    assert primary["per_salvo"]["one hit"]["fraction"] == "1/12"


def test_fire_text_is_sentences(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "fire", "Retvizan", "Mikasa", "--range", "4")
    assert code == 0
    assert "Retvizan firing on Mikasa" in out and "effective 4" in out
    assert "{" not in out


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["fire", "Mikasa", "Yamato", "--range", "1"], "unknown ship 'Yamato'"),
        (["fire", "Mikasa", "Retvizan", "--range", "9"], "cannot fire"),
        (["fire", "Mikasa", "Retvizan", "--range", "40"], "impossible"),
        (["spot", "--die", "7"], "outside 1-6"),
        (["mine", "--die", "0"], "outside 1-6"),
        (["repair", "Maizuru", "Mikasa", "Asahi", "Fuji", "Hatsuse"], "3 repair attempt"),
        (["repair", "Vladivostok", "Mikasa"], "not a Russian ship"),
        (["scenario", "midway"], "unknown scenario"),
        (["sweep", "--ships", "4"], "at least 6"),
        (["fire", "Mikasa", "Retvizan", "--range", "x"], "invalid int"),
        (["torpedo", "Destroyer", "Retvizan"], "e.g. japan:Destroyer"),
        (
            [
                "battle",
                "new",
                "--state",
                "/nonexistent/dir/b.json",
                "--form",
                "japan:battle:Mikasa,Asahi,Fuji@3",
            ],
            "cannot write",
        ),
        (
            ["battle", "new", "--state", "STATE", "--form", "japan:battle:Mikasa,Idzumo,Fuji@3"],
            "cannot join a battle division",
        ),
        (
            ["battle", "new", "--state", "STATE", "--form", "japan:cruiser:Idzumo,Iwate@3"],
            "3-6 ships, not 2",
        ),
        (
            ["battle", "new", "--state", "STATE", "--form", "japan:battle:Retvizan,Asahi,Fuji@3"],
            "belongs to the Russian navy",
        ),
        (["battle", "show", "--state", "STATE"], "no saved engagement"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], needle: str
) -> None:
    state = tmp_path / "b.json"
    code, out, err = run(capsys, *[str(state) if a == "STATE" else a for a in argv])
    assert not state.exists()
    assert code == 2
    lines = our_errors(err)
    assert len(lines) == 1 and needle in lines[0]
    assert "Traceback" not in err and out == ""


def test_procedure_commands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "spot", "--destroyers", "1", "--partial-sea", "--json")
    assert code == 0 and json.loads(out)["chance"]["fraction"] == "2/3"
    code, out, _ = run(capsys, "mine", "--die", "6", "--damage-die", "4")
    assert code == 0 and "sunk" in out
    code, out, _ = run(
        capsys,
        "aground",
        "Mikasa",
        "Fuji",
        "--trigger",
        "6",
        "--ship-dice",
        "1",
        "6",
        "--damage-die",
        "3",
    )
    assert code == 0 and "Fuji runs aground and takes two hits" in out
    code, out, _ = run(capsys, "repair", "Sasebo", "Mikasa=2", "--dice", "6", "--json")
    assert code == 0 and json.loads(out)["results"] == {"Mikasa": 0}
    code, out, _ = run(capsys, "torpedo", "japan:Destroyer", "Retvizan", "--adjacent", "--json")
    assert code == 0 and json.loads(out)["total_modifier"] == -3
    code, out, _ = run(capsys, "italy", "--die-6a", "2", "--die-6b", "1")
    assert code == 0 and "interned" in out


def test_scenario_commands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "scenarios", "--json")
    assert code == 0 and len(json.loads(out)["scenarios"]) == 5
    code, out, _ = run(capsys, "scenario", "tsushima")
    assert code == 0 and "Souvaroff" in out and "China Sea" in out


def test_battle_step_through(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    st = str(tmp_path / "b.json")
    assert (
        run(
            capsys,
            "battle",
            "new",
            "--state",
            st,
            "--form",
            "japan:battle:Mikasa,Asahi,Hatsuse@3",
            "--form",
            "russia:battle:Retvizan,Pobieda,Peresviet@8",
        )[0]
        == 0
    )
    assert run(capsys, "battle", "move", "--state", st)[0] == 0
    code, out, _ = run(
        capsys,
        "battle",
        "declare",
        "--state",
        st,
        "Mikasa:primary>Retvizan",
        "Retvizan:primary>Mikasa",
    )
    assert code == 0 and "[2] Retvizan:primary>Mikasa" in out
    saved = Path(st).read_text()
    code, _, err = run(capsys, "battle", "roll", "--state", st, "2", "6", "13")
    assert code == 2 and "outside 2-12" in our_errors(err)[0]
    assert Path(st).read_text() == saved  # nothing recorded
    assert run(capsys, "battle", "roll", "--state", st, "2", "6", "11")[0] == 0
    assert run(capsys, "battle", "roll", "--state", st, "1", "5", "6")[0] == 0
    code, out, _ = run(capsys, "battle", "end-round", "--state", st, "--json")
    assert code == 0
    ships = {s["ident"]: s["hits"] for s in json.loads(out)["ships"]}
    assert ships["Mikasa"] == 1 and ships["Retvizan"] == 0
    code, out, _ = run(capsys, "battle", "move", "--state", st, "--move", "RB1=-3")
    assert code == 2


def test_tsushima_campaign_on_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fleet, board = str(tmp_path / "f.json"), str(tmp_path / "b.json")
    assert run(capsys, "fleet", "new", "--scenario", "tsushima", "--state", fleet)[0] == 0
    code, _, _ = battle_new(capsys, board, fleet,
                            "japan:battle:Mikasa,Shikishima,Asahi,Fuji@4",
                            "russia:battle:Souvaroff,Alexandr III,Borodino,Orel@6")
    assert code == 0
    run(capsys, "battle", "move", "--state", board)
    run(capsys, "battle", "declare", "--state", board, "Souvaroff:primary>Mikasa")
    run(capsys, "battle", "roll", "--state", board, "1", "12", "12")
    run(capsys, "battle", "end-round", "--state", board)
    assert run(capsys, "battle", "finish", "--state", board, "--fleet", fleet)[0] == 0
    run(capsys, "fleet", "place", "--state", fleet, "Mikasa", "Sasebo")
    assert run(capsys, "fleet", "next", "--state", fleet, "--to-terminal")[0] == 0
    code, out, err = run(capsys, "fleet", "terminal", "--state", fleet, "--repair", "Mikasa=6")
    assert code == 0, err
    assert "Mikasa" in out and "June 1905" in out
    assert "Souvaroff has no friendly port in the China Sea zone" in out
    body = json.loads(Path(fleet).read_text())
    berths = {b["ident"]: b for b in body["berths"]}
    assert berths["Mikasa"]["hits"] == 0
    assert berths["Souvaroff"]["morale"] == -3  # another terminal phase at sea


def test_owner_edits_the_gunfire_table(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    own = tmp_path / "own"
    assert run(capsys, "export-data", str(own))[0] == 0
    g = json.loads((own / "gunfire.json").read_text())
    g["provisional"] = False
    g["columns"]["9"] = {"one_hit": 4, "two_hits": 10, "sunk": 12}
    (own / "gunfire.json").write_text(json.dumps(g))
    code, out, _ = run(
        capsys, "fire", "Mikasa", "Retvizan", "--range", "4", "--json", "--data", str(own)
    )
    assert code == 0
    body = json.loads(out)
    assert body["table_provisional"] is False
    # with one hit from a modified 4, Mikasa (-5) now hits on 9 or more
    assert body["guns"][0]["per_salvo"]["one hit"]["fraction"] == "5/18"
    assert not any("Gunfire" in w for w in body["warnings"])
    g["columns"]["9"]["one_hit"] = 3  # contradicts the worked example
    (own / "gunfire.json").write_text(json.dumps(g))
    code, out, _ = run(capsys, "warnings", "--data", str(own))
    assert code == 0 and "worked example" in out
    # a second export leaves the owner's copy alone
    run(capsys, "export-data", str(own))
    assert json.loads((own / "gunfire.json").read_text())["provisional"] is False
    (own / "gunfire.json").write_text("[]")
    code, _, err = run(capsys, "tables", "--data", str(own))
    assert code == 2 and "gunfire.json" in our_errors(err)[0]


def test_ships_in_the_repair_yard_stay_out_of_battle(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fleet, board = str(tmp_path / "f.json"), str(tmp_path / "b.json")
    run(capsys, "fleet", "new", "--scenario", "tsushima", "--state", fleet)
    run(capsys, "fleet", "hits", "--state", fleet, "Fuji", "2")
    run(capsys, "fleet", "place", "--state", fleet, "Fuji", "Kure")
    run(capsys, "fleet", "next", "--state", fleet, "--to-terminal")
    assert run(capsys, "fleet", "terminal", "--state", fleet, "--repair", "Fuji=3")[0] == 0
    code, _, err = run(capsys, "fleet", "place", "--state", fleet, "Fuji", "sea")
    assert code == 2 and "under repair" in our_errors(err)[0]
    code, _, err = battle_new(capsys, board, fleet, "japan:battle:Mikasa,Fuji,Asahi@3",
                              "russia:battle:Orel,Borodino,Oslabia@5")
    assert code == 2 and "repair yard" in our_errors(err)[0]
    assert not Path(board).exists()
