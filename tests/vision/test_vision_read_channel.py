"""The view the built-in reading follows the paths in (issue 9, item 2; vision.read_channel):
grey, unless the paths line up clearly better in blue less red (a path of the tile's own
brightness in another hue), and the drawing's second opinion on near twins there."""

from __future__ import annotations

import contextlib

import cv2
import numpy as np
import pytest
from vision_helpers import draw_paths, mix_photo, mixes_module, score

from companion.core.board import GAME_BOARDS
from vision import looks, read_paths
from vision import read_channel as me
from vision.read_combine import PATH_INDEX, PATH_LABELS, second_opinion
from vision.read_decide import Call
from vision.read_features import PX
from vision.read_pose import small_grey
from vision.recognise import BoardReader
from vision.templates import builtin

ROWS = COLS = 3
TILES = ["76543210", "23016745", "54761032", "10576243", "32105476", "65743102",
         "10543276", "45670123", "36507214"]
TILE = (120.0, 140.0, 200.0)  # pale pink (BGR)
# as bright as the tile in grey (cv2's weights), much bluer
SAME_GREY = (220.0, (0.114 * 120 + 0.587 * 140 + 0.299 * 200 - 0.114 * 220 - 0.299 * 120)
             / 0.587, 120.0)


def _board(path: tuple[float, float, float], seed: int = 1) -> np.ndarray:
    """A top-down view of nine tiles, their paths in ``path`` over a grey texture."""
    rng = np.random.default_rng(seed)
    h, w = ROWS * PX, COLS * PX
    lines = np.zeros((h * 4, w * 4), np.float32)
    for k, label in enumerate(TILES):
        draw_paths(lines, label, *divmod(k, COLS), 6)
    mask = cv2.resize(lines, (w, h), interpolation=cv2.INTER_AREA)[..., None]
    view = np.empty((h, w, 3), np.float32)
    view[:] = TILE
    view = view * (1 - mask) + np.asarray(path, np.float32) * mask
    texture = cv2.GaussianBlur(rng.normal(0, 12, (h, w)).astype(np.float32), (0, 0), 1.0)
    view += texture[..., None]  # the tiles' texture: brightness, not hue
    return np.clip(view, 0, 255).astype(np.uint8)


def test_paths_of_the_tiles_brightness_in_another_hue_are_followed_in_blue_less_red() -> None:
    top = _board(SAME_GREY)
    grey = small_grey(top)
    choice = me.choose(top, grey, ROWS, COLS, np.arange(ROWS * COLS))
    assert choice.name == me.BLUE_RED
    assert np.array_equal(choice.view, me.view(top, grey, me.BLUE_RED))
    assert choice.lines.polarity == 1  # bluer than the tile: pale in blue less red


def test_paths_paler_than_the_tile_are_followed_in_grey() -> None:
    top = _board((235.0, 235.0, 235.0))
    grey = small_grey(top)
    choice = me.choose(top, grey, ROWS, COLS, np.arange(ROWS * COLS))
    assert choice.name == me.GREY and choice.view is grey
    assert choice.grey_polarity == choice.lines.polarity == 1


def test_blue_less_red_is_taken_only_well_ahead_of_grey(
        monkeypatch: pytest.MonkeyPatch) -> None:
    top = _board(SAME_GREY)
    grey = small_grey(top)
    idx = np.arange(ROWS * COLS)
    coloured = me.ends_shown(read_paths.lines(me.view(top, grey, me.BLUE_RED), ROWS, COLS,
                                              idx))
    plain = me.ends_shown(read_paths.lines(grey, ROWS, COLS, idx))
    assert coloured >= me.RATIO * plain
    monkeypatch.setattr(me, "RATIO", coloured / max(plain, 1e-6) * 1.01)
    assert me.choose(top, grey, ROWS, COLS, idx).name == me.GREY


def test_in_a_colour_view_the_drawing_does_not_settle_a_near_twin() -> None:
    # the paths left the square open with two near twins a hair apart; the drawing (in
    # grey) names one of them
    a, b = "36507214", "35607124"
    evidence = np.zeros(len(PATH_LABELS), np.float32)
    evidence[PATH_INDEX[a]], evidence[PATH_INDEX[b]] = 0.62, 0.6
    drawn, paths = Call(b, 0.7, 1.0), Call(None, 0.3, 0.2, a)
    assert second_opinion(drawn, paths, evidence, False).label == b
    assert second_opinion(drawn, paths, evidence, False, coloured=True).label is None
    # no near twin within a margin: the drawing settles it in a colour view too
    evidence[PATH_INDEX[a]] = 0.0
    evidence[PATH_INDEX[b]] = 0.6
    assert second_opinion(Call(b, 0.7, 1.0), Call(None, 0.3, 0.2, b), evidence, False,
                          coloured=True).label == b


def test_a_board_of_blue_paths_on_pale_tiles_is_read_in_blue_less_red(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # thin seed 1, mix 3 (pale tiles, thin blue paths, contour art), its first 7x7 photo:
    # read in blue less red, many more squares right, none more wrong; a re-read keeps it
    vm = mixes_module()
    look = vm.mixes(1, 4, thin=True)[3]
    with contextlib.suppress(looks.LookError):
        looks.register(look)
    board = GAME_BOARDS["tsuro-of-the-seas"]
    photo, position, _ = mix_photo(look.name, 3, 7, "tsuro-of-the-seas", 0)

    def read() -> tuple[BoardReader, tuple[int, int, list[str]]]:
        reader = BoardReader(board, builtin(), game="tsuro-of-the-seas", options=frozenset())
        return reader, score(reader.read(photo), position)

    reader, (right, _, wrong) = read()
    assert reader._channel == me.BLUE_RED and reader._grey_polarity == -1  # dark in grey
    # a hand over a square: its re-read follows the paths in the view the full read chose
    changed = photo.copy()
    cv2.circle(changed, (440, 330), 30, (40, 60, 90), -1)
    monkeypatch.setattr(me, "choose", None)  # (not asked again)
    views: list[str] = []
    followed = me.view

    def spy(t: np.ndarray, g: np.ndarray, name: str) -> np.ndarray:
        views.append(name)
        return followed(t, g, name)

    monkeypatch.setattr(me, "view", spy)
    reader.read(changed)
    assert views and set(views) == {me.BLUE_RED} and reader._channel == me.BLUE_RED
    monkeypatch.undo()
    monkeypatch.setattr(me, "RATIO", 1e9)
    reader, (right_grey, _, wrong_grey) = read()
    assert reader._channel == me.GREY
    assert right >= right_grey + 5 and len(wrong) <= len(wrong_grey)


def test_a_bare_board_is_followed_in_grey() -> None:
    # no square shows a line at its path ends in either view: nothing to prefer colour for
    top = np.full((ROWS * PX, COLS * PX, 3), (150, 120, 120), np.uint8)  # a plain board
    grey = small_grey(top)
    assert me.ends_shown(read_paths.lines(grey, ROWS, COLS, np.arange(ROWS * COLS))) == 0.0
    assert me.choose(top, grey, ROWS, COLS, np.arange(ROWS * COLS)).name == me.GREY
