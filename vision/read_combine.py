"""One verdict per square from the readers (issue 9): the taught one, the path reader and
the project's own drawing of the pieces (see :mod:`vision.recognise`)."""

from __future__ import annotations

import numpy as np

from . import read_paths
from .paths_twins import twins
from .read_decide import EMPTY, Call, Thresholds
from .read_taught import TaughtModel
from .templates import DAIKAIJU

PATH_LABELS = [t.notation() for t in read_paths.tiles()]
PATH_INDEX = {lb: k for k, lb in enumerate(PATH_LABELS)}
# The lead both readers together need to settle an open square: chosen on curved, seas and
# drawn (1.0 doubled their confident-wrong share; 3.0 took no more wrong away).
JOINT_MARGIN = 2.0
JOINT_VETO = 1.0  # both readers' lead of another tile over the taught one that vetoes it
TAUGHT_SHARE, TAUGHT_AGREE = 0.5, 0.55  # the taught looks fit the board: see fits()
TAUGHT_SETTLED = 0.4  # of a board settled by the taught reader alone: see taught_fits()
TAUGHT_MOST = 0.5  # of a board the taught reader names tiles on: taught_fits()
TAUGHT_BARE = 0.05  # of the squares a taught set that fits names no tile on (when at
# least BARE_ASKED), read bare by it: see taught_fits()
BARE_ASKED = 8
# Of the built-in line below which a square may be bare: a plain square in doubt is bare
# under this much path evidence (bare ones reached 0.37 of path evidence, a tile under a
# hand 0.38, on the tuning looks, seeds 2026 and 7)
PLAIN_BARE = 0.8


def agree(taught: Call, paths: Call, evidence: np.ndarray, rim: float, joint: np.ndarray,
          own_bare: bool, th: Thresholds, names: set[str]) -> Call:
    """One verdict from the two readers, when what was taught fits the board: the taught
    one leads. The path reader, weak on textured art, vetoes no taught tile by itself (it
    turned right answers into ``unknown``); both readers together veto one they clearly
    place behind another. A square the taught reader left open is settled later, on both
    readers' evidence and the box (:func:`vision.inventory.settle`); an open square keeps
    the taught reader's best look as ``second`` (:mod:`vision.read_again` weighs a tile the
    box settles there against it). ``own_bare``: the square's own bare look is to be
    trusted over the paths (taught with art, or the square is clearly that look:
    :func:`vision.read_taught_call.own_look`); called bare, it is bare whatever the paths
    see in its art."""
    label = taught.label
    if label is not None and label != EMPTY and not label.startswith(DAIKAIJU):
        if float(joint.max() - joint[PATH_INDEX[label]]) > JOINT_VETO:
            # both readers together prefer another tile: open, the taught reader's own first
            # kept for the finer look (vision.read_again)
            return Call(None, 0.3, 0.0, label)
        return taught
    if label == EMPTY:
        if own_bare or float(evidence.max()) < th.path_tile:
            return taught
        if not is_tile(paths) and rim < th.path_rim:
            # Lines somewhere in the square, but the paths call no tile and no two path
            # ends show one: board art on a square whose own bare look is plain (seas 6x6
            # r5c4, drawn). On the tuning looks (160 photos a look and size, both seeds) every
            # square so was bare; a tile the taught reader took for bare showed its ends.
            return taught
        return Call(None, 0.3)
    if label is not None:
        return taught
    if taught.plain and float(evidence.max()) < PLAIN_BARE * th.path_empty:
        # plain, but not plainly bare to the taught reader (glare, a shadow): the paths show
        # no tile either (on the tuning looks every such square below this line was bare;
        # a hand of another colour is caught later, as on any plain bare square)
        return Call(EMPTY, 0.6)
    # A tile never taught: the path reader is all there is.
    if is_tile(paths) and paths.label not in names:
        return paths
    return Call(None, taught.confidence, 0.0, taught.second)


def open_tile(taught: Call, evidence: np.ndarray, rim: float, th: Thresholds) -> bool:
    """Whether a square the taught reader left open surely holds some tile, to be settled
    on both readers' evidence: its best taught look is a tile, and the paths show lines or
    path ends (a hand shows neither)."""
    best = taught.label if taught.label is not None else taught.second
    if best is None or best == EMPTY or best.startswith(DAIKAIJU):
        return False
    return rim >= th.path_rim or float(evidence.max()) >= th.path_empty


