"""The reference's elimination bonus (option ``reference-bonus``).

The official rules let the active player swap tiles of the hand for as many from the
eliminated hands. The reference instead lets them take tiles from those hands and then
keep only two in all, the rest going under the draw pile; the hand is then drawn back
up to three as usual. "Keeps only 2" is read as keeping two (or every tile, with fewer
than two to choose from).

>>> keep_choices((4, 9), (9, 12))
[(4, 9), (4, 12), (9, 9), (9, 12)]
>>> leftovers((4, 9), (9, 12), (9, 12))
(4, 9)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

KEEP = 2


class BonusError(ValueError):
    """A bonus choice that the hand and the eliminated hands cannot make."""


def keep_choices(hand: Sequence[int], pool: Sequence[int], keep: int = KEEP) -> list[tuple[int, ...]]:
    """Every distinct set of tiles (sorted pattern numbers) the player may keep."""
    tiles = sorted([*hand, *pool])
    n = min(keep, len(tiles))
    return sorted(set(combinations(tiles, n)))


def leftovers(
    hand: Sequence[int], pool: Sequence[int], kept: Sequence[int], keep: int = KEEP
) -> tuple[int, ...]:
    """The tiles that go under the pile when ``kept`` is kept; BonusError if it cannot be."""
    rest = sorted([*hand, *pool])
    if len(kept) != min(keep, len(rest)):
        raise BonusError(f"keep {min(keep, len(rest))} tiles, not {len(kept)}")
    for t in kept:
        if t not in rest:
            raise BonusError("a kept tile is not in the hand or the eliminated hands")
        rest.remove(t)
    return tuple(rest)
