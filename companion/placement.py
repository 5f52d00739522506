"""What laying one tile does: who moves where, who is lost, and how the rules rank it.

Legality comes in layers, as in python-chess: a *pseudo-legal* placement is any tile of
the hand, in any rotation, on the square in front of the active marker; a *legal* one is
a pseudo-legal one whose rank is the best the hand allows:

- rank 0: the active player survives and no two ships end up on one wake going one way;
- rank 1: the active player is lost (off the edge, into a loop or a daikaiju, or a
  collision), allowed only when every placement of every tile in the hand does that;
- rank 2: two ships would follow the same wake in the same direction (Tsuro of the Seas),
  allowed only when nothing else can be done at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .paths import End, Grid

FINE, SELF_LOST, SAME_WAKE = 0, 1, 2


@dataclass(frozen=True, slots=True)
class Movement:
    """The result of laying ``tile`` on ``square``."""

    square: int
    tile: int
    ships: tuple[int, ...]
    """Every seat's position afterwards (-1 when out of the game)."""
    lost: tuple[tuple[int, str], ...]
    """Seats lost by this placement, with the reason: edge, loop, daikaiju or collision."""
    moved: tuple[tuple[int, int, int], ...]
    """(seat, from, to) for every marker that moved and survived."""
    rank: int

    def lost_seats(self) -> tuple[int, ...]:
        return tuple(s for s, _ in self.lost)


def standing_at(ships: Sequence[int], square: int) -> list[int]:
    """The seats whose markers stand at a side of ``square``."""
    return [s for s, pos in enumerate(ships) if pos >= 0 and pos >> 3 == square]


def resolve(
    grid: Grid,
    board: Sequence[int],
    blocked: frozenset[int],
    ships: Sequence[int],
    active: int,
    square: int,
    tile: int,
    collisions: bool,
    movers: Sequence[int] | None = None,
) -> Movement:
    """Lay ``tile`` on ``square`` and move every marker standing at that square.

    ``movers`` (the seats standing at ``square``) may be passed in when several tiles are
    tried on the same square.
    """
    if movers is None:
        movers = standing_at(ships, square)
    new_board = list(board)
    new_board[square] = tile
    walk = grid.walk
    after = list(ships)
    lost: dict[int, str] = {}
    walks = {}
    for s in movers:
        w = walks[s] = walk(new_board, blocked, ships[s])
        if w.end is End.STOP:
            after[s] = w.position
        else:
            lost[s] = w.end.value
    if collisions and len(walks) > 1:
        # Two markers whose paths join meet head on: the walk of one passes the spot where
        # the other stands.
        for a, wa in walks.items():
            for b in walks:
                if a != b and ships[b] in wa.exits:
                    lost[a] = lost[b] = "collision"
    seen: dict[int, int] = {}
    same_wake = False
    for s, pos in enumerate(after):
        if pos < 0 or s in lost:
            continue
        if pos in seen:
            if collisions:
                lost[s] = lost[seen[pos]] = "collision"
            else:
                same_wake = True
        seen[pos] = s
    for s in lost:
        after[s] = -1
    rank = SAME_WAKE if same_wake else SELF_LOST if active in lost else FINE
    moved = tuple((s, ships[s], after[s]) for s in walks if s not in lost)
    return Movement(square, tile, tuple(after), tuple(sorted(lost.items())), moved, rank)
