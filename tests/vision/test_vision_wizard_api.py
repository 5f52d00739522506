"""The vision side of the app's settings wizard: calibration step by step, the teach plan and
the album of teaching photos, on boards drawn by the simulated camera."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import cv2
import numpy as np
import pytest
from vision_helpers import blank, score

from companion.cli import main
from companion.core.board import GAME_BOARDS, SEAS_6X6, BoardProfile, Point, Side, Square
from companion.tsuro.tiles import PATTERNS, Tile, all_oriented
from vision.calibrate import (
    guess_grid_corners,
    markers_seen,
    measure_marker_layout,
    measure_ship_colours,
    save_calibration,
)
from vision.drawing import OWNER
from vision.errors import BadImage, BoardNotFound, LayoutError, VisionError
from vision.geometry import MarkerLayout
from vision.profile import load_layout, load_ship_colours, load_templates
from vision.reading import Daikaiju
from vision.recognise import BoardReader
from vision.ships import DEFAULT_COLOURS, ShipFinder
from vision.simulate import Scene, random_state, render_photo, render_photo_and_truth
from vision.sources import SimulatedSource
from vision.teach_plan import TeachAlbum, game_patterns, layout_value, teach_sheets

TSURO = GAME_BOARDS["tsuro"]
SEAS = GAME_BOARDS["tsuro-of-the-seas"]
BOARDS = pytest.mark.parametrize("board", [SEAS, TSURO], ids=["7x7", "6x6"])
SIZE = (1024, 768)


def _true_corners(board: BoardProfile, to_image: np.ndarray) -> np.ndarray:
    grid = np.array([[0, 0], [board.cols, 0], [board.cols, board.rows], [0, board.rows]],
                    np.float64)
    return np.asarray(cv2.perspectiveTransform(grid[None], to_image)[0])


def _some_tiles(board: BoardProfile) -> dict[Square, Tile | Daikaiju | None]:
    tiles = all_oriented()
    return {sq: tiles[(7 * i) % len(tiles)] if i % 3 else None
            for i, sq in enumerate(board.squares())}


# -- calibration ---------------------------------------------------------------------------


@BOARDS
def test_the_four_markers_are_seen(board: BoardProfile) -> None:
    scene = Scene(tilt_deg=14, tilt_dir_deg=60, turn_deg=20, blur=0.7, noise=2, jpeg=90, seed=3)
    frame = SimulatedSource(board, _some_tiles(board), scene, size=SIZE).read()
    seen = markers_seen(frame)
    assert sorted(seen) == [0, 1, 2, 3]
    assert all(c.shape == (4, 2) for c in seen.values())
    # Each marker lies off its own corner of the grid: 0 top-left ... 3 bottom-left.
    centres = np.array([seen[i].mean(axis=0) for i in range(4)])
    centre = centres.mean(axis=0)
    assert cv2.isContourConvex(centres.astype(np.float32))
    assert all(np.linalg.norm(c - centre) > 100 for c in centres)


@BOARDS
def test_the_guessed_grid_corners_lie_on_the_true_ones(board: BoardProfile) -> None:
    scene = Scene(tilt_deg=20, tilt_dir_deg=130, turn_deg=-25, blur=0.9, noise=3, light=0.3,
                  jpeg=85, seed=5)
    frame, truth = render_photo_and_truth(board.rows, board.cols, _some_tiles(board), scene,
                                          size=SIZE)
    guess = guess_grid_corners(frame, board)
    assert guess is not None and guess.shape == (4, 2)
    error = np.linalg.norm(guess - _true_corners(board, truth), axis=1)
    assert error.max() < 2.0, error


def test_a_measured_marker_layout_places_the_real_board() -> None:
    # This board's markers are bigger and sit further out than the default geometry.
    real = MarkerLayout({
        0: ((-0.9, -0.9), (-0.2, -0.9), (-0.2, -0.2), (-0.9, -0.2)),
        1: ((6.2, -0.9), (6.9, -0.9), (6.9, -0.2), (6.2, -0.2)),
        2: ((6.2, 6.2), (6.9, 6.2), (6.9, 6.9), (6.2, 6.9)),
        3: ((-0.9, 6.2), (-0.2, 6.2), (-0.2, 6.9), (-0.9, 6.9)),
    })
    state = _some_tiles(TSURO)
    frame, truth = render_photo_and_truth(6, 6, state, Scene(tilt_deg=10, blur=0.6, seed=31),
                                          size=SIZE, layout=real)
    corners = _true_corners(TSURO, truth)
    # The default geometry is well off on this board: the player has to move the corners.
    guess = guess_grid_corners(frame, TSURO)
    assert guess is not None
    off = np.linalg.norm(guess - corners, axis=1)
    side = np.linalg.norm(corners[1] - corners[0]) / 6  # one square, in pixels
    assert 0.1 * side < off.max() < 0.6 * side  # off, but near enough to start from

    layout = measure_marker_layout(frame, TSURO, corners)
    for i in range(4):
        assert np.abs(layout.array(i) - real.array(i)).max() < 0.03
    # Measured once, the layout reads this board in a photo from elsewhere.
    other = Scene(tilt_deg=22, tilt_dir_deg=250, turn_deg=70, blur=1.0, noise=3, light=0.3,
                  jpeg=85, seed=32)
    photo = render_photo(6, 6, state, other, size=SIZE, layout=real)
    reading = BoardReader(TSURO, layout=layout).read(photo)
    assert reading.found and reading.markers == 4
    assert score(reading, state) == (36, 0, [])


def test_calibration_is_saved_where_the_reader_finds_it(tmp_path: Path) -> None:
    ships = {Point.parse("r1c3:0"): "white", Point.parse("r4c6:3"): "red"}
    frame = render_photo(6, 6, _some_tiles(TSURO), Scene(tilt_deg=8, seed=40), ships=ships,
                         size=SIZE)
    corners = guess_grid_corners(frame, TSURO)
    assert corners is not None
    layout = measure_marker_layout(frame, TSURO, corners)
    profile = tmp_path / "profile"
    assert save_calibration(profile, TSURO, layout=layout) == [profile / "markers.json"]
    colours = measure_ship_colours(frame, TSURO, profile, ships)
    assert set(colours) == {*DEFAULT_COLOURS, "white"}  # the whole table, ready to save
    assert save_calibration(profile, TSURO, colours=colours) == [profile / "ships.json"]
    assert load_layout(profile, TSURO).to_json().keys() == layout.to_json().keys()
    stored = load_ship_colours(profile)
    assert stored is not None and set(stored) == set(colours)
    # The white ship, unknown to the defaults, is now found on another photo.
    later = {Point.parse("r2c2:5"): "white"}
    photo, truth = render_photo_and_truth(6, 6, {}, Scene(tilt_deg=15, turn_deg=40, seed=41),
                                          ships=later, size=SIZE)
    assert ShipFinder(TSURO, stored).find(photo, truth) == later


def test_fewer_than_four_markers_is_board_not_found() -> None:
    state = _some_tiles(TSURO)
    frame, truth = render_photo_and_truth(6, 6, state, Scene(hide_markers=(2,), seed=9),
                                          size=SIZE)
    corners = _true_corners(TSURO, truth)
    with pytest.raises(BoardNotFound, match="needs all 4 markers in view; saw 3"):
        measure_marker_layout(frame, TSURO, corners)
    assert guess_grid_corners(frame, TSURO) is not None  # three markers still place it
    with pytest.raises(BoardNotFound, match="saw 0"):
        measure_marker_layout(blank(), TSURO, corners)
    assert markers_seen(blank()) == {}
    assert guess_grid_corners(blank(), TSURO) is None
    covered = render_photo(6, 6, state, Scene(hide_markers=(1, 2), seed=9), size=SIZE)
    assert guess_grid_corners(covered, TSURO) is None


def test_corners_out_of_order_or_malformed_are_refused() -> None:
    frame, truth = render_photo_and_truth(6, 6, {}, Scene(seed=11), size=SIZE)
    corners = _true_corners(TSURO, truth)
    with pytest.raises(VisionError, match="clockwise"):
        measure_marker_layout(frame, TSURO, corners[[0, 3, 2, 1]])  # mirrored
    with pytest.raises(VisionError, match="clockwise"):
        measure_marker_layout(frame, TSURO, corners[[0, 2, 1, 3]])  # crossed
    with pytest.raises(VisionError, match="shape"):
        measure_marker_layout(frame, TSURO, corners[:3])
    with pytest.raises(BadImage):
        markers_seen(np.zeros((0, 0, 3), np.uint8))


# -- the teach plan ------------------------------------------------------------------------


@pytest.mark.parametrize("board,daikaiju,sheets", [
    (TSURO, 0, 3), (SEAS, 2, 2), (SEAS, 6, 2), (SEAS_6X6, 1, 4),
], ids=["tsuro-6x6", "seas-7x7", "seas-7x7-six-kaiju", "seas-6x6-one-kaiju"])
def test_the_sheets_show_every_pattern_twice_and_each_facing(
        board: BoardProfile, daikaiju: int, sheets: int) -> None:
    plan = teach_sheets(board, PATTERNS, daikaiju)
    assert len(plan) == sheets
    assert plan == teach_sheets(board, PATTERNS, daikaiju)  # the same plan every time
    shown: dict[Tile, list[Tile]] = {}
    facings: list[Side] = []
    for sheet in plan:
        assert all(board.contains(sq) for sq in sheet)
        pieces = [p for p in sheet.values() if p is not None]
        tiles = [p for p in pieces if isinstance(p, Tile)]
        kaiju = [p.facing for p in pieces if isinstance(p, Daikaiju)]
        assert len(tiles) + len(kaiju) == len(pieces)
        # One tile of each pattern in a set, and only so many daikaiju pieces to lay.
        assert len({t.pattern() for t in tiles}) == len(tiles)
        assert len(kaiju) <= daikaiju
        for t in tiles:
            shown.setdefault(t.pattern(), []).append(t)
        facings += kaiju
        empty = [sq for sq, p in sheet.items() if p is None]
        assert len(empty) >= 4
        rows, cols = {sq.row for sq in empty}, {sq.col for sq in empty}
        assert max(rows) - min(rows) >= board.rows - 2 and max(cols) - min(cols) >= board.cols - 2
    # Dicts hold one piece a square: every showing asked for is on some square.
    assert sum(len(v) for v in shown.values()) == 2 * len(PATTERNS)
    assert set(shown) == set(PATTERNS)
    for pattern, tiles in shown.items():
        assert len(tiles) == 2
        assert len(set(tiles)) == min(2, len(pattern.rotations()))
    assert sorted(facings) == (list(Side) if daikaiju else [])


def test_a_sheet_plan_asks_for_something_sensible() -> None:
    with pytest.raises(LayoutError, match="nothing to teach"):
        teach_sheets(TSURO, [], 0)
    few = teach_sheets(TSURO, [PATTERNS[3].rotated(1), PATTERNS[3]], 0)  # one pattern, twice
    assert len(few) == 2
    shown = [p for s in few for p in s.values() if p is not None]
    assert len(set(shown)) == 2
    assert {t.pattern() for t in shown if isinstance(t, Tile)} == {PATTERNS[3]}


def test_game_patterns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    assert game_patterns("tsuro") == list(PATTERNS)
    # the shipped set has all 35, some twice: one entry per piece of the box
    seas = game_patterns("tsuro-of-the-seas")
    assert set(seas) == set(PATTERNS) and len(seas) == 56
    assert sorted(Counter(seas).values()) == [1] * 14 + [2] * 21
    owned = [PATTERNS[4].rotated(1).notation(), PATTERNS[9].notation(), PATTERNS[4].notation()]
    (tmp_path / "seas_wake_tiles.json").write_text(json.dumps({"tiles": owned}))
    assert game_patterns("tsuro-of-the-seas") == [PATTERNS[4], PATTERNS[4], PATTERNS[9]]
    with pytest.raises(LayoutError, match="rigadoon"):
        game_patterns("rigadoon")


# -- the album, taught through the command line, then reading a game ----------------------


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    err = "\n".join(line for line in err.splitlines() if "commands are unavailable" not in line)
    return code, out, err


@pytest.mark.parametrize("game,daikaiju", [("tsuro-of-the-seas", 2), ("tsuro", 0)],
                         ids=["7x7", "6x6"])
def test_an_album_teaches_the_owners_set(game: str, daikaiju: int, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    board = GAME_BOARDS[game]
    plan = teach_sheets(board, PATTERNS, daikaiju)
    album = TeachAlbum(tmp_path / "album", board)
    for n, sheet in enumerate(plan):
        scene = Scene(tilt_deg=12, tilt_dir_deg=30 + 90 * n, turn_deg=4 - 5 * n, blur=0.8,
                      noise=3, light=0.25, seed=200 + n)
        photo = render_photo(board.rows, board.cols, sheet, scene, style=OWNER, size=SIZE)
        assert album.add(photo, sheet) == tmp_path / "album" / f"teach-{n + 1}.png"
    assert album.images == [tmp_path / "album" / f"teach-{n}.png" for n in (1, 2, 3)][:len(plan)]

    data = json.loads((tmp_path / "album" / "layout.json").read_text())
    assert list(data) == ["images"]
    for entry, sheet in zip(data["images"], plan, strict=True):
        assert set(entry) == {"path", "squares"}
        assert (tmp_path / "album" / entry["path"]).is_file()
        assert entry["squares"] == {sq.name(): layout_value(p) for sq, p in sheet.items()}
        for value in entry["squares"].values():
            assert value is None or value.startswith("daikaiju") or Tile.parse(value)

    profile = tmp_path / "my-set"
    code, out, err = _run(capsys, "vision", "teach", "--game", game, "--profile", str(profile),
                          "--layout", str(tmp_path / "album" / "layout.json"))
    assert (code, err) == (0, "")
    assert out.startswith(f"learned {70 + (4 if daikaiju else 0)} pieces")
    assert "105 oriented tiles seen" in out
    assert album.learn() == out.strip()  # the wizard's way gives the same lesson

    templates = load_templates(profile)
    rng = np.random.default_rng(7)
    counts: Counter[str] = Counter()
    for k in range(2):
        truth = random_state(board.rows, board.cols, rng, fill=0.7,
                             daikaiju=0.05 if daikaiju else 0.0)
        scene = Scene(tilt_deg=20, tilt_dir_deg=140 + 60 * k, turn_deg=-35 + 50 * k, blur=1.0,
                      noise=4, light=0.35, cast=(0.95, 1.0, 1.08), askew_deg=3,
                      askew_shift=0.02, jpeg=85, seed=300 + k)
        frame = render_photo(board.rows, board.cols, truth, scene, style=OWNER, size=SIZE)
        right, unknown, wrong = score(BoardReader(board, templates).read(frame), truth)
        assert wrong == []  # never a wrong square reported as sure
        taught_right = right
        counts.update(right=right, unknown=unknown)
    total = counts["right"] + counts["unknown"]
    assert counts["right"] / total >= 0.99, counts
    # Without the lesson the paths are still followed: fewer squares read, none wrong.
    untaught = BoardReader(board).read(frame)
    right, unknown, wrong = score(untaught, truth)
    assert wrong == []
    assert right <= taught_right


def test_the_album_refuses_a_photo_without_the_board(tmp_path: Path) -> None:
    album = TeachAlbum(tmp_path / "album", TSURO)
    with pytest.raises(LayoutError, match="no teaching photos yet"):
        album.learn()
    with pytest.raises(BoardNotFound, match="no board markers"):
        album.add(blank(), {Square(1, 1): None})
    assert album.images == [] and not (tmp_path / "album" / "layout.json").exists()
    frame = render_photo(6, 6, {}, Scene(seed=12), size=SIZE)
    with pytest.raises(LayoutError, match="off the 6x6 board"):
        album.add(frame, {Square(7, 1): None})


def test_the_ship_colour_file_keeps_which_colours_were_measured(tmp_path: Path) -> None:
    from vision.profile import measured_ship_colours, save_ship_colours

    lab = {"red": (50.0, 60.0, 40.0), "blue": (40.0, 10.0, -50.0)}
    assert measured_ship_colours(tmp_path) == frozenset()
    save_ship_colours(tmp_path, lab, measured=["red"])
    assert measured_ship_colours(tmp_path) == {"red"}
    save_ship_colours(tmp_path, lab, measured=["blue"])  # a later measurement adds to it
    assert measured_ship_colours(tmp_path) == {"red", "blue"}
    # a file from before the list: the whole table, defaults and all, with red measured
    from vision.ships import DEFAULT_COLOURS

    old = {"lab": {**{n: list(v) for n, v in DEFAULT_COLOURS.items()},
                   "red": [50, 60, 40], "white": [95, 0, 2]}}
    (tmp_path / "ships.json").write_text(json.dumps(old))
    assert measured_ship_colours(tmp_path) == {"red", "white"}


def test_a_reopened_album_takes_back_only_photos_that_match_their_sheets(tmp_path: Path) -> None:
    from vision.simulate import render_photo
    from vision.teach_plan import TeachAlbum, game_patterns, teach_sheets

    board = GAME_BOARDS["tsuro-of-the-seas"]
    sheets = teach_sheets(board, game_patterns("tsuro-of-the-seas"), 2)
    first = TeachAlbum(tmp_path, board)
    for i, sheet in enumerate(sheets):
        first.add(render_photo(7, 7, sheet), sheet, slot=i)
    again = TeachAlbum(tmp_path, board)
    assert again.reopen(sheets) == {0, 1}
    # a plan that changed for sheet 2 (say, an edited tile set): that photo is not taken
    changed: list[dict[Square, Tile | Daikaiju | None]] = [
        dict(sheets[0]), dict.fromkeys(sheets[1])]
    assert TeachAlbum(tmp_path, board).reopen(changed) == {0}
    (tmp_path / "layout.json").write_text("{not json")
    assert TeachAlbum(tmp_path, board).reopen(sheets) == set()
