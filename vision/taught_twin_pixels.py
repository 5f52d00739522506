"""Near twins told apart on the pixels where they differ (issue 9, taught boards only).

Two near twins (tiles pairing four rim points alike and re-pairing the other four: on a
look whose paths all cross in the middle without a bridge, ``45670123`` and its three
neighbours) differ only round the crossing. The finer look (:mod:`vision.read_fine`)
correlates the whole square with each taught look, so the few pixels that tell them apart
are outweighed by everything else: the texture and blur of the two teach photos, the
paths both tiles share. Those squares stay open.

Here a square left open whose best few candidates are near twins of one another is
decided between them alone: each twin's taught look is put where (and as turned as) it
fits the square best, the pixels where the two looks differ most (:data:`vision.taught_large.SHARE` of those
both cover, the difference blurred a little so that a hair's shift does not pick them) make
a mask, and the square is correlated with each look on that mask only. A twin is called
when it beats every other twin the box still has a copy of by :data:`LEAD` there and is not
beaten by more than that by a twin the box has none left of (that pattern lies surely
elsewhere: then this square or that one is wrong; where it is not beaten, the last twin
left is this square's, the box read as an assignment), fits the square about as well as the
board's surest tiles fit theirs (:data:`FIT`), fits in every quarter (:data:`PART`: a hand
over part of a square fits nothing there) and leads every candidate that is no twin by the
finer look's own margin (:data:`OTHERS`). A tile the box settled on both readers' evidence
alone that does not beat its near twins on their mask by :data:`LEAD` is opened first.

On every (right tile, near twin) pair of the squares of 40 photos (seed 2026) holding a
crossing tile, the twin never won on a mask of 10-30% of the pixels on ``curved`` (1510
pairs; on the whole square it won 8 times), and once by 0.016 on ``seas`` 7x7 (179 pairs).
The lines were chosen on the looks ``drawn``, ``mottled``, ``curved``, ``seas`` and
``reeds`` (photo seeds 2026 and 7), never on ``held-out``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from .inventory import left_for, pattern_of
from .read_again import TWIN
from .read_combine import is_tile_label
from .read_decide import Call, lead_confidence
from .read_fine import FINE, PATCH, WIDE, FineModel, View, Windows, look_again
from .taught_large import SEARCH as LARGE_SEARCH
from .taught_large import Frame, LargeLooks
from .taught_large import difference as large_difference
from .taught_large import lead as large_lead
from .taught_loops import decide_loops
from .taught_rescue import surest_fit
from .taught_twin_guard import at_edge, refused
from .taught_twin_veto import vetoed

BLUR = 1.5  # pixels: the difference is blurred before the mask is drawn
LEAD = 0.03  # correlation on the mask by which a twin must beat every other
OTHERS = 0.2  # the finer look's lead (as in vision.read_again.MARGIN) over non-twins
FIT = 0.8  # of the board's surest tiles' fit (vision.read_again.RELIABLE)
PART = 0.35  # every quarter must fit the twin called this well
# Near twins weighed again at the photo's own scale (LargeLeads). Off in round 7: on 160
# photos a look and size it called 4 squares as the wrong twin; each call is now first
# put to vision.taught_twin_guard (a twin never weighed, a tile beyond the search, a hand
# over a quarter), which stops all four and none of the right ones (issue 9, round 8).
LARGE_TWINS = True
# A near-twin call made by an earlier step that a twin leads at 72 px is opened (round 9).
TWIN_VETO = True


def decide_twins(model: FineModel, view: View, candidates: Mapping[int, Sequence[str]],
                 before: Mapping[int, Call], boxed: Mapping[int, Call],
                 calls: Mapping[int, Call], counts: Mapping[str, int] | None,
                 fixed: Mapping[int, str], large: LargeLooks | None = None,
                 frame: Frame | None = None) -> dict[int, Call]:
    """``calls`` with the squares among ``candidates`` (square -> its candidates, best
    first) whose best candidates are near twins decided on the pixels where those differ.
    A tile the box settled on both readers' evidence (``before``: the calls before the box
    settled any, ``boxed``: after) that does not beat its near twins there is opened; then
    the open squares are called where one twin beats the others. Squares go surest
    first, each using up its copy in the box. With the taught tiles' ``large`` crops and
    the ``frame`` read (the photo, its homography), the squares still open are weighed
    again at the photo's own scale (:class:`LargeLeads`), after the tile calls a near twin
    leads there are opened (:mod:`vision.taught_twin_veto`)."""
    near = Leads(model, view)
    out = _decide(model, view, candidates, before, boxed, calls, counts, fixed, near)
    if large is None or frame is None:
        return out
    big = LargeLeads(model, view, large, frame)  # its warps and placings serve both below
    if TWIN_VETO:  # a near-twin call that a twin leads at 72 px (vision.taught_twin_veto)
        was = dict(out)
        alike = _alike(model)

        def rivals(j: int, label: str) -> list[str]:
            twins = alike.get(label, [])
            left = left_for(j, was, counts, fixed) if twins else None
            return [lb for lb in twins if left is None or left.get(pattern_of(lb) or "", 0) > 0]

        for i in vetoed({i: c for i, c in was.items() if i in candidates}, fixed, rivals,
                        near, big):
            out[i] = Call(None, 0.3, 0.0, was[i].label)
    todo = [i for i in candidates if out.get(i) is not None and out[i].label is None]
    if not todo:
        return out
    if LARGE_TWINS:
        out = _called_open(model, view, candidates, out, counts, fixed, big, todo, near)
    # the tile of four loops, which the finer look hardly sees (vision.taught_loops)
    return decide_loops(model, view, candidates, out, counts, fixed, large, frame)


def _decide(model: FineModel, view: View, candidates: Mapping[int, Sequence[str]],
            before: Mapping[int, Call], boxed: Mapping[int, Call],
            calls: Mapping[int, Call], counts: Mapping[str, int] | None,
            fixed: Mapping[int, str], leads: Leads) -> dict[int, Call]:
    """decide_twins at the top-down view's scale."""
    out = dict(calls)
    for i in candidates:
        call = out.get(i)
        if call is None or not is_tile_label(call.label):
            continue
        first = before.get(i)
        if (first is not None and first.label == call.label) or (
                boxed.get(i) is None or boxed[i].label != call.label):
            continue  # the taught reader's own call, or the finer look's
        label = call.label or ""
        if label not in model.rows_of:
            continue
        twins = [lb for lb in dict.fromkeys(candidates[i]) if lb != label and is_tile_label(lb)
                 and lb in model.rows_of and _twins(model, label, lb)]
        if not twins:
            continue
        left = left_for(i, out, counts, fixed)
        twins = [lb for lb in twins if left is None or left.get(pattern_of(lb) or "", 0) > 0]
        if not twins:
            continue
        if min(leads(i, label, lb) for lb in twins) < LEAD:
            out[i] = Call(None, 0.3, 0.0, label)
    todo = [i for i in candidates if out.get(i) is not None and out[i].label is None]
    if not todo:
        return out
    return _called_open(model, view, candidates, out, counts, fixed, leads, todo)


