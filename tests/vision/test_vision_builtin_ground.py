"""The built-in reading on printed boards (issue 9, item 2): a set's tiles share their colours
and texture while board art does not, a faint tile whose pairing is clear is still a tile,
and a daikaiju the drawing names surely stands where no path ends show."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from test_vision_builtin_paths import _scores

from companion.core.board import GAME_BOARDS, Side, Square
from vision import looks, read_paths
from vision.paths_decide import AGREE_SHAPE, FAINT_ENDS, FAINT_LEAD, TILE_ENDS, path_calls
from vision.paths_ground import Ground, foreign_share, smooth_share
from vision.paths_kaiju import KAIJU_LEAST, KAIJU_SURE, daikaiju
from vision.paths_whole import WHOLE_FIT
from vision.read_decide import EMPTY, Call
from vision.read_features import PX
from vision.reading import Content, Daikaiju
from vision.recognise import BoardReader

TILE = (40, 60, 130)  # BGR: the set's red-brown
ART = (25, 25, 30)  # the board's dark ground
SKIN = (120, 150, 200)  # a hand


def _board(cols: int, fill: dict[int, tuple[int, int, int]]) -> np.ndarray:
    """One row of ``cols`` squares from above, each a plain colour (the tiles' by default)."""
    top = np.zeros((PX, cols * PX, 3), np.uint8)
    for i in range(cols):
        top[:, i * PX:(i + 1) * PX] = fill.get(i, TILE)
    return top


def test_board_art_shows_colours_no_tile_of_the_set_shows() -> None:
    top = _board(8, {4: ART, 7: ART})
    foreign, _ = foreign_share(Ground(top, 1, 8), np.arange(8), np.arange(4))
    assert foreign.round(2).tolist() == [0.0] * 4 + [1.0, 0.0, 0.0, 1.0]
    # fewer sure tiles than it takes to know the set's colours: nothing is said
    none, _ = foreign_share(Ground(top, 1, 8), np.arange(8), np.arange(3))
    assert not none.any()


def test_a_hand_shows_colours_the_rest_of_the_board_does_not() -> None:
    """Art repeats its colours over the board; a hand's skin is its own (the squares next to
    it do not count: an arm reaches over neighbours)."""
    top = _board(8, {4: ART, 6: SKIN, 7: ART})
    foreign, strange = foreign_share(Ground(top, 1, 8), np.array([4, 6, 7]), np.arange(4),
                                     bare=np.array([4, 6, 7]))
    assert foreign.tolist() == [1.0, 1.0, 1.0]
    assert strange[1] == 1.0  # the skin: no square farther than a neighbour shows it
    assert strange[0] == 0.0  # the art's colour shows again at square 7, far enough off


def test_printed_art_is_smoother_than_the_sets_texture() -> None:
    rng = np.random.default_rng(4)
    top = _board(6, {4: (90, 80, 60), 5: (90, 80, 60)})
    top[:, :4 * PX] = np.clip(top[:, :4 * PX] + rng.normal(0, 25, (PX, 4 * PX, 3)), 0, 255)
    smooth = smooth_share(Ground(top, 1, 6), np.arange(6), np.arange(4))
    assert smooth[:4].max() < 0.2 and smooth[4:].min() > 0.9


def test_a_clear_pairing_with_faint_path_ends_is_a_tile() -> None:
    """Thin pale paths that fade into the rim still pair up clearly and show most of their
    path ends a little; board art seldom does, and a plain piece (its rim looks like four
    small loops) shows hardly any path end."""
    scores = _scores(8, {0: 3, 1: 4, 2: 5, 3: 6}, lead=0.5)  # each leads by five margins
    ends = np.array(scores.ends)
    low, five = FAINT_ENDS[1], FAINT_ENDS[2]
    # a faint tile: its third weakest end below TILE_ENDS, five ends showing a little
    ends[0] = [low - 0.1, low - 0.05, (low + TILE_ENDS) / 2, five, five, 0.4, 0.5, 0.6]
    ends[1] = low - 0.05  # no path ends at all: art
    ends[2] = [low, low, (low + TILE_ENDS) / 2, five / 2, five / 2, five / 2, 0.5, 0.8]  # plain
    ends[3] = ends[0]  # path ends like the faint tile's, but its lines fit no tile drawn whole
    shape = _drawn_whole(8, {0: 3, 1: 4, 2: 5, 3: 6})
    shape[3, 6] = AGREE_SHAPE - 0.1  # art whose lines pair up by chance: reed stalks, rays
    calls = path_calls(replace(scores, ends=ends, shape=shape), np.full((8, 3), 100.0),
                       [None] * 8)
    assert calls[0].label == read_paths.tiles()[3].notation()
    assert calls[1].label is None and calls[2].label is None and calls[3].label is None
    # the drawing fits, but another tile better: not called either
    shape[0, 7] = float(shape[0, 3]) + 0.05
    calls = path_calls(replace(scores, ends=ends, shape=shape), np.full((8, 3), 100.0),
                       [None] * 8)
    assert calls[0].label is None
    # and without the tiles drawn whole to compare, a faint tile is not called at all
    calls = path_calls(replace(scores, ends=ends), np.full((8, 3), 100.0), [None] * 8)
    assert calls[0].label is None
    # the same pairing leading by less than FAINT_LEAD margins, with no tiles read surely
    # to say which colours the set shows: not called
    weak = _scores(8, {0: 3}, lead=0.1 * (FAINT_LEAD - 1))
    ends = np.array(weak.ends)
    ends[0] = [FAINT_ENDS[0]] * 3 + [0.4] * 5
    # (the drawing fits, but not clearly enough to name the tile on its own: paths_whole)
    shape = _drawn_whole(8, {0: 3})
    shape[0, 3] = min(AGREE_SHAPE + 0.02, WHOLE_FIT - 0.01)
    calls = path_calls(replace(weak, ends=ends, shape=shape), np.full((8, 3), 100.0),
                       [None] * 8)
    assert calls[0].label is None


def _drawn_whole(n: int, fit: dict[int, int]) -> np.ndarray:
    """Made-up likeness of the tiles drawn whole: squares in ``fit`` fit that tile well and
    clearly best; the rest were not compared (NaN)."""
    shape = np.full((n, 105), np.nan, np.float32)
    for i, k in fit.items():
        shape[i] = 0.2
        shape[i, k] = AGREE_SHAPE + 0.2
    return shape


def test_a_daikaiju_the_drawing_names_unsurely_is_not_called() -> None:
    """The drawing's daikaiju, below KAIJU_LEAST, is no call even where the drawing fits the
    board: a patch of art, or the same piece turned, correlates with it that well."""
    scores = _scores(2, {})
    low = Call("daikaiju:north", KAIJU_LEAST - 0.05, 2.0)
    call = daikaiju(low, scores, 0, low)
    assert call.label is None and call.confidence < 0.5
    fair = Call("daikaiju:north", KAIJU_LEAST + 0.02, 2.0)
    assert daikaiju(fair, scores, 0, fair) == fair


def test_a_sure_daikaiju_stands_where_the_paths_show_no_tile() -> None:
    scores = _scores(3, {2: 5})
    ends = np.array(scores.ends)
    sure = Call("daikaiju:east", KAIJU_SURE + 0.1, 2.0)
    unsure = Call("daikaiju:east", KAIJU_SURE - 0.1, 2.0)
    tile = Call(read_paths.tiles()[5].notation(), 0.9, 5.0)
    scores = replace(scores, ends=ends)
    assert daikaiju(sure, scores, 0, Call(None, 0.3)) == sure
    assert daikaiju(sure, scores, 1, Call(EMPTY, 0.6, 9.0)) == sure
    assert daikaiju(unsure, scores, 0, Call(None, 0.3)).label is None
    # path ends that show a tile, or a tile read: the drawing does not overrule them
    assert daikaiju(sure, scores, 2, Call(None, 0.3)).label is None
    assert daikaiju(sure, scores, 2, tile) == tile


def test_daikaiju_of_a_look_the_drawing_only_half_fits_are_read() -> None:
    """On ``curved`` (the project's drawing, other colours and wide paths) the daikaiju's
    outline shows lines, which left every one of them unknown."""
    board = GAME_BOARDS["tsuro-of-the-seas"]
    kaiju = {Square(2, 3): Daikaiju(Side.EAST), Square(5, 5): Daikaiju(Side.NORTH)}
    truth = looks.random_position(np.random.default_rng(11), 7, 7, "tsuro-of-the-seas", 0.4)
    truth = {sq: (None if isinstance(p, Daikaiju) else p) for sq, p in truth.items()} | kaiju
    photo, _ = looks.board_photo("curved", 7, 7, truth, seed=7,
                                 disorder=replace(looks.DISORDER, tilt_deg=10.0, glare=0.0))
    reading = BoardReader(board, game="tsuro-of-the-seas").read(photo)
    for sq, piece in kaiju.items():
        got = reading.squares[sq]
        assert got.content is Content.DAIKAIJU and got.piece() == piece

