"""Tsuro (rulebook 002): placement, movement, collisions, the self-elimination ban,
drawing with the dragon tile, and the end of the game."""

from dataclasses import replace

import pytest
from builders import build, square_of

from companion.core.board import Square
from companion.tsuro.actions import Draw, Place, Start
from companion.tsuro.describe import instructions
from companion.tsuro.game import PATTERN_INDEX, Game
from companion.tsuro.piles import Pile
from companion.tsuro.state import CHANCE, IllegalAction, Phase, new_state
from companion.tsuro.tiles import PATTERNS, Tile

UTURN = "10325476"  # four U-turns: from a corner mark it always runs off the board
STRAIGHTISH = "52167034"  # joins 0-5: enters at the top-left, leaves at the bottom-left


def tsuro(**kw):
    return build("tsuro", kw.pop("players", ("red", "blue")), **kw)


def test_setup_deals_three_each_then_markers_go_on_free_start_marks():
    s = new_state(Game.create("tsuro", ["red", "blue", "green"]))
    assert s.current_player == CHANCE
    for _ in range(9):
        s = s.apply(Draw(PATTERNS[s.pile.unseen[0]]))
    assert [len(h) for h in s.hands] == [3, 3, 3]
    assert s.pile.size == 35 - 9
    assert s.phase is Phase.START and s.current_player == 0
    assert len(s.legal_actions()) == 48
    s = s.apply(Start(s.game.board.start_marks[0]))
    assert s.current_player == 1
    assert Start(s.game.board.start_marks[0]) not in s.legal_actions()
    with pytest.raises(IllegalAction, match="not a free start mark"):
        s.apply(Start(s.game.board.start_marks[0]))


def test_tile_goes_on_the_square_in_front_in_any_rotation():
    s = tsuro(ships={"red": "r1c2:0", "blue": "r6c6:4"}, hands={"red": [STRAIGHTISH, UTURN]})
    squares = {a.square for a in s.legal_actions()}
    assert squares == {Square(1, 2)}
    with pytest.raises(IllegalAction, match="must go on r1c2"):
        s.apply(Place(Square(2, 2), Tile.parse(STRAIGHTISH)))
    with pytest.raises(IllegalAction, match="not in the red hand"):
        s.apply(Place(Square(1, 2), Tile.parse("72143650")))


def test_every_marker_the_new_tile_touches_moves_to_the_end_of_its_path():
    s = tsuro(ships={"red": "r1c2:0", "blue": "r1c2:1"}, hands={"red": [STRAIGHTISH]})
    after = s.apply(Place(Square(1, 2), Tile.parse(STRAIGHTISH)))
    assert square_of(after, after.ships[0]) == "r2c2:0"  # down the left line into r2c2
    assert square_of(after, after.ships[1]) == "r1c3:7"  # 1 -> 2, across into r1c3
    assert after.board[after.grid.index(Square(1, 2))] >= 0


def test_path_runs_through_several_tiles():
    # r2c2 already holds a tile joining 0-5, so red runs on through it to r3c2.
    s = tsuro(
        ships={"red": "r1c2:0", "blue": "r6c6:4"},
        board={"r2c2": "54761032"},  # also joins 0-5
        hands={"red": [STRAIGHTISH]},
    )
    after = s.apply(Place(Square(1, 2), Tile.parse(STRAIGHTISH)))
    assert square_of(after, after.ships[0]) == "r3c2:0"


def test_running_off_the_edge_is_banned_while_another_placement_survives():
    s = tsuro(ships={"red": "r1c1:0", "blue": "r6c6:4"}, hands={"red": [UTURN, STRAIGHTISH]})
    legal = s.legal_actions()
    assert Place(Square(1, 1), Tile.parse(UTURN)) not in legal
    assert legal and all(s.movement(a).rank == 0 for a in legal)
    with pytest.raises(IllegalAction, match="loses your own ship"):
        s.apply(Place(Square(1, 1), Tile.parse(UTURN)))


def test_self_elimination_is_allowed_when_every_placement_of_every_tile_does_it():
    s = tsuro(
        players=("red", "blue", "green"),
        ships={"red": "r1c1:0", "blue": "r6c6:4", "green": "r3c6:2"},
        hands={"red": [UTURN]},
    )
    assert s.legal_actions() == [Place(Square(1, 1), Tile.parse(UTURN))]
    after = s.apply(Place(Square(1, 1), Tile.parse(UTURN)))
    assert after.ships[0] == -1
    assert after.losses[-1][0] == 0 and after.losses[-1][2] == "edge"


def test_markers_whose_paths_join_collide_and_both_leave():
    s = tsuro(
        players=("red", "blue", "green"),
        ships={"red": "r1c3:0", "blue": "r1c3:1", "green": "r6c6:4"},
        hands={"red": [UTURN]},
    )
    move = s.movement(Place(Square(1, 3), Tile.parse(UTURN)))
    assert dict(move.lost) == {0: "collision", 1: "collision"}


