"""The answers the advisor can give without playing a round: a placement that sinks the
ship or ends the game, and which players could lay a tile in front of the ship this round
(:func:`_threats`), so that the round ends for the advice once the last of them has played."""

from __future__ import annotations

from fractions import Fraction

from companion.tsuro.paths import End
from companion.tsuro.state import State


def _certain(s: State, seat: int) -> Fraction | None:
    if s.ships[seat] < 0:
        return Fraction(0)
    if s.is_terminal():
        return Fraction(1)
    return None


def _round_order(s: State, seat: int) -> list[int]:
    """The other ships' seats, in the order their turns come before ``seat``'s again."""
    n = s.seats
    return [(seat + k) % n for k in range(1, n) if s.ships[(seat + k) % n] >= 0]


def _threats(s: State, seat: int, order: list[int] | None = None) -> list[int] | None:
    """The seats that could lay a tile on the square in front of ``seat``'s ship this
    round, in turn order; None when that cannot be told (a daikaiju can take tiles off the
    board).

    Only a tile laid on that square moves the ship. No other ship can come to stop on its
    point either: that would mean following its wake from where it began, a start mark on
    the edge, and while no tile leaves the board its wake stays whole. A player lays a tile
    only on the square their own ship faces. So the round is walked through turn by turn,
    keeping for every ship each empty square it might face by then, whatever tiles are
    chosen: the player whose turn it is may lay a tile on any square their ship might
    face, and that tile may send every ship facing that square along its wake to the next
    empty square, or further through squares that might hold a tile by then. Every square
    that might be reached is counted, so a player never counted in front of the ship
    cannot get there.
    """
    if s.game.has_daikaiju:
        return None
    if order is None:  # the seats still to play this round, in turn order
        order = _round_order(s, seat)
    front = s.front_square(seat)
    hops = _Hops(s)
    # reach[z][square]: the earliest turn (index into order) ship z might face square
    reach = {z: {s.ships[z] >> 3: 0} for z in order}
    filled: dict[int, int] = {}  # square -> the earliest turn a tile might lie on it
    threats = []
    for i, z in enumerate(order):
        laid = [sq for sq, t in reach[z].items() if t <= i]
        if front in laid:
            threats.append(z)
        for sq in laid:
            filled.setdefault(sq, i)
        for sq in laid:
            movers = [y for y in order if reach[y].get(sq, i + 1) <= i]
            if not movers:
                continue
            ends = hops.beyond(sq, {k for k, t in filled.items() if t <= i})
            for y in movers:
                r = reach[y]
                for end in ends:
                    if r.get(end, i + 2) > i + 1:
                        r[end] = i + 1
    return threats


class _Hops:
    """Where a wake leaving each empty square runs to: the next empty square it meets,
    on the board as it stands."""

    def __init__(self, s: State) -> None:
        self._grid, self._board = s.grid, s.board
        self._next: dict[int, set[int]] = {}

    def of(self, sq: int) -> set[int]:
        found = self._next.get(sq)
        if found is None:
            g, across = self._grid, self._grid.across
            found = set()
            for point in range(8):
                nxt = across[(sq << 3) | point]
                if nxt >= 0:
                    end, pos = g.walk_end(self._board, (), nxt)
                    if end is End.STOP:
                        found.add(pos >> 3)
            self._next[sq] = found
        return found

    def beyond(self, sq: int, filled: set[int]) -> set[int]:
        """Every square a wake from ``sq`` might stop in front of, passing through squares
        in ``filled`` (which might hold tiles by then)."""
        out: set[int] = set()
        todo = [sq]
        passed = {sq}
        while todo:
            for nxt in self.of(todo.pop()):
                out.add(nxt)
                if nxt in filled and nxt not in passed:
                    passed.add(nxt)
                    todo.append(nxt)
        return out


def _done_after(seat: int, order: list[int], threats: list[int] | None) -> frozenset[int]:
    """Seats whose turn opening ends the round for the advice: the advised seat's own, and
    once every threat has played (see :func:`_threats`), the next one's."""
    if threats is None:
        return frozenset({seat})
    if not threats:
        return frozenset({seat, *order})
    return frozenset({seat, *order[order.index(threats[-1]) + 1 :]})


def _still_to_play(s: State, seat: int, first: int) -> list[int]:
    """The ships' seats from ``first`` round to ``seat``'s (not included), in turn order."""
    n, out = s.seats, []
    for k in range(n):
        x = (first + k) % n
        if x == seat:
            break
        if s.ships[x] >= 0:
            out.append(x)
    return out
