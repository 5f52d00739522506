"""Gates a square's call passes by colour (issue 9): the pieces of one set are printed alike,
board art and a hand are not.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import cv2
import numpy as np

from companion.core.board import Square

from .read_combine import is_tile
from .read_decide import Call, tile_coloured
from .reading import BoardReading, Content

SURE_LEAD = 2.0  # a tile called by this many margins counts among the sure ones
LEAST_SURE = 16  # quarters of sure tiles needed to say what a tile's colour is
SPREAD = 1.5  # times the farthest (PERCENTILE) a sure tile's quarter strays, with room to spare
PERCENTILE = 99.0
FLOOR = 0.03  # chroma: the least distance that counts as foreign


def sure_tiles(size: int, calls: Iterable[tuple[int, Call]], last: BoardReading | None,
               squares: Sequence[Square]) -> np.ndarray:
    """Which of ``size`` squares hold a tile read surely: those of ``calls`` (square, call)
    called a tile by SURE_LEAD margins, and on a re-read (``last``) the tiles read before
    on the rest."""
    sure = np.zeros(size, bool)
    if last is not None:  # a re-read: the tiles read before count too
        sure[:] = [last.squares[sq].content is Content.TILE for sq in squares]
    for i, call in calls:
        sure[i] = is_tile(call) and call.lead >= SURE_LEAD
    return sure


def tile_coloured_quarters(top: np.ndarray, rows: int, cols: int, sure: np.ndarray,
                           step: int = 1) -> np.ndarray | None:
    """Per quarter of a square (four a square, row by row), whether it has the colour of
    the tiles read surely (``sure``, a bool per square): its chroma against the sure tiles'
    median, with the spread of those tiles' own quarters as the yardstick. None with fewer
    than LEAST_SURE quarters of sure tiles. ``top`` is a colour view; every ``step``-th
    pixel of it is taken for a quarter's mean colour."""
    small = np.ascontiguousarray(top[step // 2::step, step // 2::step])
    quarters = cv2.resize(small, (cols * 2, rows * 2), interpolation=cv2.INTER_AREA)
    q = np.asarray(quarters, np.float32).reshape(rows, 2, cols, 2, 3)
    q = q.transpose(0, 2, 1, 3, 4).reshape(rows * cols * 4, 3)
    sure4 = np.repeat(sure, 4)
    if sure4.sum() < LEAST_SURE:
        return None
    chroma = q / (q.sum(axis=1, keepdims=True) + 1.0)
    dist = np.abs(chroma - _median(chroma[sure4])).max(axis=1)
    return np.asarray(dist < max(SPREAD * _percentile(dist[sure4], PERCENTILE), FLOOR))


def _median(values: np.ndarray) -> np.ndarray:
    """np.median over axis 0, as it computes it, by partition (cheaper on a few rows)."""
    n = len(values)
    half = n // 2
    if n % 2:
        return np.asarray(np.partition(values, half, axis=0)[half])
    part = np.partition(values, (half - 1, half), axis=0)
    return np.asarray((part[half - 1] + part[half]) / 2)


def _percentile(values: np.ndarray, q: float) -> float:
    """np.percentile (linear), as it computes it, by partition (cheaper on a few values)."""
    at = (len(values) - 1) * (q / 100.0)
    lo = int(np.floor(at))
    hi = min(lo + 1, len(values) - 1)
    part = np.partition(values, (lo, hi))
    a, b = part[lo], part[hi]
    t = at - lo
    # numpy's linear interpolation: from the nearer end
    return float(b - (b - a) * (1 - t) if t >= 0.5 else a + (b - a) * t)


def hand_gate(top: np.ndarray, rows: int, cols: int, idx: np.ndarray, calls: dict[int, Call],
              opened: dict[int, tuple[np.ndarray, frozenset[str]]],
              last: BoardReading | None, squares: Sequence[Square]) -> None:
    """Squares left open (``opened``, changed in place) are settled on evidence alone only
    when every quarter of them has the colour of the tiles read surely: a hand or a sleeve
    over part of a square shows stray lines, not a tile, and its colour is not a tile's."""
    if top.ndim != 3 or all(is_tile(calls[i]) for i in opened):
        return  # only squares not called a tile are ever let go below
    sure = sure_tiles(rows * cols, ((int(i), calls[int(i)]) for i in idx), last, squares)
    like = tile_coloured_quarters(top, rows, cols, sure)
    for i in list(opened):
        if not is_tile(calls[i]) and (like is None or not bool(like[4 * i:4 * i + 4].all())):
            del opened[i]


def colour_gate(calls: dict[int, Call], idx: np.ndarray, colour: np.ndarray
                ) -> np.ndarray | None:
    """Read without teaching, a tile must have the colour of the tiles read surely: board art
    can look like paths. Changes ``calls`` in place; returns which squares of ``idx`` have
    the tiles' colour (None when too few tiles were read surely to say)."""
    sure = np.array([is_tile(calls[int(i)]) and calls[int(i)].lead >= 2.0 for i in idx])
    like = tile_coloured(colour, sure)
    if like is None:
        return None
    for k, i in enumerate(idx):
        call = calls[int(i)]
        if is_tile(call) and not like[k]:
            calls[int(i)] = Call(None, 0.3)
    return like
