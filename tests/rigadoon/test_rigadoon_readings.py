"""Sentences that allow two readings: each reading is a named option (see docs/rigadoon.md,
"Rulings and readings"), and the prompts that ask the table name what they are about."""

from __future__ import annotations

import pytest
from rigadoon_helpers import GAME, at, chests, choice, play, where

from companion.rigadoon import End, Game, RigadoonError, Sail, State, arrange, parse_ship
from companion.rigadoon.geometry import ORTHOGONAL

# Out of the way of rows 2 and 5 and of each other.
PARK = ("r1c9", "r9c9", "r9c1", "r4c1", "r6c1", "r9c6", "r7c1")
# b1 sails south down column 5; on the way, r4c5 is beside g1.
PASSING = {"b1": ("r2c5", 3), "g1": ("r4c6", 3)}


def test_by_default_only_the_square_a_sail_ends_on_starts_attacks():
    # Step 3 of the turn speaks of the ship that sails "and lands" beside others.
    s = at(PASSING, ["r1c2", "r9c8"], "s", park=PARK)
    assert Sail(parse_ship("b1"), (5, 5)) in s.legal_actions()
    s = play(s, "sail b1 r5c5")  # passes r4c5, beside g1, and ends clear of it
    assert where(s, "g1") == ("r4c6", 3)


def test_attack_in_passing_stops_a_sail_at_the_first_square_beside_a_ship():
    # The other reading of "the attacker cannot continue sailing after the attack".
    game = Game.create(["ann", "bob"], ["attack-in-passing"])
    s = at(PASSING, ["r1c2", "r9c8"], "s", game=game, park=PARK)
    b1 = parse_ship("b1")
    assert Sail(b1, (5, 5)) not in s.legal_actions()
    with pytest.raises(RigadoonError, match="beside g1 at r4c5: it must stop there"):
        play(s, "sail b1 r5c5")
    s = play(s, "sail b1 r4c5")
    assert where(s, "g1") == ("r4c8", 2)  # attacked from the west: two squares east


# b1 lands west of g1 on row 2; a chest at r2c6 cannot move on, g2 stands behind it.
BLOCKED = {"b1": ("r5c3", 3), "g1": ("r2c4", 3), "g2": ("r2c7", 3)}


def test_by_default_a_blast_into_a_chest_that_cannot_move_stops_on_it():
    s = at(BLOCKED, ["r2c6", "r1c2"], "n", park=PARK)
    s = play(s, "sail b1 r2c3")
    assert where(s, "g1") == ("r2c6", 2)  # on the chest's square: the chest sank
    assert choice(s) == ("island", ("skull", "palm", "anchor", "bell"))
    assert "the chest sunk at r2c6 needs an island" in s.prompt()


def test_chest_stops_blast_lets_the_blast_end_short_of_a_chest_that_cannot_move():
    # "Nothing happens ... that maneuver ends" read for blasts: the fleet on turn may
    # leave the chest where it is, the blasted ship stopping in front of it.
    game = Game.create(["ann", "bob"], ["chest-stops-blast"])
    s = at(BLOCKED, ["r2c6", "r1c2"], "n", game=game, park=PARK)
    s = play(s, "sail b1 r2c3")
    assert choice(s) == ("chest", ("bump", "sink"))
    # named from the square the table still has it on: the blast is told once decided
    assert "g1, blasted east from r2c4, meets the chest at r2c6" in s.prompt()
    assert "cannot move" in s.prompt()
    short = play(s, "choose bump")
    assert where(short, "g1") == ("r2c5", 2)
    assert chests(short) == {"r2c6", "r1c2"}
    sunk = play(s, "choose sink")
    assert where(sunk, "g1") == ("r2c6", 2) and "r2c6" not in chests(sunk)


def test_chest_stops_blast_with_the_chest_right_beside_makes_the_attack_backfire():
    # The blasted ship cannot move even one square: the attack backfires on b1.
    game = Game.create(["ann", "bob"], ["chest-stops-blast"])
    s = at(
        {"b1": ("r5c4", 3), "g1": ("r2c5", 3), "g2": ("r2c7", 3)},
        ["r2c6", "r1c2"],
        "n",
        game=game,
        park=PARK,
    )
    s = play(s, "sail b1 r2c4", "choose bump")
    assert where(s, "g1") == ("r2c5", 2)
    assert where(s, "b1") == ("r2c3", 2)  # one square west: the skull island has no chest


