"""The tsunami: two tiles, the gold one on the board sweeping toward the blue one.

The gold-arrowed tile comes into play like a daikaiju (shuffled into the daikaiju deck);
the blue-arrowed one then goes beyond the board's edge, in line with it, the 2s of both
tiles facing each other. At the start of each turn the gold tile moves one square toward
the blue one over whatever lies there; off the board, both leave the game for good.
Otherwise the connecting number steps on (``TsunamiRules.sequence``), and each ship in
the *line* (the squares across the board through the gold tile, square to its way of
travel) rolls a die and is lost below the number. A ship that moves into the line later
rolls the same way each time it enters.

Squares are the engine's indices (``row * cols + col``, from 0); ``Side`` values give
the way of travel.

>>> from companion.tsuro.veterans.data import load_veterans
>>> rules = load_veterans().tsunami
>>> t = bring_in(2 * 7 + 3, Side.EAST, 7, 7, rules, seat=1)   # r3c4, arrow east
>>> t.heading, t.number(rules)
(<Side.EAST: 1>, 2)
>>> step = advance(t, 7, 7)
>>> step.tsunami.square, step.tsunami.number(rules)                  # r3c5, now 3
(18, 3)
>>> loss_chance(3)
Fraction(1, 3)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import pairwise, product
from typing import NamedTuple

from companion.core.board import Side, Square
from companion.tsuro.veterans.data import TsunamiRules

DIE_FACES = 6


class TsunamiError(ValueError):
    """A tsunami asked to do what the rules do not allow."""


@dataclass(frozen=True, slots=True)
class Tsunami:
    """The gold tile on the board and the way it travels (toward the blue tile)."""

    square: int
    heading: Side
    step: int = 0
    """How many tsunami phases have turned the tiles on (an index into the sequence)."""
    brought_by: int = -1
    """The seat whose turn brought it in (-1: placed at setup); the reference records it."""

    def number(self, rules: TsunamiRules) -> int:
        """The connecting number the two tiles show now."""
        return rules.number(self.step)

    def line(self, rows: int, cols: int) -> frozenset[int]:
        """The squares of the row (or column) through the gold tile, square to its travel."""
        r, c = divmod(self.square, cols)
        if self.heading in (Side.EAST, Side.WEST):
            return frozenset(rr * cols + c for rr in range(rows))
        return frozenset(r * cols + cc for cc in range(cols))

    def blue_square(self, rows: int, cols: int) -> Square:
        """Where the blue tile lies: just beyond the edge the gold one travels toward."""
        r, c = divmod(self.square, cols)
        dr, dc = self.heading.step
        if dr:
            return Square(0 if dr < 0 else rows + 1, c + 1)
        return Square(r + 1, 0 if dc < 0 else cols + 1)


def _to_edge(square: int, side: Side, rows: int, cols: int) -> int:
    """Squares between ``square`` and the board's edge on ``side``."""
    r, c = divmod(square, cols)
    return (r, cols - 1 - c, rows - 1 - r, c)[side]


def bring_in(
    square: int, facing: Side, rows: int, cols: int, rules: TsunamiRules, seat: int = -1
) -> Tsunami:
    """The gold tile has arrived on ``square`` with its arrow ``facing``: where is blue?

    ``facing``: blue goes to the edge the gold arrow points at. ``nearest``: to the
    closest edge in line with the gold tile; on a tie, the first of those clockwise from
    the arrow.
    """
    if not 0 <= square < rows * cols:
        raise TsunamiError(f"square {square} is off the {rows}x{cols} board")
    heading = facing
    if rules.blue_edge == "nearest":
        order = [Side((facing + k) % 4) for k in range(4)]
        heading = min(order, key=lambda s: _to_edge(square, s, rows, cols))
    return Tsunami(square, heading, 0, seat)


class Step(NamedTuple):
    """One tsunami phase's move: the tsunami afterwards (None when it left the board)."""

    tsunami: Tsunami | None
    frm: int
    to: int
    """The square moved to; -1 when the gold tile went off the board."""


def advance(t: Tsunami, rows: int, cols: int) -> Step:
    """Move one square toward blue; off the board both tiles go; else the number steps on.

    The step index is capped by :meth:`TsunamiRules.number`, so it simply counts phases.
    """
    r, c = divmod(t.square, cols)
    dr, dc = t.heading.step
    nr, nc = r + dr, c + dc
    if not (0 <= nr < rows and 0 <= nc < cols):
        return Step(None, t.square, -1)
    to = nr * cols + nc
    return Step(replace(t, square=to, step=t.step + 1), t.square, to)


