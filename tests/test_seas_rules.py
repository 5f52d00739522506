"""Tsuro of the Seas (rulebook 000, with 001's differences as named options)."""

from dataclasses import replace
from fractions import Fraction

import pytest
from builders import build, square_of

from companion.core.board import Side, Square
from companion.tsuro.actions import Bonus, Die, DrawDaikaiju, Facing, Place, Relocate, Roll, Start
from companion.tsuro.daikaiju import load_deck
from companion.tsuro.describe import instructions
from companion.tsuro.game import PATTERN_INDEX, Game
from companion.tsuro.piles import UNKNOWN, Pile
from companion.tsuro.state import CHANCE, IllegalAction, Phase, new_state
from companion.tsuro.tiles import PATTERNS, Tile

DECK = load_deck()
STRAIGHTISH = "52167034"  # 0-5, 1-2, 3-6, 4-7
UTURN = "10325476"


def face(card: str, action: str) -> int:
    """The die face that makes ``card`` do ``action`` (read from the deck data)."""
    return DECK.card(card).faces.index(action) + 1


def seas(**kw):
    return build("tsuro-of-the-seas", kw.pop("players", ("red", "blue")), **kw)


# ---- setup -------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "count"), [(2, 6), (4, 6), (5, 5), (6, 5), (7, 4), (8, 4)])
def test_daikaiju_at_setup_depend_on_the_number_of_players(players, count):
    assert Game.create("tsuro-of-the-seas", [f"p{i}" for i in range(players)]).daikaiju_at_setup == count


def test_setup_places_daikaiju_by_gold_and_blue_and_rerolls_an_occupied_square():
    s = new_state(Game.create("tsuro-of-the-seas", ["red", "blue"]))
    while s.phase is Phase.DEAL:
        s = s.apply(s.chance_outcomes()[0][0])
    assert s.phase is Phase.DAIKAIJU_ROLL and s.to_place == 6
    s = s.apply(Roll(2, 5))
    assert s.phase is Phase.DAIKAIJU_DRAW and s.grid.square(s.target) == Square(5, 2)
    assert sum(p for _, p in s.chance_outcomes()) == 1 and len(s.chance_outcomes()) == 10
    s = s.apply(DrawDaikaiju("3B")).apply(Facing(Side.EAST))
    assert [(d.card, s.grid.square(d.square).name(), d.facing) for d in s.daikaiju] == [("3B", "r5c2", 1)]
    again = s.apply(Roll(2, 5))
    assert again.phase is Phase.DAIKAIJU_ROLL and any(e.kind == "reroll" for e in again.events)
    with pytest.raises(IllegalAction, match="not in the face-down deck"):
        again.apply(Roll(1, 1)).apply(DrawDaikaiju("3B"))


def test_no_daikaiju_option_goes_straight_to_start_marks_and_placement():
    s = new_state(Game.create("tsuro-of-the-seas", ["red", "blue"], ["no-daikaiju"]))
    while s.phase is Phase.DEAL:
        s = s.apply(s.chance_outcomes()[0][0])
    assert s.phase is Phase.START
    marks = s.game.board.start_marks
    s = s.apply(Start(marks[0])).apply(Start(marks[4]))
    assert s.phase is Phase.PLACE and s.turn == 1 and s.active == 0


# ---- the daikaiju phase ------------------------------------------------------------------


def test_only_six_seven_or_eight_wakes_the_daikaiju():
    s = seas(ships={"red": "r3c3:0", "blue": "r6c6:4"}, daikaiju=[("1G", "r5c5", "north")],
             phase=Phase.TURN_ROLL, hands={"red": [STRAIGHTISH]})
    for g, b in [(1, 1), (1, 4), (4, 5), (6, 6), (3, 6)]:
        assert s.apply(Roll(g, b)).phase is Phase.PLACE
    for g, b in [(1, 5), (3, 4), (2, 6), (4, 4)]:
        assert s.apply(Roll(g, b)).phase is Phase.DAIKAIJU_DIE
    total = sum(p for a, p in s.chance_outcomes() if a.total in (6, 7, 8))
    assert total == Fraction(16, 36)


