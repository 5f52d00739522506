"""The app headless: touches on the screen, presses on mock pins, the simulated camera.

One Kivy window serves the whole module; each test builds its own app on it.
"""

from __future__ import annotations

import random
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.core import config as cfg
from ui import demo
from ui.sdnotify import Notifier


def make(tmp: Path, seed: int = 3, store_dir: Path | None = None, camera: str = "sim",
         size: tuple[int, int] = (800, 480), notifier: Notifier | None = None,
         animation: int = 0) -> Any:
    from ui.harness import simulated_app

    h = simulated_app(tmp, seed, size, camera, store_dir, notifier,
                      settings={"display.dice_animation_ms": animation},
                      pins_note="tests: mock pins")
    h.controller.repeat = 0  # the tests press faster than people
    for b in h.app.ctx.panel.buttons:
        b.repeat = 0
    return h


@pytest.fixture
def harness(tmp_path: Path) -> Iterator[Any]:
    h = make(tmp_path)
    yield h
    h.stop()
    h.app.ctx.close()


def touch_at(h: Any, x: float, y: float) -> None:
    from kivy.tests.common import UnitTestTouch

    t = UnitTestTouch(x, y)
    t.touch_down()
    h.frames(1)
    t.touch_up()
    h.frames(2)


def start_mark_xy(h: Any) -> tuple[float, float]:
    board = h.app.sm.get_screen("table").ids.board
    mark = board.picture.start_marks[0]
    x, y = board._outside(mark, 0.16)
    return board.to_window(x, y)


def play_through_the_app(h: Any, seed: int, limit: int = 600) -> None:
    """Players at the table: touches for marks and rolls, the Confirm pin for tiles."""
    c = h.controller
    rng = random.Random(seed)
    app = h.app
    for _ in range(limit):
        if c.snapshot.over:
            return
        h.frames(1)
        if app.sm.current == "instructions":
            h.touch(app.sm.get_screen("instructions").ids.done)
            if c.checking:  # the camera disagreed: carry on as the players say
                c.instructions_done(trust=True)
            continue
        table = app.sm.get_screen("table")
        assert app.sm.current == "table", app.sm.current
        awaiting = c.session.awaiting()
        if awaiting in ("start", "relocate"):
            touch_at(h, *start_mark_xy(h))
        elif awaiting in ("roll", "die"):
            h.touch(table.ids.roll)
        elif awaiting == "place":
            before = len(c.session.entries)
            for tile in demo.candidate_tiles(c, rng)[:40]:
                c.choose_tile(tile)  # laid on the simulated table
                c.panel.buttons.confirm.press()  # the physical button, on its mock pin
                h.frames(2)  # the press reaches the UI thread through the clock bridge
                if c.pending is not None:
                    # the hand pop-up: touched tiles go on the simulated table, the
                    # camera reads them, and the players are told to take them back
                    popup = table.popup
                    assert popup is not None and popup.hand, popup
                    assert "simulated table" in popup.note
                    from companion.tsuro.tiles import PATTERNS

                    for tile in rng.sample(PATTERNS, c.hand_wanted):
                        popup.choose_pattern(tile)
                    h.frames(2)
                if len(c.session.entries) > before:
                    break
            assert len(c.session.entries) > before, c.message
        elif awaiting == "bonus":
            c.bonus(0)
    raise AssertionError("the game did not end")


def test_start_screen_says_simulation_and_offers_a_game(harness: Any) -> None:
    app = harness.app
    assert app.sm.current == "start"
    banner = app.root.children[-1]  # the first child added is last in Kivy's list
    assert banner.text.startswith("SIMULATION: ")
    assert "mock pins" in banner.text and "Simulated camera" in banner.text
    assert app.panel_widget.panel is app.ctx.panel
    start = app.sm.get_screen("start")
    assert start.players == ["red", "blue", "green"]  # the config's default seats


