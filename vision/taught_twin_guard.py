"""When a near twin called at the photo's own scale may stand (issue 9, taught boards only).

:class:`vision.taught_twin_pixels.LargeLeads` weighs the near twins of a square left open
at 48 pixels a square again at 72 (:mod:`vision.taught_large`). On 160 photos a look and
size of the five tuning looks (seeds 2026 and 7) it called 24 such squares, four of them
as the wrong twin, each for a reason of its own that a rule can name:

- **a twin never weighed** (``curved`` 7x7, seed 2026, photos 103 and 110): the square's
  candidates are the pooled look's best few, which blurs the crossing where near twins
  differ, and the square's own tile was not among them; the call beat the twins that were
  (by 0.041 and 0.048) and lost to the square's own tile by 0.217 and 0.063. So the winner
  must beat, by the step's LEAD, every near twin of it that the box has a copy of, whether
  the pooled look named it or not (:data:`UNNAMED`).
- **a tile lying beyond the search** (``seas`` 7x7, seed 7, photo 152): the tile lay about
  six pixels (at 72 a square) off the square's centre, and both twins' best places were at
  the very edge of the search over position (at 48 pixels too): each look was compared
  where it could go no further, not where it lies. A winner placed at the search's edge
  is not called (:func:`at_edge`); on the 20 right calls the winner lay at most 5 of 6
  pixels off.
- **a hand over a quarter** (``seas`` 6x6, seed 2026, photo 63): a hand whose colour
  passed for the tiles' (:mod:`vision.taught_hand` did not see it) covered a quarter that
  fitted the winner's look only 0.50 at 48 pixels; the right calls fitted every quarter
  0.86 and more. A tile called only at 72 must fit every quarter as a tile no hand
  touches does (:data:`WHOLE`, taught_hand's line for a quarter of a foreign colour).

The two scales must not disagree clearly either: no near twin may lead the winner at 48
pixels by :data:`AGAINST` (on the right calls the winner trailed at 48 pixels by 0.045 at
most; the two calls of a twin never weighed trailed it by 0.207 and 0.103 there).

Tried and dropped: asking the two scales to agree on the order (the 48-pixel lead of the
winner at least 0): it stopped three of the four (not photo 152, where both scales put the
wrong twin first) and four right calls of seed 7, whose looks fitted best at 48 pixels at
the edge of the search over angle; and a noise floor
from the board's sure tiles (how well each beats its own near twins at 72): the wrong
calls led by 0.041-0.105, the right ones by 0.041-0.350, and the sure tiles of the same
boards by 0.096 and more, so no share of it parts them.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

import numpy as np

from .read_fine import FineModel, View
from .taught_hand import FOREIGN_PART

UNNAMED = True  # every near twin the box has a copy of is weighed, named or not
WHOLE = FOREIGN_PART  # every quarter at 48 pixels (vision.taught_hand's line)
AGAINST = 0.06  # at 48 pixels no twin may lead the winner by this (twice the step's LEAD)

Lead = Callable[[int, str, str], float]


def refused(model: FineModel, view: View, i: int, label: str, rivals: Sequence[str],
            named: Collection[str], lead: Lead, near: Lead, edge: Callable[[int, str], bool],
            least: float) -> str | None:
    """Why the twin ``label`` that square ``i`` fits best at the photo's own scale may not be
    called (None when it may): ``rivals`` are its near twins the box has a copy of,
    ``named`` those the step weighed it against already, ``lead(i, a, b)`` how much better
    ``a`` fits there than ``b`` at that scale and ``near`` the same at 48 pixels a square,
    ``edge(i, label)`` whether the look is placed at the edge of the search, ``least`` the
    lead the step asks for."""
    unnamed = [lb for lb in rivals if lb not in named] if UNNAMED else []
    if any(lead(i, label, lb) < least for lb in unnamed):
        return "a near twin not among the candidates fits as well"
    if edge(i, label):
        return "placed at the edge of the search"
    if any(near(i, label, lb) <= -AGAINST for lb in rivals):
        return "at 48 pixels a near twin fits clearly better"
    if float(model.parts(view.windows(i), label).min()) < WHOLE:
        return "a quarter fits nothing of it"
    return None


def at_edge(covered: np.ndarray, search: int) -> bool:
    """Whether a look placed on a square's crop (the part it ``covered``) lies at the edge
    of the search over position (``search`` pixels each way): the place it fits best may
    lie beyond."""
    cols = np.flatnonzero(covered.any(axis=0))
    rows = np.flatnonzero(covered.any(axis=1))
    if not len(cols) or not len(rows):
        return True
    return bool(cols[0] in (0, 2 * search) or rows[0] in (0, 2 * search))
