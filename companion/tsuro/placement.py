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

from companion.tsuro.paths import EXIT, End, Grid

FINE, SELF_LOST, SAME_WAKE = 0, 1, 2

# How markers that meet are ruled, as bits of one ``meeting`` number (see Game.meeting):
HEAD_ON = 1
"""Two markers whose paths join, meeting head on, are both lost (Tsuro)."""
CATCH_UP = 2
"""A marker stopping on the point another holds (one wake, one way) loses both (Tsuro, and
the reference manual 001 at sea)."""
ONE_WAY_BAN = 4
"""Sending two ships down one wake the same way ranks a placement SAME_WAKE (at sea)."""


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


Walks = dict[int, tuple[End, int]]
"""How the walk from each point of a square leads on over a board without the square's
tile: shared by every tile tried on the square, and by every marker standing at it."""


def _settle(
    grid: Grid,
    board: Sequence[int],
    blocked: Collection[int],
    ships: Sequence[int],
    meeting: int,
    movers: Sequence[int],
    square: int,
    tile: int,
    walks: Walks,
    held: dict[int, int] | None = None,
) -> tuple[list[int], dict[int, str], bool]:
    """Move the markers at ``square`` once ``tile`` is laid there (``board`` does not hold
    it yet; the square is empty on it).

    Returns every seat's position afterwards, the seats lost with the reason, and whether
    two ships now share one wake going one way.
    """
    across, walk_end = grid.across, grid.walk_end
    base = square << 3
    after = list(ships)
    lost: dict[int, str] = {}
    # Two markers whose paths join meet head on: the walk of one passes the spot where the
    # other stands. Only then are the spots a walk passes needed.
    watch = {ships[s]: s for s in movers} if meeting & HEAD_ON and len(movers) > 1 else None
    met: list[tuple[int, int]] = []
    scratch: list[int] | None = None
    for s in movers:
        start = ships[s]
        leave = EXIT[(tile << 3) | (start & 7)]
        found = walks.get(leave)
        if found is None:
            nxt = across[base | leave]
            found = walks[leave] = (
                (End.EDGE, base | leave) if nxt < 0 else walk_end(board, blocked, nxt)
            )
        end, point = found
        if end is End.STOP and point >> 3 == square:
            # back at the new tile: the rest of the walk depends on the tile, so walk again
            if scratch is None:
                scratch = list(board)
                scratch[square] = tile
            if watch is None:
                end, point = walk_end(scratch, blocked, start)
            else:
                end, point, seen = grid.walk_watch(scratch, blocked, start, watch)
                met += [(s, watch[pos]) for pos in seen if watch[pos] != s]
        elif watch is not None and (base | leave) in watch:
            met.append((s, watch[base | leave]))  # the tile itself joins the two
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
                if meeting & CATCH_UP:
                    lost[s] = lost[other] = "collision"
                if meeting & ONE_WAY_BAN:
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
    board: Sequence[int],
    blocked: Collection[int],
    ships: Sequence[int],
    active: int,
    square: int,
    tile: int,
    meeting: int,
    movers: Sequence[int],
    held: dict[int, int],
    walks: Walks,
) -> int:
    """The rank alone, for trying many tiles on one square; ``walks`` starts empty and is
    shared by the tiles tried."""
    _, lost, same_wake = _settle(
        grid, board, blocked, ships, meeting, movers, square, tile, walks, held
    )
    return _rank(same_wake, lost, active)


def ends_alone(
    grid: Grid,
    board: Sequence[int],
    blocked: Collection[int],
    start: int,
    square: int,
    tiles: Sequence[int],
) -> dict[int, tuple[End, int]]:
    """How the walk ends, and where, for each oriented tile laid on ``square`` in front of
    a lone marker at ``start``.

    The walk beyond the new tile depends only on the point the tile leads out through,
    unless it comes back to the square, so tiles leading out the same way share one walk.
    """
    across, walk_end = grid.across, grid.walk_end
    base = square << 3
    entry = start & 7
    by_exit: dict[int, tuple[End, int]] = {}
    scratch: list[int] | None = None
    out = {}
    for tile in tiles:
        leave = EXIT[(tile << 3) | entry]
        found = by_exit.get(leave)
        if found is None:
            nxt = across[base | leave]
            if nxt < 0:
                found = by_exit[leave] = (End.EDGE, base | leave)
            else:
                found = walk_end(board, blocked, nxt)
                if found[0] is End.STOP and found[1] >> 3 == square:
                    # back at the new tile: the rest of the walk depends on the tile
                    if scratch is None:
                        scratch = list(board)
                    scratch[square] = tile
                    found = walk_end(scratch, blocked, start)
                else:
                    by_exit[leave] = found
        out[tile] = found
    return out


