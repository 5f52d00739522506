"""The tsunami, sentence by sentence of the reference's V parts, and its exact odds."""

from fractions import Fraction
from random import Random

import pytest

from companion.core.board import Side
from companion.tsuro.veterans.data import load_veterans, parse_veterans, shipped_doc
from companion.tsuro.veterans.tsunami import (
    Tsunami,
    TsunamiError,
    advance,
    at_risk,
    bring_in,
    entries,
    is_lost,
    loss_chance,
    move_sentence,
    phase_odds,
    phase_outcomes,
    roll_sentence,
    ship_square,
)

RULES = load_veterans().tsunami
ROWS = COLS = 7


def sq(row: int, col: int) -> int:
    return (row - 1) * COLS + (col - 1)


def test_blue_goes_to_the_edge_the_gold_arrow_points_at_in_line_with_it():
    # blue lies beyond the edge, in line with gold, the two 2s facing each other
    t = bring_in(sq(3, 4), Side.EAST, ROWS, COLS, RULES, seat=2)
    assert t.heading is Side.EAST
    assert str(t.blue_square(ROWS, COLS)) == "r3c8"
    assert t.number(RULES) == 2  # the 2s face each other
    # the seat whose turn brought it in is kept
    assert t.brought_by == 2
    north = bring_in(sq(5, 2), Side.NORTH, ROWS, COLS, RULES)
    assert str(north.blue_square(ROWS, COLS)) == "r0c2"


def test_nearest_edge_rule_picks_the_closest_edge_and_breaks_ties_from_the_arrow():
    doc = shipped_doc()
    doc["tsunami"]["blue_edge"] = "nearest"
    rules = parse_veterans(doc, "x").tsunami
    assert bring_in(sq(2, 4), Side.SOUTH, ROWS, COLS, rules).heading is Side.NORTH
    # r4c4 is the middle: every edge is 3 away, so the arrow's own way wins
    assert bring_in(sq(4, 4), Side.WEST, ROWS, COLS, rules).heading is Side.WEST
    with pytest.raises(TsunamiError):
        bring_in(49, Side.WEST, ROWS, COLS, rules)


def test_each_phase_moves_one_square_toward_blue_ignoring_what_is_there():
    t = bring_in(sq(3, 4), Side.EAST, ROWS, COLS, RULES)
    step = advance(t, ROWS, COLS)
    assert (step.frm, step.to) == (sq(3, 4), sq(3, 5))
    assert step.tsunami is not None and step.tsunami.square == sq(3, 5)
    assert move_sentence(step, COLS) == "Move the tsunami from r3c4 one square east to r3c5."


def test_the_connecting_number_steps_2_3_3_4_and_stays_at_4():
    t = bring_in(sq(1, 4), Side.SOUTH, ROWS, COLS, RULES)
    numbers = []
    for _ in range(6):
        step = advance(t, ROWS, COLS)
        assert step.tsunami is not None
        t = step.tsunami
        numbers.append(t.number(RULES))
    assert numbers == [3, 3, 4, 4, 4, 4]


def test_off_the_board_both_tiles_leave_the_game():
    t = Tsunami(sq(3, 7), Side.EAST, 1)
    step = advance(t, ROWS, COLS)
    assert step.tsunami is None and step.to == -1
    assert "take both tsunami tiles out of the game" in move_sentence(step, COLS)


def test_the_line_is_square_to_the_travel_through_the_gold_tile():
    east = Tsunami(sq(3, 5), Side.EAST)
    assert east.line(ROWS, COLS) == frozenset(sq(r, 5) for r in range(1, 8))
    south = Tsunami(sq(3, 5), Side.SOUTH)
    assert south.line(ROWS, COLS) == frozenset(sq(3, c) for c in range(1, 8))


