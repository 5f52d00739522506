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
like the bare squares than like any tile. A square without paths most of whose pixels show
colours, or a smoothness, that no tile read surely shows is bare too, unless they are
colours the rest of the board does not show either (a hand: :mod:`vision.paths_ground`), and
so is one whose sides do not show the straight edge all round that the tiles read surely show
(a tile is a separate piece; art runs on across the border: :mod:`vision.paths_outline`);
and a tile whose path ends are faint is still called when its pairing is clear, five of
its ends show and the tile drawn whole fits its lines best (art whose lines pair up by
chance fits none). A square under glare shows the board's colour washed towards white
(:func:`vision.paths_bare_look.glare_off`), and a square without path ends whose lines fit
one tile drawn whole clearly is that tile (:mod:`vision.paths_whole`).
Otherwise the square is ``unknown``. The lines were chosen on the looks ``drawn``,
``mottled``, ``curved`` and ``seas`` of :mod:`vision.looks` and on looks drawn only for the
choice (thin pale paths over printed art), never on ``held-out``.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .paths_bare_look import SURE, _board_distance, _near_hand, _nearer_bare, glare_off
from .paths_ground import LEAST_SURE, Ground, foreign_share, smooth_share
from .paths_outline import outlined
from .paths_twins import settle_twins
from .paths_whole import whole_tiles
from .read_corners import corner_colours, corner_features, corner_spread
from .read_decide import EMPTY, Call, Thresholds, confidence, pick
from .read_features import PX
from .read_paths import SHAPE_FAINT, PathScores, tiles