def test_a_whole_game_through_the_app_then_resume(tmp_path: Path) -> None:
    from ui.sim_camera import exact_reader

    store_dir = tmp_path / "data"
    h = make(tmp_path, seed=3, store_dir=store_dir)
    # the camera reads the simulated table exactly: this test is about touches, pins, the
    # record and resuming; photographing and reading every check was a quarter of its CPU
    # (the app with vision's reader: the camera setup and hand pop-up tests here)
    h.app.ctx.camera.reader = exact_reader
    try:
        app, c = h.app, h.controller
        start = app.sm.get_screen("start")
        h.touch(start.ids.start)
        assert c.session is not None and c.snapshot.game == "tsuro-of-the-seas"
        assert app.sm.current in ("table", "instructions")
        # play some turns, "kill" the app, and resume it from the record
        for _ in range(25):
            if c.snapshot.over:
                break
            _one_step(h, random.Random(1))
        history = c.snapshot.history
        game_id = c.session.game_id
        assert not c.snapshot.over
    finally:
        h.stop()
        h.app.ctx.close()
    h2 = make(tmp_path, seed=3, store_dir=store_dir)
    h2.app.ctx.camera.reader = exact_reader
    try:
        app, c = h2.app, h2.controller
        start = app.sm.get_screen("start")
        resume = start.ids.resume.children
        assert resume, "an unfinished game is offered first"
        assert resume[-1].text.startswith("Resume Tsuro of the Seas: red, blue, green")
        h2.touch(resume[-1])
        assert c.session.game_id == game_id
        assert c.snapshot.history == history
        # undo from the history screen, then play to the end
        h2.show("history")
        n = len(c.session.entries)
        h2.touch(app.sm.get_screen("history").ids.undo)
        assert len(c.session.entries) == n + 1  # undo is recorded, never erased
        app.show_table()
        play_through_the_app(h2, 5)
        h2.frames(3)
        assert app.sm.current == "end"
        end = app.sm.get_screen("end")
        assert end.sentence.endswith(("wins!", "tie for the win!"))
        with h2.manual_clock():
            h2.advance(0.4)
        assert end.saved.startswith("Final board saved: ")
    finally:
        h2.stop()
        h2.app.ctx.close()


def _one_step(h: Any, rng: random.Random) -> None:
    c = h.controller
    app = h.app
    h.frames(1)
    if app.sm.current == "instructions":
        h.touch(app.sm.get_screen("instructions").ids.done)
        if c.checking:
            c.instructions_done(trust=True)
        return
    awaiting = c.session.awaiting()
    if awaiting in ("start", "relocate"):
        touch_at(h, *start_mark_xy(h))
    elif awaiting in ("roll", "die"):
        c.panel.buttons.roll.press()
        h.frames(2)
    else:
        demo.step(c, rng, press=lambda role: (getattr(c.panel.buttons, role).press(),
                                              h.frames(2)))


def test_touch_entry_with_the_camera_unplugged(harness: Any) -> None:
    h, c, app = harness, harness.controller, harness.app
    app.new_game("tsuro-of-the-seas", ["red", "blue"], [])
    demo.play(c, 2, until=lambda c: c.session.awaiting() == "place" and not c.checking)
    app.show_table()
    table = app.sm.get_screen("table")
    h.touch(app.panel_widget.children[0])  # the panel's "Unplug camera" switch
    assert c.camera.unplugged
    c.panel.buttons.confirm.press()
    h.frames(2)
    assert "The camera is unplugged." in table.message and "by touch" in table.message
    assert table.status_line.endswith("camera unplugged: touch entry")
    assert table.ids.pick_tile.text == "Pick tile"
    # pick the tile on the screen: a pattern, then the rotation it lies in
    h.touch(table.ids.pick_tile)
    picker = table.popup
    assert picker is not None and picker.title.startswith("Pick the tile on ")
    good = demo.candidate_tiles(c, random.Random(0))[0]
    thumb = next(t for t in picker.ids.patterns.children if t.tile == good.pattern())
    h.touch(thumb)
    rotation = next(t for t in picker.ids.rotations.children if t.tile == good)
    before = len(c.session.entries)
    h.touch(rotation)
    h.frames(3)
    assert len(c.session.entries) > before, c.message
    assert c.verdict is not None and c.verdict.legal
    assert c.panel.status.green.is_lit
    # plugged back: the next poll says so and the camera reads again
    h.touch(app.panel_widget.children[0])
    c.poll_camera()
    h.frames(2)
    assert c.camera_ok and "Camera back" in c.message


