"""Map movement is counted: each hex entered costs a movement point, a counter has its
movement factor to spend in each naval phase (halved by a second hit), a division sails at
its slowest ship's pace, and passing between the map's south edge and the China Sea zone
costs one point. The hexes come from the owner's map file (a missing fact is asked once and
stored); the record keeps the points, so it replays without the map file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tsushima_helpers import run

from companion.tsushima import TsushimaError, load_data
from companion.tsushima.data import DataSet
from companion.tsushima.desk import Desk
from companion.tsushima.desk.record import Entry, RecordError, load
from companion.tsushima.hexmap import MissingMapFact

MAP = {
    "layout": "odd-q",
    "port_hexes": {"Vladivostok": "1002", "Sasebo": "0720"},
    "hexes": {"1002": {"edge": 20}, "0720": {"edge": 2}, "0722": {"edge": 0}},
}


def clock() -> str:
    return "2026-01-01T00:00:00+00:00"


def owner(tmp_path: Path, facts: dict[str, object] = MAP) -> DataSet:
    folder = tmp_path / "owner"
    folder.mkdir(exist_ok=True)
    (folder / "map.json").write_text(json.dumps(facts))
    return load_data(folder)


def russian_movement(data: DataSet) -> Desk:
    desk = Desk.new("tsushima", data, clock=clock)
    desk.next()
    desk.next()  # naval phase 1, Russian movement
    return desk


def refused(desk: Desk, match: str, *args: object, **kw: object) -> str:
    before, campaign = len(desk.entries), desk.campaign
    with pytest.raises(TsushimaError, match=match) as info:
        desk.place(*args, **kw)  # type: ignore[arg-type]
    assert len(desk.entries) == before and desk.campaign == campaign
    assert "\n" not in str(info.value)
    return str(info.value)


def test_the_china_sea_zone_is_not_one_segment_from_vladivostok(tmp_path: Path) -> None:
    """Rule: a ship in the China Sea zone comes onto the map at its south edge for one
    point; Vladivostok, 20 hexes from that edge, is far beyond a factor of 5."""
    desk = russian_movement(owner(tmp_path))
    said = refused(desk, "this move costs 21 movement point", "Souvaroff", "Vladivostok")
    assert "Souvaroff has a movement factor of 5 per naval phase and 5 left" in said
    assert desk.place("Souvaroff", "0722")[-1].startswith("Movement points spent: 1")
    # 0722 to 0717 is five hexes: one more than the four left this phase
    refused(desk, "costs 5 movement point.*4 left", "Souvaroff", "0717")
    desk.place("Souvaroff", "0718")
    refused(desk, "costs 1 movement point.*0 left", "Souvaroff", "0717")
    for _ in range(4):
        desk.next()  # the next naval phase's Russian movement: a full factor again
    desk.place("Souvaroff", "0713")


def test_two_hits_halve_the_factor_but_not_a_small_craft(tmp_path: Path) -> None:
    desk = russian_movement(owner(tmp_path))
    desk.hits("Borodino", 2)
    desk.place("Borodino", "0722")
    said = refused(desk, "costs 2 movement point", "Borodino", "0720")
    assert "movement factor of 2 (halved by two hits) per naval phase and 1 left" in said
    desk.hits("RD1", 2)  # a destroyer counter loses boats, not speed
    desk.place("RD1", "0722")
    desk.place("RD1", "0717")  # 1 + 5 = its factor of 6


def test_a_division_sails_at_its_slowest_ships_pace(tmp_path: Path) -> None:
    desk = russian_movement(owner(tmp_path))
    lines = desk.place("Orel", "0722", together=["Almaz"])
    assert lines[:2] == ["Orel is now at 0722.", "Almaz is now at 0722."]
    said = refused(desk, "Orel has a movement factor of 5", "Orel", "0717", together=["Almaz"])
    assert said.endswith("4 left (a division sails at its slowest ship's pace)")
    desk.place("Almaz", "0717")  # alone, Almaz (6) still has 5 points
    refused(desk, "ships sail together only from one place: Orel is at 0722, Almaz is at "
            "0717", "Orel", "0718", together=["Almaz"])


def test_a_japanese_ship_reaches_the_zone_by_the_south_edge(tmp_path: Path) -> None:
    desk = Desk.new("tsushima", owner(tmp_path), clock=clock)
    # Sasebo is two hexes from the edge, then one point into the zone
    assert desk.place("Mikasa", "China Sea")[-1].startswith("Movement points spent: 3")
    refused(desk, "costs 3 movement point.*2 left", "Mikasa", "Sasebo")


def test_a_missing_fact_is_asked_only_for_a_move_the_record_allows(tmp_path: Path) -> None:
    facts = {**MAP, "hexes": {"0720": {"edge": 2}}}
    desk = Desk.new("tsushima", owner(tmp_path, facts), clock=clock)
    # out of its segment: the rule answers before any map fact is asked for
    refused(desk, "Russian ships move in the Russian movement segment", "Souvaroff", "0722")
    desk.next()
    desk.next()
    with pytest.raises(MissingMapFact, match="how many hexes hex 0722 lies from the map's "
                       "south edge"):
        desk.place("Souvaroff", "0722")
    assert desk.entries[-1].step == "next"  # nothing stored
    desk.place("Souvaroff", "sea")  # a move to an unnamed hex asks nothing; one point


def test_the_record_replays_without_the_map_and_checks_the_points(tmp_path: Path) -> None:
    desk = russian_movement(owner(tmp_path))
    desk.place("Souvaroff", "0722")
    assert desk.entries[-1].args["points"] == 1
    header, entries = load(desk.text())
    assert Desk(header, entries).campaign == desk.campaign  # the built-in map is empty
    # a record whose move costs more than the factor stops at that line, naming the rule
    bad = [*entries, Entry("place", {"ship": "Souvaroff", "location": "0712", "points": 9})]
    with pytest.raises(RecordError, match="line 5: place: this move costs 9 movement"):
        Desk(header, bad)


def test_a_record_from_before_moves_were_counted_stands_marked() -> None:
    """A place step with no points was written before moves were counted: it replays on
    the players' word (the facts to count it are not in the record), and the history says
    so."""
    desk = Desk.new("tsushima", clock=clock)
    desk.next()
    desk.next()
    old = [*desk.entries, Entry("place", {"ship": "Souvaroff", "location": "Vladivostok"})]
    replayed = Desk(desk.header, old)
    assert replayed.fleet.berth("Souvaroff").location == "Vladivostok"
    assert replayed.history()[-1].endswith("(not counted: recorded before moves were counted)")
    assert replayed.history_lines()[-1].startswith("3. Move Souvaroff to Vladivostok: Souvaroff is now")


def test_the_command_line_counts_moves_and_asks_for_the_edge(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "owner"
    owner(tmp_path, {**MAP, "hexes": {}})
    rec = str(tmp_path / "t.jsonl")
    assert run(capsys, "game", "new", "--record", rec, "--scenario", "tsushima")[0] == 0
    for _ in range(2):
        run(capsys, "game", "next", "--record", rec)
    code, _, err = run(capsys, "game", "place", "--record", rec, "--data", str(folder),
                       "Souvaroff", "0722", "--with", "Orel", "Borodino")
    assert code == 2 and err.count("\n") == 1
    assert "south edge" in err and "map set --data DIR edge 0722 VALUE" in err
    assert run(capsys, "map", "set", "--data", str(folder), "edge", "0722", "0")[0] == 0
    code, out, _ = run(capsys, "game", "place", "--record", rec, "--data", str(folder),
                       "Souvaroff", "0722", "--with", "Orel", "Borodino")
    assert code == 0 and "Borodino is now at 0722." in out and "spent: 1" in out
    code, _, err = run(capsys, "game", "place", "--record", rec, "--data", str(folder),
                       "Souvaroff", "0716")
    assert code == 2 and "costs 6 movement point(s)" in err


def test_a_ship_entering_a_hex_with_enemy_ships_stops_there(tmp_path: Path) -> None:
    """Rule: a ship that enters a hex holding enemy ships stops and moves no farther in
    that naval phase; in the next phase it may leave. Sasebo's hex holds the Japanese
    fleet in port."""
    desk = russian_movement(owner(tmp_path))
    desk.place("Souvaroff", "0722")
    said = desk.place("Souvaroff", "0720")  # 2 points of the 4 left: enough to go on
    assert said[-1] == "Enemy ships are in that hex: the ships stop there for this phase."
    refused(desk, "entered a hex holding enemy ships this naval phase", "Souvaroff", "0722")
    header, entries = load(desk.text())  # the stop is in the record, not in the map file
    assert Desk(header, entries).campaign.current_marks().stopped == ("Souvaroff",)
    desk.place("Orel", "0722")  # a ship in an empty hex goes on as before
    desk.place("Orel", "0721")
    for _ in range(4):
        desk.next()  # the next naval phase's Russian movement
    desk.place("Souvaroff", "0722")  # began the phase there: it may leave