def test_ships_in_the_line_roll_and_are_lost_below_the_number():
    t = Tsunami(sq(3, 4), Side.EAST)
    # red stands in column 5 (where the tsunami arrives), blue in column 6, green in 5
    ships = {0: sq(6, 5), 1: sq(2, 6), 2: sq(1, 5)}
    step = advance(t, ROWS, COLS)
    assert step.tsunami is not None
    assert at_risk(step.tsunami.line(ROWS, COLS), ships) == (0, 2)
    assert [is_lost(f, 3) for f in range(1, 7)] == [True, True, False, False, False, False]
    assert roll_sentence("green", 3) == "green rolls a die: below 3 loses the ship."
    with pytest.raises(TsunamiError):
        is_lost(7, 3)


def test_a_ship_counts_by_the_square_it_stands_on_or_faces_from_a_start_mark():
    pos = sq(3, 5) * 8 + 7  # facing r3c5 from its west side
    assert ship_square(pos, behind=sq(3, 4), rule="standing") == sq(3, 4)
    assert ship_square(pos, behind=-1, rule="standing") == sq(3, 5)
    assert ship_square(pos, behind=sq(3, 4), rule="facing") == sq(3, 5)


def test_each_entry_into_the_line_while_moving_is_one_roll():
    line = {sq(r, 5) for r in range(1, 8)}
    path = [sq(3, 3), sq(3, 4), sq(3, 5), sq(4, 5), sq(4, 4), sq(4, 5)]
    assert entries(path, line) == 2
    assert entries([sq(3, 5), sq(4, 5)], line) == 0  # already in it: no entry
    assert entries([sq(3, 4)], line) == 0


def test_exact_loss_odds():
    assert [loss_chance(n) for n in (1, 2, 3, 4, 7, 8)] == [
        Fraction(0), Fraction(1, 6), Fraction(1, 3), Fraction(1, 2), Fraction(1), Fraction(1)
    ]
    t = Tsunami(sq(3, 4), Side.EAST, step=1)  # next phase: r3c5, number 3 -> 4
    ships = {0: sq(6, 5), 1: sq(2, 6), 2: sq(1, 5)}
    odds = phase_odds(t, ROWS, COLS, RULES, ships)
    assert odds == {0: Fraction(1, 3), 1: Fraction(0), 2: Fraction(1, 3)}
    # a Phoenix held by red: both rolls must fail
    assert phase_odds(t, ROWS, COLS, RULES, ships, {0: 1})[0] == Fraction(1, 9)
    gone = phase_odds(Tsunami(sq(3, 7), Side.EAST), ROWS, COLS, RULES, ships)
    assert set(gone.values()) == {Fraction(0)}


def test_joint_outcomes_sum_to_one_and_match_each_ships_odds():
    outs = phase_outcomes([0, 1, 3], 4)
    assert sum(p for _, p in outs) == 1
    for seat in (0, 1, 3):
        assert sum(p for lost, p in outs if seat in lost) == loss_chance(4)


def test_exact_odds_agree_with_a_seeded_monte_carlo_of_whole_phases():
    """Play the tsunami's phases with real (seeded) dice and compare each ship's loss rate
    in the first phase with the exact figure, and the chance all in the line are lost."""
    rng = Random(1913)
    ships = {0: sq(2, 5), 1: sq(6, 5), 2: sq(4, 2)}
    start = Tsunami(sq(4, 4), Side.EAST, step=2)  # next phase: number 4
    exact = phase_odds(start, ROWS, COLS, RULES, ships)
    both = sum(p for lost, p in phase_outcomes([0, 1], 4) if lost == {0, 1})
    trials = 20000
    lost_count = dict.fromkeys(ships, 0)
    both_count = 0
    for _ in range(trials):
        step = advance(start, ROWS, COLS)
        assert step.tsunami is not None
        number = step.tsunami.number(RULES)
        lost = {
            seat
            for seat in at_risk(step.tsunami.line(ROWS, COLS), ships)
            if is_lost(rng.randint(1, 6), number)
        }
        for seat in lost:
            lost_count[seat] += 1
        both_count += lost == {0, 1}
    for seat, p in exact.items():
        assert abs(lost_count[seat] / trials - float(p)) < 0.02, seat
    assert abs(both_count / trials - float(both)) < 0.02
    assert exact[2] == 0 and lost_count[2] == 0