def test_physical_dice_entered_by_touch(harness: Any) -> None:
    h, c, app = harness, harness.controller, harness.app
    app.new_game("tsuro-of-the-seas", ["red", "blue"], [])
    demo.play(c, 2, until=lambda c: c.session.state.phase.value == "turn-roll"
              and not c.checking)
    app.show_table()
    table = app.sm.get_screen("table")
    h.touch(table.ids.enter_dice)
    popup = table.popup
    assert popup is not None and popup.mode == "pair"
    gold_row, blue_row = popup.ids.gold_row, popup.ids.blue_row
    h.touch(next(b for b in gold_row.children if b.face == 3))
    h.touch(next(b for b in blue_row.children if b.face == 4))
    h.frames(3)
    assert any("roll 3 4 (physical)" in line for line in c.snapshot.history)
    assert table.ids.gold.value == 3 and table.ids.blue.value == 4


def test_roll_animation_lands_on_the_sessions_dice(tmp_path: Path) -> None:
    h = make(tmp_path, animation=300)
    try:
        c, app = h.controller, h.app
        app.new_game("tsuro-of-the-seas", ["red", "blue"], [])
        demo.play(c, 2, until=lambda c: c.session.state.phase.value == "turn-roll"
                  and not c.checking)
        app.show_table()
        table = app.sm.get_screen("table")
        with h.manual_clock():  # the animation's 300 ms pass on Kivy's clock, not the wall's
            h.touch(table.ids.roll)
            assert table.ids.gold.rolling
            h.advance(0.2)
            assert table.ids.gold.rolling
            h.advance(0.3)
            assert not table.ids.gold.rolling
        g, b = c.snapshot.dice
        assert (table.ids.gold.shown, table.ids.blue.shown) == (g, b)
    finally:
        h.stop()
        h.app.ctx.close()


def test_ready_and_watchdog_from_the_kivy_clock(tmp_path: Path) -> None:
    path = tmp_path / "notify"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(str(path))
    server.settimeout(3)
    notifier = Notifier({"NOTIFY_SOCKET": str(path), "WATCHDOG_USEC": "200000"})
    h = make(tmp_path, notifier=notifier)
    server.setblocking(False)
    try:
        got: set[bytes] = set()
        with h.manual_clock():  # Kivy's time, not the wall's: the same frames when loaded
            h.advance(0.5)  # the first frame, then a ping every 0.1 s of the clock
        try:
            while True:  # a local datagram is in the socket as soon as it is sent
                got.add(server.recv(256).split(b"\n")[0])
        except BlockingIOError:
            pass
        assert b"READY=1" in got and b"WATCHDOG=1" in got
    finally:
        h.stop()
        h.app.ctx.close()
        server.close()


def test_an_exception_in_a_screen_is_logged_and_passed(caplog: pytest.LogCaptureFixture
                                                       ) -> None:
    from kivy.base import ExceptionManager

    from ui.app import _KeepGoing

    try:
        raise RuntimeError("boom in a widget")
    except RuntimeError as exc:
        assert _KeepGoing().handle_exception(exc) == ExceptionManager.PASS
    assert "boom in a widget" in caplog.text
    assert _KeepGoing().handle_exception(KeyboardInterrupt()) == ExceptionManager.RAISE


def test_settings_screen_validates_and_saves(harness: Any) -> None:
    h, app = harness, harness.app
    screen = h.show("settings")
    box = screen._inputs["gpio.pins.roll"]
    box.text = "27"  # the Confirm button's pin
    screen.save()
    assert "GPIO27 is given to both gpio.pins.roll and gpio.pins.confirm" in screen.message
    box.text = "4"
    screen._inputs["display.show_odds"].text = "true"
    screen.save()
    assert screen.message == f"Saved to {app.loaded.path}. Pins in use.", screen.message
    assert app.loaded.config.gpio.pins.roll == 4
    assert app.ctx.panel.buttons.roll.pin_number == 4  # the new pin is used at once
    assert app.controller.show_odds
    assert cfg.load(app.loaded.path, etc_path=None).config.gpio.pins.roll == 4
    assert "DEFAULT" in screen.deck_note  # the daikaiju data is a default to check


