"""The built-in verdict of every square from its paths alone (issue 9, item 2).

:mod:`vision.read_paths` gives each square the evidence of all 105 ways of pairing its eight
rim points and the strength of its eight path ends. A tile is called when its pairing leads
the next, with enough evidence, and at least six of its eight path ends show a line (board
art can look like paths, but it does not end on the eight rim points).

Squares without paths are judged bare or not by :mod:`vision.paths_bare`. A tile whose path
ends are faint is still called when its pairing is clear, five of its ends show and the tile
drawn whole fits its lines best (art whose lines pair up by chance fits none); a square
without path ends whose lines fit one tile drawn whole clearly is that tile
(:mod:`vision.paths_whole`); two near twins left open are told apart where their drawings
differ (:mod:`vision.paths_twins`); a near twin only a little behind the best
(``CLOSE_LEAD``) is no bar where all but one of the square's path ends show, its colours are
the sure tiles' own and the two differ in no U-turn (:func:`hugs_rim`). Otherwise the square
is ``unknown``. The lines were chosen on the looks ``drawn``, ``mottled``, ``curved``,
``seas`` and ``reeds`` of :mod:`vision.looks`, never on ``held-out``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from .paths_bare import (
    bare_calls,
    bare_candidates,
    foreign_known,
    foreign_unlike,
)
from .paths_ground import Ground
from .paths_twins import Lean, askable, decisive, pairs, settle_twins, twins, u_turns
from .paths_whole import whole_tiles
from .read_decide import Call, Thresholds, confidence, pick
from .read_features import PX
from .read_paths import SHAPE_FAINT, PathScores, tiles

PATH_LABELS = [t.notation() for t in tiles()]
TILE_ENDS = 0.2  # the third weakest path end of a tile called
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


# A tile whose near twin stands close behind (a lead of at least CLOSE_LEAD margins, short of
# TWIN_LEAD) is called all the same when seven of its eight path ends show a line (the third
# of FAINT_ENDS) and less than TILE_COLOURS of its pixels show colours no sure tile shows, as
# a faint tile is (board art whose lines pair up into near twins misses a rim point or two,
# or shows the board's colours; a hand passes the colour check, as it does the faint
# tiles'), and the two twins do not differ in a U-turn (hugs_rim: the pieces' edge and the
# gaps pass for one or hide one). On mix seeds 1, 2 and 6 (6x6) the squares the first two
# checks let through were 48 right and 14 wrong where the paths' best had a U-turn, 77 and 1
# where it had none; the owner's look of tests/vision/test_vision_wizard_api.py put two arcs
# first where its tile had two U-turns, so a U-turn in either twin counts. On looks no line
# was chosen on, most tiles left unknown are such near twins with the paths' best the right
# tile (docs/vision.md, "A near twin close behind").
CLOSE_LEAD = AGREE_LEAD
CLOSE_ENDS = 1  # the second weakest path end is held to FAINT_ENDS[2]
CLOSE_CONFIDENCE = 0.5  # the calling line: less sure than any rule that measured its own lead


def path_calls(paths: PathScores, colour: np.ndarray, legal: Sequence[set[str] | None],
               bare_before: np.ndarray | None = None, th: Thresholds | None = None,
               cols: int = 0, detail: np.ndarray | None = None,
               top: np.ndarray | None = None, bare_asked: np.ndarray | None = None,
               twin_leans: dict[int, Lean] | None = None,
               later: list[Later] | None = None) -> list[Call]:
    """One call per square of ``paths.squares``. ``colour`` is every square's mean BGR (rows *
    cols, 3, row by row); ``bare_before`` marks squares read bare before (a re-read of a few
    squares then still knows the board's colour); with ``cols``, nothing next to a hand is
    called bare; ``detail`` (rows * cols) is how much each square's middle holds
    (:func:`vision.read_features.plainness`); ``top`` is the top-down view (with ``cols``,
    its squares' corners are compared); ``bare_asked`` (a mask over ``paths.squares``; None: all)
    limits the checks that call a square bare to those squares (and the ones the near twins'
    settling asks about): a taught read heeds the paths' tiles only, and the checks cost
    time. Tiles are called the same either way. ``twin_leans``, when given, receives the near
    twins' leans (:func:`vision.paths_twins.lean_of`) by index into ``paths.squares``.
    ``later``, given with ``bare_asked`` asking none, receives the near twins' settling (and
    the bare checks it asks for) as a :class:`Later` instead of it being done here, when
    there are near twins to settle: the calls returned leave them open
    (:mod:`vision.read_twins_later` decides whether the answer needs them)."""
    th = th or Thresholds()
    ev = paths.tile
    ends = paths.ends if paths.ends is not None else np.zeros((len(ev), 8), np.float32)
    ranked = np.sort(ends, axis=1)  # each square's path ends, weakest first
    third = ranked[:, 2]
    top2 = -np.partition(-ev, 1, axis=1)[:, :2]
    best, lead = top2[:, 0], top2[:, 0] - top2[:, 1]
    order = np.argsort(-ev, axis=1)[:, :2]
    # squares given the second look (the tiles drawn whole)
    shaped = (np.isfinite(paths.shape).all(axis=1) if paths.shape is not None
              else np.zeros(len(ev), bool))
    # the view's colours and texture, worked out once if asked for at all
    ground = Ground(top, top.shape[0] // PX, cols) if top is not None and cols else None
    calls = []
    close: dict[int, Call] = {}  # squares whose best tile leads a near twin by a little
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
            if (float(third[k]) >= FAINT_ENDS[1] and float(ranked[k, 3]) >= FAINT_ENDS[2]
                    and _drawn_fits(paths, k, call.label)):
                faint[k] = call
            call = Call(None, 0.3, call.lead, call.label)
        done = _settled(call, k, ev[k], paths, float(third[k]), legal[k], th, bool(shaped[k]))
        allowed = legal[k]
        if (done.twins and call.label is not None and call.second is not None
                and call.lead >= CLOSE_LEAD
                and float(ranked[k, CLOSE_ENDS]) >= FAINT_ENDS[2]
                and not hugs_rim(call.label, call.second)
                and (not allowed or call.label in allowed)):
            close[k] = call
        calls.append(done)
    if faint:
        # Faint path ends, but a clear pairing on a square in the set's own colours, or a
        # pairing far ahead of the next: a tile (board art whose lines pair up shows the
        # board's colours, not the tiles', and seldom pairs up clearly).
        # (colours only where the lead alone does not settle it: they cost time)
        asked = np.isin(np.arange(len(ev)), [k for k, c in faint.items() if c.lead < FAINT_LEAD
                                             and float(third[k]) >= FAINT_ENDS[0]])
        foreign = foreign_unlike(ground, np.asarray(paths.squares), calls, asked,
                           np.zeros(len(ev), bool))
        known = foreign_known(ground, calls)
        for k, call in faint.items():
            if call.lead >= FAINT_LEAD or (known and foreign[k] < TILE_COLOURS
                                           and float(third[k]) >= FAINT_ENDS[0]):
                calls[k] = _settled(call, k, ev[k], paths, float(third[k]), legal[k], th,
                                    bool(shaped[k]))
                faint_tile[k] = calls[k].label is not None
    if close and foreign_known(ground, calls):
        # a near twin close behind, on a square in the sure tiles' own colours (CLOSE_ENDS)
        asked = np.isin(np.arange(len(ev)), list(close))
        foreign = foreign_unlike(ground, np.asarray(paths.squares), calls, asked,
                                 np.zeros(len(ev), bool))
        for k, call in close.items():
            if foreign[k] < TILE_COLOURS:
                calls[k] = Call(call.label, CLOSE_CONFIDENCE, call.lead, call.second)
    bare, loose = bare_candidates(ends, third, best, lead, faint_tile, calls)
    # Without path ends, but lines that fit one tile drawn whole clearly: that tile (a faint
    # tile of four loops, say); lines that fit a tile fairly: not bare (vision.paths_whole;
    # the squares without paths stay the board's reference for colour and look)
    whole, fitting = whole_tiles(paths, (bare | loose) & np.array([c.label is None for c in calls]),
                                 legal)
    for k, call in whole.items():
        calls[k] = call
    # near twins' leans worked out here, for settle_twins (and, given ``twin_leans``, for the
    # box: vision.twins_box)
    leans: dict[int, Lean] = {} if twin_leans is None else twin_leans

    def settled() -> list[Call]:
        want = np.ones(len(ev), bool) if bare_asked is None else bare_asked | decisive(
            paths, calls, top, cols, th, (bare | loose) & ~bare_asked, leans)
        if not ((bare | loose) & want).any():
            return settle_twins(paths, calls, top, cols, list(legal), th, leans)
        called = bare_calls(paths, calls, colour, bare, loose, fitting, want, third, lead,
                            ground, bare_before, cols, detail, top)
        for j, call in called.items():
            calls[j] = call
        # Left open between two near twins, and not bare: told apart where their drawings
        # differ
        return settle_twins(paths, calls, top, cols, list(legal), th, leans)

    if later is not None and bare_asked is not None and not bare_asked.any() and (
            top is not None and cols and paths.ends is not None):
        # only the near twins' squares can change from here (decisive asks among them,
        # settle_twins calls only them): none, and nothing is left to do
        asked = askable(paths, calls, th)
        if not asked.any():
            return calls
        later.append(Later(asked, settled))
        return list(calls)
    return settled()


@dataclass(frozen=True)
class Later:
    """The near twins' settling left for later by :func:`path_calls`: ``asked`` marks the
    squares it may call a tile (each one of its best two pairings); ``settle`` makes it and
    returns every square's call as :func:`path_calls` would have (once only)."""

    asked: np.ndarray
    settle: Callable[[], list[Call]]


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


def hugs_rim(a: str, b: str) -> bool:
    """Whether near twins ``a`` and ``b`` differ in a path joining the two points of one
    side: a U-turn along the rim, where the pieces' printed edge and the gap between them
    pass for one or hide one.

    >>> hugs_rim("10543276", "76543210"), hugs_rim("45670123", "46570213")
    (True, False)
    >>> hugs_rim("72156340", "27056341")  # a short arc round a corner is no U-turn
    False
    """
    return bool(u_turns(pairs(a) ^ pairs(b)))


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
            twins(call.label, call.second)):
        call = Call(None, 0.4, call.lead, call.label, twins=True)
    if call.label is None and paths.shape is not None and shaped:
        call = _agreed(call, k, ev, paths.shape[k], third, legal, th)
    return call


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