def _called_open(model: FineModel, view: View, candidates: Mapping[int, Sequence[str]],
                 calls: Mapping[int, Call], counts: Mapping[str, int] | None,
                 fixed: Mapping[int, str], leads: Leads, todo: list[int],
                 near: Leads | None = None) -> dict[int, Call]:
    """The open squares ``todo`` called where one twin beats the others by ``leads``,
    surest first, each using up its copy in the box. With ``near`` (the leads at 48 pixels
    a square, when ``leads`` are another scale's), each call is first put to
    :func:`vision.taught_twin_guard.refused`."""
    out = dict(calls)
    floor: float | None = None
    verdicts = {i: _verdict(model, view, i, candidates[i], out, counts, fixed, leads)
                for i in todo}
    while True:
        ready = [(v[0], i) for i, v in verdicts.items() if v is not None]
        if not ready:
            break
        i = max(ready)[1]
        lead, label, runner = verdicts.pop(i) or (0.0, "", "")
        if floor is None:
            floor = surest_fit(model, view, out)
        win = view.windows(i)
        if model.scores(win, (label,)).get(label, -1.0) < FIT * floor or float(
                model.parts(win, label).min()) < PART:
            continue
        if near is not None and refused(
                model, view, i, label, _rivals(model, i, label, out, counts, fixed),
                candidates[i], leads, near, leads.at_edge, LEAD) is not None:
            continue
        out[i] = Call(label, lead_confidence(lead, LEAD),
                      lead / LEAD, runner)
        # a copy used up: the squares that might have held it are weighed again
        used = pattern_of(label)
        for j in verdicts if counts is not None else ():
            if any(pattern_of(lb) == used for lb in candidates[j] if is_tile_label(lb)):
                verdicts[j] = _verdict(model, view, j, candidates[j], out, counts, fixed,
                                       leads)
    return out


