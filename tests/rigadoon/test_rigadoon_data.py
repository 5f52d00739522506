"""The board layout and the wind cards as editable data, checked against the rules."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from companion.rigadoon.board import BoardFileError, default_board, load_board, parse_board
from companion.rigadoon.data import board_json, wind_json
from companion.rigadoon.geometry import Direction
from companion.rigadoon.state import Game, new_state
from companion.rigadoon.wind import WindFileError, default_wind, load_wind, parse_wind


def shipped() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(
        resources.files("companion.data").joinpath("boards.json").read_text("utf-8")
    )
    return doc


def layout(doc: dict[str, Any]) -> dict[str, Any]:
    prof = next(p for p in doc["profiles"] if p["name"] == "rigadoon-9x9")
    lay: dict[str, Any] = prof["rigadoon"]
    return lay


def test_the_default_board_fits_the_rules_and_says_it_is_a_default():
    b = default_board()
    assert len(b.shallows) == 21
    assert b.name(b.compass) == "r5c5"
    assert len(b.islands) == 4 and len({i.name for i in b.islands}) == 4
    assert [b.name(s) for s in b.chests] == ["r4c5", "r5c4", "r5c6", "r6c5"]
    assert b.default and "Default to check" in b.defaults_note()
    assert any("Rigadoon board" in n for n in Game.create(["a", "b"]).defaults_to_check())


def broken(change) -> str:  # type: ignore[no-untyped-def]
    doc = copy.deepcopy(shipped())
    change(layout(doc))
    with pytest.raises(BoardFileError) as info:
        parse_board(doc, "my-boards.json")
    msg = str(info.value)
    assert "\n" not in msg and msg.startswith("my-boards.json: rigadoon-9x9: ")
    return msg


def test_a_hand_edited_board_that_breaks_a_rule_is_refused_in_one_line():
    def fewer_shallows(lay: dict[str, Any]) -> None:
        lay["picture"][3] = "...~~~~.."

    assert "20 Shallows squares; the rules have 21" in broken(fewer_shallows)

    msg = broken(lambda lay: lay["islands"][0].update(maelstrom="r4c1"))
    assert "do not match the M squares" in msg

    def moved_maelstrom(lay: dict[str, Any]) -> None:
        lay["picture"][2] = "...~~~..."
        lay["picture"][3] = "M.~~~~~.."
        lay["islands"][0]["maelstrom"] = "r4c1"

    assert "the maelstrom of island skull is not diagonally next to it" in broken(moved_maelstrom)
    assert "off the 9x9 board" in broken(lambda lay: lay["islands"][1].update(exit="r10c5"))
    assert "not in open water" in broken(lambda lay: lay["islands"][1].update(exit="r5c5"))
    assert "not in the Shallows" in broken(
        lambda lay: lay.update(chests=["r1c1", "r5c4", "r5c6", "r6c5"])
    )
    assert "touch" in broken(
        lambda lay: lay["starts"].update(blue=["r2c1", "r4c1", "r6c1", "r7c1"])
    )
    assert "3 islands" in broken(lambda lay: lay.update(islands=lay["islands"][:3]))


def test_the_owner_replaces_the_layout_with_a_file_in_the_data_directory(tmp_path, monkeypatch):
    doc = shipped()
    layout(doc)["chests"] = ["r4c4", "r4c6", "r6c4", "r6c6"]
    (tmp_path / "boards.json").write_text(json.dumps(doc), "utf-8")
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    b = load_board()
    assert [b.name(c) for c in b.chests] == ["r4c4", "r4c6", "r6c4", "r6c6"]
    assert b.source == str(tmp_path / "boards.json")


def test_board_and_wind_survive_a_record_header_round_trip():
    b = default_board()
    again = parse_board({"profiles": [board_json(b)]}, "header")
    assert again.terrain == b.terrain and again.islands == b.islands and again.starts == b.starts
    w = default_wind()
    assert parse_wind(wind_json(w), "header").templates == w.templates


def test_wind_templates_fit_the_worked_examples():
    w = default_wind()
    se = w.template(Direction.SE)
    assert se.reach(Direction.SE, 3) == 3  # three squares southeast
    for d in (Direction.SW, Direction.NE, Direction.NW):
        assert se.reach(d, 3) >= 1
    assert se.reach(Direction.SW, 1) >= 2  # at least two southwest for any ship with a mast
    assert se.reach(Direction.NE, 3) >= 3  # the card shows squares past the edge
    n = w.template(Direction.N)
    assert n.orange[Direction.S] == 0 and n.yellow[Direction.S] >= 1  # yellow to the south
    assert n.reach(Direction.SW, 3) >= 2  # basic attack: a 3-mast ship sails 2 southwest
    # Each template is the same pattern turned: every wind is its neighbour turned twice.
    for d in Direction:
        t, u = w.template(d), w.template(d.turned(2))
        assert [t.yellow[x] for x in Direction] == [u.yellow[x.turned(2)] for x in Direction]


def test_a_broken_wind_file_is_refused_in_one_line(tmp_path, monkeypatch):
    doc = wind_json(default_wind())
    doc["orthogonal"] = [".y...", ".....", "..D..", ".....", "....."]
    with pytest.raises(WindFileError, match="not in a straight line"):
        parse_wind(doc, "w.json")
    doc = wind_json(default_wind())
    doc["diagonal"] = ["...", ".o.", "..."]
    with pytest.raises(WindFileError, match="middle"):
        parse_wind(doc, "w.json")
    (tmp_path / "rigadoon_wind.json").write_text("{oops", "utf-8")
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    with pytest.raises(WindFileError, match="not JSON"):
        load_wind()


def test_the_opening_position_follows_the_layout():
    s = new_state(Game.create(["ann", "bob"]))
    b = s.board
    assert [b.name(x) for x in s.ships[:4]] == ["r2c1", "r4c1", "r6c1", "r8c1"]
    assert s.masts == (3,) * 8 and len(s.chests) == 4


def test_a_new_game_uses_the_owners_layout(tmp_path, monkeypatch):
    doc = shipped()
    layout(doc)["chests"] = ["r4c4", "r4c6", "r6c4", "r6c6"]
    (tmp_path / "boards.json").write_text(json.dumps(doc), "utf-8")
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    s = new_state(Game.create(["ann", "bob"]))
    assert [s.board.name(c) for c in s.chests] == ["r4c4", "r4c6", "r6c4", "r6c6"]


def test_an_owners_profiles_file_without_a_rigadoon_layout_keeps_the_default(tmp_path, monkeypatch):
    doc = shipped()
    for p in doc["profiles"]:
        p.pop("rigadoon", None)
    (tmp_path / "boards.json").write_text(json.dumps(doc), "utf-8")
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    assert load_board() is default_board()


def test_a_ship_sailing_from_a_maelstrom_exit_into_that_maelstrom_is_not_blocked_by_itself():
    # Only another ship on the exit closes a maelstrom. On an owner's board where the
    # skull maelstrom (r3c1) lets out two squares south at r5c1, a ship there may sail in.
    from rigadoon_helpers import at

    from companion.rigadoon.actions import Sail

    doc = shipped()
    lay = layout(doc)
    lay["islands"][0]["exit"], lay["islands"][1]["exit"] = "r5c1", "r9c5"
    game = Game.create(["ann", "bob"], board=parse_board(doc, "owner's boards.json"))
    park = ("r1c9", "r9c9", "r9c1", "r7c1", "r1c4", "r6c9", "r4c9")
    s = at({"b1": ("r5c1", 3)}, ["r1c2", "r9c8"], "s", game=game, park=park)
    assert Sail(0, (3, 1)) in s.sails(0)
    s = s.apply(Sail(0, (3, 1)))
    assert s.board.name(s.ships[0]) == "r5c1" and s.acted & 1


def test_the_default_board_fits_each_sentence_about_the_board():
    from rigadoon_helpers import at

    from companion.rigadoon.actions import Sail
    from companion.rigadoon.board import OPEN, SHALLOWS
    from companion.rigadoon.geometry import direction_between

    b = default_board()
    n = b.name
    # 21 Shallows in the middle, the compass at the centre, the four chests on Shallows.
    assert len(b.shallows) == 21 and all(2 <= b.rc(s)[0] <= 8 for s in b.shallows)
    assert n(b.compass) == "r5c5" and b.terrain[b.compass] == SHALLOWS
    assert len(b.chests) == 4 and all(b.terrain[c] == SHALLOWS for c in b.chests)
    # Eight start squares around the board, four blue and four green, in open water.
    assert len(b.starts[0]) == 4 and len(b.starts[1]) == 4
    assert all(b.terrain[s] == OPEN for s in (*b.starts[0], *b.starts[1]))
    # Four islands, one near each corner, each with its own symbol, a maelstrom diagonally
    # next to it and an exit in open water on the board.
    corners = {(b.rc(i.square)[0] < 5, b.rc(i.square)[1] < 5) for i in b.islands}
    assert len(corners) == 4 and len({i.name for i in b.islands}) == 4
    for i in b.islands:
        found = direction_between(b.rc(i.square), b.rc(i.maelstrom))
        assert found is not None and not found[0].orthogonal and found[1] == 1
        assert b.terrain[i.exit] == OPEN and b.exit_of[i.maelstrom] == i.exit
    # A ship in the middle sails three squares diagonally (southwest to open water; the
    # other diagonals end on islands, which it enters only to claim a chest).
    s = at({"b1": ("r5c5", 3)}, ["r1c2", "r9c8"], "se")
    assert Sail(0, (8, 2)) in s.sails(0)
    s = at({"b1": ("r5c5", 3)}, ["r8c8", "r1c2"], "se")
    assert Sail(0, (8, 8)) in s.sails(0)
    # The Pro tip: from port, the maelstrom diagonally next to the island is a way out.
    park = ("r1c1", "r1c9", "r9c1", "r9c9", "r3c3", "r7c7", "r3c7", "r6c2")  # off the exits
    for i in b.islands:
        d = direction_between(b.rc(i.square), b.rc(i.maelstrom))
        assert d is not None
        wind = d[0].short  # a card blowing that way always allows one square along it
        ships = {"b1": (n(i.square), 2)}
        s = at(ships, [n(i.square), "r4c4"], wind, park=park)
        assert s.in_port(0) and Sail(0, b.rc(i.maelstrom)) in s.sails(0)
        assert s.apply(Sail(0, b.rc(i.maelstrom))).ships[0] == i.exit
