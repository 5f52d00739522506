"""The finer look as a stage of reading a board (issue 9): which squares get it and what it
decides. The look itself is :mod:`vision.read_fine`.

After the taught reader, the path reader and the box (:func:`vision.inventory.settle`) have
spoken, some squares that surely hold a tile are still open, and some tiles were called by a
small lead or settled on the joint evidence alone, where near twins are easily confused.
Those squares are looked at again among their best candidates that the box still has a copy
of (the leads are shares of the way between two looks, :func:`vision.read_fine.look_again`):

- a tile called before by a small lead (or settled on the joint evidence) that has a near
  twin among its candidates (:data:`TWIN`), or was settled on the joint evidence where
  the taught reader had left the square open with another tile as its best look
  (:func:`vision.read_combine.agree` keeps it as ``second``), is first compared with those
  only and
  stands when the finer look puts it first (one settled on the joint evidence alone: by
  :data:`DOUBT`); otherwise among all its candidates it stands when it comes first or
  (taught calls only) the best leads it by less than :data:`DOUBT`, gives way to a best
  that leads the runner-up by :data:`SWITCH`, and is left open in between;
- a tile called by a larger lead, under :data:`TWIN_WEAK`, whose runner-up is a near twin
  is looked at again in the same way (the pooled look blurs the crossing in which near
  twins differ);
- an open square is called when the finer look's best leads the next by :data:`MARGIN`;
- the box breaks a near tie but does not overrule a look that is clearly a square's best:
  that square stays open, and the square holding the pattern is looked at again and left
  open too when another tile leads it by :data:`DOUBT`.

A tile settled on the joint evidence that fits the square whole by less than
:data:`SETTLED_FIT` of what the board's surest tiles fit is opened and looked at as an open
square. The tile of four loops by the rim (``10325476``), which the pooled look hardly sees,
is always among the candidates (after the others), and may be called on a smaller lead
(:data:`RIM_CLEAR`) and quarter fit (:data:`RIM_PART`) where the pooled look put it first too.

A tile the finer look brings in must also fit its look in every quarter of the square
(:data:`PART_FLOOR`): a hand or a sleeve over part of a square fits nothing there. The finer
look speaks only where a square fits its best look at least :data:`RELIABLE` as well as the
board's surest tiles fit theirs (on a blurred or glaring square of textured tiles it is no
better than the pooled look). Open squares go surest first, as each uses up a copy in the
box.

The lines were chosen on the looks ``drawn``, ``mottled``, ``curved`` and ``seas`` (two
photo seeds), never on ``held-out``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache

import numpy as np

from companion.tsuro.tiles import Tile

from .inventory import left_for, pattern_of
from .read_combine import is_tile, is_tile_label
from .read_decide import Call, lead_confidence
from .read_fine import TWIN_FLOOR, FineModel, Verdict, View, look_again

MARGIN = 0.2  # an open square's best must lead the next by this
SWITCH = 0.5  # another tile must lead a tile called before by this to replace it ...
DOUBT = 0.1  # ... and by this to leave the square open
WEAK = 3.0  # a taught call leading by less than this (in calling margins) is looked at again
TWIN_WEAK = 6.0  # ... and by less than this, against the near twins among its candidates
PART_FLOOR = 0.35  # every quarter of the square must fit a tile brought in this well
RIM_PART = 0.25  # ... a tile of four loops by the rim, when it leads by CLEAR (RIM_CLEAR)
SETTLED_PART = 0.02  # ... and one the box settled on the joint evidence at least this well
SETTLED_FIT = 0.6  # ... and fit it whole at least this share of the board's surest tiles' fit
CANDIDATES = 5  # the best few the box has a copy left of
REFERENCES = 3  # tiles read surely whose fit shows what a good fit is on this board
RELIABLE = 0.8  # of that fit: below it the finer look leaves a square alone ...
CLEAR = 0.45  # ... unless its best leads by this (of the way between two looks) ...
FAINT = 0.55  # ... and it fits at least this share of that fit
RIM_CLEAR = 0.3  # ... or by this, a tile of four loops the pooled look put first too
TWIN = 0.9  # looks this alike (vision.read_fine.FineModel.likeness) are near twins
CEILING = 1.01  # above any correlation of the finer look, float rounding and all


def finer_look(model: FineModel, top: np.ndarray | View, cols: int,
               candidates: Mapping[int, Sequence[str]], before: Mapping[int, Call],
               calls: Mapping[int, Call], counts: Mapping[str, int] | None,
               fixed: Mapping[int, str]) -> dict[int, Call]:
    """``calls`` with the weak and open squares among ``candidates`` (square -> its best
    candidates, best first) decided by the finer look; ``before`` holds the calls before the
    box settled any (a tile settled there is weak), ``fixed`` the tiles carried over. ``top``
    may be a :class:`vision.read_fine.View` already in use (its crops are kept)."""
    out = dict(calls)
    weak = [i for i in candidates if _weak(out[i], before.get(i))]
    # A tile called clearly may still be a near twin's: the pooled look blurs away the
    # crossing in which they differ (on curved and seas a taught lead of 4 margins named
    # the wrong twin, which the finer look put 0.06 behind). Its runner-up, if a near twin.
    strong = [i for i in candidates
              if i not in weak and is_tile(out[i]) and out[i].lead < TWIN_WEAK]
    if not weak and not strong:
        return out
    view = top if isinstance(top, View) else View(top, cols)
    # Where a square fits its best look far worse than the sure tiles fit theirs (blur,
    # texture, glare), the finer look says little there: it leaves that square alone.
    sure = [i for i, c in out.items() if i in candidates and i not in weak and is_tile(c)]
    floor = _Floor(model, view, out, sure)
    opened: list[int] = []
    conflicts: list[str] = []  # clear bests the box had no copy left of
    for i in weak:
        label = out[i].label
        if label is None:
            opened.append(i)
            continue
        # A called tile with no near twin among its candidates is not confused at this size.
        twins = [lb for lb in _tiles(candidates[i])[:CANDIDATES]
                 if lb != label and model.likeness(label, lb) >= TWIN]
        first = before.get(i)
        settled = first is None or first.label != label
        if first is not None and first.label is None and first.second and (
                is_tile_label(first.second) and first.second not in (label, *twins)):
            # the taught reader's best look on a square it left open (vetoed by both
            # readers together, or not clear): the joint evidence that settled the square
            # leaned on the paths, and near twins at a wide bend look alike to them (mix 9-0
            # of vision_mixes --taught)
            twins.append(first.second)
        if twins:
            out[i] = _again(model, view, i, out, twins, candidates[i], counts, fixed,
                            floor, settled, conflicts)
        if settled and out[i].label == label and (
                not fits_whole(model, view, i, label, SETTLED_PART)
                or floor.below(_fit(model, view, i, label), SETTLED_FIT)):
            # Settled on the joint evidence alone, but some quarter of the square shows
            # nothing of the tile: a hand or a sleeve over part of it, more often than not;
            # or the tile hardly fits the square at all (the paths see little of a tile of
            # small loops by the rim, and both readers together settled one as a tile that
            # fitted 0.36 of what the board's surest tiles fitted, on reeds; of the tiles
            # settled on the five looks, both seeds, the wrong ones fitted 0.36-0.51 of it,
            # the right ones not under a hand 0.67 and more). Open, it is looked at among
            # its candidates as any open square.
            out[i] = Call(None, 0.3, 0.0, label)
            opened.append(i)
    for i in strong:
        # only when the runner-up is a near twin (a clear lead over anything else is not
        # what the pooled look blurs): one likeness, worked out once per model
        second = out[i].second
        if second and is_tile_label(second) and model.likeness(out[i].label or "", second) >= TWIN:
            out[i] = _again(model, view, i, out, [second], candidates[i], counts, fixed, floor,
                            False, conflicts)
    out = _settle_open(model, view, opened, candidates, out, counts, fixed, floor, conflicts)
    return _holders(model, view, conflicts, candidates, out, fixed, floor)


def _again(model: FineModel, view: View, i: int, calls: Mapping[int, Call],
           twins: Sequence[str], candidates: Sequence[str], counts: Mapping[str, int] | None,
           fixed: Mapping[int, str], floor: _Floor, settled: bool,
           conflicts: list[str]) -> Call:
    """A tile called before, looked at again: it stands, gives way or is left open. A clear
    best the box has no copy left of leaves the square open and is noted in ``conflicts``
    (the square holding that pattern may be the wrong one)."""
    call = calls[i]
    label = call.label or ""
    # Its near twins first: a few candidates cost little; only a doubtful tile gets the
    # whole look. One settled on the joint evidence alone must lead them clearly.
    v = look_again(model, view, i, _tiles((label, *twins)))
    if v.label == label and (not settled or v.lead >= DOUBT):
        return call
    v = look_again(model, view, i, _tiles((label, *twins, *candidates))[:CANDIDATES])
    # A tile settled on the joint evidence alone stands only where the finer look agrees.
    doubt = 0.0 if settled else DOUBT
    if v.label == label or v.label is None or not floor.reached(v.score):
        return call
    if _behind(model, view, i, v, label) < doubt:
        # how far the best leads this tile, not the runner-up (a third near twin may
        # stand between them)
        return call
    if v.label not in _available(i, label, (*twins, *candidates), calls, counts, fixed):
        conflicts.append(v.label)
    elif v.lead >= SWITCH and fits_whole(model, view, i, v.label):
        return called(v)
    return Call(None, 0.3, 0.0, label)


def _behind(model: FineModel, view: View, i: int, v: Verdict, label: str) -> float:
    """How far the finer look's best ``v`` leads ``label`` on square ``i``, as a share of the
    way between their looks (as :func:`vision.read_fine.look_again` measures a lead)."""
    if v.second == label or v.label is None:
        return v.lead
    got = model.scores(view.windows(i), (label,)).get(label)
    if got is None:
        return v.lead
    near = model.likeness(v.label, label)
    return (v.score - got) / max(v.score * (1.0 - near), TWIN_FLOOR)


def _holders(model: FineModel, view: View, conflicts: Sequence[str],
             candidates: Mapping[int, Sequence[str]], calls: dict[int, Call],
             fixed: Mapping[int, str], floor: _Floor) -> dict[int, Call]:
    """The squares holding a pattern that another square clearly shows, looked at again
    among all their candidates: one the finer look places behind another is left open."""
    out = dict(calls)
    wanted = {pattern_of(lb) for lb in conflicts}
    for j, call in calls.items():
        if j in fixed or not call.label or pattern_of(call.label) not in wanted or (
                j not in candidates):
            continue
        v = look_again(model, view, j, _tiles((call.label, *candidates[j]))[:CANDIDATES])
        if v.label not in (None, call.label) and v.lead >= DOUBT and floor.reached(v.score):
            out[j] = Call(None, 0.3, 0.0, call.label)
    return out


def candidates(names: Sequence[str], taught: np.ndarray, labels: Sequence[str],
               joint: np.ndarray) -> tuple[str, ...]:
    """A square's candidates for the finer look, best first: the taught reader's best
    looks (``taught`` scores over ``names``), both readers' best tiles together (``joint``
    over ``labels``), then more taught looks."""
    coarse = [names[int(o)] for o in np.argsort(-taught)[:8]]
    both = [labels[int(o)] for o in np.argsort(-joint)[:2]]
    return tuple(dict.fromkeys(coarse[:3] + both + coarse + _by_the_rim(tuple(names))))


@cache
def _by_the_rim(names: tuple[str, ...]) -> list[str]:
    """The tiles among ``names`` whose every path joins two points of one side (four small
    loops): the pooled look sees only the middle of a square, where they show nothing, so
    they are always among the finer look's candidates; and what little they show lies by the
    rim, where a neighbour's edge in the teach photo spoils a quarter of the taught look
    (``RIM_PART``)."""
    return [lb for lb in names if is_tile_label(lb)
            and all(p // 2 == q // 2 for p, q in enumerate(Tile.parse(lb).links))]


def four_loops(labels: Sequence[str]) -> list[str]:
    """The tiles of four loops by the rim among ``labels`` (see :func:`_by_the_rim`)."""
    return _by_the_rim(tuple(labels))


class Candidates(Mapping[int, tuple[str, ...]]):
    """Squares' candidates for the finer look (:func:`candidates`), worked out only for the
    squares it looks at: a board holds some thirty squares that may need it, and a few do."""

    def __init__(self) -> None:
        self._inputs: dict[int, tuple[Sequence[str], np.ndarray, Sequence[str], np.ndarray]] = {}
        self._done: dict[int, tuple[str, ...]] = {}

    def add(self, i: int, names: Sequence[str], taught: np.ndarray, labels: Sequence[str],
            joint: np.ndarray) -> None:
        """Square ``i``'s evidence, as :func:`candidates` takes it."""
        self._inputs[i] = (names, taught, labels, joint)
        self._done.pop(i, None)

    def __getitem__(self, i: int) -> tuple[str, ...]:
        got = self._done.get(i)
        if got is None:
            got = self._done[i] = candidates(*self._inputs[i])
        return got

    def __iter__(self) -> Iterator[int]:
        return iter(self._inputs)

    def __len__(self) -> int:
        return len(self._inputs)

    def __contains__(self, i: object) -> bool:
        return i in self._inputs


