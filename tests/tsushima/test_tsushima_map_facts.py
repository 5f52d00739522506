"""Mines on the owner's map: "within 9 hexes" of a friendly port is counted on the map, not
taken on the referee's word (a fact the map file lacks is asked once and stored); sweepers
must stand in the mined hex; the screens' desk asks a missing fact, stores the answer in the
owner's map file and runs the step again (no Kivy here: the pop-up is
``tests/ui/test_tsushima_map_file_screen.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tsushima_helpers import run

from companion.tsushima import Side, TsushimaError, load_data
from companion.tsushima.data import DataSet
from companion.tsushima.desk import Desk, orders
from companion.tsushima.desk.orders import MapOrder
from companion.tsushima.hexmap import MissingMapFact
from ui.tsushima.controller import TsushimaDesk

SEA_SIX = ["Idzumo", "Iwate", "Tokiwa", "Tsushima", "Azuma", "Takachiho"]  # Round Island


def owner(tmp_path: Path, facts: dict[str, object]) -> DataSet:
    folder = tmp_path / "data"
    folder.mkdir(exist_ok=True)
    (folder / "map.json").write_text(json.dumps(facts))
    return load_data(folder)


def mapped(tmp_path: Path) -> DataSet:
    """Port Arthur in 1205, Vladivostok in 1801, Chemulpo in 0909, on an odd-q map; a few
    hexes known."""
    return owner(tmp_path, {
        "layout": "odd-q",
        "port_hexes": {"Port Arthur": "1205", "Vladivostok": "1801", "Chemulpo": "0909"},
        "hexes": {"1213": {"partial_sea": True}, "1214": {"partial_sea": True},
                  "1204": {"partial_sea": True}, "1206": {"partial_sea": False}},
    })


def test_within_nine_hexes_is_counted_on_the_map(tmp_path: Path) -> None:
    """Rule: a mine goes in a partial-sea hex no more than nine hexes from a port of the
    navy laying it. On a mapped hex the desk counts the hexes itself."""
    data = mapped(tmp_path)
    assert data.hexmap.distance("1213", "1205") == 8
    assert data.hexmap.distance("1214", "1205") == 9
    desk = Desk.new("round-island", data)
    desk.to_terminal()
    with pytest.raises(TsushimaError, match="1206 is open sea"):
        desk.lay_mine_on_map(Side.RUSSIA, "1206")
    with pytest.raises(TsushimaError, match="Chemulpo is not a Russian port"):
        desk.lay_mine_on_map(Side.RUSSIA, "Chemulpo")
    assert desk.lay_mine_on_map(Side.RUSSIA, "1214")[0].startswith("Russian mine laid in 1214")
    last = desk.entries[-1].args
    assert last["hexes_to_port"] == 9 and last["partial_sea"] is True  # kept for replay


def test_ten_hexes_away_is_refused_and_nothing_stored(tmp_path: Path) -> None:
    data = owner(tmp_path, {
        "layout": "odd-q",
        "port_hexes": {"Port Arthur": "1205", "Vladivostok": "3001"},
        "hexes": {"1215": {"partial_sea": True}},
    })
    desk = Desk.new("round-island", data)
    desk.to_terminal()
    before = len(desk.entries)
    with pytest.raises(TsushimaError, match="1215 is 10 hexes from a friendly port; at most 9"):
        desk.lay_mine_on_map(Side.RUSSIA, "1215")
    assert len(desk.entries) == before and not desk.campaign.mines


def test_a_port_hex_is_asked_only_when_it_could_change_the_ruling(tmp_path: Path) -> None:
    """A known port within nine hexes settles it; with none known in range, the next port
    whose hex the map lacks is asked for."""
    near = owner(tmp_path, {"layout": "odd-q", "port_hexes": {"Port Arthur": "1205"},
                            "hexes": {"1204": {"partial_sea": True},
                                      "2020": {"partial_sea": True}}})
    desk = Desk.new("round-island", near)
    desk.to_terminal()
    with pytest.raises(MissingMapFact, match="which hex holds Vladivostok"):
        desk.lay_mine_on_map(Side.RUSSIA, "2020")  # Port Arthur is 17 hexes off
    assert desk.lay_mine_on_map(Side.RUSSIA, "1204")[0].startswith("Russian mine laid")


def test_the_map_screen_lays_a_mine_from_the_map_not_the_referees_word(tmp_path: Path) -> None:
    desk = Desk.new("round-island", mapped(tmp_path))
    desk.to_terminal()
    order = MapOrder("lay-mine", Side.RUSSIA, place="1213")
    assert order.form.flags == ()  # no "within 9 of a port" to tick: it is counted
    assert orders.run(desk, order, [])[0].startswith("Russian mine laid in 1213")
    assert desk.entries[-1].args["hexes_to_port"] == 8


def test_sweepers_must_stand_in_the_mined_hex(tmp_path: Path) -> None:
    """Rule: a mine is swept by six ships or more that stay in its hex through the terminal
    phase. A sweeper the record places elsewhere is refused naming the rule."""
    desk = Desk.new("round-island", mapped(tmp_path))
    desk.place("Mikasa", "1213")
    for ship in SEA_SIX[:5]:
        desk.place(ship, "1213")
    desk.to_terminal()
    desk.lay_mine(Side.RUSSIA, "1213", True, 8)
    before = len(desk.entries)
    with pytest.raises(TsushimaError, match="Fuji is at Chemulpo, not in 1213: only ships "
                       "staying in the mined hex through the terminal phase sweep it"):
        desk.sweep("1213", [1, 1, 1, 1, 1, 6], [*SEA_SIX[:5], "Fuji"])
    with pytest.raises(TsushimaError, match="Iwate is named twice"):
        desk.sweep("1213", [1, 1, 1, 1, 1, 6], [*SEA_SIX[:5], "Iwate"])
    with pytest.raises(TsushimaError, match="at least 6 ships"):
        desk.sweep("1213", [1, 1, 1, 1, 6], SEA_SIX[:5])
    with pytest.raises(TsushimaError, match="each of the 6 ships rolls one sweep die; 5"):
        desk.sweep("1213", [1, 1, 1, 1, 6], [*SEA_SIX[:5], "Mikasa"])
    assert len(desk.entries) == before
    # the ship recorded at sea stands in a hex the record does not name: the players' word
    assert desk.sweep("1213", [1, 1, 1, 1, 1, 6], [*SEA_SIX[:4], "Mikasa", SEA_SIX[5]]) == [
        "The mine in 1213 is swept away."]


def test_ships_in_a_port_sweep_the_mine_in_its_hex(tmp_path: Path) -> None:
    """Round Island's start mine in Port Arthur: Russian ships in the port stand in its hex
    (read from the map, kept in the record), and the screen offers only ships that may."""
    desk = Desk.new("round-island", mapped(tmp_path))
    desk.lay_mine_on_map(Side.RUSSIA, "Port Arthur")
    assert desk.campaign.mines == (("1205", Side.RUSSIA),)
    desk.to_terminal()
    order = MapOrder("sweep", place="1205")
    offered = orders.ship_choices(desk.campaign, order)
    assert "Retvizan" in offered and "Idzumo" in offered and "Mikasa" not in offered
    ships = ["Retvizan", "Pobieda", "Sevastopol", "Peresviet", "Poltava", "Tsarevitch"]
    assert orders.run(desk, MapOrder("sweep", ships=tuple(ships), place="1205"),
                      [1, 1, 1, 1, 1, 1]) == ["The mine in 1205 remains."]
    assert desk.entries[-1].args["port_hexes"] == {"Port Arthur": "1205"}
    # the record replays with no map file at all
    assert Desk(desk.header, desk.entries).campaign.mines == desk.campaign.mines


def test_the_screens_desk_asks_stores_and_goes_on(tmp_path: Path) -> None:
    """The app asks for each missing fact in turn, stores the answer in the owner's map file
    and runs the step again; a wrong answer is refused and asked again."""
    folder = tmp_path / "owner"
    d = TsushimaDesk(save_dir=tmp_path / "save", map_dir=folder)
    assert d.choose_scenario("round-island") and d.start_scenario() and d.to_terminal()
    assert d.choose_procedure("lay-mine") and d.switch_navy() and d.set_map_place("1204")
    assert not d.roll_map()
    assert d.map_question() == "The map file does not say whether hex 1204 is partial sea " \
                               "(answer: yes or no)."
    assert d.map_answers() == ["yes", "no"]
    assert not d.answer_map("perhaps") and "answer yes or no" in d.message
    assert d.map_question()  # still asked
    assert not d.answer_map("yes")  # stored; the step goes on and asks the next fact
    assert "which hex holds Port Arthur" in d.map_question() and d.map_answers() == []
    assert not d.answer_map("1205")
    assert "how the map numbers its hexes" in d.map_question()
    assert d.answer_map("odd-q")
    assert d.map_question() == "" and "Russian mine laid in 1204" in d.results[0]
    stored = json.loads((folder / "map.json").read_text())
    assert stored["hexes"]["1204"]["partial_sea"] is True
    assert stored["port_hexes"] == {"Port Arthur": "1205"} and stored["layout"] == "odd-q"
    assert "Port Arthur is in hex 1205." in d.map_fact_lines()
    # a restarted app reads the owner's file: nothing is asked again
    from ui.tsushima.map_facts import owner_data

    again, problem = owner_data(folder)
    assert problem == "" and again.hexmap.port_hexes == {"Port Arthur": "1205"}


def test_a_question_left_unanswered_stores_nothing(tmp_path: Path) -> None:
    d = TsushimaDesk(map_dir=tmp_path / "owner")
    assert d.choose_scenario("round-island") and d.start_scenario() and d.to_terminal()
    assert d.choose_procedure("lay-mine") and d.switch_navy() and d.set_map_place("1204")
    assert not d.roll_map() and d.map_question()
    steps = len(d.desk.entries) if d.desk else 0
    assert d.drop_question()
    assert d.map_question() == "" and "still unknown" in d.message
    assert d.desk is not None and len(d.desk.entries) == steps
    assert not (tmp_path / "owner" / "map.json").exists()
    assert not d.answer_map("yes") and "no fact of the map is being asked" in d.message


def test_the_map_facts_page_gives_and_changes_a_fact(tmp_path: Path) -> None:
    folder = tmp_path / "owner"
    d = TsushimaDesk(map_dir=folder)
    assert [k for k, _ in d.map_fact_kinds()] == [
        "layout", "port-hex", "partial-sea", "coast", "edge"
    ]
    assert "Port Arthur" in d.map_fact_subjects("port-hex")
    assert "Kronstadt" not in d.map_fact_subjects("port-hex")  # a zone's port has no hex
    assert d.set_map_fact("coast", "0912", "japan")
    assert d.set_map_fact("coast", "0912", "korea")  # changed, not added
    assert not d.set_map_fact("coast", "0912", "atlantis") and "not one of" in d.message
    assert not d.set_map_fact("port-hex", "", "0710") and "name the port first" in d.message
    assert not d.set_map_fact("partial-sea", "12", "yes") and "four digits" in d.message
    assert d.set_map_fact("layout", "", "even-q")
    assert "Hex 0912: coast of Korea." in d.map_fact_lines()
    assert "0912" in d.map_fact_subjects("coast")
    stored = json.loads((folder / "map.json").read_text())
    assert stored["hexes"]["0912"]["coast"] == "korea" and stored["layout"] == "even-q"


def test_the_command_line_names_the_sweepers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``game sweep HEX SHIP... --dice``: a sweeper elsewhere is one line naming the rule,
    exit status 2, nothing stored."""
    rec = str(tmp_path / "ri.jsonl")
    assert run(capsys, "game", "new", "--record", rec, "--scenario", "round-island")[0] == 0
    assert run(capsys, "game", "lay-mine", "--record", rec, "russia", "Port Arthur")[0] == 0
    assert run(capsys, "game", "to-terminal", "--record", rec)[0] == 0
    ships = ["Novik", "Tsarevitch", "Retvizan", "Pobieda", "Sevastopol", "Mikasa"]
    code, _, err = run(capsys, "game", "sweep", "--record", rec, "Port Arthur", *ships,
                       "--dice", "1", "1", "1", "1", "1", "6")
    assert code == 2 and err.count("\n") == 1
    assert "Mikasa is at Chemulpo, not in Port Arthur: only ships staying in the mined hex" in err
    ships[-1] = "Peresviet"
    code, out, err = run(capsys, "game", "sweep", "--record", rec, "Port Arthur", *ships,
                         "--dice", "1", "1", "1", "1", "1", "6")
    assert code == 0 and "The mine in Port Arthur is swept away." in out, err


