"""The course of a turn: who plays next, the checks before a placement, the draws.

The steps in :mod:`.turn_steps` and :mod:`.placing`, and the Veterans plug-in, hand the
state on through these functions once an action is applied.
"""

from __future__ import annotations

from typing import Any

from companion.core.events import Event
from companion.tsuro.losses import check_over, lose
from companion.tsuro.state_parts import Phase
from companion.tsuro.state_value import State, replace, rules_of

# ---- the turn ------------------------------------------------------------------------


def begin_turn(s: State, first: bool = False) -> State:
    seat = s.active if first else _next_seat(s, s.active)
    events = (*s.events, Event("turn", seat))
    fresh = {"active": seat, "turn": s.turn + 1, "last_roll": None, "last_die": 0, "events": events}
    if s.vet is not None and s.vet.tsunami is not None:
        s = rules_of(s).tsunami_phase(replace(s, **fresh))
        if s.phase is Phase.OVER or (s.vet is not None and s.vet.rolls):
            return s
        return turn_check(s)
    return turn_check(s, **fresh)


def turn_check(s: State, **fresh: Any) -> State:
    """The daikaiju check that opens a turn (after the tsunami, with Veterans)."""
    if s.game.has_daikaiju:
        if len(s.daikaiju) < 3 and s.deck_left():
            short = min(3 - len(s.daikaiju), s.deck_left())
            return replace(s, phase=Phase.DAIKAIJU_ROLL, to_place=short, **fresh)
        return replace(s, phase=Phase.TURN_ROLL, **fresh)
    return before_place(replace(s, **fresh))


def _next_seat(s: State, seat: int) -> int:
    ships = s.ships
    n = len(ships)
    for k in range(1, n + 1):
        nxt = (seat + k) % n
        if ships[nxt] >= 0:
            return nxt
    return seat


def before_place(s: State) -> State:
    """The daikaiju check on the active ship, then the placement (or a pass)."""
    seat = s.active
    displaced = seat in s.displaced
    if displaced:  # asked once, at this turn
        s = replace(s, displaced=tuple(x for x in s.displaced if x != seat))
    if s.front_square(seat) in s.daikaiju_squares():
        if s.on_start_mark(seat):
            if s.relocations():
                return replace(s, phase=Phase.RELOCATE)
            return end_turn(lose(s, [(seat, "no free start mark on its edge")]))
        if s.vet is not None and rules_of(s).holds_taihou(s, seat):
            return replace(s, phase=Phase.TAIHOU_CHECK)
        return end_turn(lose(s, [(seat, "daikaiju")]))
    if displaced and s.on_start_mark(seat) and len(s.relocations()) > 1:  # it may stay, too
        return replace(s, phase=Phase.RELOCATE)
    if not s.hands[seat] and not (s.vet is not None and rules_of(s).place_choices(s)):
        # Nothing to lay: the turn passes, but at sea the player still draws back up.
        s = replace(s, events=(*s.events, Event("passed", seat=seat)))
        return start_draw(s) if s.game.seas else end_turn(s)
    return replace(s, phase=Phase.PLACE)


def end_turn(s: State) -> State:
    s = check_over(s, ())
    if s.phase is Phase.OVER:
        return s
    return begin_turn(s)


# ---- drawing ---------------------------------------------------------------------------


def start_draw(s: State) -> State:
    if s.game.seas:
        return seas_draw_or_end(replace(s, drawer=s.active))
    first = s.active
    if s.dragon >= 0 and s.pile.size:
        first = s.dragon
        s = replace(s, dragon=-1, events=(*s.events, Event("dragon-aside", seat=first)))
    return tsuro_next_draw(replace(s, drawer=first))


def seas_draw_or_end(s: State) -> State:
    alive = s.ships[s.active] >= 0
    if s.vet is not None:
        rules = rules_of(s)
        short = rules.hand_count(s, s.active) < s.game.hand_size
        if alive and short and rules.pile_size(s):
            return replace(s, phase=Phase.DRAW, drawer=s.active)
        return end_turn(s)
    if alive and len(s.hands[s.active]) < s.game.hand_size and s.pile.size:
        return replace(s, phase=Phase.DRAW, drawer=s.active)
    return end_turn(s)


def tsuro_next_draw(s: State) -> State:
    """Round the table from ``drawer``: the next seat short of tiles draws one."""
    n, ships, hands, full, drawer = s.seats, s.ships, s.hands, s.game.hand_size, s.drawer
    for k in range(n):
        seat = (drawer + k) % n
        if ships[seat] >= 0 and len(hands[seat]) < full:
            if s.pile.size:
                return replace(s, phase=Phase.DRAW, drawer=seat)
            if s.dragon < 0:
                s = replace(s, dragon=seat, events=(*s.events, Event("dragon", seat=seat)))
            return end_turn(s)
    return end_turn(s)


def advance_turn(s: State) -> State:
    """The state at the start of the next player's turn, the draws of this one skipped.

    For looking ahead (odds); a real game draws its tiles.
    """
    return end_turn(replace(s, pool=(), events=()))

