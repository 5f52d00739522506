"""Taught tiles are kept straight: each tile's turn on the teaching sheet is read from its
eight path ends (vision.teach_turn), and its looks are cut turned back by it (issue 9)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.core.board import GAME_BOARDS, Square
from companion.tsuro.tiles import Tile
from vision import looks, read_paths
from vision.board_finder import BoardFinder
from vision.features import warp_top_down
from vision.looks import Disorder, how_laid
from vision.read_features import PX
from vision.read_fine import SOURCE, View
from vision.teach_turn import LIMIT, stubs, tile_turn

TSURO = GAME_BOARDS["tsuro"]


def _placed(photo: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, read_paths.PathScores]:
    grey = cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY)
    pose = BoardFinder(6, 6).find(grey)
    top = warp_top_down(grey, pose.homography, 6, 6, PX)
    return grey, pose.homography, top, read_paths.score(top, 6, 6)


@pytest.mark.parametrize("look", ["curved", "reeds"])
def test_each_tile_turn_is_read_from_its_path_ends(look: str) -> None:
    photo, sheet = looks.teach_photos(look, 6, 6, 5, "tsuro")[0]
    grey, homography, _, paths = _placed(photo)
    errors, lay = [], []
    for sq, piece in sheet.items():
        if not isinstance(piece, Tile):
            continue
        i = TSURO.index(sq)
        turn = tile_turn(grey, homography, 6, i, tuple(paths.offsets[i]), paths.polarity)
        lies = how_laid(5 * 16, sq)[0]  # the first sheet is drawn with seed * 16
        errors.append(turn + lies)  # the turn that sets it straight undoes how it lies
        lay.append(abs(lies))
    err = np.abs(errors)
    assert len(err) >= 30
    # the tiles lie turned 1-3 degrees either way: set straight, they lie far less (on
    # reeds' faint paths among straight reeds, about one tile in a hundred is misread)
    assert float(err.mean()) < 0.6 * float(np.mean(lay))
    assert float(np.mean(err < 2.0)) >= 0.85


def test_a_tile_turned_past_the_limit_is_kept_as_it_lies() -> None:
    sq = Square(3, 3)
    tile = Tile.parse("73412650")
    i = TSURO.index(sq)
    read = {}
    for deg in (3.5, 5.0):  # both within the angles tried, one past the limit
        disorder = Disorder(turn_deg=(deg, deg), slip=0.0, glare=0.0)
        photo, _ = looks.board_photo("curved", 6, 6, {sq: tile}, 21, game="tsuro",
                                     disorder=disorder)
        grey, homography, _, paths = _placed(photo)
        lies = how_laid(21, sq, disorder)[0]
        read[deg] = (tile_turn(grey, homography, 6, i, tuple(paths.offsets[i]),
                               paths.polarity), lies)
    turn, lies = read[3.5]
    assert abs(turn + lies) < 1.0  # read, and set straight
    assert abs(read[5.0][1]) > LIMIT
    assert read[5.0][0] == 0.0  # read too far turned to trust: kept as it lay


def test_a_straightened_crop_matches_the_tile_laid_straight() -> None:
    sq = Square(2, 4)
    tile = Tile.parse("26043715")
    i = TSURO.index(sq)
    crops = {}
    for name, turn_deg in (("turned", (3.0, 3.0)), ("straight", (0.0, 0.0))):
        disorder = Disorder(turn_deg=turn_deg, slip=0.0, glare=0.0, tilt_deg=0.0)
        photo, _ = looks.board_photo("mottled", 6, 6, {sq: tile}, 33, game="tsuro",
                                     disorder=disorder)
        grey, homography, top, paths = _placed(photo)
        off = tuple(paths.offsets[i])
        view = View(top, 6)
        if name == "turned":
            turn = tile_turn(grey, homography, 6, i, off, paths.polarity)
            assert abs(turn + how_laid(33, sq, disorder)[0]) < 1.5
            crops["as it lay"] = view.crop(i, SOURCE, off)
            crops["set straight"] = view.crop(i, SOURCE, off, turn)
        else:
            crops["straight"] = view.crop(i, SOURCE, off)

    def alike(a: np.ndarray, b: np.ndarray) -> float:
        m = slice(8, SOURCE - 8)  # the middle: turning brings in the view's edge
        x, y = a[m, m].ravel() - a[m, m].mean(), b[m, m].ravel() - b[m, m].mean()
        return float(x @ y / np.sqrt((x @ x) * (y @ y)))

    assert alike(crops["set straight"], crops["straight"]) > \
        alike(crops["as it lay"], crops["straight"]) + 0.05


def test_the_stubs_are_zero_mean_unit_looks() -> None:
    for turn in (-3.0, 0.0, 2.0):
        s = stubs(turn)
        assert abs(float(s.mean())) < 1e-6
        assert float(np.linalg.norm(s)) == pytest.approx(1.0, abs=1e-5)
    # turned stubs differ from straight ones
    assert float((stubs(3.0) * stubs(0.0)).sum()) < 0.95
