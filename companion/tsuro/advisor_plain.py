"""A step of a sampled round drawn as the game would go, whatever it does to the advised
ship: the advisor's rounds fall back on it wherever a step cannot touch the ship."""

from __future__ import annotations

import random

from companion.core.board import Side
from companion.tsuro.actions import Bonus, Die, Draw, Facing, Roll
from companion.tsuro.piles import UNKNOWN
from companion.tsuro.placement import FINE, resolve
from companion.tsuro.state import ROTATIONS, Phase, State, replace

_ROLLS = tuple(Roll(g, b) for g in range(1, 7) for b in range(1, 7))
_DIE = tuple(Die(f) for f in range(1, 7))
_FACINGS = tuple(Facing(side) for side in Side)
_UNSEEN = Draw(None)
_TRIES = 10_000  # draws of a step's outcome before its survival counts as nil


def _settled(s: State) -> State:
    """Past the elimination bonus, which the advice does not weigh: the hand is kept."""
    return s.apply(Bonus()) if s.phase is Phase.BONUS else s


def plain(s: State, rng: random.Random) -> State:
    """The next state, drawn as the game would go."""
    ph = s.phase
    if ph in (Phase.DEAL, Phase.DRAW):
        return s.apply(_UNSEEN)
    if ph is Phase.PLACE:
        hand = s.hands[s.active]
        if UNKNOWN in hand:  # the tiles this player holds, as far as anyone can tell
            s = _dealt(s, hand, rng)
        return _settled(s.apply_tile(_any_legal(s, rng)))
    if ph in (Phase.TURN_ROLL, Phase.DAIKAIJU_ROLL):
        return s.apply(rng.choice(_ROLLS))
    if ph is Phase.DAIKAIJU_DIE:
        return s.apply(rng.choice(_DIE))
    if ph is Phase.DAIKAIJU_FACING:
        return s.apply(rng.choice(_FACINGS))
    if ph is Phase.DAIKAIJU_DRAW:
        return s.apply(rng.choice(s.chance_outcomes())[0])  # an even chance each
    return _settled(s.apply(rng.choice(s.legal_actions())))


def _dealt(s: State, hand: tuple[int, ...], rng: random.Random) -> State:
    """The active hand's unseen tiles drawn from the unseen ones, each set as likely:
    ``State.with_hand`` without its checks, which tiles taken from ``unseen`` always pass."""
    pool = list(s.pile.unseen)
    drawn = [pool.pop(rng.randrange(len(pool))) for t in hand if t == UNKNOWN]
    known = tuple(sorted([t for t in hand if t != UNKNOWN] + drawn))
    a = s.active
    hands = (*s.hands[:a], known, *s.hands[a + 1 :])
    return replace(s, hands=hands, pile=s.pile.learn(drawn))


def _any_legal(s: State, rng: random.Random) -> int:
    """One of ``s.legal_tiles()``, each as likely, mostly without ranking the whole hand.

    The placements are tried in an order drawn at random until one keeps the mover's ship
    afloat (rank 0): the first such in a random order is any of them as likely. Only a
    hand with none (then the legal set is of its best rank) is ranked whole.
    """
    if s.vet is not None:
        return rng.choice(s.legal_tiles())
    tiles = [o for t in sorted(set(s.hands[s.active])) for o in ROTATIONS[t]]
    g, board, ships, active = s.grid, s.board, s.ships, s.active
    sq, blocked, meeting = s.front_square(active), s.daikaiju_squares(), s.game.meeting
    while tiles:
        i = rng.randrange(len(tiles))
        o = tiles[i]
        tiles[i] = tiles[-1]
        tiles.pop()
        if resolve(g, board, blocked, ships, active, sq, o, meeting).rank == FINE:
            return o
    return rng.choice(s.legal_tiles())
