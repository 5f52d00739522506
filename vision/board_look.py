"""How one board prints its tiles, learned from tiles read on it (issue 9, item 2): the
look :mod:`vision.paths_self` reads open squares by.

From tiles whose labels are known (square, where the tile lies, label), in a top-down view
less its slow changes (:func:`flattened`: tiles differ in tint):

- the **ground**: the mean, pixel by pixel, of the tiles' squares in all four turns, each
  away from its own paths (the rim and the gap stay in);
- the **paths**: every pair of points is one of eight shapes up to a quarter turn (a U-turn,
  a corner arc, a straight, ...); each shape's look is the mean, over the tiles' paths of
  that shape turned to it, of the square less the ground, kept within ``BAND`` pixels of the
  curve at the board's bend.

A tile's look is the ground with its four paths' looks laid on it (:meth:`BoardLook.drawn`),
fitted to a square ``SHIFT`` pixels each way (:meth:`BoardLook.place`); the square's pixels
less the middle of two tiles' looks, projected on their difference, say which of the two it
looks as (:meth:`BoardLook.lean`). What the tiles teach is kept as sums
(:class:`Teaching`), so that one tile's share can be taken out: a square is then told by
the look the others teach. Cuts are an odd number of pixels across, so that a quarter turn
turns them about the square's middle.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache

import cv2
import numpy as np

from . import read_fine
from .paths_twins import pairs
from .read_features import PX
from .read_paths import BENDS, bezier

PAD = 4  # pixels round a square's tile cut with it (where it lies, a few pixels off)
BAND = 3  # half-width of the band round a curve where a path's look is learned, pixels
TINT = 6.0  # sigma (pixels) of the slow changes taken out first: tiles differ in tint and
# their texture in its broad patches, paths are thin (3, 4 and 6 measured alike; none: fewer)
SHIFT = 2  # pixels each way a look is fitted to a square

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
    # the ground: what the tiles show away from their own paths (their rim and the gap
    # round them stay in), turned four ways when the look is made (a turn of a sum is the
    # sum of the turns)
    away = np.stack([_away(label, bend, px) for label in labels])
    # each shape's look: its paths' squares, each turned to the shape (summed by turn first:
    # one product for all of them)
    if len(labels) == 1:  # (a share taken out: the product below for one tile)
        keys, counts = _keys(labels[0])
        member = np.asarray(counts, np.float32)[:, None]
        summed = member[:, :, None, None] * cuts
    else:
        keys = sorted({key for label in labels for key in _keys(label)[0]})
        member = np.zeros((len(keys), len(labels)), np.float32)
        for n, label in enumerate(labels):
            for key, count in zip(*_keys(label), strict=True):
                member[keys.index(key), n] = count
        summed = (member @ cuts.reshape(len(labels), -1)).reshape(len(keys), *cuts.shape[1:])
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
