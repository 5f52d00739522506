"""Every oriented tile, daikaiju facing and empty square, read from generated photos."""

from __future__ import annotations

import numpy as np
import pytest
from vision_helpers import score, spread

from companion.core.board import GAME_BOARDS, Side
from companion.tsuro.tiles import PATTERNS, all_oriented
from vision.reading import Content, Daikaiju
from vision.recognise import BoardReader
from vision.simulate import Scene, render_photo
from vision.templates import builtin

TSURO = GAME_BOARDS["tsuro"]


def test_the_templates_tell_every_oriented_tile_apart() -> None:
    t = builtin()
    tiles = [i for i, lb in enumerate(t.labels) if not lb.startswith("daikaiju")]
    assert len(tiles) == 105 == len(all_oriented())
    sims = t.vectors[tiles] @ t.vectors[tiles].T
    np.fill_diagonal(sims, -1)
    assert sims.max() < 0.9  # no two drawn tiles are near copies of each other


@pytest.mark.parametrize("scene", [
    Scene(tilt_deg=8, tilt_dir_deg=40, turn_deg=4, blur=0.7, noise=2, jpeg=90, seed=1),
    Scene(tilt_deg=25, tilt_dir_deg=200, turn_deg=-70, blur=1.2, noise=4, light=0.4,
          cast=(0.9, 1.0, 1.1), askew_deg=3, askew_shift=0.02, jpeg=70, seed=2),
], ids=["gentle", "hard"])
def test_every_pattern_in_every_rotation(scene: Scene) -> None:
    pieces = [*all_oriented(), *(Daikaiju(s) for s in Side)]
    boards = spread(pieces, TSURO.squares()[:-3])  # three squares per board stay empty
    assert sum(1 for b in boards for p in b.values() if p is not None) == 109
    wrong: list[str] = []
    unknown = right = 0
    for truth in boards:
        frame = render_photo(6, 6, truth, scene)
        reading = BoardReader(TSURO).read(frame)
        assert reading.found and reading.markers == 4
        r, u, w = score(reading, truth)
        right, unknown, wrong = right + r, unknown + u, wrong + w
    assert wrong == []
    total = sum(len(b) for b in boards)
    assert unknown <= 1, f"{unknown} unknown"
    assert right + unknown == total


def test_all_35_patterns_are_covered() -> None:
    assert {t.pattern() for t in all_oriented()} == set(PATTERNS)


def test_daikaiju_facing_and_empty_squares() -> None:
    truth = {sq: None for sq in TSURO.squares()}
    for i, side in enumerate(Side):
        truth[TSURO.squares()[7 + i * 7]] = Daikaiju(side)
    frame = render_photo(6, 6, truth, Scene(tilt_deg=15, turn_deg=30, blur=0.8, noise=3, seed=4))
    reading = BoardReader(TSURO).read(frame)
    right, unknown, wrong = score(reading, truth)
    assert (right, unknown, wrong) == (36, 0, [])
    kaiju = [r for r in reading.squares.values() if r.content is Content.DAIKAIJU]
    assert sorted(r.facing for r in kaiju) == list(Side)  # type: ignore[type-var]
    assert all(r.confidence > 0.5 for r in reading.squares.values())


def test_unknown_confidence_is_below_every_called_square() -> None:
    # A tile covered half by a piece of paper: it must not be called.
    truth = {sq: None for sq in TSURO.squares()}
    truth[TSURO.squares()[14]] = all_oriented()[50]
    frame = render_photo(6, 6, truth, Scene(seed=5))
    reader = BoardReader(TSURO)
    clean = reader.read(frame)
    assert clean.squares[TSURO.squares()[14]].tile == all_oriented()[50]
    reader.forget()
    # Find the square in the photo and paint half of it white.
    h = reader.finder.last.homography  # type: ignore[union-attr]
    import cv2

    sq = TSURO.squares()[14]
    quad = np.float64([[sq.col - 1, sq.row - 1], [sq.col - 0.5, sq.row - 1],
                       [sq.col - 0.5, sq.row], [sq.col - 1, sq.row]])
    pts = cv2.perspectiveTransform(quad[None], h)[0].astype(np.int32)
    covered = frame.copy()
    cv2.fillConvexPoly(covered, pts, (250, 250, 250))
    got = reader.read(covered).squares[sq]
    assert got.content is Content.UNKNOWN
    assert got.confidence < 0.5
