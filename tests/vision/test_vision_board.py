"""Finding the board: angles, every board profile, covered and foreign markers, bad frames."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from vision_helpers import blank, score

from companion.core.board import GAME_BOARDS, BoardProfile, Square
from companion.tsuro.tiles import all_oriented
from vision.board_finder import FOUND, HELD, BoardFinder
from vision.errors import BoardNotFound
from vision.markers import MarkerDetector, marker_image
from vision.reading import Content
from vision.recognise import BoardReader
from vision.simulate import Scene, random_state, render_photo, render_photo_and_truth

SEAS = GAME_BOARDS["tsuro-of-the-seas"]
TSURO = GAME_BOARDS["tsuro"]


def _grid_error(h: np.ndarray, truth: np.ndarray, board: BoardProfile) -> float:
    xs, ys = np.meshgrid(np.linspace(0, board.cols, 5), np.linspace(0, board.rows, 5))
    pts = np.stack([xs.ravel(), ys.ravel()], axis=1)[None].astype(np.float64)
    return float(np.abs(cv2.perspectiveTransform(pts, h) - cv2.perspectiveTransform(pts, truth))
                 .max())


@pytest.mark.parametrize("game", ["tsuro", "tsuro-of-the-seas", "rigadoon", "tsushima"])
def test_every_game_board_is_placed_to_a_pixel(game: str) -> None:
    board = GAME_BOARDS[game]
    scene = Scene(tilt_deg=20, tilt_dir_deg=120, turn_deg=15, blur=0.8, noise=3, jpeg=85, seed=3)
    frame, truth = render_photo_and_truth(board.rows, board.cols, {}, scene)
    pose = BoardFinder(board.rows, board.cols).find(frame)
    assert pose.markers == 4 and pose.status == FOUND
    assert _grid_error(pose.homography, truth, board) < 1.0
    reading = BoardReader(board).read(frame)
    assert {r.content for r in reading.squares.values()} == {Content.EMPTY}
    assert len(reading.squares) == board.rows * board.cols


@pytest.mark.parametrize("tilt,turn", [(30, 0), (30, 135), (22, -100), (0, 45)])
def test_boards_at_an_angle_read_in_full(tilt: float, turn: float) -> None:
    rng = np.random.default_rng(int(tilt * 10 + turn))
    truth = random_state(7, 7, rng, fill=0.7)
    scene = Scene(tilt_deg=tilt, tilt_dir_deg=float(rng.uniform(0, 360)), turn_deg=turn,
                  blur=1.0, noise=3, light=0.3, askew_deg=3, askew_shift=0.02, jpeg=80,
                  seed=int(rng.integers(1000)))
    reading = BoardReader(SEAS).read(render_photo(7, 7, truth, scene))
    right, unknown, wrong = score(reading, truth)
    assert wrong == []
    assert unknown <= 1
    assert right + unknown == 49


def test_markers_of_other_ids_and_dictionaries_are_ignored() -> None:
    frame, truth = render_photo_and_truth(6, 6, {}, Scene(seed=8))
    other = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_5X5_50)
    strays = [
        marker_image(7, 60),  # our dictionary, not one of our ids
        cv2.aruco.generateImageMarker(other, 0, 60),  # id 0 of another dictionary
        cv2.aruco.generateImageMarker(other, 2, 60),
    ]
    for k, m in enumerate(strays):
        y, x = 20 + k * 90, 20
        frame[y - 10 : y + 70, x - 10 : x + 70] = 255
        frame[y : y + 60, x : x + 60] = m[:, :, None]
    found = MarkerDetector().detect(frame)
    assert set(found) == {0, 1, 2, 3}
    pose = BoardFinder(6, 6).fit(found)
    assert _grid_error(pose.homography, truth, TSURO) < 1.0


def test_a_second_copy_of_a_marker_is_not_trusted() -> None:
    frame, truth = render_photo_and_truth(6, 6, {}, Scene(seed=9))
    frame[20:110, 20:110] = 255
    frame[35:95, 35:95] = marker_image(2, 60)[:, :, None]
    found = MarkerDetector().detect(frame)
    assert 2 not in found or _grid_error(BoardFinder(6, 6).fit(found).homography, truth,
                                         TSURO) < 1.0
    pose = BoardFinder(6, 6).fit(found)
    assert _grid_error(pose.homography, truth, TSURO) < 1.0


def test_one_covered_marker_still_places_the_board() -> None:
    frame, truth = render_photo_and_truth(6, 6, {}, Scene(hide_markers=(2,), seed=10))
    pose = BoardFinder(6, 6).find(frame)
    assert pose.markers == 3
    assert _grid_error(pose.homography, truth, TSURO) < 1.0


def test_last_good_fit_carries_on_while_a_hand_covers_two_corners() -> None:
    state = {Square(2, 2): all_oriented()[3], Square(4, 5): all_oriented()[60]}
    reader = BoardReader(TSURO)
    first = reader.read(render_photo(6, 6, state, Scene(seed=11)))
    assert first.status == FOUND
    covered = render_photo(6, 6, state, Scene(hide_markers=(1, 2), seed=11, frame=1))
    reading = reader.read(covered)
    assert reading.status == HELD and reading.markers == 2
    right, _unknown, wrong = score(reading, {**dict.fromkeys(TSURO.squares()), **state})
    assert (right, wrong) == (36, [])


def test_a_moved_board_with_two_markers_is_not_found() -> None:
    finder = BoardFinder(6, 6)
    finder.find(render_photo(6, 6, {}, Scene(seed=12)))
    moved = render_photo(6, 6, {}, Scene(turn_deg=20, hide_markers=(0, 3), seed=12))
    with pytest.raises(BoardNotFound, match="moved"):
        finder.find(moved)


def test_hand_over_the_board_gives_unknown_never_a_wrong_tile() -> None:
    rng = np.random.default_rng(13)
    for seed in range(3):
        truth = random_state(6, 6, rng, fill=0.8)
        frame = render_photo(6, 6, truth, Scene(hand=True, tilt_deg=10, seed=seed))
        reading = BoardReader(TSURO).read(frame)
        if not reading.found:
            assert reading.reason
            continue
        _, unknown, wrong = score(reading, truth)
        assert wrong == []
        assert unknown >= 1  # the arm hides something


def test_glare_on_a_square_gives_unknown_or_the_right_tile() -> None:
    rng = np.random.default_rng(14)
    truth = random_state(6, 6, rng, fill=1.0, daikaiju=0.0)
    glare = [Square(2, 3), Square(5, 5)]
    reading = BoardReader(TSURO).read(render_photo(6, 6, truth, Scene(glare=glare, seed=14)))
    _, _unknown, wrong = score(reading, truth)
    assert wrong == []
    assert all(reading.squares[sq].content is Content.UNKNOWN for sq in glare)


@pytest.mark.parametrize("frame,why", [
    (blank(), "no board markers"),
    (np.random.default_rng(0).integers(0, 255, (480, 640, 3), dtype=np.uint8), "markers"),
    (np.zeros((0, 0, 3), np.uint8), "empty"),
    (None, "empty"),
    (np.full((100, 100, 3), np.nan), "markers"),
    (np.zeros((10, 10, 5), np.uint8), "not an image"),
])
def test_frames_without_a_board_say_so(frame: object, why: str) -> None:
    reading = BoardReader(TSURO).read(frame)  # type: ignore[arg-type]
    assert not reading.found
    assert why in reading.reason
    assert all(r.content is Content.UNKNOWN for r in reading.squares.values())
    assert reading.to_json()["markers"] == 0
