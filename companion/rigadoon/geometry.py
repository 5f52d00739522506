"""Compass directions and squares of the Rigadoon board, as small integers.

Squares are indices ``(row - 1) * cols + (col - 1)`` inside the engine and ``r{row}c{col}``
everywhere a person reads them (``docs/contracts.md`` section 1). North is row 1.

>>> Direction.parse("SE").step, Direction.parse("south-west").word
((1, 1), 'southwest')
>>> Direction.NE.turned(2).name, Direction.N.opposite.name
('SE', 'S')
"""

from __future__ import annotations

from enum import IntEnum


class RigadoonError(ValueError):
    """Anything Rigadoon refuses: bad text, an illegal action, a broken data file."""


class Direction(IntEnum):
    """The eight compass directions, clockwise from north."""

    N = 0
    NE = 1
    E = 2
    SE = 3
    S = 4
    SW = 5
    W = 6
    NW = 7

    @property
    def step(self) -> tuple[int, int]:
        return _STEPS[self]

    @property
    def orthogonal(self) -> bool:
        return self % 2 == 0

    @property
    def opposite(self) -> Direction:
        return Direction((self + 4) % 8)

    def turned(self, eighths: int) -> Direction:
        """This direction turned clockwise by ``eighths`` eighths of a circle."""
        return Direction((self + eighths) % 8)

    @property
    def word(self) -> str:
        return _WORDS[self]

    @property
    def short(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Direction:
        t = text.strip().lower().replace("-", "").replace(" ", "")
        for d in cls:
            if t in (d.short, d.word):
                return d
        raise RigadoonError(f"{text!r} is not a direction: write n, ne, e, se, s, sw, w or nw")


_STEPS = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
_WORDS = (
    "north",
    "northeast",
    "east",
    "southeast",
    "south",
    "southwest",
    "west",
    "northwest",
)
ORTHOGONAL = (Direction.N, Direction.E, Direction.S, Direction.W)


def direction_between(a: tuple[int, int], b: tuple[int, int]) -> tuple[Direction, int] | None:
    """The direction and distance from square ``a`` to ``b`` when they share a straight line.

    >>> direction_between((5, 5), (8, 8))
    (<Direction.SE: 3>, 3)
    >>> direction_between((5, 5), (6, 7)) is None
    True
    """
    dr, dc = b[0] - a[0], b[1] - a[1]
    n = max(abs(dr), abs(dc))
    if n == 0 or (dr and dc and abs(dr) != abs(dc)):
        return None
    unit = ((dr > 0) - (dr < 0), (dc > 0) - (dc < 0))
    return Direction(_STEPS.index(unit)), n


def square_name(rows_cols: tuple[int, int], sq: int) -> str:
    _rows, cols = rows_cols
    return f"r{sq // cols + 1}c{sq % cols + 1}"
