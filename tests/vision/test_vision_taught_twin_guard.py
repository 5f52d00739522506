"""The guard on near twins called at the photo's own scale (issue 9, round 8):
vision.taught_twin_guard, as vision.taught_twin_pixels puts each such call to it.

The looks are the project's curved drawing of the four crossing tiles, taught from one drawn
row of squares (tests/vision/test_vision_taught_fine.py's)."""

from __future__ import annotations

import numpy as np
from test_vision_taught_accuracy_twins import CROSSING, OPEN, _noisy
from test_vision_taught_fine import _board, _model

from vision.read_features import PX
from vision.read_fine import SEARCH, View
from vision.taught_twin_guard import AGAINST, at_edge, refused
from vision.taught_twin_pixels import LEAD, Leads, _called_open


class Against(Leads):
    """A reader at another scale that puts the near twins the other way round from the
    top-down view's (what the 72-pixel step said on the wrong calls of round 7)."""

    def lead(self, i: int, a: tuple[np.ndarray, np.ndarray],
             b: tuple[np.ndarray, np.ndarray]) -> float:
        return -super().lead(i, a, b)


def _square() -> tuple[View, str]:
    return _noisy(CROSSING[0], 1.0, (1, 0), 2), CROSSING[0]


def test_a_twin_square_where_the_two_scales_disagree_stays_unknown() -> None:
    model = _model(list(CROSSING))
    view, truth = _square()
    near = Leads(model, view)
    todo = {0: CROSSING}
    # unguarded, the other scale's word alone calls the square a twin it does not hold
    alone = _called_open(model, view, todo, {0: OPEN}, None, {}, Against(model, view), [0])
    assert alone[0].label not in (None, truth)
    # at 48 pixels the square's own tile leads that twin clearly: the square stays open
    assert near(0, truth, alone[0].label or "") >= AGAINST
    out = _called_open(model, view, todo, {0: OPEN}, None, {}, Against(model, view), [0], near)
    assert out[0].label is None
    # where the two scales agree, the guard lets the call stand
    out = _called_open(model, view, todo, {0: OPEN}, None, {}, Leads(model, view), [0], near)
    assert out[0].label == truth


def test_the_reasons_a_call_is_refused() -> None:
    model = _model(list(CROSSING))
    view, truth = _square()
    near = Leads(model, view)
    rivals = [lb for lb in CROSSING if lb != truth]

    def never(i: int, label: str) -> bool:
        return False

    def ahead(i: int, a: str, b: str) -> float:
        return 1.0

    assert refused(model, view, 0, truth, rivals, CROSSING, ahead, near, never, LEAD) is None
    # a near twin the pooled look never named must be beaten too
    behind = {CROSSING[3]: 0.0}
    got = refused(model, view, 0, truth, rivals, CROSSING[:3], lambda i, a, b: behind.get(b, 1.0),
                  near, never, LEAD)
    assert got is not None and "candidates" in got
    # a look placed where the search over position ends
    got = refused(model, view, 0, truth, rivals, CROSSING, ahead, near, lambda i, lb: True, LEAD)
    assert got is not None and "edge" in got
    # a quarter under a sleeve fits nothing of the tile
    board = _board([truth], 1.0)
    board[: PX // 2, : PX // 2] = 205
    sleeve = View(board, 1)
    got = refused(model, sleeve, 0, truth, rivals, CROSSING, ahead, Leads(model, sleeve), never,
                  LEAD)
    assert got is not None and "quarter" in got


def test_a_look_at_the_edge_of_the_search() -> None:
    side = 40 + 2 * SEARCH
    inside = np.zeros((side, side), bool)
    inside[3:43, 5:45] = True
    assert not at_edge(inside, SEARCH)
    for y, x in ((0, 4), (4, 0), (2 * SEARCH, 4), (4, 2 * SEARCH)):
        covered = np.zeros((side, side), bool)
        covered[y:y + 40, x:x + 40] = True
        assert at_edge(covered, SEARCH), (y, x)
    assert at_edge(np.zeros((side, side), bool), SEARCH)
