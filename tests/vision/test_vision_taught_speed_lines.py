"""The taught read's fifth round of cuts (issue 9) gives the same answers:

- when the taught looks do not fit the board (another edition's art) and the paths are read
  again with their own bend vote, the line response and where each tile lies are taken from
  the first pass instead of being filtered again (``vision.read_paths.lines``);
- the taught scores take their best over places and over a name's looks by a padded gather
  instead of ``np.maximum.reduceat``.

Each square of full reads and re-reads, on several looks, taught on another look and on the
same one, is read the same as by a reader that filters again and reduces as before."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from vision_helpers import differing, read_frames, taught_looks, tile_laid

from companion.core.board import GAME_BOARDS
from vision import read_paths, read_taught
from vision.recognise import BoardReader
from vision.templates import TemplateSet

TSURO = GAME_BOARDS["tsuro"]
LOOKS = ("mottled", "curved", "seas")


@pytest.fixture(scope="module")
def profiles(tmp_path_factory: pytest.TempPathFactory, taught: Path) -> dict[str, TemplateSet]:
    """Each look taught for Tsuro (mottled: the set the other tests share)."""
    return taught_looks(tmp_path_factory, taught, LOOKS, 13)


def _reduceat_score(self: read_taught.TaughtModel, prep: Any, squares: Any = None,
                    offsets: Any = None, detail: Any = None) -> read_taught.Scored:
    """The taught scores as round four worked them out (``np.maximum.reduceat``)."""
    idx = np.arange(self.rows * self.cols) if squares is None else np.asarray(squares)
    n = len(idx)
    ys, xs = read_taught.places(prep, idx)
    if offsets is not None:
        ys2, xs2 = read_taught.places(prep, idx, offsets=offsets)
        ys, xs = np.concatenate([ys, ys2], axis=1), np.concatenate([xs, xs2], axis=1)
    h, w = prep.detail.shape
    unique = np.unique((np.arange(n)[:, None] * h + ys) * w + xs)
    owner, at = unique // (h * w), unique % (h * w)
    flat = read_taught.crops_at(prep, at // w, at % w).reshape(len(unique), -1)
    flat = flat - flat.mean(axis=1, keepdims=True)
    starts = np.flatnonzero(np.r_[True, owner[1:] != owner[:-1]])
    along = flat @ self.common
    length2 = np.einsum("ij,ij->i", flat, flat)
    own = np.maximum.reduceat(np.einsum("ud,ud->u", flat, self.empty[idx[owner]])
                              / np.sqrt(np.maximum(length2, 1e-12)), starts)
    rest = np.sqrt(np.maximum(length2 - along * along, 1e-12))[:, None]
    rows = np.maximum.reduceat((flat @ self.vectors.T) / rest, starts, axis=0)
    sims = np.maximum.reduceat(rows, self._bounds, axis=1)
    return read_taught.Scored(idx, sims, own, read_taught.plainness(prep, idx)
                              if detail is None else detail, offsets)


@pytest.mark.parametrize("look", LOOKS)
def test_every_square_reads_as_when_filtered_again(look: str, profiles: dict[str, TemplateSet],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    other = LOOKS[(LOOKS.index(look) + 1) % len(LOOKS)]
    readers = {"same": profiles[look], "other": profiles[other]}
    frames = [f for seed, hand in ((5, False), (9, True)) for f in tile_laid(look, seed, hand)]
    asked: list[bool] = []
    original = read_paths.score

    def watch(*args: Any, **kwargs: Any) -> read_paths.PathScores:
        asked.append(len(args) > 6 and args[6] is not None and args[5] < 0)
        return original(*args, **kwargs)

    monkeypatch.setattr(read_paths, "score", watch)
    fast = {mode: read_frames(t, frames) for mode, t in readers.items()}

    def again(*args: Any, **kwargs: Any) -> read_paths.PathScores:
        return original(*args[:6], **kwargs)  # the first pass's lines never passed on

    monkeypatch.setattr(read_paths, "score", again)
    monkeypatch.setattr(read_taught.TaughtModel, "score", _reduceat_score)
    slow = {mode: read_frames(t, frames) for mode, t in readers.items()}
    for mode in readers:
        for k, (a, b) in enumerate(zip(fast[mode], slow[mode], strict=True)):
            assert a.found and not differing(a, b), (mode, k, differing(a, b))
    assert any(asked)  # another edition's looks: the paths voted again on the first lines


def test_taught_scores_the_same_as_by_reduceat(profiles: dict[str, TemplateSet]) -> None:
    """The padded gather gives the scores ``np.maximum.reduceat`` gave, bit for bit."""
    from vision.features import warp_top_down
    from vision.read_features import PX, prepare
    from vision.read_pose import small_grey

    model = profiles["mottled"].model
    assert model is not None
    for seed in (2, 6):
        photo = tile_laid("mottled", seed, False)[0][0]
        reader = BoardReader(TSURO, profiles["mottled"], game="tsuro")
        pose, _ = reader._pose(photo)
        top = warp_top_down(photo, pose.homography, 6, 6, PX)
        prep = prepare(top, 6, 6, small_grey(top))
        offsets = np.random.default_rng(seed).integers(-3, 4, (36, 2))
        for offs in (None, offsets):
            a = model.score(prep, np.arange(36), offs)
            b = _reduceat_score(model, prep, np.arange(36), offs)
            assert np.array_equal(a.pieces, b.pieces) and np.array_equal(a.empty, b.empty)
