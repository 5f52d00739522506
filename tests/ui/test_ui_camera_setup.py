"""Camera setup: choose the camera, calibrate the markers, teach the owner's pieces."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from companion.board import Side, Square
from companion.tiles import PATTERNS
from ui.camera import SimCamera
from ui.wizard import CameraSetup, SetupError


def _taught(tmp_path: Path, game: str) -> tuple[CameraSetup, SimCamera]:
    cam = SimCamera()
    setup = CameraSetup(cam, game, tmp_path / "profile")
    for i in range(len(setup.sheets)):
        assert setup.lay_sheet_on_simulated_table(i)
        assert setup.photograph_sheet(i).startswith(f"Photo {i + 1} of {len(setup.sheets)}")
    return setup, cam


def test_teaching_the_seas_pieces_writes_a_contract_layout_and_reads_them(
        tmp_path: Path) -> None:
    from vision.profile import load_templates
    from vision.recognise import BoardReader

    setup, cam = _taught(tmp_path, "tsuro-of-the-seas")
    cam.table.pieces = {Square(4, 4): PATTERNS[3]}  # the game's table, before the setup
    setup = CameraSetup(cam, "tsuro-of-the-seas", tmp_path / "profile2")
    for i in range(len(setup.sheets)):
        setup.lay_sheet_on_simulated_table(i)
        setup.photograph_sheet(i)
    shown = [p for sheet in setup.sheets for p in sheet.values() if p is not None]
    assert all(p.facing is Side.NORTH for p in shown if hasattr(p, "facing"))
    for pattern in PATTERNS:  # every pattern twice
        assert sum(1 for p in shown if getattr(p, "pattern", None) and p.pattern() == pattern) >= 2
    summary = setup.learn()
    assert summary.startswith("Learned: ") and "105 oriented tiles seen" in summary
    layout = json.loads((tmp_path / "profile2" / "layout.json").read_text())
    values = {v for image in layout["images"] for v in image["squares"].values()}
    # contract 4: an oriented tile, null, or daikaiju, nothing else
    assert all(v is None or v == "daikaiju" or (len(v) == 8 and v.isdigit()) for v in values)
    assert len(layout["images"]) == len(setup.sheets)
    setup.finish()
    assert cam.table.pieces == {Square(4, 4): PATTERNS[3]}  # the game's table is back
    # the learned look reads a fresh board of random tiles
    rng = random.Random(5)
    squares = [Square(r, c) for r in range(1, 8) for c in range(1, 8)]
    laid = {sq: rng.choice(PATTERNS).rotated(rng.randrange(4)) for sq in rng.sample(squares, 20)}
    cam.table.pieces = dict(laid)
    reader = BoardReader(setup.board, load_templates(tmp_path / "profile2"))
    reading = reader.read(cam.frame(7, 7))
    right = sum(1 for sq in squares if (reading.squares[sq].tile == laid.get(sq)))
    wrong = [sq for sq in squares
             if reading.squares[sq].tile is not None and reading.squares[sq].tile != laid.get(sq)]
    assert not wrong and right >= 48, (right, wrong)


def test_calibration_saves_the_marker_places(tmp_path: Path) -> None:
    setup = CameraSetup(SimCamera(), "tsuro", tmp_path / "profile")
    with pytest.raises(SetupError, match="Take a picture first"):
        setup.calibrate([[0, 0]] * 4)
    photo = setup.take_photo()
    assert photo.summary() == "All four corner markers seen." and photo.corners is not None
    assert setup.calibrate(photo.corners).startswith("Calibration saved in ")
    saved = json.loads((tmp_path / "profile" / "markers.json").read_text())
    assert saved
    with pytest.raises(SetupError, match="clockwise"):
        setup.calibrate(photo.corners[::-1])  # two corners swapped: refused, not saved


def test_setup_steps_say_what_is_wrong(tmp_path: Path) -> None:
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
    cam = SimCamera()
    cam.table.pieces = {}
    setup = CameraSetup(cam, "tsuro", tmp_path)
    assert "of the 4 corner markers" not in setup.take_photo().summary()


def test_the_setup_screen_through_touches(tmp_path: Path, monkeypatch: Any) -> None:
    from kivy.tests.common import UnitTestTouch

    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    from test_ui_app import make

    h = make(tmp_path)
    try:
        app, c = h.app, h.controller
        c.new_game("tsuro-of-the-seas", ["red", "blue"])
        h.show("settings")
        settings = app.sm.get_screen("settings")
        settings.tab = "camera"
        h.frames(2)
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
        h.touch(w.ids.action)  # save
        assert w.message.startswith("Calibration saved in "), w.message
        assert app.loaded.config.camera.profile == str(tmp_path / "data" / "camera-profile")
        # the camera can be switched off and back on from the setup screen
        w.go("camera")
        w.choose_camera("none")
        assert c.camera is None and c.touch_entry
        w.choose_camera("sim")
        assert isinstance(c.camera, SimCamera) and c.camera_ok
        assert app.loaded.config.camera.source == "sim"
        h.touch(w.ids.action)
        assert w.message == "All four corner markers seen."
    finally:
        h.stop()
        h.app.ctx.close()


def test_the_pin_map_page_names_a_taken_pin_and_applies_a_good_map(
        tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    from test_ui_app import make

    h = make(tmp_path)
    try:
        app, c = h.app, h.controller
        c.new_game("tsuro-of-the-seas", ["red", "blue"])
        h.show("settings")
        settings = app.sm.get_screen("settings")
        settings.tab = "pins"
        h.frames(2)
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
        h.settle(4.5)
        assert page.message == "Light test done."
        assert app.ctx.panel.status.state == "waiting"  # back to what the game shows
    finally:
        h.stop()
        h.app.ctx.close()