def test_each_face_moves_or_turns_relative_to_the_facing():
    s = seas(ships={"red": "r1c3:0", "blue": "r7c5:4"}, daikaiju=[("1G", "r4c4", "east")],
             phase=Phase.DAIKAIJU_DIE, hands={"red": [STRAIGHTISH]})
    expected = {"forward": "r4c5", "right": "r5c4", "back": "r4c3", "left": "r3c4"}
    for action, square in expected.items():
        after = s.apply(Die(face("1G", action)))
        assert s.grid.square(after.daikaiju[0].square).name() == square, action
    turned = s.apply(Die(face("1G", "rotate")))
    assert turned.daikaiju[0].facing == Side.SOUTH and turned.daikaiju[0].square == s.daikaiju[0].square


def test_six_on_the_single_die_brings_a_new_daikaiju_instead():
    s = seas(ships={"red": "r1c3:0", "blue": "r7c5:4"}, daikaiju=[("1G", "r4c4", "east")],
             phase=Phase.DAIKAIJU_DIE, hands={"red": [STRAIGHTISH]})
    after = s.apply(Die(6))
    assert after.phase is Phase.DAIKAIJU_ROLL and after.to_place == 1
    assert after.daikaiju == s.daikaiju


def test_a_daikaiju_moving_onto_a_wake_tile_removes_it_and_the_ships_on_it():
    # blue stands on the tile at r3c4 (facing r3c5 through r3c4's east side)
    s = seas(
        players=("red", "blue", "green"),
        ships={"red": "r1c3:0", "blue": "r3c5:7", "green": "r7c5:4"},
        board={"r3c4": STRAIGHTISH},
        daikaiju=[("1G", "r4c4", "north")],
        phase=Phase.DAIKAIJU_DIE,
        hands={"red": [UTURN], "blue": ["72143650"]},
    )
    bottom_before = s.pile.bottom
    after = s.apply(Die(face("1G", "forward")))
    assert after.grid.square(after.daikaiju[0].square).name() == "r3c4"
    assert after.board[after.grid.index(Square(3, 4))] == -1
    assert after.pile.bottom[: len(bottom_before)] == bottom_before
    assert after.pile.bottom[-2:] in [(PATTERN_INDEX[Tile.parse(STRAIGHTISH).pattern()], PATTERN_INDEX[Tile.parse("72143650").pattern()])]
    assert after.ships[1] == -1 and after.losses[-1][2] == "daikaiju"
    text = " ".join(instructions(after))
    assert "Move the daikaiju 1G at r4c4 one square north to r3c4." in text
    assert "Remove the wake tile at r3c4" in text and "blue ship was destroyed" in text


def test_moving_onto_another_daikaiju_destroys_it_and_order_is_rotation_then_gold():
    s = seas(ships={"red": "r1c3:0", "blue": "r7c5:4"},
             daikaiju=[("2G", "r3c4", "north"), ("1B", "r4c4", "north"), ("1G", "r6c6", "north")],
             phase=Phase.DAIKAIJU_DIE, hands={"red": [STRAIGHTISH]})
    order = [c.id for c in DECK.movement_order(d.card for d in s.daikaiju)]
    assert order == ["1G", "1B", "2G"]
    f = face("1B", "forward")
    after = s.apply(Die(f))
    cards = {d.card for d in after.daikaiju}
    # 1B moves before 2G: it lands on 2G's square and 2G is destroyed, out of play
    assert "2G" not in cards and "2G" in after.dk_out
    kinds = [e.kind for e in after.events]
    assert "daikaiju-destroyed" in kinds


def test_leaving_the_board_is_out_of_play_or_under_the_deck_by_option():
    args = dict(ships={"red": "r1c3:0", "blue": "r7c5:4"}, daikaiju=[("1G", "r1c1", "north")],
                phase=Phase.DAIKAIJU_DIE, hands={"red": [STRAIGHTISH]})
    official = seas(**args).apply(Die(face("1G", "forward")))
    assert official.daikaiju == () and official.dk_out == ("1G",)
    tucked = seas(options=["reference-tuck-daikaiju"], **args).apply(Die(face("1G", "forward")))
    assert tucked.dk_out == () and tucked.dk_bottom == ("1G",)


