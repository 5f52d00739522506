"""The rulebook's worked examples, rebuilt on the default board (see docs/rigadoon.md).

The pictures are lost, so each position is our own; what the text says happens is what
these tests check.
"""

from __future__ import annotations

from rigadoon_helpers import at, chests, choice, in_port, play, touching, where

from companion.rigadoon.actions import Change, End, NewWind, Repair, Sail
from companion.rigadoon.chain import parse_ship
from companion.rigadoon.examples import basic_attack, claiming_a_chest, thousand_words
from companion.rigadoon.geometry import Direction
from companion.rigadoon.instructions import table_lines
from companion.rigadoon.state import Phase


def test_basic_sailing_yellow_circles_need_three_masts_and_islands_need_a_chest():
    # A north wind; a green ship near the south edge, two squares east of an island.
    s = at({"g1": ("r8c5", 3)}, ["r4c4"], "n", on_turn="green")
    targets = {(a.to, a.stop) for a in s.sails(parse_ship("g1"))}
    assert ((9, 5), "") in targets  # the yellow circle to the south
    assert ((8, 4), "") in targets
    assert ((8, 3), "") not in targets  # the island two squares west has no chest
    assert all(to[0] <= 9 for to, _ in targets)  # nothing off the southern edge
    two = at({"g1": ("r8c5", 2)}, ["r4c4"], "n", on_turn="green")
    assert ((9, 5), "") not in {(a.to, a.stop) for a in two.sails(parse_ship("g1"))}


def test_basic_chest_bumping_bump_twice_sink_on_the_third_then_blast_own_ship_onto_a_chest():
    s = at(
        {"g1": ("r3c5", 1), "g2": ("r4c8", 0)},
        ["r3c6", "r6c8"],
        "e",
        on_turn="green",
    )
    legal = s.legal_actions()
    assert Sail(parse_ship("g1"), (3, 6)) in legal  # one bump: the chest leaves the Shallows
    assert Sail(parse_ship("g1"), (3, 8), "sink") in legal  # two bumps, sink on the third
    s = play(s, "sail g1 r3c8 sink")
    assert choice(s) == ("island", ("skull", "palm", "anchor", "bell"))
    s = play(s, "choose skull")
    # g1 lands beside its own zero-mast ship and blasts it two squares south onto a chest.
    assert choice(s) == ("chest", ("bump", "sink"))
    s = play(s, "choose sink", "choose palm")
    assert where(s, "g1") == ("r3c8", 1)
    assert where(s, "g2") == ("r6c8", 0)
    assert chests(s) == {"r2c2", "r2c8"}


def test_basic_attack_blasts_two_ships_one_of_them_across_the_edge():
    s = basic_attack()
    assert not touching(s)
    s = play(s, "sail b1 r7c6")  # two squares southwest
    assert s.phase is Phase.TURN  # the order of the two attacks changes nothing: not asked
    assert where(s, "b1") == ("r7c6", 3)
    assert where(s, "g1") == ("r7c3", 0)  # two squares west, its last mast gone
    assert where(s, "b2") == ("r1c6", 0)  # one square south, then across to the top
    said = table_lines(s.board, s.events)
    assert said[0] == "sail blue ship 1 from r5c8 two spaces southwest to r7c6"
    assert "blast green ship 1 from r7c5 two spaces west to r7c3; remove one of its masts" in said
    assert "blast blue ship 2 from r8c6 two spaces south, across the edge, to r1c6" in said


def test_claiming_a_chest_by_being_blasted_onto_it_then_sailing_again():
    s = claiming_a_chest()
    assert not touching(s)
    g1, g2 = parse_ship("g1"), parse_ship("g2")
    assert s.sails(g2) == []  # no mast: it cannot sail
    assert all(a.to != (8, 8) for a in s.sails(g1))  # g2 is in g1's way
    s = play(s, "sail g1 r5c8")
    assert where(s, "g2") == ("r8c8", 3) and in_port(s, "g2")  # masts restored on claiming
    assert (
        "green ship 2 weighs anchor on the anchor island at r8c8 and claims its chest; give it back three masts"
        in table_lines(s.board, s.events)
    )
    assert Sail(g2, (7, 8)) in s.legal_actions()  # it was blasted, it has not sailed
    s = play(s, "sail g2 r7c8")
    assert where(s, "b1") == ("r7c5", 0)  # the lone blue ship loses its last mast
    assert "r8c8" in chests(s) and not in_port(s, "g2")  # the chest is abandoned


