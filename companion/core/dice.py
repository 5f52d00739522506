"""Dice: where chance enters the companion.

The rules engines never draw random numbers. Every die value reaches them as an input,
either drawn here from the operating system's entropy (``virtual``) or typed in by a
player from real dice (``physical``); the game record keeps which, so a game replays
exactly.

>>> DiceService(seed=7).d6() in range(1, 7)
True
>>> read_face("7")
Traceback (most recent call last):
...
companion.core.dice.DiceError: a die shows 1-6, not '7'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal, TypeVar

Source = Literal["virtual", "physical"]
T = TypeVar("T")


class DiceError(ValueError):
    """A die value that no die can show."""


def read_face(text: str | int) -> int:
    try:
        value = int(text)
    except (TypeError, ValueError):
        raise DiceError(f"a die shows 1-6, not {text!r}") from None
    if not 1 <= value <= 6:
        raise DiceError(f"a die shows 1-6, not {text!r}")
    return value


class DiceService:
    """Virtual dice. Unseeded it uses the OS entropy pool; seeded it repeats (for tests)."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng: random.Random = random.SystemRandom() if seed is None else random.Random(seed)

    def d6(self) -> int:
        return self._rng.randint(1, 6)

    def gold_blue(self) -> tuple[int, int]:
        return self.d6(), self.d6()

    def pick(self, items: Sequence[T], weights: Sequence[float] | None = None) -> T:
        """One item, for chance points other than dice (the next tile of a shuffled pile)."""
        if weights is None:
            return self._rng.choice(items)
        return self._rng.choices(items, weights=weights, k=1)[0]
