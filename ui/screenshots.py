"""``companion screenshots --out DIR``: every screen at both sizes, headless, as PNG.

A demo game (seeded dice, simulated players, a temporary record store, mock pins and the
simulated camera) is played to the states each screen shows; nothing is written to the
owner's data or settings.
"""

from __future__ import annotations

import importlib
import logging
import os
import tempfile
from pathlib import Path
from typing import Any

from companion.games import SEAS, TSURO, all_games

log = logging.getLogger(__name__)

SIZES = ((800, 480), (1280, 720))


def _isolate(tmp: Path) -> None:
    """Keep the owner's settings and records out of the pictures (and safe)."""
    os.environ["COMPANION_CONFIG"] = str(tmp / "config.toml")
    os.environ["COMPANION_DATA_DIR"] = str(tmp / "data")
    os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_HOME", str(tmp / "kivy"))


def render_all(out: Path, sizes: tuple[tuple[int, int], ...] = SIZES, seed: int = 4,
               games: bool = True) -> list[Path]:
    """Every screen at every size; ``games=False`` leaves out the screens games bring of
    their own (Veterans of the Seas' controls, and each screen plug-in of the registry)."""
    with tempfile.TemporaryDirectory(prefix="companion-shots-") as t:
        tmp = Path(t)
        _isolate(tmp)
        from . import demo
        from .harness import simulated_app

        # an unfinished game in the store, so the start screen offers to resume it
        store = demo.temp_store(tmp / "data")
        demo.SeededSessions(seed).new(store, game=TSURO.key, players=["black", "white"])
        store.close()
        harness = simulated_app(tmp, seed, sizes[0], pins_note="screenshots: mock pins",
                                settings={"display.show_odds": True,
                                          "display.dice_animation_ms": 0})
        written: list[Path] = []
        try:
            written += _shots(harness, out, sizes, seed, games)
        finally:
            harness.stop()
            harness.app.ctx.close()
            harness.app.ctx.store.close()
        if games:
            written += _veterans(tmp / "veterans", out, sizes, seed)
        return written


def render_veterans(out: Path, sizes: tuple[tuple[int, int], ...] = SIZES) -> list[Path]:
    """Only Veterans of the Seas' controls, for working on them:
    ``python -m ui.screenshots --veterans DIR``."""
    from .vetshots import SEED

    with tempfile.TemporaryDirectory(prefix="companion-shots-") as t:
        _isolate(Path(t))
        return _veterans(Path(t), out, sizes, SEED)


def _veterans(tmp: Path, out: Path, sizes: tuple[tuple[int, int], ...], seed: int
              ) -> list[Path]:
    """Veterans of the Seas' controls, on an app of their own: its seeded game must start
    from a fresh table to reach each state."""
    from .harness import simulated_app
    from .vetshots import screenshot_states

    h = simulated_app(tmp, seed, sizes[0], pins_note="screenshots: mock pins",
                      settings={"display.dice_animation_ms": 0})
    h.controller.repeat = 0
    written: list[Path] = []
    try:
        screenshot_states(h, lambda name, window: written.extend(
            shoot_sizes(h, out, name, sizes, window)))
    finally:
        h.stop()
        h.app.ctx.close()
        h.app.ctx.store.close()
    return written


def _shots(h: Any, out: Path, sizes: tuple[tuple[int, int], ...], seed: int,
           games: bool = True) -> list[Path]:
    from companion.tsuro.tiles import all_oriented

    from . import demo

    c = h.controller
    c.repeat = 0  # simulated players press faster than people: no repeat guard
    app = h.app
    pictures: dict[str, Any] = {}

    def snap(name: str, window: bool = False) -> None:
        pictures.setdefault(name, []).extend(shoot_sizes(h, out, name, sizes, window))

    snap("start")
    app.new_game(SEAS.key, ["red", "blue", "green"], [])
    h.frames(3)
    if c.checking:
        snap("instructions-setup")
    rng = __import__("random").Random(seed)
    # play until a tile is to be laid, with dice on the table
    demo.play(c, seed, until=lambda c: c.session.awaiting() == "place" and not c.checking
              and c.snapshot.dice is not None)
    app.show_table()
    snap("table-place")
    # entry by touch: the tile picker (pop-ups live on the window, not the root)
    table = app.sm.get_screen("table")
    if c.session.awaiting() == "place":
        table.pick_tile()
        if c.snapshot.board.target is not None:
            picker = table.popup
            picker.choose_pattern(demo.candidate_tiles(c, rng)[0].pattern())
        h.frames(6)
        snap("table-tile-picker", window=True)
        table.popup.dismiss()
        h.frames(4)
    # lay an illegal tile (if there is one) to show a red verdict
    sq = c.snapshot.board.target
    verdicts = [(t, c.session.check(sq, t)) for t in all_oriented()]
    bad = next((t for t, v in verdicts if not v.legal and not v.needs_hand), None)
    ask = next((t for t, v in verdicts if v.needs_hand), None)
    for tile, name in ((bad, "table-illegal"), (ask, "table-needs-hand")):
        if tile is None:
            continue
        c.choose_tile(tile)
        c.confirm()
        h.frames(3)
        snap(name)
        if name == "table-needs-hand":
            snap("table-hand-pop-up", window=True)  # how the hand is shown
        if table_popup := getattr(app.sm.get_screen("table"), "popup", None):
            table_popup.dismiss()
            h.frames(3)
        if name == "table-needs-hand" and bad is None and c.pending is not None:
            # the player shows a hand holding a safe tile: the rules refuse (red)
            seat = c.snapshot.active or 0
            safe = list({t.pattern(): t for t, v in verdicts if v.legal}.values())
            c.show_hand(safe[: max(0, c.snapshot.hands[seat] - 1)])
            h.frames(3)
            if c.verdict is not None and not c.verdict.legal:
                snap("table-illegal")
        c.pending = None
        c.verdict = None
        h.frames(3)
    for t in demo.candidate_tiles(c, rng)[:12]:
        before = len(c.session.entries)
        c.choose_tile(t)
        c.confirm()
        if len(c.session.entries) > before:
            break
    h.frames(3)
    snap("table-legal")
    # a daikaiju phase or a lost ship: the instructions screen
    demo.play(c, seed, until=lambda c: c.checking)
    if c.checking:
        snap("instructions")
    app.show("history")
    snap("history")
    app.show("settings")
    snap("settings")
    settings = app.sm.get_screen("settings")
    settings.tab = "camera"
    snap("settings-camera")
    settings.tab = "pins"
    snap("settings-pins")
    settings.tab = "rules"
    snap("settings-rules")
    settings.tab = "config"
    pictures.update(_camera_setup(h, out, sizes))
    app.show_table()
    c.pending = None
    demo.play(c, seed)
    h.frames(3)
    app.show_table()
    snap("end")
    if games:
        for info in all_games():  # each game's own screens, from its plug-in
            if info.screens:
                plugin = importlib.import_module(info.screens)
                for name in plugin.screenshot_states(app):
                    snap(name)
    return [p for ps in pictures.values() for p in ps]


