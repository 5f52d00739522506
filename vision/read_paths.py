"""Reading tiles with nothing taught: follow the paths between the eight rim points
(issue 9, item 2).

Every tile joins its eight rim points (two a side, at thirds: ``companion.core.board.POINT_UV``)
in four pairs. A path is a thin line of another brightness than the tile around it, so the
top-down view is filtered for thin lines: the second derivatives of a blurred copy, in units
of the local spread (a dim corner weighs as a bright one), in the polarity whose path ends
line up better over the board (pale on dark or dark on pale). Each square's tile is found
where it lies (a few pixels off its square) from its eight path ends, sampled just inside
the rim across the side.

For each of the 28 pairs of points, cubic curves leaving each point square to its side are
sampled (interpolated); a sample counts the line strength across the curve less half the
bending along it (a blob or a crossing line bends both ways), and the pair's evidence is the
mean of its weakest third of samples: a path must be there all along. How far a path runs in
before it turns is one edition's art, the same on all its tiles: the board's bend is the
middle of the bends the clearest squares fit best (``choose_bend``), and every square is
read with the bends next to it. Each of the 105 ways of pairing the eight points (one per
oriented tile) scores the mean of its four pairs, less the square's typical pair; the best
is the tile, its lead over the next how sure the reading is (:mod:`vision.paths_decide`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

import cv2
import numpy as np

from companion.core.board import POINT_UV
from companion.tsuro.tiles import Tile, all_oriented

from .geometry import INWARD
from .quick_stats import last_max, last_mean, median
from .read_features import windows
from .read_lines import PX, Planes, direction_weights, line_response, ridges
from .read_rim import align

SAMPLES = 16
WEAKEST = 5  # a pair's evidence: the mean of its WEAKEST lowest samples
ALONG = 0.5  # weight of the bending along a curve (a blob, a crossing line) against it
# How far a path runs in before it turns, as a share of the gap between its points: one
# edition prints all its tiles alike, so a board's bend is found once (``choose_bend``) and
# every square is read with the few bends next to it.
BENDS = tuple(round(0.1 + 0.05 * k, 2) for k in range(13))  # 0.1 ... 0.7
WINDOW = 1  # bends each side of the board's own
DEFAULT_BEND = BENDS.index(0.35)
PROBE = 12  # squares (those whose path ends show best) on which the bend is chosen
PAIRS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(8) for b in range(a + 1, 8))
_SIDE = np.array([a // 2 == b // 2 for a, b in PAIRS])  # the pairs of one side: U-turns


@cache
def tiles() -> tuple[Tile, ...]:
    return all_oriented()


@cache
def _matchings() -> np.ndarray:
    """(105, 28): which pairs each oriented tile joins."""
    index = {p: i for i, p in enumerate(PAIRS)}
    m = np.zeros((len(tiles()), len(PAIRS)), np.float32)
    for k, t in enumerate(tiles()):
        for pair in t.pairs():
            m[k, index[pair]] = 1.0
    return m


@cache
def _curves() -> tuple[np.ndarray, np.ndarray]:
    """Sample points of every pair's curve shapes, in top-down pixels of one square, and the
    unit normal of the curve there: each (28, shapes, SAMPLES, 2) as (x, y)."""
    t = np.linspace(0.1, 0.9, SAMPLES)[:, None]
    out, normals = [], []
    for a, b in PAIRS:
        pa, pb = np.array(POINT_UV[a]), np.array(POINT_UV[b])
        na, nb = np.array(INWARD[a]), np.array(INWARD[b])
        shapes, norms = [], []
        # A path leaves each point square to its side and bends towards the other; how far
        # it runs in before turning differs from one edition to the next, and is less for
        # points close together.
        reach = max(0.35, min(1.0, float(np.linalg.norm(pb - pa))))
        for bend in BENDS:
            k = bend * reach
            c1, c2 = pa + na * k, pb + nb * k
            pts = ((1 - t) ** 3 * pa + 3 * (1 - t) ** 2 * t * c1 + 3 * (1 - t) * t**2 * c2
                   + t**3 * pb)
            tangent = (3 * (1 - t) ** 2 * (c1 - pa) + 6 * (1 - t) * t * (c2 - c1)
                       + 3 * t**2 * (pb - c2))
            tangent /= np.maximum(np.linalg.norm(tangent, axis=1, keepdims=True), 1e-9)
            shapes.append(pts)
            norms.append(np.column_stack([-tangent[:, 1], tangent[:, 0]]))
        out.append(shapes)
        normals.append(norms)
    return np.asarray(out, np.float32) * PX, np.asarray(normals, np.float32)


@dataclass(frozen=True)
class PathScores:
    """Per square: the evidence of every oriented tile (``tiles()`` order) in the polarity
    that fits the board."""

    squares: np.ndarray  # (n,) square indices
    tile: np.ndarray  # (n, 105) mean evidence of the tile's four paths
    polarity: int  # +1 pale paths, -1 dark paths
    offsets: np.ndarray  # (n, 2) where each square's tile lies off the grid, pixels (dx, dy)
    rim: np.ndarray  # (n,) the second weakest of the eight path ends: a tile shows all eight
    bend: int = DEFAULT_BEND  # index in BENDS of the board's bend
    ends: np.ndarray | None = None  # (n, 8) the line at each of the eight path ends, in order
    shape: np.ndarray | None = None  # (n, 105) the lines' likeness to each tile drawn whole
    # (NaN on squares sure enough without it: see ``score``)
    pairs: np.ndarray | None = None  # (n, 28) each pair's evidence along its best shape


@cache
def _curve_weights() -> tuple[np.ndarray, np.ndarray]:
    _, nrm = _curves()
    nx, ny = nrm[..., 0], nrm[..., 1]
    return direction_weights(nx, ny), direction_weights(ny, -nx)


@cache
def _bend_shapes(bends: tuple[int, ...]) -> tuple[np.ndarray, ...]:
    """For the given bends, each as one contiguous (28, B, S) array: the sample points' x and
    y, then the weights of (xx, xy, yy) across the curve and along it (made once; the
    products below then run over contiguous arrays)."""
    pts = _curves()[0][:, list(bends)]
    across, along = _curve_weights()
    out = [pts[..., 0], pts[..., 1]]
    out += [w[:, list(bends)][..., k] for w in (across, along) for k in range(3)]
    return tuple(np.ascontiguousarray(a, np.float32) for a in out)


def _weakest(img: Planes, cols: int, idx: np.ndarray, off: np.ndarray, polarity: int,
             bends: np.ndarray) -> np.ndarray:
    """(n, 28, len(bends)): each pair's evidence along each of the given curve shapes;
    ``img`` holds the second derivatives."""
    px, py, a0, a1, a2, b0, b1, b2 = _bend_shapes(tuple(int(b) for b in bends))
    r, c = idx // cols, idx % cols
    x0 = (c * PX + off[:, 0]).astype(np.float32)[:, None, None, None]
    y0 = (r * PX + off[:, 1]).astype(np.float32)[:, None, None, None]
    shape = (len(idx), *px.shape)
    n = int(np.prod(shape))
    width = 512
    rows = -(-n // width)
    # the sample points straight into remap's maps (a float32 sum of the whole origin and the
    # point is the float64 one rounded, as before)
    mx = np.zeros(rows * width, np.float32)
    my = np.zeros(rows * width, np.float32)
    np.add(px[None], x0, out=mx[:n].reshape(shape))
    np.add(py[None], y0, out=my[:n].reshape(shape))
    mx2, my2 = mx.reshape(rows, width), my.reshape(rows, width)
    g0, g1, g2 = (cv2.remap(plane, mx2, my2, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
                            ).ravel()[:n].reshape(shape) for plane in img)
    # The second derivative across the curve, large where a line runs along it, less the
    # one along the curve: a blob or a line crossing at an angle bends both ways. (In place,
    # in the order :func:`vision.read_lines.along` adds them: the same sums.)
    vals = g0 * a0
    tmp = g1 * a1
    vals += tmp
    np.multiply(g2, a2, out=tmp)
    vals += tmp
    if polarity < 0:
        np.negative(vals, out=vals)
    bend = g0 * b0
    np.multiply(g1, b1, out=tmp)
    bend += tmp
    np.multiply(g2, b2, out=tmp)
    bend += tmp
    np.abs(bend, out=bend)
    bend *= np.float32(ALONG)
    vals -= bend
    return last_mean(np.partition(vals, WEAKEST - 1, axis=-1)[..., :WEAKEST])


def _tiles(weakest: np.ndarray, skip: np.ndarray | None = None) -> np.ndarray:
    """(n, 105) mean evidence of each tile's four pairs, each pair along its best shape."""
    return _pair_tiles(last_max(weakest), skip)


