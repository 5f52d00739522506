"""The draw pile and the hands, with the identities the table has not shown.

Tiles in hands and piles are pattern numbers (indices into ``PATTERNS``): a physical tile
is a pattern, its orientation chosen only when it is laid. A companion at a real table
rarely sees the tiles a player draws, so a hand slot or a slot at the bottom of the pile
may be ``UNKNOWN``. The identities of all such tiles, and of the shuffled part of the pile,
are kept together in ``unseen``: every tile of the set is then on the board, in a known
slot, or in ``unseen``.

>>> p = Pile.shuffled_from([3, 1, 3])
>>> p.size, p.unseen
(3, (1, 3, 3))
>>> p.take(3).unseen
(1, 3)
>>> p.take(3).to_bottom([5, UNKNOWN]).bottom
(5, -1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

UNKNOWN = -1


@cache
def _chance(count: int, total: int) -> Fraction:
    # Draws ask for the same few fractions again and again; building them is not free.
    return Fraction(count, total)


def remove_one(items: Sequence[int], value: int) -> tuple[int, ...]:
    """``items`` without its first ``value``; ValueError when absent."""
    i = items.index(value)
    return (*items[:i], *items[i + 1 :])


@dataclass(frozen=True, slots=True)
class Pile:
    shuffled: int
    """How many tiles lie in the shuffled part, drawn first, in unknown order."""
    bottom: tuple[int, ...]
    """Tiles put under the pile, in the order they will be drawn once the rest is gone."""
    unseen: tuple[int, ...]
    """Sorted identities of the shuffled part and of every UNKNOWN slot in hands and bottom."""

    @classmethod
    def shuffled_from(cls, tiles: Iterable[int]) -> Pile:
        t = tuple(sorted(tiles))
        return cls(len(t), (), t)

    @property
    def size(self) -> int:
        return self.shuffled + len(self.bottom)

    def draw_odds(self) -> list[tuple[int, Fraction]]:
        """Each tile the next draw can bring, with its exact chance."""
        if self.shuffled == 0 and self.bottom and self.bottom[0] != UNKNOWN:
            return [(self.bottom[0], Fraction(1))]
        n = len(self.unseen)
        return [(t, _chance(c, n)) for t, c in sorted(Counter(self.unseen).items())]

    def next_is_known(self) -> bool:
        return self.shuffled == 0 and bool(self.bottom) and self.bottom[0] != UNKNOWN

    def take(self, tile: int) -> Pile:
        """The pile after drawing ``tile`` (UNKNOWN when the companion was not shown it)."""
        if self.size == 0:
            raise ValueError("the draw pile is empty")
        if self.shuffled:
            unseen = self.unseen if tile == UNKNOWN else remove_one(self.unseen, tile)
            return Pile(self.shuffled - 1, self.bottom, unseen)
        head, rest = self.bottom[0], self.bottom[1:]
        if head != UNKNOWN:
            if tile not in (UNKNOWN, head):
                raise ValueError("that is not the tile at the bottom of the pile")
            return Pile(0, rest, self.unseen)
        unseen = self.unseen if tile == UNKNOWN else remove_one(self.unseen, tile)
        return Pile(0, rest, unseen)

    def drawn_identity(self, tile: int) -> int:
        """What the hand learns from a draw: the bottom tile is known even when unseen."""
        if tile == UNKNOWN and self.next_is_known():
            return self.bottom[0]
        return tile

    def to_bottom(self, tiles: Iterable[int]) -> Pile:
        """Put tiles under the pile; UNKNOWN ones keep their identity in ``unseen``."""
        return Pile(self.shuffled, self.bottom + tuple(tiles), self.unseen)

    def to_bottom_unordered(self, tiles: Sequence[int]) -> Pile:
        """Put a batch of tiles under the pile in an order the companion cannot see (the
        players stack them as they like): each is a slot of unknown identity.

        >>> Pile(0, (), ()).to_bottom_unordered([4, 7]).bottom
        (-1, -1)
        >>> Pile(0, (), ()).to_bottom_unordered([4, 7]).unseen
        (4, 7)
        >>> Pile(0, (), ()).to_bottom_unordered([4]).bottom  # one tile: its place is known
        (4,)
        """
        if len(tiles) <= 1:
            return self.to_bottom(tiles)
        known = [t for t in tiles if t != UNKNOWN]
        return Pile(self.shuffled, self.bottom + (UNKNOWN,) * len(tiles),
                    self.unseen).forget(known)

    def shuffle_in(self, tiles: Sequence[int]) -> Pile:
        """Shuffle tiles into the pile (Tsuro): the whole pile becomes unordered."""
        known = [t for t in (*tiles, *self.bottom) if t != UNKNOWN]
        return Pile(
            self.shuffled + len(tiles) + len(self.bottom),
            (),
            tuple(sorted(self.unseen + tuple(known))),
        )

    def forget(self, tiles: Iterable[int]) -> Pile:
        """Record that known tiles went where the companion cannot follow them."""
        return Pile(self.shuffled, self.bottom, tuple(sorted(self.unseen + tuple(tiles))))

    def learn(self, tiles: Iterable[int]) -> Pile:
        """Record that tiles shown from UNKNOWN slots are these; ValueError if impossible."""
        unseen = self.unseen
        for t in tiles:
            unseen = remove_one(unseen, t)
        return Pile(self.shuffled, self.bottom, unseen)
