"""The taught read's eighth round of cuts (issue 9) gives the same answers: read with taught
looks that fit the board, the paths' near twins are settled only when the answer heeds
them (:mod:`vision.read_twins_later`). Each square of full reads and re-reads, on several
looks, taught on the same look, on another look and not at all, is read the same as by a
reader that always settles them; and where the settling was left out, making it would not
have changed whether the taught looks fit, nor any square the taught reader left open or
called bare."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from vision_helpers import LOOKS, differing, read_frames, three_readings, tile_laid

from vision import paths_decide, recognise
from vision import read_twins_later as twins_later
from vision.paths_decide import Later
from vision.read_combine import PATH_LABELS, agree, taught_fits
from vision.read_decide import Call
from vision.templates import TemplateSet

SEEDS = ((3, False), (8, True), (12, False))



def _always(original: Callable[..., list[Call]]) -> Callable[..., list[Call]]:
    """``path_calls`` settling the near twins at once, whatever the reader asks for."""
    def calls(*args: Any, **kwargs: Any) -> list[Call]:
        kwargs.pop("later", None)
        return original(*args, **kwargs)
    return calls


@pytest.mark.parametrize("look", LOOKS)
def test_every_square_reads_as_with_the_twins_settled(
        look: str, profiles: dict[str, TemplateSet], monkeypatch: pytest.MonkeyPatch) -> None:
    readers = three_readings(look, profiles)
    frames = [f for seed, hand in SEEDS for f in tile_laid(look, seed, hand)]
    lazy = {mode: read_frames(t, frames) for mode, t in readers.items()}
    monkeypatch.setattr(recognise, "path_calls", _always(paths_decide.path_calls))
    eager = {mode: read_frames(t, frames) for mode, t in readers.items()}
    for mode in readers:
        for k, (a, b) in enumerate(zip(lazy[mode], eager[mode], strict=True)):
            assert a.found and not differing(a, b), (mode, k, differing(a, b))


def test_the_settling_left_out_could_not_change_the_answer(
        profiles: dict[str, TemplateSet], monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the taught read leaves the near twins unsettled, settling them gives the same
    verdict on whether the taught looks fit, and every square the same verdict from both
    readers together (``agree``); and that happens on these boards (the cut is made)."""
    original = twins_later.for_taught
    left_out = 0

    def check(later: list[Later], calls: list[Call], taught: list[Call], *args: Any) -> list[Call]:
        nonlocal left_out
        got = original(later, calls, taught, *args)
        if not later:  # settled, or nothing to settle
            return got
        left_out += 1
        truth = later[0].settle()
        paths, idx, before, model, th, art = args
        assert not art  # the tuning looks show no board art to the paths
        n, names = len(idx), set(model.names)
        assert taught_fits(taught, truth, n, before) == taught_fits(taught, got, n, before)
        joint = np.zeros(len(PATH_LABELS))  # (read only for a taught tile: the same for both)
        for k, call in enumerate(taught):  # each square's verdict as agree() gives it
            i = int(idx[k])
            own = bool(model.empty_detail[i] >= 0 and not model.plain()[i])
            ask = (call, paths.tile[k], float(paths.rim[k]), joint, own, th, names)
            assert agree(ask[0], truth[k], *ask[1:]) == agree(ask[0], got[k], *ask[1:])
        return got

    monkeypatch.setattr(twins_later, "for_taught", check)
    for look in LOOKS:
        frames = [f for seed, hand in SEEDS for f in tile_laid(look, seed, hand)]
        read_frames(profiles[look], frames)
    assert left_out >= 3
