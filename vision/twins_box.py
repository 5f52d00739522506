"""Near twins settled by the box (issue 9, built-in reading).

A square the paths left open between two near twins (:mod:`vision.paths_twins`) that its
lines do not tell apart is still one of few tiles. When the box (the game's tile counts,
:func:`vision.inventory.box_counts`) has a copy left of only one of them, once the tiles
called elsewhere on the board (and the ones known from before) are taken out, that one is
the square's tile: a twin read surely elsewhere settles its partner. The candidates are
:func:`vision.paths_twins.candidates`: the two twins, the pairings whose path evidence comes
within ``NEAR`` margins of the best and the near twins of either within ``NEAR_TWIN`` (tiles
whose paths all cross in the middle come in a family of four, and on ``curved`` the
square's own tile was often the fourth, 2-3 margins behind). Where only the wider set leaves more than one, the narrow one may
still settle it when the square leans ``LEAN`` to the one it leaves (the lines agree with
the box). A tile the box leaves against the lines' ``LEAN`` is not called (a wrong call
elsewhere may have used its twin up). The square must show the two twins' lines (``FIT``:
board art, a daikaiju or a hand fits less), and the tile must be a legal placement where
those are known. The squares that lean most go first, as each one settled uses up a copy.

Chosen on the squares the paths left open between near twins of ``mottled``, ``curved``,
``seas`` and ``reeds`` (photo seeds 2026 and 7, 40 photos a size; never ``held-out``): 40
settled, all right; without ``NEAR_TWIN`` 13 of 89 were wrong (all the family of four).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from .inventory import pattern_of, remaining
from .paths_twins import FIT, LEAN, NEAR_TWIN, Lean, candidates
from .read_decide import Call

SURE = 0.55  # the confidence of a square settled so: told by the box, not by its lines


def box_twins(calls: Mapping[int, Call], leans: Mapping[int, tuple[Lean, np.ndarray]],
              counts: Mapping[str, int] | None, fixed: Mapping[int, str],
              legal: Mapping[int, set[str] | None], margin: float) -> dict[int, Call]:
    """``calls`` with the squares still open that ``leans`` holds (each: its lean and its
    path evidence over the oriented tiles, :func:`vision.paths_twins._labels`) settled where
    the box leaves only one of its candidates; ``fixed`` holds the tiles known from before,
    ``legal`` each square's legal placements (or None), ``margin`` the paths' calling
    margin (evidence units)."""
    out = dict(calls)
    if counts is None or not leans:
        return out
    left = remaining(counts, [*fixed.values(),
                              *(c.label for c in calls.values() if c.label is not None)])
    assert left is not None
    todo = sorted((lean[2], i) for i, (lean, _) in leans.items()
                  if i in out and out[i].label is None and lean[3] >= FIT)
    for _, i in reversed(todo):
        (first, second, size, _), ev = leans[i]
        tile = _left_one(first, second, ev, left, NEAR_TWIN, margin)
        if tile is None or (tile == second and size >= LEAN):
            tile = _left_one(first, second, ev, left, 0.0, margin)
            if tile != first or size < LEAN:
                continue
        allowed = legal.get(i)
        if allowed and tile not in allowed:
            continue
        out[i] = Call(tile, SURE, out[i].lead, second if tile == first else first)
        pat = pattern_of(tile)
        assert pat is not None
        left[pat] -= 1
    return out


def _left_one(first: str, second: str, ev: np.ndarray, left: Mapping[str, int],
              twin_reach: float, margin: float) -> str | None:
    """The one candidate of a square (:func:`vision.paths_twins.candidates`) the box has a
    copy left of, when it is one of the two twins; else None."""
    alive = [lb for lb in candidates(first, second, ev, margin, twin_reach)
             if left.get(pattern_of(lb) or "", 0) > 0]
    return alive[0] if len(alive) == 1 and alive[0] in (first, second) else None
