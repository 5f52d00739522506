"""Near twins at crossings, told apart with nothing taught (issue 9, built-in reading).

Two tiles that pair four of their points alike and re-pair the other four (:func:`twins`)
differ only where those four points' paths run: most often at a crossing, where two paths
either go straight through or meet and turn back (kiss). The pair evidence of
:mod:`vision.read_paths` asks of each path alone whether it is there all along, and both
answers are there all along up to the crossing: their scores tie. So the two tiles are
compared only where their drawings differ: each tile is drawn whole at the board's bend
(:func:`vision.read_paths.likeness` draws the same curves), the square's line strength is
lined up with the two drawings together (the bend and the shift, a few pixels, where the
paths both tiles share fit best: they hold most of the square's lines), and there the
square's lines are correlated with the difference of the two drawings (``lean``: positive
for the first tile). A continuing arm keeps its direction across the crossing, a turning
one does not, and only that part of the square decides.

A square is called when it leans ``LEAN`` one way, except towards the tile whose differing
paths cross where its twin's do not: that takes ``LEAN_CROSS``, unless some other square
left open on the board leans ``SHOWN`` the other way (to paths that meet and turn back where
its twin's cross) and fits (``FIT``): that board's art shows the difference. Two paths that
meet and turn back look like two that cross where an edition prints wide or glowing paths
(on ``seas`` the kissing curves touch in the glow, and nine in ten such squares leaned
towards the crossing whatever the tile, none the other way), never the other way round.
Only a square whose pairing the
paths left open between these two tiles, with the evidence of a tile (``path_tile``) and
path ends that are not dark (``ENDS``), is asked, and only where the two tiles drawn
together fit its lines (``FIT``: board art, a daikaiju or a third tile fits less). Chosen on
``drawn``, ``mottled``, ``curved``, ``seas`` and ``reeds`` (photo seeds 2026 and 7), never
on ``held-out``.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

import cv2
import numpy as np
from numpy.lib.stride_tricks import as_strided

from .read_decide import Call, Thresholds
from .read_fine import unit_rows
from .read_lines import HESSIAN, PX, ridges
from .read_paths import BENDS, PathScores, bezier, tiles

LEAN = 0.1  # correlation with the difference drawing needed to settle a near twin
LEAN_CROSS = 0.25  # ... towards the tile whose differing paths cross (where its twin's kiss),
# on a board where no square left open leans SHOWN the other way
SHOWN = 0.05  # lean to paths that meet and turn back (where the twin's cross) by which an
# open square shows that the board's art tells the two apart: no seas square leant that way
# at all (every one towards the crossing, by 0.01 or more), curved kisses by 0.06-0.11,
# mottled by 0.03-0.08 (round 3: 0.05 instead of LEAN opened 94 curved and 32 mottled
# boards of 140 and 133, none of 148 seas: 47 more squares right, none wrong)
ENDS = -0.1  # the third weakest path end of a square settled (faint ends are common on
# thin pale paths; FIT below keeps out what is no tile)
FIT = 0.45  # the two tiles drawn together must fit the square's lines this well (board art,
# a daikaiju or a third tile whose paths pair up much like these fits less)
LEAN_ALONE = 0.04  # ... where no third tile stands near (candidates): on curved and mottled
# (photo seeds 2026 and 7) every such square leaned to its own tile, most by 0.03-0.08
NEAR = 1.0  # margins of path evidence below the best within which a pairing may be the tile
NEAR_TWIN = 3.0  # ... and a near twin of either of the two (tiles whose paths all cross in
# the middle come in a family of four; on curved the square's own was often the fourth, 2-3
# margins behind the best, while the two leaned to one of the others by up to 0.09)
SHIFTS = 2  # top-down pixels each way round where the tile lies
STEP = 2  # where the two tiles fit is found on every STEP-th pixel each way
WINDOW = 1  # bends each side of the board's own
_BLUR = 8  # pixels round a square's window, for the filter's blur


@cache  # a few hundred labels, asked about many times a read
def pairs(label: str) -> frozenset[tuple[int, int]]:
    """The four pairs of points a tile joins.

    >>> sorted(pairs("10325476"))
    [(0, 1), (2, 3), (4, 5), (6, 7)]
    """
    return frozenset((min(i, int(ch)), max(i, int(ch))) for i, ch in enumerate(label))


def u_turns(joined: Iterable[tuple[int, int]]) -> set[tuple[int, int]]:
    """The pairs of ``joined`` that join the two points of one side: U-turns along the rim,
    where the pieces' printed edge and the gap between them pass for one or hide one.

    >>> sorted(u_turns(pairs("10543276")))
    [(0, 1), (6, 7)]
    """
    return {(p, q) for p, q in joined if p // 2 == q // 2}


@cache
def twins(a: str, b: str) -> bool:
    """Two tiles pairing four points alike and re-pairing the other four.

    >>> twins("36507214", "35607124"), twins("10325476", "76543210")
    (True, False)
    """
    return len(pairs(a) & pairs(b)) == 2


@cache
def _path(a: int, b: int, bend: int, sigma: float = 1.5) -> np.ndarray:
    """The path from point ``a`` to ``b`` at ``BENDS[bend]``, drawn as a thin line PX x PX
    (blurred as the line filter sees a thin line), float32."""
    big = PX * 4
    pts = bezier(a, b, BENDS[bend], np.linspace(0.0, 1.0, 120)[:, None]) * big
    canvas = np.zeros((big, big), np.float32)
    cv2.polylines(canvas, [np.rint(pts).astype(np.int32)], False, 1.0, 4)
    small = cv2.resize(canvas, (PX, PX), interpolation=cv2.INTER_AREA)
    return np.asarray(cv2.GaussianBlur(small, (0, 0), sigma), np.float32)


@cache
def _drawings(a: str, b: str, bend: int, sigma: float = 1.5) -> tuple[np.ndarray, np.ndarray]:
    """Over the bends round ``bend``: both tiles drawn together, on every ``STEP``-th pixel
    each way (bends, (PX / STEP) ** 2), and the first less the second (zero where they
    agree; bends, PX * PX); zero-mean, of unit length."""
    both, diff = [], []
    for bd in range(max(0, bend - WINDOW), min(len(BENDS), bend + WINDOW + 1)):
        da = np.max([_path(p, q, bd, sigma) for p, q in pairs(a)], axis=0)
        db = np.max([_path(p, q, bd, sigma) for p, q in pairs(b)], axis=0)
        both.append(np.maximum(da, db)[::STEP, ::STEP].ravel())
        diff.append((da - db).ravel())
    return unit_rows(np.array(both, np.float32)), unit_rows(np.array(diff, np.float32))


def square_window(view: np.ndarray, cols: int, square: int, offset: np.ndarray,
                  polarity: int) -> np.ndarray:
    """The line strength where square ``square``'s tile lies (``offset``: dx, dy pixels off
    its square), ``SHIFTS`` pixels to spare each way: (PX + 2 * SHIFTS) square, float32.
    The view is top-down, grey or BGR (only this part is made grey). The same second
    derivatives as :func:`vision.read_lines.line_response`, worked out on this window alone
    and not divided by the local spread: :func:`lean_and_fit` correlates within it, where
    the spread hardly changes (a board's whole filter costs more than a few squares')."""
    r, c = divmod(square, cols)
    h, w = view.shape[:2]
    # one pixel more for the derivatives, and the blur's reach
    reach = SHIFTS + 1 + _BLUR
    y0, x0 = r * PX + int(offset[1]) - reach, c * PX + int(offset[0]) - reach
    size = PX + 2 * reach
    part = view[max(0, y0):min(h, y0 + size), max(0, x0):min(w, x0 + size)]
    if part.ndim == 3:
        part = cv2.cvtColor(part, cv2.COLOR_BGR2GRAY)
    if part.shape[:2] != (size, size):  # at the board's edge: repeat what is there
        top, left = max(0, -y0), max(0, -x0)
        part = cv2.copyMakeBorder(part, top, size - part.shape[0] - top, left,
                                  size - part.shape[1] - left, cv2.BORDER_REPLICATE)
    g = cv2.GaussianBlur(part.astype(np.float32), (0, 0), HESSIAN)[_BLUR:-_BLUR, _BLUR:-_BLUR]
    planes = [cv2.Sobel(g, cv2.CV_32F, dx, dy, ksize=3, scale=-1)[1:-1, 1:-1]
              for dx, dy in ((2, 0), (1, 1), (0, 2))]
    return ridges((planes[0], planes[1], planes[2]), polarity)


def lean(window: np.ndarray, a: str, b: str, bend: int, sigma: float = 1.5) -> float:
    """How much the lines where a square's tile lies (:func:`square_window`) lean to tile
    ``a`` over its near twin ``b`` (a correlation, -1 to 1), where the two tiles drawn
    together fit best."""
    return lean_and_fit(window, a, b, bend, sigma)[0]


def lean_and_fit(window: np.ndarray, a: str, b: str, bend: int,
                 sigma: float = 1.5) -> tuple[float, float]:
    """:func:`lean`, and how well the two tiles drawn together fit the square's lines there
    (a correlation: board art, a daikaiju or a third tile fit less)."""
    both, diff = _drawings(a, b, bend, sigma)
    window = np.ascontiguousarray(window, np.float32)
    k, s0, s1 = 2 * SHIFTS + 1, window.strides[0], window.strides[1]
    # Where the two drawn together fit best: normalised correlation at every shift, on
    # every STEP-th pixel (the drawings are blurred; a quarter of the pixels cost a quarter
    # the time). The drawings are zero-mean and of unit length, so only the patches' own
    # mean and spread need taking out.
    cell = PX // STEP
    sub = as_strided(window, (k, k, cell, cell), (s0, s1, STEP * s0, STEP * s1))
    fit = _correlations(sub.reshape(k * k, cell * cell), both)
    at, bend_at = divmod(int(np.argmax(fit)), fit.shape[1])
    y, x = divmod(at, k)
    patch = window[y:y + PX, x:x + PX].reshape(1, PX * PX)
    toward = _correlations(patch, diff[bend_at:bend_at + 1])
    return float(toward[0, 0]), float(fit[at, bend_at])


def _correlations(patches: np.ndarray, drawings: np.ndarray) -> np.ndarray:
    """(patches, drawings): each patch's correlation with each zero-mean unit drawing."""
    n = patches.shape[1]
    spread = np.sqrt(np.maximum(np.einsum("ij,ij->i", patches, patches)
                                - patches.sum(axis=1) ** 2 / n, 1e-9))
    return np.asarray((patches @ drawings.T) / spread[:, None])


