"""Which squares the paths leave without a tile are bare (issue 9, item 2): the checks
:func:`vision.paths_decide.path_calls` makes on squares without paths.

Boards print art under the squares, so "no paths" is not "nothing there", and a daikaiju, a
hand or a tile whose thin paths hardly show shows none either. The board itself is the
reference, as nothing is taught: a square without paths is called bare only when its look
(colour, brightness, how much detail it holds) lies nearer another square without paths than
any tile read surely (a faint tile looks like the tiles of its set; board art seldom does as
closely), its colour lies within the spread of the squares without paths (a daikaiju or a
hand stands out), it shows few clear path ends (a tile half under a hand shows several), and
it is not one of two side-by-side squares of a foreign colour joined to the board's edge (a
hand, whose arm reaches in from outside). Art whose lines end near a few rim points is bare
too when it looks far more like the bare squares than like any tile. A square without paths
most of whose pixels show colours, or a smoothness, that no tile read surely shows is bare
too, unless they are colours the rest of the board does not show either (a hand:
:mod:`vision.paths_ground`), and so is one whose sides do not show the straight edge all
round that the tiles read surely show (a tile is a separate piece; art runs on across the
border: :mod:`vision.paths_outline`). A square under glare shows the board's colour washed
towards white (:func:`vision.paths_bare_look.glare_off`). Art leaning to the bare squares'
look, without a tile's outline, whose colour runs on into a bare neighbour's is bare too (the
board's art is one picture across its squares). Otherwise the square is ``unknown``. The
lines were chosen on the looks ``drawn``, ``mottled``, ``curved``, ``seas`` and ``reeds`` of
:mod:`vision.looks`, never on ``held-out``.
"""

from __future__ import annotations

import numpy as np

from .paths_bare_look import (
    SURE,
    _board_distance,
    _near_hand,
    _nearer_bare,
    glare_off,
    neighbour_distance,
)
from .paths_ground import LEAST_SURE, Ground, foreign_share, smooth_share
from .paths_outline import outlined
from .read_corners import corner_colours, corner_features, corner_spread
from .read_decide import EMPTY, Call
from .read_paths import PathScores

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
# Art whose lines end near a few rim points, whose look lies a little nearer the bare squares
# than any tile (``leaning`` in path_calls), is bare too when its sides show less than
# LEANING_OUTLINE of the tiles' outline and its colour lies within LEANING_NEIGHBOUR typical
# spreads of a bare neighbour's. On drawn, mottled, curved, seas and reeds, photo seeds 2026
# and 7: 23 more bare squares right, none wrong (2.5 spreads read a tile under a hand bare; an outline of 1.0, a
# tile under a hand on drawn); never chosen on held-out
LEANING_OUTLINE = 0.7
LEANING_NEIGHBOUR = 2.0


def bare_candidates(ends: np.ndarray, third: np.ndarray, best: np.ndarray, lead: np.ndarray,
                    faint_tile: np.ndarray, calls: list[Call]) -> tuple[np.ndarray, np.ndarray]:
    """The squares that may be bare (no path ends, no clear pairing) and ``loose`` art (lines
    ending near a few rim points, left open), each a mask over the squares read."""
    # A tile partly under a hand (or half its paths faint) still shows several path ends.
    few = (ends >= SOME_ENDS[1]).sum(axis=1) < SOME_ENDS[0]
    bare = (third < BARE_ENDS) & (best < BARE_TOP) & (lead < BARE_LEAD) & few & ~faint_tile
    # Art whose lines end near a few rim points: bare too when it looks far more like the
    # other bare squares than like any tile (checked below, with the plain ones).
    loose = ~bare & (third < LOOSE_ENDS) & np.array([c.label is None for c in calls])
    loose &= ((ends >= SOME_ENDS[1]).sum(axis=1) < LOOSE_SOME) & (lead < LOOSE_LEAD)
    return bare, loose


