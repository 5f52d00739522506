"""Run the app without ``App.run()``: build it, draw frames on demand, take pictures.

The screenshot command, the benchmark and the headless tests use this. Set
``SDL_VIDEODRIVER=offscreen`` and ``KIVY_NO_ARGS=1`` before Kivy is first imported.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


def prepare_kivy(size: tuple[int, int] | None = None, fullscreen: bool = False) -> None:
    """Kivy settings that must be made before its window exists."""
    import os

    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_LOG_MODE", "MIXED")
    os.environ.setdefault("KIVY_CLIPBOARD", "sdl2")  # no probing for X tools on the Pi
    from kivy.config import Config

    if size:
        Config.set("graphics", "width", str(size[0]))
        Config.set("graphics", "height", str(size[1]))
    Config.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    Config.set("graphics", "resizable", "1")
    Config.set("kivy", "exit_on_escape", "0")
    Config.set("input", "mouse", "mouse,disable_multitouch")


def simulated_app(tmp: Path, seed: int = 3, size: tuple[int, int] = (800, 480),
                  camera: str = "sim", store_dir: Path | None = None, notifier: Any = None,
                  settings: dict[str, Any] | None = None, pins_note: str = "mock pins",
                  ) -> Harness:
    """The app as the screenshots, the benchmark and the tests run it: its config read
    from ``tmp`` (with ``settings`` on top), mock pins, the simulated camera, a record
    store under ``store_dir`` (``tmp/data``), seeded dice."""
    from companion.core import config as cfg
    from hardware.pins import FactoryChoice, mock_factory

    from . import demo
    from .app_context import build_context

    loaded = cfg.load(tmp / "config.toml", etc_path=None)
    for key, value in (settings or {}).items():
        loaded = loaded.with_value(key, value)
    ctx = build_context(
        loaded,
        camera=camera,
        factory=FactoryChoice(mock_factory(), True, pins_note),
        store=demo.temp_store(store_dir or tmp / "data"),
        session_api=demo.SeededSessions(seed),
    )
    return Harness(ctx, size, notifier=notifier)


class Harness:
    freeze_built = False
    """Tests set this: the built app's objects are moved out of the cyclic collector's
    sight (``gc.freeze``) until :meth:`stop`. The app collects half a second after each
    burst of redraws (ui/memory.py); in a test process holding several hundred thousand
    objects each of those full collections took 0.3-0.7 s of CPU (freezing roughly halved
    the collections' time; about 3% of the screen tests' CPU). While the app is built the
    automatic collector is off as well: the app's own collections free its garbage, and the
    automatic ones, triggered by the thousands of widgets a redraw makes, walked the same
    objects again (a quarter of the Tsushima screen tests' CPU; their peak memory grew by
    about a quarter)."""
    paced = True
    """Tests set this False: a frame drawn on demand does not wait for the display's pace
    (Kivy's clock sleeps up to 1/60 s a frame; a few thousand frames made a screen test
    worker idle about a tenth of its time). Kivy's time still moves with the wall clock."""

    def __init__(self, ctx: Any, size: tuple[int, int] = (800, 480), notifier: Any = None
                 ) -> None:
        prepare_kivy(size)
        from kivy.base import EventLoop
        from kivy.core.window import Window

        from .app import CompanionApp

        self.Window = Window
        self.EventLoop = EventLoop
        if self.freeze_built:
            # collect what the last test left first (so its garbage never outlives this
            # build), then hide everything alive from the collector before building: the
            # app's own collections that fire during the build (ui/memory.py, half a second
            # after the previous app's last redraw and this one's first) walked the whole
            # process, 0.3-0.6 s of CPU each, twice a build; now they walk the new app only
            gc.unfreeze()
            gc.collect()
            gc.freeze()
            gc.disable()
        if not self.paced:
            from kivy.clock import Clock

            Clock._max_fps = 0
        Window.size = size
        self.app = CompanionApp(ctx, notifier=notifier)
        self.app._run_prepare()  # builds the root, adds it to the window, dispatches on_start
        self.frames(3)
        if self.freeze_built:
            gc.freeze()  # the built app as well (its build's garbage goes at stop())

    @property
    def controller(self) -> Any:
        return self.app.controller

    def frames(self, n: int = 2) -> None:
        for _ in range(n):
            self.EventLoop.idle()

    def resize(self, size: tuple[int, int]) -> None:
        self.Window.size = size
        self.frames(4)

    def show(self, name: str) -> Any:
        self.app.show(name)
        self.frames(3)
        return self.app.sm.get_screen(name)

    def settle(self, seconds: float = 0.0) -> None:
        import time

        end = time.perf_counter() + seconds
        self.frames(2)
        while time.perf_counter() < end:
            self.frames(1)
            time.sleep(0.02)

    @contextmanager
    def manual_clock(self) -> Iterator[None]:
        """Kivy's clock under the caller's hand: its time moves only by :meth:`advance`,
        so timed events fire after the same frames on a fast machine and a loaded one."""
        from kivy.clock import Clock

        base, fps = Clock.time, Clock._max_fps
        now = [base()]
        Clock.time = lambda: now[0]
        Clock._max_fps = 0  # a frame waits for no time to pass: here none passes by itself
        self._manual: list[float] | None = now
        try:
            yield
        finally:
            # the clock never runs backwards: later frames go on from the time reached
            offset = max(0.0, now[0] - base())
            Clock.time = (lambda: base() + offset) if offset else base
            Clock._max_fps = fps
            self._manual = None

    def advance(self, seconds: float, step: float = 0.05) -> None:
        """Under :meth:`manual_clock`: move Kivy's time on by ``seconds``, a frame every
        ``step``, whatever the wall clock does."""
        now: list[float] | None = getattr(self, "_manual", None)
        assert now is not None, "advance() needs manual_clock()"
        for _ in range(round(seconds / step)):
            now[0] += step
            self.frames(1)

    def shoot(self, path: Path) -> Path:
        self.frames(3)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.app.root.export_to_png(str(path))
        return path

    def touch(self, widget: Any) -> None:
        """Press and release a widget the way a finger on the screen does."""
        from kivy.tests.common import UnitTestTouch

        self.frames(2)  # let a screen that just changed lay itself out
        x, y = widget.to_window(*widget.center)
        t = UnitTestTouch(x, y)
        t.touch_down()
        self.frames(1)
        t.touch_up()
        self.frames(2)

    def stop(self) -> None:
        """Stop this app but keep Kivy's window, so another app can be built after it."""
        from kivy.app import App

        self.app.dispatch("on_stop")
        for child in list(self.Window.children):
            self.Window.remove_widget(child)
        App._running_app = None
        self.frames(1)
        from kivy.logger import LoggerHistory

        # Kivy keeps its last hundred log records; one that logged a failed optional import
        # (a touch input library absent here) while this app was built holds the traceback,
        # its frames and so the whole stopped app (some 190,000 objects that every later
        # full collection walked again)
        LoggerHistory.clear_history()
        if self.freeze_built:
            gc.unfreeze()  # the stopped app is garbage the collector may now reach
            gc.enable()