def test_a_daikaiju_next_to_the_active_ship_destroys_it_but_not_the_ship_beside_it():
    # red (active) and blue stand side by side on r2c4's bottom side, both facing r3c4
    s = seas(
        players=("red", "blue", "green"),
        ships={"red": "r3c4:0", "blue": "r3c4:1", "green": "r7c5:4"},
        board={"r2c4": "54761032"},
        daikaiju=[("1G", "r4c4", "north"), ("5G", "r6c2", "north"), ("5B", "r6c6", "north")],
        phase=Phase.DAIKAIJU_DIE,
        hands={"red": [STRAIGHTISH], "blue": ["72143650"]},
    )
    after = s.apply(Die(face("1G", "forward")))
    assert after.ships[0] == -1 and after.losses[-1] == (0, s.turn, "daikaiju")
    assert after.ships[1] >= 0
    assert after.active == 1 and after.phase is Phase.TURN_ROLL  # blue's turn begins


def test_fewer_than_three_daikaiju_the_next_player_places_instead_of_rolling():
    s = seas(ships={"red": "r1c3:0", "blue": "r7c5:4"}, daikaiju=[("1G", "r4c4", "north"), ("2G", "r5c5", "east")],
             hands={"red": [STRAIGHTISH], "blue": ["72143650"]})
    after = s.apply(Place(Square(1, 3), Tile.parse(STRAIGHTISH)))
    while after.phase is Phase.DRAW:
        after = after.apply(after.chance_outcomes()[0][0])
    assert after.active == 1 and after.phase is Phase.DAIKAIJU_ROLL and after.to_place == 1
    after = after.apply(Roll(1, 1)).apply(DrawDaikaiju("3G")).apply(Facing(Side.NORTH))
    assert after.phase is Phase.PLACE and len(after.daikaiju) == 3  # no movement roll this turn


def test_a_blocked_first_move_relocates_to_another_mark_on_the_same_edge():
    s = seas(ships={"red": "r1c3:0", "blue": "r7c5:4"}, daikaiju=[("1G", "r2c3", "north")],
             phase=Phase.DAIKAIJU_DIE, hands={"red": [STRAIGHTISH]})
    after = s.apply(Die(face("1G", "forward")))
    assert after.phase is Phase.RELOCATE and after.current_player == 0
    assert after.legal_actions() == [Relocate(s.game.board.start_marks[1])]  # r1c5:1
    with pytest.raises(IllegalAction):
        after.apply(Relocate(s.game.board.start_marks[2]))
    moved = after.apply(Relocate(s.game.board.start_marks[1]))
    assert moved.phase is Phase.PLACE and square_of(moved, moved.ships[0]) == "r1c5:1"


def test_no_free_mark_on_that_edge_loses_the_ship():
    s = seas(ships={"red": "r1c3:0", "blue": "r1c5:1"}, daikaiju=[("1G", "r2c3", "north")],
             phase=Phase.DAIKAIJU_DIE, hands={"red": [STRAIGHTISH]}, players=("red", "blue"))
    after = s.apply(Die(face("1G", "forward")))
    assert after.is_terminal() and after.outcome.winners == (1,)


# ---- placing -----------------------------------------------------------------------------


def test_connecting_to_a_daikaiju_is_banned_unless_nothing_else_is_possible():
    s = seas(ships={"red": "r3c4:0", "blue": "r7c5:4"}, board={"r2c4": "54761032"},
             daikaiju=[("1G", "r4c4", "north")], hands={"red": [STRAIGHTISH]})
    down = Place(Square(3, 4), Tile.parse(STRAIGHTISH))
    assert s.movement(down).lost == ((0, "daikaiju"),)
    assert down not in s.legal_actions() and s.legal_actions()


def test_an_endless_loop_is_a_self_elimination():
    # a ring of tiles through r3c4, r4c4 and r4c3 leads back into the hole at r3c3
    s = seas(ships={"red": "r3c3:2", "blue": "r7c5:4"},
             board={"r3c4": "10326745", "r4c4": "72143650", "r4c3": "32107654"},
             hands={"red": ["10452376"]})
    move = s.movement(Place(Square(3, 3), Tile.parse("10452376")))
    assert move.lost == ((0, "loop"),)


