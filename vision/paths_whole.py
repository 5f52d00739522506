"""Squares without path ends read by the tiles drawn whole (issue 9, item 2).

A tile whose thin pale paths fade into its rim (four small loops, say, whose ends lie close
to the corners) shows almost no path end, so the paths one by one leave it with the board
art; yet its lines, compared with every tile drawn whole (:func:`vision.read_paths.likeness`,
worked out where :mod:`vision.read_paths` gives the second look), still fit one tile clearly
better than the rest, which board art does not: its strokes fit no tile drawn whole well.
Such a square is read as that tile, and one whose lines fit some tile fairly is not called
bare (:mod:`vision.paths_bare`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .read_decide import Call
from .read_paths import PathScores, tiles

LABELS = [t.notation() for t in tiles()]
# Chosen on drawn, mottled, curved, seas and reeds, photo seeds 2026 and 7 (never on
# held-out), over the squares without path ends the second look was given: bare art fit its
# best tile drawn whole up to about 0.5, and led the next by less than 0.1
WHOLE_FIT = 0.5  # a tile's drawing correlates at least this with the square's lines ...
WHOLE_LEAD = 0.08  # ... and this much more than any other tile's: that tile (34 right, none
# wrong; at 0.45, one wrong for 55 right)
NOT_BARE_FIT = 0.45  # a square whose lines fit a tile this well, and lead as above, is not
# called bare (it took 7 faint tiles read bare for 11 bare squares left unknown)


def whole_tiles(paths: PathScores, asked: np.ndarray, legal: Sequence[set[str] | None]
                ) -> tuple[dict[int, Call], np.ndarray]:
    """Per square of ``paths`` (those ``asked`` about, without path ends): the tile its lines
    fit clearly (``WHOLE_FIT``, ``WHOLE_LEAD``; legal where placements are given), and a
    mask of the squares whose lines fit a tile too well to be bare (``NOT_BARE_FIT``)."""
    out: dict[int, Call] = {}
    fitting = np.zeros(len(asked), bool)
    if paths.shape is None:
        return out, fitting
    for k in (int(x) for x in np.flatnonzero(asked & np.isfinite(paths.shape).all(axis=1))):
        shape = paths.shape[k]
        first, second = np.argsort(-shape)[:2]
        fit, lead = float(shape[first]), float(shape[first] - shape[second])
        if lead < WHOLE_LEAD or fit < NOT_BARE_FIT:
            continue
        fitting[k] = True
        label = LABELS[int(first)]
        allowed = legal[k]
        if fit >= WHOLE_FIT and (not allowed or label in allowed):
            # never a reference for the tiles' look (lead below paths_bare_look.SURE)
            out[k] = Call(label, round(0.5 + min(0.2, lead), 3), 1.0, LABELS[int(second)])
    return out, fitting
