"""The rulebook's "Musts, cans & can-nots", the ones no other test already shows."""

from __future__ import annotations

from rigadoon_helpers import at, chests, play, where

from companion.rigadoon.actions import Sail
from companion.rigadoon.chain import parse_ship

PARK = ("r1c1", "r1c4", "r9c1", "r9c9", "r1c9", "r9c6", "r7c1")


def test_ships_on_opposite_edges_in_line_do_not_fight():
    s = at({"b1": ("r5c3", 3), "g1": ("r5c9", 3)}, ["r3c4", "r3c5"], "w", park=PARK)
    s = play(s, "sail b1 r5c1")
    assert where(s, "g1") == ("r5c9", 3) and where(s, "b1") == ("r5c1", 3)


def test_chests_in_a_row_are_bumped_together_but_never_across_the_edge():
    s = at({"b1": ("r5c2", 3)}, ["r5c4", "r5c5", "r2c6"], "e", park=PARK)
    b1 = parse_ship("b1")
    s2 = play(s, "sail b1 r5c4")  # pushes both chests one square east
    assert chests(s2) == {"r5c5", "r5c6", "r2c6"}
    s = at({"b1": ("r5c7", 3)}, ["r5c9", "r3c5"], "e", park=PARK)
    assert Sail(b1, (5, 9)) not in s.legal_actions()  # the chest would leave the board
    assert Sail(b1, (5, 9), "sink") in s.legal_actions()  # sinking it is still allowed
    assert all(a.to[1] <= 9 for a in s.sails(b1))  # and nobody sails off the edge


def test_a_chest_is_never_bumped_onto_an_island():
    s = at({"b1": ("r2c5", 3)}, ["r2c3", "r3c5"], "w", park=PARK)
    b1 = parse_ship("b1")
    assert Sail(b1, (2, 4)) in s.legal_actions()
    assert Sail(b1, (2, 3)) not in s.legal_actions()  # the skull island is behind it
    assert Sail(b1, (2, 3), "sink") in s.legal_actions()


def test_a_three_mast_ship_must_sail_and_cannot_repair():
    s = at({"b1": ("r5c5", 3)}, ["r3c4", "r3c5"], "n", park=PARK)
    b1 = parse_ship("b1")
    assert not any(
        getattr(a, "ship", None) == b1 and a.notation().startswith("repair")
        for a in s.legal_actions()
    )
    assert b1 in s.required()
