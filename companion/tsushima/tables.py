"""Combat results and the two lookup tables (gunfire by target size, torpedo by armour).

A column maps the lowest modified two-dice total needed for each result; anything lower
has no effect and anything above the last threshold is still the last result.

>>> col = Column(one_hit=8, two_hits=11, sunk=13)
>>> [col.lookup(t).symbol for t in (0, 1, 3, 8, 11, 15)]
['-', '-', '-', '*', '**', 'S']
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from .dice import TWO_DICE
from .errors import TsushimaError


class Result(Enum):
    NO_EFFECT = ("-", 0)
    ONE_HIT = ("*", 1)
    TWO_HITS = ("**", 2)
    SUNK = ("S", 3)

    @property
    def symbol(self) -> str:
        return self.value[0]

    @property
    def hits(self) -> int:
        return self.value[1]

    @property
    def phrase(self) -> str:
        return {"-": "no effect", "*": "one hit", "**": "two hits", "S": "sunk"}[self.symbol]

    @classmethod
    def parse(cls, text: str) -> Result:
        for r in cls:
            if text in (r.symbol, r.phrase, r.name.lower()):
                return r
        raise TsushimaError(f"unknown combat result {text!r}; use -, *, ** or S")


@dataclass(frozen=True)
class Column:
    one_hit: int
    two_hits: int
    sunk: int

    def __post_init__(self) -> None:
        if not self.one_hit < self.two_hits < self.sunk:
            raise TsushimaError(
                f"thresholds must rise: one hit {self.one_hit}, two hits {self.two_hits}, "
                f"sunk {self.sunk}"
            )

    def lookup(self, total: int) -> Result:
        if total >= self.sunk:
            return Result.SUNK
        if total >= self.two_hits:
            return Result.TWO_HITS
        if total >= self.one_hit:
            return Result.ONE_HIT
        return Result.NO_EFFECT


@dataclass(frozen=True)
class HitTable:
    """Gunfire (keyed by target size) or torpedo (keyed by armour class) table."""

    name: str
    key: str  # "target size" or "armour class"
    columns: tuple[tuple[int, Column], ...]
    provisional: bool
    source: str = "built-in"

    def column(self, index: int) -> Column:
        for key, col in self.columns:
            if key == index:
                return col
        raise TsushimaError(f"the {self.name} has no column for {self.key} {index}")

    def lookup(self, index: int, total: int) -> Result:
        return self.column(index).lookup(total)

    def odds(self, index: int, modifier: int) -> dict[Result, Fraction]:
        """Exact chance of each result for one salvo (two dice plus ``modifier``)."""
        col = self.column(index)
        out = {r: Fraction(0) for r in Result}
        for total, p in TWO_DICE.items():
            out[col.lookup(total + modifier)] += p
        return out


def salvo_series_odds(
    single: dict[Result, Fraction], salvos: int, limit: int
) -> dict[int, Fraction]:
    """Chance of each total number of hits from ``salvos`` independent salvos, capped at ``limit``.

    >>> one = {Result.NO_EFFECT: Fraction(1, 2), Result.ONE_HIT: Fraction(1, 2),
    ...        Result.TWO_HITS: Fraction(0), Result.SUNK: Fraction(0)}
    >>> salvo_series_odds(one, 2, 3)
    {0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4), 3: Fraction(0, 1)}
    """
    dist = {0: Fraction(1)}
    for _ in range(salvos):
        nxt: dict[int, Fraction] = {}
        for have, p in dist.items():
            for result, q in single.items():
                total = min(limit, have + result.hits)
                nxt[total] = nxt.get(total, Fraction(0)) + p * q
        dist = nxt
    return {n: dist.get(n, Fraction(0)) for n in range(limit + 1)}
