"""The built-in reading's second looks (issue 9, item 2): every tile drawn whole and compared
with a square's lines, and a square's four corners (a tile shows its own ground there)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from test_vision_builtin_paths import CALM, _board_of_every_pattern, _scores
from vision_helpers import score

from companion.core.board import GAME_BOARDS
from vision import looks, read_lines, read_paths
from vision.paths_bare import CORNERS
from vision.paths_decide import AGREE_LEAD, AGREE_SHAPE, path_calls
from vision.read_corners import corner_colours, corner_features, corner_spread
from vision.read_decide import EMPTY, Thresholds
from vision.read_features import PX
from vision.reading import Content
from vision.recognise import BoardReader


@pytest.mark.parametrize("bend", [0.3, 0.55])
def test_every_pattern_drawn_whole_fits_its_own_lines_best(bend: float) -> None:
    grey, tiles = _board_of_every_pattern(bend)
    found = read_paths.score(grey, 6, 6, np.arange(len(tiles)))
    like = read_paths.likeness(read_lines.line_response(grey), 6, np.arange(len(tiles)),
                               found.offsets, found.polarity, found.bend)
    best = [read_paths.tiles()[int(k)] for k in like.argmax(axis=1)]
    # crossings included: the tiles whose paths all cross each other are drawn as they are
    assert sum(b == t for b, t in zip(best, tiles, strict=True)) >= 33


def _twin_square(shape_best: int | None, fit: float) -> str | None:
    """Square 0 holds tile 3, whose paths lead their runner-up (a near twin: four points
    paired alike) by 1.5 margins, too little alone; square 1 a clear tile. ``shape_best`` is
    the tile the drawing fits best on square 0 (None: no second look there)."""
    n = 8
    scores = _scores(n, {0: 3, 1: 4})
    mine = {frozenset(p) for p in read_paths.tiles()[3].pairs()}
    twin = next(k for k, t in enumerate(read_paths.tiles())
                if len({frozenset(p) for p in t.pairs()} & mine) == 2)
    ev = np.array(scores.tile)
    ev[0, 4] = 0.3
    ev[0, twin] = 1.0 - 1.5 * Thresholds().path_margin
    shape = np.full(ev.shape, np.nan, np.float32)
    if shape_best is not None:
        shape[0] = 0.2
        shape[0, shape_best] = fit
    calls = path_calls(replace(scores, tile=ev, shape=shape), np.full((n, 3), 100.0),
                       [None] * n)
    assert calls[1].label == read_paths.tiles()[4].notation()  # needs no second look
    return calls[0].label


def test_a_near_twin_is_settled_only_when_the_drawing_agrees() -> None:
    assert AGREE_LEAD <= 1.5
    assert _twin_square(None, 0.0) is None  # the paths alone leave it open
    assert _twin_square(3, AGREE_SHAPE + 0.2) == read_paths.tiles()[3].notation()
    assert _twin_square(7, AGREE_SHAPE + 0.2) is None  # the drawing names another tile
    assert _twin_square(3, AGREE_SHAPE - 0.1) is None  # the drawing hardly fits at all


def _top(grounds: dict[int, tuple[float, float, float]], art: dict[int, list[tuple]],
         cols: int, n: int, seed: int = 0) -> np.ndarray:
    """A top-down view: squares in ``grounds`` one colour all over with a grain (a tile's
    ground), those in ``art`` a colour per corner (clockwise from top-left)."""
    rng = np.random.default_rng(seed)
    top = np.zeros(((n // cols) * PX, cols * PX, 3), np.float64)
    h = PX // 2
    for i in range(n):
        r, c = divmod(i, cols)
        block = top[r * PX:(r + 1) * PX, c * PX:(c + 1) * PX]
        if i in grounds:
            block[:] = np.asarray(grounds[i]) + rng.normal(0, 6, (PX, PX, 3))
        elif i in art:
            for q, (y, x) in enumerate(((0, 0), (0, h), (h, h), (h, 0))):
                block[y:y + h, x:x + h] = art[i][q]
    return np.clip(top, 0, 255).astype(np.uint8)


def test_corners_of_one_ground_are_alike_and_of_art_apart() -> None:
    top = _top({0: (40, 60, 130)}, {1: [(40, 60, 130), (200, 200, 60), (30, 30, 30),
                                        (90, 80, 60)]}, 2, 2)
    spread = corner_spread(corner_features(corner_colours(top, 2, np.arange(2))))
    assert spread[1] > 1.0 > 5 * spread[0]  # grain hardly counts, art does


def test_a_path_less_square_whose_corners_differ_is_bare_unless_two_show_a_tile() -> None:
    """Squares 0-7 hold tiles read surely, each on a grained ground of the set's colour; 9
    and 10 show no paths and have the tiles' colour on the whole (so their look alone leaves
    them open): 9's corners are four colours of art, 10's top two are tile 0's ground (a
    hand over a tile)."""
    n, cols = 12, 4
    rng = np.random.default_rng(3)
    grounds = {i: tuple(float(v) for v in np.array([40.0, 60.0, 130.0]) + rng.normal(0, 4, 3))
               for i in range(8)}
    art = {9: [(20, 20, 20), (200, 190, 60), (60, 30, 150), (90, 160, 60)],
           10: [(0, 0, 0), (0, 0, 0), (120, 170, 220), (120, 170, 220)],
           8: [(90, 80, 60)] * 4, 11: [(92, 82, 60)] * 4}
    top = _top(grounds, art, cols, n)
    top[2 * PX:2 * PX + PX // 2, 2 * PX:3 * PX] = top[:PX // 2, :PX]  # tile 0's top half
    scores = _scores(n, {i: i for i in range(8)})
    colour = np.array([top[(i // cols) * PX:(i // cols + 1) * PX,
                           (i % cols) * PX:(i % cols + 1) * PX].reshape(-1, 3).mean(axis=0)
                       for i in range(n)])
    colour[9] = colour[10] = colour[0]  # as a tile's, on the whole
    detail = np.full(n, 0.05)
    labels = [c.label for c in path_calls(scores, colour, [None] * n, detail=detail,
                                          cols=cols, top=top)]
    assert labels[8] == EMPTY and labels[11] == EMPTY
    assert labels[9] == EMPTY, "four corners of art: no tile"
    assert labels[10] is None, "two corners of a tile's ground: perhaps a tile under a hand"
    without = [c.label for c in path_calls(scores, colour, [None] * n, detail=detail,
                                           cols=cols)]
    assert without[9] is None  # the corners decided it
    assert CORNERS > 1.0


@pytest.mark.parametrize("look", ["mottled", "seas"])
def test_busy_boards_read_more_with_no_wrong_call(look: str) -> None:
    """Photos of two looks with printed board art (both looks the lines were chosen on):
    nothing called wrongly, and most squares read."""
    board = GAME_BOARDS["tsuro"]
    right = total = 0
    for seed in (31, 32, 33):
        truth = looks.random_position(np.random.default_rng(seed), 6, 6, "tsuro", 0.6)
        photo, _ = looks.board_photo(look, 6, 6, truth, seed=40 + seed, disorder=CALM)
        reading = BoardReader(board, game="tsuro").read(photo)
        got, _, wrong = score(reading, truth)
        assert wrong == []
        right += got
        total += len(truth)
        assert any(r.content is Content.EMPTY for r in reading.squares.values())
    assert right >= 0.8 * total
