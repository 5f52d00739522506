"""The veto at the photo's own scale on near-twin calls made before it (issue 9, round 9):
vision.taught_twin_veto, as vision.taught_twin_pixels.decide_twins puts each call to it.

The looks are the project's curved drawing of the four crossing tiles, taught from one drawn
row of squares (tests/vision/test_vision_taught_fine.py's)."""

from __future__ import annotations

from collections.abc import Callable

from test_vision_taught_accuracy_twins import CROSSING, _noisy
from test_vision_taught_fine import _model

from vision.read_decide import Call
from vision.taught_twin_pixels import Leads
from vision.taught_twin_veto import GATE, NEAR, VETO, vetoed

RIGHT, TWIN = CROSSING[0], CROSSING[1]


def _rivals(i: int, label: str) -> list[str]:
    return [lb for lb in CROSSING if lb != label]


def _const(value: float, asked: list[tuple[int, str, str]] | None = None
           ) -> Callable[[int, str, str], float]:
    def lead(i: int, a: str, b: str) -> float:
        if asked is not None:
            asked.append((i, a, b))
        return value
    return lead


def test_a_call_a_near_twin_leads_at_both_scales_is_opened() -> None:
    calls = {0: Call(TWIN, 0.6, 1.2, RIGHT)}
    assert vetoed(calls, {}, _rivals, _const(NEAR - 0.05), _const(-VETO - 0.01)) == [0]
    # led by less than VETO at 72 pixels (the right calls' spread): it stands
    assert vetoed(calls, {}, _rivals, _const(NEAR - 0.05), _const(-VETO + 0.01)) == []


def test_only_doubtful_near_twin_calls_pay_for_the_large_look() -> None:
    asked: list[tuple[int, str, str]] = []
    big = _const(-1.0, asked)
    # a clear lead at 48 pixels, a clear calling lead, a square known from before, a bare
    # square, a tile with no near twin in the box: none is weighed at 72 pixels
    assert vetoed({0: Call(TWIN, 0.6, 1.2, RIGHT)}, {}, _rivals, _const(NEAR), big) == []
    assert vetoed({0: Call(TWIN, 0.9, GATE, RIGHT)}, {}, _rivals, _const(0.0), big) == []
    assert vetoed({0: Call(TWIN, 0.6, 1.2, RIGHT)}, {0: TWIN}, _rivals, _const(0.0), big) == []
    assert vetoed({0: Call("empty", 0.9, 1.0)}, {}, _rivals, _const(0.0), big) == []
    assert vetoed({0: Call(TWIN, 0.6, 1.2)}, {}, lambda i, lb: [], _const(0.0), big) == []
    assert asked == []


def test_the_wrong_twin_is_opened_and_the_right_one_stands_on_real_looks() -> None:
    model = _model(list(CROSSING))
    view = _noisy(RIGHT, 1.0, (1, 0), 2)
    near = Leads(model, view)  # the top-down view's leads, standing in for both scales
    assert near(0, TWIN, RIGHT) < -VETO
    assert vetoed({0: Call(TWIN, 0.6, 1.2, RIGHT)}, {}, _rivals, near, near) == [0]
    assert vetoed({0: Call(RIGHT, 0.6, 1.2, TWIN)}, {}, _rivals, near, near) == []
