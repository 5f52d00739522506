"""Squares the built-in reading left open between tiles close in evidence, read by how this
board's own paths look (issue 9, item 2: the board teaches itself).

Every earlier rule of the built-in reader compares the square's lines with a line of our
own making (a thin curve, drawn or sampled). On textured tiles with thin pale paths that
leaves many squares open between the paths' best tile and a near twin a little behind it:
a U-turn that hugs the rim or a kiss against a crossing differ in a few pixels, and how
those pixels look is the edition's (how wide, how pale, in what colour its paths print, how
its tiles' rim and gap look). The tiles read surely show exactly that, and so, taken
together, do the squares asked below (each as the paths' best tile). So, on a full read
with at least ``MIN_SURE`` of them, the board is taught to itself:

- its **ground**: the mean, pixel by pixel, of the tiles' squares in all four turns,
  each away from its own paths (the rim and the gap stay in);
- its **paths**: every pair of points is one of eight shapes up to a quarter turn (a U-turn,
  a corner arc, a straight, ...); each shape's look is the mean, over the tiles' paths
  of that shape turned to it, of the square less the ground, kept within ``BAND`` pixels of
  the curve at the board's bend.

A tile's look is then the ground with its four paths' looks laid on it. The tiles called
so far teach it, and so does every square asked below, as the paths' best tile (a wrong
one is one in the mean of many: on a board whose paths hardly show, few tiles are called
before this rule); a square asked is told by the look the others teach, its own share taken
out (:meth:`Teaching.without`), else it would lean to the paths' best for having taught it.
The **yardstick** is the called tiles' median likeness to their own looks (the asked
squares' when none was called).

A square is asked between the paths' best tile ``A`` and each of the next ``RIVALS`` tiles
``B``: placed where ``A``'s look fits it best (``SHIFT`` pixels each way), its pixels less
the middle of the two looks are projected on their difference (``lean``: +0.5 where the
square looks as ``A``, -0.5 as ``B``, whatever the paths' contrast). The square is read as
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
Likenesses are worked out at half size (``HALF``), the leans at full size; cuts are an odd
number of pixels across, so that a quarter turn turns them about the square's middle.

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
from dataclasses import dataclass, field
from functools import cache, lru_cache

import cv2
import numpy as np

from . import read_fine
from .inventory import pattern_of, remaining, take
from .paths_twins import pairs
from .read_combine import PATH_LABELS, is_tile
from .read_decide import EMPTY, Call
from .read_features import PX
from .read_paths import BENDS, PathScores, bezier

MIN_SURE = 4  # tiles called and squares asked that teach the board's look
PAD = 4  # pixels round a square's tile cut with it (where it lies, a few pixels off)
BAND = 3  # half-width of the band round a curve where a path's look is learned, pixels
TINT = 6.0  # sigma (pixels) of the slow changes taken out first: tiles differ in tint and
# their texture in its broad patches, paths are thin (3, 4 and 6 measured alike; none: fewer)
SHIFT = 2  # pixels each way a look is fitted to a square
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

Pair = tuple[int, int]


def _turned(pair: Pair, quarters: int) -> Pair:
    """``pair`` after the tile turns ``quarters`` quarter turns clockwise (point i lies where
    point i + 2 lay)."""
    a, b = ((p + 2 * quarters) % 8 for p in pair)
    return (min(a, b), max(a, b))


@cache
def shape_of(pair: Pair) -> tuple[Pair, int]:
    """The pair's shape (the least of its four turns) and the quarter turns that take it
    there.

    >>> shape_of((2, 3)), shape_of((6, 7)), shape_of((0, 1))
    (((0, 1), 3), ((0, 1), 1), ((0, 1), 0))
    """
    return min((_turned(pair, q), q) for q in range(4))


def _turn(img: np.ndarray, quarters: int) -> np.ndarray:
    """``img`` turned ``quarters`` quarter turns clockwise (a view: np.rot90's, without its
    checks, which cost more than the turn on every square asked)."""
    q = quarters % 4
    if q == 1:
        return img[::-1].swapaxes(0, 1)
    if q == 2:
        return img[::-1, ::-1]
    if q == 3:
        return img.swapaxes(0, 1)[::-1]
    return img


def _scaled(pixels: int, px: int) -> int:
    return max(1, pixels * px // PX)


def _side(px: int, spare: int = 0) -> int:
    """Pixels across a cut: odd, so that a quarter turn turns it about the square's middle
    (grid point u lies on pixel u * px of the view, the middle on px / 2)."""
    return px + 2 * (_scaled(PAD, px) + spare) + 1


@lru_cache(maxsize=256)
def _band(shape: Pair, bend: int, px: int) -> np.ndarray:
    """(S, S, 1) float32, ``px`` a square: 1 within BAND pixels of the shape's curve at the
    board's bend (read-only: it is shared)."""
    pad = _scaled(PAD, px)
    mask = np.zeros((_side(px), _side(px)), np.float32)
    pts = bezier(shape[0], shape[1], BENDS[bend], np.linspace(0, 1, 60)[:, None]) * px + pad
    cv2.polylines(mask, [np.rint(pts).astype(np.int32)], False, 1.0, 2 * _scaled(BAND, px))
    out = mask[..., None]
    out.setflags(write=False)
    return out


