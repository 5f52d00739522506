"""The built-in reading's outline of a tile (issue 9, item 2): a tile is a separate piece
whose straight edge runs along all four sides, a few pixels inside its square, slipped and
turned a little; board art runs on across the border and shows no such edge."""

from __future__ import annotations

import cv2
import numpy as np

from vision.paths_outline import outline, outlined, side_profiles
from vision.read_features import PX

ROWS, COLS = 3, 4
TILES = {0: (0, 0), 2: (2, -2), 5: (-2, 1), 7: (1, 2), 8: (0, -1), 10: (-1, 0)}  # square: slip


def _board(seed: int = 3) -> np.ndarray:
    """A board printed with smooth art running across the squares, tiles (a little smaller
    than their squares, slipped and turned by up to 2 degrees) on the squares of TILES."""
    rng = np.random.default_rng(seed)
    noise = rng.normal(0, 1, (ROWS * PX, COLS * PX)).astype(np.float32)
    blurred = np.asarray(cv2.GaussianBlur(noise, (0, 0), 9), np.float32)
    art = 80 + 25 * blurred / float(np.abs(blurred).max())
    top = np.repeat(art[:, :, None], 3, axis=2)
    size = int(PX * 0.95)
    for k, (dx, dy) in TILES.items():
        r, c = divmod(k, COLS)
        cx, cy = (c + 0.5) * PX + dx, (r + 0.5) * PX + dy
        box = cv2.boxPoints(((cx, cy), (size, size), float(rng.uniform(-2, 2))))
        mask = np.zeros(top.shape[:2], np.uint8)
        cv2.fillConvexPoly(mask, np.round(box).astype(np.int32), 1)
        texture = 170 + rng.normal(0, 12, top.shape[:2])  # a mottled piece of card
        top[mask > 0] = np.stack([texture * 0.6, texture * 0.8, texture], axis=2)[mask > 0]
    return np.clip(top, 0, 255).astype(np.uint8)


def test_a_tile_shows_its_outline_and_bare_art_does_not() -> None:
    top = _board()
    idx = np.arange(ROWS * COLS)
    sure = np.isin(idx, [0, 2, 5, 7])  # four tiles read surely on this board
    fit = outline(top, COLS, idx, sure)
    assert fit is not None
    tiles, bare = fit[list(TILES)], np.delete(fit, list(TILES))
    # the tiles not read surely (8, 10) show the sure tiles' edge as well as they do
    assert tiles.min() > 0.5, fit.round(2)
    assert bare.max() < 0.3, fit.round(2)


def test_the_edge_is_learnt_from_the_board_whatever_its_polarity() -> None:
    # tiles darker than the board instead of lighter: the same answer
    top = 255 - _board()
    idx = np.arange(ROWS * COLS)
    fit = outline(top, COLS, idx, np.isin(idx, [0, 2, 5, 7]))
    assert fit is not None
    assert fit[list(TILES)].min() > 0.5 and np.delete(fit, list(TILES)).max() < 0.3


def test_nothing_is_said_with_fewer_than_four_sure_tiles() -> None:
    idx = np.arange(ROWS * COLS)
    assert outline(_board(), COLS, idx, np.isin(idx, [0, 2, 5])) is None


def test_side_profiles_point_inwards_on_every_side() -> None:
    # one bright square on a dark board: every side steps up going inwards, at the border
    top = np.full((3 * PX, 3 * PX, 3), 40, np.uint8)
    top[PX:2 * PX, PX:2 * PX] = 200
    prof = side_profiles(top, 3, np.array([4]))[0]
    at_border = prof.argmax(axis=1)
    assert prof.max(axis=1).min() > 0.4 and (prof.min(axis=1) > -0.01).all()
    assert len(set(at_border.tolist())) == 1  # the same depth on all four sides


def test_only_the_squares_asked_about_are_measured() -> None:
    idx = np.arange(ROWS * COLS)
    sure = np.isin(idx, [0, 2, 5, 7])
    asked = np.isin(idx, [1, 8])  # a bare square and a tile not read surely
    out = outlined(_board(), COLS, idx, sure, asked)
    assert np.isinf(out[~asked]).all()
    assert out[1] < 0.3 < 0.5 < out[8]
    assert np.isinf(outlined(None, COLS, idx, sure, asked)).all()  # no view: nothing said
