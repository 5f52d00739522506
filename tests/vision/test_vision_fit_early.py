"""Another edition's taught set is known for what it is before the paths are read at its
bend (issue 9, speed of the `other` reading): :func:`vision.read_combine.cannot_fit` says
so only where :func:`vision.read_combine.taught_fits` must say no whatever the paths call,
and a reader that takes the early way reads every square as one that does not."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from vision_helpers import differing, read_frames, tile_laid

from vision import read_combine, recognise
from vision.read_combine import cannot_fit, taught_fits
from vision.read_decide import EMPTY, Call
from vision.templates import TemplateSet

TILES = ("45670123", "10325476", "76543210", "35607124")
LABELS = (*TILES, EMPTY, None, "daikaiju-n")


def _calls(rng: np.random.Generator, n: int, weights: np.ndarray) -> list[Call]:
    picks = rng.choice(len(LABELS), n, p=weights / weights.sum())
    return [Call(LABELS[int(k)], 0.9) for k in picks]


def test_never_says_no_where_the_paths_could_make_a_fit() -> None:
    rng = np.random.default_rng(5)
    said = 0
    for _ in range(3000):
        n = int(rng.choice([12, 16, 36, 49]))
        taught = _calls(rng, n, rng.random(len(LABELS)) ** 3)
        if not cannot_fit(taught, n):
            continue
        said += 1
        # the paths most in favour of a fit: naming the taught tiles, or hardly any tile
        for paths in (taught, [Call(None, 0.3)] * n, _calls(rng, n, rng.random(len(LABELS)))):
            for before in (True, False):
                assert not taught_fits(taught, paths, n, before)
    assert said > 100  # the early way is taken on a good share of these boards


def test_a_few_squares_keep_the_full_verdict() -> None:
    assert not cannot_fit([Call(None, 0.3)] * 11, 11)


def test_reads_as_without_the_early_way(profiles: dict[str, TemplateSet],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    profiles = {k: profiles[k] for k in ("mottled", "seas")}
    frames = [f for seed, hand in ((3, False), (8, True)) for f in tile_laid("mottled", seed, hand)]
    taken = 0

    def counted(*args: Any) -> bool:
        nonlocal taken
        said = read_combine.cannot_fit(*args)
        taken += said
        return said

    monkeypatch.setattr(recognise, "cannot_fit", counted)
    early = {k: read_frames(t, frames) for k, t in profiles.items()}
    assert taken > 0  # the seas set on mottled boards takes the early way
    monkeypatch.setattr(recognise, "cannot_fit", lambda *args: False)
    full = {k: read_frames(t, frames) for k, t in profiles.items()}
    for k in profiles:
        for a, b in zip(early[k], full[k], strict=True):
            assert a.found and not differing(a, b), (k, differing(a, b))
