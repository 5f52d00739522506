"""The built-in reading of bare squares on busy board art (issue 9, item 2): the board's art is
one picture across its squares, so art whose lines end near a few rim points and whose colour
runs on into a bare neighbour's is bare; and a plain bare square under glare stays bare while
a square with detail in a washed-out colour (a hand) does not."""

from __future__ import annotations

import numpy as np
import pytest
from vision_helpers import look_photo, score

from companion.core.board import GAME_BOARDS
from vision import paths_bare, read_plain
from vision.paths_bare_look import neighbour_distance
from vision.reading import Content
from vision.recognise import BoardReader

SIZES = {6: "tsuro", 7: "tsuro-of-the-seas"}


def test_a_colour_running_on_into_a_bare_neighbour_is_near() -> None:
    rng = np.random.default_rng(5)
    colour = np.array([90.0, 80.0, 60.0]) + rng.normal(0, 4.0, (16, 3))  # 4x4, art's spread
    colour[5] = colour[4] + 1.0  # r2c2 runs on from its bare neighbour r2c1
    colour[15] = (30.0, 45.0, 100.0)  # r4c4: a tile's colour
    bare = np.ones(16, bool)
    bare[[5, 15]] = False
    every = np.arange(16)
    near = neighbour_distance(colour, 4, bare, bare, every)
    assert near[5] < 1.0 < near[15]
    # the same in a darker light: distances are in the bare squares' own spreads
    assert np.allclose(neighbour_distance(0.5 * colour, 4, bare, bare, every), near, rtol=0.01)
    # without a bare neighbour: nothing to run on into
    alone = bare.copy()
    alone[[0, 1, 2, 4, 6, 8, 9, 10]] = False
    assert np.isinf(neighbour_distance(colour, 4, bare, alone, np.array([5]))[0])


def _bare_read(boards: list[tuple[int, str, int, int]]) -> tuple[int, list[str]]:
    """How many bare squares the built-in reading reads bare on these photos, and the squares
    it reads as a wrong piece."""
    right, wrongs = 0, []
    for seed, look, size, board in boards:
        photo, position, _ = look_photo(look, size, board, seed)
        reading = BoardReader(GAME_BOARDS[SIZES[size]], game=SIZES[size]).read(photo)
        _, _, wrong = score(reading, position)
        wrongs += wrong
        right += sum(piece is None and reading.squares[sq].content is Content.EMPTY
                     for sq, piece in position.items())
    return right, wrongs


# Photos of the tuning looks on which each rule read bare squares (benchmarks/vision.py's
# own photos: photo seed, look, board size, photo number)
LEANING = [(7, "reeds", 7, 3), (7, "reeds", 7, 23), (2026, "mottled", 6, 12)]
GLARED = [(7, "curved", 7, 13), (2026, "curved", 6, 12)]


def test_art_running_on_into_bare_neighbours_reads_bare(monkeypatch: pytest.MonkeyPatch) -> None:
    """Art whose lines end near a few rim points, leaning to the bare squares' look, without
    a tile's outline and in a bare neighbour's colour: bare, and nothing else read wrong."""
    right, wrongs = _bare_read(LEANING)
    monkeypatch.setattr(paths_bare, "LEANING_OUTLINE", -1.0)  # the rule off
    right_off, wrongs_off = _bare_read(LEANING)
    assert right > right_off
    assert set(wrongs) <= set(wrongs_off)


def test_a_plain_bare_square_under_glare_stays_bare(monkeypatch: pytest.MonkeyPatch) -> None:
    """On boards of plain squares the plain-square check lets a bare square washed towards
    white through; without that allowance it is left unknown."""
    right, wrongs = _bare_read(GLARED)
    plain = read_plain.odd_plain

    def without_glare(colour: np.ndarray, detail: np.ndarray, bare: np.ndarray,
                      line: float, glare: bool = False) -> np.ndarray:
        out = plain(colour, detail, bare, line, glare)
        return np.ones_like(out) if glare else out  # the allowance off

    monkeypatch.setattr(read_plain, "odd_plain", without_glare)
    right_off, wrongs_off = _bare_read(GLARED)
    assert right > right_off
    assert set(wrongs) <= set(wrongs_off)
