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

Chosen on the squares left open on ``drawn``, ``mottled``, ``curved``, ``seas`` and
``reeds`` (photo seed 2026, 40 photos a size) and on six looks mixed by
``benchmarks/vision_mixes.py`` (seeds 2-5, 20 photos a size); never on ``held-out``. Of the
squares so asked, 122 were read right and 6 wrong at 0.8 of the yardstick (159 and 8 at
0.7, 64 and 4 at 0.9; a lead of 0.06 let 20 wrong in, 0.1 kept 88 right); the paths'
preference for the next drawing cost 7 of the 122 right and caught the two wrong calls of
the tests' own owner drawing (tests/vision/test_vision_cli.py, test_vision_wizard_api.py).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

import numpy as np

from .inventory import pattern_of, remaining
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


def late_whole(calls: Mapping[int, Call], lines: Lines, paths: PathScores,
               ruled_out: Collection[int], counts: Mapping[str, int] | None,
               fixed: Mapping[int, str], legal: Mapping[int, set[str] | None],
               yardstick: float | None) -> tuple[dict[int, Call], float | None]:
    """``calls`` with the squares of ``paths`` still open read as above (never those in
    ``ruled_out``: odd colours, a hand), and the yardstick used (this read's when it had
    enough sure tiles, else ``yardstick``, the last one). ``lines`` and ``paths`` are the
    paths' view of the same squares; ``fixed`` holds the tiles known from before."""
    out = dict(calls)
    squares = [int(i) for i in paths.squares]
    asked = [k for k, i in enumerate(squares)
             if out[i].label is None and i not in ruled_out]
    sure = [k for k, i in enumerate(squares)
            if is_tile(out[i]) and out[i].lead >= REF_LEAD and out[i].confidence >= 0.6]
    refs = sure[::max(1, -(-len(sure) // REF_TILES))][:REF_TILES]
    if not asked:  # (the yardstick is worked out only where a square needs it)
        return out, yardstick
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
    found = []
    for j, k in enumerate(asked):
        order = np.argsort(-fit[j])[:2]
        best, lead = float(fit[j, order[0]]), float(fit[j, order[0]] - fit[j, order[1]])
        pairs = paths.tile[k, order]
        if best >= least and lead >= LEAD and float(pairs[0]) >= max(PAIRS, float(pairs[1])):
            found.append((lead, squares[k], int(order[0]), int(order[1])))
    for lead, i, first, second in sorted(found, reverse=True):
        label = PATH_LABELS[first]
        allowed = legal.get(i)
        if allowed and label not in allowed:
            continue
        pattern = pattern_of(label)
        if left is not None and pattern is not None:
            if left.get(pattern, 0) <= 0:
                continue
            left[pattern] -= 1
        out[i] = Call(label, round(0.5 + min(0.2, lead), 3), 1.0, PATH_LABELS[second])
    return out, yardstick
