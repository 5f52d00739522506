"""Maelstroms: carried to the exit, the move ends; a ship on the exit blocks; a chest on
the exit sinks; the "Pro tip" way out of port; the quiet-maelstrom reading."""

from __future__ import annotations

from rigadoon_helpers import FAR_CHESTS, at, chests, choice, play, where

from companion.rigadoon.actions import Sail
from companion.rigadoon.chain import parse_ship
from companion.rigadoon.instructions import table_lines
from companion.rigadoon.state import Game

PARK = ("r1c9", "r1c4", "r1c1", "r4c9", "r6c9", "r7c1", "r9c9")
CHESTS = ["r2c2", "r1c2", "r5c5"]


def test_a_ship_in_port_leaves_through_the_maelstrom_beside_its_island():
    s = at({"b1": ("r2c2", 3), "g1": ("r9c6", 2)}, CHESTS, "n", park=PARK)
    assert Sail(parse_ship("b1"), (3, 1)) in s.legal_actions()
    s = play(s, "sail b1 r3c1")
    assert where(s, "b1") == ("r9c5", 3)  # out at the skull exit
    assert where(s, "g1") == ("r9c8", 1)  # and it attacks from there
    assert "r2c2" in chests(s)  # the chest it guarded is abandoned
    said = " ".join(table_lines(s.board, s.events))
    assert (
        "sail blue ship 1 from r2c2 one space southwest into the maelstrom at r3c1, out at its exit r9c5"
        in said
    )


def test_the_quiet_maelstrom_reading_makes_no_attack_on_arrival():
    game = Game.create(["ann", "bob"], ["quiet-maelstrom"])
    s = at({"b1": ("r2c2", 3), "g1": ("r9c6", 2)}, CHESTS, "n", game=game, park=PARK)
    s = play(s, "sail b1 r3c1")
    assert where(s, "b1") == ("r9c5", 3) and where(s, "g1") == ("r9c6", 2)


def test_a_ship_on_the_exit_closes_the_maelstrom():
    s = at({"b1": ("r2c2", 3), "g1": ("r9c5", 2)}, CHESTS, "n", park=PARK)
    assert Sail(parse_ship("b1"), (3, 1)) not in s.legal_actions()


def test_a_chest_on_the_exit_is_sunk_by_the_ship_coming_through():
    s = at({"b1": ("r2c2", 3)}, ["r2c2", "r9c5", "r5c5"], "n", park=PARK)
    s = play(s, "sail b1 r3c1")
    assert choice(s) == ("island", ("palm", "anchor", "bell"))
    s = play(s, "choose bell")
    assert where(s, "b1") == ("r9c5", 3) and chests(s) == {"r2c2", "r8c3", "r5c5"}


def test_a_ship_blasted_into_a_maelstrom_comes_out_at_its_exit():
    # g1 just east of the skull maelstrom's square (r3c1); b1 attacks it from the east.
    s = at({"b1": ("r3c5", 3), "g1": ("r3c2", 2)}, FAR_CHESTS, "w", park=PARK)
    s = play(s, "sail b1 r3c3")
    assert where(s, "g1") == ("r9c5", 1)