def _camera_setup(h: Any, out: Path, sizes: tuple[tuple[int, int], ...]) -> dict[str, Any]:
    """The camera setup's three steps, on the simulated table (put back afterwards)."""
    app = h.app
    app.show("camera-setup")
    w = app.sm.get_screen("camera-setup")
    shots: dict[str, Any] = {}
    w.go("camera")
    w.act()  # a picture, with the markers found
    shots["camera-setup"] = shoot_sizes(h, out, "camera-setup", sizes)
    w.go("calibrate")
    w.act()  # the dots where the default geometry puts the grid's corners
    shots["camera-calibrate"] = shoot_sizes(h, out, "camera-calibrate", sizes)
    w.go("ships")
    w.act()  # the ship colours measured where the game has the ships
    shots["camera-ships"] = shoot_sizes(h, out, "camera-ships", sizes)
    w.go("teach")
    shots["camera-teach"] = shoot_sizes(h, out, "camera-teach", sizes)
    if w.game != SEAS.key:
        w.switch_game()
    w.set_veterans(True)  # a table that owns Veterans of the Seas: its pieces on the sheet
    shots["camera-teach-veterans"] = shoot_sizes(h, out, "camera-teach-veterans", sizes)
    w.leave()
    return shots


def shoot_sizes(h: Any, out: Path, name: str, sizes: tuple[tuple[int, int], ...] = SIZES,
                window: bool = False) -> list[Path]:
    """``NAME-WxH.png`` at every size: the app's root, or with ``window`` the whole window
    (pop-ups included). The window goes back to the first size afterwards."""
    written: list[Path] = []
    for w, ht in sizes:
        h.resize((w, ht))
        path = out / f"{name}-{w}x{ht}.png"
        written.append(window_shot(h, path) if window else h.shoot(path))
    h.resize(sizes[0])
    return written


def window_shot(h: Any, path: Path) -> Path:
    """The whole window, pop-ups included, drawn into an off-screen buffer of its size.

    Not ``Window.screenshot()``: that reads the window's own framebuffer, and the headless
    (SDL offscreen) one keeps the size the window was created with. After a resize to
    1280x720 only its first 800x480 pixels were drawn (the pop-up, laid out for 1280x720,
    cut off at 800x480) and the rest of the picture was whatever the memory held.
    """
    from kivy.core.image import Image
    from kivy.graphics import ClearBuffers, ClearColor, Fbo, Scale, Translate

    win = h.Window
    h.frames(4)
    width, height = (int(v) for v in win.size)
    fbo = Fbo(size=(width, height), with_stencilbuffer=True)
    with fbo:
        ClearColor(*win.clearcolor)
        ClearBuffers()
        Scale(1, -1, 1)  # as Widget.export_as_image: saved unflipped, the picture is upright
        Translate(0, -height, 0)
    # the window's canvas holds its children's (the root's, then each pop-up's) in drawing
    # order; lend it to the buffer for one draw, as export_as_image does with a widget's
    context = win.render_context
    index = context.indexof(win.canvas)
    context.remove(win.canvas)
    try:
        fbo.add(win.canvas)
        fbo.draw()
        fbo.remove(win.canvas)
    finally:
        context.insert(index, win.canvas)
    path.parent.mkdir(parents=True, exist_ok=True)
    Image(fbo.texture).save(str(path), flipped=False)
    return path


def blank(path: Path) -> bool:
    """Whether a picture is one flat colour (a screen that drew nothing)."""
    import cv2

    img = cv2.imread(str(path))
    return img is None or float(img.std()) < 3.0


if __name__ == "__main__":
    import sys

    if sys.argv[1:2] != ["--veterans"] or len(sys.argv) != 3:
        sys.exit("usage: python -m ui.screenshots --veterans DIR (all: companion screenshots)")
    print("\n".join(str(p) for p in render_veterans(Path(sys.argv[2]))))
