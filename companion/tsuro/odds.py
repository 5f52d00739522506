"""Exact odds of losing a ship in the next daikaiju phase (Tsuro of the Seas).

Nothing is sampled: every chance point of the phase is enumerated through the rules
engine itself, with the dice distributions as exact fractions. Which daikaiju tile comes
up and how it faces do not matter within the phase (a new daikaiju does not move on the
turn it arrives), so those points are followed along one branch.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from companion.core.board import Side
from companion.tsuro.actions import Action, Die, Facing, Place, Roll
from companion.tsuro.state import Phase, State, advance_turn

_PHASE_STEPS = frozenset(
    {
        Phase.TURN_ROLL,
        Phase.DAIKAIJU_DIE,
        Phase.DAIKAIJU_ROLL,
        Phase.DAIKAIJU_DRAW,
        Phase.DAIKAIJU_FACING,
        Phase.TSUNAMI_DIE,
        Phase.UZUSHIO,
        Phase.UZUSHIO_DIE,
    }
)
_TRIGGER = Fraction(16, 36)  # gold + blue shows 6, 7 or 8 in 5 + 6 + 5 of the 36 throws


def danger(state: State) -> dict[int, Fraction]:
    """Each ship's chance of being lost in the coming daikaiju phase.

    From a state inside a daikaiju phase that phase is meant; otherwise the phase that
    opens the next player's turn, on the board as it stands.
    """
    if not state.game.has_daikaiju or state.is_terminal() or state.turn == 0:
        return {seat: Fraction(0) for seat in state.alive()}
    start = state if state.phase in _PHASE_STEPS and state.turn > 0 else advance_turn(state)
    alive = state.alive()
    acc: dict[int, Fraction] = defaultdict(Fraction)
    for seat in alive:
        if start.ships[seat] < 0:
            acc[seat] = Fraction(1)
    if not start.is_terminal():
        _explore(start, start.turn, Fraction(1), acc, [s for s in alive if start.ships[s] >= 0])
    return {seat: acc[seat] for seat in alive}


def _explore(s: State, turn: int, p: Fraction, acc: dict[int, Fraction], alive: list[int]) -> None:
    if s.turn != turn or s.phase not in _PHASE_STEPS:
        for seat in alive:
            if s.ships[seat] < 0:
                acc[seat] += p
        return
    for after, chance in _branches(s):
        _explore(after, turn, p * chance, acc, alive)


def phoenix_holders(state: State) -> list[int]:
    """The seats afloat that hold the Phoenix tile now."""
    from companion.tsuro.veterans.pieces import PHOENIX, held

    if state.vet is None or not state.vet.held:
        return []
    return [seat for seat in state.alive() if held(state, seat, PHOENIX) > 0]


def danger_with_phoenix(state: State) -> dict[int, Fraction]:
    """For each seat holding the Phoenix, its ship's chance of being lost in the coming
    phase (as :func:`danger`) when its owner discards the tile to reroll whichever roll of
    the phase would otherwise cost the ship most: after each roll the owner compares the
    chance with the roll kept (the tile still in hand) and the chance the roll made again
    gives (without the tile), and takes the smaller. The Phoenix is one tile: one reroll.
    A roll already shown is not counted (``phoenix`` undoes it at once, if the owner likes).
    """
    holders = phoenix_holders(state)
    if not holders or not state.game.has_daikaiju or state.is_terminal() or state.turn == 0:
        return {seat: Fraction(0) for seat in holders}
    start = state if state.phase in _PHASE_STEPS and state.turn > 0 else advance_turn(state)
    return {seat: _values(start, start.turn, seat)[1] for seat in holders}


def _branches(s: State) -> list[tuple[State, Fraction]]:
    """The phase's next states from ``s`` with their chances, grouped as :func:`_explore`
    groups them (throws that lead to the same state as one branch)."""
    if s.phase is Phase.TURN_ROLL:
        return [(s.apply(Roll(3, 3)), _TRIGGER), (s.apply(Roll(1, 1)), 1 - _TRIGGER)]
    if s.phase is Phase.UZUSHIO:
        return [(s.apply(_skip_uzushio()), Fraction(1))]
    if s.phase in (Phase.DAIKAIJU_DIE, Phase.TSUNAMI_DIE, Phase.UZUSHIO_DIE):
        return [(s.apply(Die(face)), Fraction(1, 6)) for face in range(1, 7)]
    if s.phase is Phase.DAIKAIJU_ROLL:
        taken = s.daikaiju_squares()
        throws: dict[int, list[Roll]] = defaultdict(list)
        for g in range(1, 7):
            for b in range(1, 7):
                sq = s.grid.index(s.game.board.dice_square(g, b))
                if sq not in taken:
                    throws[sq].append(Roll(g, b))
        total = sum(len(v) for v in throws.values())
        return [(s.apply(rolls[0]), Fraction(len(rolls), total)) for rolls in throws.values()]
    if s.phase is Phase.DAIKAIJU_DRAW:
        return [(s.apply(s.chance_outcomes()[0][0]), Fraction(1))]
    return [(s.apply(Facing(Side.NORTH)), Fraction(1))]


_REROLLABLE = frozenset({Phase.TURN_ROLL, Phase.DAIKAIJU_DIE, Phase.TSUNAMI_DIE,
                         Phase.UZUSHIO_DIE, Phase.DAIKAIJU_ROLL})
"""The phase's steps that are real rolls (the uzushio choice, the tile turned up and its
facing change nothing within the phase)."""


def _values(s: State, turn: int, seat: int) -> tuple[Fraction, Fraction]:
    """The chance ``seat``'s ship is lost by the end of the phase from ``s``, without the
    Phoenix and with it still in hand (one walk of the tree gives both)."""
    if s.ships[seat] < 0:
        return Fraction(1), Fraction(1)
    if s.turn != turn or s.phase not in _PHASE_STEPS:
        return Fraction(0), Fraction(0)
    children = [(p, *_values(c, turn, seat)) for c, p in _branches(s)]
    without = sum((p * f for p, f, _ in children), Fraction(0))
    if s.phase not in _REROLLABLE:
        return without, sum((p * w for p, _, w in children), Fraction(0))
    # after this roll: keep it (tile still held), or make it again (tile spent)
    return without, sum((p * min(w, without) for p, _, w in children), Fraction(0))


def placement_risk(state: State, place: Place) -> Fraction:
    """The chance that the active ship is lost by this placement or in the next phase."""
    return _risk_after(state.apply(place), state.active)


def _risk_after(after: State, seat: int) -> Fraction:
    if after.ships[seat] < 0:
        return Fraction(1)
    # the bonus as it stands (or the reference's keep), a taihou fired to save a ship
    while after.phase is Phase.BONUS or after.phase is Phase.TAIHOU_SAVE:
        after = after.apply(after.legal_actions()[0])
    if after.phase is Phase.TSUNAMI_DIE:
        # rolls for ships that sailed into the tsunami's line: each face in turn
        return sum((_risk_after(after.apply(Die(f)), seat) for f in range(1, 7)), Fraction(0)) / 6
    if after.is_terminal():
        return Fraction(0)
    return danger(after).get(seat, Fraction(0))


def placement_risks(state: State) -> list[tuple[Place, Fraction]]:
    """Every legal placement the companion can see, with its risk to the active ship."""
    return [(a, placement_risk(state, a)) for a in state.legal_actions() if isinstance(a, Place)]


def _skip_uzushio() -> Action:
    # The uzushio is the expansion's: only a game that has it reaches this point.
    from companion.tsuro.veterans.actions import SkipUzushio

    return SkipUzushio()
