"""Rigadoon pieces through the simulated camera: ships of both fleets and chests found on
the 9x9 grid, a piece out of place named, and ``vision read --game rigadoon --json``."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.rigadoon.actions import Opening, PickFleet
from companion.rigadoon.board import default_board
from companion.rigadoon.geometry import Direction
from companion.rigadoon.state import Game, State, arrange, new_state
from vision.rigadoon import RigadoonReader, SimRigadoonTable, check, expected
from vision.simulate import Scene


def opening() -> State:
    s = new_state(Game.create(["ann", "bob"]))
    return s.apply(PickFleet(0)).apply(Opening(Direction.S))


def crowded() -> State:
    """Ships aground on a chest, in port on an island, next to chests and to each other."""
    return arrange(
        Game.create(["ann", "bob"]),
        {
            "b1": ("r4c5", 3),  # aground on the chest at r4c5
            "b2": ("r2c2", 2),  # in port on the skull island, on its chest
            "b3": ("r5c3", 1),
            "b4": ("r9c9", 0),
            "g1": ("r5c5", 3),
            "g2": ("r6c6", 2),
            "g3": ("r1c1", 3),
            "g4": ("r7c3", 1),
        },
        ["r4c5", "r2c2", "r5c6", "r6c4"],
        "ne",
    )


def read(table: SimRigadoonTable) -> dict[str, tuple[str, str]]:
    reading = RigadoonReader().read(table.photo())
    return {n: (s.content, s.fleet) for n, s in reading.squares.items()}


@pytest.mark.parametrize("make", [opening, crowded])
def test_every_square_reads_as_the_state_has_it(make: Callable[[], State]) -> None:
    state = make()
    table = SimRigadoonTable(default_board())
    table.carry_out(state)
    seen = read(table)
    want = {n: (s.content, s.fleet) for n, s in expected(state).items()}
    assert len(seen) == 81
    assert seen == want
    assert sum(1 for c, _f in seen.values() if c == "ship") == 8


def test_reading_holds_under_other_cameras_and_light() -> None:
    state = crowded()
    for seed in range(4):
        rng = np.random.default_rng(seed)
        scene = Scene.random(rng, hard=False)
        scene.jpeg = 85
        table = SimRigadoonTable(default_board(), scene)
        table.carry_out(state)
        assert check(RigadoonReader().read(table.photo()), state) == [], f"scene {seed}"


def test_a_ship_put_on_the_wrong_square_is_named() -> None:
    state = opening()
    table = SimRigadoonTable(default_board())
    table.carry_out(state)
    table.move("r4c9", "r4c8")  # green ship 2 one square short
    problems = check(RigadoonReader().read(table.photo()), state)
    assert problems == [
        "r4c8: a green ship is there; the square should be empty",
        "r4c9: green ship 2 should be there, the camera sees nothing",
    ]


def test_a_chest_in_the_wrong_place_and_a_ship_of_the_wrong_fleet_are_named() -> None:
    state = opening()
    table = SimRigadoonTable(default_board())
    table.carry_out(state)
    table.move("r4c5", "r3c5")
    table.pieces["r2c1"] = "green"  # a green ship where blue ship 1 belongs
    problems = check(RigadoonReader().read(table.photo()), state)
    assert "r2c1: blue ship 1 should be there, the camera sees a green ship" in problems
    assert "r3c5: a chest is there; the square should be empty" in problems
    assert "r4c5: a chest should be there, the camera sees nothing" in problems
    assert len(problems) == 3


def test_vision_read_reports_ships_with_their_fleet_and_chests(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = crowded()
    table = SimRigadoonTable(default_board())
    table.carry_out(state)
    path = tmp_path / "rigadoon.png"
    cv2.imwrite(str(path), table.photo())
    assert main(["vision", "read", "--game", "rigadoon", "--json", str(path)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert (doc["rows"], doc["cols"]) == (9, 9)
    squares = doc["squares"]
    assert len(squares) == 81
    assert squares["r4c5"]["content"] == "ship" and squares["r4c5"]["fleet"] == "blue"
    assert squares["r5c5"]["content"] == "ship" and squares["r5c5"]["fleet"] == "green"
    assert squares["r5c6"]["content"] == "chest" and "fleet" not in squares["r5c6"]
    assert squares["r3c3"]["content"] == "empty"
    contents = {v["content"] for v in squares.values()}
    assert contents <= {"ship", "chest", "empty", "unknown"}
    assert all(0 <= v["confidence"] <= 1 for v in squares.values())


def test_vision_read_rigadoon_without_the_board_is_not_found(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "table.png"
    cv2.imwrite(str(path), np.full((480, 640, 3), 120, np.uint8))
    assert main(["vision", "read", "--game", "rigadoon", "--json", str(path)]) == 3
    assert "board not found" in capsys.readouterr().err
