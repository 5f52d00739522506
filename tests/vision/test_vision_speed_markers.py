"""The marker search cut down (issue 9): once two markers are found, later grey levels look
for the others only in windows round where those two place them (wider than the windows
three markers give), a marker found at one level is not read again at the next, and the
answers are those of the search over the whole frame at every level (vision/markers.py)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

import vision.markers as markers
from vision import looks
from vision.geometry import MarkerLayout
from vision.markers import Detection, MarkerDetector

SEAS = "tsuro-of-the-seas"
CORNERS = MarkerLayout.default(7, 7)
WHERE = {i: CORNERS.array(i) for i in CORNERS.corners}
# photos on which the first grey level finds two markers only (found by trying seeds)
TWO_FIRST = [("mottled", 2), ("mottled", 5), ("seas", 10), ("held-out", 5)]


def _grey(look: str, seed: int, hand: bool = False) -> np.ndarray:
    truth = looks.random_position(np.random.default_rng(seed), 7, 7, SEAS, 0.6)
    photo, _ = looks.board_photo(look, 7, 7, truth, seed=seed, hand=hand)
    return cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY)


def _same(a: dict[int, Detection], b: dict[int, Detection]) -> bool:
    return sorted(a) == sorted(b) and all(
        np.abs(a[i].corners - b[i].corners).max() < 1e-4 for i in a)


def _placed_by(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many markers placed each set of windows the scan looks in."""
    real = markers._windows
    used: list[int] = []

    def spy(found: dict[int, Detection], *args: object, **kwargs: object) -> object:
        used.append(len(found))
        return real(found, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(markers, "_windows", spy)
    return used


@pytest.mark.parametrize(("look", "seed"), TWO_FIRST)
def test_two_markers_windows_find_what_the_whole_frame_finds(
        look: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    grey = _grey(look, seed)
    everywhere = MarkerDetector().detect(grey)  # no layout: every level over the whole frame
    used = _placed_by(monkeypatch)
    windowed = MarkerDetector().detect(grey, WHERE)
    assert used and used[0] == 2  # the windows two markers place were looked in
    assert len(windowed) >= 3
    assert _same(windowed, everywhere)


@pytest.mark.parametrize(("look", "seed"), TWO_FIRST[:2])
def test_windows_that_miss_fall_back_to_the_whole_frame(
        look: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two markers placing the others badly (a board bent or seen very askew) cost time,
    never a marker: the levels they narrowed are looked at whole again."""
    grey = _grey(look, seed)
    everywhere = MarkerDetector().detect(grey)
    real = markers._windows

    def astray(found: dict[int, Detection], layout: object, f: float,
               shape: tuple[int, ...], sides: float = 1.0) -> list[tuple[int, int, int, int]]:
        if len(found) < 3:
            return [(0, 0, 10, 10)]  # a corner of the frame with no marker in it
        return real(found, layout, f, shape, sides)  # type: ignore[arg-type]

    monkeypatch.setattr(markers, "_windows", astray)
    assert _same(MarkerDetector().detect(grey, WHERE), everywhere)


@pytest.mark.parametrize("look", ["drawn", "mottled", "curved", "seas", "held-out"])
def test_the_windowed_search_answers_as_the_whole_frame_does(look: str) -> None:
    for seed in range(3):
        grey = _grey(look, 30 + seed, hand=seed == 2)
        assert _same(MarkerDetector().detect(grey, WHERE), MarkerDetector().detect(grey))


def test_a_marker_found_at_one_level_is_not_read_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    grey = _grey("mottled", 5)
    read: list[np.ndarray] = []
    real = MarkerDetector._read_bits

    def counted(self: MarkerDetector, g: np.ndarray, q: np.ndarray,
                retry: bool = False) -> tuple[int, np.ndarray] | None:
        got = real(self, g, q, retry)
        if got is not None:
            read.append(q.mean(axis=0))
        return got

    monkeypatch.setattr(MarkerDetector, "_read_bits", counted)
    found = MarkerDetector().detect(grey)
    assert len(found) == 4
    # each marker's bits were read once, at the level it was first found
    assert len(read) == len(found)


def test_the_corner_fit_finds_a_drawn_markers_corners() -> None:
    """refine_quads (the corners fitted to the markers' edges) on a drawn marker: each
    corner lands within a tenth of a pixel of the true one."""
    side, pad = 60, 30
    sharp = np.full((side + 2 * pad, side + 2 * pad), 255, np.uint8)
    sharp[pad:pad + side, pad:pad + side] = markers.marker_image(1, side)
    img = cv2.GaussianBlur(sharp, (0, 0), 1.0)
    true = np.array([[pad, pad], [pad + side, pad], [pad + side, pad + side],
                     [pad, pad + side]], np.float32) - 0.5
    rough = true + np.array([[1.5, -1.0], [-1.2, 1.4], [0.8, 1.1], [-1.3, -0.9]], np.float32)
    fitted = markers.refine_quads(img, rough[None])[0]
    assert np.abs(fitted - true).max() < 0.1


def _shifted(photo: np.ndarray, dx: float, dy: float) -> np.ndarray:
    m = np.array([[1.0, 0.0, dx], [0.0, 1.0, dy]])
    return cv2.warpAffine(photo, m, (photo.shape[1], photo.shape[0]),
                          borderMode=cv2.BORDER_REPLICATE)


def _photo(look: str, seed: int, hand: bool = False) -> np.ndarray:
    truth = looks.random_position(np.random.default_rng(seed), 7, 7, SEAS, 0.6)
    photo, _ = looks.board_photo(look, 7, 7, truth, seed=seed, hand=hand)
    return photo


def _whole_frame_levels(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    real = markers._outlines
    whole: list[int] = []

    def spy(small: np.ndarray, level: int,
            windows: list[tuple[int, int, int, int]] | None) -> list[np.ndarray]:
        if windows is None:
            whole.append(level)
        return real(small, level, windows)

    monkeypatch.setattr(markers, "_outlines", spy)
    return whole


def test_a_nudged_board_is_found_where_its_markers_were(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Frame after frame the finder looks first round the markers it found last: a board
    nudged a few pixels is placed as a finder seeing it afresh places it, and no grey
    level is looked at over the whole frame."""
    from vision.board_finder import BoardFinder

    photo = _photo("mottled", 5)
    nudged = cv2.cvtColor(_shifted(photo, 7.0, -5.0), cv2.COLOR_BGR2GRAY)
    finder = BoardFinder(7, 7)
    finder.find(cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY))
    fresh = BoardFinder(7, 7).find(nudged)
    whole = _whole_frame_levels(monkeypatch)
    again = finder.find(nudged)
    assert whole == []
    assert again.markers == fresh.markers == 4
    assert np.abs(again.homography - fresh.homography).max() < 1e-6


def test_a_board_moved_far_or_with_a_marker_missing_is_still_found(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Markers not found round where they were (the board moved far): the whole frame is
    searched. A marker missing (seas seed 7 shows three) costs only the windows."""
    from vision.board_finder import BoardFinder

    finder = BoardFinder(7, 7)
    finder.find(cv2.cvtColor(_photo("mottled", 5), cv2.COLOR_BGR2GRAY))
    three = _photo("seas", 7)
    cases = ((_photo("seas", 9), True, 4), (three, None, 3),
             (_shifted(three, -4.0, 6.0), False, 3))
    whole = _whole_frame_levels(monkeypatch)
    for frame, moved_far, markers_seen in cases:
        grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        whole.clear()
        got = finder.find(grey)
        if moved_far is not None:
            assert bool(whole) == moved_far
        fresh = BoardFinder(7, 7).find(grey)
        assert got.markers == fresh.markers == markers_seen
        assert np.abs(got.homography - fresh.homography).max() < 1e-6
