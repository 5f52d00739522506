"""Squares left open between bare and a tile, judged again at the frame's own scale (issue 9,
item 2; vision.full_bare): a tile's thin paths cross its rim at the eight points, plain
board art does not, and the board's own sure tiles say how strongly a path end shows."""

from __future__ import annotations

import cv2
import numpy as np

from companion.core.board import POINT_UV
from vision.features import warp_top_down
from vision.full_bare import LEAST, MARGIN, SIDE, frame_bare, rim_ends
from vision.read_decide import EMPTY, Call
from vision.read_features import PX

ROWS, COLS, SCALE, OFF = 3, 4, 64, 20
BOARD = (90, 110, 130)  # BGR of the board's print
TILE = (60, 80, 150)  # a red-brown piece of card
TILES = [0, 1, 2, 3, 5]  # squares holding a tile; 4, 6, 7 ... are bare
FAINT = 5  # a tile whose paths are faint (left open by the paths at 48 px)


def _frame(seed: int = 1, faint_contrast: float = 40.0, kaiju: int | None = None
           ) -> tuple[np.ndarray, np.ndarray]:
    """A frame of the board seen straight from above at SCALE pixels a square: smooth art,
    tiles with pale paths two pixels wide running in from each rim point, and the
    homography from grid units to the frame."""
    rng = np.random.default_rng(seed)
    h, w = ROWS * SCALE + 2 * OFF, COLS * SCALE + 2 * OFF
    noise = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 12)
    art = noise / float(np.abs(noise).max()) * 12
    frame = np.stack([BOARD[i] + art for i in range(3)], axis=2)
    for k in TILES + ([kaiju] if kaiju is not None else []):
        r, c = divmod(k, COLS)
        x0, y0 = OFF + c * SCALE, OFF + r * SCALE
        colour = (40, 160, 60) if k == kaiju else TILE if k != FAINT else BOARD
        frame[y0 + 2:y0 + SCALE - 2, x0 + 2:x0 + SCALE - 2] = colour
        frame[y0 + 2:y0 + SCALE - 2, x0 + 2:x0 + SCALE - 2] += rng.normal(
            0, 4, (SCALE - 4, SCALE - 4, 1))
        if k == kaiju:
            continue
        pale = faint_contrast if k == FAINT else 80.0
        for u, v in POINT_UV:  # a path from each point a third of the way in
            a = (x0 + u * SCALE, y0 + v * SCALE)
            b = (x0 + (u + (0.5 - u) * 0.6) * SCALE, y0 + (v + (0.5 - v) * 0.6) * SCALE)
            line = np.zeros((h, w), np.uint8)
            cv2.line(line, (round(a[0]), round(a[1])), (round(b[0]), round(b[1])), 1, 2)
            frame[line > 0] += pale
    hom = np.array([[SCALE, 0, OFF], [0, SCALE, OFF], [0, 0, 1]], np.float64)
    return np.clip(frame, 0, 255).astype(np.uint8), hom


def _square(frame: np.ndarray, hom: np.ndarray, k: int) -> np.ndarray:
    r, c = divmod(k, COLS)
    t = np.array([[1 / SIDE, 0, c - MARGIN / SIDE], [0, 1 / SIDE, r - MARGIN / SIDE], [0, 0, 1]])
    n = SIDE + 2 * MARGIN
    return cv2.warpPerspective(frame, hom @ t, (n, n),
                               flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP)


def _calls(open_: list[int]) -> list[Call]:
    """Sure tiles on TILES (but FAINT), sure bare elsewhere, nothing on ``open_``."""
    return [Call(None, 0.3) if k in open_ else Call("01234567", 0.9, 3.0) if k in TILES
            else Call(EMPTY, 0.9, 9.0) for k in range(ROWS * COLS)]


def test_path_ends_show_at_the_frames_scale_on_tiles_only() -> None:
    frame, hom = _frame()
    tile = np.sort(rim_ends(_square(frame, hom, 0), 1))[2]
    faint = np.sort(rim_ends(_square(frame, hom, FAINT), 1))[2]
    bare = np.sort(rim_ends(_square(frame, hom, 6), 1))[2]
    assert faint > 0.5 * tile and bare < 0.3 * tile, (tile, faint, bare)
    # asked for dark paths, pale ones show only their shoulders
    assert np.sort(rim_ends(_square(frame, hom, 0), -1))[2] < 0.6 * tile


def test_an_open_bare_square_is_called_bare_and_an_open_faint_tile_is_not() -> None:
    frame, hom = _frame()
    top = warp_top_down(frame, hom, ROWS, COLS, PX)
    idx = np.arange(ROWS * COLS)
    open_ = np.isin(idx, [FAINT, 6, 10])
    found = frame_bare(frame, hom, top, COLS, idx, open_, _calls([FAINT, 6, 10]), 1)
    assert set(found) == {6, 10} and all(c.label == EMPTY for c in found.values())


def test_a_square_of_a_foreign_colour_without_paths_is_not_called_bare() -> None:
    # a daikaiju (or a hand) shows no path end either, but not the board's colour
    frame, hom = _frame(kaiju=6)
    top = warp_top_down(frame, hom, ROWS, COLS, PX)
    idx = np.arange(ROWS * COLS)
    found = frame_bare(frame, hom, top, COLS, idx, np.isin(idx, [6, 10]), _calls([6, 10]), 1)
    assert set(found) == {10}


def test_nothing_is_said_without_enough_sure_squares_to_learn_from() -> None:
    frame, hom = _frame()
    top = warp_top_down(frame, hom, ROWS, COLS, PX)
    idx = np.arange(ROWS * COLS)
    calls = _calls([6, 10])
    sure_tiles = [k for k, c in enumerate(calls) if c.label not in (None, EMPTY)]
    for k in sure_tiles[LEAST[0] - 1:]:
        calls[k] = Call(None, 0.3)  # one sure tile too few
    assert frame_bare(frame, hom, top, COLS, idx, np.isin(idx, [6, 10]), calls, 1) == {}
