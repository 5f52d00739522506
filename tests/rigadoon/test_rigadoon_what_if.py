"""The rulebook's "What if" answers, the backfire of three ships in a row, the Rigadoon
bonus and the endless loop, each on a position of our own on the default board."""

from __future__ import annotations

from rigadoon_helpers import FAR_CHESTS, at, chests, choice, play, touching, where

from companion.rigadoon.actions import Repair, Sail
from companion.rigadoon.chain import parse_ship
from companion.rigadoon.state import Phase
from companion.rigadoon.view import view_json

FAR = ["r4c4", "r4c6", "r6c4", "r6c6"]  # chests out of the way, all in the Shallows


def test_own_ship_sailing_between_two_ships_attacks_both():
    s = at({"b1": ("r5c1", 2), "b2": ("r4c3", 3), "g1": ("r6c3", 3)}, FAR, "e")
    s = play(s, "sail b1 r5c3")  # into the gap between its own ship and a green one
    assert where(s, "b2") == ("r2c3", 2)  # north, two squares
    assert where(s, "g1") == ("r7c3", 2)  # south, one square: the bell island is next
    assert where(s, "b1") == ("r5c3", 2) and s.phase is Phase.TURN
    assert not touching(s)


def test_two_blasted_ships_each_landing_beside_two_more_make_four_attacks():
    # b1 sails in between g1 (west) and g2 (east); each lands between two more ships.
    s = at(
        {
            "b1": ("r3c5", 3),
            "g1": ("r5c4", 3),
            "g2": ("r5c6", 3),
            "b2": ("r4c2", 3),
            "b3": ("r6c2", 3),
            "g3": ("r4c8", 3),
            "g4": ("r6c8", 3),
        },
        FAR_CHESTS,
        "s",
    )
    s = play(s, "sail b1 r5c5")
    assert choice(s) is None  # no order of the six attacks changes the result
    assert where(s, "g1") == ("r5c2", 2) and where(s, "g2") == ("r5c8", 2)
    assert where(s, "b2") == ("r3c2", 2)  # one square north, then the skull island
    assert where(s, "b3") == ("r8c2", 2)
    assert where(s, "g3") == ("r3c8", 2) and where(s, "g4") == ("r7c8", 2)
    assert not touching(s)


def test_the_order_of_attacks_is_asked_when_it_changes_the_result():
    # b1 lands between g2 (west, the skull island behind it) and g3 (south). Firing on g2
    # first backfires and blasts b1 away before it can fire on g3; firing on g3 first
    # hits both. (An order whose every outcome is a lost game is not asked: see
    # test_rigadoon_readings.)
    park = ("r1c9", "r9c9", "r1c1", "r9c1")
    s = at(
        {"b1": ("r1c5", 2), "g1": ("r7c6", 1), "g2": ("r2c3", 2), "g3": ("r3c4", 3)},
        FAR_CHESTS,
        "w",
        park=park,
    )
    s = play(s, "sail b1 r2c4")
    assert choice(s) == ("order", ("b1 g3", "b1 g2"))
    both = play(s, "choose b1 g3")
    assert where(both, "g3") == ("r5c4", 2) and where(both, "g2") == ("r2c3", 1)
    assert where(both, "b1") == ("r2c6", 1)
    backfire_first = play(s, "choose b1 g2")
    assert where(backfire_first, "g3") == ("r3c4", 3)  # b1 was blasted away first
    assert where(backfire_first, "b1") == ("r2c6", 1)


def test_a_mastless_ship_is_still_blasted_two_squares_and_loses_nothing_more():
    s = at({"b1": ("r5c7", 3), "g1": ("r5c5", 0)}, FAR, "w")
    s = play(s, "sail b1 r5c6")
    assert where(s, "g1") == ("r5c3", 0)


def test_a_mastless_ship_blasted_beside_another_still_fires_its_cannons():
    s = at({"b1": ("r5c7", 3), "g1": ("r5c5", 0), "g2": ("r4c3", 3)}, FAR, "w")
    s = play(s, "sail b1 r5c6")  # g1 lands at r5c3, just south of g2
    assert where(s, "g1") == ("r5c3", 0)
    assert where(s, "g2") == ("r2c3", 2)  # blasted north by the mastless ship