def test_a_thousand_words_steps_one_to_three():
    s = thousand_words()
    assert not touching(s)
    assert Sail(parse_ship("b1"), (6, 6)) in s.legal_actions()  # three squares southeast
    s = play(s, "sail b1 r6c6")
    # Steps 1-2: both attacks, in either order, end the same way: the companion goes on.
    assert where(s, "g1") == ("r6c3", 1)
    assert where(s, "b4") == ("r9c6", 0)
    # Step 3: g1 now fires on b2 and g2; g2 goes across the edge onto a chest in open water.
    assert where(s, "b2") == ("r3c3", 2)
    assert choice(s) == ("chest", ("bump", "sink"))
    assert s.current_player == s.seat_of_fleet(0)  # blue decides, though green sinks it
    assert "g2, blasted west from r6c2, across the edge, meets the chest at r6c9" in s.prompt()
    told = table_lines(s.board, s.events)
    assert told[0] == "sail blue ship 1 from r3c3 three spaces southeast to r6c6"
    s = play(s, "choose sink")
    assert choice(s) == ("island", ("skull", "palm", "bell"))
    # After a choice the table hears only what followed it.
    assert table_lines(s.board, s.events) == [
        "blast green ship 2 from r6c2 two spaces west, across the edge, to r6c9; remove one of its masts",
        "the chest at r6c9 sinks: lift it off the board",
    ]
    s = play(s, "choose palm")
    assert table_lines(s.board, s.events) == [
        "put the chest that sank at r6c9 on the palm island at r2c8"
    ]
    assert where(s, "g2") == ("r6c9", 1)
    assert chests(s) == {"r8c8", "r2c8", "r4c2", "r1c8"}
    assert s.phase is Phase.TURN and not touching(s)


def test_a_thousand_words_steps_four_and_five():
    s = play(thousand_words(), "sail b1 r6c6", "choose sink", "choose palm")
    b2, b3, b4 = parse_ship("b2"), parse_ship("b3"), parse_ship("b4")
    assert Sail(b2, (4, 2), "sink") in s.legal_actions()  # it could sink the chest at once
    s = play(s, "sail b2 r5c1 sink")  # step 4: bump one square, sink on the second
    assert choice(s) == ("island", ("skull", "bell"))
    s = play(s, "choose skull")
    assert where(s, "b2") == ("r5c1", 2) and "r2c2" in chests(s)
    # Step 5: one square northeast claims the chest; the card's further squares are off
    # the board, and the island stops the sail anyway.
    assert [a.to for a in s.sails(b3) if a.to[0] < 3 and a.to[1] > 7] == [(2, 8)]
    assert Repair(b4) in s.legal_actions()  # b3 still has to act: this would not be last
    s = play(s, "sail b3 r2c8")
    assert in_port(s, "b3")
    assert Repair(b4) not in s.legal_actions()  # now it would be: the wind must change first
    s = s.apply(Change()).apply(NewWind(Direction.N))
    s = s.apply(Repair(b4))
    assert where(s, "b4") == ("r9c6", 1)
    # Every blue ship has acted and the wind was not last: the turn passes by itself.
    assert s.fleet == 1 and s.turn == 2 and End() not in s.legal_actions()


def test_taking_back_a_whole_chain_names_each_piece_to_put_back_in_a_safe_order():
    from companion.rigadoon.putting_back import put_back

    s = thousand_words()
    done = play(s, "sail b1 r6c6", "choose sink", "choose palm")
    lines = put_back(s.board, done, s)
    # b2 stands on b1's old square: it goes back first; the chest that sank returns last.
    assert lines == [
        "lift the chest off r2c8",
        "move blue ship 2 back from r3c3 to r5c3; give it back one mast",
        "move blue ship 1 back from r6c6 to r3c3",
        "move blue ship 4 back from r9c6 to r7c6",
        "move green ship 1 back from r6c3 to r6c5; give it back one mast",
        "move green ship 2 back from r6c9 to r6c2; give it back one mast",
        "put a chest back on r6c9",
    ]
    assert put_back(s.board, s, s) == []
