"""The taught read's eighth round of cuts (issue 9) gives the same answers: the finer look
measures how well the board's surest tiles fit (``read_again._Floor``) only when a fit it
is compared with (a square settled on the joint evidence, the best look at a square looked
at again) is low enough for the comparison to go either way. Every such comparison comes out as with the floor measured, and the measuring is left
out on these boards (the cut is made at all)."""

from __future__ import annotations

from typing import Any

import pytest
from vision_helpers import LOOKS, read_frames, tile_laid

from vision import read_again
from vision.templates import TemplateSet

SEEDS = ((3, False), (8, True), (12, False), (21, False))



def test_the_floor_is_measured_only_where_it_decides(
        profiles: dict[str, TemplateSet], monkeypatch: pytest.MonkeyPatch) -> None:
    original = read_again._Floor.below
    asked = unmeasured = 0

    def check(self: Any, fit: float, share: float) -> bool:
        nonlocal asked, unmeasured
        before = self._value
        got = original(self, fit, share)
        unmeasured += before is None and self._value is None
        asked += 1
        # measured after all (the value a later question would get anyway)
        assert got == (fit < share * self() / read_again.RELIABLE)
        return got

    reached = read_again._Floor.reached

    def check_reached(self: Any, score: float) -> bool:
        nonlocal asked, unmeasured
        before = self._value
        got = reached(self, score)
        unmeasured += before is None and self._value is None
        asked += 1
        assert got == (score >= self())
        return got

    monkeypatch.setattr(read_again._Floor, "below", check)
    monkeypatch.setattr(read_again._Floor, "reached", check_reached)
    for look in LOOKS:
        for seed, hand in SEEDS:
            read_frames(profiles[look], tile_laid(look, seed, hand))
    assert asked >= 8
    assert unmeasured >= 4
