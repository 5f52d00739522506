"""The turn's transitions: the wind changed, a ship sailed or repaired, the turn ended, and
a chain settled (the choices that change nothing taken, the first that matters asked).

Each function takes a :class:`~companion.rigadoon.state.State` and returns a new one, or
raises :class:`RigadoonError` with one line naming what is wrong; ``State.apply`` calls
them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .actions import FLEET_NAMES, Action, Change, End, NewWind, Repair, Sail
from .chain import Chain, advance, choose, fleet_of, ship_name
from .choices import Memo, distinct_options
from .game import Outcome, Phase
from .geometry import RigadoonError, direction_between

if TYPE_CHECKING:
    from .state import State


def apply_wind(s: State, a: NewWind) -> State:
    if s.phase is not Phase.WIND:
        raise RigadoonError("change the wind first (change), then enter what it shows")
    if a not in s.legal_actions():
        raise RigadoonError(f"the wind cannot show {a.wind.word} now")
    pile, discard = list(s.pile), list(s.discard)
    if not s.game.die:
        if not sum(pile):
            # The deck ran out: everything but the face-up card is shuffled into a new one.
            pile, discard = discard, [0] * 8
        pile[a.wind] -= 1
        assert s.wind is not None
        discard[s.wind] += 1
    return replace(
        s,
        phase=Phase.TURN,
        wind=a.wind,
        pile=tuple(pile),
        discard=tuple(discard),
        changed=True,
        wind_last=True,
        events=(("wind", a.wind),),
    )._auto_end()


def _refuse_turn(s: State, a: Action) -> str:
    """Why the fleet on turn may not take this action now ('' when it may)."""
    if s.phase is not Phase.TURN:
        return f"not now: {s.prompt()}"
    if isinstance(a, Change):
        return "the wind has already been changed this turn" if s.changed else ""
    if isinstance(a, End):
        need = s.required()
        if need:
            return ", ".join(ship_name(x) for x in need) + " must still sail or repair"
        if not s.changed:
            return "the wind must be changed once each turn"
        return "" if End() in s.legal_actions() else "the wind change cannot be your last action"
    assert isinstance(a, Sail | Repair)
    ship, name = a.ship, ship_name(a.ship)
    if fleet_of(ship) != s.fleet:
        return f"{name} is not a ship of the {FLEET_NAMES[s.fleet]} fleet"
    if not s.may_act(ship):
        return f"{name} has already sailed or repaired this turn"
    if s._wind_would_be_last(ship, s.required()):
        return "change the wind first: the wind change cannot be your last action"
    if isinstance(a, Repair):
        if s.acted & (1 << ship):
            return f"{name} may sail again, not repair"
        if s.masts[ship] >= 3:
            return f"{name} has all 3 masts: nothing to repair"
        return ""
    return _refuse_sail(s, a)


def _refuse_sail(s: State, a: Sail) -> str:
    b, ship, name = s.board, a.ship, ship_name(a.ship)
    m = s.masts[ship]
    if m == 0:
        return f"{name} has no masts: it must repair"
    if s.aground(ship):
        if m < 3:
            return f"{name} is aground with fewer than 3 masts: it can only repair"
        if s.grounded & (1 << ship):
            return f"{name} ran aground this turn and cannot dislodge itself until the next"
    if not (1 <= a.to[0] <= b.rows and 1 <= a.to[1] <= b.cols):
        return f"r{a.to[0]}c{a.to[1]} is off the board"
    line = direction_between(b.rc(s.ships[ship]), a.to)
    where = f"{name} at {b.name(s.ships[ship])}"
    if line is None:
        return f"r{a.to[0]}c{a.to[1]} is not in a straight line from {where}"
    d, k = line
    assert s.wind is not None
    reach = s.game.wind.template(s.wind).reach(d, m)
    if k > reach:
        masts = f"{m} mast" + ("s" if m != 1 else "")
        allowed = f"at most {reach} square{'s' if reach != 1 else ''}" if reach else "no squares"
        return f"the {s.wind.word} wind lets {name} ({masts}) sail {allowed} {d.word}"
    if a not in s.sails(ship):
        why = s.sail_chain(ship, d, k, a.stop)
        return why if isinstance(why, str) else f"{name} cannot sail to r{a.to[0]}c{a.to[1]}"
    return ""


def apply_turn(s: State, a: Sail | Repair | End | Change) -> State:
    why = _refuse_turn(s, a)
    if why:
        raise RigadoonError(why)
    if isinstance(a, Change):
        return replace(s, phase=Phase.WIND, events=())
    if isinstance(a, End):
        return next_turn(s)
    bit = 1 << a.ship
    if isinstance(a, Repair):
        masts = list(s.masts)
        masts[a.ship] += 1
        return replace(
            s,
            masts=tuple(masts),
            acted=s.acted | bit,
            wind_last=False,
            events=(("repair", a.ship, masts[a.ship]),),
        )._auto_end()
    b = s.board
    line = direction_between(b.rc(s.ships[a.ship]), a.to)
    assert line is not None
    chain = s.sail_chain(a.ship, *line, a.stop)
    assert isinstance(chain, Chain)
    grounded = s.grounded | bit if a.stop == "aground" else s.grounded
    s = replace(
        s,
        acted=s.acted | bit,
        bonus=s.bonus & ~bit,
        grounded=grounded,
        wind_last=False,
    )
    return settle(s, advance(b, chain))


def settle(s: State, chain: Chain, told: int = 0) -> State:
    """Take the choices that change nothing, stop at the first that matters, or finish."""
    memo: Memo = {}  # what the first weighing explored serves the next ones
    while chain.choice is not None:
        options = distinct_options(s.board, chain, memo)
        if len(options) > 1:
            c = replace(chain, choice=replace(chain.choice, options=options))
            # The pieces show where the chain has got to while the fleet decides.
            return replace(
                s,
                phase=Phase.CHOICE,
                chain=c,
                events=c.events[told:],
                ships=c.ships,
                masts=c.masts,
                chests=c.chests,
            )
        chain = choose(s.board, chain, options[0])
    s = replace(
        s,
        phase=Phase.TURN,
        chain=None,
        ships=chain.ships,
        masts=chain.masts,
        chests=chain.chests,
        claims=chain.claims,
        events=chain.events[told:],
    )
    if chain.rigadoon:
        s = replace(s, bonus=s.bonus | (1 << chain.starter))
    if chain.winner >= 0:
        seat = s.seat_of_fleet(chain.winner)
        return replace(
            s, phase=Phase.OVER, outcome=Outcome(seat, "two chests claimed on two islands")
        )
    if chain.loser >= 0:
        seat = 1 - s.seat_of_fleet(chain.loser)
        reason = f"the {FLEET_NAMES[chain.loser]} fleet set off an endless loop of attacks"
        return replace(s, phase=Phase.OVER, outcome=Outcome(seat, reason))
    return s._auto_end()


def next_turn(s: State) -> State:
    return replace(
        s,
        active=1 - s.active,
        turn=s.turn + 1,
        changed=False,
        acted=0,
        bonus=0,
        grounded=0,
        wind_last=False,
        events=s.events,
    )
