"""Which board colour an open square is compared with at the frame's own scale (issue 9,
item 2; vision.full_bare, round 7): a board's art changes across it, so a square near the
colour of one bare square is the board's colour too; a board with few squares read surely
bare learns its colour from every square read bare; and every square still unknown is asked,
not only those without path ends at the view's scale."""

from __future__ import annotations

import cv2
import numpy as np

from companion.core.board import POINT_UV
from vision.features import warp_top_down
from vision.full_bare import SURE, frame_bare, open_squares
from vision.read_decide import EMPTY, Call
from vision.read_features import PX
from vision.read_paths import PathScores

ROWS, COLS, SCALE, OFF = 3, 5, 64, 20
BOARD = (90, 110, 130)  # BGR of most of the board's print
WING = (150, 95, 80)  # a part of the print in another colour (a bird's wing)
KAIJU = (40, 160, 60)  # a daikaiju's colour: no board print has it
TILE = (60, 80, 150)  # a red-brown piece of card
TILES = [0, 1, 2, 3, 5]  # squares holding a tile (sure); the rest are bare


def _frame(colours: dict[int, tuple[int, int, int]]) -> tuple[np.ndarray, np.ndarray]:
    """A frame seen straight from above at SCALE pixels a square: the board's print (a
    square of ``colours`` printed in its own colour), tiles with pale paths two pixels wide
    running in from each rim point, and the homography from grid units to the frame."""
    rng = np.random.default_rng(3)
    h, w = ROWS * SCALE + 2 * OFF, COLS * SCALE + 2 * OFF
    frame = np.zeros((h, w, 3), np.float32) + np.array(BOARD, np.float32)
    frame += rng.normal(0, 2, (h, w, 1))
    for k, colour in colours.items():
        r, c = divmod(k, COLS)
        frame[OFF + r * SCALE:OFF + (r + 1) * SCALE, OFF + c * SCALE:OFF + (c + 1) * SCALE] = (
            colour)
    for k in TILES:
        r, c = divmod(k, COLS)
        x0, y0 = OFF + c * SCALE, OFF + r * SCALE
        frame[y0 + 2:y0 + SCALE - 2, x0 + 2:x0 + SCALE - 2] = TILE
        for u, v in POINT_UV:  # a path from each point a third of the way in
            a = (round(x0 + u * SCALE), round(y0 + v * SCALE))
            b = (round(x0 + (u + (0.5 - u) * 0.6) * SCALE),
                 round(y0 + (v + (0.5 - v) * 0.6) * SCALE))
            line = np.zeros((h, w), np.uint8)
            cv2.line(line, a, b, 1, 2)
            frame[line > 0] += 80.0
    hom = np.array([[SCALE, 0, OFF], [0, SCALE, OFF], [0, 0, 1]], np.float64)
    return np.clip(frame, 0, 255).astype(np.uint8), hom


def _calls(open_: list[int], bare_confidence: float = 0.9) -> list[Call]:
    return [Call(None, 0.3) if k in open_ else Call("01234567", 0.9, 3.0) if k in TILES
            else Call(EMPTY, bare_confidence, 9.0) for k in range(ROWS * COLS)]


def _read(colours: dict[int, tuple[int, int, int]], calls: list[Call],
          open_: list[int]) -> set[int]:
    frame, hom = _frame(colours)
    top = warp_top_down(frame, hom, ROWS, COLS, PX)
    idx = np.arange(ROWS * COLS)
    found = frame_bare(frame, hom, top, COLS, idx, np.isin(idx, open_), calls, 1)
    assert all(c.label == EMPTY for c in found.values())
    return set(found)


def test_an_open_square_near_the_colour_of_one_bare_square_is_bare() -> None:
    # 4, 6 ... 12 print the board's colour, 13 the wing's; 14 is open and prints the wing
    # too: far from the bare squares' typical colour, but near one of them
    assert _read({13: WING, 14: WING}, _calls([14]), [14]) == {14}


def test_an_open_square_of_a_colour_no_bare_square_shows_is_not_bare() -> None:
    # a daikaiju shows no path end either; neither the median nor any one bare square
    # is near its colour
    assert _read({13: WING, 14: KAIJU}, _calls([14]), [14]) == set()


def test_few_sure_bare_squares_the_squares_read_bare_less_surely_teach_the_colour() -> None:
    calls = _calls([10], bare_confidence=SURE - 0.1)  # bare, but none of them surely
    assert _read({}, calls, [10]) == {10}
    # no square read bare at all: nothing to learn the board's colour from
    none = [Call(None, 0.3) if c.label == EMPTY else c for c in calls]
    assert _read({}, none, [10]) == set()


def _paths(ends: np.ndarray, shape_best: float) -> PathScores:
    n = len(ends)
    tile = np.full((n, 105), 0.3, np.float32)
    shape = np.full((n, 105), 0.1, np.float32)
    shape[:, 0] = shape_best
    return PathScores(np.arange(n), tile, 1, np.zeros((n, 2)), np.sort(ends, axis=1)[:, 1],
                      ends=ends.astype(np.float32), shape=shape)


def test_every_unknown_square_is_asked_but_near_twins_and_squares_showing_a_tile() -> None:
    # 0: no path ends; 1: art ending near every rim point (reed stalks) whose lines fit no
    # tile drawn whole; 2: left between near twins; 3: read; 4: path ends and lines fitting
    # a tile drawn whole (a tile, its pairing unclear)
    ends = np.array([[0.0] * 8, [0.9] * 8, [0.0] * 8, [0.9] * 8, [0.9] * 8])
    paths = _paths(ends, 0.2)
    paths.shape[4, 0] = 0.8  # type: ignore[index]
    paths.tile[4, 0] = 0.9
    calls = [Call(None, 0.3), Call(None, 0.3), Call(None, 0.4, 1.0, "01234567", twins=True),
             Call(EMPTY, 0.9, 9.0), Call(None, 0.3)]
    assert open_squares(paths, calls).tolist() == [True, True, False, False, False]