def second_opinion(drawn: Call, paths: Call, evidence: np.ndarray, fitting: bool,
                   coloured: bool = False) -> Call:
    """The built-in reading from the path reader and the project's own drawing of the pieces.
    Where the drawing fits the board (it is drawn that way) it leads and the paths only veto
    a clear contradiction; elsewhere the paths lead and the drawing only settles a square they
    left open, where they do not speak against it. ``coloured``: the paths were followed in
    a colour view (:mod:`vision.read_channel`), where the drawing, matched in grey, does not
    settle a near twin within a calling margin of its tile (on thin seed 1 it so called 13
    near twins wrong, on pale tiles with brown paths)."""
    th = Thresholds()
    label = drawn.label
    if label is None:
        return paths
    if label == EMPTY:
        return drawn if not is_tile(paths) else Call(None, 0.3)
    if label.startswith(DAIKAIJU):
        sure = (fitting and not is_tile(paths)) or (
            drawn.confidence >= 0.75 and float(evidence.max()) < th.path_tile)
        if sure:
            return drawn
        # A drawing that does not fit the board takes tiles and art for a daikaiju now and
        # then: a tile the paths read stands, and so does bare when the drawing is unsure.
        if not fitting and (is_tile(paths) or (paths.label == EMPTY and drawn.confidence < 0.6)):
            return paths
        return Call(None, 0.3)
    behind = float(evidence.max() - evidence[PATH_INDEX[label]])
    if fitting:
        return drawn if behind < 3 * th.path_margin else Call(None, 0.3)
    if is_tile(paths):
        return paths
    if paths.label is None and not paths.twins and float(evidence[PATH_INDEX[label]]) >= th.path_tile and (
            behind < 0.5 * th.path_margin) and not (
                coloured and _twin_near(label, evidence, th.path_margin)):
        return drawn
    return paths


def _twin_near(label: str, evidence: np.ndarray, margin: float) -> bool:
    """Whether a near twin of ``label`` stands within ``margin`` of it in the paths'
    ``evidence``."""
    near = np.flatnonzero(evidence >= evidence[PATH_INDEX[label]] - margin)
    return any(PATH_LABELS[j] != label and twins(PATH_LABELS[j], label) for j in near)


def own_line(model: TaughtModel, call: Call, scores: np.ndarray, labels: list[str]) -> Call:
    """A taught look is called only above the best score it reached on another taught piece
    (some looks resemble others more)."""
    if call.label is None or call.label == EMPTY or model.look_least is None:
        return call
    k = labels.index(call.label)
    if float(scores[k]) < float(model.look_least[k]):
        return Call(None, min(call.confidence, 0.45), call.lead, call.label)
    return call


def fits(looks: list[Call], paths: list[Call], n: int, before: bool, share: float,
          agree: float = 0.7) -> bool:
    """Whether a set of looks (taught, or the built-in drawing) fits the board: it names at
    least ``agree`` of the tiles the paths name; with hardly a tile in view, it reads
    ``share`` of the squares. A few squares (a re-read) keep the verdict ``before``."""
    named = [(a.label, b.label) for a, b in zip(looks, paths, strict=True) if is_tile(b)]
    if len(named) >= 4:
        return sum(a == b for a, b in named) >= agree * len(named)
    if n >= 12:
        return sum(c.label is not None for c in looks) >= share * n
    return before


def taught_fits(taught: list[Call], paths: list[Call], n: int, before: bool) -> bool:
    """Whether what was taught fits the board (not another edition's art): :func:`fits`
    with the taught lines. A looser route (naming a third of the paths' tiles and agreeing
    on nine in ten) was tried and dropped: a set taught on `reeds` then passed for `seas`'s
    own, and `seas` read with it gave 77.9% of its 7x7 squares and 0.51% wrong, against
    90.5% and 0.10% with the built-in reading (20 photos, seed 2026).

    A steep photo or a hand leaves many of the owner's own tiles open to the taught reader,
    so that it names too few of the paths' tiles; but it still settles most of the board
    itself: what it names never contradicts the paths, and the tiles it names with them and
    the squares it calls bare (each square against its own taught bare look) make at least
    :data:`TAUGHT_SETTLED` of the board. Another edition's set leaves most squares open (its
    bare looks are another board's). On the tuning looks (seeds 2026 and 7, 40 photos a look
    and size) the share was at most 0.29 read with another look's set (two sets a look), at
    least 0.47 on the twelve photos of a look's own set that failed the rule above.

    Either way the set must read some of the squares it names no tile on bare
    (:func:`_reads_bare`). Naming many tiles as the paths do is no proof of the owner's set:
    an edition whose paths are drawn alike names them too (`seas` read with the set taught
    on `reeds`, seed 2026: on 5 and 11 of the first 20 photos, 6x6 / 7x7, 15-28 tiles
    named alike and none of the other 20-29 squares read bare passed the rule above, and
    6.6 / 11.9% of the squares of 40 photos were left `unknown`, against 2.3 / 2.8% read
    built-in). The owner's own set reads its own board's bare squares.

    Where the paths name few tiles (art they read poorly), one near twin they misread
    vetoed the rule above: on mix 11-2 of benchmarks/vision_mixes.py --taught (pale tiles,
    dark paths; 6x6, photo 14) the owner's set named 29 tiles and 5 bare squares, the
    paths 6 tiles, 3 alike, and one near twin of the set's right `76452310`; read built-in
    instead, 16 of 36 squares were right and 4 wrong. So the set fits too when it names
    tiles on at least :data:`TAUGHT_MOST` of the board, three of them as the paths do, and
    the paths contradict none but with a near twin (they misread unfamiliar art where paths
    cross or meet, :func:`vision.teach_check.plainly_wrong`), on no more squares than they agree
    on. Read with the next mix's set (mix seeds 2-6 and 9-11, 1,920 photos), no more sets
    fit than before: of those that did not fit, none with no other contradiction named tiles
    on more than 0.27 of a board. Read with their own sets, that photo was the only one that
    did not fit, and now reads 36 of 36."""
    if not _reads_bare(taught, n):
        return False
    if fits(taught, paths, n, before, TAUGHT_SHARE, TAUGHT_AGREE):
        return True
    if n < 12:
        return False
    named = sum(is_tile(a) and a.label == b.label for a, b in zip(taught, paths, strict=True))
    against = [(a.label or "", b.label or "") for a, b in zip(taught, paths, strict=True)
               if is_tile(a) and is_tile(b) and a.label != b.label]
    bare = sum(a.label == EMPTY for a in taught)
    if not against and named >= 3 and named + bare >= TAUGHT_SETTLED * n:
        return True
    return (named >= 3 and len(against) <= named and all(twins(a, b) for a, b in against)
            and sum(is_tile(a) for a in taught) >= TAUGHT_MOST * n)