def test_an_own_ship_that_was_attacked_still_takes_its_turn():
    s = at({"b1": ("r5c7", 3), "b2": ("r5c5", 3)}, FAR, "w")
    s = play(s, "sail b1 r5c6")
    assert where(s, "b2") == ("r5c3", 2)
    b2 = parse_ship("b2")
    assert any(isinstance(a, Sail) and a.ship == b2 for a in s.legal_actions())
    assert Repair(b2) in s.legal_actions()
    assert "b2" in s.prompt()


def test_the_instigating_fleet_picks_the_island_for_a_chest_an_enemy_sinks():
    s = at({"b1": ("r2c7", 3), "g1": ("r2c5", 2)}, ["r2c4", "r6c6"], "w")
    s = play(s, "sail b1 r2c6")
    assert choice(s) == ("chest", ("bump", "sink")) and s.current_player == s.seat_of_fleet(0)
    s = play(s, "choose sink")
    assert choice(s) is not None and choice(s)[0] == "island"  # type: ignore[index]
    assert s.current_player == s.seat_of_fleet(0)
    s = play(s, "choose bell")
    assert "r8c3" in chests(s) and where(s, "g1") == ("r2c4", 1)


def test_backfire_against_an_island():
    # g1 sits just south of the skull island; b1 attacks it from the south.
    s = at({"b1": ("r4c4", 3), "g1": ("r3c2", 3)}, FAR, "w")
    s = play(s, "sail b1 r4c2")  # lands just south of g1
    assert where(s, "g1") == ("r3c2", 2)  # cannot move: still loses a mast
    assert where(s, "b1") == ("r6c2", 2)  # fired back on: two squares south
    assert "the attack backfires" in " ".join(view_json(s)["instructions"])


def test_backfire_when_a_ship_blocks_the_far_edge():
    # g1 on the west edge; a blue ship holds the square across the board.
    park = ("r1c9", "r9c9", "r1c4", "r9c6", "r3c7", "r8c5")
    s = at({"b1": ("r5c4", 3), "g1": ("r5c1", 3), "b2": ("r5c9", 3)}, FAR, "w", park=park)
    s = play(s, "sail b1 r5c2")
    assert where(s, "g1") == ("r5c1", 2)
    assert where(s, "b1") == ("r5c4", 2)
    assert where(s, "b2") == ("r5c9", 3)


def test_blasting_across_the_edge_lands_on_the_far_side_when_it_is_free():
    s = at({"b1": ("r5c4", 3), "g1": ("r5c1", 3)}, FAR, "w")
    s = play(s, "sail b1 r5c2")
    assert where(s, "g1") == ("r5c8", 2)  # across, then one more square west


def test_a_chest_cannot_be_bumped_into_a_ship():
    park = ("r1c9", "r9c9", "r1c4", "r9c6", "r1c1", "r6c9")
    s = at({"b1": ("r4c5", 3), "g1": ("r4c8", 3)}, ["r4c7", "r1c2"], "e", park=park)
    b1 = parse_ship("b1")
    legal = s.legal_actions()
    assert Sail(b1, (4, 7)) not in legal  # the chest would be pushed under g1
    assert Sail(b1, (4, 7), "aground") in legal  # running aground on it is still allowed
    assert "cannot be bumped" in _refusal(s, "sail b1 r4c7")


def test_three_in_a_row_against_an_island_backfires_the_same_whichever_attack_comes_first():
    # skull island at r2c2; g1 just south of it, b1 sails in between g1 and g2.
    park = ("r1c9", "r9c9", "r1c5", "r9c6", "r4c9", "r6c9")
    s = at({"b1": ("r4c4", 3), "g1": ("r3c2", 3), "g2": ("r5c2", 3)}, FAR, "w", park=park)
    s = play(s, "sail b1 r4c2")
    assert s.phase is Phase.TURN  # the order changes nothing: not asked
    assert where(s, "g2") == ("r9c2", 1)  # four squares away, two masts lost
    assert where(s, "b1") == ("r6c2", 2)  # two squares away from g1, one mast lost
    assert where(s, "g1") == ("r3c2", 2)  # did not move, one mast lost


def test_an_endless_loop_of_attacks_loses_the_game_for_the_fleet_on_turn():
    # Between the bell and anchor islands (row 8) two ships sit against each island.
    park = ("r1c9", "r1c1", "r1c5", "r3c5", "r4c9", "r4c1")
    s = at({"g1": ("r8c4", 3), "g2": ("r8c7", 3), "b1": ("r6c5", 3)}, FAR, "s", park=park)
    s = play(s, "sail b1 r8c5")
    assert s.is_terminal()
    assert s.outcome is not None and s.outcome.winner == s.seat_of_fleet(1)
    assert "endless loop" in s.outcome.reason


