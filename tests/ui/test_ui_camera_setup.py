"""Camera setup: choose the camera, calibrate the markers, teach the owner's pieces."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from companion.core.board import Side, Square
from companion.tsuro.tiles import PATTERNS
from ui.sim_camera import SimCamera
from ui.wizard import CameraSetup, SetupError


def test_teaching_the_seas_pieces_writes_a_contract_layout_and_reads_them(
        tmp_path: Path) -> None:
    from vision.profile import load_templates
    from vision.reading import Daikaiju
    from vision.recognise import BoardReader

    cam = SimCamera()
    cam.table.pieces = {Square(4, 4): PATTERNS[3]}  # the game's table, before the setup
    setup = CameraSetup(cam, "tsuro-of-the-seas", tmp_path / "profile")
    assert setup.board_dir == tmp_path / "profile" / "7x7"
    # every piece of the box once over two sheets (test_ui_camera_setup_box checks the plan),
    # each of the box's ten daikaiju facing north, then the bare board
    assert len(setup.sheets) == 3
    shown = [p for sheet in setup.sheets for p in sheet.values() if p is not None]
    kaiju = [p for p in shown if hasattr(p, "facing")]
    assert len(kaiju) == 10 and all(p.facing is Side.NORTH for p in kaiju)
    assert len(shown) == 56 + 10
    assert len(setup.sheets[2]) == 49 and all(p is None for p in setup.sheets[2].values())
    assert setup.read_back is None
    # sheet 1 on the table, photographed as sheet 2: refused, nothing kept
    setup.lay_sheet_on_simulated_table(0)
    with pytest.raises(SetupError, match="This does not look like sheet 3: "):
        setup.photograph_sheet(2)
    assert setup.photographed == set()
    assert setup.photograph_sheet(0) == "Photo of sheet 1 of 3 kept (teach-1.png)."
    assert setup.photograph_sheet(0) == "Photo of sheet 1 of 3 kept (teach-1.png)."  # retake
    with pytest.raises(SetupError, match=r"still to do: sheet 2, 3\)"):
        setup.learn()
    # the app is closed (or the power cut) here: a new sitting keeps the photo of sheet 1
    kept = dict(cam.table.pieces)
    setup = CameraSetup(cam, "tsuro-of-the-seas", tmp_path / "profile")
    assert setup.photographed == {0}
    cam.table.pieces = kept
    for n in (1, 2):
        setup.lay_sheet_on_simulated_table(n)
        setup.photograph_sheet(n)
    summary = setup.learn()
    assert summary.startswith("Learned: learned 66 pieces"), summary
    # the photos read back with what was learned from them: every square counted
    back = setup.read_back
    assert back is not None and back.total == 3 * 49
    assert back.wrong == 0 and back.good(), back
    assert back.sentence().startswith(f"Read back: {back.right} of 147 squares")
    # a profile whose teach.json does not carry the figure: the photos are read here instead
    record = json.loads((setup.board_dir / "teach.json").read_text())
    record.pop("read_back", None)
    (setup.board_dir / "teach.json").write_text(json.dumps(record))
    assert setup._read_back(None) == back
    layout = json.loads((setup.board_dir / "layout.json").read_text())
    assert [i["path"] for i in layout["images"]] == ["teach-1.png", "teach-2.png", "teach-3.png"]
    values = {v for image in layout["images"] for v in image["squares"].values()}
    # contract 4: an oriented tile, null, or daikaiju, nothing else
    assert all(v is None or v == "daikaiju" or (len(v) == 8 and v.isdigit()) for v in values)
    setup.finish()
    # (the second sitting found the table holding sheet 1, and puts that back)
    cam.table.pieces = {Square(4, 4): PATTERNS[3]}
    # the learned look reads a fresh board of random tiles
    rng = random.Random(5)
    squares = [Square(r, c) for r in range(1, 8) for c in range(1, 8)]
    laid = {sq: rng.choice(PATTERNS).rotated(rng.randrange(4)) for sq in rng.sample(squares, 20)}
    # and daikaiju facing the other ways, though all ten were taught facing north
    free = [sq for sq in squares if sq not in laid]
    kaiju = dict(zip(free[::9], (Side.EAST, Side.SOUTH, Side.WEST), strict=False))
    cam.table.pieces = {**laid, **kaiju}
    reader = BoardReader(setup.board, load_templates(setup.board_dir))
    reading = reader.read(cam.frame(7, 7))
    assert {sq: reading.squares[sq].piece() for sq in kaiju} == {
        sq: Daikaiju(side) for sq, side in kaiju.items()}
    right = sum(1 for sq in squares if (reading.squares[sq].tile == laid.get(sq)))
    wrong = [sq for sq in squares
             if reading.squares[sq].tile is not None and reading.squares[sq].tile != laid.get(sq)]
    assert not wrong and right >= 48, (right, wrong)


def test_a_tile_laid_turned_on_a_sheet_is_refused_at_once(tmp_path: Path) -> None:
    from companion.tsuro.tiles import Tile

    cam = SimCamera()
    setup = CameraSetup(cam, "tsuro", tmp_path / "profile")
    setup.lay_sheet_on_simulated_table(0)
    square, tile = next((sq, p) for sq, p in sorted(setup.sheets[0].items())
                        if isinstance(p, Tile) and p.rotated(1) != p)
    cam.table.pieces[square] = tile.rotated(1)  # the player turned one tile a quarter
    with pytest.raises(SetupError, match=f"On sheet 1, the tile at {square} is not as drawn"):
        setup.photograph_sheet(0)
    assert setup.photographed == set()
    cam.table.pieces[square] = tile  # laid again as drawn: kept
    assert setup.photograph_sheet(0) == f"Photo of sheet 1 of {len(setup.sheets)} kept (teach-1.png)."


def test_a_poor_read_back_asks_for_new_photos() -> None:
    from ui.wizard import ReadBack

    good = ReadBack(97, 1, 0)
    assert good.good() and "again" not in good.sentence()
    for poor in (ReadBack(97, 0, 1), ReadBack(90, 8, 0)):  # one wrong, or too many unsure
        assert not poor.good()
        assert "photograph the sheets again" in poor.sentence()
    assert not ReadBack(0, 0, 0).good()


def test_the_two_photos_need_a_square_to_spare() -> None:
    from companion.core.board import GAME_BOARDS
    from ui.wizard import two_photos

    assert two_photos(GAME_BOARDS["tsuro"], PATTERNS, 1) is None  # 36 pieces, 36 squares
    sheets = two_photos(GAME_BOARDS["tsuro"], PATTERNS, 0)
    assert sheets is not None
    first, bare = sheets
    assert [sq for sq, p in first.items() if p is None] == [Square(6, 6)]
    assert set(bare) == set(first)


def test_calibration_saves_the_marker_places(tmp_path: Path) -> None:
    import numpy as np

    from vision.geometry import MarkerLayout

    setup = CameraSetup(SimCamera(), "tsuro", tmp_path / "profile")
    with pytest.raises(SetupError, match="Take a picture first"):
        setup.calibrate([[0, 0]] * 4)
    photo = setup.take_photo()
    assert photo.summary() == "All four corner markers seen." and photo.corners is not None
    assert setup.calibrate(photo.corners) == f"Calibration saved in {tmp_path / 'profile' / '6x6'}."
    saved = json.loads((tmp_path / "profile" / "6x6" / "markers.json").read_text())
    default = MarkerLayout.default(6, 6)
    for i in range(4):  # the simulated markers lie as printed: measured within 0.05 square
        measured = np.array(saved["corners"][str(i)])
        assert np.abs(measured - default.array(i)).max() < 0.05, (i, measured)
    with pytest.raises(SetupError, match="clockwise"):
        setup.calibrate(photo.corners[::-1])  # two corners swapped: refused, not saved
    off = np.array(photo.corners, dtype=float)
    off[2] += (50.0, 38.0)  # dot 3 dropped half a square off its corner
    with pytest.raises(SetupError, match="out of square, so a dot is off its corner"):
        setup.calibrate(off)


def test_setup_steps_say_what_is_wrong(tmp_path: Path) -> None:
    import numpy as np

    from ui.vision_camera import VisionCamera
    from ui.wizard import Photo

    with pytest.raises(SetupError, match="No camera is chosen"):
        CameraSetup(None, "tsuro", tmp_path).take_photo()
    cam = SimCamera()
    cam.unplugged = True
    with pytest.raises(SetupError, match="unplugged"):
        CameraSetup(cam, "tsuro", tmp_path).take_photo()
    with pytest.raises(SetupError, match="Photograph every sheet first"):
        CameraSetup(SimCamera(), "tsuro", tmp_path).learn()
    with pytest.raises(SetupError, match="not rigadoon"):
        CameraSetup(SimCamera(), "rigadoon", tmp_path)
    frame = np.zeros((60, 80, 3), np.uint8)
    three = Photo(frame, {0: None, 1: None, 3: None}, None)
    assert three.summary() == ("3 of the 4 corner markers seen (missing: bottom-right): check "
                               "the light, and that nothing covers them.")
    # a covered lens: said plainly, and the camera stays open for the game
    import cv2

    picture = tmp_path / "blank.png"
    cv2.imwrite(str(picture), np.full((480, 640, 3), 90, np.uint8))
    ok = tmp_path / "ok.png"
    cv2.imwrite(str(ok), SimCamera().frame(6, 6))
    real = VisionCamera(f"file:{ok}")
    real.source._files = [picture]  # the same camera, now looking at a covered lens
    setup = CameraSetup(real, "tsuro", tmp_path / "p")
    with pytest.raises(SetupError, match="The picture is blank: is the lens covered"):
        setup.take_photo()
    assert real.source is not None


def test_a_calibration_for_one_board_leaves_the_other_board_alone(tmp_path: Path) -> None:
    import cv2

    from ui.model import BoardPicture
    from ui.vision_camera import VisionCamera

    setup = CameraSetup(SimCamera(), "tsuro", tmp_path / "profile")
    setup.calibrate(setup.take_photo().corners)  # saved for the 6x6 board only
    seas = SimCamera()
    seas.table.pieces = {Square(3, 3): PATTERNS[5]}
    picture = tmp_path / "seas.png"
    cv2.imwrite(str(picture), seas.frame(7, 7))
    cam = VisionCamera(f"file:{picture}", str(tmp_path / "profile"))
    seen = cam.read(BoardPicture(7, 7))  # the 7x7 board reads with the built-in layout
    assert seen[Square(3, 3)].tile == PATTERNS[5]


@contextmanager
def settings_page(tmp_path: Path, monkeypatch: Any, tab: str) -> Iterator[tuple[Any, Any]]:
    """The app with a Seas game going, on one page of the settings."""
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    from test_ui_app import make

    h = make(tmp_path)
    try:
        h.controller.new_game("tsuro-of-the-seas", ["red", "blue"])
        h.show("settings")
        settings = h.app.sm.get_screen("settings")
        settings.tab = tab
        h.frames(2)
        yield h, settings
    finally:
        h.stop()
        h.app.ctx.close()


def test_the_setup_screen_through_touches(tmp_path: Path, monkeypatch: Any) -> None:
    from kivy.tests.common import UnitTestTouch

    with settings_page(tmp_path, monkeypatch, "camera") as (h, settings):
        app, c = h.app, h.controller
        h.touch(settings.ids.camera_setup)
        assert app.sm.current == "camera-setup"
        w = app.sm.get_screen("camera-setup")
        h.touch(w.ids.action)  # take a picture
        assert w.message == "All four corner markers seen." and w.photo is not None
        w.go("calibrate")
        h.touch(w.ids.action)
        assert len(w.corners) == 4
        before = [list(p) for p in w.corners]
        # a finger drags dot 1 a little to the right
        view = w.ids.photo
        x, y = view.to_window(*view.to_screen(*before[0]))
        t = UnitTestTouch(x, y)
        t.touch_down()
        t.touch_move(x + 6, y)
        t.touch_up()
        h.frames(1)
        assert w.corners[0][0] > before[0][0] and w.corners[1] == before[1]
        w.corners = before
        # the game's buttons wait while the board is in use for the setup
        entries = len(c.session.entries)
        app.ctx.panel.buttons.confirm.press()
        app.ctx.panel.buttons.roll.press()
        h.frames(2)
        assert len(c.session.entries) == entries and c.message.startswith("Camera setup is open")
        assert app.sm.current == "camera-setup" and len(w.corners) == 4  # progress kept
        h.touch(w.ids.action)  # save
        assert w.message.startswith("Calibration saved in "), w.message
        assert app.loaded.config.camera.profile == str(tmp_path / "data" / "camera-profile")
        w.go("ships")  # no ship is on the board yet in this game
        h.touch(w.ids.action)
        assert w.message.startswith("No ships on the board: start a game"), w.message
        w.switch_game()  # the setup is now for Tsuro's board, the game is on the Seas'
        w.go("ships")
        h.touch(w.ids.action)
        assert w.message.startswith("The game on the table is on another board"), w.message
        w.switch_game()
        assert w.game == "tsuro-of-the-seas"
        # teach: a photo of sheet 1, then a press on a game button, then sheet 2 is next
        w.go("teach")
        assert "put these pieces aside" in w.guide and not w.sheet.others
        h.touch(w.ids.action)
        assert w.message == "Photo of sheet 1 of 3 kept (teach-1.png)." and w.sheet_index == 1
        app.ctx.panel.buttons.undo.press()
        h.frames(2)
        assert w.setup.photographed == {0} and w.sheet_index == 1
        # sheet 2: the other piece of each tile the box holds twice, marked on the sheet
        assert len(w.sheet.others) == 21 and "a tile marked 2 is the second piece" in w.guide
        assert "put these pieces aside" not in w.guide
        h.touch(w.ids.action)
        assert w.message == "Photo of sheet 2 of 3 kept (teach-2.png)."
        assert "clear the board, every square empty" in w.guide  # sheet 3: the bare board
        h.touch(w.ids.action)
        assert w.message == "Photo of sheet 3 of 3 kept (teach-3.png)." and w.second_text
        assert w.ids.read_back.text == ""
        h.touch(w.ids.second)  # Learn: the photos are read back and the figure is shown
        assert w.message.startswith("Learned: "), w.message
        h.frames(1)
        assert w.ids.read_back.text.startswith("Read back: ") and w.read_back_good
        # the camera: an absent one is said so, and the one in use is kept
        w.go("camera")
        w.choose_camera("usb:1")
        assert "not available" in w.message and w.message.endswith("The camera in use before is kept.")
        assert isinstance(c.camera, SimCamera) and c.camera_ok
        assert app.loaded.config.camera.source != "usb:1"
        w.choose_camera("none")
        assert c.camera is None and c.hand_entry == "touch"
        w.choose_camera("sim")
        assert isinstance(c.camera, SimCamera) and c.camera_ok
        assert app.loaded.config.camera.source == "sim"
        h.touch(w.ids.action)
        assert w.message == "All four corner markers seen."
        # Back: the game goes on, and the board is checked against the record
        w.go("teach")
        h.touch(w.ids.sheet)  # nothing happens on a touch of the sheet
        w.leave()
        assert app.sm.current == "settings" and not c.paused
        assert c.message == "The board matches the record."
        c.roll()
        assert not c.message.startswith("Camera setup is open")


def test_the_pin_map_page_names_a_taken_pin_and_applies_a_good_map(
        tmp_path: Path, monkeypatch: Any) -> None:
    with settings_page(tmp_path, monkeypatch, "pins") as (h, settings), h.manual_clock():
        # the light test steps once a second of Kivy's clock, moved on by the test itself
        app, c = h.app, h.controller
        page = settings.ids.pin_page
        assert page._states["confirm"].text == "working"
        page._inputs["confirm"].text = "17"  # the Roll button's pin: refused, not saved
        h.touch(page.ids.apply_pins)
        assert page.message == ("Not saved: settings: GPIO17 is given to both gpio.pins.roll "
                                "and gpio.pins.confirm")
        assert app.loaded.config.gpio.pins.confirm == 27
        from gpiozero import LED

        other = LED(19, pin_factory=app.ctx.factory.factory)  # a pin another program holds
        page._inputs["confirm"].text = "19"
        h.touch(page.ids.apply_pins)
        assert "GPIO19 (confirm button) is already in use" in page.message, page.message
        assert "already in use" in page._states["confirm"].text
        assert "confirm" not in app.ctx.panel.buttons and "roll" in app.ctx.panel.buttons
        other.close()
        page._inputs["confirm"].text = "GPIO26"
        h.touch(page.ids.apply_pins)
        assert page.message == "Saved and in use."
        assert app.loaded.config.gpio.pins.confirm == 26
        # the new Confirm pin works at once: a press reaches the game
        c.message = ""
        app.ctx.panel.buttons.confirm.press()
        h.frames(2)
        assert c.message, "the press on the new pin was not handled"
        h.touch(page.ids.test_lights)
        assert app.ctx.panel.status.state == "legal" and page.message == "Status light: legal."
        h.advance(3.5)
        assert page.message == "Light test done."
        assert app.ctx.panel.status.state == "waiting"  # back to what the game shows
        # turn lights: the test lights each in turn; Apply in the middle of it is safe
        page._inputs["turn"].text = "16, 20, 21"
        h.touch(page.ids.apply_pins)
        assert page.message == "Saved and in use." and len(app.ctx.panel.turns.lamps) == 3
        h.touch(page.ids.test_lights)
        h.advance(1.2)
        h.touch(page.ids.apply_pins)  # stops the test before the lights are rebuilt
        assert page.message == "Saved and in use."
        h.touch(page.ids.test_lights)
        lit = []
        for _ in range(7):
            h.advance(1.0)
            lit.append([lamp.is_lit for lamp in app.ctx.panel.turns.lamps])
        assert [True, False, False] in lit and [False, False, True] in lit
        assert page.message == "Light test done."


def test_rule_options_for_new_games_from_the_settings(tmp_path: Path) -> None:
    from test_ui_app import make

    h = make(tmp_path)
    try:
        app, c = h.app, h.controller
        h.show("settings")
        settings = app.sm.get_screen("settings")
        settings.tab = "rules"
        h.frames(2)
        settings.set_rule("no-daikaiju", True)
        assert settings.message.startswith("Rule options for new games saved to ")
        assert app.loaded.config.game.options == ("no-daikaiju",)
        c.repeat = 0  # saving applied the config's repeat guard; the test presses fast
        start = app.sm.get_screen("start")
        start.choose_game("tsuro")  # Tsuro has no such option: it is not passed on
        assert start.options == []
        start.choose_game("tsuro-of-the-seas")
        assert start.options == ["no-daikaiju"]
        start.players = ["red", "blue"]
        start.choose_game("tsuro")
        start.start()
        assert c.session is not None and c.snapshot.game == "tsuro"
        app.show("start")
        start.choose_game("tsuro-of-the-seas")
        start.start()
        assert c.snapshot.game == "tsuro-of-the-seas", c.message
        assert c.session.game.options == frozenset({"no-daikaiju"})
        assert app.loaded.config.game.options == ("no-daikaiju",)  # a game leaves them be
    finally:
        h.stop()
        h.app.ctx.close()


def test_ship_colours_measured_from_the_game_are_the_ones_checked(tmp_path: Path) -> None:
    import cv2

    from companion.core.board import Point
    from ui.board_compare import ship_differences
    from ui.model import BoardPicture, ShipMark
    from ui.vision_camera import VisionCamera
    from vision.profile import measured_ship_colours

    cam = SimCamera()
    setup = CameraSetup(cam, "tsuro-of-the-seas", tmp_path / "profile")
    with pytest.raises(SetupError, match="No ships on the board"):
        setup.measure_ships({})
    ships = {Point.parse("r1c4:0"): "red", Point.parse("r4c7:3"): "white"}
    cam.table.ships = dict(ships)
    assert setup.measure_ships(ships) == (
        "Ship colours measured (red, white); the camera now checks those ships.")
    assert measured_ship_colours(setup.board_dir) == {"red", "white"}
    # a real camera (here: a picture file) with that profile checks just those colours
    picture = tmp_path / "table.png"
    cv2.imwrite(str(picture), cam.frame(7, 7))
    real = VisionCamera(f"file:{picture}", str(tmp_path / "profile"))
    record = BoardPicture(7, 7, ships=(ShipMark("red", Point.parse("r1c4:0")),
                                       ShipMark("white", Point.parse("r4c7:3")),
                                       ShipMark("blue", Point.parse("r7c2:5"))))
    real.read(record)
    assert real.ship_colours == {"red", "white"}
    assert real.ships_seen is not None and real.ships_seen.get(Point.parse("r4c7:3")) == "white"
    # blue was never measured: its absence from the picture is not held against the table
    assert ship_differences(record, real.ships_seen, real.ship_colours) == []


def test_each_board_reads_with_its_own_profile_files(tmp_path: Path) -> None:
    import cv2

    from companion.core.board import Point
    from ui.model import BoardPicture
    from ui.vision_camera import VisionCamera, profile_file_dirs
    from vision.profile import save_ship_colours
    from vision.ships import DEFAULT_COLOURS

    base = tmp_path / "profile"
    (base / "7x7").mkdir(parents=True)
    (base / "markers.json").write_text("{}")  # as if calibrated on the command line
    lab = dict(DEFAULT_COLOURS)
    save_ship_colours(base / "7x7", lab, measured=["red", "blue"])
    save_ship_colours(base / "6x6", lab, measured=["red"])
    dirs = profile_file_dirs(base, (7, 7))
    assert dirs == {"templates.npz": None, "markers.json": base, "ships.json": base / "7x7"}
    # one camera, boards of two sizes in turn: each read checks its own board's colours
    folder = tmp_path / "frames"
    folder.mkdir()
    cam = SimCamera()
    cam.table.ships = {Point.parse("r1c2:0"): "red"}
    # the first picture is the one the camera takes when it opens, to see that it works
    for name, size in (("a", 6), ("b", 6), ("c", 7), ("d", 6)):
        cv2.imwrite(str(folder / f"{name}.png"), cam.frame(size, size))
    (base / "markers.json").unlink()
    real = VisionCamera(f"file:{folder}", str(base))
    seen_colours = []
    for size in (6, 7, 6):
        real.read(BoardPicture(size, size))
        seen_colours.append(set(real.ship_colours))
    assert seen_colours == [{"red"}, {"red", "blue"}, {"red"}]


def test_two_ships_side_by_side_on_one_point_pass_the_check() -> None:
    from companion.core.board import Point
    from ui.board_compare import ship_differences
    from ui.model import BoardPicture, ShipMark

    spot = Point.parse("r3c2:0")
    pic = BoardPicture(7, 7, ships=(ShipMark("red", spot), ShipMark("blue", spot)))
    colours = {"red", "blue"}
    assert ship_differences(pic, {spot: "blue"}, colours) == []
    assert ship_differences(pic, {spot.across(): "red"}, colours) == []
    assert ship_differences(pic, {}, colours) == [
        "the red ship should stand at r3c2:0, as the board on the screen shows",
        "the blue ship should stand at r3c2:0, as the board on the screen shows",
    ]