def cannot_fit(taught: list[Call], n: int) -> bool:
    """Whether :func:`taught_fits` must say no to these taught calls of a full read
    (``n`` >= 12), whatever the paths call: the taught reader reads too few squares bare
    (:func:`_reads_bare`). Another edition's set is then known for what it is before the
    paths are read at its bend (vision.recognise: the same verdict, sooner).

    >>> tile, bare, unsure = Call("45670123", 0.9), Call(EMPTY, 0.9), Call(None, 0.3)
    >>> cannot_fit([unsure] * 30 + [tile] * 6, 36)
    True
    >>> cannot_fit([bare] * 30 + [tile] * 6, 36)
    False
    """
    return n >= 12 and not _reads_bare(taught, n)


def foreign_at_a_glance(possible: np.ndarray, ends: np.ndarray, tile_ends: float) -> bool:
    """Whether :func:`cannot_fit` would say no to a full read, told before the taught pieces
    are scored: no square may read bare to the taught reader (``possible``,
    :func:`vision.read_taught_call.bare_possible`) and at least ``BARE_ASKED`` squares show
    no tile's path ends (the third weakest of ``ends`` under ``tile_ends``), which stands
    for :func:`cannot_fit`'s count of squares the taught reader names no tile on (it could
    name tiles where no path end shows: a stand-in, measured, not a proof). On a board of
    the owner's own set some square is always its own bare look, unless the board is full.
    On the tuning looks read with another look's set (seed 2026, 12 photos a look and
    size), 119 of 120 reads were told so; none read with its own set (20 a look and size);
    every row of benchmarks/vision.py read the same with and without it (both seeds).

    >>> foreign_at_a_glance(np.zeros(36, bool), np.zeros((36, 8)), 0.2)
    True
    >>> foreign_at_a_glance(np.eye(36, dtype=bool)[0], np.zeros((36, 8)), 0.2)
    False
    >>> foreign_at_a_glance(np.zeros(36, bool), np.ones((36, 8)), 0.2)
    False
    """
    if bool(possible.any()):
        return False
    return int((np.sort(ends, axis=1)[:, 2] < tile_ends).sum()) >= BARE_ASKED


def _reads_bare(taught: list[Call], n: int) -> bool:
    """Whether the taught reader reads bare at least ``TAUGHT_BARE`` of the squares it names
    no tile on, where there are ``BARE_ASKED`` or more of them in a full read. A set taught
    on another edition may name the few tiles of a sparse board as the paths do while its
    bare looks (another board's) fit none of the many bare squares: `seas` 6x6 taught on
    `reeds`, one photo of 40 a seed, named 4 of 5 and 5 of 9 of the paths' tiles alike and
    read none of the other 30 and 31 squares bare, leaving them `unknown`. Read with their
    own sets (the tuning looks, seeds 2026 and 7, 40 photos a look and size), the fewest so
    read bare was 0.12 (`curved` 6x6, 2 of 17); with another look's set only those two
    photos fitted. Only the taught calls count (not the paths'), so that the verdict can
    be bounded before the paths' open squares are settled (vision.read_twins_later)."""
    rest = sum(not is_tile(a) for a in taught)
    return (n < 12 or rest < BARE_ASKED
            or sum(a.label == EMPTY for a in taught) >= TAUGHT_BARE * rest)


def is_tile(call: Call) -> bool:
    return is_tile_label(call.label)


def is_tile_label(label: str | None) -> bool:
    """Whether ``label`` names an oriented tile (neither bare nor a daikaiju)."""
    return label is not None and label != EMPTY and not label.startswith(DAIKAIJU)
