"""The Phoenix bonus tile: discarded after any die roll to have that roll made again.

Whoever holds the Phoenix may discard it straight after a roll (their own or another
player's: the reference says only "after a die roll"), and the roll is made again; the
record keeps both rolls, the discard between them. It is one tile, so one reroll a game.

>>> check_reroll(holds=True, rolled=True)
>>> check_reroll(holds=False, rolled=True)
Traceback (most recent call last):
...
companion.tsuro.veterans.phoenix.PhoenixError: no Phoenix tile in that hand
>>> from fractions import Fraction
>>> with_reroll(Fraction(1, 3))
Fraction(1, 9)
"""

from __future__ import annotations

from fractions import Fraction


class PhoenixError(ValueError):
    """A Phoenix reroll the rules do not allow."""


def check_reroll(holds: bool, rolled: bool) -> None:
    """Refuse, with one line, a reroll without the tile or with no roll to redo."""
    if not holds:
        raise PhoenixError("no Phoenix tile in that hand")
    if not rolled:
        raise PhoenixError("the Phoenix rerolls a die just rolled; nothing has been rolled")


def with_reroll(bad: Fraction) -> Fraction:
    """The chance of a bad result when a holder rerolls it once: both rolls must be bad."""
    if not 0 <= bad <= 1:
        raise PhoenixError(f"{bad} is not a chance")
    return bad * bad