@cache
def _labels() -> tuple[str, ...]:
    return tuple(t.notation() for t in tiles())


def _crosses(two: frozenset[tuple[int, int]]) -> bool:
    """Whether two paths (pairs of rim points, numbered round the rim) cross.

    >>> _crosses(frozenset({(0, 4), (3, 7)})), _crosses(frozenset({(0, 3), (4, 7)}))
    (True, False)
    """
    (p, q), (r, s) = sorted(two)
    return (p < r < q) != (p < s < q)


def _kind(a: str, b: str) -> int:
    """+1 when only tile ``a``'s differing paths cross (its twin ``b``'s meet and turn
    back), -1 when only ``b``'s do, 0 otherwise."""
    pa, pb = pairs(a), pairs(b)
    return int(_crosses(pa - pb)) - int(_crosses(pb - pa))


def lean_needed(a: str, b: str, shown: bool = False) -> float:
    """The lean tile ``a`` needs over its near twin ``b``: ``LEAN_CROSS`` when only ``a``'s
    differing paths cross, unless the board has ``shown`` that it tells paths that meet and
    turn back from a crossing."""
    return LEAN_CROSS if _kind(a, b) > 0 and not shown else LEAN


def candidates(first: str, second: str, ev: np.ndarray, margin: float,
               twin_reach: float = NEAR_TWIN) -> set[str]:
    """The tiles a square left open between near twins ``first`` and ``second`` may hold:
    the two, the pairings whose path evidence ``ev`` (over :func:`_labels`) comes within
    ``NEAR`` margins of the best, and the near twins of either within ``twin_reach``."""
    labels, top = _labels(), float(ev.max())
    out = {first, second}
    for j in np.flatnonzero(ev >= top - max(NEAR, twin_reach) * margin):
        label = labels[int(j)]
        if float(ev[j]) >= top - NEAR * margin or twins(label, first) or twins(label, second):
            out.add(label)
    return out


