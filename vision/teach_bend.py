"""The board's bend of paths as taught: chosen on what the owner laid, not voted (issue 9).

A full read with a fitting profile reads the paths at the bend teaching kept (one edition
prints all its tiles alike), so a wrong one weakens the paths on every read of that set.
The path reader's own vote (:func:`vision.read_paths.score`) asks which bend the clearest
path ends fit best; on a teach photo the layout says which tile lies on every square, so
the bend kept is the one at which the paths rank the most of the layout's tiles first
(then, between bends alike so, the one giving them the most evidence).

On the teach photos of the tuning looks (seed 2026) the two differ by at most one step
(0.05): the vote ranks 92-100% of the layout's tiles first, the bend kept 93-100%. On mixed
looks of pale tiles with dark paths (benchmarks/vision_mixes.py, mix seed 11) the vote went
astray: mix 11-0 voted 0.15 (the right tile first on 3% of squares) where the layout's
tiles read best at 0.55 (83-94%), mix 11-2 0.25 and 0.15 (49% and 7%) where they read best
at 0.40-0.45 (91-97%).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from companion.tsuro.tiles import Tile

from . import read_paths
from .read_combine import PATH_INDEX

# False keeps the paths' own vote, as profiles taught before session 17 did (tests of what
# such a profile met).
LAYOUT_BEND = True


def kept_bend(top: np.ndarray, rows: int, cols: int, tiles: Mapping[int, Tile],
              paths: read_paths.PathScores) -> int:
    """The bend of paths a teaching photo keeps (the paths ``paths`` of its grey view from
    above ``top``, its layout's ``tiles``: square index -> tile): :func:`layout_bend` when
    the photo lays enough tiles to choose by (:data:`vision.read_paths.PROBE`), else the
    paths' own vote."""
    if LAYOUT_BEND and len(tiles) >= read_paths.PROBE:
        return layout_bend(top, rows, cols, tiles, paths.polarity)
    return paths.bend


def layout_bend(top: np.ndarray, rows: int, cols: int, tiles: Mapping[int, Tile],
                polarity: int) -> int:
    """The index in :data:`vision.read_paths.BENDS` at which the paths of the grey view
    ``top`` rank first the most of the ``tiles`` (square index -> the layout's tile; at
    least one), read in ``polarity``; between bends alike so, the one giving those tiles the
    most evidence, then the narrower. Each bend is scored with its neighbours, as a full
    read at that bend scores it (:func:`vision.read_paths.score`)."""
    idx = np.array(sorted(tiles))
    wanted = np.array([PATH_INDEX[tiles[int(i)].notation()] for i in idx])
    first = read_paths.lines(top, rows, cols, idx, polarity)
    at = np.arange(len(idx))
    best: tuple[float, float, int] | None = None
    for bend in range(len(read_paths.BENDS)):
        ev = read_paths.score(top, rows, cols, idx, polarity, bend, first).tile
        mine = ev[at, wanted]
        others = ev.copy()
        others[at, wanted] = -np.inf
        ranked = (float(np.mean(mine > others.max(axis=1))), float(mine.mean()), bend)
        if best is None or ranked[:2] > best[:2]:
            best = ranked
    assert best is not None
    return best[2]
