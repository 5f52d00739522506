"""A taught tile call on a square partly under a hand is opened (vision.taught_hand, issue 9):
a quarter of skin is not of the colour of the tiles read surely, and the finer look does not
find the tile there; a tile called by a small lead next to it that some quarter does not
show is opened too."""

from __future__ import annotations

import cv2
import numpy as np

from companion.core.board import GAME_BOARDS
from companion.tsuro.tiles import PATTERNS
from vision import looks
from vision.drawing import draw_tile
from vision.read_decide import EMPTY, Call
from vision.read_features import PX
from vision.read_fine import SOURCE, FineModel, View
from vision.read_gates import LEAST_SURE, SURE_LEAD
from vision.taught_hand import hand_check
from vision.templates import _turned

BOARD = GAME_BOARDS["tsuro"]
SQUARES = BOARD.squares()
ROWS, COLS = BOARD.rows, BOARD.cols
STYLE = looks.spec("curved").style
assert STYLE is not None
SKIN = (110, 150, 205)  # BGR, as the simulator paints a hand


def _board() -> tuple[np.ndarray, dict[int, Call]]:
    """A colour top-down view with a tile on every square, each called surely (each tile
    once: the finer look is taught from this view before a hand is painted on it)."""
    top = np.full((ROWS * PX, COLS * PX, 3), 60, np.uint8)
    calls: dict[int, Call] = {}
    for i in range(ROWS * COLS):
        tile = PATTERNS[i % len(PATTERNS)]
        r, c = divmod(i, COLS)
        art = cv2.resize(draw_tile(tile, PX * 4, STYLE), (PX - 2, PX - 2),
                         interpolation=cv2.INTER_AREA)
        top[r * PX + 1:(r + 1) * PX - 1, c * PX + 1:(c + 1) * PX - 1] = art
        calls[i] = Call(tile.notation(), 0.9, SURE_LEAD + 1.0)
    return top, calls


def _model(top: np.ndarray, calls: dict[int, Call]) -> FineModel:
    grey = View(cv2.cvtColor(top, cv2.COLOR_BGR2GRAY), COLS)
    return FineModel.from_samples([(c.label or "", grey.crop(i, SOURCE))
                                   for i, c in calls.items()], _turned)


def _check(model: FineModel, top: np.ndarray, calls: dict[int, Call],
           settled: tuple[int, ...] = ()) -> dict[int, Call]:
    """The hand check, ``settled`` being squares the taught reader left open (called later)."""
    view = View(cv2.cvtColor(top, cv2.COLOR_BGR2GRAY), COLS)
    first = {i: c for i, c in calls.items() if i not in settled}
    return hand_check(model, view, top, ROWS, COLS, calls, first, None, SQUARES)


def test_a_tile_with_a_quarter_of_skin_is_opened_and_no_other() -> None:
    top, calls = _board()
    model = _model(top, calls)
    k = 2 * COLS + 3
    r, c = divmod(k, COLS)
    # a finger over the square's top-left quarter only
    top[r * PX:r * PX + PX // 2, c * PX:c * PX + PX // 2] = SKIN
    out = _check(model, top, calls, (k,))
    assert out[k].label is None and out[k].second == calls[k].label
    # the taught reader's own call by a clear lead is not second-guessed
    assert _check(model, top, calls) == calls
    assert {i: v for i, v in out.items() if i != k} == {i: v for i, v in calls.items() if i != k}


def test_a_weak_call_next_to_the_hand_whose_quarter_shows_nothing_of_it_is_opened() -> None:
    top, calls = _board()
    model = _model(top, calls)
    k, weak, sure = 2 * COLS + 3, 2 * COLS + 4, 2 * COLS + 2
    r, c = divmod(k, COLS)
    top[r * PX:r * PX + PX // 2, c * PX:c * PX + PX // 2] = SKIN
    # a quarter of each neighbour blotted out with grain in a tile's own colour (the rest
    # of a hand whose colour passes for a tile's): nothing of the tile shows there
    rng = np.random.default_rng(1)
    for j in (weak, sure):
        rj, cj = divmod(j, COLS)
        block = top[rj * PX + PX // 2 - 4:(rj + 1) * PX, cj * PX + PX // 2 - 4:(cj + 1) * PX]
        grain = rng.normal(0.0, 25.0, block.shape[:2])[:, :, None]
        block[:] = np.clip(np.median(block.reshape(-1, 3), axis=0) + grain, 0, 255)
    calls[weak] = Call(calls[weak].label, 0.55, SURE_LEAD / 2)
    out = _check(model, top, calls, (k,))
    assert out[weak].label is None and out[sure] == calls[sure]


def test_without_a_hand_every_call_stands() -> None:
    top, calls = _board()
    assert _check(_model(top, calls), top, calls) == calls


def test_bare_calls_and_boards_with_too_few_sure_tiles_are_left_alone() -> None:
    top, calls = _board()
    model = _model(top, calls)
    r, c = 0, 0
    top[r * PX:(r + 1) * PX, c * PX:(c + 1) * PX] = SKIN
    calls[0] = Call(EMPTY, 0.9, 3.0)  # the hand check speaks of tiles only
    assert _check(model, top, calls)[0] == calls[0]
    few = {i: (v if i < LEAST_SURE // 4 - 1 else Call(v.label, 0.6, SURE_LEAD / 2))
           for i, v in calls.items()}
    top[PX:PX + PX // 2, :PX // 2] = SKIN  # square 6 (a tile) under a finger
    assert _check(model, top, few) == few