def _settle_open(model: FineModel, view: View, todo: list[int],
                 candidates: Mapping[int, Sequence[str]], calls: dict[int, Call],
                 counts: Mapping[str, int] | None, fixed: Mapping[int, str],
                 floor: _Floor, conflicts: list[str]) -> dict[int, Call]:
    """The open squares, surest first, each called when its best leads by MARGIN and fits
    at least ``floor()``; a clear best the box struck out is noted in ``conflicts``.

    What the box leaves of a square's candidates must lead among itself (the box striking
    out a runner-up used elsewhere is evidence too); a single one left stands on its lead
    among all of them. When the box struck out a look that is clearly the square's best,
    this square or the one holding that pattern is wrong: the square stays open."""
    if not todo:
        return dict(calls)
    out = dict(calls)
    every = {i: _firsts(_tiles((out[i].second or "", *candidates[i]))) for i in todo}
    free: dict[int, Verdict] = {}  # each square's look among all its candidates
    verdicts: dict[int, Verdict] = {}
    seen: dict[int, tuple[str, ...]] = {}
    # the pooled look's best (the first candidate) is evidence too
    pooled = {j: candidates[j][0] if candidates[j] else None for j in todo}
    while todo:
        for i in todo:
            cands = _available(i, out[i].second, candidates[i], out, counts, fixed)
            if seen.get(i) == cands:
                continue
            seen[i] = cands
            if i not in free:
                free[i] = look_again(model, view, i, every[i])
            f = free[i]
            if cands == every[i]:  # the box struck nothing here
                verdicts[i] = f
                continue
            if f.label is not None and f.label not in cands and f.lead >= MARGIN:
                verdicts[i] = Verdict(None, 0.0, None, -1.0)  # the box struck a clear best
                conflicts.append(f.label)
            elif len(cands) > 1:  # what the box left must lead among itself
                verdicts[i] = look_again(model, view, i, cands)
            else:  # one left: it stands on its lead among all, if it was the best
                verdicts[i] = f if f.label in cands else Verdict(None, 0.0, None, -1.0)
        i = max(todo, key=lambda j: verdicts[j].lead if _speaks(verdicts[j], floor, pooled[j])
                else -1.0)
        v = verdicts[i]
        if v.label is None or v.lead < MARGIN or not _speaks(v, floor, pooled[i]):
            break
        todo.remove(i)
        rim = _by_the_rim((v.label,)) and v.lead >= _clear(v, pooled[i])
        if fits_whole(model, view, i, v.label, RIM_PART if rim else PART_FLOOR,
                      1 if rim else 0):
            out[i] = called(v)
    return out


