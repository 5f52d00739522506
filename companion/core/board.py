"""Squares, edge points and board profiles.

Squares count from ``r1c1`` at the top-left; an edge point is a square plus one of its
eight points (see :mod:`companion.tsuro.tiles`).

>>> Square.parse("r2c5")
Square(row=2, col=5)
>>> Point.parse("r1c3:0").across()
Point(square=Square(row=0, col=3), point=5)
>>> TSURO.start_marks[:2]
(Point(square=Square(row=1, col=1), point=0), Point(square=Square(row=1, col=1), point=1))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path
from typing import Any

from companion.core.locations import read_data
from companion.games import all_games

_SQUARE = re.compile(r"r(\d+)c(\d+)")


class BoardError(ValueError):
    """A square or point that is malformed or not on the board."""


class Side(IntEnum):
    """A side of a square, in clockwise order; also a compass direction on the board."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def step(self) -> tuple[int, int]:
        return ((-1, 0), (0, 1), (1, 0), (0, -1))[self]

    def turned(self, quarter_turns: int) -> Side:
        return Side((self + quarter_turns) % 4)

    @property
    def word(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Side:
        for side in cls:
            if text.strip().lower() in (side.word, side.word[0]):
                return side
        raise BoardError(f"{text!r} is not a direction (north, east, south or west)")


# Point p lies on side p // 2; across a shared side it meets ACROSS[p] of the neighbour.
ACROSS = (5, 4, 7, 6, 1, 0, 3, 2)

POINT_UV: tuple[tuple[float, float], ...] = (
    (1 / 3, 0.0),
    (2 / 3, 0.0),
    (1.0, 1 / 3),
    (1.0, 2 / 3),
    (2 / 3, 1.0),
    (1 / 3, 1.0),
    (0.0, 2 / 3),
    (0.0, 1 / 3),
)
"""Where each point lies on its square (unit square, y downwards): at thirds of each side,
as on the printed tiles. Drawing and reading the board both go by this."""

INWARD: tuple[tuple[float, float], ...] = ((0.0, 1.0), (-1.0, 0.0), (0.0, -1.0), (1.0, 0.0))
"""The unit direction into a square from each side (north, east, south, west), y downwards."""


@dataclass(frozen=True, order=True, slots=True)
class Square:
    row: int
    col: int

    @classmethod
    def parse(cls, text: str) -> Square:
        m = _SQUARE.fullmatch(text.strip())
        if not m:
            raise BoardError(f"{text!r} is not a square: write it like r2c5")
        return cls(int(m.group(1)), int(m.group(2)))

    def name(self) -> str:
        return f"r{self.row}c{self.col}"

    __str__ = name

    def neighbour(self, side: Side) -> Square:
        dr, dc = side.step
        return Square(self.row + dr, self.col + dc)


@dataclass(frozen=True, order=True, slots=True)
class Point:
    """One of the eight points of a square's sides."""

    square: Square
    point: int

    def __post_init__(self) -> None:
        if not 0 <= self.point < 8:
            raise BoardError(f"point {self.point} is not one of 0-7")

    @classmethod
    def parse(cls, text: str) -> Point:
        sq, sep, pt = text.strip().partition(":")
        if not sep or pt not in tuple("01234567"):
            raise BoardError(f"{text!r} is not an edge point: write it like r1c3:0")
        return cls(Square.parse(sq), int(pt))

    def name(self) -> str:
        return f"{self.square.name()}:{self.point}"

    __str__ = name

    @property
    def side(self) -> Side:
        return Side(self.point // 2)

    def across(self) -> Point:
        """The same physical spot seen from the square on the other side."""
        return Point(self.square.neighbour(self.side), ACROSS[self.point])


@dataclass(frozen=True, slots=True)
class BoardProfile:
    """The fixed facts of one board: its size, start marks and dice labels.

    ``gold_columns[f - 1]`` is the column labelled by gold face ``f``, ``blue_rows`` the
    same for blue and rows. Profiles without dice leave both empty.
    """

    name: str
    rows: int
    cols: int
    start_marks: tuple[Point, ...]
    gold_columns: tuple[int, ...] = ()
    blue_rows: tuple[int, ...] = ()
    note: str = ""

    def __post_init__(self) -> None:
        for mark in self.start_marks:
            if not self.is_edge_point(mark):
                raise BoardError(f"start mark {mark} of {self.name} is not on the outer edge")
        for c in self.gold_columns:
            if not 1 <= c <= self.cols:
                raise BoardError(f"gold label column {c} is off the {self.name} board")
        for r in self.blue_rows:
            if not 1 <= r <= self.rows:
                raise BoardError(f"blue label row {r} is off the {self.name} board")

    def contains(self, square: Square) -> bool:
        return 1 <= square.row <= self.rows and 1 <= square.col <= self.cols

    def squares(self) -> tuple[Square, ...]:
        return tuple(Square(r, c) for r in range(1, self.rows + 1) for c in range(1, self.cols + 1))

    def index(self, square: Square) -> int:
        return (square.row - 1) * self.cols + (square.col - 1)

    def square(self, text: str) -> Square:
        sq = Square.parse(text)
        if not self.contains(sq):
            raise BoardError(f"{sq} is off the {self.rows}x{self.cols} board")
        return sq

    def is_edge_point(self, point: Point) -> bool:
        return self.contains(point.square) and not self.contains(point.across().square)

    def edge_points(self) -> tuple[Point, ...]:
        return tuple(
            Point(sq, p)
            for sq in self.squares()
            for p in range(8)
            if self.is_edge_point(Point(sq, p))
        )

    def dice_square(self, gold: int, blue: int) -> Square:
        """The square named by a gold and a blue die."""
        if not (self.gold_columns and self.blue_rows):
            raise BoardError(f"the {self.name} board has no dice labels")
        for colour, face in (("gold", gold), ("blue", blue)):
            if not 1 <= face <= 6:
                raise BoardError(f"{colour} die shows {face}; a die shows 1-6")
        return Square(self.blue_rows[blue - 1], self.gold_columns[gold - 1])

    def dice_squares(self) -> tuple[Square, ...]:
        """Every square some pair of dice can name."""
        return tuple(sorted({self.dice_square(g, b) for g in range(1, 7) for b in range(1, 7)}))


def _all_edge_marks(rows: int, cols: int) -> tuple[Point, ...]:
    """Every point of the outer edge, clockwise from the top-left corner."""
    marks = []
    for c in range(1, cols + 1):
        marks += [Point(Square(1, c), 0), Point(Square(1, c), 1)]
    for r in range(1, rows + 1):
        marks += [Point(Square(r, cols), 2), Point(Square(r, cols), 3)]
    for c in range(cols, 0, -1):
        marks += [Point(Square(rows, c), 4), Point(Square(rows, c), 5)]
    for r in range(rows, 0, -1):
        marks += [Point(Square(r, 1), 6), Point(Square(r, 1), 7)]
    return tuple(marks)


def parse_profiles(doc: Any, source: str) -> dict[str, BoardProfile]:
    """Board profiles from their JSON form; BoardError names what is wrong."""
    if not isinstance(doc, dict) or not isinstance(doc.get("profiles"), list):
        raise BoardError(f"{source}: expected an object with a list 'profiles'")
    out: dict[str, BoardProfile] = {}
    for n, raw in enumerate(doc["profiles"], 1):
        try:
            name, rows, cols = str(raw["name"]), int(raw["rows"]), int(raw["cols"])
            if not (1 <= rows <= 30 and 1 <= cols <= 30):
                raise BoardError(f"a board of {rows}x{cols} squares is not possible")
            spec = raw.get("start_marks", [])
            marks = (
                _all_edge_marks(rows, cols)
                if spec == "all-edge-points"
                else tuple(Point.parse(str(m)) for m in spec)
            )
            out[name] = BoardProfile(
                name,
                rows,
                cols,
                marks,
                tuple(int(c) for c in raw.get("gold_columns", ())),
                tuple(int(r) for r in raw.get("blue_rows", ())),
                str(raw.get("note", "")),
            )
        except (KeyError, TypeError, ValueError) as exc:
            why = exc if isinstance(exc, BoardError) else f"missing or malformed field ({exc})"
            raise BoardError(f"{source}: profile {n}: {why}") from None
        labels = (out[name].gold_columns, out[name].blue_rows)
        if any(labels) and not all(len(x) == 6 for x in labels):
            raise BoardError(f"{source}: profile {name}: gold and blue labels need six faces each")
    return out


def load_profiles(path: str | Path | None = None) -> dict[str, BoardProfile]:
    """The profiles from ``path``, else the owner's edited copy, else the shipped defaults."""
    return parse_profiles(*read_data(PROFILES_FILE, path, BoardError, "board profiles"))


PROFILES_FILE = "boards.json"
PROFILES: dict[str, BoardProfile] = load_profiles()
TSURO = PROFILES["tsuro-6x6"]
SEAS_7X7 = PROFILES["seas-7x7"]
SEAS_6X6 = PROFILES["seas-6x6"]
RIGADOON = PROFILES["rigadoon-9x9"]
TSUSHIMA_BATTLE = PROFILES["tsushima-battle"]

GAME_BOARDS: dict[str, BoardProfile] = {
    g.key: PROFILES[g.boards[0]] for g in all_games() if g.boards and g.boards[0] in PROFILES
}
"""The default board of each game of the registry, by the game names of the command line
(docs/contracts.md section 4)."""