def test_a_ship_lost_by_its_own_placement_sends_the_hand_under_the_pile():
    s = seas(players=("red", "blue", "green"),
             ships={"red": "r1c1:0", "blue": "r7c5:4", "green": "r4c7:3"},
             hands={"red": [UTURN, UTURN]})
    after = s.apply(Place(Square(1, 1), Tile.parse(UTURN)))
    assert after.ships[0] == -1 and after.pool == ()
    said = instructions(after)
    # no bonus for losing one's own ship
    assert "Put red's 1 tile under the draw pile." in said, said


def test_a_lost_hand_of_known_tiles_goes_under_the_pile_in_an_unknown_order():
    from companion.tsuro.losses import lose as _lose

    s = seas(players=("red", "blue", "green"),
             ships={"red": "r1c1:0", "blue": "r7c5:4", "green": "r4c7:3"},
             hands={"red": [STRAIGHTISH, "10452376"]})
    after = _lose(s, [(0, "edge")])
    known = {PATTERN_INDEX[Tile.parse(t).pattern()] for t in (STRAIGHTISH, "10452376")}
    # the players stack them as they like: the companion knows which tiles, not their order,
    # so a later draw of either from the bottom is possible
    assert after.pile.bottom[-2:] == (UNKNOWN, UNKNOWN)
    assert known <= set(after.pile.unseen)


def test_two_ships_on_one_wake_in_one_direction_is_banned():
    # blue's wake runs down through r3c2 from a hole at r2c2 (its tile was destroyed);
    # red could lay a tile in the hole that sends it down blue's wake behind blue.
    s = seas(ships={"red": "r2c2:6", "blue": "r4c2:0"}, board={"r2c1": "10325476", "r3c2": "54761032"},
             hands={"red": ["76543210", STRAIGHTISH]})
    same = [a for a in s.pseudo_legal_placements() if s.movement(a).rank == 2]
    assert same, "the position must offer a same-wake placement"
    assert not set(same) & set(s.legal_actions())
    with pytest.raises(IllegalAction, match="two ships on one wake"):
        s.apply(same[0])
    collide = seas(ships={"red": "r2c2:6", "blue": "r4c2:0"}, board={"r2c1": "10325476", "r3c2": "54761032"},
                   hands={"red": ["76543210", STRAIGHTISH]}, options=["reference-collisions"])
    assert set(collide.movement(same[0]).lost_seats()) == {0, 1}


def test_ships_that_meet_on_a_new_tile_pass_each_other():
    # red and blue face r2c2 from opposite sides; their trails lead to holes, not the edge
    s = seas(players=("red", "blue", "green"),
             ships={"red": "r2c2:6", "blue": "r2c2:3", "green": "r7c5:4"},
             board={"r2c1": "10543276", "r2c3": "10327654"},
             hands={"red": ["45670123"]})
    t = Tile.parse("45670123")  # joins 0-4, 1-5, 2-6, 3-7: straight across
    move = s.movement(Place(Square(2, 2), t))
    assert move.lost == ()
    # each ran on along the other's wake to the hole where that wake was cut
    assert square_of(s, move.ships[0]) == "r3c3:1"
    assert square_of(s, move.ships[1]) == "r3c1:0"


def test_elimination_bonus_swaps_tiles_and_the_rest_goes_under_the_pile():
    s = seas(players=("red", "blue", "green"),
             ships={"red": "r1c1:0", "blue": "r1c1:7", "green": "r7c5:4"},
             hands={"red": ["52143076", UTURN, "72143650"], "blue": [STRAIGHTISH, "10452376", "54761032"]})
    after = s.apply(Place(Square(1, 1), Tile.parse("52143076")))
    assert after.phase is Phase.BONUS and after.ships[1] == -1
    assert len(after.pool) == 3
    said = instructions(after)
    assert "Set blue's 3 tiles aside face down for the bonus." in said, said
    choices = after.legal_actions()
    assert Bonus() in choices
    swap = Bonus((Tile.parse(UTURN).pattern(),), (Tile.parse(STRAIGHTISH).pattern(),))
    assert swap in choices
    done = after.apply(swap)
    assert instructions(done) == [
        "Put the set-aside tiles with the 1 tile red gave up at the bottom of the draw pile."]
    hand = {PATTERNS[t].notation() for t in done.hands[0]}
    assert Tile.parse(STRAIGHTISH).pattern().notation() in hand
    assert Tile.parse(UTURN).pattern().notation() not in hand
    # under the pile, in an order the players choose: the companion knows which, not where
    assert done.pile.bottom == (UNKNOWN, UNKNOWN, UNKNOWN)
    assert PATTERN_INDEX[Tile.parse(UTURN).pattern()] in done.pile.unseen
    with pytest.raises(IllegalAction):
        after.apply(Bonus((Tile.parse("76543210").pattern(),), (Tile.parse(STRAIGHTISH).pattern(),)))


