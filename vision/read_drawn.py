"""The project's own drawing of the pieces as a second opinion when nothing was taught.

The built-in templates (:func:`vision.templates.builtin`, drawn from the tile definitions)
read a board drawn that way almost perfectly, and a board of another edition badly: so a
call of theirs counts only where the path reader (:mod:`vision.read_paths`) agrees or has
nothing against it (:func:`vision.read_combine.second_opinion`).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from .features import normalise
from .read_decide import EMPTY, Call, confidence
from .templates import builtin

LEAST = 0.45  # best correlation needed to call a piece
MARGIN = 0.04  # lead over every other look, along the line between the two looks
EMPTY_BAND = 1.3  # contrast within this factor of the empty line is unclear


@cache
def _distances() -> np.ndarray:
    templates = builtin()
    sims = np.clip(templates.vectors @ templates.vectors.T, -1.0, 1.0)
    dist = np.asarray(np.sqrt(np.maximum(2.0 - 2.0 * sims, 1e-4)), np.float32)
    np.fill_diagonal(dist, 1.0)
    return dist


def drawn_calls(raw: np.ndarray) -> list[Call]:
    """Each square's pooled patch (:func:`vision.features.patches`) read against the drawn
    templates."""
    templates = builtin()
    vecs, contrast = normalise(raw)
    sims = vecs @ templates.vectors.T
    order = np.argsort(-sims, axis=1)
    dist = _distances()
    # every square's lead over each other look at once (the same float32 sums as square by
    # square; the loop below only picks)
    rows = np.arange(len(raw))
    leads = (sims[rows, order[:, 0]][:, None] - sims) / dist[order[:, 0]]
    leads[rows, order[:, 0]] = np.inf
    least = leads.min(axis=1)
    out = []
    for k in range(len(raw)):
        ratio = float(contrast[k]) / templates.empty_contrast
        if ratio < 1.0 / EMPTY_BAND:
            out.append(Call(EMPTY, min(0.99, 0.5 + 0.5 * float(np.log(1 / ratio) / np.log(4))),
                            9.0))
            continue
        if ratio < EMPTY_BAND:
            out.append(Call(None, 0.3))
            continue
        best = int(order[k, 0])
        first = float(sims[k, best])
        ok = float(least[k]) / MARGIN
        label = templates.labels[best]
        conf = confidence(first, ok, LEAST)
        if first < LEAST or ok < 1.0:
            out.append(Call(None, min(conf, 0.49), ok, label))
        else:
            out.append(Call(label, conf, ok, templates.labels[int(order[k, 1])]))
    return out
