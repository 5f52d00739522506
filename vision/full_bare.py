"""Squares left open between bare and a tile, judged again at the frame's own scale (issue 9).

Every reader works on the top-down view of :data:`vision.read_features.PX` pixels a square,
where a thin pale path (0.03 of a square) is about a pixel and a half wide. A square the
built-in checks left unknown (:mod:`vision.paths_bare`), neither showing a tile nor between
near twins, is warped again
from the original frame, alone, at ``SIDE`` pixels a square, and its eight path ends are
looked for there: a path crossing the rim is a thin line square to its side, so the second
derivative along the side, averaged over a band just inside the rim, shows a ridge at the
point. The board teaches itself what a tile's path end looks like: the same is measured on
up to ``REFERENCE`` tiles read surely. A square is bare when its third weakest path end shows
less than ``RIM_RATIO`` of what nineteen in twenty sure tiles show, and its colour (and
brightness) lie within ``COLOUR`` (``BRIGHT``) typical spreads of the squares read surely
bare, or within ``NEAREST`` (``NEAREST_BRIGHT``) of one of them (the board's art changes
across the board: the phoenix's wing is not the sky round it): a daikaiju or a hand shows no
path end either, but not the board's colour. A board with fewer than three squares read
surely bare takes its colour from every square read bare.

Measured on the open squares of the five tuning looks (photo seeds 2026 and 7; the frames
hold 37-98 pixels a square, 63 the median, so the view at 96 is only a little sharper than
the frame): the third weakest end at this scale tells open tiles from open bare squares
with an area under the ROC of 0.92 (texture statistics against the board's sure tiles and
bare squares: 0.5-0.64, not used). Chosen on ``drawn``, ``mottled``, ``curved``, ``seas`` and
``reeds``, never on ``held-out``: 43 bare squares called, none wrong. Round 7, on the same
squares: the ROC area of the rim ratio alone 0.79 (mottled 0.81, reeds 0.79), of the colour's
distance to the bare squares' median 0.70 (reeds 0.92, mottled 0.72), of the brightness 0.47
(a guard against glare and shadow only); the three thresholds together, scaled alike, call
122 bare squares and nothing else up to 1.0 (the first tile, on mottled, at 1.1), against 38
before (RIM_RATIO 0.3, median only, sure bare squares only). Round 8: a square in the board's
colour whose path ends do show (reed stalks cross the rim near the points) is still bare
when its outline (:mod:`vision.paths_outline`, second weakest side) shows less than
``RUN_ON`` of the sure tiles' (tiles in the board's colour showed 0.24 or more; 34 bare
squares below 0.2 on reeds, seas and mottled; 0.45 let two tiles through).
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.core.board import POINT_UV

from .paths_decide import shows_tile
from .paths_outline import outlined
from .quick_stats import median, percentile
from .read_combine import is_tile
from .read_decide import EMPTY, Call
from .read_features import PX
from .read_paths import PathScores

SIDE = 96  # pixels a square the open squares are warped at (the thresholds were chosen so)
MARGIN = 8  # pixels round it (the filters' reach)
REFERENCE = 12  # sure tiles warped (and sure bare squares) as the board's reference, at most
SURE = 0.7  # the confidence of a call that serves as a reference
RIM_RATIO = 0.45  # of the sure tiles' 5th percentile third weakest path end
COLOUR = 2.5  # typical spreads of the sure bare squares' chromaticity (from their median)
BRIGHT = 8.0  # ... and of their log brightness
NEAREST = 1.5  # ... or this many from one sure bare square's chromaticity
NEAREST_BRIGHT = 4.5  # ... and this many from its log brightness
LEAST = (4, 3)  # sure tiles and sure bare squares needed for the board to teach itself
CONFIDENCE = 0.6
RUN_ON = 0.2  # a square in the board's colour whose path ends show is still bare when its
# second weakest side shows less than this of the sure tiles' outline (paths_outline)
OUTLINE_SURE = 2.0  # lead (margins) of the tiles whose outline teaches the board's


def rim_ends(square: np.ndarray, polarity: int) -> np.ndarray:
    """The eight path ends' strength of one square warped at ``SIDE`` with ``MARGIN`` round
    it (BGR or grey): the ridge at each point of the second derivative along the side,
    averaged over a band just inside the rim, in units of its median size along that side
    (pale lines for ``polarity`` +1, dark ones otherwise)."""
    g = square.astype(np.float32)
    if g.ndim == 3:  # the mean of the three channels (cv2: a numpy mean costs 30 times more)
        g = np.asarray(cv2.transform(g, _MEAN), np.float32)
    b = cv2.GaussianBlur(g, (0, 0), 1.2)
    w = int(0.07 * SIDE)
    out = np.zeros(8, np.float32)
    # each side's band folded into one profile along it first (the 5-tap second derivative
    # with its smoothing across, averaged over the band, is a weighted sum of rows)
    profiles = (_WEIGHTS[0] @ b, _WEIGHTS[1] @ b.T, _WEIGHTS[1] @ b, _WEIGHTS[0] @ b.T)
    for side, profile in enumerate(profiles):  # top, right, bottom, left (as POINT_UV)
        band = np.convolve(profile, _SECOND, mode="same")[MARGIN:MARGIN + SIDE]
        spread = float(median(np.abs(band))) + 1e-3
        for p in (2 * side, 2 * side + 1):
            u, v = POINT_UV[p]
            x0 = round((u if side in (0, 2) else v) * SIDE)
            win = band[x0 - w:x0 + w + 1]
            out[p] = (-float(win.min()) if polarity > 0 else float(win.max())) / spread
    return out


def _weights() -> np.ndarray:
    """Row weights of the bands just inside the near and the far rim (0.04-0.14 of a square
    deep), with the derivative's 5-tap smoothing across them."""
    n = SIDE + 2 * MARGIN
    depth = np.arange(int(0.04 * SIDE), int(0.14 * SIDE))
    across = np.array([1, 4, 6, 4, 1], np.float32) / 16
    out = np.zeros((2, n), np.float32)
    for row in MARGIN + depth:
        out[0, row - 2:row + 3] += across / len(depth)
    out[1] = out[0, ::-1]
    return out


