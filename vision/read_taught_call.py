"""One square's taught reading (issue 9): the owner's pieces and the square's own bare look.

A bare square with art is one more look to match; a plain bare square's correlation means
nothing, so its plainness decides, against the line between the plainest taught piece and
the square's own bare look (:mod:`vision.read_taught` learns both).
"""

from __future__ import annotations

import numpy as np

from .read_combine import is_tile_label, own_line
from .read_decide import EMPTY, Call, Thresholds, confidence, pick
from .read_taught import BARE_LIKE, TaughtModel
from .templates import DAIKAIJU


def taught_call(model: TaughtModel, th: Thresholds, pieces: np.ndarray, own: float,
                detail: float, i: int, legal: set[str] | None,
                picked: Call | None = None) -> Call:
    """The taught reading of square ``i``: ``pieces`` its scores against every taught
    piece, ``own`` against its own bare look, ``detail`` its plainness. ``picked``: what
    :func:`vision.read_decide.pick` makes of the square's scores, when worked out already
    (:func:`taught_calls`, with no legal moves)."""
    labels = list(model.names)
    bare_detail = float(model.empty_detail[i])
    distance = model.distance
    if bare_detail >= 0 and not bool(model.plain()[i]):
        labels.append(EMPTY)
        scores = np.append(pieces, own)
        distance = model.with_empty()
    else:
        scores = pieces
        # A plain bare square: its correlation means nothing; its plainness does, unless
        # a piece is plain there too and clearly matched.
        ref = bare_detail if bare_detail >= 0 else _median_plain(model)
        if bare_detail >= 0 and own_look(own, float(pieces.max()), th):
            # faint art, but its own: no taught piece looks this much like the bare square
            # it lay on (teaching refuses one that does)
            return Call(EMPTY, confidence(own, (own - float(pieces.max())) / th.margin,
                                          BARE_LIKE), 9.0)
        if ref is not None:
            call = own_line(model, picked if picked is not None else pick(
                labels, scores, model.least, th.margin, legal, th.legal_margin, distance),
                scores, labels)
            line = float(plain_line(ref, model.piece_detail))
            if call.label is not None and detail >= line / 2:
                return call
            if detail < line / 1.3:
                return Call(EMPTY, confidence(np.log(line / max(detail, 1e-4)), 2.0, 0.26),
                            9.0)
            if detail < line * 1.3:  # the best look kept for the finer look
                return Call(None, 0.3, 0.0, call.label or call.second, plain=True)
    call = picked if picked is not None else pick(labels, scores, model.least, th.margin,
                                                  legal, th.legal_margin, distance)
    return own_line(model, call, scores, labels)


def own_look(own: float, best_piece: float, th: Thresholds) -> bool:
    """Whether a square is its own taught bare look: at least BARE_LIKE like it and two
    margins ahead of every taught piece (teaching refuses a piece whose crop is that like the
    bare square it lay on, so no taught piece gets there).

    >>> th = Thresholds()
    >>> own_look(0.94, 0.51, th), own_look(0.94, 0.9, th), own_look(0.8, 0.2, th)
    (True, False, False)
    """
    return own >= BARE_LIKE and own - best_piece >= 2 * th.margin


def plain_line(ref: float | np.ndarray, piece_detail: float) -> np.ndarray:
    """The plainness between a bare square's (``ref``, its detail as taught) and the
    plainest taught piece's, in float64: a square well under it is bare (:func:`taught_call`
    and :func:`bare_possible` alike; NaN where there is no ``ref``)."""
    return np.asarray(np.sqrt(np.maximum(np.asarray(ref, np.float64), 0.003)
                              * float(piece_detail)))


def bare_possible(model: TaughtModel, own: np.ndarray, detail: np.ndarray,
                  idx: np.ndarray) -> np.ndarray:
    """(n,): which squares of ``idx`` :func:`taught_call` may call bare at all, from their
    scores against their own bare looks (``own``) and their plainness alone: a square
    taught with art only when its own look reaches the calling line, a plain one only when
    it is that like its own look or that plain, an untaught one only when plain where most
    taught bare squares are. Where none may, the taught reader reads no square bare whatever
    the pieces score (:func:`vision.read_combine.cannot_fit`), and they need not be scored."""
    bare_detail = np.asarray(model.empty_detail[idx], np.float64)
    taught = bare_detail >= 0
    art = taught & ~model.plain()[idx]
    ref = _median_plain(model)
    # the plainness line of taught_call, in the same float64 arithmetic
    line = plain_line(np.where(taught, bare_detail, np.nan if ref is None else ref),
                      model.piece_detail)
    plainly = np.asarray(detail, np.float64) < line / 1.3  # (never where no line: NaN)
    own64 = np.asarray(own, np.float64)
    return np.where(art, own64 >= model.least, plainly | (taught & (own64 >= BARE_LIKE)))


