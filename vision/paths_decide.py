"""The built-in verdict of every square from its paths alone (issue 9, item 2).

:mod:`vision.read_paths` gives each square the evidence of all 105 ways of pairing its eight
rim points and the strength of its eight path ends. A tile is called when its pairing leads
the next, with enough evidence, and at least six of its eight path ends show a line (board
art can look like paths, but it does not end on the eight rim points).

A bare square is harder: boards print art under the squares, so "no paths" is not "nothing
there", and a daikaiju, a hand or a tile whose thin paths hardly show shows none either. The
board itself is the reference, as nothing is taught: a square without paths is called bare
only when its look (colour, brightness, how much detail it holds) lies nearer another square
without paths than any tile read surely (a faint tile looks like the tiles of its set; board
art seldom does as closely), its colour lies within the spread of the squares without paths
(a daikaiju or a hand stands out), it shows few clear path ends (a tile half under a hand
shows several), and it is not next to two side-by-side squares of a foreign colour joined
to the board's edge (a hand, whose arm reaches in from outside, hides part of its
neighbours). Art whose lines end near a few rim points is bare too when it looks far more
like the bare squares than like any tile.
Otherwise the square is ``unknown``. The lines were chosen on the looks ``drawn``,
``mottled``, ``curved`` and ``seas`` of :mod:`vision.looks` and on looks drawn only for the
choice (thin pale paths over printed art), never on ``held-out``.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from .read_corners import corner_colours, corner_features, corner_spread
from .read_decide import EMPTY, Call, Thresholds, confidence, pick
from .read_paths import PathScores, tiles

PATH_LABELS = [t.notation() for t in tiles()]
TILE_ENDS = 0.2  # the third weakest path end of a tile called
BARE_ENDS = 0.15  # ... of a square called bare, at most
BARE_TOP = 1.0  # best pairing's evidence of a square called bare, at most
BARE_LEAD = 0.2  # its lead over the next pairing, at most
ODD = 3.5  # colour farther than this many typical spreads from the bare squares': not bare
NEARER = 1.0  # a bare square's look: this many times nearer another bare square than a tile
LOOSE_ENDS = 0.3  # art: the third weakest path end at most this ...
LOOSE_NEARER = 2.0  # ... and its look this many times nearer a bare square than a tile
SOME_ENDS = (4, 0.6)  # a square showing this many path ends this strong is not bare
LOOSE_SOME = 5  # ... and art with this many (a tile under a hand shows several)
SURE = 2.0  # a tile read with this lead (in margins) sets the tiles' look
TWIN_LEAD = 2.0  # lead (in margins) a tile needs over a near twin (chosen on drawn, curved,
# seas and mottled; it cost 0-2% of squares read and took the near-twin wrongs of the
# owner's look of tests/vision/test_vision_wizard_api.py)
PATH_SETTLE = 1.5  # lead (in margins) a tile needs over the rest of the box to settle a square
# Two looks at the same lines (the paths one by one, and every tile drawn whole) that name the
# same tile: called with less lead than either needs alone, as long as the path ends show
# (chosen on drawn, mottled, curved and seas; never on held-out)
AGREE_LEAD = 1.2  # lead of the paths' best tile, in margins (a near twin is all but always
# the next: 1.0 let a few copies of one Seas pattern read as their near twin)
AGREE_ENDS = 0.1  # the third weakest path end
AGREE_SHAPE = 0.45  # the drawn tile's correlation (art whose lines happen to fit stays lower)
# A tile's four corners show its own ground, as alike as on the tiles read surely; a square
# without paths whose corners differ CORNERS times more than nine in ten sure tiles' do is no
# tile, whatever its colour (chosen on drawn, mottled, curved and seas; never on held-out)
CORNERS = 1.25
# a corner this near a sure tile's corner (in units of that line) surely shows a tile's
# ground; two corners nearer than the second may
GROUND = (0.15, 0.35)


def path_calls(paths: PathScores, colour: np.ndarray, legal: Sequence[set[str] | None],
               bare_before: np.ndarray | None = None, th: Thresholds | None = None,
               cols: int = 0, detail: np.ndarray | None = None,
               top: np.ndarray | None = None) -> list[Call]:
    """One call per square of ``paths.squares``. ``colour`` is every square's mean BGR (rows *
    cols, 3, row by row); ``bare_before`` marks squares read bare before (a re-read of a few
    squares then still knows the board's colour); with ``cols``, nothing next to a hand is
    called bare; ``detail`` (rows * cols) is how much each square's middle holds
    (:func:`vision.read_features.plainness`); ``top`` is the top-down view (with ``cols``,
    its squares' corners are compared)."""
    th = th or Thresholds()
    ev = paths.tile
    ends = paths.ends if paths.ends is not None else np.zeros((len(ev), 8), np.float32)
    third = np.sort(ends, axis=1)[:, 2]
    top2 = -np.partition(-ev, 1, axis=1)[:, :2]
    best, lead = top2[:, 0], top2[:, 0] - top2[:, 1]
    order = np.argsort(-ev, axis=1)[:, :2]
    calls = []
    for k in range(len(ev)):
        if legal[k]:
            call = pick(PATH_LABELS, ev[k], th.path_tile, th.path_margin, legal[k],
                        th.path_legal_margin)
        else:  # what pick does without legal placements, without sorting all 105 again
            ok = float(lead[k]) / th.path_margin
            first, label = float(best[k]), PATH_LABELS[int(order[k, 0])]
            conf = confidence(first, ok, th.path_tile)
            call = (Call(None, min(conf, 0.49), ok, label) if first < th.path_tile or ok < 1.0
                    else Call(label, conf, ok, PATH_LABELS[int(order[k, 1])]))
        if call.label is not None and float(third[k]) < TILE_ENDS:
            call = Call(None, 0.3, call.lead, call.label)
        if call.label is not None and call.second is not None and call.lead < TWIN_LEAD and (
                _twins(call.label, call.second)):
            call = Call(None, 0.4, call.lead, call.label, twins=True)
        if call.label is None and paths.shape is not None:
            call = _agreed(call, k, ev[k], paths.shape[k], float(third[k]), legal[k], th)
        calls.append(call)
    # A tile partly under a hand (or half its paths faint) still shows several path ends.
    few = (ends >= SOME_ENDS[1]).sum(axis=1) < SOME_ENDS[0]
    bare = (third < BARE_ENDS) & (best < BARE_TOP) & (lead < BARE_LEAD) & few
    # Art whose lines end near a few rim points: bare too when it looks far more like the
    # other bare squares than like any tile (checked below, with the plain ones).
    loose = ~bare & (third < LOOSE_ENDS) & np.array([c.label is None for c in calls])
    loose &= (ends >= SOME_ENDS[1]).sum(axis=1) < LOOSE_SOME
    if not (bare | loose).any():
        return calls
    idx = np.asarray(paths.squares)
    board = _board_distance(colour, idx, bare, bare_before)  # all squares
    nearer = _nearer_bare(colour, detail, idx, bare, bare_before, calls)  # over idx
    # (art is judged only against tiles read surely: with none, nearer is infinite)
    # (only where the look alone does not settle it)
    mixed = _mixed_corners(top, cols, paths, calls, bare & (nearer <= NEARER) & (board[idx] <= ODD))
    ok = (bare & ((nearer > NEARER) | (mixed > CORNERS))
          | loose & (nearer > LOOSE_NEARER) & np.isfinite(nearer)) & (board[idx] <= ODD)
    if cols:
        # A hand: side by side squares of a foreign colour that are no tile (what shows
        # between its fingers may look like paths, so not only those without paths).
        foreign = np.zeros(len(colour), bool)
        foreign[idx] = (board[idx] > ODD) & (nearer > NEARER) & (
            bare | np.array([c.label is None for c in calls]))
        ok &= ~_near_hand(foreign, cols)[idx]
    for j in (int(x) for x in np.flatnonzero(ok)):
        # Sure as the weakest of: how dark the path ends are, how little any pairing leads,
        # how much nearer the bare squares' colour than the tiles' and how near the bare
        # squares' typical colour it is.
        unlike = max(float(nearer[j] - NEARER) / NEARER, float(mixed[j] - CORNERS) / CORNERS)
        sure = min(1.0, float(BARE_ENDS - third[j]) / 0.3, float(BARE_LEAD - lead[j]) / 0.1,
                   unlike, float(ODD - board[idx[j]]) / ODD)
        calls[j] = Call(EMPTY, round(0.5 + 0.45 * max(sure, 0.0), 3), 9.0)
    return calls


def _agreed(call: Call, k: int, ev: np.ndarray, shape: np.ndarray, third: float,
            legal: set[str] | None, th: Thresholds) -> Call:
    """A square the paths one by one left open, called when the tile drawn whole that its
    lines resemble most is the paths' best too, the paths' lead is at least ``AGREE_LEAD``
    margins, their evidence that of a tile, the drawing fits well and the path ends show."""
    first, second = np.argsort(-ev)[:2]
    if not np.isfinite(shape).all() or int(np.argmax(shape)) != int(first) or third < AGREE_ENDS:
        return call
    if float(shape[first]) < AGREE_SHAPE:
        return call
    lead = float(ev[first] - ev[second]) / th.path_margin
    label = PATH_LABELS[int(first)]
    if float(ev[first]) < th.path_tile or lead < AGREE_LEAD or (legal and label not in legal):
        return call
    return Call(label, round(0.5 + 0.1 * min(1.0, lead), 3), lead, PATH_LABELS[int(second)])


def _mixed_corners(top: np.ndarray | None, cols: int, paths: PathScores,
                   calls: list[Call], asked: np.ndarray) -> np.ndarray:
    """Per square of ``paths`` (those ``asked`` about; 0 elsewhere): how many times more its
    four corners differ than nine in ten of the tiles read surely do; 0 where a corner shows
    a sure tile's ground (a hand over part of a tile mixes its corners too), with fewer than
    four sure tiles, or no view."""
    n = len(calls)
    sure = np.array([c.label is not None and c.label != EMPTY and c.lead >= SURE for c in calls])
    out = np.zeros(n)
    if top is None or not cols or sure.sum() < 4 or not asked.any():
        return out
    use = sure | asked
    idx, off = np.asarray(paths.squares)[use], paths.offsets[use]
    feats = corner_features(corner_colours(top, cols, idx, off))
    spread = corner_spread(feats)
    mine = sure[use]
    line = max(float(np.percentile(spread[mine], 90)), 1e-3)
    ground = feats[mine].reshape(-1, feats.shape[-1])  # every corner of every sure tile
    ask = asked[use]
    near = np.abs(feats[ask][:, :, None] - ground[None, None]).max(axis=-1).min(axis=-1)
    # a corner that is surely a tile's ground, or two that may be: perhaps a tile under a hand
    tile_like = ((near < GROUND[0] * line).any(axis=1)
                 | ((near < GROUND[1] * line).sum(axis=1) >= 2))
    out[np.flatnonzero(asked)] = np.where(tile_like, 0.0, spread[ask] / line)
    return out


def _twins(a: str, b: str) -> bool:
    """Two tiles that pair four of their points alike and re-pair the other four (two U-turns
    against two corner arcs, say): told apart only by a small part of the square.

    >>> _twins("10543276", "76543210"), _twins("10325476", "76543210")
    (True, False)
    """
    def pairs(label: str) -> set[frozenset[int]]:
        return {frozenset((i, int(ch))) for i, ch in enumerate(label)}

    return len(pairs(a) & pairs(b)) == 2


def _near_hand(foreign: np.ndarray, cols: int) -> np.ndarray:
    """Squares next to (or in) a hand: two or more side by side ``foreign`` squares, joined
    to the board's edge (an arm reaches in from outside; a daikaiju or a patch of odd art
    lies on its own). A hand may hide part of its neighbours too.

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
    return np.asarray(cv2.dilate(hand.astype(np.uint8), np.ones((3, 3), np.uint8)).ravel() > 0)


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
    mid, mid_light = np.median(chroma[ref], axis=0), float(np.median(light[ref]))
    dist = np.abs(chroma - mid).max(axis=1)
    off = np.abs(light - mid_light)
    spread = max(float(np.median(dist[ref])), 0.01)
    light_spread = max(float(np.median(off[ref])), 0.05)
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
    x = x / np.maximum(np.median(np.abs(x[idx] - np.median(x[idx], axis=0)), axis=0), 1e-3)
    tiles_x, refs = x[idx[sure]], np.flatnonzero(ref)
    out = np.zeros(len(idx))
    for k, i in enumerate(idx):
        others = refs[refs != i]
        if len(others) == 0:
            continue
        to_bare = float(np.abs(x[others] - x[i]).max(axis=1).min())
        to_tile = float(np.abs(tiles_x - x[i]).max(axis=1).min())
        out[k] = to_tile / max(to_bare, 1e-6)
    return out


def shows_tile(paths: PathScores, k: int, th: Thresholds | None = None) -> bool:
    """Whether square ``k`` of ``paths`` surely holds a tile, its pairing aside: its path ends
    show, some pairing has the evidence of a tile and, where the tiles drawn whole were
    compared, one of them fits (board art whose lines end near the rim points fits none)."""
    th = th or Thresholds()
    ends = paths.ends
    if paths.shape is not None and np.isfinite(paths.shape[k]).all() and (
            float(paths.shape[k].max()) < AGREE_SHAPE):
        return False
    return (ends is not None and float(np.sort(ends[k])[2]) >= TILE_ENDS
            and float(paths.tile[k].max()) >= th.path_tile)
