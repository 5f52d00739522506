"""The last word on squares still open after the finer look (issue 9, taught boards only).

Each reader on its own may keep a square open: the taught reader when no look leads by its
margin, the path reader when thin pale paths hardly show, the finer look
(:mod:`vision.read_again`) when it does not lead by its own line. On textured tiles the
three are seldom all clear together, yet where both readers' evidence added
(:func:`vision.recognise.BoardReader._joint`, in calling margins) puts one tile well ahead
of every other the box still has a copy of, and the finer look at full size puts the same
tile first among the square's candidates, two independent looks agree: the square is called.

A hand or a sleeve over part of a square must not be called a tile this way, so the finer
look must also fit the tile in every quarter of the square (:data:`PART`: under a hand some
quarter fits nothing), and fit it at least :data:`FIT` as well as the board's surest tiles
fit theirs. Since taught tiles are kept straight (:mod:`vision.teach_turn`) a hand fits
better: on the five tuning looks, photo seeds 7 and 11, the squares this would call with no
such lines lay under a hand but four; those four fitted every quarter 0.93 and more, the
wrong calls under a hand up to 0.36 (and right ones under a hand from -0.44 up: a square
under a hand is as well left open). Squares go surest first,
each using up its copy in the box. (A second tier, a lead of 1 where the square fits the
tile at least 0.8 as well as the surest tiles, gained two squares on seed 7 but called a
near twin under a hand on seed 2026: dropped.)

The lines were chosen on the looks ``drawn``, ``mottled``, ``curved`` and ``seas`` with photo
seed 7 (the benchmark scores seed 2026), never on ``held-out``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from .inventory import pattern_of, remaining
from .read_combine import is_tile
from .read_decide import Call, lead_confidence
from .read_fine import FineModel, View, look_again

LEAD = 2.0  # both readers' lead (calling margins) of the best available tile over the next
FIT = 0.4  # the finer look's fit, as a share of the board's surest tiles' fit
PART = 0.5  # every quarter of the square must fit the tile this well
CANDIDATES = 6  # both readers' best few, with and without the box, among which the finer
# look must put the same tile first (a best the box struck out, because another square
# holds its pattern, may be the right one: then the square stays open)
REFERENCES = 3  # the surest tiles whose fit shows what a good fit is on this board


def rescue(model: FineModel, top: np.ndarray | View, cols: int,
           evidence: Mapping[int, np.ndarray],
           labels: Sequence[str], calls: Mapping[int, Call],
           counts: Mapping[str, int] | None, fixed: Mapping[int, str]) -> dict[int, Call]:
    """``calls`` with the open squares of ``evidence`` (square -> both readers' joint
    evidence over ``labels``) called where both readers and the finer look agree."""
    out = dict(calls)
    todo = [i for i in evidence if i in out and out[i].label is None]
    if not todo:
        return out
    view = top if isinstance(top, View) else View(top, cols)
    patterns = [pattern_of(lb) or "" for lb in labels]
    floor: float | None = None
    while todo:
        best: tuple[float, int, int, int] | None = None
        left = remaining(counts, [*fixed.values(), *(c.label for c in out.values() if c.label)])
        gone = np.array([left is not None and left.get(p, 0) <= 0 for p in patterns])
        for i in todo:
            row = np.where(gone, -np.inf, evidence[i])
            order = np.argsort(-row)[:2]
            if not np.isfinite(row[order[1]]):
                continue
            lead = float(row[order[0]] - row[order[1]])
            if best is None or lead > best[0]:
                best = (lead, i, int(order[0]), int(order[1]))
        if best is None or best[0] < LEAD:
            break
        lead, i, k, k2 = best
        todo.remove(i)
        row = np.where(gone, -np.inf, evidence[i])
        cands = [labels[int(o)] for o in np.argsort(-row)[:CANDIDATES] if np.isfinite(row[o])]
        cands += [labels[int(o)] for o in np.argsort(-evidence[i])[:CANDIDATES]]
        v = look_again(model, view, i, cands)
        if v.label != labels[k]:
            continue
        if floor is None:
            floor = surest_fit(model, view, out)
        if v.score < FIT * floor or float(model.parts(view.windows(i), v.label).min()) < PART:
            continue
        out[i] = Call(labels[k], lead_confidence(lead, LEAD), lead,
                      labels[k2])
    return out


def surest_fit(model: FineModel, view: View, calls: Mapping[int, Call]) -> float:
    """How well the board's surest tiles fit their own looks (the median of REFERENCES)."""
    sure = sorted((i for i, c in calls.items() if is_tile(c) and c.label in model.rows_of),
                  key=lambda i: -calls[i].lead)[:REFERENCES]
    fits = [model.scores(view.windows(i), (calls[i].label or "",)).get(calls[i].label or "", 0.0)
            for i in sure]
    return float(np.median(fits)) if fits else 1.0
