"""Sailing and blasting rules of the text that no worked example or "What if" shows on its
own: diagonal neighbours, islands sailed past, grounded and anchored ships blasted away,
chests pushed on a diagonal, a maelstrom whose exit is taken."""

from __future__ import annotations

from rigadoon_helpers import FAR_CHESTS, at, chests, in_port, play, where

from companion.rigadoon.chain import parse_ship
from companion.rigadoon.instructions import table_lines
from companion.rigadoon.state import Phase

SHALLOW_CHESTS = ["r4c4", "r4c6", "r6c4", "r6c6"]


def test_ships_diagonally_next_to_the_landing_square_are_never_attacked():
    s = at({"b1": ("r5c7", 3), "g1": ("r4c5", 3), "g2": ("r6c5", 3)}, SHALLOW_CHESTS, "w")
    s = play(s, "sail b1 r5c6")  # g1 is now north-west of b1, g2 south-west
    assert s.phase is Phase.TURN
    assert where(s, "b1") == ("r5c6", 3)
    assert where(s, "g1") == ("r4c5", 3) and where(s, "g2") == ("r6c5", 3)
    assert table_lines(s.board, s.events) == ["sail blue ship 1 from r5c7 one space west to r5c6"]


def test_an_island_with_a_chest_ends_the_sail_and_is_never_sailed_past():
    park = ("r1c9", "r9c9", "r9c1", "r9c6", "r4c9", "r6c9", "r7c1")
    s = at({"b1": ("r2c4", 3)}, ["r2c2", *FAR_CHESTS], "w", park=park)
    west = sorted(a.to for a in s.sails(parse_ship("b1")) if a.to[0] == 2 and a.to[1] < 4)
    assert west == [(2, 2), (2, 3)]  # the skull island, not the open water beyond it


def test_a_grounded_ship_is_blasted_off_its_chest_which_stays_for_anyone():
    s = at({"b1": ("r4c1", 3), "g1": ("r4c4", 2)}, ["r4c4", *FAR_CHESTS], "e")
    assert s.aground(parse_ship("g1"))
    s = play(s, "sail b1 r4c3")
    assert where(s, "g1") == ("r4c6", 1)  # two squares east, a mast lost
    assert chests(s) == {"r4c4", *FAR_CHESTS}  # the chest did not move
    assert not any(s.aground(i) for i in range(8))


def test_a_ship_in_port_that_is_attacked_is_blasted_off_and_its_chest_stays():
    park = ("r1c9", "r9c9", "r1c5", "r9c6", "r4c9", "r6c9", "r7c1", "r5c1")
    s = at({"b1": ("r3c5", 3), "g1": ("r2c2", 3)}, ["r2c2", "r9c8", "r4c4"], "w", park=park)
    assert in_port(s, "g1")
    s = play(s, "sail b1 r3c2")  # lands just south of the skull island
    assert where(s, "g1") == ("r9c2", 2)  # one square north, then across the edge
    assert "r2c2" in chests(s) and not in_port(s, "g1")  # the chest is free to claim


def test_chests_in_a_row_are_pushed_together_on_a_diagonal_the_front_one_first():
    park = ("r1c9", "r9c9", "r1c5", "r9c6", "r4c9", "r6c9", "r8c5")
    s = at({"b1": ("r7c2", 3)}, ["r6c3", "r5c4", *FAR_CHESTS], "ne", park=park)
    s = play(s, "sail b1 r6c3")
    assert where(s, "b1") == ("r6c3", 3)
    assert chests(s) == {"r5c4", "r4c5", *FAR_CHESTS}
    assert table_lines(s.board, s.events) == [
        "sail blue ship 1 from r7c2 one space northeast to r6c3",
        "push the chest from r5c4 one space northeast to r4c5",
        "push the chest from r6c3 one space northeast to r5c4",
    ]


def test_a_maelstrom_whose_exit_is_taken_stops_a_blast_like_an_island():
    # The skull maelstrom (r3c1) lets out at r9c5, where g2 stands.
    park = ("r1c9", "r9c9", "r1c4", "r1c1", "r7c5", "r4c9", "r6c9", "r7c1")
    beside = at({"b1": ("r3c5", 3), "g1": ("r3c2", 2), "g2": ("r9c5", 3)}, FAR_CHESTS, "w", park=park)
    beside = play(beside, "sail b1 r3c3")
    assert where(beside, "g1") == ("r3c2", 1)  # cannot be blasted at all: a backfire
    assert where(beside, "b1") == ("r3c5", 2)
    assert where(beside, "g2") == ("r9c5", 3)
    further = at({"b1": ("r3c6", 3), "g1": ("r3c3", 2), "g2": ("r9c5", 3)}, FAR_CHESTS, "w", park=park)
    further = play(further, "sail b1 r3c4")
    assert where(further, "g1") == ("r3c2", 1)  # one square, then the closed maelstrom
    assert where(further, "b1") == ("r3c4", 3)
