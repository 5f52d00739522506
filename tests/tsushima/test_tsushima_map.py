"""The map as the owner's data: nothing about the printed hexes is invented; each fact is asked
for the first time a procedure needs it, stored in the owner's map file, and used from then
on to compute distances, "within 9 hexes", partial sea and coast."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tsushima_helpers import run

from companion.tsushima import Side, TsushimaError, load_data
from companion.tsushima.desk import Desk
from companion.tsushima.errors import DataFileError
from companion.tsushima.hexmap import LAYOUTS, Fact, HexFacts, HexMap, MissingMapFact


@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_hex_has_six_neighbours(layout: str) -> None:
    m = HexMap(layout=layout)
    for centre in ("0505", "0606", "0506", "0605"):
        around = [
            f"{c:02d}{r:02d}"
            for c in range(2, 10)
            for r in range(2, 10)
            if m.distance(centre, f"{c:02d}{r:02d}") == 1
        ]
        assert len(around) == 6, (layout, centre, around)
        col, row = int(centre[:2]), int(centre[2:])
        straight = (
            [f"{col:02d}{row + 1:02d}", f"{col:02d}{row - 1:02d}"]
            if layout.endswith("q")
            else [f"{col + 1:02d}{row:02d}", f"{col - 1:02d}{row:02d}"]
        )
        assert set(straight) <= set(around)
    assert m.distance("0101", "0101") == 0
    assert m.distance("0203", "0911") == m.distance("0911", "0203")


def test_nothing_is_invented() -> None:
    m = load_data().hexmap
    for ask, fact in (
        (lambda: m.distance("0101", "0202"), Fact("layout")),
        (lambda: m.port_hex("Sasebo"), Fact("port-hex", "Sasebo")),
        (lambda: m.partial_sea("0712"), Fact("partial-sea", "0712")),
        (lambda: m.coast("0712"), Fact("coast", "0712")),
    ):
        with pytest.raises(MissingMapFact) as caught:
            ask()
        assert caught.value.fact == fact
    with pytest.raises(TsushimaError, match="four digits"):
        m.partial_sea("712")


def test_answers_are_checked() -> None:
    m = HexMap()
    with pytest.raises(TsushimaError, match="not one of odd-q"):
        m.answer(Fact("layout"), "square")
    with pytest.raises(TsushimaError, match="yes or no"):
        m.answer(Fact("partial-sea", "0712"), "maybe")
    m = m.answer(Fact("coast", "0712"), "Japan").answer(Fact("partial-sea", "0712"), "yes")
    assert m.hexes["0712"] == HexFacts(True, "japan")


def test_a_broken_map_file_names_the_field(tmp_path: Path) -> None:
    (tmp_path / "map.json").write_text(json.dumps({"layout": "odd-q",
                                                   "port_hexes": {"Atlantis": "0101"}}))
    with pytest.raises(DataFileError, match=r"map\.json: port_hexes names unknown port 'Atlantis'"):
        load_data(tmp_path)


def test_laying_a_mine_asks_for_each_fact_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    assert run(capsys, "export-data", str(data))[0] == 0
    rec = str(tmp_path / "r.jsonl")
    assert run(capsys, "game", "new", "--record", rec, "--scenario", "round-island")[0] == 0
    assert run(capsys, "game", "to-terminal", "--record", rec)[0] == 0
    # without --ask: one line naming the missing fact and how to give it; nothing stored
    code, _, err = run(capsys, "game", "lay-mine", "--record", rec, "--data", str(data),
                       "russia", "1204")
    assert code == 2 and "whether hex 1204 is partial sea" in err
    assert "map set --data DIR partial-sea 1204 VALUE" in err
    assert json.loads(run(capsys, "game", "show", "--record", rec, "--json")[1])["steps"] == 1
    # with --ask: each missing fact is asked in turn and stored in the owner's map file
    answers = {"partial sea": "yes", "how the map": "odd-q", "Port Arthur": "1205",
               "Vladivostok": "1801"}
    asked: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return next(v for k, v in answers.items() if k in question)

    import companion.commands.tsushima_game as game_cli

    monkeypatch.setattr(game_cli, "ASK", ask)
    code, out, err = run(capsys, "game", "lay-mine", "--record", rec, "--data", str(data),
                         "russia", "1204", "--ask")
    assert code == 0, err
    # Port Arthur, one hex away, settles "within 9 hexes": Vladivostok's hex is not asked
    assert "Russian mine laid in 1204" in out and len(asked) == 3, asked
    stored = json.loads((data / "map.json").read_text())
    assert stored["layout"] == "odd-q" and stored["hexes"]["1204"]["partial_sea"] is True
    assert stored["port_hexes"] == {"Port Arthur": "1205"}
    # the record holds the facts used, so it replays without the map
    desk = Desk.read(rec)
    last = desk.entries[-1]
    assert last.step == "lay-mine" and last.args["hexes_to_port"] == 1
    assert last.args["partial_sea"] is True
    # a later question is asked alone; open sea is refused by the rule, nothing stored
    code, _, err = run(capsys, "map", "set", "--data", str(data), "partial-sea", "0101", "no")
    assert code == 0
    d2 = Desk.read(rec, load_data(data))
    d2.undo()  # the Russian mine back in hand
    with pytest.raises(TsushimaError, match="open sea"):
        d2.lay_mine_on_map(Side.RUSSIA, "0101")
    code, out, _ = run(capsys, "map", "distance", "--data", str(data), "1204", "1801")
    assert code == 0 and "1204 to 1801: 6 hexes." in out
    code, out, _ = run(capsys, "map", "show", "--data", str(data))
    assert "Port Arthur is in hex 1205." in out and "Hex 1204: partial sea." in out


def test_answers_need_the_owners_data_directory(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("TSUSHIMA_DATA", raising=False)
    code, _, err = run(capsys, "map", "set", "layout", "odd-q")
    assert code == 2 and "give --data DIR" in err


def test_town_raids_and_block_ships_read_the_map(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "map.json").write_text(json.dumps({
        "layout": "odd-q",
        "port_hexes": {"Port Arthur": "1205", "Kure": "1211"},  # moves are counted too
        "hexes": {"0912": {"coast": "japan"}, "0913": {"coast": "none"}},
    }))
    d = load_data(data)
    desk = Desk.new("war-at-sea", d)
    desk.land_plan("B")
    for _ in range(8):
        desk.next()
    desk.place("JM1", "1210")  # five hexes from Port Arthur: near enough
    desk.place("JM3", "1213")
    desk.next()
    desk.next()  # Russian movement
    desk.place("Gromoboi", "sea")
    desk.place("Gromoboi", "0913")
    desk.next()
    with pytest.raises(TsushimaError, match="raid needs a Japanese coastal hex"):
        desk.town_raid("Gromoboi", 5)
    for _ in range(3):
        desk.next()  # the next phase's Russian movement
    desk.place("Gromoboi", "0912")
    desk.next()
    assert desk.town_raid("Gromoboi", 5) == ["Gromoboi shells the town (die 5): no effect."]
    for _ in range(2):
        desk.next()  # the next phase's Japanese movement
    assert "protection holds" in desk.port_attack("Port Arthur", 1)[0]
    assert desk.blockships(["JM1"], [2])[-1] == "The channel stays open."
    with pytest.raises(TsushimaError, match="JM3 at 1213 is 8 hexes"):
        desk.blockships(["JM3"], [6])


def test_a_search_on_a_map_hex_reads_partial_sea(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "map.json").write_text(json.dumps({
        "layout": "odd-q", "port_hexes": {"Sasebo": "0711"},  # the moves are counted
        "hexes": {"0712": {"partial_sea": True}},
    }))
    desk = Desk.new("tsushima", load_data(data))
    desk.place("JD1", "0712")
    desk.next()
    lines = desk.spot(Side.JAPAN, ["JD1"], 3)  # 3 + destroyer 1 + partial sea 1 = 5
    assert "partial sea hex +1" in lines[0] and "spotted" in lines[0]
    for _ in range(3):
        desk.next()  # the next phase's Japanese movement
    desk.place("JD2", "0713")
    desk.next()
    with pytest.raises(MissingMapFact, match="whether hex 0713 is partial sea"):
        desk.spot(Side.JAPAN, ["JD2"], 3)