PATH_LABELS = [t.notation() for t in tiles()]
TILE_ENDS = 0.2  # the third weakest path end of a tile called
BARE_ENDS = 0.15  # ... of a square called bare, at most
BARE_TOP = 1.0  # best pairing's evidence of a square called bare, at most
BARE_LEAD = 0.2  # its lead over the next pairing, at most
ODD = 3.5  # colour farther than this many typical spreads from the bare squares': not bare
# ... unless the colours and texture of the tiles say so (FOREIGN, below): then this many, and
# a hand only farther (3.5 left bare art and squares under glare unknown on drawn, mottled,
# curved and seas; 7 let a hand through)
GROUND_ODD = 5.0
NEARER = 1.0  # a bare square's look: this many times nearer another bare square than a tile
LOOSE_ENDS = 0.3  # art: the third weakest path end at most this ...
LOOSE_NEARER = 2.0  # ... and its look this many times nearer a bare square than a tile
SOME_ENDS = (4, 0.6)  # a square showing this many path ends this strong is not bare
LOOSE_SOME = 5  # ... and art with this many (a tile under a hand shows several)
LOOSE_LEAD = 0.3  # ... and art whose best pairing leads by this much (a faint tile's does)
TWIN_LEAD = 2.0  # lead (in margins) a tile needs over a near twin (chosen on drawn, curved,
# seas and mottled; it cost 0-2% of squares read and took the near-twin wrongs of the
# owner's look of tests/vision/test_vision_wizard_api.py)
PATH_SETTLE = 1.5  # lead (in margins) a tile needs over the rest of the box to settle a square
# Two looks at the same lines (the paths one by one, and every tile drawn whole) that name the
# same tile: called with less lead than either needs alone, as long as the path ends show
# (chosen on drawn, mottled, curved and seas; never on held-out)
AGREE_LEAD = 1.2  # lead of the paths' best tile, in margins (a near twin is all but always
# the next: 1.0 let a few copies of one Seas pattern read as their near twin)
AGREE_LEAD_SHAPED = 0.5  # ... or this many, when the drawing fits the tile SHAPE_MARGIN
SHAPE_MARGIN = 0.03  # better than any other tile (crossing tiles and their near twins fit
# alike: on drawn, mottled, curved and seas, seeds 2026 and 7, 72 tiles read right and one
# wrong; 0.02 let five of the near twins through)
AGREE_ENDS = 0.1  # the third weakest path end
AGREE_SHAPE = 0.45  # the drawn tile's correlation (art whose lines happen to fit stays lower)
# A tile's four corners show its own ground, as alike as on the tiles read surely; a square
# without paths whose corners differ CORNERS times more than nine in ten sure tiles' do is no
# tile, whatever its colour (chosen on drawn, mottled, curved and seas; never on held-out)
CORNERS = 1.25
# a corner this near a sure tile's corner (in units of that line) surely shows a tile's
# ground; two corners nearer than the second may
GROUND = (0.15, 0.35)
# A square without paths most of whose pixels show colours no sure tile shows (board art's
# background and strokes) holds no tile of the set (chosen on drawn, mottled, curved and
# seas; never on held-out)
FOREIGN = 0.5
SMOOTH = 0.6  # ... or this share smoother than nearly all the sure tiles' texture
STRANGE = 0.25  # ... unless this share of them shows colours foreign to the rest of the board
# A square without paths whose second weakest side shows less than this share of the edge the
# tiles read surely show all round (:mod:`vision.paths_outline`) is no tile: board art runs
# on across the border (chosen on drawn, mottled, curved, seas and reeds, photo seeds 2026 and
# 7; never on held-out)
OUTLINE = 0.3
OUTLINE_LOOSE = 0.15  # ... or this, for art whose lines end near a few rim points (LOOSE_ENDS)
# Squares round a hand not called bare (besides the hand's own): none. Once the squares
# the hand covers are told by their colour, their neighbours' own evidence holds: on drawn,
# mottled, curved, seas and reeds, photo seeds 2026 and 7, leaving out the ring of eight
# round the hand called 93 more bare squares right and none wrong (never chosen on held-out)
HAND_REACH = 0
# Art whose lines end near a few rim points (LOOSE_ENDS) and whose look lies nearer the bare
# squares than any tile, but less than LOOSE_NEARER times: bare when more than this share
# of its pixels show colours, or a smoothness, that no sure tile shows (FOREIGN, SMOOTH).
# On drawn, mottled, curved, seas and reeds, photo seeds 2026 and 7: 54 more bare squares
# right (all on mottled) for one tile under a hand read bare (never chosen on held-out)
LOOSE_FOREIGN = 0.4
# A square without paths whose colour lies farther than ODD from the bare squares' but within
# this many grey levels of the line from their colour to white (glare) counts as the board's
# colour (chosen on drawn, mottled, curved, seas and reeds, photo seeds 2026 and 7: tiles,
# daikaiju and hands all lay 7 or more off it; never on held-out)
GLARE_OFF = 6.0
# A square whose best pairing is clear (``path_tile``, ``path_margin``) but whose third weakest
# path end is only the first of FAINT_ENDS (below TILE_ENDS) is a tile when less than
# TILE_COLOURS of its pixels show colours no sure tile shows, or, with the third weakest end
# at least the second of FAINT_ENDS, whatever its colours, when its pairing leads by
# FAINT_LEAD margins; either way five of its path ends show a line of the third of
# FAINT_ENDS (a plain piece, such as a Veterans portal, shows its own rim as four small loops
# and hardly any path end). Chosen on drawn, mottled, curved and seas, photo seeds 2026 and
# 7: no square but a tile, or a tile under a hand, paired up that clearly.
FAINT_ENDS = (0.05, SHAPE_FAINT, 0.1)  # the second: where read_paths gives the second look
TILE_COLOURS = 0.25
FAINT_LEAD = 2.5
# ... and in every case only when the tile drawn whole fits the square's lines best of all 105
# and at least AGREE_SHAPE (below): board art whose lines pair up clearly by chance (reed
# stalks read as two straight paths) ends faintly on the rim points it misses and fits no
# tile drawn whole. On drawn, mottled, curved, seas and reeds, photo seeds 2026 and 7, this
# kept 443 of 446 faint tiles read right and took all 5 wrong calls (art, a daikaiju).


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
    # squares given the second look (the tiles drawn whole)
    shaped = (np.isfinite(paths.shape).all(axis=1) if paths.shape is not None
              else np.zeros(len(ev), bool))
    # the view's colours and texture, worked out once if asked for at all
    ground = Ground(top, top.shape[0] // PX, cols) if top is not None and cols else None
    calls = []
    faint: dict[int, Call] = {}  # squares whose pairing was clear but whose path ends are faint
    faint_tile = np.zeros(len(ev), bool)
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
            if (float(third[k]) >= FAINT_ENDS[1] and float(np.sort(ends[k])[3]) >= FAINT_ENDS[2]
                    and _drawn_fits(paths, k, call.label)):
                faint[k] = call
            call = Call(None, 0.3, call.lead, call.label)
        calls.append(_settled(call, k, ev[k], paths, float(third[k]), legal[k], th,
                              bool(shaped[k])))
    if faint:
        # Faint path ends, but a clear pairing on a square in the set's own colours, or a
        # pairing far ahead of the next: a tile (board art whose lines pair up shows the
        # board's colours, not the tiles', and seldom pairs up clearly).
        # (colours only where the lead alone does not settle it: they cost time)
        asked = np.isin(np.arange(len(ev)), [k for k, c in faint.items() if c.lead < FAINT_LEAD
                                             and float(third[k]) >= FAINT_ENDS[0]])
        foreign = _foreign(ground, np.asarray(paths.squares), calls, asked,
                           np.zeros(len(ev), bool))
        known = _foreign_known(ground, calls)
        for k, call in faint.items():
            if call.lead >= FAINT_LEAD or (known and foreign[k] < TILE_COLOURS
                                           and float(third[k]) >= FAINT_ENDS[0]):
                calls[k] = _settled(call, k, ev[k], paths, float(third[k]), legal[k], th,
                                    bool(shaped[k]))
                faint_tile[k] = calls[k].label is not None
    # A tile partly under a hand (or half its paths faint) still shows several path ends.
    few = (ends >= SOME_ENDS[1]).sum(axis=1) < SOME_ENDS[0]
    bare = (third < BARE_ENDS) & (best < BARE_TOP) & (lead < BARE_LEAD) & few & ~faint_tile
    # Art whose lines end near a few rim points: bare too when it looks far more like the
    # other bare squares than like any tile (checked below, with the plain ones).
    loose = ~bare & (third < LOOSE_ENDS) & np.array([c.label is None for c in calls])
    loose &= ((ends >= SOME_ENDS[1]).sum(axis=1) < LOOSE_SOME) & (lead < LOOSE_LEAD)
    # Without path ends, but lines that fit one tile drawn whole clearly: that tile (a faint
    # tile of four loops, say); lines that fit a tile fairly: not bare (vision.paths_whole;
    # the squares without paths stay the board's reference for colour and look)
    whole, fitting = whole_tiles(paths, (bare | loose) & np.array([c.label is None for c in calls]),
                                 legal)
    for k, call in whole.items():
        calls[k] = call
    if not (bare | loose).any():
        return settle_twins(paths, calls, top, cols, list(legal), th)
    idx = np.asarray(paths.squares)
    board = _board_distance(colour, idx, bare, bare_before)  # all squares
    # A bare square under glare: the board's colour washed towards white, taken back into
    # the board's colours (its distance then scaled from how far it lies off that line)
    off = glare_off(colour, np.isin(np.arange(len(colour)), idx[bare & (board[idx] <= ODD)]))
    washed = np.zeros(len(colour), bool)
    washed[idx] = bare & (board[idx] > ODD) & (off[idx] < GLARE_OFF)
    board = np.where(washed, np.minimum(board, ODD * off / GLARE_OFF), board)
    nearer = _nearer_bare(colour, detail, idx, bare, bare_before, calls)  # over idx
    # (art is judged only against tiles read surely: with none, nearer is infinite)
    # (only where the look alone does not settle it)
    mixed = _mixed_corners(top, cols, paths, calls, bare & (nearer <= NEARER) & (board[idx] <= ODD))
    looks_bare = (bare & ((nearer > NEARER) | (mixed > CORNERS))
                  | loose & (nearer > LOOSE_NEARER) & np.isfinite(nearer)) & (board[idx] <= ODD)
    # The set's own colours and texture (only where the look and the corners do not settle
    # it: it costs time); they tell a hand apart themselves, so a wider spread of the board's
    # colours is allowed (bare art and glare vary more than ODD allows).
    # Art whose lines end near a few rim points, whose look lies a little nearer the bare
    # squares than any tile (not LOOSE_NEARER times), in colours or a smoothness no tile
    # shows (LOOSE_FOREIGN): bare too
    leaning = loose & ~looks_bare & (nearer > NEARER) & np.isfinite(nearer) & (board[idx] <= ODD)
    foreign = _foreign(ground, idx, calls,
                       bare & ~looks_bare & (board[idx] <= GROUND_ODD) | leaning, bare, smooth=True)
    ok = (looks_bare | bare & (foreign > FOREIGN) & (board[idx] <= GROUND_ODD)
          | leaning & (foreign > LOOSE_FOREIGN))
    # No tile's outline along its sides (only where nothing above settled it: it costs time)
    sure_tile = _sure(calls)
    edged = outlined(top, cols, idx, sure_tile, (bare | loose) & ~ok & (board[idx] <= GROUND_ODD))
    ok |= (edged < OUTLINE) & bare | (edged < OUTLINE_LOOSE) & loose
    ok &= ~fitting
    if cols:
        # A hand: side by side squares of a foreign colour that are no tile (what shows
        # between its fingers may look like paths, so not only those without paths).
        odd = np.zeros(len(colour), bool)
        odd[idx] = (board[idx] > GROUND_ODD) & (nearer > NEARER) & (
            bare | np.array([c.label is None for c in calls]))
        ok &= ~_near_hand(odd, cols, HAND_REACH)[idx]
    floor = np.where(leaning, LOOSE_FOREIGN, FOREIGN)  # the colours' bar, per square
    for j in (int(x) for x in np.flatnonzero(ok)):
        # Sure as the weakest of: how dark the path ends are, how little any pairing leads,
        # how much nearer the bare squares' colour than the tiles' and how near the bare
        # squares' typical colour it is.
        unlike = max(float(nearer[j] - NEARER) / NEARER, float(mixed[j] - CORNERS) / CORNERS,
                     float(foreign[j] - floor[j]) / (1.0 - floor[j]),
                     float(OUTLINE - edged[j]) / OUTLINE)
        sure = min(1.0, float(BARE_ENDS - third[j]) / 0.3, float(BARE_LEAD - lead[j]) / 0.1,
                   unlike, float(ODD - board[idx[j]]) / ODD)
        calls[j] = Call(EMPTY, round(0.5 + 0.45 * max(sure, 0.0), 3), 9.0)
    # Left open between two near twins, and not bare: told apart where their drawings differ
    return settle_twins(paths, calls, top, cols, list(legal), th)


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
    # with less lead, the drawing must prefer the tile clearly to every other (the near
    # twin the paths put next, above all)
    drawn_lead = float(shape[first] - np.partition(shape, -2)[-2])
    enough = lead >= AGREE_LEAD or (lead >= AGREE_LEAD_SHAPED and drawn_lead >= SHAPE_MARGIN)
    if float(ev[first]) < th.path_tile or not enough or (legal and label not in legal):
        return call
    return Call(label, round(0.5 + 0.1 * min(1.0, lead), 3), lead, PATH_LABELS[int(second)])


def _drawn_fits(paths: PathScores, k: int, label: str) -> bool:
    """Whether square ``k``'s lines fit the tile ``label`` drawn whole best of all and at
    least ``AGREE_SHAPE`` (False where the tiles drawn whole were not compared)."""
    if paths.shape is None or not np.isfinite(paths.shape[k]).all():
        return False
    shape = paths.shape[k]
    best = int(np.argmax(shape))
    return PATH_LABELS[best] == label and float(shape[best]) >= AGREE_SHAPE


def _settled(call: Call, k: int, ev: np.ndarray, paths: PathScores, third: float,
             legal: set[str] | None, th: Thresholds, shaped: bool) -> Call:
    """A square's call after the near-twin check and, where left open, the second look
    (``shaped``: the square was given it)."""
    if call.label is not None and call.second is not None and call.lead < TWIN_LEAD and (
            _twins(call.label, call.second)):
        call = Call(None, 0.4, call.lead, call.label, twins=True)
    if call.label is None and paths.shape is not None and shaped:
        call = _agreed(call, k, ev, paths.shape[k], third, legal, th)
    return call


def _sure(calls: list[Call]) -> np.ndarray:
    """Which squares hold a tile read surely (lead at least ``SURE``)."""
    return np.array([c.label not in (None, EMPTY) and c.lead >= SURE for c in calls], bool)


def _foreign_known(ground: Ground | None, calls: list[Call]) -> bool:
    """Whether the tiles read surely are enough to say which colours a tile shows."""
    return ground is not None and int(_sure(calls).sum()) >= LEAST_SURE


def _foreign(ground: Ground | None, idx: np.ndarray, calls: list[Call], asked: np.ndarray,
             bare: np.ndarray, smooth: bool = False) -> np.ndarray:
    """Per square of ``idx`` (those ``asked`` about; 0 elsewhere): how unlike the tiles read
    surely it is, as a share of its pixels: the larger of those in colours no sure tile
    shows (:func:`vision.paths_ground.foreign_share`) and, with ``smooth``, those smoother
    than the tiles' texture over ``SMOOTH`` (:func:`vision.paths_ground.smooth_share`), in
    units of ``FOREIGN``; 0 where more than ``STRANGE`` of its pixels show colours no other
    part of the board shows either (a hand). ``bare`` marks the squares without paths."""
    out = np.zeros(len(idx))
    if ground is None or not asked.any():
        return out
    sure = _sure(calls)
    even = (smooth_share(ground, idx[asked], idx[sure]) / SMOOTH * FOREIGN if smooth
            else np.zeros(int(asked.sum())))
    foreign, strange = foreign_share(ground, idx[asked], idx[sure], idx[bare], even > FOREIGN)
    out[asked] = np.where(strange > STRANGE, 0.0, np.maximum(foreign, even))
    return out


def _mixed_corners(top: np.ndarray | None, cols: int, paths: PathScores,
                   calls: list[Call], asked: np.ndarray) -> np.ndarray:
    """Per square of ``paths`` (those ``asked`` about; 0 elsewhere): how many times more its
    four corners differ than nine in ten of the tiles read surely do; 0 where a corner shows
    a sure tile's ground (a hand over part of a tile mixes its corners too), with fewer than
    four sure tiles, or no view."""
    n = len(calls)
    sure = _sure(calls)
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
