"""Path tiles: oriented tiles, their rotations and the 35 patterns.

Notation follows the project contract: an oriented tile is eight digits, digit ``i``
naming the point that point ``i`` is joined to, points numbered clockwise from the left
point of the top side.

>>> t = Tile.parse("52167034")
>>> t.connects(0), t.connects(3)
(5, 6)
>>> t.rotated(1).notation()
'56743012'
>>> len(PATTERNS)
35
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

POINTS = 8


class TileError(ValueError):
    """A string or value that is not a tile."""


@dataclass(frozen=True, order=True, slots=True)
class Tile:
    """One tile as it lies on the board: ``links[p]`` is the point joined to ``p``."""

    links: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.links) != POINTS or sorted(self.links) != list(range(POINTS)):
            raise TileError(f"{self.links!r} is not a pairing of the points 0-7")
        for p, q in enumerate(self.links):
            if q == p or self.links[q] != p:
                raise TileError(f"point {p} is joined to {q} but {q} is joined to {self.links[q]}")

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read the eight-digit notation.

        >>> Tile.parse("10325476").notation()
        '10325476'
        >>> Tile.parse("1032547")
        Traceback (most recent call last):
        ...
        companion.tsuro.tiles.TileError: '1032547' is not a tile: it needs 8 digits 0-7, got 7 characters
        """
        s = text.strip()
        if len(s) != POINTS or not all(c in "01234567" for c in s):
            raise TileError(
                f"{text!r} is not a tile: it needs 8 digits 0-7, got {len(s)} characters"
                if len(s) != POINTS
                else f"{text!r} is not a tile: only the digits 0-7 may appear"
            )
        try:
            return cls(tuple(int(c) for c in s))
        except TileError as exc:
            raise TileError(f"{text!r} is not a tile: {exc}") from None

    def notation(self) -> str:
        return "".join(str(q) for q in self.links)

    __str__ = notation

    def connects(self, point: int) -> int:
        return self.links[point]

    def rotated(self, quarter_turns: int = 1) -> Tile:
        """This tile turned clockwise: every point ``p`` goes to ``(p + 2) mod 8``."""
        return _trusted(_rotate(self.links, quarter_turns % 4))

    def rotations(self) -> tuple[Tile, ...]:
        """The distinct orientations, in order of quarter turns from this one."""
        seen: list[tuple[int, ...]] = []
        for k in range(4):
            r = _rotate(self.links, k)
            if r not in seen:
                seen.append(r)
        return tuple(_trusted(r) for r in seen)

    def pattern(self) -> Tile:
        """The tile as a physical piece: the smallest of its rotations."""
        found = _PATTERN_OF.get(self.links)
        if found is None:
            # links are digits 0-7, so the smallest tuple is the smallest notation
            found = _PATTERN_OF[self.links] = _trusted(
                min(_rotate(self.links, k) for k in range(4))
            )
        return found

    def quarter_turns_from_pattern(self) -> int:
        """How many clockwise quarter turns take the pattern to this orientation."""
        p = self.pattern()
        return next(k for k in range(4) if p.rotated(k) == self)

    def pairs(self) -> tuple[tuple[int, int], ...]:
        return tuple((p, q) for p, q in enumerate(self.links) if p < q)


_PATTERN_OF: dict[tuple[int, ...], Tile] = {}
"""Each oriented tile's pattern, once worked out (the engine's tables ask for all 105 as
it loads, and records for every tile they name)."""


def _trusted(links: tuple[int, ...]) -> Tile:
    """A tile made from the links of a checked one (a rotation of it): not checked again."""
    tile = object.__new__(Tile)
    object.__setattr__(tile, "links", links)
    return tile


def _rotate(links: tuple[int, ...], k: int) -> tuple[int, ...]:
    out = [0] * POINTS
    shift = 2 * k
    for p, q in enumerate(links):
        out[(p + shift) % POINTS] = (q + shift) % POINTS
    return tuple(out)


def _pairings(points: tuple[int, ...]) -> Iterator[dict[int, int]]:
    if not points:
        yield {}
        return
    first, rest = points[0], points[1:]
    for i, other in enumerate(rest):
        for sub in _pairings(rest[:i] + rest[i + 1 :]):
            yield {first: other, other: first, **sub}


@cache
def all_oriented() -> tuple[Tile, ...]:
    """Every oriented tile (105), sorted by notation."""
    tiles = {Tile(tuple(m[p] for p in range(POINTS))) for m in _pairings(tuple(range(POINTS)))}
    return tuple(sorted(tiles, key=Tile.notation))


PATTERNS: tuple[Tile, ...] = tuple(sorted({t.pattern() for t in all_oriented()}, key=Tile.notation))
"""The 35 tile patterns, each in its smallest rotation, sorted by notation."""


def parse_pattern(text: str) -> Tile:
    """Read a tile given in any orientation and return its pattern."""
    return Tile.parse(text).pattern()