def ship_square(position: int, behind: int, rule: str) -> int:
    """The square a ship counts as being in: see ``TsunamiRules.ship_square``.

    ``position`` is the engine's ship position (square it faces * 8 + point); ``behind``
    the square whose tile it stands on, -1 on a start mark.
    """
    if rule == "standing" and behind >= 0:
        return behind
    return position >> 3


def at_risk(line: Iterable[int], ship_squares: Mapping[int, int]) -> tuple[int, ...]:
    """The seats (in seat order) whose ships are in the line."""
    sq = frozenset(line)
    return tuple(seat for seat in sorted(ship_squares) if ship_squares[seat] in sq)


def entries(visited: Sequence[int], line: Iterable[int]) -> int:
    """How many times a ship visiting these squares, in order, enters the line.

    ``visited[0]`` is where it started; moving along the line is not entering it again.

    >>> entries([5, 12, 19, 26, 25, 18], {12, 19, 26})
    1
    >>> entries([12, 5, 12, 11], {12})
    1
    >>> entries([4, 12, 13, 12], {12})
    2
    """
    sq = frozenset(line)
    return sum(1 for a, b in pairwise(visited) if b in sq and a not in sq)


def loss_chance(number: int, rerolls: int = 0) -> Fraction:
    """The chance one roll of a die is below ``number``, each reroll taken on a loss.

    >>> loss_chance(2), loss_chance(4), loss_chance(4, rerolls=1)
    (Fraction(1, 6), Fraction(1, 2), Fraction(1, 4))
    """
    one = Fraction(min(max(number - 1, 0), DIE_FACES), DIE_FACES)
    return one ** (1 + rerolls)


def is_lost(face: int, number: int) -> bool:
    """A ship whose die shows ``face`` is lost when the face is below the number."""
    if not 1 <= face <= DIE_FACES:
        raise TsunamiError(f"a die shows 1-6, not {face}")
    return face < number


def phase_odds(
    t: Tsunami,
    rows: int,
    cols: int,
    rules: TsunamiRules,
    ship_squares: Mapping[int, int],
    rerolls: Mapping[int, int] | None = None,
) -> dict[int, Fraction]:
    """Each ship's exact chance of being lost in the coming tsunami phase.

    ``ship_squares`` maps each seat afloat to the square it counts as in; ``rerolls``
    how many rerolls (Phoenix tiles) a seat would spend on a losing roll.
    """
    step = advance(t, rows, cols)
    odds = {seat: Fraction(0) for seat in ship_squares}
    if step.tsunami is None:
        return odds
    number = step.tsunami.number(rules)
    for seat in at_risk(step.tsunami.line(rows, cols), ship_squares):
        odds[seat] = loss_chance(number, (rerolls or {}).get(seat, 0))
    return odds


def phase_outcomes(seats: Sequence[int], number: int) -> list[tuple[frozenset[int], Fraction]]:
    """Every set of ships lost together when ``seats`` each roll against ``number``.

    Exact: each ship is lost independently with :func:`loss_chance`. The sets together
    have probability 1 (the set may be empty).

    >>> sorted((sorted(s), p) for s, p in phase_outcomes([0, 2], 3))
    [([], Fraction(4, 9)), ([0], Fraction(2, 9)), ([0, 2], Fraction(1, 9)), ([2], Fraction(2, 9))]
    """
    p = loss_chance(number)
    out: list[tuple[frozenset[int], Fraction]] = []
    for fates in product((False, True), repeat=len(seats)):
        lost = frozenset(s for s, f in zip(seats, fates, strict=True) if f)
        chance = Fraction(1)
        for f in fates:
            chance *= p if f else 1 - p
        out.append((lost, chance))
    return out


def square_name(square: int, cols: int) -> str:
    r, c = divmod(square, cols)
    return Square(r + 1, c + 1).name()


def move_sentence(step: Step, cols: int) -> str:
    """What the table does with the tiles in one tsunami phase.

    >>> move_sentence(Step(Tsunami(18, Side.EAST, 1), 17, 18), 7)
    'Move the tsunami from r3c4 one square east to r3c5.'
    >>> move_sentence(Step(None, 20, -1), 7)
    'The tsunami at r3c7 leaves the board: take both tsunami tiles out of the game.'
    """
    frm = square_name(step.frm, cols)
    if step.tsunami is None:
        return f"The tsunami at {frm} leaves the board: take both tsunami tiles out of the game."
    to = square_name(step.to, cols)
    return f"Move the tsunami from {frm} one square {step.tsunami.heading.word} to {to}."


def roll_sentence(who: str, number: int) -> str:
    """What the table does for one ship in the line.

    >>> roll_sentence("green", 3)
    'green rolls a die: below 3 loses the ship.'
    """
    return f"{who} rolls a die: below {number} loses the ship."
