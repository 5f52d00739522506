"""The small statistics and helpers that replaced numpy's and OpenCV's slower calls in a read
(issue 9, speed) give their answers bit for bit: the median and percentile of
vision.quick_stats, each square's mean colour, the windows view, the short-axis means and
maxima of the path reader, the cached inverse, marker corners and parsed tiles."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision import features, quick_stats, read_decide, read_features, read_paths
from vision.board_finder import BoardFinder
from vision.geometry import MarkerLayout
from vision.quick_stats import median, percentile


def _same(a: object, b: object) -> bool:
    """Equal values of the same type and dtype (NaN equal to NaN)."""
    return (type(a) is type(b) and np.asarray(a).dtype == np.asarray(b).dtype
            and np.shape(a) == np.shape(b) and np.array_equal(a, b, equal_nan=True))


def _arrays(seed: int, count: int) -> list[np.ndarray]:
    """Arrays of the kinds a read takes medians of: float32, float64 and integers, one or two
    axes, ties, zeros, a NaN now and then."""
    rng = np.random.default_rng(seed)
    out = []
    for k in range(count):
        shape = tuple(int(s) for s in rng.integers(1, 14, size=1 + k % 2))
        if k % 4 == 3:
            out.append(rng.integers(-40, 40, size=shape).astype(np.int64))
            continue
        x = (rng.normal(size=shape) * 10.0 ** rng.integers(-3, 4)).astype(
            np.float32 if k % 2 else np.float64)
        if k % 5 == 0:
            x = np.round(x, 1)  # ties and zeros
        if k % 23 == 0:
            x.flat[int(rng.integers(x.size))] = np.nan
        out.append(x)
    return out


def test_the_median_is_numpys_bit_for_bit() -> None:
    for x in _arrays(1, 3000):
        for axis in (None, *range(x.ndim)):
            assert _same(median(x, axis=axis), np.median(x, axis=axis)), (x, axis)


def test_the_median_leaves_what_it_does_not_take_to_numpy() -> None:
    for x in (np.array([True, False, True]), np.arange(5, dtype=np.float16),
              np.array(3.5, np.float32)):
        assert _same(median(x), np.median(x))
    with pytest.warns(RuntimeWarning):  # an empty array: numpy's warning and NaN
        assert np.isnan(median(np.zeros(0, np.float32)))


def test_the_percentile_is_numpys_bit_for_bit() -> None:
    for x in _arrays(2, 1500):
        if x.dtype.kind != "f":
            continue
        for q in (0, 5, 25, 50, 75, 95, 100, 12.5, 33.3):
            assert _same(percentile(x, q), np.percentile(x, q)), (x, q)


def test_each_squares_colour_is_that_of_the_area_resize() -> None:
    """Every board size, colour and grey, and pixel values whose square means fall exactly
    half way between two levels (OpenCV rounds those to even)."""
    rng = np.random.default_rng(3)
    for rows, cols in ((6, 6), (7, 7), (9, 9), (6, 12), (1, 1)):
        for k in range(12):
            img = rng.integers(0, 256, (rows * 48, cols * 48, 3), dtype=np.uint8)
            if k % 2:
                img = (img // 64 * 64 + 32).astype(np.uint8)  # many means at x.5
            if k % 3 == 0:
                img = np.ascontiguousarray(img[..., 0])
            want = cv2.resize(img, (cols, rows), interpolation=cv2.INTER_AREA)
            assert _same(read_features.square_means(img, rows, cols), want)
    odd = rng.random((50, 70, 3)).astype(np.float32)  # not whole squares, not uint8
    assert _same(read_features.square_means(odd, 7, 7),
                 cv2.resize(odd, (7, 7), interpolation=cv2.INTER_AREA))


def test_the_windows_view_is_numpys() -> None:
    img = np.random.default_rng(4).random((40, 52)).astype(np.float32)
    for view in (img, img[::2, 1::3]):
        for k in (1, 5, 12):
            want = np.lib.stride_tricks.sliding_window_view(view, (k, k))
            got = read_features.windows(view, k)
            assert got.shape == want.shape and np.array_equal(got, want)
            assert not got.flags.writeable


def test_short_axis_means_and_maxima_are_numpys() -> None:
    rng = np.random.default_rng(5)
    for shape in ((49, 25, 8, 3), (12, 8, 3), (3, 28, 2), (49, 28, 1)):
        x = (rng.normal(size=shape) * 7).astype(np.float32)
        assert _same(quick_stats.last_mean(x), x.mean(axis=-1))
        assert _same(quick_stats.last_max(x), x.max(axis=-1))


def test_the_inverse_is_worked_out_once_and_kept_whole() -> None:
    for px in (48, 72):
        inv = features._top_to_grid(px)
        assert np.array_equal(inv, np.linalg.inv(features.grid_to_top(px)))
        assert inv is features._top_to_grid(px) and not inv.flags.writeable


def test_marker_corners_are_the_layouts_made_once_per_layout() -> None:
    finder = BoardFinder(7, 7)
    first = finder.corners()
    assert first is finder.corners()
    for i in finder.layout.corners:
        assert np.array_equal(first[i], finder.layout.array(i)) and not first[i].flags.writeable
    finder.layout = MarkerLayout.default(6, 6)  # another layout: made again
    assert all(np.array_equal(finder.corners()[i], finder.layout.array(i))
               for i in finder.layout.corners)


def test_a_tile_parsed_once_is_the_tile_and_the_cache_is_bounded() -> None:
    call = read_decide.Call("10325476", 0.8, 2.0)
    a, b = read_decide.reading_of(call, None), read_decide.reading_of(call, {"10325476"})
    assert a.tile == b.tile and a.tile is not None and a.tile.notation() == "10325476"
    assert b.legal is True
    info = read_decide._tile.cache_info()
    assert info.maxsize is not None and info.maxsize <= 1024


def test_every_window_of_bends_at_once_is_each_window_on_its_own() -> None:
    """The bend vote's best tile per window of bends, all windows at once, as _tiles of
    each window gives it."""
    rng = np.random.default_rng(6)
    for n in (1, 4, 12):
        weakest = (rng.normal(size=(n, len(read_paths.PAIRS), len(read_paths.BENDS)))
                   * 0.3).astype(np.float32)
        each = np.array([read_paths._tiles(weakest[..., read_paths._window(k)]).max(axis=1)
                         for k in range(read_paths.WINDOW,
                                        len(read_paths.BENDS) - read_paths.WINDOW)])
        assert _same(read_paths._window_best(weakest), each)


def _slow_confidence(first: float, lead: float, least: float) -> float:
    def ramp(x: float, line: float, top: float) -> float:
        if x < line:
            return 0.5 * max(x, 0.0) / max(line, 1e-6)
        return 0.5 + 0.5 * min(1.0, (x - line) / max(top - line, 1e-6))

    return round(min(ramp(first, least, max(least + 0.3, 0.95)), ramp(lead, 1.0, 4.0)), 3)


def test_the_confidence_written_out_is_that_of_its_two_ramps() -> None:
    rng = np.random.default_rng(7)
    edges = [-1.0, 0.0, 0.45, 0.5, 0.95, 1.0, 1.3, 4.0, 5.0, float("inf")]
    for first in edges + [float(x) for x in rng.normal(0.6, 0.5, 300)]:
        for lead in edges + [float(x) for x in rng.normal(1.5, 1.5, 10)]:
            for least in (0.0, 0.45, 0.5, 0.7, 1.2):
                assert read_decide.confidence(first, lead, least) == _slow_confidence(
                    first, lead, least)