def _pair_tiles(pairs: np.ndarray, skip: np.ndarray | None = None) -> np.ndarray:
    """:func:`_tiles` from each pair's evidence along its best shape (n, 28), float32."""
    return np.asarray(_from_pairs(pairs, skip), np.float32)


def _from_pairs(pair: np.ndarray, skip: np.ndarray | None = None) -> np.ndarray:
    """(..., 105) from each pair's best evidence (..., 28): each tile's four pairs' mean,
    against the square's own background (the median of its 28 pairs). ``skip`` (28,) marks
    pairs that are no evidence on this board (:func:`rim_pairs`): they count as the
    background, which the other pairs alone set."""
    if skip is not None and skip.any():
        middle = np.median(pair[..., ~skip], axis=-1, keepdims=True)
        pair = np.where(skip, middle, pair)
    else:
        part = np.partition(pair, (13, 14), axis=-1)
        middle = (part[..., 13:14] + part[..., 14:15]) / 2  # their mean (a sum of two: any order)
    return np.asarray(np.matmul(pair - middle, _matchings().T) / 4.0)


def _window(bend: int) -> np.ndarray:
    return np.arange(max(0, bend - WINDOW), min(len(BENDS), bend + WINDOW + 1))


def choose_bend(img: Planes, cols: int, idx: np.ndarray, off: np.ndarray, polarity: int,
                rim: np.ndarray) -> int:
    """The bend (index in BENDS) of this board's paths, found on the squares whose path ends
    show best: the window of shapes their best tiles fit best."""
    return _vote(img, cols, idx, off, polarity, rim)[0]


