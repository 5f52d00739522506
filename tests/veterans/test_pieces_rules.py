"""Uzushio, taihou, mystic portal, Phoenix and the reference's bonus, sentence by sentence."""

from fractions import Fraction

import pytest

from companion.core.board import Side, Square
from companion.tsuro.veterans.actions import (
    FireTaihou,
    Keep,
    Land,
    Phoenix,
    PlacePortal,
    VeteransActionError,
    parse_veterans_action,
)
from companion.tsuro.veterans.bonus import BonusError, keep_choices, leftovers
from companion.tsuro.veterans.data import load_veterans, parse_veterans, shipped_doc
from companion.tsuro.veterans.phoenix import PhoenixError, check_reroll, with_reroll
from companion.tsuro.veterans.portal import (
    PortalError,
    check_start,
    daikaiju_beside,
    free_starts,
    landing,
    order,
    touching,
)
from companion.tsuro.veterans.taihou import TaihouError, Use, after_draw, check_use, clear_targets
from companion.tsuro.veterans.tsunami import loss_chance
from companion.tsuro.veterans.uzushio import UzushioError, acts, may_skip, step

DATA = load_veterans()
ROWS = COLS = 7


def sq(row: int, col: int) -> int:
    return (row - 1) * COLS + (col - 1)


# ---- uzushio: it may act, as a daikaiju does, on the totals that leave the daikaiju asleep


def test_the_uzushio_acts_only_on_totals_that_leave_the_daikaiju_asleep():
    assert [t for t in range(2, 13) if acts(t)] == [2, 3, 4, 5, 9, 10, 11, 12]
    with pytest.raises(UzushioError):
        acts(13)


def test_the_uzushio_moves_and_turns_by_its_arrows_like_a_daikaiju():
    rules = DATA.uzushio
    for face in range(1, 6):
        move = step(sq(4, 4), Side.EAST, rules, face, ROWS, COLS)
        act = rules.action(face)
        if act == "rotate":
            assert move.kind == "turned" and move.square == sq(4, 4)
            assert move.facing is Side.SOUTH  # clockwise from east
        else:
            turn = {"forward": 0, "right": 1, "back": 2, "left": 3}[act]
            side = Side((Side.EAST + turn) % 4)
            dr, dc = side.step
            assert move.kind == "moved" and move.side is side
            assert move.square == sq(4 + dr, 4 + dc) and move.facing is Side.EAST
    assert step(sq(4, 4), Side.EAST, rules, 6, ROWS, COLS).kind == "still"
    assert step(sq(4, 7), Side.EAST, rules, 1, ROWS, COLS).kind == "gone"
    with pytest.raises(UzushioError):
        step(0, Side.EAST, rules, 0, ROWS, COLS)


def test_may_or_must_move_is_the_datas_named_choice():
    assert may_skip(DATA.uzushio)
    doc = shipped_doc()
    doc["uzushio"]["moves"] = "must"
    assert not may_skip(parse_veterans(doc, "x").uzushio)


# ---- taihou


def test_a_drawn_taihou_is_kept_up_to_the_limit_else_shown_and_removed():
    rules = DATA.taihou
    assert after_draw(1, rules, keep=True) == "keep"
    assert after_draw(2, rules, keep=False) == "remove"  # the player may decline it
    assert after_draw(3, rules, keep=True) == "remove"  # a third one must go
    with pytest.raises(TaihouError):
        after_draw(0, rules, keep=True)


def test_a_taihou_saves_only_its_owners_ship():
    check_use(Use.CHECK, firer=0, owner=0, active=0, held=1)
    check_use(Use.MOVING, firer=2, owner=2, active=0, held=2)  # own ship, moved by another
    check_use(Use.CLEAR, firer=1, owner=1, active=1, held=1)
    with pytest.raises(TaihouError, match="own ship"):
        check_use(Use.MOVING, firer=0, owner=1, active=0, held=1)  # the FAQ: never another's
    with pytest.raises(TaihouError, match="no taihou"):
        check_use(Use.CHECK, firer=0, owner=0, active=0, held=0)
    with pytest.raises(TaihouError, match="only the active player"):
        check_use(Use.CLEAR, firer=1, owner=1, active=0, held=1)


def test_clearing_removes_a_daikaiju_beside_the_intended_tile():
    front = sq(4, 4)
    dks = {sq(3, 4), sq(4, 5), sq(5, 5), sq(4, 4)}
    assert clear_targets(front, dks, ROWS, COLS) == (sq(3, 4), sq(4, 5))
    assert clear_targets(sq(1, 1), {sq(1, 2), sq(7, 7)}, ROWS, COLS) == (sq(1, 2),)


