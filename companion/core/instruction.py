"""What the companion tells the table, as typed values.

An :class:`Instruction` is one sentence for the players together with what it is about:
its ``kind`` (the event it comes from), whether play must ``wait`` until the table has
carried it out, and the pieces and squares it names. It is a ``str`` so every front end
prints it as it is, and the wording is made once, here in the rules' own words, for the
command line and the screens alike; screens sort instructions by ``waits`` and ``kind``,
never by reading the sentence.

>>> i = Instruction("Move the red ship along its path to r2c3:4.", "ship-moved",
...                 waits=False, pieces=("red",), points=("r2c3:4",))
>>> i.waits, i.kind, i.points, str(i)
(False, 'ship-moved', ('r2c3:4',), 'Move the red ship along its path to r2c3:4.')
>>> routine("Undone.", "undone").waits
False
"""

from __future__ import annotations


class Instruction(str):
    """One sentence for the table, typed: see the module's note."""

    kind: str
    waits: bool
    pieces: tuple[str, ...]
    squares: tuple[str, ...]
    points: tuple[str, ...]

    def __new__(
        cls,
        text: str,
        kind: str,
        *,
        waits: bool = True,
        pieces: tuple[str, ...] = (),
        squares: tuple[str, ...] = (),
        points: tuple[str, ...] = (),
    ) -> Instruction:
        self = super().__new__(cls, text)
        self.kind = kind
        self.waits = waits
        self.pieces = pieces
        self.squares = squares
        self.points = points
        return self

    def __reduce__(self) -> tuple[object, ...]:  # copies and pickles keep the fields
        return (_rebuild, (str(self), self.kind, self.waits, self.pieces, self.squares,
                           self.points))


def _rebuild(text: str, kind: str, waits: bool, pieces: tuple[str, ...],
             squares: tuple[str, ...], points: tuple[str, ...]) -> Instruction:
    return Instruction(text, kind, waits=waits, pieces=pieces, squares=squares, points=points)


def routine(text: str, kind: str, **fields: tuple[str, ...]) -> Instruction:
    """A sentence shown in passing: play goes on without waiting for the table."""
    return Instruction(text, kind, waits=False, **fields)


def waits(line: str) -> bool:
    """Whether play waits for the table to carry out ``line``; a plain string (from an
    older front end or a record's text) is taken to wait, the safe side."""
    return line.waits if isinstance(line, Instruction) else True
