"""The last word on taught tile calls where a hand may lie (issue 9, taught boards only).

A hand or a sleeve over part of a square shows a piece of skin and the edge of a shadow;
every reader before this one may take what is left for a tile (the pooled look by a small
lead, both readers' evidence settled by the box, the finer look, the rescue): on the
tuning looks each of them did so at least once, with a confidence of 0.51-0.71. The pieces
of one set are printed alike, so a hand shows where a quarter of a square called a tile
is not of the colour of the tiles read surely on the same board; such a doubtful call is
opened (``unknown``) unless the finer look finds the tile in every quarter (glare changes
a quarter's colour, not what it shows), and so is a weak call next to it that some quarter
does not show at all. A square under a hand read ``unknown`` is right; a tile read right
under a finger may be given up, which is the price.

The colour test is :func:`vision.read_gates.hand_gate`'s
(:func:`vision.read_gates.tile_coloured_quarters`: each quarter's chroma against the surely
read tiles' median, with the spread of those tiles' own quarters as the yardstick), here
applied to the final calls of every stage. The taught reader's own calls by SURE_LEAD
margins are trusted (none of the wrong ones under a hand on seed 2026 was one; one on seed 7
was, at 2.27). A hand whose colour passes for the tiles' (red-brown ``mottled``, olive
``reeds``) is not caught.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import cv2
import numpy as np

from companion.core.board import Square

from .read_combine import is_tile
from .read_decide import Call
from .read_fine import FineModel, View
from .read_gates import SURE_LEAD, sure_tiles, tile_coloured_quarters
from .reading import BoardReading

STEP = 8  # pixels sampled across a square, each way, for the quarters' colours
# The finer look's fit of a called tile's worst quarter (vision.read_fine.FineModel.parts).
# On the five tuning looks (160 photos a look and size, seed 2026) the wrong tiles called
# under a hand with a foreign quarter fitted -0.63-0.56 there, the right ones that glare made
# foreign 0.71 and more; tiles called right by a small lead fitted 0.2 and more where no hand
# touched them, the wrong ones under a hand whose colour passed down to 0.01.
FOREIGN_PART = 0.65
BARE_PART = 0.15


def foreign_quarters(top: np.ndarray, rows: int, cols: int, sure_calls: Mapping[int, Call],
                     last: BoardReading | None, squares: Sequence[Square]
                     ) -> np.ndarray | None:
    """Per square, whether some quarter of it is not of the sure tiles' colour (a bool per
    square, row by row); None for a grey view or too few sure tiles to say. The sure tiles
    are those of ``sure_calls`` called by SURE_LEAD margins (the taught reader's own calls:
    the later stages settle doubtful squares, some of them under the hand)."""
    if top.ndim != 3:
        return None
    sure = sure_tiles(rows * cols, sure_calls.items(), last, squares)
    # every STEP-th pixel is enough for a quarter's mean colour, at a third of the cost
    like = tile_coloured_quarters(top, rows, cols, sure,
                                  max(1, top.shape[0] // (rows * STEP)))
    return None if like is None else np.asarray(~like.reshape(rows * cols, 4).all(axis=1))


def hand_check(model: FineModel, view: View, top: np.ndarray, rows: int, cols: int,
               calls: Mapping[int, Call], sure_calls: Mapping[int, Call],
               last: BoardReading | None, squares: Sequence[Square]) -> dict[int, Call]:
    """``calls`` with the tile calls a hand may have misled opened (``sure_calls``: the
    taught reader's own, which say what a tile's colour is).

    A tile with a quarter foreign to the tiles is opened unless the finer look finds it in
    every quarter (FOREIGN_PART: glare and a shadow change a quarter's colour, not what it
    shows). Next to such a square, a tile called by a small lead (below SURE_LEAD margins)
    is opened when some quarter of it fits nothing of the tile (BARE_PART): the rest of the
    hand, whose colour passed for a tile's. Only doubtful calls are looked at (not the
    taught reader's own by SURE_LEAD margins): a board with none costs nothing, one with no
    foreign quarter the colour test only."""
    out = dict(calls)
    ids = [i for i, c in calls.items() if is_tile(c) and c.label in model.rows_of]
    if not any(doubtful(calls[i], sure_calls.get(i)) for i in ids):
        return out  # every tile is the taught reader's own call by a clear lead
    tiles = np.zeros(rows * cols, bool)
    tiles[ids] = True
    found = foreign_quarters(top, rows, cols, sure_calls, last, squares)
    if found is None:
        return out
    # bare squares are of the board's colour, not the tiles': only tile calls are looked at
    foreign = found & tiles
    if not foreign.any():
        return out
    near = _near(foreign.reshape(rows, cols)).ravel() & tiles
    for i, call in calls.items():
        label = call.label
        if label is None or not near[i]:
            continue
        if not doubtful(call, sure_calls.get(i)):
            continue
        if bool(foreign[i]):
            least = FOREIGN_PART
        elif call.lead < SURE_LEAD:
            least = BARE_PART
        else:
            continue
        if float(model.parts(view.windows(i), label).min()) < least:
            out[i] = Call(None, 0.3, 0.0, label)
    return out


def doubtful(call: Call, first: Call | None) -> bool:
    """Whether a call is not the taught reader's own by SURE_LEAD margins: settled by
    the box, the finer look, the rescue or the twins' pixels, or called by a small lead
    (every wrong tile under a hand on the tuning looks was one of these)."""
    return first is None or first.label != call.label or first.lead < SURE_LEAD


def _near(mask: np.ndarray) -> np.ndarray:
    """The squares of ``mask`` and their eight neighbours."""
    return np.asarray(cv2.dilate(mask.astype(np.uint8), np.ones((3, 3), np.uint8)), bool)
