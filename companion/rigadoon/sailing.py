"""A sail, square by square: what blocks it, the chests it pushes, where it stops (a chest
sunk or run aground on, an island claimed, a maelstrom's exit), and the chain of attacks
its landing starts (:class:`~companion.rigadoon.chain.Chain`, resolved by ``advance``).
"""

from __future__ import annotations

from .board import ISLAND, MAELSTROM, OPEN, Board
from .chain import Chain, Run, fleet_of, ship_name
from .geometry import ORTHOGONAL, Direction


def sail_chain(
    board: Board,
    ships: tuple[int, ...],
    masts: tuple[int, ...],
    chests: tuple[int, ...],
    ship: int,
    d: Direction,
    spaces: int,
    stop: str,
    quiet_exits: bool = False,
    *,
    stop_beside: bool = False,
    short_chests: bool = False,
    claims: tuple[int, int] = (0, 0),
    cumulative: bool = False,
) -> Chain | str:
    """The chain a sail sets off, or why the sail is impossible.

    ``stop`` is ``''`` (bump any chest on the last square too), ``sink`` or ``aground``
    (stop on the chest of the last square). ``stop_beside`` (option ``attack-in-passing``):
    a ship may not sail on past a square orthogonally next to another ship."""
    first = Chain(
        ships,
        masts,
        chests,
        fleet_of(ship),
        ship,
        quiet_exits=quiet_exits,
        short_chests=short_chests,
        claims=claims,
        cumulative=cumulative,
    )
    run = Run(board, first)
    start = run.ships[ship]
    cur = start
    via = -1
    n = board.name
    for i in range(1, spaces + 1):
        nxt = board.step(cur, d)
        last = i == spaces
        if nxt < 0:
            return "ships never sail off the edge of the board"
        if run.ship_at(nxt) >= 0:
            return f"a ship at {n(nxt)} is in the way"
        terrain = board.terrain[nxt]
        if terrain == ISLAND:
            if nxt not in run.chests:
                return f"the island at {n(nxt)} has no chest to claim"
            if not last:
                return f"ships never sail through the island at {n(nxt)}"
            if stop:
                return "a ship on an island claims its chest: it neither sinks nor runs aground"
            cur = nxt
            break
        if terrain == MAELSTROM:
            if not last:
                return f"the maelstrom at {n(nxt)} ends the sail"
            exit_ = board.exit_of[nxt]
            if run.ship_at(exit_) not in (-1, ship):
                return f"a ship on the exit {n(exit_)} blocks the maelstrom at {n(nxt)}"
            if stop:
                return "a maelstrom carries the ship on: it stops on no chest"
            via, cur = nxt, exit_
            break
        if nxt in run.chests:
            if last and stop:
                want = "sink" if terrain == OPEN else "aground"
                if stop != want:
                    where = "in open water" if terrain == OPEN else "in the Shallows"
                    return f"the chest at {n(nxt)} is {where}: the ship can only {want} it"
                if stop == "aground" and masts[ship] < 3:
                    return "only a ship with all 3 masts runs aground by itself"
                cur = nxt
                break
            moves = run.bump_target(nxt, d)
            if moves is None:
                return f"the chest at {n(nxt)} cannot be bumped {d.word}"
            run.bump(moves, d)
        elif last and stop:
            return f"there is no chest at {n(nxt)} to {stop}"
        cur = nxt
        if stop_beside and not last:
            other = beside(board, run.ships, nxt, ship)
            if other >= 0:
                return (
                    f"{ship_name(ship)} comes beside {ship_name(other)} at {n(nxt)}: it must "
                    "stop there and attack (option attack-in-passing)"
                )
    run.ships[ship] = cur
    # The sail is told first, then the chests it pushed on its way.
    bumps = run.events
    run.events = [("sail", ship, start, cur, d, spaces, via), *bumps]
    if (via >= 0 and cur in run.chests) or stop == "sink":
        run.sink(cur)
    elif stop == "aground":
        run.events.append(("aground", ship, cur))
    if board.terrain[cur] == ISLAND:
        run.claim(ship)
    if via < 0 or not quiet_exits:
        run.land(ship)
    return run.snapshot(None)


def beside(board: Board, ships: list[int] | tuple[int, ...], sq: int, mover: int) -> int:
    """A ship other than ``mover`` orthogonally next to ``sq``, or -1."""
    for d in ORTHOGONAL:
        n = board.step(sq, d)
        if n >= 0 and n in ships and ships.index(n) != mover:
            return ships.index(n)
    return -1