_WEIGHTS = _weights()
_SECOND = np.array([1, 0, -2, 0, 1], np.float32)
_MEAN = np.full((1, 3), 1 / 3, np.float32)
_ONES = np.ones(3, np.float32)


def _warp(image: np.ndarray, homography: np.ndarray, r: int, c: int) -> np.ndarray:
    """Square (r, c) of the grid warped from the frame at ``SIDE`` pixels a square."""
    t = np.array([[1 / SIDE, 0, c - MARGIN / SIDE], [0, 1 / SIDE, r - MARGIN / SIDE], [0, 0, 1]])
    n = SIDE + 2 * MARGIN
    return cv2.warpPerspective(image, homography @ t, (n, n),
                               flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)


def _looks(top: np.ndarray, cols: int, squares: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """The squares' mean chromaticity (blue, green shares, pixel by pixel; n x 2) and log
    brightness (n) over the middle three quarters of each in the top-down view."""
    m, side = PX // 8, PX - 2 * (PX // 8)
    # every other pixel each way: the means hardly move, the cost falls fourfold
    crops = np.stack([top[r * PX + m:r * PX + m + side:2, c * PX + m:c * PX + m + side:2]
                      for r, c in (divmod(i, cols) for i in squares)])
    px = crops.reshape(-1, 3).astype(np.float32)  # (a matrix product: numpy's sums over
    total = px @ _ONES + 1.0  # a last axis of three cost ten times more)
    share = (px[:, :2] / total[:, None]).reshape(len(squares), -1, 2)
    light = (total - 1.0).reshape(len(squares), -1).mean(axis=1) / 3
    return share.mean(axis=1), np.log(light + 1.0)


def open_squares(paths: PathScores, calls: list[Call]) -> np.ndarray:
    """A mask over ``paths.squares``: squares still unknown, not between near twins and not
    showing a tile (:func:`vision.paths_decide.shows_tile`). Art whose lines end near
    several rim points at the view's scale is asked too (reed stalks crossing a square): at
    the frame's scale they seldom show as a tile's path ends do (round 7, on the five tuning
    looks, photo seeds 2026 and 7: 24 more bare squares, none wrong)."""
    if paths.ends is None:
        return np.zeros(len(calls), bool)
    return np.array([c.label is None and not c.twins and not shows_tile(paths, k)
                     for k, c in enumerate(calls)], bool)


def frame_bare(image: np.ndarray, homography: np.ndarray, top: np.ndarray, cols: int,
               idx: np.ndarray, open_: np.ndarray, calls: list[Call], polarity: int
               ) -> dict[int, Call]:
    """Of the squares ``open_`` (a mask over ``idx``, squares by their index row by row), those
    called bare at the frame's own scale (by their place in ``idx``); ``calls`` are the
    calls so far over ``idx`` (the sure ones teach the board), ``top`` the top-down BGR view,
    ``polarity`` the paths' (+1 pale)."""
    if not open_.any() or top.ndim != 3:
        return {}
    tiles = [k for k, c in enumerate(calls) if is_tile(c) and c.confidence >= SURE]
    bare = [k for k, c in enumerate(calls) if c.label == EMPTY and c.confidence >= SURE]
    if len(bare) < LEAST[1]:  # few bare squares read surely: every one read bare (reeds)
        bare = [k for k, c in enumerate(calls) if c.label == EMPTY]
    if len(tiles) < LEAST[0] or len(bare) < LEAST[1]:
        return {}
    bare = bare[::max(1, len(bare) // REFERENCE)][:REFERENCE]
    asked = [int(x) for x in np.flatnonzero(open_)]
    chroma, light = _looks(top, cols, [int(idx[k]) for k in bare + asked])
    ch, li = chroma[len(bare):], light[len(bare):]
    chroma, light = chroma[:len(bare)], light[:len(bare)]
    mid, lmid = median(chroma, axis=0), float(median(light))
    spread = float(median(np.abs(chroma - mid), axis=0).max()) + 2e-3
    lspread = float(median(np.abs(light - lmid))) + 0.02
    # the colour first: it costs next to nothing, the warp does
    # (near the median, or near one of the bare squares: art changes across the board)
    nearest = ((np.abs(ch[:, None] - chroma[None]).max(axis=2) / spread < NEAREST)
               & (np.abs(li[:, None] - light[None]) / lspread < NEAREST_BRIGHT)).any(axis=1)
    near = (((np.abs(ch - mid).max(axis=1) / spread < COLOUR) | nearest)
            & (np.abs(li - lmid) / lspread < BRIGHT))
    todo = [k for k, ok in zip(asked, near, strict=True) if ok]
    if not todo:
        return {}
    step = max(1, len(tiles) // REFERENCE)
    ref = [np.sort(rim_ends(_warp(image, homography, *divmod(int(idx[k]), cols)),
                            polarity))[2] for k in tiles[::step][:REFERENCE]]
    bar = RIM_RATIO * float(percentile(ref, 5))
    out = {}
    ended = []  # path ends showing: art running on across the border (reed stalks) or a tile
    for k in todo:
        third = float(np.sort(rim_ends(_warp(image, homography, *divmod(int(idx[k]), cols)),
                                       polarity))[2])
        if third < bar:
            out[k] = Call(EMPTY, CONFIDENCE, 1.0)
        else:
            ended.append(k)
    if ended:  # a tile is a piece of its own: its outline shows on all four sides
        sure = np.array([is_tile(c) and c.lead >= OUTLINE_SURE for c in calls])
        outlined_asked = np.zeros(len(calls), bool)
        outlined_asked[ended] = True
        edge = outlined(top, cols, idx, sure, outlined_asked)
        for k in ended:
            if edge[k] < RUN_ON:
                out[k] = Call(EMPTY, CONFIDENCE, 1.0)
    return out


def frame_calls(image: np.ndarray, homography: np.ndarray, top: np.ndarray, cols: int,
                idx: np.ndarray, paths: PathScores, calls: list[Call]) -> list[Call]:
    """``calls`` (over ``idx``) with the squares still open between bare and a tile judged
    at the frame's own scale (:func:`frame_bare`)."""
    found = frame_bare(image, homography, top, cols, idx, open_squares(paths, calls), calls,
                       paths.polarity)
    return [found.get(k, c) for k, c in enumerate(calls)]
