"""Squares the built-in reading left open between tiles close in evidence, read by how this
board's own paths look (issue 9, item 2: the board teaches itself).

Every earlier rule of the built-in reader compares the square's lines with a line of our
own making (a thin curve, drawn or sampled). On textured tiles with thin pale paths that
leaves many squares open between the paths' best tile and a near twin a little behind it:
a U-turn that hugs the rim or a kiss against a crossing differ in a few pixels, and how
those pixels look is the edition's (how wide, how pale, in what colour its paths print, how
its tiles' rim and gap look). The tiles read surely show exactly that, and so, taken
together, do the squares asked below (each as the paths' best tile). So, on a full read
with at least ``MIN_SURE`` of them, the board is taught to itself: its ground and the look
of each shape of path (:mod:`vision.board_look`). The tiles called so far teach it, and so
does every square asked, as the paths' best tile (a wrong one is one in the mean of many:
on a board whose paths hardly show, few tiles are called before this rule); a square asked
is told by the look the others teach, its own share taken out
(:meth:`vision.board_look.Teaching.without`), else it would lean to the paths' best for
having taught it. The **yardstick** is the called tiles' median likeness to their own
looks (the asked squares' when none was called).

A square is asked between the paths' best tile ``A`` and each of the next ``RIVALS`` tiles
``B``: placed where ``A``'s look fits it best, its pixels less the middle of the two
looks are projected on their difference (``lean``: +0.5 where the square looks as ``A``,
-0.5 as ``B``, whatever the paths' contrast). The square is read as
``A`` when it leans ``LEAN`` to it over every one of them, it looks as a tile of this board
at all (its likeness to ``A``'s look is ``FIT`` of the yardstick: board art whose strokes
happen to lean one way does not), the paths put ``A`` first by ``LEAD`` calling margins (or
by ``NEAR_LEAD`` with a lean of ``NEAR_LEAN``) with the evidence of a faint tile (``BEST``)
and path ends that are not dark (``ENDS``), the box has a copy left, a legal move may put
it there and the paths did not claim its pattern beyond the box (board art). A shape no
other tile taught shows leaves the square open. A square **called bare** whose likeness to
the paths' best tile reaches ``BARE_FIT`` of the yardstick is left open instead: a tile
whose thin paths hardly showed, not the board (unless the paths claimed that pattern
beyond the box: board art); and a tile **called less surely** than ``DOUBT`` (by the box or
a late rule) whose likeness to itself is below ``TILE_FIT`` of the yardstick is left open:
board art taken for a tile. These two only ever leave a square open, under a hand too.
Likenesses are worked out at half size (``HALF``), the leans at full size.

Chosen on the squares the rules before it left open or called bare on ``drawn``,
``mottled``, ``curved``, ``seas``, ``reeds`` (photo seed 2026, 10 photos a size) and on
twelve looks of thin faint paths (``benchmarks/vision_mixes.py --thin``, seeds 1 and 3, 10
photos a size); never on ``held-out``. Session 21 (the squares asked teach too, each told
by the others'): ``NEAR_LEAD`` and ``NEAR_LEAN`` (below) were chosen on the same thin seeds
and mixes seeds 1, 2, 5 and 6 (20 photos a size). Session 20's figures, on the tiles
called alone, with each square's own share in the look: the lean: 158 read right and none
wrong (0.1: 194 and none; a lead of 0.75 margins: 180 and 2); the likeness kept a reed
board's bare square (0.47 of the yardstick) from a lean that read it as a tile (tiles so
read 0.71 and more); of the squares called bare, 0.7 of the yardstick left 47 of the 56
tiles among them open on the thin looks and 3 of 7 on the tuning looks, and one bare square
(0.6: 49 and 16 bare squares; 0.8: 38 and none); of the tiles called below 0.7, a likeness
under 0.5 of the yardstick held 7 wrong calls and no right one on the thin looks, none on
the tuning looks. Figures before and after: docs/vision.md, "The board taught to itself".
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from collections.abc import Set as AbstractSet

import numpy as np

from .board_look import BoardLook, cut, flattened, teaching
from .inventory import pattern_of, remaining, take
from .read_combine import PATH_LABELS, is_tile
from .read_decide import EMPTY, Call
from .read_features import PX
from .read_paths import PathScores

MIN_SURE = 4  # tiles called and squares asked that teach the board's look
LEAD = 1.0  # the paths' best over their next, in calling margins
BEST = 0.3  # the paths' evidence of the best tile (a faint tile's: path_tile is 0.5)
ENDS = 0.05  # the third weakest path end
LEAN = 0.15  # lean to the paths' best over each rival (0.5: the square looks as the best)
# ... or a lead of NEAR_LEAD margins with a lean of NEAR_LEAN (the look the others teach
# tells the square: on thin seeds 1 and 3 and mixes seeds 1, 2, 5 and 6, 96 more squares
# read right, and none wrong, where NEAR_LEAD with LEAN read 71 more again and 5 wrong)
NEAR_LEAD, NEAR_LEAN = 0.75, 0.25
RIVALS = 2  # the paths' next tiles asked
FIT = 0.6  # the square's likeness to the tile as the board prints it, of the yardstick
# (the called tiles' median likeness to their own, REF_TILES of them): board art whose
# strokes lean one way fits less (a reed board's bare square 0.47, tiles so read 0.71 and
# more)
REF_TILES = 8
BARE_FIT = 0.7  # a square called bare that fits the paths' best tile as the board prints
# it this well (of the same yardstick) is left open: a faint tile, not the board
DOUBT = 0.7  # tiles called less surely than this are asked whether they look as a tile
TILE_FIT = 0.5  # ... and left open below this share of the yardstick (on the thin looks 7
# such calls, all wrong, none right; on the tuning looks none)
CONFIDENCE = 0.5  # the calling line: less sure than any rule that measured its own lead
HALF = PX // 2  # likenesses are worked out at half size (a sixteenth of the work): they
# ask whether a square shows a tile at all, not which of two near twins

def self_taught(calls: Mapping[int, Call], paths: PathScores, ruled_out: Collection[int],
                counts: Mapping[str, int] | None, fixed: Mapping[int, str],
                legal: Mapping[int, set[str] | None], top: np.ndarray, cols: int,
                margin: float, art: AbstractSet[str] = frozenset(), full: bool = True
                ) -> dict[int, Call]:
    """``calls`` with the squares of ``paths`` still open read as above (never a square of
    ``ruled_out``, never a pattern of ``art``), and squares called bare that look as a tile
    or called a tile doubtfully that do not look as it left open; a ``full`` read only (a
    re-read of a few squares has too few sure tiles in view). ``top`` is the top-down view
    (BGR, PX a square); ``margin`` the paths' calling margin."""
    out = dict(calls)
    if not full or paths.ends is None:
        return out
    squares = [int(i) for i in paths.squares]
    ev = paths.tile
    ends = np.sort(paths.ends, axis=1)[:, 2]
    asked, bare = [], []
    for k, i in enumerate(squares):
        if out[i].label == EMPTY:
            bare.append(k)  # (under a hand too: these are only ever left open)
        if out[i].label is not None or i in ruled_out:
            continue
        order = np.argsort(-ev[k])[:RIVALS + 1]
        lead = float(ev[k, order[0]] - ev[k, order[1]]) / margin
        if float(ev[k, order[0]]) >= BEST and float(ends[k]) >= ENDS and lead >= NEAR_LEAD:
            asked.append((k, order, lead))
    # every tile called so far teaches the look, and so does every square asked, as the
    # paths' best tile (a wrong one is one in the mean of many): on a board whose paths
    # hardly show, few tiles are called before this
    called = [(k, paths.offsets[k], str(out[i].label)) for k, i in enumerate(squares)
              if is_tile(out[i])]
    likely = [(k, paths.offsets[k], PATH_LABELS[int(order[0])]) for k, order, _ in asked]
    sure = called + likely
    if not (asked or bare) or len(sure) < MIN_SURE:
        return out  # (the board's look is learned only where a square needs it)
    taught = [(squares[k], offset, label) for k, offset, label in sure]
    small = flattened(top, HALF)
    rough_sums = teaching(small, cols, taught, paths.bend, HALF)
    rough = rough_sums.look()

    def likeness(wanted: Sequence[tuple[int, str]], looks: Sequence[BoardLook] | None = None
                 ) -> list[float]:
        return [look.place(cut(small, squares[k], cols, paths.offsets[k], HALF, look.shift),
                           label)[0]
                for (k, label), look in zip(wanted, looks or [rough] * len(wanted),
                                            strict=True)]

    # the yardstick: the called tiles' likeness to their own looks (the likely ones' when
    # none was called)
    ref = called or likely
    refs = [(k, label) for k, _, label in ref[::max(1, -(-len(ref) // REF_TILES))]]
    yardstick = float(np.median(likeness(refs[:REF_TILES])))
    if yardstick <= 0.0:
        return out  # the sure tiles are not alike at all: no look to go by
    doubtful = [(k, str(out[i].label)) for k, i in enumerate(squares)
                if is_tile(out[i]) and out[i].confidence < DOUBT]
    firsts = [(k, PATH_LABELS[int(np.argmax(ev[k]))]) for k in bare]
    # a square asked is told by the look the others teach: its own share taken out, or it
    # would lean to the paths' best for having taught it
    first_asked = len(called)  # (in ``taught``: the called tiles, then the asked squares)
    like_best = likeness([(k, label) for k, _, label in likely],
                         [rough_sums.without(first_asked + n) for n in range(len(asked))])
    for (k, label), value in zip(doubtful, likeness(doubtful), strict=True):
        # a tile called by a rule less sure than most that does not look as that tile
        # printed so: board art the box or a late rule took for a tile
        if value < TILE_FIT * yardstick:
            out[squares[k]] = Call(None, 0.3, 0.0, label)
    for (k, first), value in zip(firsts, likeness(firsts), strict=True):
        # called bare, yet it looks as the paths' best tile as this board prints it (never
        # a pattern the paths claimed beyond the box: board art)
        if pattern_of(first) not in art and value >= BARE_FIT * yardstick:
            out[squares[k]] = Call(None, 0.3, 0.0, first)
    fitting = [n for n, value in enumerate(like_best) if value >= FIT * yardstick]
    found = []
    if fitting:  # near twins are told apart at full size
        flat = flattened(top)
        fine_sums = teaching(flat, cols, taught, paths.bend)
        for n in fitting:
            (k, order, lead), first = asked[n], likely[n][2]
            fine = fine_sums.without(first_asked + n)
            _, square = fine.place(cut(flat, squares[k], cols, paths.offsets[k], PX,
                                       fine.shift), first)
            leans = [fine.lean(square, first, PATH_LABELS[int(j)]) for j in order[1:]]
            lean = LEAN if lead >= LEAD else NEAR_LEAN
            if all(x is not None and x >= lean for x in leans):
                found.append((min(x for x in leans if x is not None), squares[k], first,
                              PATH_LABELS[int(order[1])]))
    left = remaining(counts, [*fixed.values(),
                              *(c.label for c in out.values() if c.label is not None)])
    for _, i, label, second in sorted(found, reverse=True):  # the clearest first
        if take(left, label, legal.get(i), art):
            out[i] = Call(label, CONFIDENCE, LEAD, second)
    return out
