"""Near twins told apart on the pixels where they differ, and the finer look's checks on
tiles the box settled (issue 9, taught boards): vision.taught_twin_pixels, vision.read_again.

The looks are the project's curved drawing of the four tiles whose paths all cross in the
middle, taught from one drawn row of squares (tests/vision/test_vision_taught_fine.py's)."""

from __future__ import annotations

import numpy as np
from test_vision_taught_fine import _board, _model

from companion.core.board import POINT_UV
from companion.tsuro.tiles import Tile
from vision.read_again import candidates, finer_look
from vision.read_decide import Call
from vision.read_features import PX
from vision.read_fine import PATCH, View
from vision.taught_twin_pixels import LEAD, _held, decide_twins, difference, placed

# The four crossing tiles: each pairs four rim points as another does and re-pairs the rest.
CROSSING = ("45670123", "35607124", "46570213", "36507214")
LOOPS = "10325476"  # four small loops by the rim
OPEN = Call(None, 0.3)


def _noisy(label: str, angle: float, shift: tuple[int, int], seed: int) -> View:
    """One square holding ``label`` drawn turned and shifted, under camera noise."""
    rng = np.random.default_rng(seed)
    board = np.roll(_board([label], angle), shift, axis=(0, 1)).astype(np.float32)
    return View(np.clip(board + rng.normal(0.0, 12.0, board.shape), 0, 255).astype(np.uint8), 1)


def test_the_crossing_tiles_are_near_twins_that_differ_round_the_middle() -> None:
    model = _model(list(CROSSING))
    win = View(_board([CROSSING[0]]), 1).windows(0)
    centre = PATCH / 2 - 0.5
    for other in CROSSING[1:]:
        assert model.likeness(CROSSING[0], other) >= 0.9  # alike on the whole square
        mask = difference(placed(model, win, CROSSING[0]), placed(model, win, other))
        ys, xs = np.nonzero(mask)
        # the rim points are a third of a square from each corner: the middle half of the
        # square holds the crossing, and most of what tells the two apart
        middle = np.maximum(abs(ys - centre), abs(xs - centre)) <= PX / 4
        assert middle.mean() >= 0.6, other
    assert POINT_UV[0] == (1 / 3, 0.0)


def test_an_open_square_is_called_its_own_crossing_tile() -> None:
    model = _model(list(CROSSING))
    for k, label in enumerate(CROSSING):
        for angle, shift in ((2.0, (1, -1)), (-3.0, (-2, 2))):
            view = _noisy(label, angle, shift, k)
            out = decide_twins(model, view, {0: CROSSING}, {0: OPEN}, {0: OPEN}, {0: OPEN},
                               None, {})
            assert out[0].label == label, (label, angle)
            assert out[0].confidence >= 0.5 and out[0].lead >= 1.0


def test_the_box_settles_the_last_twin_but_never_against_a_clearly_better_one() -> None:
    model = _model(list(CROSSING))
    counts = {Tile.parse(t).pattern().notation(): 1 for t in CROSSING}
    # The square holds 36507214; the other patterns lie elsewhere on the board.
    view = _noisy(CROSSING[3], 1.0, (1, 0), 7)
    elsewhere = {5: CROSSING[0], 6: CROSSING[1]}  # 46570213 is 35607124 turned: one piece
    out = decide_twins(model, view, {0: CROSSING}, {0: OPEN}, {0: OPEN}, {0: OPEN}, counts,
                       elsewhere)
    assert out[0].label == CROSSING[3]
    # Its own pattern lies elsewhere: the twins left are not called in its place, the
    # square stays open (this square or that one is wrong).
    out = decide_twins(model, view, {0: CROSSING}, {0: OPEN}, {0: OPEN}, {0: OPEN}, counts,
                       {5: CROSSING[3]})
    assert out[0].label is None


def test_the_box_is_an_assignment_a_struck_twin_weighs_what_its_square_holds() -> None:
    model = _model(list(CROSSING))
    # square 1 holds 36507214, called so; square 0 might hold it only if square 1 held a
    # twin of 35607124's pattern instead: how clearly square 1 holds its own counts
    board = _board([CROSSING[1], CROSSING[3]], 1.0)
    view = View(board, 2)
    calls = {0: OPEN, 1: Call(CROSSING[3], 0.9, 5.0)}
    held = _held(model, view, 0, CROSSING[1], CROSSING[3], calls, {})
    assert held >= LEAD
    # a square drawn as the other twin adds nothing, whatever it was called
    swapped = View(_board([CROSSING[1], CROSSING[2]], 1.0), 2)
    assert _held(model, swapped, 0, CROSSING[1], CROSSING[3], calls, {}) == 0.0
    # nor does a board where no square holds the struck pattern
    assert _held(model, view, 0, CROSSING[1], CROSSING[3], {0: OPEN}, {}) == 0.0


def test_a_tile_the_box_settled_as_a_near_twin_is_opened_and_read_again() -> None:
    model = _model(list(CROSSING))
    view = _noisy(CROSSING[0], -2.0, (0, 1), 3)
    wrong = Call(CROSSING[1], 0.6, 2.5, CROSSING[0])
    out = decide_twins(model, view, {0: CROSSING}, {0: OPEN}, {0: wrong}, {0: wrong}, None, {})
    assert out[0].label == CROSSING[0]
    # one the taught reader called clearly is not looked at here
    sure = Call(CROSSING[1], 0.9, 9.0, CROSSING[0])
    out = decide_twins(model, view, {0: CROSSING}, {0: sure}, {0: sure}, {0: sure}, None, {})
    assert out[0] == sure


def test_a_hand_over_part_of_a_crossing_tile_is_not_called() -> None:
    model = _model(list(CROSSING))
    board = _board([CROSSING[2]], 1.0)
    board[: PX // 2, : PX // 2 + 4] = 205  # a pale sleeve over a corner
    out = decide_twins(model, View(board, 1), {0: CROSSING}, {0: OPEN}, {0: OPEN}, {0: OPEN},
                       None, {})
    assert out[0].label is None
    assert LEAD > 0


def test_the_tile_of_four_loops_is_always_a_candidate() -> None:
    names = [*CROSSING, LOOPS, "10657324", "32105476", "25067134", "75326140", "52143076"]
    taught = np.linspace(0.9, 0.1, len(names))
    taught[names.index(LOOPS)] = 0.0  # the pooled look sees nothing of it
    labels = [Tile.parse(n).notation() for n in names]
    got = candidates(names, taught, labels, np.zeros(len(labels)))
    assert LOOPS in got
    # it is looked for after the near twins, never in their place
    assert got.index(LOOPS) > max(got.index(t) for t in CROSSING)


def test_a_settled_tile_that_hardly_fits_is_opened_and_the_finer_look_reads_the_square(
) -> None:
    model = _model([LOOPS, "10657324", *CROSSING])
    view = _board([LOOPS, CROSSING[0]], -1.0)
    cands = {0: ("10657324", *CROSSING, LOOPS), 1: CROSSING}
    before = {0: OPEN, 1: Call(CROSSING[0], 0.9, 9.0, CROSSING[1])}
    # both readers' evidence settled square 0 as a tile its look does not show at all
    settled = {0: Call("10657324", 0.6, 3.7, "25067134"), 1: before[1]}
    out = finer_look(model, view, 2, cands, before, settled, None, {})
    assert out[0].label == LOOPS
    assert out[1] == before[1]
