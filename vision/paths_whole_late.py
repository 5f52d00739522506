"""Squares the built-in reading left open, read last by the tiles drawn whole against the
board's own tiles (issue 9, item 2).

Every rule before this one asks how well each path shows on its own (the pair evidence of
:mod:`vision.read_paths`); thin pale paths on a textured tile, and U-turns that hug the
rim at a small bend, show weakly path by path while the tile drawn whole still fits the
square's lines clearly better than any other tile (:func:`vision.read_paths.likeness`).
How well a tile drawn whole can fit at all is the edition's: thin faint paths correlate
less with our drawing than bold ones. So the board is its own yardstick: the median fit of
tiles read surely to their own drawings (``REF_TILES`` of them, spread over the board; a
re-read keeps the last full read's). A square still open at the end, in the colours of the
tiles and not odd (a hand), is read as the tile whose drawing fits it best when that fit
reaches ``REL_FIT`` of the yardstick (and ``FLOOR``), leads every other drawing by
``LEAD``, the paths show that tile's own pairs (``PAIRS``: board art whose strokes happen
to fit a drawing pairs the points otherwise) and not the next drawing's better (two U-turns
at a corner and two arcs crossing there draw alike), the box has a copy of it left and a
legal move may put it there. The squares that lead most go first, as each uses up a copy.

Where the two best drawings are near twins (two paths alike, two re-paired) their lead is
small whatever the tile: they share half their lines. Such a square, its best drawing at
``TWIN_REL`` of the yardstick, is asked where the two differ
(:func:`vision.paths_twins.lean_between`, as the paths' own near twins are): it is read as
the one it leans to by ``LEAN`` (``LEAN_CROSS`` towards a crossing whose twin kisses), the
two drawn together fitting its lines ``TWIN_FIT``, the paths showing its pairs; never a
tile of the family of four whose paths all meet in the middle.

Chosen on the squares left open on ``drawn``, ``mottled``, ``curved``, ``seas`` and
``reeds`` (photo seed 2026, 40 photos a size) and on six looks mixed by
``benchmarks/vision_mixes.py`` (seeds 2-5, 20 photos a size); never on ``held-out``. Of the
squares so asked, 122 were read right and 6 wrong at 0.8 of the yardstick (159 and 8 at
0.7, 64 and 4 at 0.9; a lead of 0.06 let 20 wrong in, 0.1 kept 88 right); the paths'
preference for the next drawing cost 7 of the 122 right and caught the two wrong calls of
the tests' own owner drawing (tests/vision/test_vision_cli.py, test_vision_wizard_api.py).
The near twins: on the squares left open after the rule above whose two best drawings were
near twins (the five tuning looks, 40 photos a size, and eight mixes, 20; seed 2026), a lean
of 0.1 with these lines read 145 right and 4 wrong outside the family of four (the family
added 30 right and 4 wrong); a mix of wide glowing paths (seed 3's mix 5, not among those)
then read six kissing tiles as their crossing twins, hence ``LEAN_CROSS`` there: 71 right,
1 wrong on the same squares.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from collections.abc import Set as AbstractSet

import numpy as np

from .inventory import pattern_of, remaining, take
from .paths_twins import LEAN, lean_between, lean_needed, twins
from .read_combine import PATH_INDEX, PATH_LABELS, is_tile
from .read_decide import Call
from .read_paths import Lines, PathScores, likeness

REL_FIT = 0.8  # of the board's sure tiles' median fit to their own drawings
FLOOR = 0.3  # ... and never below this correlation
LEAD = 0.08  # over the next tile drawn whole
PAIRS = 0.35  # the tile's own path evidence (its four pairs, over the square's typical)
REF_TILES = 8  # sure tiles whose fit makes the yardstick
REF_LEAST = 3  # fewer than this read surely: no yardstick from this read
REF_LEAD = 2.0  # a sure tile's lead (in the paths' calling margins)
# Near twins drawn alike (the two best drawings share two of their paths): asked where they
# differ (vision.paths_twins.lean_and_fit; LEAN, or LEAN_CROSS towards a crossing whose twin
# kisses: glowing paths that kiss touch and lean to the crossing), never within the family
# of four whose paths all meet in the middle (docs/vision.md, "Near twins, round 4": no
# line tells them apart)
TWIN_REL = 0.7  # the best drawing's fit, of the yardstick
TWIN_FIT = 0.3  # the two drawn together fit the square's lines this well
FAMILY = frozenset({"45670123", "35607124", "36507214"})  # their patterns


def late_whole(calls: Mapping[int, Call], lines: Lines, paths: PathScores,
               ruled_out: Collection[int], counts: Mapping[str, int] | None,
               fixed: Mapping[int, str], legal: Mapping[int, set[str] | None],
               yardstick: float | None, top: np.ndarray | None = None, cols: int = 0,
               art: AbstractSet[str] = frozenset(), full: bool = True
               ) -> tuple[dict[int, Call], float | None]:
    """``calls`` with the squares of ``paths`` still open read as above (never those in
    ``ruled_out``: odd colours, a hand; never a pattern of ``art``, the patterns the paths
    claimed beyond the box, vision.paths_claims), and the yardstick used (a ``full`` read's
    own when it had enough sure tiles, else ``yardstick``, the last one: a re-read of a
    few squares keeps the full read's). ``lines`` and ``paths`` are the paths' view of the
    same squares; ``fixed`` holds the tiles known from before; ``top`` the top-down view
    (``cols`` squares wide) where near twins are asked (none without)."""
    out = dict(calls)
    squares = [int(i) for i in paths.squares]
    asked = [k for k, i in enumerate(squares)
             if out[i].label is None and i not in ruled_out]
    sure = [k for k, i in enumerate(squares)
            if is_tile(out[i]) and out[i].lead >= REF_LEAD and out[i].confidence >= 0.6]
    refs = sure[::max(1, -(-len(sure) // REF_TILES))][:REF_TILES]
    if not asked:  # (the yardstick is worked out only where a square needs it)
        return out, yardstick
    if not full:
        refs = []
    ks = np.array(asked + (refs if len(refs) >= REF_LEAST else []))
    fit = likeness(lines.resp, lines.cols, lines.local[ks], paths.offsets[ks], paths.polarity,
                   paths.bend, lines.pooled)
    if len(refs) >= REF_LEAST:
        own = [fit[len(asked) + j, PATH_INDEX[str(out[squares[k]].label)]]
               for j, k in enumerate(refs)]
        yardstick = float(np.median(own))
    if yardstick is None:
        return out, None
    least = max(FLOOR, REL_FIT * yardstick)
    left = remaining(counts, [*fixed.values(),
                              *(c.label for c in out.values() if c.label is not None)])
    whole, leaning = [], []
    for j, k in enumerate(asked):
        order = np.argsort(-fit[j])[:2]
        best, lead = float(fit[j, order[0]]), float(fit[j, order[0]] - fit[j, order[1]])
        pairs = paths.tile[k, order]
        first, second = PATH_LABELS[int(order[0])], PATH_LABELS[int(order[1])]
        if best >= least and lead >= LEAD and float(pairs[0]) >= max(PAIRS, float(pairs[1])):
            whole.append((lead, squares[k], first, second))
        elif (top is not None and best >= max(FLOOR, TWIN_REL * yardstick)
              and twins(first, second) and not {pattern_of(first), pattern_of(second)} & FAMILY):
            pick, other, size, both = lean_between(paths, k, first, second, top, cols)
            # (towards a crossing where the twin's paths kiss: LEAN_CROSS, as the paths ask)
            if (size >= lean_needed(pick, other) and both >= TWIN_FIT
                    and float(paths.tile[k, PATH_INDEX[pick]]) >= PAIRS):
                leaning.append((size, squares[k], pick, other))
    # the clearest first, as each uses up a copy: whole drawings, then near twins' leans
    for i, label, second, confidence in [
            *((i, a, b, round(0.5 + min(0.2, lead), 3))
              for lead, i, a, b in sorted(whole, reverse=True)),
            *((i, a, b, round(0.5 + min(0.1, size - LEAN), 3))
              for size, i, a, b in sorted(leaning, reverse=True))]:
        if take(left, label, legal.get(i), art):
            out[i] = Call(label, confidence, 1.0, second)
    return out, yardstick