def _vote(img: Planes, cols: int, idx: np.ndarray, off: np.ndarray, polarity: int,
          rim: np.ndarray, skip: np.ndarray | None = None
          ) -> tuple[int, np.ndarray, np.ndarray | None]:
    """:func:`choose_bend`'s bend, the squares that voted (positions in ``idx``) and their
    evidence along every bend (None when too few could vote): a full read takes theirs for
    the bends it keeps instead of sampling them again."""
    probe = np.argsort(-rim)[:PROBE]
    probe = probe[rim[probe] > 0.05]
    if len(probe) < 4:
        return DEFAULT_BEND, probe, None
    weakest = _weakest(img, cols, idx[probe], off[probe], polarity, np.arange(len(BENDS)))
    # Each square votes for the bend its best tile fits best; the board takes the middle vote
    # (a sum over squares leans towards wide bends, which fit more of any square's lines).
    best = _window_best(weakest, skip)  # (bends, probe)
    return int(median(best.argmax(axis=0))) + WINDOW, probe, weakest


def _window_best(weakest: np.ndarray, skip: np.ndarray | None = None) -> np.ndarray:
    """(windows, n): each square's best tile at every whole window of bends, as
    :func:`_tiles` of that window gives it; every window at once (the same maxima, medians
    and differences), the product taken window by window as there."""
    span = 2 * WINDOW + 1
    count = weakest.shape[-1] - span + 1
    pair = weakest[..., :count].copy()
    for j in range(1, span):
        np.maximum(pair, weakest[..., j:j + count], out=pair)
    pair = np.ascontiguousarray(np.moveaxis(pair, -1, 0))  # (windows, n, 28)
    return np.asarray(_from_pairs(pair, skip).max(axis=-1))


@dataclass(frozen=True)
class Lines:
    """What :func:`score` works out before the bend: the line response of the part of the
    board round some squares and where each square's tile lies. A second score of the same
    squares in the same view at another bend (taught looks of another edition: the paths
    vote on their bend after all) starts from here instead of filtering again."""

    squares: np.ndarray  # (n,) square indices
    asked: int  # the polarity asked for (0: chosen here)
    resp: Planes
    size: tuple[int, int]
    cols: int  # columns of the part filtered
    local: np.ndarray  # (n,) the squares' indices in that part
    off: np.ndarray
    polarity: int
    ends: np.ndarray
    # the line strength pooled for the tiles drawn whole, by polarity (:func:`likeness`):
    # the second look and the last one (vision.paths_whole_late) pool it once
    pooled: dict[int, np.ndarray] = field(default_factory=dict, compare=False, repr=False)