def _median_plain(model: TaughtModel) -> float | None:
    """The detail of a typical taught bare square when most of them are plain."""
    taught = model.empty_detail >= 0
    if not taught.any() or model.plain()[taught].mean() < 0.5:
        return None
    return float(np.median(model.empty_detail[taught]))



def taught_calls(model: TaughtModel, th: Thresholds, pieces: np.ndarray, own: np.ndarray,
                 detail: np.ndarray, idx: np.ndarray,
                 legal: list[set[str] | None]) -> list[Call]:
    """:func:`taught_call` of every square of ``idx`` (rows of ``pieces``, ``own`` and
    ``detail``; ``legal`` per square). On squares asked with no legal moves (all of a full
    read), :func:`vision.read_decide.pick` is worked out for all of them at once, with the
    same arithmetic (the same dtypes, the same sort, the same scalar sums), so the calls are
    the same (test_vision_taught_speed_calls); bare squares taught with art (most squares of
    most boards) are called here, the rest square by square with their pick given."""
    n = len(idx)
    labels = [*model.names, EMPTY]
    m = len(model.names)
    free = np.array([not lg for lg in legal], bool) & (m > 0)
    art = (model.empty_detail[idx] >= 0) & ~model.plain()[idx]
    out: list[Call | None] = [None] * n
    picked: list[Call | None] = [None] * n
    rows = np.flatnonzero(free & art)
    if len(rows):
        # the scores as taught_call builds them: the pieces' and the square's own bare look,
        # in float64 (``np.append`` of a float32 row and a Python float)
        scores = np.empty((len(rows), m + 1), np.float64)
        scores[:, :m] = pieces[rows]
        scores[:, m] = np.asarray(own, np.float64)[rows]
        look_least = model.look_least
        for j, (k, call) in enumerate(zip(rows, _picks(scores, model.with_empty(), labels,
                                                        model.least, th.margin), strict=True)):
            label = call.label
            if label is not None and label != EMPTY and look_least is not None and float(
                    scores[j, labels.index(label)]) < float(look_least[labels.index(label)]):
                # under the look's own line (read_combine.own_line)
                call = Call(None, min(call.confidence, 0.45), call.lead, label)
            out[k] = call
    plain = np.flatnonzero(free & ~art)
    if len(plain):  # the taught pieces' scores only, as they are
        for k, call in zip(plain, _picks(np.asarray(pieces[plain]), model.distance,
                                         labels[:m], model.least, th.margin), strict=True):
            picked[k] = call
    for q in range(n):
        if out[q] is None:
            out[q] = taught_call(model, th, pieces[q], float(own[q]), float(detail[q]),
                                 int(idx[q]), legal[q], picked[q])
    return [c for c in out if c is not None]


def _picks(scores: np.ndarray, distance: np.ndarray, labels: list[str], least: float,
           margin: float) -> list[Call]:
    """:func:`vision.read_decide.pick` of every row of ``scores`` with no legal moves, in
    the same arithmetic: the rows' differences in the rows' dtype, the sums that decide in
    Python floats."""
    order = np.argsort(-scores, axis=1)
    best = order[:, 0]
    at = np.arange(len(scores))
    first = scores[at, best]
    others = first[:, None] - scores
    others = others / distance[best]
    others = first[:, None] - others
    others[at, best] = -np.inf
    most = others.max(axis=1)
    out: list[Call] = []
    for j in range(len(scores)):
        f = float(first[j])
        ok = (f - float(most[j])) / margin
        conf = confidence(f, ok, least)
        label = labels[int(best[j])]
        if f < least or ok < 1.0:
            out.append(Call(None, min(conf, 0.49), ok, label))
        else:
            out.append(Call(label, conf, ok, labels[int(order[j, 1])]
                            if scores.shape[1] > 1 else None))
    return out


def names_piece(label: str | None) -> bool:
    """Whether a taught runner-up names a piece: a tile, or a daikaiju (the tile of four
    loops, its paths by the rim, looks more like one than like any tile to the pooled look)."""
    return is_tile_label(label) or (label or "").startswith(DAIKAIJU)