def test_the_map_facts_page_deletes_a_fact_once_confirmed(tmp_path: Path) -> None:
    """A fact is deleted only after the confirmation; keeping it changes nothing, a fact the
    file does not hold is refused, and a deleted fact is asked again by the next step."""
    folder = tmp_path / "owner"
    d = TsushimaDesk(map_dir=folder)
    assert d.set_map_fact("coast", "0912", "japan")
    assert d.set_map_fact("edge", "0912", "3")
    assert not d.delete_map_fact("partial-sea", "0912") and "holds no partial-sea" in d.message
    assert d.delete_question() == ""
    assert d.delete_map_fact("coast", "0912")
    assert "Delete the coast of 0912 (japan)" in d.delete_question()
    assert d.confirm_delete(False) and "Kept" in d.message
    assert "Hex 0912: coast of Japan, 3 hex(es) from the south edge." in d.map_fact_lines()
    assert d.delete_map_fact("coast", "0912") and d.confirm_delete(True)
    assert d.delete_question() == "" and "Deleted: the coast of 0912." in d.message
    stored = json.loads((folder / "map.json").read_text())
    assert stored["hexes"]["0912"] == {"partial_sea": None, "coast": None, "edge": 3}
    assert not d.confirm_delete(True) and "no map fact is waiting" in d.message
    with pytest.raises(MissingMapFact, match="whose coast hex 0912"):
        d.data.hexmap.coast("0912")


def test_the_command_line_deletes_a_fact(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "owner"
    folder.mkdir()
    assert run(capsys, "map", "set", "--data", str(folder), "port-hex", "Sasebo", "0710")[0] == 0
    code, out, _ = run(capsys, "map", "delete", "--data", str(folder), "port-hex", "Sasebo")
    assert code == 0 and "Deleted: port-hex Sasebo." in out
    assert json.loads((folder / "map.json").read_text())["port_hexes"] == {}
    code, _, err = run(capsys, "map", "delete", "--data", str(folder), "port-hex", "Sasebo")
    assert code == 2 and "holds no port-hex of Sasebo" in err
