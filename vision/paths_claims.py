"""A pattern called on far more squares than the box holds (issue 9: the built-in reading,
and what the taught reading and teaching hear from the paths).

A box holds each tile pattern once (Tsuro) or twice (Tsuro of the Seas). When the paths call
one pattern on more squares than that and one more (a stray wrong call happens, and the box
then keeps the surest: :func:`vision.inventory.assign`), it is not the tiles that show it but
something every square shows: a dark edge printed round each pale tile, with the gap between
the tiles, reads as four U-turns along the four sides on every tile whose paths leave the rim
points. Then no square's call of that pattern is evidence, the surest included: each is left
``unknown`` and taken out of the squares the box would settle (which would call the surest of
them that pattern again). Nor is a call of another tile that joins two or more of the same
pairs of points along one side as those calls (two of its four paths may be the edge, and so
its lead); pairs across the tile are no edge's, and a call sharing them is left alone (a
board that truly holds a tile more often than the box, as a test's drawn board may, loses
those squares only).

Found on mixed looks (benchmarks/vision_mixes.py): pale tiles with darker paths, whose edge
and the gap between pieces read as ``10325476`` on up to 18 squares of one board. With the
rule run before the box settles (mix seeds 1, 2, 3; 20 photos a mix and size), confident
wrongs fell from 2.05, 1.08, 0.40% to 0.75, 0.57, 0.30% of squares, squares read right from
79.3, 85.4, 92.9% to 78.7, 85.3, 92.9%. The slack of one stray call leaves drawn, mottled,
curved, seas and reeds as they were (photo seeds 2026 and 7, 40 photos: never more than one
call beyond the box there). Never chosen on held-out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from collections.abc import Set as AbstractSet

import numpy as np

from .inventory import pattern_of
from .paths_twins import pairs, u_turns
from .read_combine import is_tile_label
from .read_decide import Call

STRAY = 1  # calls of one pattern beyond the box's copies that are still a stray wrong call
MOST_COPIES = 2  # no box holds more copies of a pattern (used when the game is not named)
SHARED = 2  # pairs of points shared with an over-claimed call that make a call no evidence

Row = tuple[np.ndarray, frozenset[str]]  # an open square's joint evidence, labels put first


def overclaimed(calls: Mapping[int, Call], counts: Mapping[str, int] | None,
                fixed: Mapping[int, str] | None = None) -> set[str]:
    """The patterns ``calls`` name on more than their copies in the box and ``STRAY``; the
    tiles ``fixed`` (known from before, as :func:`vision.inventory.settle` takes them) use
    up their copies first."""
    labels = [c.label for c in calls.values()] + list((fixed or {}).values())
    claims = Counter(p for lb in labels if lb is not None and (p := pattern_of(lb)) is not None)
    return {p for p, n in claims.items()
            if n > (MOST_COPIES if counts is None else counts.get(p, 0)) + STRAY}


def unclaim(calls: Mapping[int, Call], open_rows: Mapping[int, Row],
            counts: Mapping[str, int] | None, fixed: Mapping[int, str] | None = None,
            known: AbstractSet[str] = frozenset()) -> tuple[dict[int, Call], dict[int, Row]]:
    """``calls`` with every call of an over-claimed pattern (:func:`overclaimed`), or of a
    tile joining ``SHARED`` of its pairs of points along one side, made ``unknown``; and
    ``open_rows`` (the squares the box may settle: :func:`vision.inventory.settle`) without
    those squares nor any whose first labels name such a tile. The ``fixed`` tiles count as
    calls but are left as they are: they were read before (and the companion holds them).
    ``known``: patterns found over-claimed on the board's last full read (a re-read of a few
    squares cannot tell)."""
    gone = overclaimed(calls, counts, fixed) | set(known)
    if not gone:
        return dict(calls), dict(open_rows)
    art = {pr for c in calls.values() if c.label is not None and pattern_of(c.label) in gone
           for pr in u_turns(pairs(c.label))}

    def leans_on_art(label: str) -> bool:
        return is_tile_label(label) and (pattern_of(label) in gone
                                         or len(pairs(label) & art) >= SHARED)

    out = dict(calls)
    for i, c in calls.items():
        if c.label is not None and leans_on_art(c.label):
            out[i] = Call(None, 0.3, c.lead, c.label)
    # (with the pattern no longer used up, the box would call it there instead)
    left = {}
    for i, row in open_rows.items():
        called = calls[i].label if i in calls else None
        if not any(leans_on_art(lb) for lb in (*row[1], called) if lb):  # ('': none)
            left[i] = row
    return out, left


def no_art(calls: list[Call], counts: Mapping[str, int] | None,
           known: AbstractSet[str] = frozenset()) -> list[Call]:
    """``calls`` (the squares read, in order) with those :func:`unclaim` finds to be board
    art made ``unknown`` (``known``: as there): what the paths say when they are asked
    whether a taught set fits the board (:func:`vision.read_combine.taught_fits`), and what
    the taught reading hears from them on each square (:func:`vision.read_combine.agree`).
    A set taught on pale tiles whose dark printed edge the paths read as four U-turns on
    most squares named the tiles rightly, but was judged not to fit, the paths naming
    another tile on each such square, and the board went to the paths alone
    (benchmarks/vision_mixes.py --taught, mix seed 1: 45-76% of the squares of three such
    mixes right)."""
    kept, _ = unclaim(dict(enumerate(calls)), {}, counts, known=known)
    return [kept[k] for k in range(len(calls))]