def lines(grey_top: np.ndarray, rows: int, cols: int, idx: np.ndarray | None = None,
          polarity: int = 0) -> Lines:
    """The line response round squares ``idx`` (all when None) and where their tiles lie."""
    squares = np.arange(rows * cols) if idx is None else np.asarray(idx)
    # A few squares (a re-read): filter only the part of the board round them.
    r, c = squares // cols, squares % cols
    r0, r1 = max(0, int(r.min()) - 1), min(rows, int(r.max()) + 2)
    c0, c1 = max(0, int(c.min()) - 1), min(cols, int(c.max()) + 2)
    part = grey_top[r0 * PX:r1 * PX, c0 * PX:c1 * PX]
    local = (r - r0) * (c1 - c0) + (c - c0)
    resp = line_response(part)
    size = (int(part.shape[0]), int(part.shape[1]))
    off, chosen, ends = align(resp, size, c1 - c0, local, polarity)
    return Lines(squares, polarity, resp, size, c1 - c0, local, off, chosen, ends)


def realigned(first: Lines, polarity: int) -> Lines:
    """``first`` (:func:`lines`) with its tiles found again in ``polarity``: the same line
    response, not filtered again."""
    if polarity == first.asked:
        return first
    off, chosen, ends = align(first.resp, first.size, first.cols, first.local, polarity)
    return Lines(first.squares, polarity, first.resp, first.size, first.cols, first.local,
                 off, chosen, ends)


def score(grey_top: np.ndarray, rows: int, cols: int, idx: np.ndarray | None = None,
          polarity: int = 0, bend: int = -1, first: Lines | None = None,
          skip: np.ndarray | None = None) -> PathScores:
    """Evidence of every oriented tile on squares ``idx`` (all when None). ``polarity`` 0
    picks the one whose path ends line up better over these squares; ``bend`` -1 finds the
    board's bend on these squares (a re-read of a few passes the one found before).
    ``first``: :func:`lines` of the same view, squares and polarity, when worked out already.
    ``skip``: pairs of points that are no evidence on this board (:func:`rim_pairs`)."""
    squares = np.arange(rows * cols) if idx is None else np.asarray(idx)
    if (first is None or first.asked != polarity
            or not np.array_equal(first.squares, squares)):
        first = lines(grey_top, rows, cols, squares, polarity)
    resp, part_cols, local = first.resp, first.cols, first.local
    off, polarity, ends = first.off, first.polarity, first.ends
    ranked = np.sort(ends, axis=1)
    rim = ranked[:, 1]
    voted, seen = np.zeros(0, int), None
    if bend < 0:
        bend, voted, seen = _vote(resp, part_cols, local, off, polarity, rim, skip)
    window = _window(bend)
    if seen is None:
        weakest = _weakest(resp, part_cols, local, off, polarity, window)
    else:  # the squares that voted were sampled along every bend already (each on its own)
        weakest = np.empty((len(local), len(PAIRS), len(window)), np.float32)
        weakest[voted] = seen[..., window]
        rest = np.setdiff1d(np.arange(len(local)), voted)
        if len(rest):
            weakest[rest] = _weakest(resp, part_cols, local[rest], off[rest], polarity, window)
    pairs = last_max(weakest)  # (kept: vision.read_paths.rim_seen asks for them)
    tile = _pair_tiles(pairs, skip)
    # The tiles drawn whole are a second look where the first is unsure (it costs time):
    # squares whose best pairing leads by little, or whose path ends hardly show.
    top2 = -np.partition(-tile, 1, axis=1)[:, :2]
    third = ranked[:, 2]
    lead = top2[:, 0] - top2[:, 1]
    unsure = (top2[:, 0] >= SHAPE_BEST) & (lead >= SHAPE_LEAD[0]) & (third >= SHAPE_ENDS[0]) & (
        (lead < SHAPE_LEAD[1]) | (third < SHAPE_ENDS[1]))
    # squares whose path ends are faint: a tile is called there only when drawn whole it fits
    unsure |= (top2[:, 0] >= SHAPE_BEST) & (third >= SHAPE_FAINT) & (third < SHAPE_ENDS[0])
    shape = np.full(tile.shape, np.nan, np.float32)
    if unsure.any():
        shape[unsure] = likeness(resp, part_cols, local[unsure], off[unsure], polarity, bend,
                                 first.pooled)
    return PathScores(squares, tile, polarity, off, rim, bend, ends, shape, pairs)