def _available(i: int, first: str | None, candidates: Sequence[str],
               calls: Mapping[int, Call], counts: Mapping[str, int] | None,
               fixed: Mapping[int, str]) -> tuple[str, ...]:
    """Square ``i``'s candidates (``first`` first) that the box has a copy left of, once
    the other squares' tiles are counted out: the best CANDIDATES of them."""
    left = left_for(i, calls, counts, fixed)
    return _firsts(tuple(lb for lb in _tiles((first or "", *candidates))
                         if left is None or left.get(pattern_of(lb) or "", 0) > 0))


def _firsts(labels: tuple[str, ...]) -> tuple[str, ...]:
    """The first CANDIDATES of ``labels``, and any tile of four loops by the rim among the
    rest (:func:`_by_the_rim`: it does not take the place of a near twin of the best)."""
    return labels[:CANDIDATES] + tuple(_by_the_rim(labels[CANDIDATES:]))


def _tiles(labels: Sequence[str]) -> tuple[str, ...]:
    """The oriented tiles among ``labels``, each once, in order."""
    return tuple(lb for lb in dict.fromkeys(labels) if lb and is_tile_label(lb))


def _weak(call: Call, before: Call | None) -> bool:
    """Whether a square is to be looked at again: open, settled on the joint evidence, or a
    tile called by a small lead."""
    if call.label is None:
        return True
    if not is_tile(call):
        return False
    settled = before is None or before.label != call.label
    return settled or call.lead < WEAK


