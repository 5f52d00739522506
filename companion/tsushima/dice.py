"""Dice as inputs: checks and exact distributions.

The rules never roll. A procedure states its odds from these distributions, then takes
the value a player rolled (or the app rolled for them).

>>> ONE_DIE[6]
Fraction(1, 6)
>>> TWO_DICE[7]
Fraction(1, 6)
>>> check_die(7)
Traceback (most recent call last):
...
companion.tsushima.errors.TsushimaError: die value 7 is outside 1-6
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction

from .errors import TsushimaError

FACES = range(1, 7)
ONE_DIE: dict[int, Fraction] = {face: Fraction(1, 6) for face in FACES}
TWO_DICE: dict[int, Fraction] = {}
for _a in FACES:
    for _b in FACES:
        TWO_DICE[_a + _b] = TWO_DICE.get(_a + _b, Fraction(0)) + Fraction(1, 36)


def check_die(value: object, what: str = "die") -> int:
    """Return ``value`` as a die face, refusing anything but an integer 1-6."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TsushimaError(f"{what} value {value!r} is not a whole number")
    if value not in FACES:
        raise TsushimaError(f"{what} value {value} is outside 1-6")
    return value


def check_two_dice(value: object, what: str = "two-dice total") -> int:
    """Return ``value`` as the total of two dice, refusing anything outside 2-12.

    >>> check_two_dice(11)
    11
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise TsushimaError(f"{what} {value!r} is not a whole number")
    if not 2 <= value <= 12:
        raise TsushimaError(f"{what} {value} is outside 2-12")
    return value


def chance(faces: Iterable[int], dist: dict[int, Fraction] | None = None) -> Fraction:
    """Chance that a roll lands on one of ``faces`` (one die unless ``dist`` is given).

    >>> chance([5, 6])
    Fraction(1, 3)
    """
    table = ONE_DIE if dist is None else dist
    return sum((table.get(f, Fraction(0)) for f in set(faces)), Fraction(0))


def at_least(target: int, modifier: int = 0, dist: dict[int, Fraction] | None = None) -> Fraction:
    """Chance that roll plus ``modifier`` reaches ``target``.

    >>> at_least(5, 1)
    Fraction(1, 2)
    >>> at_least(10, 0, TWO_DICE)
    Fraction(1, 6)
    """
    table = ONE_DIE if dist is None else dist
    return sum((p for face, p in table.items() if face + modifier >= target), Fraction(0))


def distribution(
    outcome: Callable[[int], object], dist: dict[int, Fraction] | None = None
) -> dict[object, Fraction]:
    """Push a die distribution through ``outcome``; keys keep first-seen order."""
    table = ONE_DIE if dist is None else dist
    out: dict[object, Fraction] = {}
    for face, p in table.items():
        key = outcome(face)
        out[key] = out.get(key, Fraction(0)) + p
    return out
