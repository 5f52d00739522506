"""Taihou (cannon) tiles: drawn from the wake pile, kept, and fired to tuck a daikaiju away.

A taihou is discarded to put a daikaiju face down under the daikaiju deck, in one of
three moments (:class:`Use`), and only ever for the firer's own ship (the reference's FAQ):

- ``check``: a daikaiju stands in front of the active ship at the daikaiju check (or
  arrived there while the daikaiju moved); the active player saves the ship.
- ``moving``: a ship's wake runs into a daikaiju while it moves; its owner saves it (the
  ship then waits in front of the square the daikaiju left).
- ``clear``: instead of laying a tile, the active player tucks away a daikaiju on a square
  beside the one in front of the ship (the square the tile would have gone on).

A drawn taihou is kept, or shown and removed from the game with a replacement drawn; a
hand that would hold more than ``keep_limit`` taihou must remove it.

>>> from companion.tsuro.veterans.data import load_veterans
>>> rules = load_veterans().taihou
>>> after_draw(2, rules, keep=True), after_draw(3, rules, keep=True)
('keep', 'remove')
>>> check_use(Use.MOVING, firer=1, owner=2, active=1, held=1)
Traceback (most recent call last):
...
companion.tsuro.veterans.taihou.TaihouError: a taihou saves only its owner's own ship, not seat 2's
"""

from __future__ import annotations

from collections.abc import Collection
from enum import Enum

from companion.tsuro.veterans.data import TaihouRules


class TaihouError(ValueError):
    """A taihou fired where the rules do not allow it."""


class Use(Enum):
    CHECK = "check"
    MOVING = "moving"
    CLEAR = "clear"

    @classmethod
    def parse(cls, text: str) -> Use:
        for u in cls:
            if u.value == text.strip().lower():
                return u
        raise TaihouError(f"{text!r} is not a taihou use (check, moving or clear)")


def after_draw(held: int, rules: TaihouRules, keep: bool) -> str:
    """``keep`` or ``remove`` for a taihou just drawn, ``held`` counting it.

    Over the limit it must go (shown, removed from the game, a replacement drawn); at or
    under it the player chooses.
    """
    if held < 1:
        raise TaihouError("no taihou was drawn")
    return "keep" if keep and held <= rules.keep_limit else "remove"


def check_use(use: Use, firer: int, owner: int, active: int, held: int) -> None:
    """Refuse, with one line, a taihou the rules do not allow; return quietly otherwise.

    ``firer`` discards it, ``owner`` owns the ship it is for (for ``clear``: the ship
    whose tile it clears the way for), ``active`` is the player whose turn it is,
    ``held`` how many taihou the firer has.
    """
    if held < 1:
        raise TaihouError("no taihou in that hand")
    if firer != owner:
        raise TaihouError(f"a taihou saves only its owner's own ship, not seat {owner}'s")
    if use in (Use.CHECK, Use.CLEAR) and firer != active:
        raise TaihouError(f"only the active player fires a taihou for the {use.value}")


def clear_targets(front: int, daikaiju: Collection[int], rows: int, cols: int) -> tuple[int, ...]:
    """The daikaiju squares beside ``front`` (the square the tile would go on), sorted.

    >>> clear_targets(8, {1, 9, 20}, 7, 7)   # r2c2: r1c2 and r2c3 are beside it
    (1, 9)
    """
    r, c = divmod(front, cols)
    beside = {
        nr * cols + nc
        for nr, nc in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1))
        if 0 <= nr < rows and 0 <= nc < cols
    }
    return tuple(sorted(beside & set(daikaiju)))
