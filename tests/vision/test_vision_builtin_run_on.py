"""Board art running on across the grid lines (issue 9, item 2; vision.full_bare, RUN_ON):
long straight stalks cross a bare square at the very points where a tile's paths end, so its
path ends show as a tile's do; but a tile is a piece of card of its own, with an outline all
round, and the bare square has none. A tile printed in the board's own colours keeps its
outline and is not called bare."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.core.board import POINT_UV
from vision import full_bare
from vision.features import warp_top_down
from vision.full_bare import frame_bare
from vision.read_decide import EMPTY, Call
from vision.read_features import PX

ROWS, COLS, SCALE, OFF = 3, 4, 64, 20
BOARD = (90, 110, 130)  # BGR of the board's print
TILE = (60, 80, 150)  # a red-brown piece of card
TILES = [0, 1, 2, 3, 5]  # squares holding a sure tile
STALKS = 9  # a bare square crossed by stalks at a third and two thirds, both ways (bare
# squares either side of it: a neighbouring piece's own edge shows along the side it shares)
PLAIN = 6  # a tile printed in the board's colours, its edge a dark gap round it


def _frame(seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """The board seen straight from above at SCALE pixels a square (stalks over all of it,
    tiles laid on top) and the homography from grid units to the frame."""
    rng = np.random.default_rng(seed)
    h, w = ROWS * SCALE + 2 * OFF, COLS * SCALE + 2 * OFF
    frame = np.zeros((h, w, 3), np.float32)
    frame[:] = BOARD
    stalks = np.zeros((h, w), np.uint8)
    # straight stalks the whole height and width of the board, at a third and two thirds of
    # every square (through the points where a tile's paths end), none on the grid lines
    for k in (k for k in range(COLS * 3) if k % 3):
        x = round(OFF + k * SCALE / 3)
        cv2.line(stalks, (x, 0), (x, h - 1), 1, 2)
    for k in (k for k in range(ROWS * 3) if k % 3):
        y = round(OFF + k * SCALE / 3)
        cv2.line(stalks, (0, y), (w - 1, y), 1, 2)
    frame[stalks > 0] += 70.0
    for k in [*TILES, PLAIN]:
        r, c = divmod(k, COLS)
        x0, y0 = OFF + c * SCALE, OFF + r * SCALE
        card = TILE if k != PLAIN else BOARD
        frame[y0:y0 + SCALE, x0:x0 + SCALE] = (40, 40, 40)  # the gap round a piece
        frame[y0 + 3:y0 + SCALE - 3, x0 + 3:x0 + SCALE - 3] = card
        for u, v in POINT_UV:  # a path from each point a third of the way in
            a = (x0 + u * SCALE, y0 + v * SCALE)
            b = (x0 + (u + (0.5 - u) * 0.6) * SCALE, y0 + (v + (0.5 - v) * 0.6) * SCALE)
            line = np.zeros((h, w), np.uint8)
            cv2.line(line, (round(a[0]), round(a[1])), (round(b[0]), round(b[1])), 1, 2)
            frame[(line > 0) & (np.abs(frame - (40, 40, 40)).sum(axis=2) > 0)] += 70.0
    frame += rng.normal(0, 3, frame.shape).astype(np.float32)
    hom = np.array([[SCALE, 0, OFF], [0, SCALE, OFF], [0, 0, 1]], np.float64)
    return np.clip(frame, 0, 255).astype(np.uint8), hom


def _calls(open_: list[int]) -> list[Call]:
    """Sure tiles on TILES, sure bare elsewhere, nothing on ``open_``."""
    return [Call(None, 0.3) if k in open_ else Call("01234567", 0.9, 3.0) if k in TILES
            else Call(EMPTY, 0.9, 9.0) for k in range(ROWS * COLS)]


def test_stalks_crossing_a_bare_square_are_art_and_a_tile_of_the_boards_colours_is_not() -> None:
    frame, hom = _frame()
    top = warp_top_down(frame, hom, ROWS, COLS, PX)
    idx = np.arange(ROWS * COLS)
    found = frame_bare(frame, hom, top, COLS, idx, np.isin(idx, [STALKS, PLAIN]),
                       _calls([STALKS, PLAIN]), 1)
    assert set(found) == {STALKS} and found[STALKS].label == EMPTY


def test_without_the_outline_the_stalks_keep_the_square_open(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the path ends alone (round 7) cannot tell the stalks from a tile's paths
    monkeypatch.setattr(full_bare, "RUN_ON", float("-inf"))
    frame, hom = _frame()
    top = warp_top_down(frame, hom, ROWS, COLS, PX)
    idx = np.arange(ROWS * COLS)
    assert frame_bare(frame, hom, top, COLS, idx, np.isin(idx, [STALKS]), _calls([STALKS]),
                      1) == {}
