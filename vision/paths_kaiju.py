"""A daikaiju the project's drawing names surely, where the paths show no tile (issue 9).

With nothing taught, the daikaiju is known only from the project's drawing
(:mod:`vision.read_drawn`). On a look it only half fits (another edition's colours and
paths), its daikaiju calls are kept only where the paths have nothing against them; but a
daikaiju's outline shows lines of its own, so the paths' evidence alone kept every daikaiju
of such a look ``unknown``. The path ends settle it: a tile joins its eight rim points, a
daikaiju's outline does not end on them.
"""

from __future__ import annotations

import numpy as np

from .paths_decide import TILE_ENDS
from .read_decide import EMPTY, Call
from .read_paths import PathScores
from .templates import DAIKAIJU

# A daikaiju the project's drawing names this surely stands where the paths show no tile's
# path ends: its outline can look like paths, but it does not end on the eight rim points
# (on drawn, mottled, curved and seas every such call at 0.75 or more was a daikaiju, art
# and tiles stayed below 0.73; never chosen on held-out)
KAIJU_SURE = 0.75
# Below this, the drawing's daikaiju is not called even where the drawing fits the board:
# its outline is a few broad shapes, and a patch of board or a hand, or the same piece
# turned, correlates with it up to about 0.67 (on drawn, photo seeds 2026 and 7, the 6
# daikaiju calls below 0.7 that were wrong, bare art or the wrong facing, against 8 right;
# every daikaiju of the other looks was called at 0.75 or more; never chosen on held-out)
KAIJU_LEAST = 0.7


def daikaiju(drawn: Call, paths: PathScores, k: int, combined: Call) -> Call:
    """The built-in verdict of square ``k`` given the drawing's call ``drawn`` and the
    verdict ``combined`` of both readers: a daikaiju the drawing names surely (``KAIJU_SURE``)
    where the path ends show no tile and the paths read none, whatever lines its outline
    shows; ``unknown`` for a daikaiju named less surely than ``KAIJU_LEAST``; ``combined``
    otherwise."""
    if (combined.label is not None and combined.label.startswith(DAIKAIJU)
            and combined.confidence < KAIJU_LEAST):
        return Call(None, 0.3, combined.lead, combined.label)
    label = drawn.label
    if label is None or not label.startswith(DAIKAIJU) or drawn.confidence < KAIJU_SURE:
        return combined
    ends = paths.ends
    if ends is None or float(np.sort(ends[k])[2]) >= TILE_ENDS:
        return combined
    tile = combined.label not in (None, EMPTY) and not str(combined.label).startswith(DAIKAIJU)
    return combined if tile else drawn  # a tile read by the paths stands