def test_drawing_refills_the_hand_to_three_from_the_pile_then_its_bottom():
    s = seas(ships={"red": "r1c3:0", "blue": "r7c5:4"}, hands={"red": [STRAIGHTISH, UTURN]})
    t = PATTERN_INDEX[Tile.parse("72143650").pattern()]
    u = PATTERN_INDEX[Tile.parse("10452376").pattern()]
    s = replace(s, pile=Pile(0, (t, u), ()))
    after = s.apply(Place(Square(1, 3), Tile.parse(STRAIGHTISH)))
    assert after.phase is Phase.DRAW and after.current_player == CHANCE
    assert after.chance_outcomes() == [(after.chance_outcomes()[0][0], 1)]
    after = after.apply(after.chance_outcomes()[0][0])
    assert sorted(after.hands[0]) == sorted([PATTERN_INDEX[Tile.parse(UTURN).pattern()], t])
    assert after.pile.bottom == (u,)


def test_the_last_ship_wins_and_a_full_board_ties():
    s = seas(ships={"red": "r1c1:0", "blue": "r7c5:4"}, hands={"red": [UTURN]})
    end = s.apply(Place(Square(1, 1), Tile.parse(UTURN)))
    assert end.outcome.winners == (1,)
    # red lays a tile on the last empty square and runs off; blue and green, who face
    # daikaiju, are left and share the win
    full = seas(players=("red", "blue", "green"), ships={"red": "r1c3:0", "blue": "r7c5:4", "green": "r3c7:2"},
                daikaiju=[("1G", "r7c5", "north"), ("1B", "r3c7", "north")], hands={"red": [UTURN]})
    keep = {full.grid.index(Square(1, 3)), full.grid.index(Square(7, 5)), full.grid.index(Square(3, 7))}
    full = replace(full, board=tuple(-1 if i in keep else 0 for i in range(49)))
    over = full.apply(Place(Square(1, 3), Tile.parse(UTURN)))
    assert over.is_terminal() and over.ships[0] == -1
    assert over.outcome.winners == (1, 2) and over.outcome.reason == "the board is full"


def test_rulebook_example_turn_two_a_five_would_have_sunk_the_ship():
    # The example's daikaiju rotates on a 2 and on a 5 would step into the square in
    # front of the active ship. Any tile whose face moves it there must sink the ship.
    s = seas(ships={"red": "r3c4:0", "blue": "r7c5:4"}, board={"r2c4": "54761032"},
             daikaiju=[("1G", "r4c4", "north")], phase=Phase.DAIKAIJU_DIE, hands={"red": [STRAIGHTISH]})
    sinks = [f for f in range(1, 6) if s.apply(Die(f)).ships[0] == -1]
    assert sinks == [face("1G", "forward")]
    assert s.apply(Die(face("1G", "rotate"))).ships[0] >= 0


def test_a_ship_with_an_empty_hand_passes_and_draws_back_up():
    s = seas(ships={"red": "r1c3:0", "blue": "r7c5:4"}, options=["no-daikaiju"],
             hands={"red": [STRAIGHTISH], "blue": []})
    after = s.apply(Place(Square(1, 3), Tile.parse(STRAIGHTISH)))
    while after.phase is Phase.DRAW and after.drawer == 0:
        after = after.apply(after.chance_outcomes()[0][0])
    # blue has nothing to lay: it passes, then draws three
    assert any(e.kind == "passed" and e.seat == 1 for e in after.events)
    assert after.phase is Phase.DRAW and after.drawer == 1
