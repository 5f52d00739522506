"""The markers of a blurred photo (issue 9): when the grey-level scan and the stock detector
find fewer than three, the sharpened photo read with bit errors corrected finds the rest, and
the board lies where it truly does; a photo without our markers still has none."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import pytest

from companion.core.board import Square
from companion.tsuro.tiles import PATTERNS
from vision import looks, markers
from vision.board_finder import BoardFinder
from vision.errors import BoardNotFound
from vision.markers_blur import blurred_markers


def _blurred_photo(monkeypatch: pytest.MonkeyPatch) -> tuple[np.ndarray, np.ndarray]:
    """A 7x7 `mottled` photo taken with twice the benchmark's blur (2.6 px), and the true
    homography from grid units to its pixels."""
    plain = looks._scene
    monkeypatch.setattr(looks, "_scene", lambda seed, frame, disorder: dataclasses.replace(
        plain(seed, frame, disorder), blur=2.6))
    position = {Square(r, c): PATTERNS[(r * 7 + c) % 35] for r in range(2, 6) for c in range(2, 6)}
    photo, _, truth = looks.board_photo_and_pose("mottled", 7, 7, position, 9,
                                                 game="tsuro-of-the-seas")
    return cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY), truth


def _grid(h: np.ndarray) -> np.ndarray:
    corners = np.array([[[0, 0], [7, 0], [7, 7], [0, 7]]], np.float64)
    return cv2.perspectiveTransform(corners, h)[0]


def test_a_blurred_photo_is_placed_where_the_board_lies(monkeypatch: pytest.MonkeyPatch) -> None:
    grey, truth = _blurred_photo(monkeypatch)
    with monkeypatch.context() as m:
        m.setattr(markers, "blurred_markers", lambda *args: {})
        with pytest.raises(BoardNotFound):  # the scan and the stock detector alone: lost
            BoardFinder(7, 7).find(grey)
    pose = BoardFinder(7, 7).find(grey)
    assert pose.markers >= 3
    assert float(np.abs(_grid(pose.homography) - _grid(truth)).max()) < 3.0


def test_no_marker_is_made_up_in_photos_without_ours() -> None:
    rng = np.random.default_rng(4)
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    for k in range(12):
        noise = rng.integers(0, 256, (330, 440), dtype=np.uint8)
        img = cv2.GaussianBlur(noise, (0, 0), 0.5 + k % 3)
        cells = cv2.resize((rng.integers(0, 2, (6, 8)) * 255).astype(np.uint8), (440, 330),
                           interpolation=cv2.INTER_NEAREST)
        for image in (img, cv2.GaussianBlur(cells, (0, 0), 1.0 + k % 3)):
            assert blurred_markers(image, dictionary) == {}
            with pytest.raises(BoardNotFound):
                BoardFinder(6, 6).find(image)
