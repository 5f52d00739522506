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

from collections.abc import Collection, Sequence
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


def _settle(
    grid: Grid,
    board: list[int],
    blocked: Collection[int],
    ships: Sequence[int],
    collisions: bool,
    movers: Sequence[int],
    held: dict[int, int] | None = None,
) -> tuple[list[int], dict[int, str], bool]:
    """Move the markers at the new tile on ``board`` (which already holds it).

    Returns every seat's position afterwards, the seats lost with the reason, and whether
    two ships now share one wake going one way.
    """
    after = list(ships)
    lost: dict[int, str] = {}
    # Two markers whose paths join meet head on: the walk of one passes the spot where the
    # other stands. Only then are the spots a walk passes needed.
    watch = {ships[s]: s for s in movers} if collisions and len(movers) > 1 else None
    met: list[tuple[int, int]] = []
    for s in movers:
        if watch is None:
            end, point = grid.walk_end(board, blocked, ships[s])
        else:
            end, point, seen = grid.walk_watch(board, blocked, ships[s], watch)
            met += [(s, watch[pos]) for pos in seen if watch[pos] != s]
        if end is End.STOP:
            after[s] = point
        else:
            lost[s] = end.value
    for a, b in met:
        lost[a] = lost[b] = "collision"
    same_wake = False
    survivors = [s for s in movers if s not in lost]
    if survivors:
        # Only a marker that moved can have come to a point another one holds.
        if held is None:
            held = held_points(ships, movers)
        landed: dict[int, int] = {}
        for s in survivors:
            point = after[s]
            other = held.get(point, landed.get(point))
            if other is not None:
                if collisions:
                    lost[s] = lost[other] = "collision"
                else:
                    same_wake = True
            landed[point] = s
    for s in lost:
        after[s] = -1
    return after, lost, same_wake


def held_points(ships: Sequence[int], movers: Sequence[int]) -> dict[int, int]:
    """The points of the markers that stay put, with their seats."""
    return {pos: s for s, pos in enumerate(ships) if pos >= 0 and s not in movers}


def _rank(same_wake: bool, lost: dict[int, str], active: int) -> int:
    return SAME_WAKE if same_wake else SELF_LOST if active in lost else FINE


def rank_of(
    grid: Grid,
    scratch: list[int],
    blocked: Collection[int],
    ships: Sequence[int],
    active: int,
    square: int,
    tile: int,
    collisions: bool,
    movers: Sequence[int],
    held: dict[int, int],
) -> int:
    """The rank alone, for trying many tiles on one square; ``scratch`` is a copy of the
    board that this overwrites at ``square``."""
    scratch[square] = tile
    _, lost, same_wake = _settle(grid, scratch, blocked, ships, collisions, movers, held)
    return _rank(same_wake, lost, active)


def ranks_alone(
    grid: Grid,
    board: Sequence[int],
    blocked: Collection[int],
    ships: Sequence[int],
    active: int,
    square: int,
    tiles: Sequence[int],
    collisions: bool,
) -> list[tuple[int, int]]:
    """(tile, rank) for each oriented tile on ``square`` when the active marker is the only
    one standing at it: one walk each, and only the end of it matters.

    It agrees with :func:`rank_of`: a lone mover cannot meet another mover, so the walk's
    end and whether another marker already holds the point it stops at decide everything.
    """
    start = ships[active]
    held = {pos for s, pos in enumerate(ships) if pos >= 0 and s != active}
    on_held = SELF_LOST if collisions else SAME_WAKE
    scratch = list(board)
    walk_end = grid.walk_end
    out = []
    for tile in tiles:
        scratch[square] = tile
        end, point = walk_end(scratch, blocked, start)
        if end is not End.STOP:
            out.append((tile, SELF_LOST))
        else:
            out.append((tile, on_held if point in held else FINE))
    return out


def _resolve_alone(
    grid: Grid,
    board: Sequence[int],
    blocked: Collection[int],
    ships: Sequence[int],
    active: int,
    square: int,
    tile: int,
    collisions: bool,
) -> Movement:
    """:func:`resolve` for a lone mover (see :func:`ranks_alone`), with no scratch board
    copied beyond the one the walk needs."""
    scratch = list(board)
    scratch[square] = tile
    start = ships[active]
    end, point = grid.walk_end(scratch, blocked, start)
    if end is not End.STOP:
        after = list(ships)
        after[active] = -1
        return Movement(square, tile, tuple(after), ((active, end.value),), (), SELF_LOST)
    # the last seat holding the point, as _settle's table of held points would give
    other = max((s for s, pos in enumerate(ships) if pos == point and s != active), default=-1)
    if other < 0:
        after = list(ships)
        after[active] = point
        return Movement(square, tile, tuple(after), (), ((active, start, point),), FINE)
    if not collisions:
        after = list(ships)
        after[active] = point
        return Movement(square, tile, tuple(after), (), ((active, start, point),), SAME_WAKE)
    after = list(ships)
    after[active] = after[other] = -1
    lost = tuple(sorted(((active, "collision"), (other, "collision"))))
    return Movement(square, tile, tuple(after), lost, (), SELF_LOST)


def resolve(
    grid: Grid,
    board: Sequence[int],
    blocked: Collection[int],
    ships: Sequence[int],
    active: int,
    square: int,
    tile: int,
    collisions: bool,
) -> Movement:
    """Lay ``tile`` on ``square`` and move every marker standing at that square."""
    movers = standing_at(ships, square)
    if movers == [active]:
        return _resolve_alone(grid, board, blocked, ships, active, square, tile, collisions)
    new_board = list(board)
    new_board[square] = tile
    after, lost, same_wake = _settle(grid, new_board, blocked, ships, collisions, movers)
    moved = tuple((s, ships[s], after[s]) for s in movers if s not in lost)
    return Movement(
        square,
        tile,
        tuple(after),
        tuple(sorted(lost.items())),
        moved,
        _rank(same_wake, lost, active),
    )
