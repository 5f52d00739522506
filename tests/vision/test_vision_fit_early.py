"""Another edition's taught set is known for what it is before the paths are read at its
bend (issue 9, speed of the `other` reading): :func:`vision.read_combine.cannot_fit` says
so only where :func:`vision.read_combine.taught_fits` must say no whatever the paths call;
:func:`vision.read_combine.foreign_at_a_glance` says it before the taught pieces are scored,
only where no square may read bare to the taught reader
(:func:`vision.read_taught_call.bare_possible` holds every square it reads bare); and a
reader that takes either early way reads every square as one that does not."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from vision_helpers import differing, read_frames, tile_laid

from vision import read_combine, recognise
from vision.read_combine import cannot_fit, taught_fits
from vision.read_decide import EMPTY, Call, Thresholds
from vision.read_taught import TaughtModel
from vision.read_taught_call import bare_possible, taught_call
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

    def glanced(*args: Any) -> bool:
        nonlocal taken
        said = read_combine.foreign_at_a_glance(*args)
        taken += said
        return said

    monkeypatch.setattr(recognise, "cannot_fit", counted)
    monkeypatch.setattr(recognise, "foreign_at_a_glance", glanced)
    early = {k: read_frames(t, frames) for k, t in profiles.items()}
    assert taken > 0  # the seas set on mottled boards takes an early way
    monkeypatch.setattr(recognise, "cannot_fit", lambda *args: False)
    monkeypatch.setattr(recognise, "foreign_at_a_glance", lambda *args: False)
    full = {k: read_frames(t, frames) for k, t in profiles.items()}
    for k in profiles:
        for a, b in zip(early[k], full[k], strict=True):
            assert a.found and not differing(a, b), (k, differing(a, b))


def test_what_the_taught_reader_reads_bare_was_possible(profiles: dict[str, TemplateSet],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Every square the taught reader calls bare, on boards of its own set and of another,
    was among those :func:`bare_possible` allowed (worked out from the glance's own scores,
    the taught reader's less the pieces'); and on the other set's boards none was."""
    frames = [f for seed, hand in ((3, False), (8, True)) for f in tile_laid("mottled", seed, hand)]
    seen: list[tuple[np.ndarray, list[Call]]] = []
    taught = recognise.BoardReader._taught

    def checked(self: recognise.BoardReader, model: Any, prep: Any, idx: np.ndarray,
                offsets: np.ndarray, detail: np.ndarray, wanted: Any) -> Any:
        out = taught(self, model, prep, idx, offsets, detail, wanted)
        # the glance's own scores are the taught reader's, without the pieces'
        assert np.allclose(model.own_scores(prep, idx, offsets), out[0].empty, atol=1e-5)
        seen.append((bare_possible(model, out[0].empty, detail, idx), out[1]))
        return out

    monkeypatch.setattr(recognise.BoardReader, "_taught", checked)
    monkeypatch.setattr(recognise, "foreign_at_a_glance", lambda *args: False)
    bare = {}
    for k in ("mottled", "seas"):
        seen.clear()
        read_frames(profiles[k], frames)
        assert seen
        for possible, calls in seen:
            called = np.array([c.label == EMPTY for c in calls])
            assert not (called & ~possible).any()
        bare[k] = sum(int(p.sum()) for p, _ in seen)
    assert bare["mottled"] > 0 and bare["seas"] == 0


def test_bare_possible_is_taught_call_with_no_piece_in_the_way() -> None:
    """On a model with art, plain and untaught bare squares: with every piece scoring
    nothing, the taught call is bare exactly where :func:`bare_possible` says it may be;
    with pieces scoring anything, never bare elsewhere."""
    rng = np.random.default_rng(11)
    n, names = 36, ["10325476", "76543210"]
    for trial in range(40):
        detail_taught = rng.choice([-1.0, 0.01, 0.05, 0.3], n).astype(np.float32)
        model = TaughtModel(6, 6, names, np.eye(2, 4, dtype=np.float32),
                            np.zeros((n, 4), np.float32), detail_taught, 0.2,
                            np.zeros(4, np.float32), least=0.5)
        own = rng.uniform(0.2, 1.0, n)
        detail = rng.uniform(0.0, 0.4, n)
        idx = np.arange(n)
        possible = bare_possible(model, own, detail, idx)
        th = Thresholds()
        for i in range(n):
            nothing = taught_call(model, th, np.full(2, -1.0, np.float32), float(own[i]),
                                  float(detail[i]), i, None)
            assert (nothing.label == EMPTY) == bool(possible[i]), (trial, i)
            anything = taught_call(model, th, rng.uniform(-1, 1, 2).astype(np.float32),
                                   float(own[i]), float(detail[i]), i, None)
            assert anything.label != EMPTY or possible[i]
