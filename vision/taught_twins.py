"""Near twins among the taught looks: pairs a call must lead by more (issue 9).

A look taught from one photo of one piece is one sample of how that piece looks; on another
photo a near twin (the tiles whose paths all cross the middle, say) can fit a square better
than the square's own piece did when taught, and no calling line drawn on the teach photos
catches it: the wrong look's score on them was modest. What the teach photos do show is
which pairs of looks come near each other at all. Reading each taught square back, a pair
where either look reached :data:`TWIN_SCORE` on a square of the other is a pair of near
twins, and a call over its twin must lead by :data:`TWIN_DISTANCE` times the usual margin
(the lead is measured along :attr:`TaughtModel.distance`, so that distance is raised).

Chosen on `curved` 7x7 (seed 2026), where three crossing tiles were called as their twin
``36507214``, and checked on drawn, mottled, seas and reeds, seeds 2026 and 7
(docs/vision.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from .read_taught import Scored, TaughtModel

TWIN_SCORE = 0.55  # a look this like another piece's taught square makes the two near twins
TWIN_DISTANCE = 2.0  # the lead a call needs over its near twin, in margins; a distance
# between two looks' means never reaches 2 (that would be two opposite looks), so a
# distance this large marks a pair of twins in a saved profile


def mark_twins(model: TaughtModel, families: np.ndarray,
               samples: Sequence[tuple[str, Scored, int]]) -> None:
    """Find the near twins among ``model``'s looks from the taught squares read back
    (``samples`` as :func:`vision.read_taught.calibrate` takes them; ``families``: each
    name's pattern, two looks of one pattern are never twins) and mark them."""
    index = {lb: k for k, lb in enumerate(model.names)}
    n = len(model.names)
    best = np.full((n, n), -1.0, np.float32)
    for label, scored, k in samples:
        if label in index:
            best[index[label]] = np.maximum(best[index[label]], scored.pieces[k])
    near = (np.maximum(best, best.T) >= TWIN_SCORE) & (families[:, None] != families[None, :])
    apply_twins(model, np.argwhere(np.triu(near, 1)))


def apply_twins(model: TaughtModel, pairs: np.ndarray) -> None:
    """Mark ``pairs`` (k, 2) of name indices as near twins (also on loading a profile)."""
    if len(pairs) == 0:
        return
    a, b = pairs[:, 0], pairs[:, 1]
    model.distance[a, b] = model.distance[b, a] = np.maximum(model.distance[a, b], TWIN_DISTANCE)
    if hasattr(model, "_with_empty"):
        del model._with_empty  # made from the distances before


def twin_pairs(model: TaughtModel) -> np.ndarray:
    """The pairs marked as near twins, (k, 2), for saving."""
    return np.argwhere(np.triu(model.distance >= TWIN_DISTANCE, 1)).astype(np.int32)
