"""Following wakes and paths across a board, on small integers for speed.

A position is ``square_index * 8 + point``: the square a marker faces and the point on
that square's side where it stands. Tiles on the board are indices into ``ORIENTED``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import NamedTuple

from companion.core.board import ACROSS, BoardProfile, Point, Square
from companion.tsuro.tiles import Tile, all_oriented

ORIENTED: tuple[Tile, ...] = all_oriented()
TILE_INDEX: dict[Tile, int] = {t: i for i, t in enumerate(ORIENTED)}
LINKS: tuple[tuple[int, ...], ...] = tuple(t.links for t in ORIENTED)
# LINKS flattened: the point joined to point p of oriented tile t is EXIT[t * 8 + p].
EXIT: tuple[int, ...] = tuple(q for links in LINKS for q in links)
EMPTY = -1
NOTATIONS: tuple[str, ...] = tuple(t.notation() for t in ORIENTED)


class End(Enum):
    STOP = "stop"  # in front of an empty square: the marker waits there
    EDGE = "edge"  # ran off the board
    DAIKAIJU = "daikaiju"  # ran into a daikaiju
    LOOP = "loop"  # would go round for ever


Lean = tuple[End, int]
"""How a walk ends and where (see :class:`Walk`), for ranking."""


class Walk(NamedTuple):
    end: End
    position: int
    """Where the marker stops (``End.STOP``); otherwise the last point it reached."""
    exits: Sequence[int]
    """Every square-side point the marker left a square through, as positions."""


@dataclass(frozen=True, slots=True)
class Grid:
    """Neighbour tables for one board size."""

    rows: int
    cols: int
    across: tuple[int, ...]
    """``across[pos]`` is the same spot as seen from the neighbouring square, or -1 off the board."""

    def position(self, point: Point) -> int:
        sq = point.square
        return ((sq.row - 1) * self.cols + sq.col - 1) * 8 + point.point

    def point(self, position: int) -> Point:
        return Point(self.square(position >> 3), position & 7)

    def square(self, index: int) -> Square:
        return Square(index // self.cols + 1, index % self.cols + 1)

    def index(self, square: Square) -> int:
        return (square.row - 1) * self.cols + square.col - 1

    def on_board(self, square: Square) -> bool:
        return 1 <= square.row <= self.rows and 1 <= square.col <= self.cols

    def neighbour(self, index: int, side: int) -> int:
        """The square index beside ``index`` on ``side`` (0 north ... 3 west), or -1."""
        r, c = divmod(index, self.cols)
        dr, dc = ((-1, 0), (0, 1), (1, 0), (0, -1))[side]
        r, c = r + dr, c + dc
        return r * self.cols + c if 0 <= r < self.rows and 0 <= c < self.cols else -1

    def behind(self, position: int) -> int:
        """The square a marker at ``position`` stands on (the one it came from), or -1."""
        other = self.across[position]
        return other >> 3 if other >= 0 else -1

    def walk(self, board: Sequence[int], blocked: Collection[int], position: int) -> Walk:
        """Follow the path from ``position`` until it stops, leaves, meets a daikaiju or loops."""
        across, exit_ = self.across, EXIT
        exits: list[int] = []
        # A walk that does not loop uses each of a tile's four paths at most once, so a
        # walk longer than that has come round again.
        pos = position
        for _ in range(4 * len(board)):
            sq = pos >> 3
            tile = board[sq]
            if tile < 0:
                end = End.DAIKAIJU if sq in blocked else End.STOP
                return Walk(end, pos, exits)
            out = (sq << 3) | exit_[(tile << 3) | (pos & 7)]
            exits.append(out)
            nxt = across[out]
            if nxt < 0:
                return Walk(End.EDGE, out, exits)
            pos = nxt
        return Walk(End.LOOP, pos, exits)

    def walk_end(self, board: Sequence[int], blocked: Collection[int], position: int) -> Lean:
        """How :meth:`walk` ends, without the exits: enough to rank a placement of a lone
        marker, and a good deal cheaper, since ranking tries every tile of a hand."""
        across, exit_ = self.across, EXIT
        pos = position
        for _ in range(4 * len(board)):
            sq = pos >> 3
            tile = board[sq]
            if tile < 0:
                return (End.DAIKAIJU if sq in blocked else End.STOP), pos
            out = (sq << 3) | exit_[(tile << 3) | (pos & 7)]
            pos = across[out]
            if pos < 0:
                return End.EDGE, out
        return End.LOOP, pos

    def walk_watch(
        self, board: Sequence[int], blocked: Collection[int], position: int, watch: Collection[int]
    ) -> tuple[End, int, list[int]]:
        """How :meth:`walk` ends, and which of the ``watch`` positions it left a square
        through: enough to tell whether two markers meet head on."""
        across, exit_ = self.across, EXIT
        seen: list[int] = []
        pos = position
        for _ in range(4 * len(board)):
            sq = pos >> 3
            tile = board[sq]
            if tile < 0:
                return (End.DAIKAIJU if sq in blocked else End.STOP), pos, seen
            out = (sq << 3) | exit_[(tile << 3) | (pos & 7)]
            if out in watch:
                seen.append(out)
            pos = across[out]
            if pos < 0:
                return End.EDGE, out, seen
        return End.LOOP, pos, seen


@cache
def grid_for(rows: int, cols: int) -> Grid:
    across = []
    for idx in range(rows * cols):
        r, c = divmod(idx, cols)
        for p in range(8):
            dr, dc = ((-1, 0), (0, 1), (1, 0), (0, -1))[p // 2]
            nr, nc = r + dr, c + dc
            inside = 0 <= nr < rows and 0 <= nc < cols
            across.append(((nr * cols + nc) * 8 + ACROSS[p]) if inside else -1)
    return Grid(rows, cols, tuple(across))


def grid(profile: BoardProfile) -> Grid:
    return grid_for(profile.rows, profile.cols)
