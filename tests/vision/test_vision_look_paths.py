"""Every look draws tiles a player can follow (issue 9): two paths of a tile either cross
or keep at least :data:`CLEAR` of a square of bare tile between them. A printed tile whose paths touch
without crossing could not be played, and a look so drawn is no model of any box: `seas`
drawn at a bend of 0.42 let the two arcs of a U-turn pair touch in the middle, so that four
tiles of the set drew as one star of eight arms that no reader, nor player, could tell
apart (docs/vision.md, "The looks' paths")."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import numpy as np
import pytest

from companion.tsuro.tiles import PATTERNS
from vision import drawing, looks
from vision.look_art import path_curve
from vision.look_pieces import LookSpec

STEPS = 64
CLEAR = 0.04
"""Bare tile between two paths that do not cross, as a share of a square: about 2 mm on a
5 cm tile, 2.6 px in the benchmark's photos (about 65 px a square, blurred about 1 px).
`curved`'s nested corner arcs keep 0.046, `seas` 0.056 (at its first bend, 0.42, none: at
0.36, 0.036), `mottled` 0.056, the rest 0.15 and more."""


def _centre_lines(spec: LookSpec, a: int, b: int) -> np.ndarray:
    if spec.style is not None:
        return drawing._path_points(a, b, spec.style, STEPS)
    return path_curve(a, b, spec.bend, STEPS)


def _cross(p: np.ndarray, q: np.ndarray) -> bool:
    """Whether the polylines ``p`` and ``q`` cross (a segment of one cuts one of the other)."""
    a, b = p[:-1, None], p[1:, None]
    c, d = q[None, :-1], q[None, 1:]

    def side(o: np.ndarray, s: np.ndarray, t: np.ndarray) -> np.ndarray:
        return (s[..., 0] - o[..., 0]) * (t[..., 1] - o[..., 1]) \
            - (s[..., 1] - o[..., 1]) * (t[..., 0] - o[..., 0])

    return bool(np.any((side(a, b, c) * side(a, b, d) < 0) & (side(c, d, a) * side(c, d, b) < 0)))


def _tightest(spec: LookSpec) -> tuple[float, str]:
    """The least bare tile between two paths that do not cross, over every tile of the set,
    as a share of a square; and the tile it is on."""
    width = spec.style.path_width if spec.style is not None else spec.path_width
    wobble = 0.0 if spec.style is not None else spec.wobble  # each line strays this far
    worst, where = np.inf, ""
    for tile in PATTERNS:
        lines = [_centre_lines(spec, a, b) for a, b in tile.pairs()]
        for p, q in combinations(lines, 2):
            if _cross(p, q):
                continue
            gap = float(np.min(np.linalg.norm(p[:, None] - q[None], axis=2)))
            clear = gap - width - 2 * wobble
            if clear < worst:
                worst, where = clear, str(tile)
    return worst, where


@pytest.mark.parametrize("look", looks.LOOKS)
def test_paths_that_do_not_cross_keep_bare_tile_between_them(look: str) -> None:
    clear, tile = _tightest(looks.spec(look))
    assert clear >= CLEAR, f"{look}: paths of {tile} only {clear:.3f} of a square apart"


def test_the_seas_look_as_first_drawn_fails_the_rule() -> None:
    # bend 0.42: the U-turn arcs run 0.05 of a square apart, about as wide as a path and
    # its wobble, so that they touch
    clear, tile = _tightest(replace(looks.spec("seas"), bend=0.42))
    assert clear < 0.0 and tile in {"32107654", "36507214"}