def test_the_table_can_see_which_ships_have_acted():
    s = at({"b1": ("r5c7", 3)}, FAR, "w")
    s = play(s, "sail b1 r5c6")
    acted = {x["ship"]: x["acted"] for x in view_json(s)["ships"]}
    assert acted["b1"] and not acted["b2"]


def test_aground_ship_blasted_towards_a_second_chest_bump_or_aground_is_the_instigators_choice():
    # g1 is aground at r5c4; b1 attacks it from the west; a chest lies at r5c5.
    s = at({"b1": ("r5c1", 3), "g1": ("r5c4", 1)}, ["r5c4", "r5c5", "r1c2"], "e")
    assert s.aground(parse_ship("g1"))
    s = play(s, "sail b1 r5c3")
    assert choice(s) == ("chest", ("bump", "aground"))
    run_aground = play(s, "choose aground")
    assert where(run_aground, "g1") == ("r5c5", 0)
    assert chests(run_aground) == {"r5c4", "r5c5", "r1c2"}
    bumped = play(s, "choose bump")
    # The chest goes on to r5c6, where the blast meets it again: asked a second time.
    assert where(bumped, "g1") == ("r5c5", 0) and choice(bumped) == ("chest", ("bump", "aground"))
    pushed_on = play(bumped, "choose bump")
    assert where(pushed_on, "g1") == ("r5c6", 0)
    assert chests(pushed_on) == {"r5c4", "r5c7", "r1c2"}
    aground_there = play(bumped, "choose aground")
    assert where(aground_there, "g1") == ("r5c6", 0)
    assert chests(aground_there) == {"r5c4", "r5c6", "r1c2"}


def test_rigadoon_one_chain_hits_all_four_enemy_ships():
    s = at(
        {
            "b1": ("r5c3", 2),
            "g1": ("r4c5", 3),
            "g2": ("r6c5", 3),
            "g3": ("r2c6", 3),
            "g4": ("r8c6", 3),
        },
        FAR_CHESTS,
        "e",
    )
    s = play(s, "sail b1 r5c5")
    while choice(s) is not None:
        s = play(s, f"choose {choice(s)[1][0]}")  # type: ignore[index]
    assert where(s, "b1") == ("r5c5", 3)  # all masts back
    assert s.bonus & (1 << parse_ship("b1"))
    assert any(isinstance(a, Sail) and a.ship == parse_ship("b1") for a in s.legal_actions())
    assert "Rigadoon" in s.prompt()


def _refusal(s, text: str) -> str:
    from companion.rigadoon.actions import parse_action
    from companion.rigadoon.geometry import RigadoonError

    try:
        s.apply(parse_action(text))
    except RigadoonError as exc:
        return str(exc)
    return ""


def test_running_aground_and_dislodging_need_all_three_masts():
    park = ("r1c9", "r9c9", "r1c4", "r1c1", "r9c1", "r2c6", "r3c8")
    s = at({"b1": ("r5c2", 3), "b2": ("r7c2", 2)}, ["r5c4", "r7c4", *FAR_CHESTS], "e", park=park)
    b1, b2 = parse_ship("b1"), parse_ship("b2")
    assert Sail(b1, (5, 4), "aground") in s.legal_actions()
    assert Sail(b2, (7, 4), "aground") not in s.legal_actions()  # only 2 masts
    assert "only a ship with all 3 masts" in _refusal(s, "sail b2 r7c4 aground")
    s = play(s, "sail b1 r5c4 aground")
    assert s.aground(b1) and where(s, "b1") == ("r5c4", 3)
    assert s.grounded & (1 << b1) and s.sails(b1) == []  # not off again this turn
    # A later turn: with all 3 masts it sails off and the chest stays; with 2 it cannot.
    later = at({"b1": ("r5c4", 3)}, ["r5c4", *FAR_CHESTS], "e", park=park)
    assert later.sails(b1)
    later = play(later, "sail b1 r5c6")
    assert "r5c4" in chests(later) and where(later, "b1") == ("r5c6", 3)
    stuck = at({"b1": ("r5c4", 2)}, ["r5c4", *FAR_CHESTS], "e", park=park)
    assert stuck.sails(b1) == [] and Repair(b1) in stuck.legal_actions()
    assert "aground with fewer than 3 masts" in _refusal(stuck, "sail b1 r5c5")
