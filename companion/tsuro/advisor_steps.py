"""One step of a sampled round, conditioned on the advised ship surviving it.

The advisor's sampled rounds are Rao-Blackwellised: where a step can sink the advised
ship (another player laying a tile, a daikaiju die, a new daikaiju's square, the roll that
opens the advised player's own turn), :func:`step` works out exactly the chance the ship
survives that step, and carries on from an outcome drawn among the ones it survives. A
round's estimate is the product of those chances: its expectation is the survival chance
itself (by induction over the steps: ``V(s) = q(s) * E[V(next) | survived]``), and it
varies far less than a 0-or-1 playout. Steps that cannot touch the ship are drawn as they
come. Leaving a step unconditioned never biases the estimate; it only keeps its variance.

The exact parts live beside it: another player's tile in :mod:`companion.tsuro.advisor_tiles`,
the daikaiju phases in :mod:`companion.tsuro.advisor_phase_odds`, and the steps drawn as
they come in :mod:`companion.tsuro.advisor_plain` (:func:`own_opening` and the tile odds
are still to be found under this module's name too).
"""

from __future__ import annotations

import random

from companion.tsuro.actions import Roll
from companion.tsuro.advisor_phase_odds import (
    _WAKE,
    _named,
    _risky_faces,
    new_daikaiju_odds,
    others_phase_odds,
)
from companion.tsuro.advisor_phase_odds import own_opening as own_opening
from companion.tsuro.advisor_plain import _DIE, _ROLLS, _TRIES, plain
from companion.tsuro.advisor_tiles import Tables, _place, may_sink
from companion.tsuro.advisor_tiles import _lethal_odds as _lethal_odds
from companion.tsuro.state import Phase, State

_DK_STEPS = frozenset({Phase.DAIKAIJU_DRAW, Phase.DAIKAIJU_FACING})
_PHASE = frozenset({Phase.TURN_ROLL, Phase.DAIKAIJU_DIE, Phase.DAIKAIJU_ROLL, *_DK_STEPS})


def _die(s: State, seat: int, rng: random.Random, targets: set[int]) -> tuple[State, float]:
    """The daikaiju die on the advised player's own turn, drawn among the faces the ship
    survives. The six (a new daikaiju, whose throw is a step of its own) and the faces
    that bring no daikaiju onto the ship's squares are safe unless one stands on them
    already; only the other faces are played out before the draw."""
    if targets & s.daikaiju_squares():
        return _pick([(1 / 6, s.apply(d)) for d in _DIE], seat, rng)
    risky = _risky_faces(s, targets)
    safe = [5, *(f for f in range(5) if not risky[f])]
    alive = [(1 / 6, x) for f in range(5) if risky[f] for x in [s.apply(_DIE[f])]]
    alive = [(p, x) for p, x in alive if x.ships[seat] >= 0]
    q = (len(safe) + len(alive)) / 6
    if rng.random() * q < len(safe) / 6:
        return s.apply(_DIE[safe[rng.randrange(len(safe))]]), q
    return alive[rng.randrange(len(alive))][1], q


def _pick(
    branches: list[tuple[float, State]], seat: int, rng: random.Random
) -> tuple[State, float]:
    alive = [(p, x) for p, x in branches if x.ships[seat] >= 0]
    q = sum(p for p, _ in alive)
    if not alive:
        return branches[0][1], 0.0
    r = rng.random() * q
    for p, x in alive:
        r -= p
        if r < 0:
            return x, q
    return alive[-1][1], q


def _targets(s: State, seat: int) -> set[int]:
    """The squares a daikaiju arriving on can sink the advised ship: the one it stands on,
    and on its own turn the one in front of it."""
    out = {s.grid.behind(s.ships[seat])} - {-1}
    if s.active == seat:
        out.add(s.front_square(seat))
    return out


_REACH: dict[tuple[frozenset[int], int, int], frozenset[int]] = {}


def _near(s: State, squares: set[int]) -> bool:
    """Whether a daikaiju stands on one of ``squares`` or next to it (a die can bring it
    there: each moves one square at most)."""
    taken = s.daikaiju_squares()
    g = s.grid
    key = (taken, g.rows, g.cols)
    reach = _REACH.get(key)
    if reach is None:
        around = {g.neighbour(sq, side) for sq in taken for side in range(4)}
        reach = _REACH[key] = frozenset(taken | around)
    return not reach.isdisjoint(squares)


def _dk_roll(s: State, seat: int, rng: random.Random) -> tuple[State, float]:
    targets = _targets(s, seat)
    taken = s.daikaiju_squares()
    rolls: dict[int, list[Roll]] = {}
    for roll, sq in zip(_ROLLS, _named(s), strict=True):
        if sq not in taken:
            rolls.setdefault(sq, []).append(roll)
    if not targets & rolls.keys():
        return plain(s, rng), 1.0
    n = sum(len(v) for v in rolls.values())
    rest = [r for sq, v in rolls.items() if sq not in targets for r in v]
    branches: list[tuple[float, State]] = []
    for sq in targets & rolls.keys():
        x = s.apply(rolls[sq][0])
        while x.phase in _DK_STEPS and x.ships[seat] >= 0:  # the tile and its facing drawn
            x = plain(x, rng)
        branches.append((len(rolls[sq]) / n, x))
    if rest:  # the other squares share one branch: a throw drawn among them
        branches.append((len(rest) / n, s.apply(rest[rng.randrange(len(rest))])))
    return _pick(branches, seat, rng)


