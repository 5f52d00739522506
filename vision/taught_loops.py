"""The tile of four loops by the rim, looked at at the photo's own scale (issue 9, taught
boards only).

The tile whose every path joins two points of one side (``10325476``) shows nothing in the
middle of a square, and what it shows by the rim is thin: on textured tiles with pale paths
(``mottled``) the finer look at 48 pixels a square may put it first by too little to call
(:data:`vision.read_again.RIM_CLEAR`). Warped straight from the frame at
:data:`vision.taught_large.LARGE` pixels a square, its loops stand clear of every other
look: on the squares holding it in 40 photos a look and size (the five tuning looks, seeds
2026 and 7: 654 squares, none under a hand) its large crop fitted at least 0.076 better
than any other taught tile's (0.256 and more but on ``mottled``), while on the 34,347 tile
squares holding another tile it fitted at least 0.26 worse than the square's own tile.

So an open square that the pooled look put the tile of four loops first on, which the box
still has a copy of, is called when at that scale it leads every other of the square's
candidates by :data:`GAP` and, at 48 pixels, fits about as well as a faint tile may
(read_again's FAINT of the board's surest tiles' fit) and in every quarter (RIM_PART).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .inventory import left_for, pattern_of
from .read_again import FAINT, RIM_PART, four_loops
from .read_combine import is_tile_label
from .read_decide import Call, lead_confidence
from .read_fine import FineModel, View
from .taught_large import Frame, LargeLooks
from .taught_rescue import surest_fit

GAP = 0.05  # correlation at the photo's scale by which the tile leads every other candidate


def decide_loops(model: FineModel, view: View, candidates: Mapping[int, Sequence[str]],
                 calls: Mapping[int, Call], counts: Mapping[str, int] | None,
                 fixed: Mapping[int, str], large: LargeLooks, frame: Frame
                 ) -> dict[int, Call]:
    """``calls`` with the open squares among ``candidates`` whose pooled best is the tile of
    four loops decided at the photo's own scale (see the module's note)."""
    out = dict(calls)
    floor: float | None = None
    for i in candidates:
        call = out.get(i)
        cands = [lb for lb in dict.fromkeys(candidates[i]) if is_tile_label(lb) and lb in large]
        if call is None or call.label is not None or not cands or (
                candidates[i][0] != cands[0] or not four_loops(cands[:1])):
            continue
        loop = cands[0]
        left = left_for(i, out, counts, fixed)
        if left is not None and left.get(pattern_of(loop) or "", 0) <= 0:
            continue
        patch = frame.square(i)
        mine = large.placed(patch, loop)
        rivals = [(got[0], lb) for lb in cands[1:]
                  if (got := large.placed(patch, lb)) is not None]
        if mine is None or not rivals:
            continue
        best, runner = max(rivals)
        gap = mine[0] - best
        if gap < GAP:
            continue
        if floor is None:
            floor = surest_fit(model, view, out)
        win = view.windows(i)
        if model.scores(win, (loop,)).get(loop, -1.0) < FAINT * floor or float(
                model.parts(win, loop, play=1).min()) < RIM_PART:
            continue
        out[i] = Call(loop, lead_confidence(gap, GAP), gap / GAP, runner)
    return out
