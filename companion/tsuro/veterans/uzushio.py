"""The uzushio (whirlpool): a daikaiju-like piece that acts when the daikaiju sleep.

On a turn whose gold and blue dice do not total 6, 7 or 8 the uzushio may move (or must,
with the data's ``moves: must``): the single die is rolled and the uzushio moves or turns
by its arrow for that face, as a daikaiju does; on a 6 it stays where it is (a 6 brings a
daikaiju into play only when the daikaiju are awake). Where it lands, the daikaiju rules
apply: off the board it leaves play, a wake tile there is removed with its ships, a
daikaiju there is destroyed. That part stays with the engine; this module says where it
goes.

>>> from companion.tsuro.veterans.data import load_veterans
>>> rules = load_veterans().uzushio
>>> acts(5), acts(7)
(True, False)
>>> step(3, Side.SOUTH, rules, 1, 7, 7)   # r1c4 facing south, face 1 = forward
Move(square=10, facing=<Side.SOUTH: 2>, kind='moved', side=<Side.SOUTH: 2>)
>>> step(3, Side.SOUTH, rules, 2, 7, 7).kind
'turned'
>>> step(3, Side.SOUTH, rules, 5, 7, 7).kind   # back: north, off the board
'gone'
"""

from __future__ import annotations

from typing import NamedTuple

from companion.core.board import Side
from companion.tsuro.daikaiju import MOVES
from companion.tsuro.veterans.data import UzushioRules

WAKING_TOTALS = frozenset({6, 7, 8})


class UzushioError(ValueError):
    """An uzushio asked to do what the rules do not allow."""


def acts(total: int) -> bool:
    """Whether a turn's gold and blue total gives the uzushio its chance to move."""
    if not 2 <= total <= 12:
        raise UzushioError(f"two dice total 2-12, not {total}")
    return total not in WAKING_TOTALS


class Move(NamedTuple):
    square: int
    """Where the uzushio is afterwards; -1 when it left the board."""
    facing: Side
    kind: str
    """``moved``, ``turned``, ``gone`` (off the board) or ``still`` (a 6)."""
    side: Side | None = None
    """The way it moved, for ``moved`` and ``gone``."""


def step(square: int, facing: Side, rules: UzushioRules, face: int, rows: int, cols: int) -> Move:
    """Where the uzushio on ``square``, its forward arrow ``facing``, goes on ``face``."""
    if not 1 <= face <= 6:
        raise UzushioError(f"a die shows 1-6, not {face}")
    if face == 6:
        return Move(square, facing, "still")
    act = rules.action(face)
    if act == "rotate":
        return Move(square, Side((facing + rules.turn) % 4), "turned")
    side = Side((facing + MOVES[act]) % 4)
    r, c = divmod(square, cols)
    dr, dc = side.step
    nr, nc = r + dr, c + dc
    if not (0 <= nr < rows and 0 <= nc < cols):
        return Move(-1, facing, "gone", side)
    return Move(nr * cols + nc, facing, "moved", side)


def may_skip(rules: UzushioRules) -> bool:
    """Whether the active player may leave the uzushio where it is instead of rolling."""
    return not rules.must_move
