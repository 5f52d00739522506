"""The taught read's third round of cuts (issue 9) gives the same answers: the path ends are
read from the one second derivative each lies across, the curves are sampled straight into
remap's maps and weighed in place (the lines drawn whole too), the squares that voted on the
board's bend are not sampled again, and the finer look multiplies a square's windows band by
band instead of copying each one out. Each fast way is checked against the slow way it
replaced, and a reader given the slow ways back reads every square the same."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.core.board import GAME_BOARDS
from vision import looks, read_fine, read_lines, read_paths, read_rim
from vision.features import warp_top_down
from vision.profile import load_templates
from vision.read_fine import FINE, PATCH, Windows
from vision.recognise import BoardReader

TSURO = GAME_BOARDS["tsuro"]


def _photo(seed: int, look: str = "mottled") -> np.ndarray:
    truth = looks.random_position(np.random.default_rng(seed), 6, 6, "tsuro", 0.7)
    photo, _ = looks.board_photo(look, 6, 6, truth, seed=seed)
    return photo


def _grey_top(photo: np.ndarray) -> np.ndarray:
    pose, _ = BoardReader(TSURO)._pose(photo)
    top = warp_top_down(photo, pose.homography, 6, 6, 48)
    return np.asarray(cv2.cvtColor(top, cv2.COLOR_BGR2GRAY))


# -- the slow ways, as they were ---------------------------------------------------------


def _slow_align(resp: read_lines.Planes, size: tuple[int, int], cols: int, idx: np.ndarray,
                polarity: int = 0) -> tuple[np.ndarray, int, np.ndarray]:
    """All three second derivatives gathered at every rim sample and weighed; each
    polarity's ends worked out on their own."""
    pts, nrm = read_rim._rim()
    shifts = np.array([(dx, dy) for dy in read_rim.STEP for dx in read_rim.STEP],
                      np.float32)
    r, c = idx // cols, idx % cols
    base = np.stack([c * read_lines.PX, r * read_lines.PX], axis=1).astype(np.float32)
    at = base[:, None, None, :] + shifts[None, :, None, :] + pts[None, None, :, :]
    xs, ys = np.rint(at[..., 0]).astype(np.int32), np.rint(at[..., 1]).astype(np.int32)
    weights = read_lines.direction_weights(nrm[:, 0], nrm[:, 1])
    each = read_lines.along(read_lines.gather(resp, size, xs, ys), weights)
    sums = each.sum(axis=-1)
    n, depths = len(idx), len(read_rim.RIM_DEPTHS)
    if polarity == 0:
        votes = []
        for p in (1, -1):
            rim = (p * each).reshape(n, each.shape[1], 8, depths).mean(axis=-1)
            third = np.sort(rim, axis=-1)[..., 2]
            votes.append(float(np.clip(third.max(axis=1), 0, None).sum()))
        if max(votes) > 0:
            polarity = 1 if votes[0] >= votes[1] else -1
        else:
            polarity = 1 if float(sums.max(axis=1).sum()) >= float(
                (-sums).max(axis=1).sum()) else -1
    best = (polarity * sums).argmax(axis=1)
    ends = polarity * each[np.arange(n), best]
    rim = ends.reshape(n, 8, depths).mean(axis=-1)
    return np.asarray(np.rint(shifts[best]).astype(np.int32)), polarity, np.asarray(rim)


