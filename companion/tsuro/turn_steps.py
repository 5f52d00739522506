"""The handlers of the base game's actions, but laying a tile (:mod:`.placing`).

Dealing, the start marks, the rolls and die of the turn, relocating, bringing a daikaiju
into play and drawing. Loading this module enters every base handler in
:data:`companion.tsuro.state_value.STEPS`.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.board import Point
from companion.core.events import Event
from companion.tsuro.actions import (
    Bonus,
    Die,
    Draw,
    DrawDaikaiju,
    Facing,
    Place,
    Relocate,
    Roll,
    Start,
)
from companion.tsuro.daikaiju_moves import clear_square, move_daikaiju
from companion.tsuro.piles import UNKNOWN
from companion.tsuro.placing import apply_bonus, apply_place, place_oriented
from companion.tsuro.state_parts import (
    Daikaiju,
    IllegalAction,
    Phase,
    pattern_number,
    remove_str,
    with_hand,
)
from companion.tsuro.state_value import STEPS, State, replace, rules_of
from companion.tsuro.turn_flow import before_place, begin_turn, seas_draw_or_end, tsuro_next_draw

# ---- setup ---------------------------------------------------------------------------


def _apply_deal(s: State, a: Draw) -> State:
    s = _give_tile(s, s.active, a)
    n = s.seats
    nxt = (s.active + 1) % n
    if len(s.hands[nxt]) < s.game.hand_size and s.pile.size:
        return replace(s, active=nxt)
    if s.game.daikaiju_at_setup and not s.game.ships_first:
        return replace(s, phase=Phase.DAIKAIJU_ROLL, active=0, to_place=s.game.daikaiju_at_setup)
    return replace(s, phase=Phase.START, active=0)


def _give_tile(s: State, seat: int, a: Draw) -> State:
    if s.pile.size == 0:
        raise IllegalAction("the draw pile is empty")
    tile = pattern_number(a.tile) if a.tile is not None else UNKNOWN
    try:
        known = s.pile.drawn_identity(tile)
        pile = s.pile.take(tile)
    except ValueError:
        raise IllegalAction(
            f"{a.notation()!r} cannot be drawn: no such tile is left in the pile"
        ) from None
    hands = with_hand(s.hands, seat, (*s.hands[seat], known))
    return replace(s, pile=pile, hands=hands, events=(*s.events, Event("drew", seat)))


def _apply_start(s: State, a: Start) -> State:
    g = s.grid
    pos = g.position(a.point) if g.on_board(a.point.square) else -1
    taken = set(s.ships)
    if pos not in s.game.start_positions or pos in taken:  # by position: points compare slowly
        pos = _checked_mark(s, a.point, s.free_start_marks(), "start mark")
    ships = (*s.ships[: s.active], pos, *s.ships[s.active + 1 :])
    s = replace(s, ships=ships, events=(Event("relocated", seat=s.active, to=pos, detail="start"),))
    if s.active + 1 < s.seats:
        return replace(s, active=s.active + 1)
    if s.game.ships_first and s.game.daikaiju_at_setup:  # 001: the daikaiju come after
        return replace(s, phase=Phase.DAIKAIJU_ROLL, active=0, to_place=s.game.daikaiju_at_setup)
    return begin_turn(replace(s, active=0), first=True)


def _checked_mark(s: State, point: Point, allowed: Sequence[Point], what: str) -> int:
    g = s.grid
    # compared as positions: a point's own equality is a good deal slower
    if not g.on_board(point.square) or g.position(point) not in {g.position(m) for m in allowed}:
        free = " ".join(str(m) for m in allowed) or "none"
        raise IllegalAction(f"{point} is not a free {what} here (free: {free})")
    return s.grid.position(point)


def _apply_turn_roll(s: State, a: Roll) -> State:
    s = replace(s, last_roll=a)
    if a.total in (6, 7, 8):
        return replace(s, phase=Phase.DAIKAIJU_DIE)
    if s.vet is not None and rules_of(s).uzushio_afloat(s):
        assert s.game.veterans is not None
        must = s.game.veterans.uzushio.must_move or "uzushio-must-move" in s.game.options
        return replace(s, phase=Phase.UZUSHIO_DIE if must else Phase.UZUSHIO)
    return before_place(s)


def _apply_die(s: State, a: Die) -> State:
    s = replace(s, last_die=a.face)
    if a.face == 6:
        if s.deck_left():
            return replace(s, phase=Phase.DAIKAIJU_ROLL, to_place=1)
        return before_place(s)
    s = move_daikaiju(s, a.face)
    if s.phase is Phase.OVER:
        return s
    return before_place(s)


def _apply_relocate(s: State, a: Relocate) -> State:
    pos = _checked_mark(s, a.point, s.relocations(), "start mark on the same edge")
    if pos == s.ships[s.active]:  # a displaced ship that stays where it is
        return before_place(s)
    ships = (*s.ships[: s.active], pos, *s.ships[s.active + 1 :])
    s = replace(s, ships=ships, events=(Event("relocated", seat=s.active, to=pos),))
    return before_place(s)


# ---- daikaiju ------------------------------------------------------------------------


def _apply_dk_roll(s: State, a: Roll) -> State:
    sq = s.grid.index(s.game.board.dice_square(a.gold, a.blue))
    if sq in s.daikaiju_squares():
        return replace(s, events=(*s.events, Event("reroll", square=sq)))
    if s.card:  # a daikaiju beside a portal, brought into play anew: no tile to turn up
        return replace(s, phase=Phase.DAIKAIJU_FACING, target=sq)
    return replace(s, phase=Phase.DAIKAIJU_DRAW, target=sq)


def _apply_dk_draw(s: State, a: DrawDaikaiju) -> State:
    if s.dk_deck:
        if a.card not in s.dk_deck:
            raise IllegalAction(
                f"daikaiju {a.card} is not in the face-down deck (it holds {', '.join(s.dk_deck)})"
            )
        return replace(
            s, phase=Phase.DAIKAIJU_FACING, card=a.card, dk_deck=remove_str(s.dk_deck, a.card)
        )
    if a.card != s.dk_bottom[0]:
        raise IllegalAction(f"the next daikaiju in the deck is {s.dk_bottom[0]}, not {a.card}")
    return replace(s, phase=Phase.DAIKAIJU_FACING, card=a.card, dk_bottom=s.dk_bottom[1:])


def _apply_dk_facing(s: State, a: Facing) -> State:
    sq = s.target
    if s.vet is not None and s.card == rules_of(s).TSUNAMI_CARD:
        return _after_dk_placed(rules_of(s).tsunami_arrives(s, a))
    dk = Daikaiju(s.card, sq, int(a.side))
    s = replace(
        s, events=(*s.events, Event("daikaiju-placed", square=sq, card=s.card, detail=a.side.word))
    )
    s = clear_square(s, sq)
    s = replace(s, daikaiju=(*s.daikaiju, dk), to_place=s.to_place - 1, target=-1, card="")
    return _after_dk_placed(s)


def _after_dk_placed(s: State) -> State:
    if s.vet is not None and s.vet.anew:
        return rules_of(s).anew_next(s)
    if s.phase is Phase.OVER:
        return s
    if s.to_place > 0 and s.deck_left():
        return replace(s, phase=Phase.DAIKAIJU_ROLL)
    if s.turn == 0:
        if s.game.ships_first:  # the ships are out already: play begins
            return begin_turn(replace(s, active=0, to_place=0), first=True)
        return replace(s, phase=Phase.START, active=0, to_place=0)
    return before_place(replace(s, to_place=0))


def _apply_draw(s: State, a: Draw) -> State:
    s = _give_tile(s, s.drawer, a)
    if s.game.seas:
        return seas_draw_or_end(s)
    return tsuro_next_draw(replace(s, drawer=(s.drawer + 1) % s.seats))


# the base game's handlers, for State.apply (the state cannot import this module)
STEPS.update(
    {
        (Phase.DEAL, Draw): _apply_deal,
        (Phase.START, Start): _apply_start,
        (Phase.TURN_ROLL, Roll): _apply_turn_roll,
        (Phase.DAIKAIJU_DIE, Die): _apply_die,
        (Phase.DAIKAIJU_ROLL, Roll): _apply_dk_roll,
        (Phase.DAIKAIJU_DRAW, DrawDaikaiju): _apply_dk_draw,
        (Phase.DAIKAIJU_FACING, Facing): _apply_dk_facing,
        (Phase.RELOCATE, Relocate): _apply_relocate,
        (Phase.PLACE, Place): apply_place,
        (Phase.PLACE, int): place_oriented,
        (Phase.BONUS, Bonus): apply_bonus,
        (Phase.DRAW, Draw): _apply_draw,
    }
)