class Trace:
    """What a step tells the rounds shared between placements: whether it drew an outcome
    again because the ship did not survive the first (:mod:`companion.tsuro.advisor_share`)."""

    __slots__ = ("redrawn",)

    def __init__(self) -> None:
        self.redrawn = False


def step(
    s: State, seat: int, rng: random.Random, tables: Tables, trace: Trace | None = None
) -> tuple[State, float]:
    """The next state of a round, and the chance the advised ship survived the step (1.0
    where it cannot be touched); the state is drawn among the outcomes it survives.

    Another player's daikaiju phase is one step, from the turn's roll to the placement;
    the advised player's own is taken throw by throw.
    """
    if s.game.veterans is not None:
        return plain(s, rng), 1.0  # the expansion's pieces sink ships in ways not weighed here
    ph = s.phase
    if ph is Phase.PLACE:
        if s.active != seat and may_sink(s, seat):
            return _place(s, seat, rng, tables)
    elif ph is Phase.TURN_ROLL:
        if s.active != seat:
            return _others_phase(s, seat, rng, trace)
        wake, calm = s.apply(Roll(3, 3)), s.apply(Roll(1, 1))  # only the total counts
        return _pick([(_WAKE, wake), (1 - _WAKE, calm)], seat, rng)
    elif ph is Phase.DAIKAIJU_DIE:
        targets = _targets(s, seat)
        if _near(s, targets):
            return _die(s, seat, rng, targets)
    elif ph is Phase.DAIKAIJU_ROLL:
        if s.active != seat and s.to_place == 1:
            return _phase(s, seat, rng, new_daikaiju_odds(s, seat), trace)
        if s.active != seat:
            return _one_daikaiju(s, seat, rng, trace)
        return _dk_roll(s, seat, rng)
    return plain(s, rng), 1.0


def _others_phase(
    s: State, seat: int, rng: random.Random, trace: Trace | None
) -> tuple[State, float]:
    """Another player's daikaiju phase, from the turn's roll to the placement, as one
    step: played as it comes, and played again from its roll until the ship survives it
    (:func:`others_phase_odds` is the chance it does)."""
    if s.grid.behind(s.ships[seat]) < 0:
        return _play_phase(s, rng), 1.0
    q = others_phase_odds(s, seat)
    for _ in range(_TRIES):
        x = s.apply(_ROLLS[rng.randrange(36)])
        if x.phase is Phase.DAIKAIJU_DIE:
            face = rng.randrange(6)
            x = x.apply(_DIE[face])
            if face == 5 and x.phase is Phase.DAIKAIJU_ROLL and x.turn == s.turn:
                # the new daikaiju's throw, among those naming a free square
                taken = x.daikaiju_squares()
                throws = [r for r, sq in zip(_ROLLS, _named(x), strict=True) if sq not in taken]
                x = x.apply(throws[rng.randrange(len(throws))])
                while x.phase in _DK_STEPS:  # the tile turned up and its facing
                    x = plain(x, rng)
        if x.ships[seat] >= 0:
            return x, q
        if trace is not None:
            trace.redrawn = True
    return s, 0.0


def _play_phase(s: State, rng: random.Random) -> State:
    """The daikaiju phase under way played to its end, every outcome as it comes."""
    x = s
    while x.turn == s.turn and x.phase in _PHASE:
        x = plain(x, rng)
    return x


def _phase(
    s: State, seat: int, rng: random.Random, q: float, trace: Trace | None
) -> tuple[State, float]:
    """The daikaiju phase under way played to its end, drawn until the ship survives it
    (``q`` is the chance it does, worked out beforehand)."""
    if q <= 0.0:
        return s, 0.0
    for _ in range(_TRIES):
        x = s
        while x.turn == s.turn and x.phase in _PHASE and x.ships[seat] >= 0:
            x = plain(x, rng)
        if x.ships[seat] >= 0:
            return x, q
        if trace is not None:
            trace.redrawn = True
    return s, 0.0


def _one_daikaiju(
    s: State, seat: int, rng: random.Random, trace: Trace | None
) -> tuple[State, float]:
    """One new daikaiju of several at the start of another player's turn: its throw (again
    on a square a daikaiju holds), tile and facing, drawn until it misses the ship."""
    q = new_daikaiju_odds(s, seat)
    if q <= 0.0:
        return s, 0.0
    for _ in range(_TRIES):
        x = s
        while x.turn == s.turn and (
            x.phase in _DK_STEPS or (x.phase is Phase.DAIKAIJU_ROLL and x.to_place == s.to_place)
        ):
            x = plain(x, rng)
        if x.ships[seat] >= 0:
            return x, q
        if trace is not None:
            trace.redrawn = True
    return s, 0.0
