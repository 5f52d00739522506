"""Camera setup on a Seas table that owns Veterans of the Seas (issue 13): the teaching
sheets lay the tsunami, the uzushio and a portal too, the lesson learns their looks, and
the camera then reads them on a game's board."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import cv2

from companion.core.board import Side, Square
from companion.tsuro.tiles import PATTERNS
from ui.camera import VetMark
from ui.model import BoardPicture
from ui.readback import RETAKE, ReadBack
from ui.sim_camera import SimCamera
from ui.teach_sheets import SheetPicture, veterans_words
from ui.vision_camera import VisionCamera
from ui.wizard import CameraSetup

SEAS = "tsuro-of-the-seas"


def _app(tmp_path: Path, monkeypatch: Any) -> Any:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    from test_ui_app import make

    return make(tmp_path)


def test_the_wizard_teaches_the_veterans_pieces_and_the_camera_reads_them(
        tmp_path: Path, monkeypatch: Any) -> None:
    h = _app(tmp_path, monkeypatch)
    try:
        app, c = h.app, h.controller
        c.new_game(SEAS, ["red", "blue"], ["veterans"])
        game_table = dict(c.camera.table.pieces)
        h.show("settings")
        settings = app.sm.get_screen("settings")
        settings.tab = "camera"
        h.frames(2)
        h.touch(settings.ids.camera_setup)
        w = app.sm.get_screen("camera-setup")
        # the game going plays with the expansion: the switch starts on
        assert w.veterans and w.offers_veterans
        w.go("teach")
        h.frames(1)
        assert w.ids.veterans.opacity == 1 and w.ids.veterans.state == "down"
        # sheet 1: every wake tile, the two daikaiju and one of each Veterans piece (the
        # other pieces of the tiles the box holds twice: sheet 2, test_ui_camera_setup_box)
        sheet = w.sheet
        assert isinstance(sheet, SheetPicture)
        assert sorted(sheet.veterans.values(), key=repr) == sorted(
            [VetMark("tsunami", "gold"), VetMark("tsunami", "blue"), VetMark("uzushio"),
             VetMark("portal")], key=repr)
        assert len(sheet.tiles) == 35 and len(sheet.daikaiju) == 2  # no piece as a daikaiju
        assert not set(sheet.veterans) & (set(sheet.tiles) | set(sheet.daikaiju))
        assert "the gold-arrowed tsunami (drawn gold)" in w.guide
        assert "a mystic portal tile" in w.guide and "pointing up" in w.guide
        # the simulated table holds the sheet, Veterans pieces included
        table = c.camera.table.pieces
        assert {sq: table[sq] for sq in sheet.veterans} == dict(sheet.veterans)
        h.touch(w.ids.action)
        assert w.message == "Photo of sheet 1 of 3 kept (teach-1.png).", w.message
        h.touch(w.ids.action)  # sheet 2, the other pieces
        assert w.message == "Photo of sheet 2 of 3 kept (teach-2.png).", w.message
        h.touch(w.ids.action)  # sheet 3, the bare board
        assert w.message == "Photo of sheet 3 of 3 kept (teach-3.png).", w.message
        h.touch(w.ids.second)  # Learn
        assert w.message.startswith("Learned: "), w.message
        h.frames(1)
        # the tiles' figure first (test_ui_camera_setup checks it), then the pieces'
        lines = w.ids.read_back.text.split("\n")
        assert lines[0].startswith("Read back: ") and "teaching photos" in lines[0], lines
        assert lines[1] == ("Read back: 4 of 4 Veterans pieces right (100.0%), 0 unsure, "
                            "0 wrong."), lines
        assert w.setup.veterans_read_back.good()
        assert w.read_back_good == w.setup.read_back.good()
        assert lines[2:] == ([] if w.read_back_good else [RETAKE])
        board_dir = w.setup.board_dir
        layout = json.loads((board_dir / "layout.json").read_text())
        values = set(layout["images"][0]["squares"].values())
        assert {"tsunami:gold:north", "tsunami:blue:north", "uzushio:north", "portal"} <= values
        from vision.veterans import Looks

        assert Looks.load(board_dir).source == "taught"
        # the switch off: the plan without them, so sheet 1 is to be photographed again
        h.touch(w.ids.veterans)
        assert not w.veterans and not w.sheet.veterans
        assert w.message == "No Veterans pieces."
        assert w.setup.photographed == {1, 2} and "Photographed: sheet 2, 3." in w.guide
        w.leave()
        assert c.camera.table.pieces == game_table  # the game's table put back
    finally:
        h.stop()
        h.app.ctx.close()
    # a game's board, read by a camera with the taught profile (as the app reads a real one)
    cam = SimCamera()
    cam.table.pieces = {Square(2, 3): VetMark("tsunami", "gold", Side.EAST),
                        Square(5, 5): VetMark("uzushio", facing=Side.SOUTH),
                        Square(4, 2): VetMark("portal"), Square(6, 6): PATTERNS[7]}
    photo = tmp_path / "game.png"
    cv2.imwrite(str(photo), cam.frame(7, 7))
    seen = VisionCamera(f"file:{photo}", str(tmp_path / "data" / "camera-profile")).read(
        BoardPicture(7, 7, game=SEAS))
    assert (seen[Square(2, 3)].content, seen[Square(2, 3)].arrow,
            seen[Square(2, 3)].facing) == ("tsunami", "gold", Side.EAST)
    assert (seen[Square(5, 5)].content, seen[Square(5, 5)].facing) == ("uzushio", Side.SOUTH)
    assert seen[Square(4, 2)].content == "tile" and seen[Square(4, 2)].portal
    assert seen[Square(6, 6)].tile == PATTERNS[7]
    assert seen[Square(1, 1)].content == "empty"


def test_the_switch_follows_the_game_and_else_the_settings(
        tmp_path: Path, monkeypatch: Any) -> None:
    h = _app(tmp_path, monkeypatch)
    try:
        app, c = h.app, h.controller
        c.new_game(SEAS, ["red", "blue"])  # a Seas game without the expansion
        app.show("camera-setup")
        w = app.sm.get_screen("camera-setup")
        assert w.game == SEAS and w.offers_veterans and not w.veterans
        w.leave()
        app.set_default_options(["veterans"])
        app.show("camera-setup")  # the game going says no, whatever the settings say
        assert not w.veterans
        w.leave()
        c.repeat = 0  # saving applied the config's repeat guard; the test presses fast
        assert c.new_game("tsuro", ["red", "blue"]), c.message
        app.show("camera-setup")  # Tsuro has no such option: the settings say
        assert w.game == "tsuro" and not w.offers_veterans
        w.switch_game()
        assert w.game == SEAS and w.offers_veterans and w.veterans
        w.switch_game()  # Tsuro's board again: nothing to switch
        assert w.game == "tsuro" and not w.offers_veterans
        assert not w.setup.veterans and not w.setup.sheet_picture(0).veterans
        w.go("teach")
        h.frames(4)
        assert w.ids.veterans.opacity == 0 and w.ids.veterans.disabled
        assert w.ids.veterans.width == 0, w.ids.veterans.width
        w.leave()
    finally:
        h.stop()
        h.app.ctx.close()


def test_the_sheets_without_the_switch_are_as_before(tmp_path: Path) -> None:
    plain = CameraSetup(SimCamera(), SEAS, tmp_path)
    with_vets = CameraSetup(SimCamera(), SEAS, tmp_path, veterans=True)
    assert not plain.sheet_picture(0).veterans and veterans_words(plain.sheet_picture(0)) == ""
    pieces = [p for p in with_vets.sheets[0].values() if p is not None]
    assert len(pieces) == len([p for p in plain.sheets[0].values() if p is not None]) + 4
    # the tiles and daikaiju lie where they lay without the expansion
    kept = {sq: p for sq, p in plain.sheets[0].items() if p is not None}
    assert {sq: with_vets.sheets[0][sq] for sq in kept} == kept
    # Tsuro has no Veterans pieces: asked for them, its sheets stay as they were
    assert CameraSetup(SimCamera(), "tsuro", tmp_path, veterans=True).veterans is False


def test_the_owner_is_told_both_figures_and_once_what_to_do(tmp_path: Path) -> None:
    setup = CameraSetup(SimCamera(), SEAS, tmp_path, veterans=True)
    assert setup.read_back_sentences() == "" and setup.read_back_good()  # nothing learned
    setup.read_back = ReadBack(94, 0, 0)
    setup.veterans_read_back = ReadBack(3, 0, 1)  # the uzushio read as a daikaiju, say
    said = setup.read_back_sentences().split("\n")
    assert said == ["Read back: 94 of 94 squares of the teaching photos right (100.0%), "
                    "0 unsure, 0 wrong.",
                    "Read back: 3 of 4 Veterans pieces right (75.0%), 0 unsure, 1 wrong.",
                    RETAKE]
    assert not setup.read_back_good()
    setup.veterans_read_back = ReadBack(4, 0, 0)
    assert setup.read_back_good() and RETAKE not in setup.read_back_sentences()
