"""Tile notation, rotation and patterns; squares, points and board profiles (docs/contracts.md 1-2)."""

from collections import Counter
from itertools import permutations

import pytest

from companion.core.board import (
    ACROSS,
    GAME_BOARDS,
    SEAS_6X6,
    SEAS_7X7,
    TSURO,
    BoardError,
    Point,
    Square,
    load_profiles,
)
from companion.tsuro.tiles import PATTERNS, Tile, TileError, all_oriented, parse_pattern


def test_contract_examples_join_the_points_they_name():
    assert Tile.parse("10325476").pairs() == ((0, 1), (2, 3), (4, 5), (6, 7))
    assert Tile.parse("52167034").pairs() == ((0, 5), (1, 2), (3, 6), (4, 7))


@pytest.mark.parametrize(
    "text", ["", "1032547", "103254760", "10325478", "abcdefgh", "00000000", "12345670", "01234567"]
)
def test_strings_that_are_not_a_pairing_are_refused(text):
    with pytest.raises(TileError) as err:
        Tile.parse(text)
    assert isinstance(err.value, ValueError)
    assert repr(text) in str(err.value)


def test_every_pairing_of_eight_points_is_a_tile_and_nothing_else_is():
    tiles = set(all_oriented())
    assert len(tiles) == 105  # 7 * 5 * 3 * 1 perfect matchings
    for perm in permutations(range(8)):
        text = "".join(map(str, perm))
        pairing = all(perm[perm[p]] == p and perm[p] != p for p in range(8))
        if pairing:
            assert Tile.parse(text) in tiles
        else:
            with pytest.raises(TileError):
                Tile.parse(text)


def test_quarter_turn_moves_every_point_two_places():
    t = Tile.parse("52167034")
    r = t.rotated(1)
    for p in range(8):
        assert r.connects((p + 2) % 8) == (t.connects(p) + 2) % 8
    assert t.rotated(4) == t
    assert t.rotated(-1) == t.rotated(3)


def test_thirty_five_patterns_with_the_contracted_symmetries():
    assert len(PATTERNS) == 35
    sizes = Counter(len(p.rotations()) for p in PATTERNS)
    assert sizes == {1: 5, 2: 10, 4: 20}
    for p in PATTERNS:
        assert p.notation() == min(r.notation() for r in p.rotations())
        for r in p.rotations():
            assert parse_pattern(r.notation()) == p
            assert p.rotated(r.quarter_turns_from_pattern()) == r


def test_across_a_side_points_meet_as_the_contract_says():
    assert Point.parse("r2c2:0").across() == Point.parse("r1c2:5")
    assert Point.parse("r2c2:1").across() == Point.parse("r1c2:4")
    assert Point.parse("r2c2:2").across() == Point.parse("r2c3:7")
    assert Point.parse("r2c2:3").across() == Point.parse("r2c3:6")
    for p in range(8):
        assert ACROSS[ACROSS[p]] == p


def test_square_and_point_text_round_trip_and_errors():
    assert Square.parse("r2c5").name() == "r2c5"
    assert str(Point.parse("r1c3:0")) == "r1c3:0"
    for bad in ("2c5", "r2", "r2c5x", "R2C5"):
        with pytest.raises(BoardError):
            Square.parse(bad)
    for bad in ("r1c3", "r1c3:8", "r1c3:-1", "r1c3:"):
        with pytest.raises(BoardError):
            Point.parse(bad)
    with pytest.raises(BoardError, match="off the 6x6 board"):
        TSURO.square("r7c1")


def test_edge_points_and_start_marks():
    assert len(TSURO.edge_points()) == 48
    assert set(TSURO.start_marks) == set(TSURO.edge_points())
    for profile in (SEAS_7X7, SEAS_6X6):
        assert len(profile.start_marks) == 8
        sides = Counter(m.side for m in profile.start_marks)
        assert set(sides.values()) == {2}
        # the two marks of a side face different squares, so a blocked ship can move over
        for side in sides:
            squares = {m.square for m in profile.start_marks if m.side == side}
            assert len(squares) == 2
    assert Point.parse("r1c3:0") in SEAS_7X7.start_marks


def test_dice_name_squares_through_the_profile():
    assert SEAS_7X7.dice_square(2, 5) == Square(5, 2)  # gold picks the column, blue the row
    assert len(SEAS_6X6.dice_squares()) == 36
    assert len(SEAS_7X7.dice_squares()) == 36
    with pytest.raises(BoardError, match="1-6"):
        SEAS_7X7.dice_square(7, 1)
    with pytest.raises(BoardError, match="no dice labels"):
        TSURO.dice_square(1, 1)


def test_every_contract_game_has_a_board():
    assert set(GAME_BOARDS) == {"tsuro", "tsuro-of-the-seas", "rigadoon", "tsushima"}
    assert (GAME_BOARDS["tsuro"].rows, GAME_BOARDS["tsuro-of-the-seas"].rows) == (6, 7)


def test_board_profile_files_are_checked(tmp_path):
    bad = tmp_path / "boards.json"
    bad.write_text('{"profiles": [{"name": "x", "rows": 6, "cols": 6, "start_marks": ["r3c3:0"]}]}')
    with pytest.raises(BoardError, match="not on the outer edge"):
        load_profiles(bad)
    bad.write_text('{"profiles": [{"name": "x", "rows": 6}]}')
    with pytest.raises(BoardError, match="profile 1"):
        load_profiles(bad)
    bad.write_text("{not json")
    with pytest.raises(BoardError, match="not JSON"):
        load_profiles(bad)
    good = tmp_path / "good.json"
    good.write_text(
        '{"profiles": [{"name": "seas-7x7", "rows": 7, "cols": 7, "start_marks": ["r1c2:0"],'
        ' "gold_columns": [2,3,4,5,6,7], "blue_rows": [2,3,4,5,6,7]}]}'
    )
    assert load_profiles(good)["seas-7x7"].dice_square(1, 1) == Square(2, 2)
