"""vision.taught_kaiju on its own, with a stand-in for the finer look: which squares it
looks at and what it leaves alone (issue 9)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from vision import taught_kaiju
from vision.read_decide import Call
from vision.read_fine import Verdict

NORTH, EAST = "daikaiju:north", "daikaiju:east"
TILE = "10325476"


class FakeModel:
    """The finer look's answers: each square's worst quarter (1 unless given), every
    label's fit 1."""

    def __init__(self, parts: dict[int, float]) -> None:
        self.rows_of = {NORTH: [0], EAST: [1], TILE: [2]}
        self._parts = parts
        self.asked: list[int] = []

    def parts(self, windows: int, label: str, play: int = 0) -> np.ndarray:
        return np.full(4, self._parts.get(windows, 1.0))

    def scores(self, windows: int, labels: Sequence[str]) -> dict[str, float]:
        return dict.fromkeys(labels, 1.0)


class FakeView:
    def windows(self, i: int) -> int:
        return i


@pytest.fixture
def verdicts(monkeypatch: pytest.MonkeyPatch) -> dict[int, Verdict]:
    given: dict[int, Verdict] = {}

    def look_again(model: FakeModel, view: FakeView, i: int, cands: Sequence[str]) -> Verdict:
        model.asked.append(i)
        assert NORTH in cands and EAST in cands  # every facing is compared
        return given[i]

    monkeypatch.setattr(taught_kaiju, "look_again", look_again)
    monkeypatch.setattr(taught_kaiju, "surest_fit", lambda model, view, calls: 1.0)
    return given


def test_an_open_square_with_a_daikaiju_first_is_called_when_the_facing_leads(
        verdicts: dict[int, Verdict]) -> None:
    model = FakeModel({})
    verdicts[3] = Verdict(EAST, 0.9, NORTH, 0.95)  # leads, fits
    verdicts[4] = Verdict(EAST, 0.1, NORTH, 0.95)  # leads by too little
    verdicts[5] = Verdict(TILE, 0.9, EAST, 0.95)  # a tile after all: not this stage's call
    calls = {i: Call(None, 0.3) for i in (3, 4, 5, 6)}
    calls[7] = Call(TILE, 0.9, 3.0)
    candidates = {3: (NORTH, TILE), 4: (EAST,), 5: (EAST, TILE), 6: (TILE, NORTH)}
    out = taught_kaiju.kaiju_again(model, FakeView(), candidates, calls)  # type: ignore[arg-type]
    assert out[3].label == EAST
    assert out[4].label is None and out[5].label is None
    assert out[6].label is None and 6 not in model.asked  # a tile first: not looked at
    assert out[7] == calls[7]


def test_a_daikaiju_that_misses_a_quarter_is_opened_and_not_called_again(
        verdicts: dict[int, Verdict]) -> None:
    model = FakeModel({2: 0.1, 3: 0.9, 8: 0.1})
    calls = {2: Call(NORTH, 0.7, 2.0), 3: Call(EAST, 0.7, 2.0), 8: Call(None, 0.3)}
    verdicts[8] = Verdict(NORTH, 0.9, EAST, 0.95)
    out = taught_kaiju.kaiju_again(model, FakeView(), {2: (NORTH,), 8: (NORTH,)},  # type: ignore[arg-type]
                                   calls)
    assert out[2].label is None and out[2].second == NORTH  # a hand over part of it
    assert 2 not in model.asked
    assert out[3].label == EAST  # fits every quarter: stands
    assert out[8].label is None  # the facing leads but a quarter fits nothing