def askable(paths: PathScores, calls: list[Call], th: Thresholds) -> np.ndarray:
    """Which squares :func:`settle_twins` asks about (a mask over ``paths.squares``): left
    open, with the evidence of a tile, path ends not dark, the best two pairings near twins.
    A caller that skips the bare checks elsewhere keeps them for these (a square called bare
    is not asked), so that the near twins are settled the same."""
    if paths.ends is None:
        return np.zeros(len(calls), bool)
    labels = _labels()
    ev = paths.tile
    order = np.argsort(-ev, axis=1)[:, :2]
    best = np.take_along_axis(ev, order[:, :1], axis=1)[:, 0]
    third = np.sort(paths.ends, axis=1)[:, 2]
    return np.array([c.label is None and float(best[k]) >= th.path_tile
                     and float(third[k]) >= ENDS
                     and twins(labels[int(order[k, 0])], labels[int(order[k, 1])])
                     for k, c in enumerate(calls)], bool)


Lean = tuple[str, str, float, float]  # the tile leant to, its twin, how much, the fit


def lean_of(paths: PathScores, k: int, top: np.ndarray, cols: int) -> Lean:
    """Square ``k`` of ``paths`` between its best two pairings: the one it leans to, the
    other, how much (:func:`lean`) and how well the two drawn together fit."""
    labels = _labels()
    order = np.argsort(-paths.tile[k])[:2]
    return lean_between(paths, k, labels[int(order[0])], labels[int(order[1])], top, cols)


