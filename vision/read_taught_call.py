"""One square's taught reading (issue 9): the owner's pieces and the square's own bare look.

A bare square with art is one more look to match; a plain bare square's correlation means
nothing, so its plainness decides, against the line between the plainest taught piece and
the square's own bare look (:mod:`vision.read_taught` learns both).
"""

from __future__ import annotations

import numpy as np

from .read_combine import own_line
from .read_decide import EMPTY, Call, Thresholds, confidence, pick
from .read_taught import BARE_LIKE, TaughtModel


def taught_call(model: TaughtModel, th: Thresholds, pieces: np.ndarray, own: float,
                detail: float, i: int, legal: set[str] | None) -> Call:
    """The taught reading of square ``i``: ``pieces`` its scores against every taught
    piece, ``own`` against its own bare look, ``detail`` its plainness."""
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
        if bare_detail >= 0 and own >= BARE_LIKE and own - float(pieces.max()) >= 2 * th.margin:
            # faint art, but its own: no taught piece looks this much like the bare square
            # it lay on (teaching refuses one that does)
            return Call(EMPTY, confidence(own, (own - float(pieces.max())) / th.margin,
                                          BARE_LIKE), 9.0)
        if ref is not None:
            call = own_line(model, pick(labels, scores, model.least, th.margin, legal,
                                         th.legal_margin, distance), scores, labels)
            line = float(np.sqrt(max(ref, 0.003) * model.piece_detail))
            if call.label is not None and detail >= line / 2:
                return call
            if detail < line / 1.3:
                return Call(EMPTY, confidence(np.log(line / max(detail, 1e-4)), 2.0, 0.26),
                            9.0)
            if detail < line * 1.3:  # the best look kept for the finer look
                return Call(None, 0.3, 0.0, call.label or call.second, plain=True)
    call = pick(labels, scores, model.least, th.margin, legal, th.legal_margin, distance)
    return own_line(model, call, scores, labels)


def _median_plain(model: TaughtModel) -> float | None:
    """The detail of a typical taught bare square when most of them are plain."""
    taught = model.empty_detail >= 0
    if not taught.any() or model.plain()[taught].mean() < 0.5:
        return None
    return float(np.median(model.empty_detail[taught]))