def bare_calls(paths: PathScores, calls: list[Call], colour: np.ndarray, bare: np.ndarray,
               loose: np.ndarray, fitting: np.ndarray, want: np.ndarray, third: np.ndarray,
               lead: np.ndarray, ground: Ground | None, bare_before: np.ndarray | None,
               cols: int, detail: np.ndarray | None, top: np.ndarray | None) -> dict[int, Call]:
    """The squares of ``bare`` and ``loose`` (see :func:`bare_candidates`) called bare, by
    their index in ``paths.squares``, with their confidence: only those ``want`` asks about,
    none that fits a tile drawn whole fairly (``fitting``). ``calls`` are the paths' calls so
    far (the tiles read surely are the reference); the other arguments are
    :func:`vision.paths_decide.path_calls`' own."""
    out: dict[int, Call] = {}
    idx = np.asarray(paths.squares)
    board = _board_distance(colour, idx, bare, bare_before)  # all squares
    board0 = board[idx]  # (before glare is taken out: the neighbours compared below)
    # A bare square under glare: the board's colour washed towards white, taken back into
    # the board's colours (its distance then scaled from how far it lies off that line)
    off = glare_off(colour, np.isin(np.arange(len(colour)), idx[bare & (board0 <= ODD)]))
    washed = np.zeros(len(colour), bool)
    washed[idx] = bare & (board0 > ODD) & (off[idx] < GLARE_OFF)
    dist = np.where(washed, np.minimum(board, ODD * off / GLARE_OFF), board)[idx]  # over idx
    nearer = _nearer_bare(colour, detail, idx, bare, bare_before, calls)  # over idx
    # (art is judged only against tiles read surely: with none, nearer is infinite)
    # (only where the look alone does not settle it)
    mixed = mixed_corners(top, cols, paths, calls,
                           bare & (nearer <= NEARER) & (dist <= ODD) & want)
    looks_bare = (bare & ((nearer > NEARER) | (mixed > CORNERS))
                  | loose & (nearer > LOOSE_NEARER) & np.isfinite(nearer)) & (dist <= ODD)
    # The set's own colours and texture (only where the look and the corners do not settle
    # it: it costs time); they tell a hand apart themselves, so a wider spread of the board's
    # colours is allowed (bare art and glare vary more than ODD allows).
    # Art whose lines end near a few rim points, whose look lies a little nearer the bare
    # squares than any tile (not LOOSE_NEARER times), in colours or a smoothness no tile
    # shows (LOOSE_FOREIGN): bare too
    leaning = loose & ~looks_bare & (nearer > NEARER) & np.isfinite(nearer) & (dist <= ODD)
    foreign = foreign_unlike(ground, idx, calls,
                       (bare & ~looks_bare & (dist <= GROUND_ODD) | leaning) & want, bare,
                       smooth=True)
    ok = (looks_bare | bare & (foreign > FOREIGN) & (dist <= GROUND_ODD)
          | leaning & (foreign > LOOSE_FOREIGN))
    # No tile's outline along its sides (only where nothing above settled it: it costs time)
    sure_tile = sure_tiles(calls)
    edged = outlined(top, cols, idx, sure_tile,
                     (bare | loose) & ~ok & (dist <= GROUND_ODD) & want)
    ok |= (edged < OUTLINE) & bare | (edged < OUTLINE_LOOSE) & loose
    if cols and leaning.any():
        # art leaning to the bare squares, without a tile's outline all round, whose colour
        # runs on into a bare neighbour's (one picture across the squares)
        spread_ref, near_ref = np.zeros(len(colour), bool), np.zeros(len(colour), bool)
        spread_ref[idx[bare]] = True
        near_ref[idx[bare & (board0 <= ODD)]] = True
        asks = np.flatnonzero(leaning & (edged < LEANING_OUTLINE))
        near = neighbour_distance(colour, cols, spread_ref, near_ref, idx[asks])
        ok[asks[near <= LEANING_NEIGHBOUR]] = True
    ok &= ~fitting & want
    if cols:
        # A hand: side by side squares of a foreign colour that are no tile (what shows
        # between its fingers may look like paths, so not only those without paths).
        odd = np.zeros(len(colour), bool)
        odd[idx] = (dist > GROUND_ODD) & (nearer > NEARER) & (
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
                   unlike, float(ODD - dist[j]) / ODD)
        out[j] = Call(EMPTY, round(0.5 + 0.45 * max(sure, 0.0), 3), 9.0)
    return out


def sure_tiles(calls: list[Call]) -> np.ndarray:
    """Which squares hold a tile read surely (lead at least ``SURE``)."""
    return np.array([c.label not in (None, EMPTY) and c.lead >= SURE for c in calls], bool)


def foreign_known(ground: Ground | None, calls: list[Call]) -> bool:
    """Whether the tiles read surely are enough to say which colours a tile shows."""
    return ground is not None and int(sure_tiles(calls).sum()) >= LEAST_SURE


def foreign_unlike(ground: Ground | None, idx: np.ndarray, calls: list[Call], asked: np.ndarray,
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
    sure = sure_tiles(calls)
    even = (smooth_share(ground, idx[asked], idx[sure]) / SMOOTH * FOREIGN if smooth
            else np.zeros(int(asked.sum())))
    foreign, strange = foreign_share(ground, idx[asked], idx[sure], idx[bare], even > FOREIGN)
    out[asked] = np.where(strange > STRANGE, 0.0, np.maximum(foreign, even))
    return out


def mixed_corners(top: np.ndarray | None, cols: int, paths: PathScores,
                   calls: list[Call], asked: np.ndarray) -> np.ndarray:
    """Per square of ``paths`` (those ``asked`` about; 0 elsewhere): how many times more its
    four corners differ than nine in ten of the tiles read surely do; 0 where a corner shows
    a sure tile's ground (a hand over part of a tile mixes its corners too), with fewer than
    four sure tiles, or no view."""
    n = len(calls)
    sure = sure_tiles(calls)
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
