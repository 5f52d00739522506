"""The look of the squares without paths, for the built-in reading (issue 9, item 2).

With nothing taught, the board itself is the reference for a square without paths: how far
its colour lies from the other squares without paths (a daikaiju or a hand lies far), how
much nearer its look lies to another of them than to any tile read surely (a tile whose paths
hardly show still looks like the tiles of its set), and which squares a hand covers (an arm
reaches in from the board's edge). :mod:`vision.paths_bare` decides with them.
"""

from __future__ import annotations

import cv2
import numpy as np

from .quick_stats import median
from .read_decide import EMPTY, Call

SURE = 2.0  # a tile read with this lead (in margins) sets the tiles' look


def _near_hand(foreign: np.ndarray, cols: int, reach: int = 1) -> np.ndarray:
    """Squares in a hand, and ``reach`` squares round it: two or more side by side
    ``foreign`` squares, joined to the board's edge (an arm reaches in from outside; a
    daikaiju or a patch of odd art lies on its own).

    >>> _near_hand(np.array([1, 1, 0, 0, 0, 0, 0, 0, 0], bool), 3).reshape(3, 3).astype(int)
    array([[1, 1, 1],
           [1, 1, 1],
           [0, 0, 0]])
    """
    grid = foreign.reshape(-1, cols).astype(np.uint8)
    count, labels = cv2.connectedComponents(grid, connectivity=4)
    edge = np.zeros_like(grid, bool)
    edge[[0, -1], :] = edge[:, [0, -1]] = True
    hand = np.zeros(grid.shape, bool)
    for k in range(1, count):
        part = labels == k
        if part.sum() >= 2 and (part & edge).any():
            hand |= part
    if reach <= 0:
        return hand.ravel()
    size = 2 * reach + 1
    return np.asarray(cv2.dilate(hand.astype(np.uint8), np.ones((size, size), np.uint8)).ravel() > 0)