def lean_between(paths: PathScores, k: int, a: str, b: str, top: np.ndarray,
                 cols: int) -> Lean:
    """Square ``k`` of ``paths`` between near twins ``a`` and ``b``: the one it leans to,
    the other, how much (:func:`lean`) and how well the two drawn together fit."""
    window = square_window(top, cols, int(paths.squares[k]), paths.offsets[k], paths.polarity)
    toward, fit = lean_and_fit(window, a, b, paths.bend)
    first, second = (a, b) if toward >= 0 else (b, a)
    return first, second, abs(toward), fit


def decisive(paths: PathScores, calls: list[Call], top: np.ndarray | None, cols: int,
             th: Thresholds, among: np.ndarray, known: dict[int, Lean]) -> np.ndarray:
    """Which squares ``among`` (a mask over ``paths.squares``) :func:`settle_twins` would
    ask about and find leaning enough to count (``LEAN_ALONE``, ``FIT``): only there can it matter
    whether such a square was called bare first (one that leans less is neither called nor
    shows anything of the board). The leans worked out go in ``known``, for
    :func:`settle_twins` to reuse."""
    out = np.zeros(len(calls), bool)
    if top is None or not cols or paths.ends is None:
        return out
    for k in (int(x) for x in np.flatnonzero(askable(paths, calls, th) & among)):
        known[k] = lean_of(paths, k, top, cols)
        out[k] = known[k][2] >= min(LEAN, LEAN_ALONE) and known[k][3] >= FIT
    return out


def settle_twins(paths: PathScores, calls: list[Call], top: np.ndarray | None, cols: int,
                 legal: list[set[str] | None], th: Thresholds,
                 known: dict[int, Lean] | None = None) -> list[Call]:
    """``calls`` with the squares the paths left open between two near twins settled where
    the square leans clearly to one (:func:`lean`); the rest as they were. ``top`` is the
    top-down view (BGR or grey), ``legal`` each square's legal placements (or None);
    ``known`` holds leans already worked out (:func:`decisive`); those worked out here are
    added to it."""
    if top is None or not cols or paths.ends is None:
        return calls
    ask = [int(k) for k in np.flatnonzero(askable(paths, calls, th))]
    if not ask:
        return calls
    known = known if known is not None else {}
    for k in ask:  # kept in ``known``: the box may settle the squares left open (twins_box)
        if k not in known:
            known[k] = lean_of(paths, k, top, cols)
    leans = {k: known[k] for k in ask}
    # A square that leans clearly to paths that meet and turn back, where its twin's cross,
    # shows that this board's art tells the two apart (where it does not, such squares lean
    # to the crossing whatever the tile): then a crossing needs no more lean than the rest.
    shown = any(_kind(first, second) < 0 and size >= SHOWN and fit >= FIT
                for first, second, size, fit in leans.values())
    out = list(calls)
    for k, (first, second, size, fit) in leans.items():
        need = lean_needed(first, second, shown)
        if need == LEAN and len(candidates(first, second, paths.tile[k], th.path_margin)) == 2:
            need = LEAN_ALONE  # no third tile stands near: the two alone are in question
        allowed = legal[k]
        if size < need or fit < FIT or (allowed and first not in allowed):
            continue
        # less sure than a tile the paths read on their own: a near twin told by a small
        # part of the square
        sure = round(0.5 + 0.1 * min(1.0, size / need - 1.0), 3)
        out[k] = Call(first, sure, calls[k].lead, second)
    return out