def _verdict(model: FineModel, view: View, i: int, candidates: Sequence[str],
             calls: Mapping[int, Call], counts: Mapping[str, int] | None,
             fixed: Mapping[int, str], leads: Leads) -> tuple[float, str, str] | None:
    """Square ``i``'s twin that beats every other on the pixels where they differ: (its
    least lead there, it, the twin nearest to it), or None."""
    left = left_for(i, calls, counts, fixed)
    every = [lb for lb in dict.fromkeys(candidates) if is_tile_label(lb) and lb in model.rows_of]
    if len(every) < 2:
        return None
    win = view.windows(i)
    scores = model.scores(win, every)
    top = max(every, key=lambda lb: scores.get(lb, -1.0))
    twins = [lb for lb in every if lb == top or _twins(model, top, lb)]
    if len(twins) < 2:
        return None
    group = [lb for lb in twins if left is None or left.get(pattern_of(lb) or "", 0) > 0]
    struck = [lb for lb in twins if lb not in group]
    # Every twin the box has a copy of against every other, on their own pixels; one the
    # box struck out (its pattern lies surely elsewhere) must not clearly beat the winner
    # either: then this square or that one is wrong. The only twin left stands on that.
    # (b's lead over a is a's over b, negated: each pair once)
    pairs: dict[tuple[str, str], float] = {}
    for k, a in enumerate(group):
        for b in group[k + 1:]:
            pairs[a, b] = leads(i, a, b)
            pairs[b, a] = -pairs[a, b]
    result: tuple[float, str, str] | None = None
    for a in group:
        over = [(pairs[a, b], b) for b in group if b != a]
        least, runner = min(over) if over else (LEAD, struck[0])
        if least >= LEAD and all(
                leads(i, a, b) + _held(model, view, i, a, b, calls, fixed, leads)
                > -LEAD for b in struck):
            result = (least, a, runner)
    if result is None:
        return None
    cands = [lb for lb in every if left is None or left.get(pattern_of(lb) or "", 0) > 0]
    others = [lb for lb in cands if lb not in group]
    if others:
        v = look_again(model, view, i, [result[1], *others])
        if v.label != result[1] or v.lead < OTHERS:
            return None
    return result


def _rivals(model: FineModel, i: int, label: str, calls: Mapping[int, Call],
            counts: Mapping[str, int] | None, fixed: Mapping[int, str]) -> list[str]:
    """Every near twin of ``label`` taught that the box has a copy of for square ``i``."""
    left = left_for(i, calls, counts, fixed)
    return [lb for lb in model.rows_of if lb != label and is_tile_label(lb)
            and (left is None or left.get(pattern_of(lb) or "", 0) > 0)
            and _twins(model, label, lb)]


def _alike(model: FineModel) -> dict[str, list[str]]:
    """Each taught tile's near twins among the taught tiles (those it has any): the model
    keeps them (:meth:`vision.read_fine.FineModel.near_twins`), weighing every taught look
    against a call's costs more than the veto's check itself."""
    out = {}
    for a, near in model.near_twins(TWIN).items():
        tiles = [b for b in near if is_tile_label(b)]
        if tiles and is_tile_label(a):
            out[a] = tiles
    return out


def warm(model: FineModel) -> None:
    """Work out the model's near twins now (about 15 ms for a full box), not on the first
    read that needs them."""
    model.near_twins(TWIN)


def _held(model: FineModel, view: View, i: int, a: str, b: str, calls: Mapping[int, Call],
          fixed: Mapping[int, str], leads: Leads | None = None) -> float:
    """How clearly the squares holding the box's copies of ``b``'s pattern hold them rather
    than ``a``'s twin there: the least lead among them, on their own differing pixels. The
    box is an assignment: ``b`` could lie on square ``i`` only if one of those squares held
    ``a``'s pattern instead, so a twin the box struck out counts against ``a`` by what both
    squares together say (0.0 when no such square can swap: it adds nothing)."""
    by = leads if leads is not None else Leads(model, view)
    used = pattern_of(b)
    wanted = pattern_of(a)
    labels = {**fixed, **{j: c.label for j, c in calls.items() if c.label}}
    least: float | None = None
    for j, held in labels.items():
        if j == i or pattern_of(held) != used or held not in model.rows_of:
            continue
        # the look of ``a``'s pattern most like what square j holds: its swap partner
        alts = [lb for lb in model.rows_of if pattern_of(lb) == wanted
                and _twins(model, held, lb)]
        if not alts:
            continue
        lead = min(by(j, held, lb) for lb in alts)
        least = lead if least is None else min(least, lead)
    return 0.0 if least is None else max(least, 0.0)


