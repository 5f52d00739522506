"""Gates a square's call passes by colour (issue 9): the pieces of one set are printed alike,
board art and a hand are not.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from companion.core.board import Square

from .read_combine import is_tile
from .read_decide import Call, tile_coloured
from .reading import BoardReading, Content


def hand_gate(top: np.ndarray, rows: int, cols: int, idx: np.ndarray, calls: dict[int, Call],
              opened: dict[int, tuple[np.ndarray, frozenset[str]]],
              last: BoardReading | None, squares: Sequence[Square]) -> None:
    """Squares left open (``opened``, changed in place) are settled on evidence alone only
    when every quarter of them has the colour of the tiles read surely: a hand or a sleeve
    over part of a square shows stray lines, not a tile, and its colour is not a tile's."""
    if top.ndim != 3 or all(is_tile(calls[i]) for i in opened):
        return  # only squares not called a tile are ever let go below
    quarters = cv2.resize(top, (cols * 2, rows * 2), interpolation=cv2.INTER_AREA)
    q = np.asarray(quarters, np.float32).reshape(rows, 2, cols, 2, 3)
    q = q.transpose(0, 2, 1, 3, 4).reshape(rows * cols * 4, 3)
    sure = np.zeros(rows * cols, bool)
    if last is not None:  # a re-read: the tiles read before count too
        sure[:] = [last.squares[sq].content is Content.TILE for sq in squares]
    for i in idx:
        sure[int(i)] = is_tile(calls[int(i)]) and calls[int(i)].lead >= 2.0
    sure4 = np.repeat(sure, 4)
    if sure4.sum() < 16:
        like = np.zeros(len(q), bool)
    else:
        chroma = q / (q.sum(axis=1, keepdims=True) + 1.0)
        dist = np.abs(chroma - np.median(chroma[sure4], axis=0)).max(axis=1)
        # the farthest a surely read tile's quarter strays, with room to spare
        like = dist < max(1.5 * float(np.percentile(dist[sure4], 99)), 0.03)
    for i in list(opened):
        if not is_tile(calls[i]) and not bool(like[4 * i:4 * i + 4].all()):
            del opened[i]


def colour_gate(calls: dict[int, Call], idx: np.ndarray, colour: np.ndarray) -> None:
    """Read without teaching, a tile must have the colour of the tiles read surely: board art
    can look like paths. Changes ``calls`` in place."""
    sure = np.array([is_tile(calls[int(i)]) and calls[int(i)].lead >= 2.0 for i in idx])
    like = tile_coloured(colour, sure)
    if like is None:
        return
    for k, i in enumerate(idx):
        call = calls[int(i)]
        if is_tile(call) and not like[k]:
            calls[int(i)] = Call(None, 0.3)