class _Floor:
    """The fit a square needs for the finer look to speak there: RELIABLE of how well the
    tiles read most surely on the board fit their own looks (the median of REFERENCES),
    measured only when first needed."""

    def __init__(self, model: FineModel, view: View, calls: Mapping[int, Call],
                 sure: Sequence[int]) -> None:
        self._args = (model, view, calls, sure)
        self._value: float | None = None

    def __call__(self) -> float:
        if self._value is None:
            model, view, calls, sure = self._args
            best = sorted(sure, key=lambda i: -calls[i].lead)[:REFERENCES]
            fits = [model.scores(view.windows(i), (calls[i].label or "",)).get(
                calls[i].label or "", 0.0) for i in best]
            self._value = RELIABLE * (float(np.median(fits)) if fits else 1.0)
        return self._value

    def below(self, fit: float, share: float) -> bool:
        """Whether ``fit`` is below ``share`` of the sure tiles' fit (``self() / RELIABLE``),
        measured only if it can be: a fit is a correlation, at most 1 (CEILING to the float
        rounding), so a fit above ``share`` of that is not below (speed, the same answers)."""
        if self._value is None and self._args[3] and fit >= share * CEILING:
            return False
        return fit < share * self() / RELIABLE

    def reached(self, score: float) -> bool:
        """Whether ``score`` is at least ``self()``, measured only if it can be short of it
        (see :meth:`below`)."""
        if self._value is None and self._args[3] and score >= RELIABLE * CEILING:
            return True
        return score >= self()