def _slow_weakest(img: read_lines.Planes, cols: int, idx: np.ndarray, off: np.ndarray,
                  polarity: int, bends: np.ndarray) -> np.ndarray:
    """Every plane remapped at points summed in float64, weighed with fresh arrays."""
    pts = read_paths._curves()[0][:, bends]
    r, c = idx // cols, idx % cols
    x0 = (c * read_lines.PX + off[:, 0])[:, None, None, None]
    y0 = (r * read_lines.PX + off[:, 1])[:, None, None, None]
    xs, ys = pts[None, ..., 0] + x0, pts[None, ..., 1] + y0
    n, width = xs.size, 512
    rows = -(-n // width)
    mx, my = np.zeros(rows * width, np.float32), np.zeros(rows * width, np.float32)
    mx[:n], my[:n] = xs.ravel(), ys.ravel()
    g0, g1, g2 = (cv2.remap(p, mx.reshape(rows, width), my.reshape(rows, width),
                            cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
                            ).ravel()[:n].reshape(xs.shape) for p in img)
    across, along = read_paths._curve_weights()
    vals = (polarity * read_lines.along((g0, g1, g2), across[:, bends])
            - read_paths.ALONG * np.abs(read_lines.along((g0, g1, g2), along[:, bends])))
    k = read_paths.WEAKEST
    return np.asarray(np.partition(vals, k - 1, axis=-1)[..., :k].mean(axis=-1))


def _slow_ridges(resp: read_lines.Planes, polarity: int) -> np.ndarray:
    dxx, dxy, dyy = resp
    half = (dxx + dyy) * 0.5
    root = np.sqrt(((dxx - dyy) * 0.5) ** 2 + dxy * dxy)
    across = half + root if polarity > 0 else root - half
    return np.asarray(np.maximum(across, 0.0), np.float32)


def _slow_product(self: Windows, looks_: np.ndarray) -> np.ndarray:
    return np.asarray(self.flat @ looks_.T)


# -- the checks ---------------------------------------------------------------------------


@pytest.mark.parametrize("look", ["mottled", "seas"])
def test_path_scores_are_those_of_the_slow_sums(look: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Every field of the path scores, full reads (bend voted or given) and a few squares
    in either polarity, bit for bit."""
    greys = [_grey_top(_photo(seed, look)) for seed in (3, 4)]
    cases = [(None, 0, -1), (np.arange(36), 0, 5), (np.array([2, 17, 30]), 1, 6),
             (np.array([0, 35]), -1, 4)]
    fast = [read_paths.score(g, 6, 6, idx, pol, bend) for g in greys
            for idx, pol, bend in cases]
    monkeypatch.setattr(read_paths, "align", _slow_align)
    monkeypatch.setattr(read_paths, "_weakest", _slow_weakest)
    monkeypatch.setattr(read_paths, "ridges", _slow_ridges)
    slow = [read_paths.score(g, 6, 6, idx, pol, bend) for g in greys
            for idx, pol, bend in cases]
    for a, b in zip(fast, slow, strict=True):
        assert (a.polarity, a.bend) == (b.polarity, b.bend)
        for field in ("squares", "tile", "offsets", "rim", "ends", "shape"):
            assert np.array_equal(getattr(a, field), getattr(b, field), equal_nan=True), field


@pytest.mark.parametrize("look", ["drawn", "curved"])
def test_the_squares_that_voted_on_the_bend_are_not_sampled_again(look: str) -> None:
    """A full read that votes on the bend keeps the voters' evidence for the bends it reads
    with: the same scores as a read told that bend from the start, which samples every
    square."""
    for seed in (5, 6):
        grey = _grey_top(_photo(seed, look))
        voted = read_paths.score(grey, 6, 6)
        told = read_paths.score(grey, 6, 6, None, voted.polarity, voted.bend)
        for field in ("tile", "offsets", "rim", "ends", "shape"):
            assert np.array_equal(getattr(voted, field), getattr(told, field),
                                  equal_nan=True), field


def test_a_squares_windows_band_by_band_are_its_windows_copied_out() -> None:
    """The product band by band is the product of the windows copied out (to float
    rounding), windows are numbered alike, and many looks at once take the copy."""
    rng = np.random.default_rng(9)
    patch = rng.standard_normal((PATCH, PATCH)).astype(np.float32)
    win = Windows(patch)
    copied = np.lib.stride_tricks.sliding_window_view(patch, (FINE, FINE)).reshape(
        -1, FINE * FINE)
    assert np.array_equal(win.flat, copied)
    for w in (0, 7, 40, len(copied) - 1):
        assert np.array_equal(win.window(w).ravel(), copied[w])
    for k in (1, 9, read_fine.BANDED + 1):
        looks_ = rng.standard_normal((k, FINE * FINE)).astype(np.float32)
        assert np.allclose(win.product(looks_), copied @ looks_.T, rtol=1e-5, atol=1e-3)
        where, first = win.first(looks_)  # the first search: the middle windows only
        assert len(where) == (2 * read_fine.SEARCH + 1) ** 2 < len(copied)
        assert np.allclose(first, (copied @ looks_.T / win.spread)[where], rtol=1e-4,
                           atol=1e-4)


def test_a_quarter_is_the_corner_of_the_look() -> None:
    look = np.arange(FINE * FINE, dtype=np.float32).reshape(FINE, FINE)
    h = FINE // 2
    quarters = read_fine._quarters(look)
    for k, (ys, xs) in enumerate([(slice(0, h), slice(0, h)), (slice(0, h), slice(h, FINE)),
                                  (slice(h, FINE), slice(0, h)),
                                  (slice(h, FINE), slice(h, FINE))]):
        assert np.array_equal(quarters[k], look[ys, xs].ravel())


def test_a_reader_given_the_slow_ways_back_reads_every_square_the_same(
        taught: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whole boards, taught and built-in, a full read and a re-read after a tile was laid:
    the same answer and confidence on every square."""
    templates = load_templates(taught)
    photos = [_photo(seed) for seed in (51, 52, 53)]

    def readings() -> list[dict[str, object]]:
        out = []
        for tpl in (templates, None):
            for p in photos:
                reader = BoardReader(TSURO, tpl, game="tsuro")
                first = reader.read(p)
                again = reader.read(cv2.GaussianBlur(p, (3, 3), 0.6))
                out += [{sq.name(): r.to_json() for sq, r in x.squares.items()}
                        for x in (first, again)]
        return out

    fast = readings()
    monkeypatch.setattr(read_paths, "align", _slow_align)
    monkeypatch.setattr(read_paths, "_weakest", _slow_weakest)
    monkeypatch.setattr(read_paths, "ridges", _slow_ridges)
    monkeypatch.setattr(Windows, "product", _slow_product)
    assert readings() == fast
