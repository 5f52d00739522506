"""The exact odds of losing a ship with the Phoenix used to save it, against a seeded
Monte-Carlo run of the same phases through the rules engine (the reroll made by the
engine's own ``phoenix`` action)."""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from random import Random

from builders import build

from companion.core.board import Side, Square
from companion.tsuro.actions import Die
from companion.tsuro.odds import (
    _PHASE_STEPS,
    _REROLLABLE,
    _values,
    danger,
    danger_with_phoenix,
    phoenix_holders,
)
from companion.tsuro.state import Phase, State, advance_turn
from companion.tsuro.veterans.actions import Phoenix, SkipUzushio
from companion.tsuro.veterans.engine import TSUNAMI_CARD
from companion.tsuro.veterans.pieces import phoenix_choices
from companion.tsuro.veterans.tsunami import Tsunami


def _holding(s: State, seat: int) -> State:
    assert s.vet is not None
    held = list(s.vet.held)
    held[seat] = (0, 0, 1)
    pile = (s.vet.pile[0], s.vet.pile[1], 0)
    return replace(s, vet=replace(s.vet, held=tuple(held), pile=pile))


def _swept(seat: int = 2) -> State:
    """Green stands in the tsunami's next line; daikaiju in three corners."""
    s = build("tsuro-of-the-seas", ("red", "blue", "green"), options=["veterans", "phoenix"],
              board={"r5c5": "10326745", "r2c2": "10327654"},
              ships={"red": "r1c3:0", "blue": "r2c3:7", "green": "r5c6:7"},
              daikaiju=[("1G", "r7c7", "north"), ("2G", "r7c1", "north"),
                        ("3G", "r1c7", "north")],
              hands={"red": ["52167034"], "blue": ["10327654"], "green": ["72143650"]})
    s = replace(s, dk_deck=tuple(c for c in s.dk_deck if c != TSUNAMI_CARD))
    assert s.vet is not None
    s = replace(s, vet=replace(s.vet, tsunami=Tsunami(s.grid.index(Square.parse("r3c4")), Side.EAST,
                                                      0, 0)))
    return _holding(s, seat)


def _beside_daikaiju() -> State:
    """No tsunami: red, next to play, holds the Phoenix and faces r3c5 beside 1G (the
    position of tests/test_odds.py, where red's plain odds are 4/51)."""
    s = build("tsuro-of-the-seas", ("blue", "red"), options=["phoenix"],
              board={"r3c4": "52167034"}, ships={"blue": "r7c5:4", "red": "r3c5:7"},
              daikaiju=[("1G", "r4c4", "north"), ("5G", "r6c1", "north"),
                        ("5B", "r1c7", "north")],
              hands={"blue": ["72143650"]}, phase=Phase.PLACE, active="blue")
    return _holding(s, 1)


def _sample(start: State, seat: int, rng: Random, values: dict[State, tuple[Fraction, Fraction]]
            ) -> bool:
    """One playing of the phase: True when ``seat``'s ship is lost. The holder rerolls
    when the roll just made costs it more than a new one would."""

    def vals(s: State) -> tuple[Fraction, Fraction]:
        if s not in values:
            values[s] = _values(s, start.turn, seat)
        return values[s]

    name = start.game.players[seat]
    s, holds = start, True
    while s.turn == start.turn and s.phase in _PHASE_STEPS:
        if s.phase is Phase.UZUSHIO:
            s = s.apply(SkipUzushio())
            continue
        outcomes = s.chance_outcomes()
        action = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
        after = s.apply(action)
        if holds and s.phase in _REROLLABLE and vals(after)[1] > vals(s)[0]:
            assert Phoenix(name) in phoenix_choices(after)
            again = after.apply(Phoenix(name))
            assert again.phase is s.phase and again.ships == s.ships
            s, holds = again, False
            continue
        s = after
    return s.ships[seat] < 0


def _monte_carlo(start: State, seat: int, runs: int, seed: int) -> float:
    rng = Random(seed)
    values: dict[State, tuple[Fraction, Fraction]] = {}
    return sum(_sample(start, seat, rng, values) for _ in range(runs)) / runs


def _close(estimate: float, exact: Fraction, runs: int) -> bool:
    p = float(exact)
    return abs(estimate - p) <= 4 * math.sqrt(max(p * (1 - p), 1e-4) / runs)


def test_the_holder_of_the_phoenix_has_lower_exact_odds_with_it() -> None:
    s = _swept()
    assert phoenix_holders(s) == [2]
    without, with_it = danger(s)[2], danger_with_phoenix(s)[2]
    assert isinstance(with_it, Fraction) and 0 < with_it < without
    # the tsunami's roll alone: lost on 1 or 2 of a die, a losing roll made again
    assert with_it < without * Fraction(1, 2)
    assert set(danger_with_phoenix(s)) == {2}  # only the holder has a second figure


def test_tsunami_and_daikaiju_odds_with_the_phoenix_match_a_seeded_monte_carlo() -> None:
    s = _swept()
    start = advance_turn(s)
    assert start.phase is Phase.TSUNAMI_DIE
    runs = 1500
    exact = danger_with_phoenix(s)[2]
    assert _close(_monte_carlo(start, 2, runs, seed=13), exact, runs)
    # the same engine without the reroll gives the plain odds, not these
    plain = danger(s)[2]
    assert not _close(float(exact), plain, runs)


def test_daikaiju_odds_with_the_phoenix_match_a_seeded_monte_carlo() -> None:
    s = _beside_daikaiju()
    without, with_it = danger(s)[1], danger_with_phoenix(s)[1]
    assert without == Fraction(4, 51) and 0 < with_it < without
    start = advance_turn(s)
    runs = 1500
    estimate = _monte_carlo(start, 1, runs, seed=7)
    assert _close(estimate, with_it, runs) and not _close(estimate, without, runs)


def test_a_ship_sunk_by_a_tsunami_roll_can_still_be_saved_by_the_phoenix() -> None:
    start = advance_turn(_swept())
    assert start.phase is Phase.TSUNAMI_DIE and start.vet is not None
    assert start.vet.rolls == (2,)
    sunk = start.apply(Die(1))
    assert sunk.ships[2] < 0
    assert phoenix_choices(sunk) == [Phoenix("green")]
    again = sunk.apply(Phoenix("green"))
    assert again.ships == start.ships and again.phase is Phase.TSUNAMI_DIE
    assert again.vet is not None and again.vet.held[2][2] == 0
    assert phoenix_choices(again.apply(Die(1))) == []  # one tile, one reroll


def test_no_phoenix_no_second_figure() -> None:
    s = _swept()
    assert s.vet is not None
    none = replace(s, vet=replace(s.vet, held=tuple((0, 0, 0) for _ in s.game.players)))
    assert danger_with_phoenix(none) == {}
