"""Two squares left open between the same near twins, told apart against each other (issue 9,
built-in reading).

Where the box (the game's tile counts) has exactly one copy left of a tile whose differing
paths cross and one of its near twin whose paths there kiss (meet and turn back), and
exactly two squares still open could hold only those two (:func:`vision.paths_twins.candidates`),
one square holds each: only which is which is open. Where the top view tells them apart,
:mod:`vision.paths_twins` settled them; where it does not (an edition with wide glowing
paths: both squares lean ``LEAN`` or more to the crossing), they are ranked at the frame's
own scale (:func:`vision.paths_cross.centre`): the square whose lines are narrower where the
paths meet holds the crossing, when the two differ by ``APART``. No threshold on one square
alone: the photo's blur and light move both alike.

Chosen on ``seas`` (the look whose near twins the top view cannot tell; photo seeds 2026
and 7, 40 photos a size), checked on ``drawn``, ``mottled``, ``curved`` and ``reeds``, never
on ``held-out``: of the 81 pairs of open squares on one photo holding a crossing tile and its
kissing twin, the crossing was the narrower in 75, and every pair apart by 0.05 or more.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np

from .inventory import pattern_of, remaining
from .paths_cross import centre
from .paths_twins import FIT, LEAN, Lean, _kind, candidates, twins
from .read_decide import Call
from .read_lines import PX

APART = 0.06  # least difference of the two squares' centre measures (vision.paths_cross)
SURE = 0.55  # the confidence of a square settled so (as vision.twins_box)


@dataclass(frozen=True)
class Open:
    """A square left open between near twins, as :func:`pair_twins` needs it: its lean and
    path evidence (as :mod:`vision.twins_box` keeps them) and where its tile lies."""

    lean: Lean
    evidence: np.ndarray  # over the oriented tiles (vision.paths_twins._labels)
    offset: np.ndarray  # dx, dy top-view pixels off its square


Measure = Callable[[int, np.ndarray, str, str], float]
"""Square index, its tile's offset, the crossing tile and its kissing twin: the square's
:func:`vision.paths_cross.centre`."""


def pair_twins(calls: Mapping[int, Call], open_: Mapping[int, Open],
               counts: Mapping[str, int] | None, fixed: Mapping[int, str],
               legal: Mapping[int, set[str] | None], margin: float,
               measure: Measure) -> dict[int, Call]:
    """``calls`` with each two squares still open that may hold only the same crossing tile
    and its kissing twin (of their candidates, the box has a copy left of those two alone,
    one of each; no other square open may hold them), both leaning ``LEAN`` to a crossing
    and fitting, settled when the two squares' ``measure`` differs by ``APART``; ``fixed``
    holds the tiles known from before, ``legal`` each square's legal placements (or None),
    ``margin`` the paths' calling margin."""
    out = dict(calls)
    if counts is None or len(open_) < 2:
        return out
    left = remaining(counts, [*fixed.values(),
                              *(c.label for c in out.values() if c.label is not None)])
    assert left is not None
    alive: dict[int, list[str]] = {}  # what each square open may hold, of what is left
    for i, sq in open_.items():
        if i in out and out[i].label is None:
            first, second = sq.lean[:2]
            alive[i] = [lb for lb in sorted(candidates(first, second, sq.evidence, margin))
                        if left.get(pattern_of(lb) or "", 0) > 0]
    groups: dict[tuple[str, str], list[tuple[int, str, str]]] = {}
    for i, may in alive.items():
        first, second, size, fit = open_[i].lean
        # it looks crossed at the top view's scale: the lean cannot tell the two apart
        if (_kind(first, second) <= 0 or size < LEAN or fit < FIT or len(may) != 2
                or not twins(may[0], may[1]) or _kind(may[0], may[1]) == 0):
            continue
        cross, kiss = may if _kind(may[0], may[1]) > 0 else may[::-1]
        groups.setdefault((pattern_of(cross) or "", pattern_of(kiss) or ""), []).append(
            (i, cross, kiss))
    for (cross, kiss), squares in groups.items():
        if len(squares) != 2 or left.get(cross, 0) != 1 or left.get(kiss, 0) != 1:
            continue
        if any(pattern_of(lb) in (cross, kiss) for j, may in alive.items()
               if j not in (squares[0][0], squares[1][0]) for lb in may):
            continue  # a third square may hold one of them
        scores = [measure(i, open_[i].offset, x, k) for i, x, k in squares]
        if abs(scores[0] - scores[1]) < APART:
            continue
        narrow = int(np.argmin(scores))
        chosen = {}
        for n, (i, x, k) in enumerate(squares):
            tile, other = (x, k) if n == narrow else (k, x)
            allowed = legal.get(i)
            if allowed and tile not in allowed:
                break
            chosen[i] = Call(tile, SURE, out[i].lead, other)
        else:
            out.update(chosen)
    return out


Where = tuple[np.ndarray, int, int]
"""Where a square's tile lies (dx, dy top-view pixels), the paths' polarity and bend."""


def settle_pairs(calls: Mapping[int, Call], twins: Mapping[int, tuple[Lean, np.ndarray]],
                 where: Mapping[int, Where], frame: tuple[np.ndarray, np.ndarray] | None,
                 cols: int, counts: Mapping[str, int] | None, fixed: Mapping[int, str],
                 legal: Mapping[int, set[str] | None], margin: float) -> dict[int, Call]:
    """:func:`pair_twins` on a read's near twins left open (``twins``, as
    :mod:`vision.twins_box` takes them, and ``where`` their tiles lie), measured in
    ``frame`` (the image read and its homography)."""
    if frame is None or counts is None:
        return dict(calls)
    image, homography = frame
    open_ = {i: Open(lean, ev, where[i][0]) for i, (lean, ev) in twins.items() if i in where}

    def measure(i: int, offset: np.ndarray, cross: str, kiss: str) -> float:
        r, c = divmod(i, cols)
        return centre(image, homography, r, c, offset, PX, where[i][1], where[i][2], cross,
                      kiss)

    return pair_twins(calls, open_, counts, fixed, legal, margin, measure)