class Leads:
    """How much better a square fits one twin's look than another's on the pixels where
    the two differ, at the top-down view's scale; each look placed once a square."""

    def __init__(self, model: FineModel, view: View) -> None:
        self._model, self._view = model, view
        self._placed: dict[tuple[int, str], tuple[np.ndarray, np.ndarray] | None] = {}

    def __call__(self, i: int, a: str, b: str) -> float:
        pa, pb = self.placed(i, a), self.placed(i, b)
        if pa is None or pb is None:
            return 0.0  # a look not kept at this scale tells nothing apart
        return self.lead(i, pa, pb)

    def placed(self, i: int, label: str) -> tuple[np.ndarray, np.ndarray] | None:
        key = (i, label)
        if key not in self._placed:
            self._placed[key] = self.place(i, label)
        return self._placed[key]

    def place(self, i: int, label: str) -> tuple[np.ndarray, np.ndarray] | None:
        return placed(self._model, self._view.windows(i), label)

    def lead(self, i: int, a: tuple[np.ndarray, np.ndarray],
             b: tuple[np.ndarray, np.ndarray]) -> float:
        return _lead(self._view.crop(i), a, b)

    def at_edge(self, i: int, label: str) -> bool:
        """Whether ``label``'s look is placed on square ``i`` at the edge of the search."""
        got = self.placed(i, label)
        return got is None or at_edge(got[1], WIDE)


class LargeLeads(Leads):
    """The same leads at the photo's own scale (:mod:`vision.taught_large`): each square
    warped straight from the frame, each twin's large crop placed over a small search of
    shift and angle. On every square holding a crossing tile of 40 photos a look and size
    (``seas`` and ``curved``, seeds 2026 and 7: 1543 squares), the right tile's least lead
    over its near twins was at least 0.012 here (-0.089 at 48 pixels a square, where 27
    squares led by under LEAD), and every square left open at 48 pixels led by 0.041 or
    more."""

    def __init__(self, model: FineModel, view: View, large: LargeLooks,
                 frame: Frame) -> None:
        super().__init__(model, view)
        self._large, self._frame = large, frame
        self._patches: dict[int, np.ndarray] = {}

    def patch(self, i: int) -> np.ndarray:
        got = self._patches.get(i)
        if got is None:
            got = self._patches[i] = self._frame.square(i)
        return got

    def place(self, i: int, label: str) -> tuple[np.ndarray, np.ndarray] | None:
        got = self._large.placed(self.patch(i), label)
        return None if got is None else got[1]

    def lead(self, i: int, a: tuple[np.ndarray, np.ndarray],
             b: tuple[np.ndarray, np.ndarray]) -> float:
        return large_lead(self.patch(i), a, b)

    def at_edge(self, i: int, label: str) -> bool:
        got = self.placed(i, label)
        return got is None or at_edge(got[1], LARGE_SEARCH)


def _twins(model: FineModel, a: str, b: str) -> bool:
    """Whether two taught looks are near twins: each at least TWIN like the other."""
    return model.likeness(a, b) >= TWIN and model.likeness(b, a) >= TWIN


def placed(model: FineModel, win: Windows, label: str) -> tuple[np.ndarray, np.ndarray]:
    """``label``'s taught look where and as turned as it fits the square best, on a PATCH
    canvas, and the part of the canvas it covers."""
    rows = model.rows_of[label]
    model.scores(win, (label,))  # the correlations, kept in ``win``
    row = max(rows, key=lambda r: win.best[r])
    w, angle = np.unravel_index(int(np.argmax(win.done[row])), win.done[row].shape)
    y, x = divmod(int(w), PATCH - FINE + 1)
    canvas = np.zeros((PATCH, PATCH), np.float32)
    covered = np.zeros((PATCH, PATCH), bool)
    canvas[y:y + FINE, x:x + FINE] = model.templates(row)[int(angle)].reshape(FINE, FINE)
    covered[y:y + FINE, x:x + FINE] = True
    return canvas, covered


def _lead(patch: np.ndarray, a: tuple[np.ndarray, np.ndarray],
          b: tuple[np.ndarray, np.ndarray]) -> float:
    """How much better ``patch`` correlates with look ``a`` than with ``b`` on the pixels
    where the two differ most (:func:`vision.taught_large.lead` at this scale)."""
    return large_lead(patch, a, b, BLUR)


def difference(a: tuple[np.ndarray, np.ndarray], b: tuple[np.ndarray, np.ndarray]
               ) -> np.ndarray:
    """The pixels where two placed looks (canvas, covered) differ most: :data:`SHARE` of
    those both cover, the difference blurred by :data:`BLUR` first (a mask, PATCH square)."""
    return large_difference(a, b, BLUR)