# ---- mystic portal


def test_portal_ships_go_in_turn_order_ending_with_the_active_player():
    ships = [sq(2, 2) * 8 + 1, sq(2, 2) * 8 + 5, -1, sq(3, 3) * 8, sq(2, 2) * 8 + 6]
    assert touching(sq(2, 2), ships) == (0, 1, 4)
    assert order(active=1, touching=(0, 1, 4), seats=5) == (4, 0, 1)
    assert order(active=4, touching=(4,), seats=5) == (4,)


def test_where_a_portal_ship_lands():
    board = [-1] * 49
    board[sq(5, 5)] = 0
    dks = {sq(6, 6)}
    portal = sq(2, 2)
    assert landing(sq(6, 6), portal, dks, board, hand_size=2) == "lost"  # a daikaiju
    assert landing(sq(6, 5), portal, dks, board, hand_size=2) == "lay"  # empty: lay a tile
    assert landing(sq(6, 5), portal, dks, board, hand_size=0) == "lost"  # nothing to lay
    assert landing(sq(5, 5), portal, dks, board, hand_size=2) == "join"
    assert landing(portal, portal, dks, board, hand_size=2) == "reroll"
    full = range(sq(5, 5) * 8, sq(5, 5) * 8 + 8)
    assert landing(sq(5, 5), portal, dks, board, 2, used=full) == "reroll"


def test_no_starting_point_twice_in_one_portal_step():
    base = sq(5, 5) * 8
    assert free_starts(sq(5, 5), used={base}, ships={base + 3}) == tuple(
        base + p for p in (1, 2, 4, 5, 6, 7)
    )
    check_start(sq(5, 5), base + 1, used={base}, ships=())
    with pytest.raises(PortalError, match="already used"):
        check_start(sq(5, 5), base, used={base}, ships=())
    with pytest.raises(PortalError, match="another ship"):
        check_start(sq(5, 5), base + 2, used=(), ships={base + 2})
    with pytest.raises(PortalError, match="square the dice named"):
        check_start(sq(5, 5), base + 8, used=(), ships=())


def test_daikaiju_beside_the_portal_are_brought_in_anew():
    assert daikaiju_beside(sq(2, 2), {sq(1, 2), sq(2, 3), sq(3, 3)}, ROWS, COLS) == (
        sq(1, 2),
        sq(2, 3),
    )


# ---- Phoenix


def test_the_phoenix_needs_the_tile_and_a_roll():
    check_reroll(holds=True, rolled=True)
    with pytest.raises(PhoenixError, match="no Phoenix"):
        check_reroll(holds=False, rolled=True)
    with pytest.raises(PhoenixError, match="nothing has been rolled"):
        check_reroll(holds=True, rolled=False)
    assert with_reroll(loss_chance(4)) == Fraction(1, 4) == loss_chance(4, rerolls=1)


# ---- the reference's elimination bonus


def test_keep_at_most_two_of_hand_and_eliminated_tiles():
    choices = keep_choices((3, 7), (7, 9, 11))
    assert all(len(c) == 2 for c in choices)
    assert (7, 7) in choices and (9, 11) in choices
    assert keep_choices((5,), ()) == [(5,)]
    assert leftovers((3, 7), (7, 9, 11), (9, 11)) == (3, 7, 7)
    with pytest.raises(BonusError, match="keep 2 tiles"):
        leftovers((3, 7), (9,), (3,))
    with pytest.raises(BonusError, match="not in the hand"):
        leftovers((3, 7), (9,), (3, 4))


# ---- notations


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("taihou clear r2c3", FireTaihou(Use.CLEAR, Square(2, 3))),
        ("phoenix red", Phoenix("red")),
        ("keep none", Keep(())),
    ],
)
def test_notations_parse_to_their_action(text, action):
    assert parse_veterans_action(text) == action
    assert action.notation() == text


def test_portal_and_land_carry_their_tiles():
    a = parse_veterans_action("portal r2c3 52167034")
    assert isinstance(a, PlacePortal) and a.tile is not None
    land = parse_veterans_action("land r4c5:2")
    assert isinstance(land, Land) and land.tile is None


@pytest.mark.parametrize(
    "text", ["taihou", "taihou shoot r1c1", "portal", "land r9", "phoenix", "keep 123", "fly"]
)
def test_bad_notations_are_one_line_errors(text):
    with pytest.raises(VeteransActionError) as err:
        parse_veterans_action(text)
    assert "\n" not in str(err.value)
