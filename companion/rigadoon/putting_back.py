"""What the table must do with the pieces when an action is taken back.

An undone sail can have moved half the board (a whole chain of blasts), so "put it back as
it was" is not enough at a table: each piece that differs is named, in an order that
never puts two ships on one square (a ship goes back only once the ship standing on its
old square has moved away; when ships would have to swap, one is lifted off first).

>>> from companion.rigadoon.examples import basic_attack
>>> from companion.rigadoon.actions import Sail
>>> s = basic_attack()
>>> put_back(s.board, s.apply(Sail(0, (7, 6))), s)[0]
'move blue ship 1 back from r7c6 to r5c8'
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .board import Board
from .instructions import piece

if TYPE_CHECKING:
    from .state import State

_NUMBERS = ("no", "one", "two", "three")


def _masts(now: int, then: int) -> str:
    k = then - now
    if k == 0:
        return ""
    n = abs(k)
    word = f"{_NUMBERS[n]} mast{'s' if n != 1 else ''}"
    return f"give it back {word}" if k > 0 else f"take {word} off it"


def put_back(board: Board, now: State, then: State) -> list[str]:
    """Instructions that turn the table from position ``now`` into position ``then``."""
    n = board.name
    out: list[str] = []
    lost = sorted(Counter(now.chests) - Counter(then.chests))
    # A chest with a ship on it is lifted once that ship has moved.
    out += [f"lift the chest off {n(sq)}" for sq in lost if sq not in now.ships]
    todo = [i for i in range(8) if now.ships[i] != then.ships[i]]
    where = dict(enumerate(now.ships))
    lifted: list[int] = []
    while todo:
        free = [i for i in todo if then.ships[i] not in where.values()]
        if not free:
            i = todo.pop(0)  # ships that would swap squares: one leaves the board first
            out.append(f"lift {piece(i)} off the board at {n(where.pop(i))}")
            lifted.append(i)
            continue
        i = free[0]
        todo.remove(i)
        masts = _masts(now.masts[i], then.masts[i])
        out.append(
            f"move {piece(i)} back from {n(where[i])} to {n(then.ships[i])}"
            + (f"; {masts}" if masts else "")
        )
        where[i] = then.ships[i]
    for i in lifted:
        masts = _masts(now.masts[i], then.masts[i])
        out.append(f"put {piece(i)} back on {n(then.ships[i])}" + (f"; {masts}" if masts else ""))
    for i in range(8):
        if now.ships[i] == then.ships[i] and now.masts[i] != then.masts[i]:
            out.append(f"{piece(i)} at {n(then.ships[i])}: {_masts(now.masts[i], then.masts[i])}")
    out += [f"lift the chest off {n(sq)}" for sq in lost if sq in now.ships]
    for sq in sorted(Counter(then.chests) - Counter(now.chests)):
        under = [i for i in range(8) if then.ships[i] == sq]
        below = f", under {piece(under[0])}" if under else ""
        out.append(f"put a chest back on {n(sq)}{below}")
    if then.wind is not None and then.wind != now.wind:
        out.append(f"set the wind back to {then.wind.word}")
    return out
