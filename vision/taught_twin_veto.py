"""A near-twin call put to the photo's own scale before it stands (issue 9, taught boards only).

A tile whose near twin the box still has a copy of may have been called by any step before
:func:`vision.taught_twin_pixels.decide_twins` (the taught reader, the finer look, both
readers together) at 48 pixels a square or coarser, where the crossing in which near twins
differ is a few blurred pixels. On 160 photos a look and size of the tuning looks (seeds
2026 and 7), every such call that was wrong (``curved`` only: 4 squares of 7x7 a seed, 1 of
6x6 on seed 7) trailed the tile it should have been at 72 pixels a square
(:mod:`vision.taught_large`) by 0.040-0.128, while no right call trailed any near twin
there (the least lead 0.006). So a call that a near twin leads by more than :data:`VETO`
at that scale is opened; the step at 72 pixels (with its guard,
:mod:`vision.taught_twin_guard`) may then call the square, or it stays ``unknown``.

Placing the large looks costs a warp and a few template matches a square (some 3-5 ms on a
``curved`` 7x7 board, whose every crossing tile has near twins), so a call is weighed at 72
pixels only when it was made by a lead under :data:`GATE` (in the calling step's margins;
the wrong calls above led by 3.01 or less) and leads its near twins at 48 pixels a square
(:class:`vision.taught_twin_pixels.Leads`, cheaper) by less than :data:`NEAR`, and only
against those twins: the wrong calls led the twin that leads them at 72 px by 0.061 at most
at 48 px, and 482 of 511 (right call, near twin) pairs of a sample led by NEAR or more.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .read_combine import is_tile_label
from .read_decide import Call

VETO = 0.017  # a near twin leading the call by more than this at 72 px opens the square
GATE = 3.5  # calls made by at least this lead (calling margins) are not weighed ...
NEAR = 0.1  # ... nor those leading every near twin at 48 px by at least this

Lead = Callable[[int, str, str], float]


def vetoed(calls: Mapping[int, Call], fixed: Mapping[int, str],
           rivals: Callable[[int, str], list[str]], near: Lead, lead: Lead) -> list[int]:
    """The squares of ``calls`` whose tile a near twin leads at the photo's own scale by more
    than VETO: ``rivals(i, label)`` are the near twins of ``label`` the box has a copy of for
    square ``i``, ``lead(i, a, b)`` how much better ``a`` fits there than ``b`` at 72 px and
    ``near`` the same at 48 px."""
    out = []
    for i, call in calls.items():
        label = call.label
        if i in fixed or not label or not is_tile_label(label) or call.lead >= GATE:
            continue
        # only the twins close at 48 px are weighed at 72 (on every wrong call measured, the
        # twin that led it at 72 px was among them)
        close = [lb for lb in rivals(i, label) if near(i, label, lb) < NEAR]
        if any(lead(i, label, lb) < -VETO for lb in close):
            out.append(i)
    return out