def rim_pairs(labels: Iterable[str]) -> np.ndarray:
    """(28,): the four pairs of two points of one side (U-turns) when any of the tiles
    ``labels`` joins such a pair, else none. Where a pattern of them is called beyond the
    box, the tiles' printed edge and the gap between pieces show as U-turns on every square
    (:mod:`vision.paths_claims`): on all four sides alike, so no such pair is evidence on
    that board.

    >>> [PAIRS[k] for k in np.flatnonzero(rim_pairs(["10325476"]))]
    [(0, 1), (2, 3), (4, 5), (6, 7)]
    >>> bool(rim_pairs(["45670123"]).any())
    False
    """
    joined = any(a < int(ch) and a // 2 == int(ch) // 2
                 for label in labels for a, ch in enumerate(label))
    return side_pairs() if joined else np.zeros(len(PAIRS), bool)


# A board whose tiles show a U-turn along every side: on squares whose path ends show a
# tile, the median U-turn pair's evidence above the square's typical pair, as a share of its
# four strongest pairs'. A tile joins two points of one side on some sides only; the pieces'
# printed edge or the gap between them shows on all four. On drawn, mottled, curved, seas
# and reeds (40 photos a look and size, photo seeds 2026 and 7) the share was at most 0.37
# (mottled); on the mixes whose rim the paths read as U-turns (vision_mixes seeds 1, 2, 5)
# 0.8-1.0; 0.5 read those mixes a little better than 0.6 (never chosen on held-out)
RIM_SEEN = 0.5
RIM_LEAST = 6  # squares showing a tile's path ends needed to say so


def rim_seen(paths: PathScores, tile_ends: float) -> bool:
    """Whether the squares of ``paths`` whose third weakest path end reaches ``tile_ends``
    show a U-turn along every side as strongly as their own paths (:data:`RIM_SEEN`): the
    rim, not the tiles (:func:`rim_pairs` names the pairs then left out)."""
    if paths.pairs is None or paths.ends is None:
        return False
    tiles = np.sort(paths.ends, axis=1)[:, 2] >= tile_ends
    if int(tiles.sum()) < RIM_LEAST:
        return False
    pair = paths.pairs[tiles]
    above = pair - np.median(pair, axis=1, keepdims=True)
    strong = np.sort(above, axis=1)[:, -4:].mean(axis=1)
    share = above[:, _SIDE] / np.maximum(strong, 1e-3)[:, None]
    return bool(float(np.median(share)) >= RIM_SEEN)


def side_pairs() -> np.ndarray:
    """(28,): the four pairs of two points of one side (U-turns)."""
    return _SIDE.copy()


# -- a second look at the same lines: every tile drawn whole --------------------------------
#
# The pair evidence above asks of each path on its own whether it is there all along; where
# a tile's own paths cross (a blob, or a break for a bridge) that question has no good
# answer. So each tile is also drawn whole, as thin lines along its four curves at the
# board's bend, and compared with the square's line strength by correlation: crossings are
# drawn where they are, and a path missing anywhere costs a little, not all. Two looks that
# name the same tile (:mod:`vision.paths_decide`) are surer than either.

DRAW_POOL = 2  # the comparison runs at half size: 24 x 24 a square
DRAW_SIGMA = 1.5  # top-down pixels: a drawn line is as wide as the filter sees a thin one
DRAW_SHIFTS = ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1))  # pooled pixels round the tile
# Squares given the second look (where :mod:`vision.paths_decide` may use it, a little
# wider): best pairing's evidence at least SHAPE_BEST, its lead and the third weakest path
# end at least the first of SHAPE_LEAD and SHAPE_ENDS, and one of them under the second
# (above both, the paths alone call the tile)
SHAPE_BEST, SHAPE_LEAD, SHAPE_ENDS = 0.45, (0.05, 0.25), (0.08, 0.25)
# ... and squares whose third weakest path end lies between SHAPE_FAINT and the first of
# SHAPE_ENDS, whatever their lead: :mod:`vision.paths_decide` calls a tile whose path ends
# are that faint only when the tile drawn whole fits (its ``FAINT_ENDS``)
SHAPE_FAINT = -0.1