def ranks_alone(
    grid: Grid,
    board: Sequence[int],
    blocked: Collection[int],
    ships: Sequence[int],
    active: int,
    square: int,
    tiles: Sequence[int],
    meeting: int,
) -> tuple[dict[int, int], dict[int, tuple[End, int]]]:
    """The rank of each oriented tile on ``square`` when the active marker is the only one
    standing at it, and how each walk ends (:func:`ends_alone`).

    It agrees with :func:`rank_of`: a lone mover cannot meet another mover, so where its
    walk ends, and whether another marker already holds that point, decide everything.
    """
    held = {pos for s, pos in enumerate(ships) if pos >= 0 and s != active}
    on_held = SAME_WAKE if meeting & ONE_WAY_BAN else SELF_LOST
    stop = End.STOP
    ends = ends_alone(grid, board, blocked, ships[active], square, tiles)
    ranks = {
        tile: SELF_LOST if end is not stop else on_held if point in held else FINE
        for tile, (end, point) in ends.items()
    }
    return ranks, ends


def movement_alone(
    ships: Sequence[int],
    active: int,
    square: int,
    tile: int,
    end: End,
    point: int,
    meeting: int,
) -> Movement:
    """:func:`resolve` for a lone mover whose walk ends as :func:`ends_alone` found."""
    after = list(ships)
    if end is not End.STOP:
        after[active] = -1
        return Movement(square, tile, tuple(after), ((active, end.value),), (), SELF_LOST)
    # the last seat holding the point, as _settle's table of held points would give
    other = max((s for s, pos in enumerate(ships) if pos == point and s != active), default=-1)
    if other < 0 or not meeting & CATCH_UP:
        after[active] = point
        rank = FINE if other < 0 else SAME_WAKE
        return Movement(square, tile, tuple(after), (), ((active, ships[active], point),), rank)
    after[active] = after[other] = -1
    lost = tuple(sorted(((active, "collision"), (other, "collision"))))
    rank = SAME_WAKE if meeting & ONE_WAY_BAN else SELF_LOST
    return Movement(square, tile, tuple(after), lost, (), rank)


def resolve(
    grid: Grid,
    board: Sequence[int],
    blocked: Collection[int],
    ships: Sequence[int],
    active: int,
    square: int,
    tile: int,
    meeting: int,
) -> Movement:
    """Lay ``tile`` on ``square`` and move every marker standing at that square."""
    movers = standing_at(ships, square)
    if movers == [active]:
        end, point = ends_alone(grid, board, blocked, ships[active], square, (tile,))[tile]
        return movement_alone(ships, active, square, tile, end, point, meeting)
    settled = _settle(grid, board, blocked, ships, meeting, movers, square, tile, {})
    return movement_of(ships, active, square, tile, movers, settled)


Settled = tuple[list[int], dict[int, str], bool]
"""What :func:`_settle` finds: positions afterwards, seats lost and why, one wake one way."""


def settle_many(
    grid: Grid,
    board: Sequence[int],
    blocked: Collection[int],
    ships: Sequence[int],
    active: int,
    square: int,
    tiles: Sequence[int],
    meeting: int,
) -> tuple[dict[int, int], dict[int, Settled]]:
    """The rank of each oriented tile on ``square`` with several markers standing at it,
    and what each does (for :func:`movement_of`); the walks out of each point are shared."""
    movers = standing_at(ships, square)
    held = held_points(ships, movers)
    walks: Walks = {}
    found = {
        t: _settle(grid, board, blocked, ships, meeting, movers, square, t, walks, held)
        for t in tiles
    }
    return {t: _rank(same, lost, active) for t, (_, lost, same) in found.items()}, found


def movement_of(
    ships: Sequence[int],
    active: int,
    square: int,
    tile: int,
    movers: Sequence[int],
    settled: Settled,
) -> Movement:
    after, lost, same_wake = settled
    moved = tuple((s, ships[s], after[s]) for s in movers if s not in lost)
    return Movement(
        square,
        tile,
        tuple(after),
        tuple(sorted(lost.items())),
        moved,
        _rank(same_wake, lost, active),
    )
