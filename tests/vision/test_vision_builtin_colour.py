"""The built-in reading by the colour of squares without paths (issue 9): the squares a hand
covers are told by their colour, and the bare squares beside them are still called bare on
their own evidence; a bare square under glare is the board's colour washed towards white."""

from __future__ import annotations

import numpy as np

from vision import read_paths
from vision.paths_bare import BARE_ENDS, GLARE_OFF, ODD
from vision.paths_bare_look import _board_distance, glare_off
from vision.paths_decide import TILE_ENDS, path_calls
from vision.read_decide import EMPTY
from vision.read_paths import PathScores

COLS = 4
TILE, BOARD, SKIN = (30.0, 45.0, 100.0), (90.0, 80.0, 60.0), (120.0, 160.0, 225.0)


def _board(hand: list[int]) -> tuple[PathScores, np.ndarray, dict[int, int]]:
    """A 4x4 board: a tile on every other square of rows 2-4, the top row bare but for the
    ``hand`` squares (skin, no paths)."""
    n = COLS * COLS
    tile_at = {i: i for i in range(COLS, n, 2)}
    ev = np.zeros((n, 105), np.float32)
    ends = np.full((n, 8), BARE_ENDS / 3, np.float32)
    for i, k in tile_at.items():
        ev[i] = 0.3
        ev[i, k] = 1.0
        ev[i, k + 1] = 0.5
        ends[i] = 2 * TILE_ENDS
    rng = np.random.default_rng(3)
    colour = np.array([TILE if i in tile_at else SKIN if i in hand else BOARD
                       for i in range(n)]) + rng.normal(0, 2.0, (n, 3))
    scores = PathScores(np.arange(n), ev, 1, np.zeros((n, 2), np.int32), ends[:, 1], ends=ends)
    return scores, colour, tile_at


def test_the_squares_beside_a_hand_read_bare_and_the_hand_unknown() -> None:
    hand = [0, 1]  # two side by side at the board's edge: an arm reaching in
    scores, colour, tile_at = _board(hand)
    labels = [c.label for c in path_calls(scores, colour, [None] * len(colour), cols=COLS)]
    assert labels[0] is None and labels[1] is None
    # beside the hand (r1c3 and below it r2c2) and farther off: the board's colour, no paths
    assert labels[2] == EMPTY and labels[3] == EMPTY
    assert [labels[i] for i in range(COLS, 16) if i not in tile_at] == [EMPTY] * 6
    for i, k in tile_at.items():
        assert labels[i] == read_paths.tiles()[k].notation()


def test_a_lone_odd_square_is_no_hand_and_is_not_called_bare() -> None:
    """One square of a foreign colour on its own (a daikaiju): not bare, its neighbours are."""
    scores, colour, _ = _board([2])
    labels = [c.label for c in path_calls(scores, colour, [None] * len(colour), cols=COLS)]
    assert labels[2] is None
    assert labels[1] == EMPTY and labels[3] == EMPTY


def _glared(k: int, share: float) -> list[str | None]:
    """The board of ``_board`` with no hand and square ``k`` washed ``share`` of the way from
    the board's colour towards white."""
    scores, colour, _ = _board([])
    colour[k] = np.array(BOARD) + share * (255.0 - np.array(BOARD))
    return [c.label for c in path_calls(scores, colour, [None] * len(colour), cols=COLS)]


def test_a_bare_square_under_glare_reads_bare() -> None:
    scores, colour, _ = _board([])
    colour[2] = np.array(BOARD) + 0.4 * (255.0 - np.array(BOARD))
    bare = np.array([c.label == EMPTY for c in path_calls(scores, colour, [None] * 16, cols=COLS)])
    assert bare[2]
    # it was far from the bare squares' colour: the glare rule called it, not ODD
    assert _board_distance(colour, np.arange(16), np.isin(np.arange(16), [0, 1, 3, 5, 7]),
                           None)[2] > ODD
    assert glare_off(colour, bare & (np.arange(16) != 2))[2] < GLARE_OFF
    assert _glared(3, 0.25)[3] == EMPTY


def test_a_square_off_the_line_to_white_is_not_taken_for_glare() -> None:
    """A square of another colour (a hand's skin, a daikaiju), brighter than the board, stays
    unknown: it does not lie between the board's colour and white."""
    scores, colour, _ = _board([])
    colour[2] = SKIN
    labels = [c.label for c in path_calls(scores, colour, [None] * 16, cols=COLS)]
    assert labels[2] is None and labels[3] == EMPTY