@lru_cache(maxsize=1024)
def _away(label: str, bend: int, px: int) -> np.ndarray:
    """(S, S, 1): 0 within BAND pixels of tile ``label``'s paths, 1 away from them
    (read-only: it is shared)."""
    near = np.zeros_like(_band((0, 1), bend, px))
    for pair in pairs(label):
        shape, quarters = shape_of(pair)
        np.maximum(near, _turn(_band(shape, bend, px), -quarters), out=near)
    away = 1.0 - near
    away.setflags(write=False)
    return away


def cut(top: np.ndarray, square: int, cols: int, offset: np.ndarray, px: int = PX,
        spare: int = 0) -> np.ndarray:
    """(S + 2 spare, same, 3) float32: the square's tile where it lies (``offset`` in full
    size pixels) in a view of ``px`` a square, its PAD + ``spare`` pixels round it: zero
    past the view's edge, where :func:`vision.read_fine.cut` repeats the edge (the looks
    and lines here were chosen so; the edge repeated read a few squares more of the thin
    looks, not measured further); at half size the area-resized view lies a quarter pixel
    off, which a likeness does not feel."""
    edge = _scaled(PAD, px) + spare
    side = _side(px, spare)
    x0 = (square % cols) * px + round(float(offset[0]) * px / PX) - edge
    y0 = (square // cols) * px + round(float(offset[1]) * px / PX) - edge
    h, w = top.shape[:2]
    out = np.zeros((side, side, 3), np.float32)
    xa, ya, xb, yb = max(0, x0), max(0, y0), min(w, x0 + side), min(h, y0 + side)
    if xa < xb and ya < yb:
        out[ya - y0:yb - y0, xa - x0:xb - x0] = top[ya:yb, xa:xb]
    return out


def flattened(top: np.ndarray, px: int = PX) -> np.ndarray:
    """The top-down view (BGR, PX a square) at ``px`` a square, float, less its slow changes
    (TINT)."""
    h, w = top.shape[0] * px // PX, top.shape[1] * px // PX
    sized = top if px == PX else cv2.resize(top, (w, h), interpolation=cv2.INTER_AREA)
    flat: np.ndarray = sized.astype(np.float32)
    flat -= read_fine.smooth(flat, TINT * px / PX)
    return flat


@dataclass(frozen=True, eq=False)
class BoardLook:
    """How this board's tiles look, ``px`` a square, at its ``bend``: their ground and,
    made when first asked for, each path shape's look on it (the mean of its paths'
    squares, ``totals`` less ``less`` over ``seen``, less the ground, within BAND of the
    curve)."""

    px: int
    bend: int
    ground: np.ndarray  # (S, S, 3)
    totals: Mapping[Pair, np.ndarray]  # shape -> (S, S, 3)
    seen: Mapping[Pair, float]
    less: Mapping[Pair, np.ndarray] = field(default_factory=dict)  # a share taken out
    # each shape's look, each pair's turned to where it lies and each tile drawn, once, as
    # asked
    looks: dict[Pair, np.ndarray | None] = field(default_factory=dict, compare=False,
                                                 repr=False)
    parts: dict[Pair, np.ndarray | None] = field(default_factory=dict, compare=False,
                                                 repr=False)
    drawings: dict[str, np.ndarray | None] = field(default_factory=dict, compare=False,
                                                   repr=False)

    @property
    def shift(self) -> int:
        return _scaled(SHIFT, self.px)

    def shape(self, shape: Pair) -> np.ndarray | None:
        """The look (S, S, 3) of a path of ``shape``, the square less the ground; None when
        no tile taught shows one."""
        if shape not in self.looks:
            count = self.seen.get(shape, 0.0)
            self.looks[shape] = None if count <= 0 else np.ascontiguousarray(
                ((self.totals[shape] - self.less.get(shape, 0.0)) / count - self.ground)
                * _band(shape, self.bend, self.px), np.float32)
        return self.looks[shape]

    @property
    def shapes(self) -> dict[Pair, np.ndarray]:
        """Every shape's look that some tile taught shows."""
        return {shape: look for shape in self.totals
                if (look := self.shape(shape)) is not None}

    def drawn(self, label: str) -> np.ndarray | None:
        """The tile ``label`` as this board prints it; None when a shape of it was never
        seen."""
        if label not in self.drawings:
            parts = []
            for pair in pairs(label):
                if pair not in self.parts:
                    shape, quarters = shape_of(pair)
                    look = self.shape(shape)
                    self.parts[pair] = None if look is None else _turn(look, -quarters)
                parts.append(self.parts[pair])
            self.drawings[label] = (None if any(part is None for part in parts)
                                    else self.ground + sum(p for p in parts if p is not None))
        return self.drawings[label]

    def place(self, wide: np.ndarray, label: str) -> tuple[float, np.ndarray]:
        """Where in ``wide`` (a :func:`cut` with ``shift`` to spare) tile ``label`` as this
        board prints it fits best: the correlation there and the square so placed (S, S,
        3); (-1, the middle) when it cannot be drawn."""
        look = self.drawn(label)
        s = self.shift
        if look is None:
            return -1.0, wide[s:-s, s:-s]
        fit = cv2.matchTemplate(wide, look, cv2.TM_CCOEFF_NORMED)
        _, best, _, (x, y) = cv2.minMaxLoc(fit)
        side = look.shape[0]
        return float(best), wide[y:y + side, x:x + side]

    def lean(self, square: np.ndarray, a: str, b: str) -> float | None:
        """How far ``square`` (placed) looks as ``a`` rather than ``b``: +0.5 as ``a``, -0.5
        as ``b``, whatever the paths' contrast; None when either cannot be drawn or they
        draw alike."""
        look_a, look_b = self.drawn(a), self.drawn(b)
        if look_a is None or look_b is None:
            return None
        diff = look_a - look_b
        size = float((diff * diff).sum())
        if size < 1e-6:
            return None
        return float(((square - (look_a + look_b) / 2) * diff).sum()) / size


@dataclass(frozen=True)
class _Sums:
    """What some tiles teach, as sums: their squares away from their paths and how many
    times each pixel was counted there, both before the four turns are added; each shape's
    paths' squares turned to it, and how many."""

    shown: np.ndarray  # (S, S, 3)
    weight: np.ndarray  # (S, S, 1)
    totals: dict[Pair, np.ndarray]  # shape -> (S, S, 3)
    seen: dict[Pair, float]


def _sums(cuts: np.ndarray, labels: Sequence[str], bend: int, px: int) -> _Sums:
    """:class:`_Sums` of tiles ``labels`` from their cuts (n, S, S, 3)."""
    rows = cuts.reshape(len(labels), -1)
    # the ground: what the tiles show away from their own paths (their rim and the gap
    # round them stay in), turned four ways when the look is made (a turn of a sum is the
    # sum of the turns)
    away = np.stack([_away(label, bend, px) for label in labels])
    # each shape's look: its paths' squares, each turned to the shape (summed by turn first:
    # one product for all of them)
    if len(labels) == 1:  # (a share taken out: the product below for one tile)
        keys, counts = _keys(labels[0])
        summed = np.asarray(counts, np.float32)[:, None, None, None] * cuts
        member = np.asarray(counts, np.float32)[:, None]
    else:
        keys = sorted({shape_of(pair) for label in labels for pair in pairs(label)})
        member = np.zeros((len(keys), len(labels)), np.float32)
        for n, label in enumerate(labels):
            for pair in pairs(label):
                member[keys.index(shape_of(pair)), n] += 1
        summed = (member @ rows).reshape(len(keys), *cuts.shape[1:])
    totals: dict[Pair, np.ndarray] = {}
    seen: dict[Pair, float] = {}
    for (shape, quarters), total, count in zip(keys, summed, member.sum(axis=1), strict=True):
        turned = _turn(total, quarters)
        totals[shape] = totals[shape] + turned if shape in totals else turned
        seen[shape] = seen.get(shape, 0.0) + float(count)
    return _Sums((away * cuts).sum(axis=0), away.sum(axis=0), totals, seen)


@cache
def _keys(label: str) -> tuple[list[tuple[Pair, int]], list[int]]:
    """Tile ``label``'s paths by shape and turn (sorted), and how many of each."""
    keys = sorted({shape_of(pair) for pair in pairs(label)})
    return keys, [sum(shape_of(pair) == key for pair in pairs(label)) for key in keys]


def _ground(shown: np.ndarray, weight: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(sum(_turn(shown, q) for q in range(4))
                                / np.maximum(sum(_turn(weight, q) for q in range(4)), 1.0),
                                np.float32)


@dataclass(frozen=True, eq=False)
class Teaching:
    """What a board's tiles teach (:func:`teaching`): their cuts and labels, and the sums
    of :class:`_Sums` over all of them (so that one tile's share can be taken out)."""

    px: int
    bend: int
    cuts: np.ndarray  # (n, S, S, 3)
    labels: tuple[str, ...]
    every: _Sums

    def look(self) -> BoardLook:
        """The board's look: :func:`learn`."""
        return BoardLook(self.px, self.bend, _ground(self.every.shown, self.every.weight),
                         self.every.totals, self.every.seen)

    def without(self, n: int) -> BoardLook:
        """The look the others teach: the share of tile ``n`` (of ``labels``) taken out
        (its shapes made only as asked; a shape only it shows is not known)."""
        one = _sums(self.cuts[n:n + 1], self.labels[n:n + 1], self.bend, self.px)
        every = self.every
        seen = {shape: count - one.seen.get(shape, 0.0) for shape, count in every.seen.items()}
        return BoardLook(self.px, self.bend,
                         _ground(every.shown - one.shown, every.weight - one.weight),
                         every.totals, seen, one.totals)


def teaching(flat: np.ndarray, cols: int, sure: Sequence[tuple[int, np.ndarray, str]],
             bend: int, px: int = PX) -> Teaching:
    """What tiles ``sure`` (square, where it lies, label; at least one) teach at the
    board's bend, in a :func:`flattened` view of ``px`` a square."""
    cuts = np.stack([cut(flat, square, cols, offset, px) for square, offset, _ in sure])
    labels = tuple(label for _, _, label in sure)
    return Teaching(px, bend, cuts, labels, _sums(cuts, labels, bend, px))


def learn(flat: np.ndarray, cols: int, sure: Sequence[tuple[int, np.ndarray, str]],
          bend: int, px: int = PX) -> BoardLook:
    """The board's look from its sure tiles (square, where it lies, label; at least one)
    at its bend, in a :func:`flattened` view of ``px`` a square."""
    return teaching(flat, cols, sure, bend, px).look()


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
        if (float(ev[k, order[0]]) >= BEST and float(ends[k]) >= ENDS
                and float(ev[k, order[0]] - ev[k, order[1]]) >= NEAR_LEAD * margin):
            asked.append((k, order))
    # every tile called so far teaches the look, and so does every square asked, as the
    # paths' best tile (a wrong one is one in the mean of many): on a board whose paths
    # hardly show, few tiles are called before this
    called = [(k, paths.offsets[k], str(out[i].label)) for k, i in enumerate(squares)
              if is_tile(out[i])]
    likely = [(k, paths.offsets[k], PATH_LABELS[int(order[0])]) for k, order in asked]
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
    first_of = [PATH_LABELS[int(order[0])] for _, order in asked]
    first_asked = len(called)  # (in ``taught``: the called tiles, then the asked squares)
    like_best = likeness(list(zip([k for k, _ in asked], first_of, strict=True)),
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
            (k, order), first = asked[n], first_of[n]
            fine = fine_sums.without(first_asked + n)
            _, square = fine.place(cut(flat, squares[k], cols, paths.offsets[k], PX,
                                       fine.shift), first)
            leans = [fine.lean(square, first, PATH_LABELS[int(j)]) for j in order[1:]]
            lean = LEAN if float(ev[k, order[0]] - ev[k, order[1]]) >= LEAD * margin \
                else NEAR_LEAN
            if all(x is not None and x >= lean for x in leans):
                found.append((min(x for x in leans if x is not None), squares[k], first,
                              PATH_LABELS[int(order[1])]))
    left = remaining(counts, [*fixed.values(),
                              *(c.label for c in out.values() if c.label is not None)])
    for _, i, label, second in sorted(found, reverse=True):  # the clearest first
        if take(left, label, legal.get(i), art):
            out[i] = Call(label, CONFIDENCE, LEAD, second)
    return out