@cache
def _drawings(bend: int) -> np.ndarray:
    """(105, cell * cell): every oriented tile's four paths drawn at the bend, zero-mean and
    of unit length."""
    big, cell = PX * 2, PX // DRAW_POOL
    t = np.linspace(0.0, 1.0, 60)[:, None]
    lines = np.zeros((len(PAIRS), cell, cell), np.float32)  # every pair's path on its own
    for k, (a, b) in enumerate(PAIRS):
        canvas = np.zeros((big, big), np.float32)
        pts = bezier(a, b, BENDS[bend], t) * big
        cv2.polylines(canvas, [np.rint(pts).astype(np.int32)], False, 1.0, 2)
        small = cv2.resize(canvas, (cell, cell), interpolation=cv2.INTER_AREA)
        lines[k] = cv2.GaussianBlur(small, (0, 0), DRAW_SIGMA / DRAW_POOL)
    # a tile is its four paths, drawn over each other where they cross
    member = _matchings() > 0
    flat = np.stack([lines[member[k]].max(axis=0) for k in range(len(member))])
    flat = flat.reshape(len(member), -1)
    flat = flat - flat.mean(axis=1, keepdims=True)
    return np.asarray(flat / np.maximum(np.linalg.norm(flat, axis=1, keepdims=True), 1e-6),
                      np.float32)


def bezier(a: int, b: int, bend: float, t: np.ndarray) -> np.ndarray:
    """Points (m, 2) of the curve from rim point ``a`` to ``b`` at parameters ``t`` (m, 1),
    in units of a square: the same curve as ``_curves`` samples."""
    pa, pb = np.array(POINT_UV[a]), np.array(POINT_UV[b])
    na, nb = np.array(INWARD[a]), np.array(INWARD[b])
    k = bend * max(0.35, min(1.0, float(np.linalg.norm(pb - pa))))
    c1, c2 = pa + na * k, pb + nb * k
    return np.asarray((1 - t) ** 3 * pa + 3 * (1 - t) ** 2 * t * c1
                      + 3 * (1 - t) * t**2 * c2 + t**3 * pb)


def likeness(resp: Planes, cols: int, idx: np.ndarray, off: np.ndarray, polarity: int,
             bend: int, pooled: dict[int, np.ndarray] | None = None) -> np.ndarray:
    """(n, 105): the correlation of each square's line strength (where its tile lies, give or
    take a pooled pixel) with every tile drawn whole at the board's bend; the best shift.
    ``pooled`` keeps the pooled line strength of ``resp`` for another call (by polarity)."""
    cell = PX // DRAW_POOL
    pad = 2
    small = None if pooled is None else pooled.get(polarity)
    if small is None:
        line = ridges(resp, polarity)
        h, w = line.shape
        small = cv2.resize(line, (w // DRAW_POOL, h // DRAW_POOL), interpolation=cv2.INTER_AREA)
        small = cv2.copyMakeBorder(small, pad, pad, pad, pad, cv2.BORDER_REPLICATE)
        if pooled is not None:
            pooled[polarity] = small
    view = windows(small, cell)
    r, c = idx // cols, idx % cols
    y0 = r * cell + pad + np.rint(off[:, 1] / DRAW_POOL).astype(int)
    x0 = c * cell + pad + np.rint(off[:, 0] / DRAW_POOL).astype(int)
    sh = np.array(DRAW_SHIFTS)
    ys = np.clip(y0[:, None] + sh[None, :, 1], 0, view.shape[0] - 1)
    xs = np.clip(x0[:, None] + sh[None, :, 0], 0, view.shape[1] - 1)
    patches = np.asarray(view[ys, xs], np.float32).reshape(len(idx), len(sh), cell * cell)
    patches -= patches.mean(axis=-1, keepdims=True)
    patches /= np.maximum(np.linalg.norm(patches, axis=-1, keepdims=True), 1e-6)
    return np.asarray((patches @ _drawings(bend).T).max(axis=1), np.float32)