def test_eliminated_hands_are_shuffled_back_into_the_pile():
    s = tsuro(
        players=("red", "blue", "green"),
        ships={"red": "r1c1:0", "blue": "r1c1:7", "green": "r6c6:4"},
        hands={"red": ["52143076"], "blue": [UTURN, "72143650"]},
    )
    # 0-5 takes red down to r2c1; 7-6 runs blue off the left edge.
    after = s.apply(Place(Square(1, 1), Tile.parse("52143076")))
    assert after.ships[1] == -1 and after.ships[0] >= 0
    assert after.hands[1] == ()
    assert after.pile.size == s.pile.size + 2
    for t in (UTURN, "72143650"):
        assert PATTERN_INDEX[Tile.parse(t).pattern()] in after.pile.unseen
    assert after.pile.bottom == ()  # shuffled in, not put under
    said = instructions(after)
    assert "Shuffle blue's 2 tiles into the draw pile." in said, said


def test_draws_go_round_from_the_active_player_and_the_dragon_waits_for_tiles():
    s = tsuro(
        players=("red", "blue", "green"),
        ships={"red": "r1c2:0", "blue": "r6c6:4", "green": "r3c6:2"},
        hands={"red": [STRAIGHTISH], "blue": ["72143650"], "green": []},
    )
    t = PATTERN_INDEX[Tile.parse("10452376").pattern()]
    s = replace(s, pile=Pile(1, (), (t,)))
    after = s.apply(Place(Square(1, 2), Tile.parse(STRAIGHTISH)))
    assert after.phase is Phase.DRAW and after.drawer == 0  # the active player draws first
    after = after.apply(Draw(PATTERNS[t]))
    # The pile is empty; blue is next short of tiles and takes the dragon.
    assert after.dragon == 1
    assert after.phase is Phase.PLACE and after.active == 1


def test_dragon_holder_draws_first_when_tiles_come_back():
    s = tsuro(
        players=("red", "blue", "green"),
        ships={"red": "r1c1:0", "blue": "r6c6:4", "green": "r3c6:2"},
        hands={"red": [UTURN], "blue": [STRAIGHTISH], "green": ["72143650", "10452376"]},
    )
    s = replace(s, pile=Pile(0, (), ()), dragon=2)
    # red must run itself off the board: its only tile.
    after = s.apply(Place(Square(1, 1), Tile.parse(UTURN)))
    assert after.ships[0] == -1
    # red had no tiles left to return, so the pile is still empty and the dragon stays
    assert after.dragon == 2
    said = instructions(after)
    assert not any("draw pile" in line for line in said), said  # no tiles to give back


def test_an_eliminated_dragon_holder_puts_the_dragon_aside():
    s = tsuro(
        players=("red", "blue", "green"),
        ships={"red": "r1c1:0", "blue": "r6c6:4", "green": "r3c6:2"},
        hands={"red": [UTURN], "blue": [STRAIGHTISH], "green": ["72143650", "10452376"]},
    )
    s = replace(s, pile=Pile(0, (), ()), dragon=0)
    after = s.apply(Place(Square(1, 1), Tile.parse(UTURN)))
    assert after.ships[0] == -1
    said = instructions(after)
    assert "Red puts the dragon tile aside." in said, said
    # the pile is still empty: the next player short of tiles takes it up
    assert after.dragon == 1 and "Blue takes the dragon tile: the draw pile is empty." in said


def test_the_last_marker_wins_and_simultaneous_losers_tie():
    s = tsuro(ships={"red": "r1c1:0", "blue": "r6c6:4"}, hands={"red": [UTURN]})
    after = s.apply(Place(Square(1, 1), Tile.parse(UTURN)))
    assert after.is_terminal() and after.outcome.winners == (1,)
    assert after.returns() == (-1.0, 1.0)
    both = tsuro(ships={"red": "r1c3:0", "blue": "r1c3:1"}, hands={"red": [UTURN]})
    end = both.apply(Place(Square(1, 3), Tile.parse(UTURN)))
    assert end.is_terminal() and end.outcome.winners == (0, 1)


def test_when_every_tile_is_played_the_survivors_tie():
    s = tsuro(ships={"red": "r1c2:0", "blue": "r6c6:4"}, hands={"red": [STRAIGHTISH]})
    s = replace(s, pile=Pile(0, (), ()))
    end = s.apply(Place(Square(1, 2), Tile.parse(STRAIGHTISH)))
    assert end.is_terminal()
    assert end.outcome.winners == (0, 1) and "every tile" in end.outcome.reason


def test_a_player_without_tiles_passes():
    s = tsuro(
        players=("red", "blue", "green"),
        ships={"red": "r1c2:0", "blue": "r6c6:4", "green": "r3c6:2"},
        hands={"red": [STRAIGHTISH], "green": ["72143650"]},
    )
    s = replace(s, pile=Pile(0, (), ()), dragon=1)
    after = s.apply(Place(Square(1, 2), Tile.parse(STRAIGHTISH)))
    assert after.active == 2  # blue holds nothing and is passed over
    assert any(e.kind == "passed" and e.seat == 1 for e in after.events)
