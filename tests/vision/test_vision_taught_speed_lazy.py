"""The taught read's fourth round of cuts (issue 9) gives the same answers: with taught looks
that fit the board, the built-in reader's checks that call a square bare are left out (the
taught read heeds the paths' word on tiles only), except on squares the near twins' settling
asks about and leans on. Each square of full reads and re-reads, on several looks, taught on
the same look, on another look and not at all, is read the same as by a reader that makes
every check."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from companion.core.board import GAME_BOARDS, Square
from companion.tsuro.tiles import Tile
from vision import looks, paths_bare, paths_decide, recognise
from vision.look_files import write_teach_set
from vision.paths_bare_look import _board_distance
from vision.profile import load_templates
from vision.read_decide import EMPTY, Call
from vision.reading import BoardReading
from vision.recognise import BoardReader
from vision.teach import teach
from vision.templates import TemplateSet

TSURO = GAME_BOARDS["tsuro"]
LOOKS = ("mottled", "curved", "seas", "reeds")


@pytest.fixture(scope="module")
def profiles(tmp_path_factory: pytest.TempPathFactory, taught: Path) -> dict[str, TemplateSet]:
    """Each look taught for Tsuro (mottled: the set the other tests share)."""
    out = {"mottled": load_templates(taught)}
    for look in LOOKS[1:]:
        where = tmp_path_factory.mktemp(look)
        layout = write_teach_set(look, 6, 6, "tsuro", where, 11)
        teach(layout, TSURO, where / "profile")
        out[look] = load_templates(Path(where / "profile"))
    return out


def _eager(original: Callable[..., list[Call]]) -> Callable[..., list[Call]]:
    """``path_calls`` making every check, whatever the reader asks for."""
    def calls(*args: Any, **kwargs: Any) -> list[Call]:
        kwargs.pop("bare_asked", None)
        return original(*args[:8], **kwargs)
    return calls


Frame = tuple[np.ndarray, dict[Square, Any] | None, dict[Square, list[Tile]] | None]


def _frames(look: str, seed: int, hand: bool) -> list[Frame]:
    """A photo of a board, and the next one after a tile is laid on a bare square."""
    rng = np.random.default_rng(seed)
    truth = looks.random_position(rng, 6, 6, "tsuro", 0.6)
    photo, _ = looks.board_photo(look, 6, 6, truth, seed=seed, hand=hand, game="tsuro")
    bare = [sq for sq, v in truth.items() if v is None]
    used = {v.pattern() for v in truth.values() if isinstance(v, Tile)}
    spare = [p for p in looks.inventory("tsuro") if isinstance(p, Tile) and p not in used]
    after = dict(truth)
    after[bare[0]] = spare[0].rotated(1)
    later, _ = looks.board_photo(look, 6, 6, after, seed=seed, frame=1, game="tsuro")
    return [(photo, None, None), (later, truth, {bare[0]: list(spare[0].rotations())})]


def _read(templates: TemplateSet, frames: list[Frame]) -> list[BoardReading]:
    reader = BoardReader(TSURO, templates, game="tsuro")
    return [reader.read(photo, known=known, legal=legal) for photo, known, legal in frames]


def _same(a: BoardReading, b: BoardReading) -> list[str]:
    return [sq.name() for sq in a.squares
            if (a.squares[sq].content, a.squares[sq].tile, a.squares[sq].facing,
                a.squares[sq].confidence) != (b.squares[sq].content, b.squares[sq].tile,
                                              b.squares[sq].facing, b.squares[sq].confidence)]


@pytest.mark.parametrize("look", LOOKS)
def test_every_square_reads_as_with_every_check(look: str, profiles: dict[str, TemplateSet],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    other = LOOKS[(LOOKS.index(look) + 1) % len(LOOKS)]
    readers = {"same": profiles[look], "other": profiles[other], "built-in": load_templates(None)}
    frames = [f for seed, hand in ((3, False), (8, True)) for f in _frames(look, seed, hand)]
    lazy = {mode: _read(t, frames) for mode, t in readers.items()}
    monkeypatch.setattr(recognise, "path_calls", _eager(paths_decide.path_calls))
    eager = {mode: _read(t, frames) for mode, t in readers.items()}
    for mode in readers:
        for k, (a, b) in enumerate(zip(lazy[mode], eager[mode], strict=True)):
            assert a.found and not _same(a, b), (mode, k, _same(a, b))


def test_the_bare_checks_are_left_out_and_tiles_called_the_same(
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
        _read(profiles["mottled"], _frames("mottled", seed, False)[:1])
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
