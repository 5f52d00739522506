"""The taught read's fourth round of cuts (issue 9) gives the same answers: with taught looks
that fit the board, the built-in reader's checks that call a square bare are left out (the
taught read heeds the paths' word on tiles only), except on squares the near twins' settling
asks about and leans on. Each square of full reads and re-reads, on several looks, taught on
the same look, on another look and not at all, is read the same as by a reader that makes
every check."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from vision_helpers import LOOKS, differing, read_frames, three_readings, tile_laid

from vision import paths_bare, paths_decide, recognise
from vision.paths_bare_look import _board_distance
from vision.read_decide import EMPTY, Call
from vision.templates import TemplateSet


def _eager(original: Callable[..., list[Call]]) -> Callable[..., list[Call]]:
    """``path_calls`` making every check, whatever the reader asks for."""
    def calls(*args: Any, **kwargs: Any) -> list[Call]:
        kwargs.pop("bare_asked", None)
        return original(*args[:8], **kwargs)
    return calls


@pytest.mark.parametrize("look", LOOKS)
def test_every_square_reads_as_with_every_check(look: str, profiles: dict[str, TemplateSet],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    readers = three_readings(look, profiles)
    frames = [f for seed, hand in ((3, False), (8, True)) for f in tile_laid(look, seed, hand)]
    lazy = {mode: read_frames(t, frames) for mode, t in readers.items()}
    monkeypatch.setattr(recognise, "path_calls", _eager(paths_decide.path_calls))
    eager = {mode: read_frames(t, frames) for mode, t in readers.items()}
    for mode in readers:
        for k, (a, b) in enumerate(zip(lazy[mode], eager[mode], strict=True)):
            assert a.found and not differing(a, b), (mode, k, differing(a, b))


def test_the_bare_checks_are_left_out_and_tiles_called_thediffering(
        profiles: dict[str, TemplateSet], monkeypatch: pytest.MonkeyPatch) -> None:
    """path_calls itself: asked about no square, it makes no bare check and calls every tile
    as before; asked about all, it answers as before."""
    got: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    original: Callable[..., list[Call]] = paths_decide.path_calls

    def grab(*args: Any, **kwargs: Any) -> list[Call]:
        got.append((args, kwargs))
        return original(*args, **kwargs)

    monkeypatch.setattr(recognise, "path_calls", grab)
    for seed in (3, 4):
        read_frames(profiles["mottled"], tile_laid("mottled", seed, False)[:1])
    full = [(a, k) for a, k in got if len(a[0].squares) == 36]
    assert full
    checks = 0
    counted = _board_distance  # the first of the bare checks (vision.paths_bare imports it)

    def count(*args: Any) -> np.ndarray:
        nonlocal checks
        checks += 1
        return counted(*args)

    monkeypatch.setattr(paths_bare, "_board_distance", count)
    skipped = 0
    for args, _ in full:
        every = original(*args[:8])
        made = checks
        none = original(*args[:8], bare_asked=np.zeros(36, bool))
        skipped += checks == made
        for mine, theirs in zip(none, every, strict=True):
            if theirs.label == EMPTY:  # bare or left open: a taught read sees no tile in either
                assert mine.label in (None, EMPTY)
            else:
                assert mine == theirs
        assert original(*args[:8], bare_asked=np.ones(36, bool)) == every
    assert skipped  # (a board whose near twins lean clearly on a square without paths checks it)
    assert any(c.label == EMPTY for args, _ in full for c in original(*args[:8]))
