"""The advisor's exact answer: every way the round can go, each with its chance, walked to
the end of the round while the tree stays within the budget (:class:`_TooBig` once it
does not: the advisor samples instead)."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from companion.tsuro.actions import Roll
from companion.tsuro.advisor_plain import _ROLLS, _UNSEEN, _settled
from companion.tsuro.piles import UNKNOWN
from companion.tsuro.state import Phase, State

_OPENING = frozenset(
    {
        Phase.TURN_ROLL,
        Phase.DAIKAIJU_DIE,
        Phase.DAIKAIJU_ROLL,
        Phase.DAIKAIJU_DRAW,
        Phase.DAIKAIJU_FACING,
    }
)
_WAKE = Fraction(16, 36)  # gold + blue shows 6, 7 or 8


class _TooBig(Exception):
    """The exact tree is larger than the budget: sample instead."""


def _round_over(s: State, seat: int, turn_seen: bool) -> bool | None:
    """True or False when the round has ended with the ship afloat or lost; else None."""
    if s.ships[seat] < 0:
        return False
    if s.is_terminal():
        return True
    if turn_seen and (s.active != seat or s.phase not in _OPENING):
        return True
    return None


def _opens_turn(s: State, seat: int) -> bool:
    return any(e.kind == "turn" and e.seat == seat for e in s.events)


def _exact(s: State, seat: int, budget: list[int], turn_seen: bool = False) -> Fraction:
    over = _round_over(s, seat, turn_seen)
    if over is not None:
        return Fraction(int(over))
    budget[0] -= 1
    if budget[0] < 0:
        raise _TooBig
    total = Fraction(0)
    for nxt, p in _outcomes(s):
        total += p * _exact(nxt, seat, budget, turn_seen or _opens_turn(nxt, seat))
    return total


def _outcomes(s: State) -> list[tuple[State, Fraction]]:
    """Every way the next step can go, with its chance."""
    ph = s.phase
    if ph in (Phase.DEAL, Phase.DRAW):
        return [(s.apply(_UNSEEN), Fraction(1))]  # who holds which tile is settled when laid
    if ph is Phase.TURN_ROLL:  # only whether the daikaiju wake matters
        return [(s.apply(Roll(3, 3)), _WAKE), (s.apply(Roll(1, 1)), 1 - _WAKE)]
    if ph is Phase.DAIKAIJU_ROLL:
        # a throw naming a daikaiju's square is thrown again: the free squares share it all
        taken = s.daikaiju_squares()
        throws: dict[int, list[Roll]] = defaultdict(list)
        for roll in _ROLLS:
            sq = s.grid.index(s.game.board.dice_square(roll.gold, roll.blue))
            if sq not in taken:
                throws[sq].append(roll)
        n = sum(len(v) for v in throws.values())
        return [(s.apply(v[0]), Fraction(len(v), n)) for v in throws.values()]
    if ph in (Phase.DAIKAIJU_DIE, Phase.DAIKAIJU_DRAW, Phase.DAIKAIJU_FACING):
        return [(s.apply(a), p) for a, p in s.chance_outcomes()]
    if ph is Phase.PLACE:
        hand = s.hands[s.active]
        if UNKNOWN in hand:
            unseen = s.pile.unseen
            counts: dict[int, int] = defaultdict(int)
            for t in unseen:
                counts[t] += 1
            return [(_learn(s, t), Fraction(c, len(unseen))) for t, c in sorted(counts.items())]
        tiles = s.legal_tiles()
        return [(_settled(s.apply_tile(t)), Fraction(1, len(tiles))) for t in tiles]
    legal = s.legal_actions()  # start marks, relocations
    return [(_settled(s.apply(a)), Fraction(1, len(legal))) for a in legal]


def _learn(s: State, tile: int) -> State:
    """One unseen tile of the active hand turns out to be ``tile``."""
    return s.with_tile_known(s.active, tile)
