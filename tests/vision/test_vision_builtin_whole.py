"""Squares without path ends read by the tiles drawn whole (issue 9): a faint tile whose lines
fit one tile clearly is read as it, one that fits a tile fairly is not called bare."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from test_vision_builtin_colour import _board

from vision import read_paths
from vision.paths_decide import path_calls
from vision.paths_whole import NOT_BARE_FIT, WHOLE_FIT, WHOLE_LEAD, whole_tiles
from vision.read_decide import EMPTY

LABELS = [t.notation() for t in read_paths.tiles()]


def _shape(n: int, fits: dict[int, tuple[int, float, float]]) -> np.ndarray:
    """Likeness to every tile drawn whole: NaN (no second look) but on the squares of
    ``fits``, whose tile fits at the given level and leads the rest by the given lead."""
    shape = np.full((n, 105), np.nan, np.float32)
    for k, (tile, fit, lead) in fits.items():
        shape[k] = 0.1
        shape[k, (tile + 1) % 105] = fit - lead
        shape[k, tile] = fit
    return shape


def test_only_a_clear_fit_names_a_tile() -> None:
    scores, _, _ = _board([])
    clear, fair, close = (7, WHOLE_FIT + 0.05, WHOLE_LEAD + 0.02), (9, NOT_BARE_FIT + 0.02,
                          WHOLE_LEAD + 0.02), (11, WHOLE_FIT + 0.1, WHOLE_LEAD / 2)
    paths = replace(scores, shape=_shape(16, {0: clear, 1: fair, 2: close, 3: clear}))
    asked = np.array([True] * 3 + [False] * 13)
    calls, fitting = whole_tiles(paths, asked, [None] * 16)
    assert set(calls) == {0} and calls[0].label == LABELS[7]
    assert fitting.tolist() == [True, True] + [False] * 14  # square 3 was not asked about
    # a tile not among the legal placements is not called, but is no bare square either
    calls, fitting = whole_tiles(paths, asked, [{LABELS[8]}] + [None] * 15)
    assert not calls and fitting[0]


def test_a_faint_tile_reads_as_its_drawing_and_a_fair_fit_is_not_bare() -> None:
    """On the board of test_vision_builtin_colour (tiles on rows 2-4, the top row bare, no
    path ends there): r1c1's lines fit tile 7 drawn whole clearly, r1c2's tile 9 fairly."""
    scores, colour, _ = _board([])
    paths = replace(scores, shape=_shape(16, {0: (7, WHOLE_FIT + 0.05, WHOLE_LEAD + 0.02),
                                              1: (9, NOT_BARE_FIT + 0.02, WHOLE_LEAD + 0.02),
                                              2: (9, 0.3, 0.05)}))
    labels = [c.label for c in path_calls(paths, colour, [None] * 16, cols=4)]
    assert labels[0] == LABELS[7]
    assert labels[1] is None
    assert labels[2] == EMPTY and labels[3] == EMPTY  # art fits no tile drawn whole well
