"""A plain bare square under a glare spot on a taught board is read bare (issue 9,
vision.taught_glare): the spot is smooth, a tile's paths are not."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from vision_helpers import look_photo, taught_set

from companion.core.board import GAME_BOARDS
from vision import taught_glare
from vision.read_features import PX
from vision.reading import Content
from vision.recognise import BoardReader
from vision.taught_glare import finest, smooth_bare

TSURO = GAME_BOARDS["tsuro"]


def _board(rng: np.random.Generator) -> np.ndarray:
    """A plain 3x3 board view from above, a little noise on it."""
    return np.clip(90.0 + rng.normal(0, 1.5, (3 * PX, 3 * PX)), 0, 255).astype(np.uint8)


def test_a_glare_spot_is_as_smooth_as_the_bare_squares_and_a_path_is_not() -> None:
    grey = _board(np.random.default_rng(1)).astype(np.float32)
    yy, xx = np.mgrid[0:PX, 0:PX]
    spot = 90.0 * np.exp(-((yy - PX / 2) ** 2 + (xx - PX / 3) ** 2) / (2 * (PX / 5) ** 2))
    grey[0:PX, 0:PX] += spot.astype(np.float32)  # square 0: glare
    cv2.line(grey, (PX + PX // 3, PX // 4), (PX + PX // 3, PX - PX // 4), 200.0, 2)  # 1: a path
    grey = np.clip(grey, 0, 255).astype(np.uint8)
    fine = finest(grey, 3, np.arange(9))
    assert fine[1] > 10 * max(fine[0], *fine[2:])
    assert list(smooth_bare(grey, 3, np.array([0, 1]), np.arange(2, 9))) == [True, False]
    # with too few bare squares to compare with, nothing is called
    assert not smooth_bare(grey, 3, np.array([0]), np.array([2, 3])).any()


def test_an_owners_bare_square_under_glare_is_read_bare(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # drawn, photo seed 11, the benchmark's first 6x6 photo: a glare spot on r5c1 lifted its
    # plainness above the line, no taught piece fitted, the paths saw nothing: unknown
    templates = taught_set("drawn", 6, "tsuro", 11)
    photo, position, _ = look_photo("drawn", 6, 0, seed=11)
    r5c1 = TSURO.square("r5c1")
    assert position[r5c1] is None

    def read() -> Content:
        reader = BoardReader(TSURO, templates, game="tsuro", options=frozenset())
        return reader.read(photo).squares[r5c1].content

    assert read() is Content.EMPTY
    monkeypatch.setattr(taught_glare, "FINE_BARE", 0.0)
    assert read() is not Content.EMPTY
