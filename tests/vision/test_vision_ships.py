"""Ship pieces on edge points, found by colour."""

from __future__ import annotations

import numpy as np

from companion.core.board import GAME_BOARDS, Point
from vision.board_finder import BoardFinder
from vision.recognise import BoardReader
from vision.ships import ShipFinder, board_points
from vision.simulate import SHIP_COLOURS, Scene, random_state, render_photo

SEAS = GAME_BOARDS["tsuro-of-the-seas"]


def test_every_point_of_the_grid_is_named_once() -> None:
    points = board_points(SEAS)
    # 7x7 squares x 8 points, the shared sides counted once.
    assert len(points) == 7 * 7 * 8 - 2 * 7 * 6 * 2
    assert len({(p.square, p.point) for p in points}) == len(points)
    assert Point.parse("r1c4:0") in points


def test_ships_are_found_by_colour_and_the_tiles_under_them_still_read() -> None:
    rng = np.random.default_rng(41)
    state = random_state(7, 7, rng, fill=0.6, daikaiju=0.0)
    ships = {Point.parse("r1c4:0"): "red", Point.parse("r4c7:3"): "blue",
             Point.parse("r7c2:5"): "yellow", Point.parse("r3c3:2"): "green",
             Point.parse("r5c1:6"): "purple"}
    frame = render_photo(7, 7, state, Scene(tilt_deg=15, turn_deg=20, blur=0.8, noise=3,
                                            jpeg=85, seed=41), ships=ships)
    reading = BoardReader(SEAS, ships=ShipFinder(SEAS)).read(frame)
    assert reading.ships == ships
    assert reading.to_json()["ships"] == {p.name(): c for p, c in sorted(ships.items())}
    wrong = [sq for sq, t in state.items()
             if reading.squares[sq].content.value != "unknown" and reading.squares[sq].piece() != t]
    assert wrong == []


def test_no_ships_are_imagined_on_a_busy_board() -> None:
    rng = np.random.default_rng(42)
    finder = ShipFinder(SEAS)
    for seed in range(3):
        state = random_state(7, 7, rng, fill=0.9, daikaiju=0.05)
        scene = Scene.random(rng)
        frame = render_photo(7, 7, state, scene)
        pose = BoardFinder(7, 7).find(frame)
        assert finder.find(frame, pose.homography) == {}, seed


def test_calibration_learns_an_unusual_ship_colour() -> None:
    ships = {Point.parse("r1c1:0"): "white", Point.parse("r7c7:4"): "orange"}
    frame = render_photo(7, 7, {}, Scene(seed=43), ships=ships)
    pose = BoardFinder(7, 7).find(frame)
    finder = ShipFinder(SEAS)
    assert Point.parse("r1c1:0") not in finder.find(frame, pose.homography)  # white: not default
    measured = finder.calibrate(frame, pose.homography, {Point.parse("r1c1:0"): "white"})
    assert set(measured) == {"white"}
    assert finder.find(frame, pose.homography) == ships
    assert "white" in SHIP_COLOURS