def test_a_ship_in_port_leaves_room_to_act_before_the_wind_change():
    # The wind may change at any point but never last: with a ship in port that can sail
    # after the change, the last ship at sea may act first; the fleet must then sail from port.
    s = at(
        {"b1": ("r2c2", 3), "b2": ("r5c5", 0), "b3": ("r7c5", 0), "b4": ("r3c5", 0)},
        ["r2c2", "r1c2", "r9c8"],
        "s",
    )
    s = play(s, "repair b2", "repair b3", "repair b4")  # b4 was the last ship at sea
    s = play(s, "change", "wind s")
    assert End() not in s.legal_actions()
    assert "cannot be your last action: sail b1" in s.prompt()
    with pytest.raises(RigadoonError, match="cannot be your last action"):
        play(s, "end")
    s = play(s, "sail b1 r4c2")
    assert s.fleet == 1  # nothing left to do: the turn passed


def test_without_a_ship_that_could_act_later_the_last_action_waits_for_the_wind():
    s = at(
        {"b2": ("r5c5", 0), "b3": ("r7c5", 0), "b4": ("r3c5", 0), "b1": ("r1c1", 0)},
        ["r1c2", "r9c8"],
        "s",
    )
    s = play(s, "repair b1", "repair b2", "repair b3")
    with pytest.raises(RigadoonError, match="change the wind first"):
        play(s, "repair b4")


def test_an_attack_is_offered_only_between_ships_still_side_by_side():
    # Ships attack what they land beside; once a waiting attack's ships have been blasted
    # apart it lapses, and the order question never names it. (A position where it did.)
    s = arrange(
        GAME,
        {
            "b1": ("r6c9", 3),
            "b2": ("r5c5", 0),
            "b3": ("r8c6", 1),
            "b4": ("r2c5", 1),
            "g1": ("r4c6", 3),
            "g2": ("r1c3", 1),
            "g3": ("r1c6", 0),
            "g4": ("r5c7", 2),
        },
        ["r9c5", "r2c8", "r6c3", "r6c5"],
        "e",
    )
    b = s.board
    todo, asked = [play(s, "sail b1 r5c8")], 0
    while todo:
        t = todo.pop()
        c = choice(t)
        if c is None:
            continue
        if c[0] == "order":
            asked += 1
            assert t.chain is not None
            for option in c[1]:
                x, y = (t.chain.ships[parse_ship(w)] for w in option.split())
                assert any(b.step(x, d) == y for d in ORTHOGONAL), option
        todo += [play(t, f"choose {o}") for o in c[1]]
    assert asked


def _claim_second_island(game: Game) -> State:
    # b1 holds the skull island's chest, leaves it, then b2 claims the palm island's.
    s = at(
        {"b1": ("r2c2", 3), "b2": ("r5c8", 3), "b3": ("r7c5", 0), "b4": ("r9c3", 0)},
        ["r2c2", "r2c8", "r9c8"],
        "n",
        game=game,
        park=PARK,
    )
    return play(s, "sail b1 r2c3", "repair b3", "repair b4", "change", "wind n", "sail b2 r2c8")


def test_by_default_the_two_chests_must_be_held_at_once():
    s = _claim_second_island(GAME)
    assert not s.is_terminal()  # b1 gave up the skull chest: blue holds one


def test_win_by_claims_counts_claims_on_two_islands_held_or_not():
    # The other reading of "claim two Treasure Chests on two different Islands".
    s = _claim_second_island(Game.create(["ann", "bob"], ["win-by-claims"]))
    assert s.is_terminal() and s.outcome is not None
    assert s.outcome.winner == s.seat_of_fleet(0)


def test_no_question_is_asked_when_every_answer_loses_the_game_to_an_endless_loop():
    # Whichever attack b1 makes first, the chain never ends: the fleet on turn loses, and
    # where the pieces stood when the loop was ruled makes no difference to anyone.
    s = at(
        {
            "b1": ("r5c7", 3),
            "g1": ("r4c5", 3),
            "g2": ("r6c5", 3),
            "b2": ("r2c4", 3),
            "b3": ("r2c6", 3),
            "g3": ("r8c4", 3),
            "g4": ("r8c6", 3),
        },
        ["r1c2", "r9c8"],
        "w",
    )
    s = play(s, "sail b1 r5c5")
    assert choice(s) is None and s.is_terminal()
    assert s.outcome is not None and "endless loop" in s.outcome.reason
    assert s.outcome.winner == s.seat_of_fleet(1)
