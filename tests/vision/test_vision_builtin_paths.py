"""The built-in reading from the paths (issue 9, item 2): the board's own bend of paths, and
when a square without paths is called bare."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest
from vision_helpers import score

from companion.core.board import GAME_BOARDS
from companion.tsuro.tiles import PATTERNS, Tile
from vision import looks, read_lines, read_paths
from vision.drawing import Style, draw_tile
from vision.paths_bare import BARE_ENDS, LOOSE_SOME, SOME_ENDS, _near_hand
from vision.paths_decide import TILE_ENDS, path_calls
from vision.read_decide import EMPTY
from vision.read_paths import PathScores
from vision.reading import Content
from vision.recognise import BoardReader

TSURO = GAME_BOARDS["tsuro"]
CALM = replace(looks.DISORDER, tilt_deg=10.0)


def _board_of_every_pattern(bend: float) -> tuple[np.ndarray, list[Tile]]:
    """The 35 patterns, each turned a little differently, drawn from above with ``bend``."""
    look = Style(tile=(222, 236, 242), path=(150, 70, 30), path_width=0.06, outline=None,
                 bend=bend, border=None)
    tiles = [p.rotated(k) for k, p in enumerate(PATTERNS)]
    rows, cols, px = 6, 6, read_lines.PX
    top = np.full((rows * px, cols * px, 3), (60, 105, 60), np.uint8)
    for n, tile in enumerate(tiles):
        r, c = divmod(n, cols)
        art = cv2.resize(np.asarray(draw_tile(tile, 4 * px, look)), (px - 4,) * 2,
                         interpolation=cv2.INTER_AREA)
        top[r * px + 2:(r + 1) * px - 2, c * px + 2:(c + 1) * px - 2] = art
    return cv2.cvtColor(top, cv2.COLOR_BGR2GRAY), tiles


@pytest.mark.parametrize("bend", [0.3, 0.55])
def test_the_board_bend_is_found_and_every_pattern_read(bend: float) -> None:
    grey, tiles = _board_of_every_pattern(bend)
    scores = read_paths.score(grey, 6, 6, np.arange(len(tiles)))
    # The drawing leaves points close together less far in than the printed looks: near.
    assert abs(read_paths.BENDS[scores.bend] - bend) <= 0.1
    best = [read_paths.tiles()[int(k)] for k in scores.tile.argmax(axis=1)]
    assert sum(b == t for b, t in zip(best, tiles, strict=True)) >= 31
    # A re-read of one square with the bend found before reads it the same way.
    again = read_paths.score(grey, 6, 6, np.array([7]), scores.polarity, scores.bend)
    assert int(again.tile[0].argmax()) == int(scores.tile[7].argmax())


def _scores(n: int, tile_at: dict[int, int], lead: float = 0.5) -> PathScores:
    """Made-up path evidence: squares in ``tile_at`` show that tile's paths clearly and all
    eight path ends; the rest show nothing."""
    ev = np.zeros((n, 105), np.float32)
    ends = np.zeros((n, 8), np.float32)
    for i, k in tile_at.items():
        ev[i] = 0.3
        ev[i, k] = 1.0
        ev[i, (k + 1) % 105] = 1.0 - lead  # the runner-up
        ends[i] = 2 * TILE_ENDS
    ends[[i for i in range(n) if i not in tile_at]] = BARE_ENDS / 3
    return PathScores(np.arange(n), ev, 1, np.zeros((n, 2), np.int32), ends[:, 1], ends=ends)


def _calls(scores: PathScores, colour: np.ndarray, cols: int = 0) -> list[str | None]:
    calls = path_calls(scores, colour, [None] * len(colour), cols=cols)
    return [c.label for c in calls]


def test_a_square_without_paths_is_bare_only_in_the_boards_colour() -> None:
    rng = np.random.default_rng(1)
    n = 16
    tile_at = {i: i for i in range(0, 16, 2)}  # every other square holds a tile
    colour = np.where(np.isin(np.arange(n), list(tile_at))[:, None], (40.0, 60.0, 130.0),
                      (90.0, 80.0, 60.0)) + rng.normal(0, 2.0, (n, 3))
    colour[5] = (200.0, 40.0, 40.0)  # a daikaiju: no paths, the board's colour it is not
    colour[7] = (41.0, 61.0, 128.0)  # a tile whose paths hardly show: the tiles' colour
    labels = _calls(_scores(n, tile_at), colour)
    for i in tile_at:
        assert labels[i] == read_paths.tiles()[i].notation()
    assert [i for i, lb in enumerate(labels) if lb == EMPTY] == [1, 3, 9, 11, 13, 15]
    assert labels[5] is None and labels[7] is None


def test_a_square_showing_half_its_path_ends_is_not_bare() -> None:
    """A tile partly under a hand: five clear path ends, the rest hidden."""
    n = 16
    tile_at = {i: i for i in range(0, 16, 2)}
    colour = np.where(np.isin(np.arange(n), list(tile_at))[:, None], (40.0, 60.0, 130.0),
                      (90.0, 80.0, 60.0)) + np.random.default_rng(2).normal(0, 2.0, (n, 3))
    scores = _scores(n, tile_at)
    ends = np.array(scores.ends)
    ends[3, :LOOSE_SOME] = 2 * SOME_ENDS[1]
    labels = _calls(replace(scores, ends=ends), colour)
    assert labels[3] is None
    assert labels[1] == EMPTY and labels[5] == EMPTY


def test_path_ends_too_faint_or_pairings_too_close_are_not_called() -> None:
    scores = _scores(8, {0: 3, 1: 4}, lead=0.05)  # the best pairing hardly leads: unknown
    ends = np.array(scores.ends)
    ends[0] = TILE_ENDS / 2  # not enough path ends for a tile: board art
    labels = _calls(replace(scores, ends=ends), np.full((8, 3), 100.0))
    assert labels[0] is None and labels[1] is None
    assert labels[2:] == [EMPTY] * 6


def test_a_hand_reaches_in_from_the_edge_and_a_lone_odd_square_is_none() -> None:
    """A hand is two or more side by side odd squares joined to the board's edge (with a
    ring of ``reach`` squares round it; the built-in reading keeps only the hand's own)."""
    foreign = np.zeros(25, bool)
    foreign[[0, 1]] = True  # two side by side: a hand over a corner
    near = _near_hand(foreign, 5).reshape(5, 5)
    assert near[:2, :3].all() and near.sum() == 6
    assert np.array_equal(_near_hand(foreign, 5, 0), foreign)
    alone = np.zeros(25, bool)
    alone[12] = True  # one on its own: a daikaiju
    assert not _near_hand(alone, 5).any()
    inside = np.zeros(25, bool)
    inside[[12, 13]] = True  # two in the middle, not reaching the edge: no arm, odd art
    assert not _near_hand(inside, 5).any()


def test_bare_squares_of_a_busy_printed_board_read_bare() -> None:
    """On the mottled look (board art under every square, tiles with thin pale paths) most
    bare squares are called bare (the first path reader called one in five) and no piece is
    called wrongly."""
    bare = read_bare = 0
    wrongs: list[str] = []
    for seed in (3, 4, 5):
        truth = looks.random_position(np.random.default_rng(seed), 6, 6, "tsuro", 0.5)
        photo, _ = looks.board_photo("mottled", 6, 6, truth, seed=20 + seed, disorder=CALM)
        reading = BoardReader(TSURO, game="tsuro").read(photo)
        _, _, wrong = score(reading, truth)
        wrongs += wrong
        for sq, piece in truth.items():
            if piece is None:
                bare += 1
                read_bare += reading.squares[sq].content is Content.EMPTY
    assert wrongs == []
    assert read_bare >= 0.5 * bare