def _chroma(colour: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    bright = colour.sum(axis=1) + 1.0
    return colour / bright[:, None], np.log(bright)


def _board_distance(colour: np.ndarray, idx: np.ndarray, bare: np.ndarray,
                    bare_before: np.ndarray | None) -> np.ndarray:
    """How far each square's colour (all squares) lies from the squares without paths among
    ``idx`` (and those read bare before), in their typical spreads: a daikaiju or a hand
    lies far. With fewer than three to compare, 0 everywhere."""
    n = len(colour)
    ref = np.zeros(n, bool)
    ref[idx[bare]] = True
    if bare_before is not None:
        ref |= bare_before & ~np.isin(np.arange(n), idx)
    if ref.sum() < 3:
        return np.zeros(n)
    chroma, light = _chroma(colour)
    mid, mid_light = median(chroma[ref], axis=0), float(median(light[ref]))
    dist = np.abs(chroma - mid).max(axis=1)
    off = np.abs(light - mid_light)
    spread = max(float(median(dist[ref])), 0.01)
    light_spread = max(float(median(off[ref])), 0.05)
    return np.asarray(np.maximum(dist / spread, off / light_spread))


def _nearer_bare(colour: np.ndarray, detail: np.ndarray | None, idx: np.ndarray,
                 bare: np.ndarray, bare_before: np.ndarray | None,
                 calls: list[Call]) -> np.ndarray:
    """For each square of ``idx``: how many times nearer its look (colour, brightness and,
    given, how much detail it holds) lies to the nearest other square without paths (among
    ``idx``, and those read bare before) than to the nearest tile read surely (distances in
    units of each feature's spread over the board). A tile whose paths hardly show looks
    like some tile of its set, which board art seldom does as closely as another bare square.
    With fewer than four tiles read surely, any tile read counts; infinite when fewer than
    four were read at all; 0 with no other bare square."""
    n = len(colour)
    tile = np.array([c.label is not None and c.label != EMPTY for c in calls])
    sure = tile & np.array([c.lead >= SURE for c in calls])
    if sure.sum() < 4:  # few tiles read surely (faint paths, or few tiles): any tile read
        sure = tile
    if sure.sum() < 4:
        return np.full(len(idx), np.inf)
    ref = np.zeros(n, bool)
    ref[idx[bare]] = True
    if bare_before is not None:
        ref |= bare_before & ~np.isin(np.arange(n), idx)
    chroma, light = _chroma(colour)
    feats = [chroma, light[:, None]]
    if detail is not None:
        feats.append(np.log(np.maximum(detail, 1e-3))[:, None])
    x = np.concatenate(feats, axis=1)
    x = x / np.maximum(median(np.abs(x[idx] - median(x[idx], axis=0)), axis=0), 1e-3)
    tiles_x, refs = x[idx[sure]], np.flatnonzero(ref)
    if len(refs) == 0:
        return np.zeros(len(idx))
    # all at once: every square against every other bare square and every sure tile
    to_bare = np.abs(x[idx][:, None] - x[refs][None]).max(axis=2)  # (n, refs)
    to_bare[idx[:, None] == refs[None]] = np.inf  # not against itself
    to_tile = np.abs(x[idx][:, None] - tiles_x[None]).max(axis=2).min(axis=1)
    nearest = to_bare.min(axis=1)
    return np.where(np.isfinite(nearest), to_tile / np.maximum(nearest, 1e-6), 0.0)


def glare_off(colour: np.ndarray, ref: np.ndarray) -> np.ndarray:
    """Per square (all of ``colour``): how far, in grey levels of the view, its colour lies
    from the line between the typical colour of the ``ref`` squares (bare ones) and white.
    Glare washes a patch of the board towards white, so a bare square under it stays on that
    line while a tile, a daikaiju or a hand lies off it. Infinite with fewer than three
    ``ref`` squares.

    >>> glare_off(np.array([[100.0, 50, 20], [100, 50, 20], [100, 50, 20], [150, 115, 93],
    ...                     [40, 60, 130]]), np.array([1, 1, 1, 0, 0], bool)).round(1)
    array([ 0. ,  0. ,  0. ,  1.1, 83.8])
    """
    if int(ref.sum()) < 3:
        return np.full(len(colour), np.inf)
    mid = median(colour[ref], axis=0)
    towards = 255.0 - mid
    share = np.clip((colour - mid) @ towards / max(float(towards @ towards), 1e-6), 0.0, 1.0)
    return np.asarray(np.abs(colour - mid - share[:, None] * towards[None]).max(axis=1))


def neighbour_distance(colour: np.ndarray, cols: int, spread_ref: np.ndarray,
                       near_ref: np.ndarray, asked: np.ndarray) -> np.ndarray:
    """Per square of ``asked`` (indices into ``colour``, every square's colour row by row,
    ``cols`` a row): how far its colour lies from that of the nearest of its eight neighbours
    among ``near_ref`` (a mask: bare squares in the board's colours), in units of the typical
    spread of the ``spread_ref`` squares (a mask; as :func:`_board_distance`). The board's art
    is one picture across its squares, so a bare square's look runs on into its bare
    neighbours more closely than into the board's bare squares at large. Infinite without
    such a neighbour or with fewer than three ``spread_ref`` squares.

    >>> c = np.array([[100.0, 50, 20], [102, 51, 20], [98, 50, 21], [40, 60, 130]] * 2)
    >>> neighbour_distance(c, 4, np.array([1, 1, 1, 0] * 2, bool),
    ...                    np.array([1, 0, 0, 0] * 2, bool), np.arange(8)).round(1)
    array([0. , 0.3, inf, inf, 0. , 0.3, inf, inf])
    """
    asked = np.asarray(asked, np.intp)
    out = np.full(len(asked), np.inf)
    if int(spread_ref.sum()) < 3 or not near_ref.any() or not len(asked):
        return out
    chroma, light = _chroma(colour)
    mid, mid_light = _median(chroma[spread_ref]), float(_median(light[spread_ref]))
    spread = max(float(_median(np.abs(chroma[spread_ref] - mid).max(axis=1))), 0.01)
    light_spread = max(float(_median(np.abs(light[spread_ref] - mid_light))), 0.05)
    feats = np.concatenate([chroma / spread, light[:, None] / light_spread], axis=1)
    rows = len(colour) // cols
    r, c = (asked // cols)[:, None] + _STEPS[0], (asked % cols)[:, None] + _STEPS[1]
    inside = (r >= 0) & (r < rows) & (c >= 0) & (c < cols)
    other = np.where(inside, r * cols + c, 0)  # (asked, 8) neighbour squares
    usable = inside & near_ref[other]
    d = np.abs(feats[other] - feats[asked][:, None]).max(axis=-1)
    return np.asarray(np.where(usable, d, np.inf).min(axis=1))


_STEPS = np.array([(-1, -1, -1, 0, 0, 1, 1, 1), (-1, 0, 1, -1, 1, -1, 0, 1)])  # the 8 round


def _median(x: np.ndarray) -> np.ndarray:
    """``np.median(x, axis=0)`` by one sort (np.median costs tens of microseconds a call on
    a board's few squares)."""
    s = np.sort(x, axis=0)
    return np.asarray(0.5 * (s[(len(s) - 1) // 2] + s[len(s) // 2]))