def _speaks(v: Verdict, floor: Callable[[], float], pooled: str | None = None) -> bool:
    """Whether the finer look may settle an open square: it fits its best look nearly as
    well as the sure tiles fit theirs, or fits it faintly (the texture and blur of thin
    pale paths) but leads clearly (no wrong best led by CLEAR on the looks chosen on)."""
    reached = floor.reached(v.score) if isinstance(floor, _Floor) else v.score >= floor()
    return reached or (v.lead >= _clear(v, pooled)
                       and v.score >= floor() * FAINT / RELIABLE)


def _clear(v: Verdict, pooled: str | None) -> float:
    """The lead a faint fit needs: CLEAR, or RIM_CLEAR for a tile of four loops by the rim
    that the pooled look put first as well (two looks agree; the loops are faint on
    textured tiles, mottled)."""
    return RIM_CLEAR if v.label is not None and v.label == pooled and _by_the_rim(
        (v.label,)) else CLEAR


def _fit(model: FineModel, view: View, i: int, label: str) -> float:
    """How well square ``i`` fits ``label``'s look (its best correlation)."""
    return model.scores(view.windows(i), (label,)).get(label, -1.0)


def fits_whole(model: FineModel, view: View, i: int, label: str,
                least: float = PART_FLOOR, play: int = 0) -> bool:
    return float(model.parts(view.windows(i), label, play=play).min()) >= least


def called(v: Verdict) -> Call:
    return Call(v.label, lead_confidence(v.lead, MARGIN),
                v.lead / MARGIN, v.second)
