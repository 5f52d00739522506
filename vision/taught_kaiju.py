"""A second look at the squares the taught reader left open with a daikaiju first (issue 9,
taught boards only).

A daikaiju shows no path ends, so it is taught where its square is, not where the piece
lies, and the pooled look (:mod:`vision.read_taught`) calls it only above the best score
any other taught piece reached on it. A piece that lies a little further off or more
turned than the one taught then leads every other look by margins and is still left
open: on `seas` 7x7 with tiles turned 2-5 degrees and slipped 0.09 of a square
(`benchmarks/vision_camera_stress.py`, condition ``slip``) they were most of the squares
left `unknown`. The finer look (:mod:`vision.read_fine`, which searches position and turn)
compares such a square with every taught facing and with its best tiles; the facing is
called where it leads by the finer look's margin, fits as well as the board's surest tiles
fit theirs (:data:`FIT` of it), and fits in every quarter of the square (:data:`PART`, as
:mod:`vision.taught_rescue` asks: under a hand some quarter fits nothing). A daikaiju the
pooled look called by a small lead is held to the same quarters.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .read_again import MARGIN, RELIABLE, called, fits_whole
from .read_combine import is_tile_label
from .read_decide import Call
from .read_fine import FineModel, View, look_again
from .taught_hand import doubtful
from .taught_rescue import surest_fit
from .templates import DAIKAIJU

FIT = RELIABLE  # of the board's surest tiles' fit, as the finer look asks of an open square
# Every quarter of the square must fit the facing this well (a doubtful daikaiju called by
# the pooled look too): of 1,503 daikaiju called on the five tuning looks, 80 photos a seed,
# seeds 2026 and 7, those not under a hand fitted every quarter by 0.74 and more; the one
# wrong, a bare square under a hand on `reeds` called by a lead of 1.46, by 0.26.
PART = 0.5
TILES = 5  # the square's best tile candidates compared with the facings


def kaiju_again(model: FineModel, view: View, candidates: Mapping[int, Sequence[str]],
                calls: Mapping[int, Call], sure: Mapping[int, Call] | None = None
                ) -> dict[int, Call]:
    """``calls`` with the doubtful daikaiju calls that do not fit every quarter of their
    square opened, and the open squares of ``candidates`` (square -> its candidates, best
    first) whose best is a daikaiju called where the finer look names a facing clearly.

    Doubtful as :func:`vision.taught_hand.doubtful` says, against ``sure`` (the taught
    reader's own calls; None: every daikaiju call is doubtful). The taught reader's own calls
    by a clear lead cost nothing here (a full read may hold several daikaiju)."""
    out = dict(calls)
    opened = set()
    for i, call in calls.items():
        label = call.label
        if (label is not None and label.startswith(DAIKAIJU) and label in model.rows_of
                and (sure is None or doubtful(call, sure.get(i)))
                and not fits_whole(model, view, i, label, PART)):
            out[i] = Call(None, 0.3, 0.0, label)
            opened.add(i)
    facings = [lb for lb in model.rows_of if lb.startswith(DAIKAIJU)]
    # open squares first: a square's candidates are worked out when asked for
    todo = [i for i in candidates if i in out and i not in opened and out[i].label is None
            and candidates[i] and candidates[i][0].startswith(DAIKAIJU)]
    if not facings or not todo:
        return out
    floor: float | None = None
    for i in todo:
        tiles = [lb for lb in dict.fromkeys(candidates[i]) if is_tile_label(lb)][:TILES]
        v = look_again(model, view, i, [*facings, *tiles])
        if v.label is None or not v.label.startswith(DAIKAIJU) or v.lead < MARGIN:
            continue
        if floor is None:
            # on a re-read of a few squares, those squares' surest tiles (as the rescue)
            floor = surest_fit(model, view, calls)
        if v.score < FIT * floor or not fits_whole(model, view, i, v.label, PART):
            continue
        out[i] = called(v)
    return out