def test_screenshots_command_draws_every_screen(tmp_path: Path, exact_camera: None,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    # the games' own screens are pictured by their tests (test_rigadoon_screens,
    # test_tsushima_screens, test_ui_veterans), through the same screenshot_states.
    # The command runs in this process, through the command line's own parser: in a child
    # process it paid for a fresh interpreter, Kivy, OpenCV and vision's reader of the
    # simulated table (the camera is not what this test tests), about three quarters of
    # its CPU
    from companion.cli import main

    out = tmp_path / "shots"
    code = main(["screenshots", "--out", str(out), "--tables-only"])
    printed = capsys.readouterr()
    assert code == 0, printed.err[-2000:]
    pngs = sorted(p.name for p in out.glob("*.png"))
    assert {Path(line).name for line in printed.out.splitlines()} == set(pngs)
    screens = {n.rsplit("-", 1)[0] for n in pngs}
    assert {"start", "table-place", "table-legal", "history", "settings", "end",
            "settings-camera", "settings-pins", "settings-rules", "camera-setup", "camera-calibrate", "camera-ships", "camera-teach", "camera-teach-veterans"} <= screens
    assert {"instructions", "instructions-setup"} & screens
    for name in screens:
        assert f"{name}-800x480.png" in pngs and f"{name}-1280x720.png" in pngs
    import cv2

    from ui.screenshots import blank

    for p in out.glob("*.png"):
        img = cv2.imread(str(p))
        assert img is not None and not blank(p), p
        w, hgt = map(int, p.stem.rsplit("-", 1)[1].split("x"))
        assert img.shape[:2] == (hgt, w), (p.name, img.shape)


def test_the_hand_pop_up_lays_the_hand_for_the_camera(tmp_path: Path) -> None:
    from companion.tsuro.tiles import PATTERNS
    from ui.testing import controller, losing_every_way, seek_hand_question

    def question(c: Any, seed: int) -> Any:
        c.new_game("tsuro", ["red", "blue", "green"])  # the game outlives one loss
        return seek_hand_question(c, seed, losing_hand=2)

    # the same seed deals the same game: find one without a window, then play it in the app
    seed = next((s for s in range(1, 40) if question(controller(tmp_path / str(s), s), s)),
                None)
    assert seed is not None, "no seeded game reaches a placement a hand can make legal"
    h = make(tmp_path / "app", seed=seed)
    try:
        c = h.controller
        tile = question(c, seed)
        assert tile is not None
        h.frames(3)
        table = h.app.sm.get_screen("table")
        popup = table.popup
        assert popup is not None and popup.hand and popup.wanted == 2
        assert "simulated table" in popup.note
        assert table.verdict_bg == [0.60, 0.42, 0.0, 1]  # amber: waiting for the hand
        target = c.pending.square
        hand = [p for i in sorted(set(c.session.state.pile.unseen))
                if (p := PATTERNS[i]) != tile.pattern() and losing_every_way(c, target, p)]
        for t in hand[:2]:
            popup.choose_pattern(t)  # two touches on the pop-up's tiles
        assert popup not in h.Window.children  # closed at once: the next touch reaches the app
        h.frames(3)
        assert table.popup is None  # answered: the pop-up is gone
        assert c.verdict is not None and c.verdict.legal, c.verdict
        assert any(" hand " in e.action for e in c.session.entries[-4:])
        assert h.app.sm.current == "instructions"
        shown = h.app.sm.get_screen("instructions")
        assert "Take the tiles you showed (on r" in shown.lines, shown.lines
        assert "tiles into the draw pile." in shown.lines  # where a lost hand goes
        h.touch(shown.ids.done)  # the simulated players take the tiles back: camera agrees
        assert not c.checking and h.app.sm.current == "table", (c.message, seed)
    finally:
        h.stop()
        h.app.ctx.close()
