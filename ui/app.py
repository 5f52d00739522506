"""The Kivy application: screens, the GPIO panel, the camera and the watchdog, wired.

:func:`ui.app_context.build_context` gathers what the app stands on (configuration,
record store, pin factory and panel, camera) so tests pass in their own;
:class:`CompanionApp` builds the screens from ``ui/kv`` and routes the controller's
changes to them.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kivy.app import App
from kivy.base import ExceptionHandler, ExceptionManager
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.graphics import Color, Rectangle
from kivy.lang import Builder
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion.core.config import ConfigError, Loaded
from hardware.panel import Panel

from .app_context import AppContext
from .camera_open import make_camera
from .clockbridge import ClockBridge
from .controller import TableController
from .screens.camera_setup import CameraSetupScreen
from .screens.end import EndScreen
from .screens.history import HistoryScreen
from .screens.instructions import InstructionsScreen
from .screens.settings import SettingsScreen
from .screens.start import StartScreen
from .screens.table import TableScreen
from .sdnotify import Notifier
from .widgets.board import BoardView  # noqa: F401  (registers the class for kv)
from .widgets.dice import DieFace  # noqa: F401
from .widgets.photo import PhotoView  # noqa: F401
from .widgets.simpanel import SimPanel

log = logging.getLogger(__name__)

KV_DIR = Path(__file__).parent / "kv"
KV_FILES = ("common.kv", "start.kv", "table.kv", "instructions.kv", "history.kv",
            "settings.kv", "camera_setup.kv", "end.kv")


class _KeepGoing(ExceptionHandler):
    """An exception in a screen is logged and the app carries on (the record is safe)."""

    def handle_exception(self, inst: BaseException) -> Any:
        if isinstance(inst, KeyboardInterrupt | SystemExit):
            return ExceptionManager.RAISE
        log.error("exception in the app (the game record is safe)", exc_info=inst)
        return ExceptionManager.PASS


class CompanionApp(App):
    u = NumericProperty(1.0)
    """Size unit: 1 at 480 px high; fonts and buttons scale with it."""
    sim_note = StringProperty("")

    def __init__(self, ctx: AppContext, notifier: Notifier | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title = "Table companion"
        self.ctx = ctx
        self.loaded = ctx.loaded
        self.pin_problems = list(ctx.panel.problems)
        self.notifier = notifier or Notifier()
        self.controller = TableController(
            ctx.store,
            ctx.camera,
            ctx.panel,
            show_odds=ctx.loaded.config.display.show_odds,
            repeat=ctx.loaded.config.gpio.repeat_ms / 1000,
            session_api=ctx.session_api,
        )
        self.controller.listeners.append(self._changed)
        self.first_frame_at: float | None = None
        self._events: list[Any] = []
        self._previous = "start"

    if not TYPE_CHECKING:  # the type checker keeps flagging misspelt attributes

        def __getattr__(self, name: str) -> Any:
            """A game's own front end, as its ``.kv`` rules name it (``app.<game key>``): its
            plug-in is installed the first time anyone asks (a table playing Tsuro never needs
            the others' screens, which cost several MB) and sets the attribute itself."""
            from companion.games import all_games

            if name.startswith("_") or name in self.__dict__:
                raise AttributeError(name)
            key = next((g.key for g in all_games() if g.screens and g.key == name), None)
            if key is None:
                raise AttributeError(name)
            _plugin(key).install(self)
            try:
                return self.__dict__[name]
            except KeyError:
                raise AttributeError(f"the {key} plug-in set no app.{name}") from None

    def _button(self, role: str) -> Any:
        """A GPIO button's intent: on a game's own screens, its plug-in's (same meaning),
        else the table controller's."""

        def press() -> Any:
            key = _screens_game(self.sm.current)
            plugin_press = getattr(_plugin(key), "press", None) if key else None
            if plugin_press is not None:
                return plugin_press(self, role)
            return self.controller.press(role)  # Roll steps through offered choices

        return press

    def open_game(self, key: str, players: list[str] | None = None,
                  options: list[str] | None = None) -> None:
        """Open the screens of a game that brings its own (its registry entry names the
        module); a new game with these players when they are given."""
        import importlib

        from companion.games import game_info

        info = game_info(key)
        if not info.screens:
            self.controller.message = f"{info.title} has no screens in this app yet."
            self.show("start")
            return
        plugin = importlib.import_module(info.screens)
        plugin.open_game(self, players, list(options or ()))

    # -------------------------------------------------------------------------- build

    def build(self) -> Any:
        for name in KV_FILES:
            path = str(KV_DIR / name)
            Builder.unload_file(path)  # a second app in one process must not double the rules
            Builder.load_file(path)
        self._resize(Window, Window.size)
        Window.bind(size=self._resize)
        self.bridge = ClockBridge()
        for button in self.ctx.panel.buttons:
            button.when_pressed = self.bridge.bind(self._button(button.role))
        self.sm = ScreenManager(transition=NoTransition())
        for screen in (StartScreen(), TableScreen(), InstructionsScreen(), HistoryScreen(),
                       SettingsScreen(), EndScreen()):
            self.sm.add_widget(screen)
        try:
            from companion.core.locations import data_dir

            self.sm.get_screen("end").save_dir = data_dir() / "pictures"
        except Exception:
            log.exception("no data directory for pictures")
        root = BoxLayout(orientation="vertical")
        with root.canvas.before:
            Color(0.06, 0.07, 0.09, 1)
            backdrop = Rectangle(pos=root.pos, size=root.size)
        root.bind(pos=lambda w, p: setattr(backdrop, "pos", p),
                  size=lambda w, s: setattr(backdrop, "size", s))
        if self.ctx.simulated:
            self.sim_note = "SIMULATION (not a Raspberry Pi): " + "; ".join(
                n.split(": ", 1)[-1].split(":")[0] for n in self.ctx.notes
            )
            banner = Label(text="SIMULATION: " + " · ".join(self.ctx.notes), font_size=13 * self.u,
                           color=(1, 0.8, 0.3, 1), size_hint_y=None, height=22 * self.u,
                           shorten=True)
            banner.bind(size=lambda lbl, size: setattr(lbl, "text_size", size))
            root.add_widget(banner)
        root.add_widget(self.sm)
        if self.ctx.factory.simulated:
            self.panel_widget = SimPanel(
                panel=self.ctx.panel, camera=self.ctx.camera,
                note="Mock\npins",
            )
            root.add_widget(self.panel_widget)
        if not any(isinstance(h, _KeepGoing) for h in ExceptionManager.handlers):
            ExceptionManager.add_handler(_KeepGoing())
        self._events.append(Clock.schedule_interval(lambda dt: self.controller.poll_camera(), 2))
        interval = self.notifier.watchdog_interval
        if interval:
            self._events.append(Clock.schedule_interval(lambda dt: self.notifier.watchdog(),
                                                        interval))
        self._first_screen()
        return root

    def _resize(self, _window: Any, size: tuple[int, int]) -> None:
        self.u = max(0.6, min(size[1] / 480, size[0] / 800))

    def _first_screen(self) -> None:
        game = self.loaded.config.game
        start = self.sm.get_screen("start")
        start.preset(game.default, list(game.players), list(game.options))
        self.show("start")

    def on_start(self) -> None:
        Clock.schedule_once(self._first_frame, 0)

    def _first_frame(self, _dt: float) -> None:
        import time

        self.first_frame_at = time.perf_counter()
        self.notifier.ready("first frame drawn")
        log.info("first frame drawn")

    def on_stop(self) -> None:
        self.notifier.stopping()
        for ev in self._events:
            ev.cancel()
        if hasattr(self, "bridge"):
            self.bridge.close()
        if hasattr(self, "panel_widget"):
            self.panel_widget.close()

    # ------------------------------------------------------------------------ routing

    def show(self, name: str) -> None:
        key = _screens_game(name)
        if key is not None and not self.sm.has_screen(name):
            _plugin(key).install(self)  # a game's own screens are built on first use
        if name == "camera-setup" and not self.sm.has_screen(name):
            self.sm.add_widget(CameraSetupScreen())  # set up once: not worth its memory before
        if self.sm.current not in ("history", "settings", "camera-setup"):
            self._previous = self.sm.current
        screen = self.sm.get_screen(name)
        screen.update(self.controller)
        self.sm.current = name

    def show_back(self) -> None:
        self.show_table() if self.controller.session is not None else self.show("start")

    def show_table(self) -> None:
        c = self.controller
        if c.session is None:
            self.show("start")
        elif c.snapshot.over:
            self.show("end")
        elif c.checking:
            self.show("instructions")
        else:
            self.show("table")

    def _changed(self, c: TableController) -> None:
        self.sm.get_screen("table").drop_stale_hand(c)
        current = self.sm.current
        animate = self.loaded.config.display.dice_animation_ms / 1000
        if current == "camera-setup":
            self.sm.get_screen(current).refresh(c)  # keep the setup's progress
            return
        if current in ("history", "settings") or c.session is None:
            self.sm.get_screen(current).update(c)
            return
        before = current
        if c.snapshot.over:
            target = "end"
        elif c.checking:
            target = "instructions"
        else:
            target = "table"
        screen = self.sm.get_screen(target)
        if target == "table":
            screen.update(c, animate=animate)
        else:
            screen.update(c)
        self.sm.current = target
        if target == "end" and before != "end":
            Clock.schedule_once(lambda dt: screen.save_picture(c.snapshot.game_id), 0.2)

    # ------------------------------------------------------------------------ intents

    def new_game(self, game: str, players: list[str], options: list[str]) -> None:
        if self.controller.new_game(game, players, options):
            try:
                loaded = self.loaded.with_value("game.default", game)
                loaded = loaded.with_value("game.players", players)
                loaded.save()
                self.loaded = loaded
            except Exception as exc:  # remembering the last players is a nicety
                log.info("could not remember the players: %s", exc)
        else:
            self.sm.get_screen("start").message = self.controller.message

    def resume(self, game_id: int) -> None:
        from companion.games import Family, UnknownGame, game_info

        game = next((g.game for g in self.controller.unfinished() if g.game_id == game_id), "")
        try:
            info = game_info(game)
        except UnknownGame:
            info = None
        if info is not None and info.family is Family.OWN and info.screens:
            _plugin(info.key).resume_game(self, game_id)  # a record of its own kind
            return
        self.controller.resume(game_id)

    def switch_camera(self, spec: str, previous: str | None = None) -> str:
        """Use the camera ``spec`` names from now on and remember it; says what it is.

        The camera in use is closed first (a Pi camera or a webcam serves one user at a
        time); if the new one cannot start, the old one (``previous``, else the one the
        config names) is opened again and kept.
        """
        c = self.controller
        before = previous or self.loaded.config.camera.source
        if previous is None and spec == before and c.camera is not None and c.camera_ok:
            return f"Already in use: {c.camera.name}."
        profile = self.loaded.config.camera.profile
        c.use_camera(None)
        cam, note = make_camera(spec, profile)
        if cam is None and spec != "none" and spec != before:
            cam, _ = make_camera(before, profile)
            note += " The camera in use before is kept."
        elif "camera.source" not in self.loaded.fixed:
            try:
                loaded = self.loaded.with_value("camera.source", spec)
                loaded.save()
                self.loaded = loaded
            except Exception as exc:
                log.warning("camera choice not saved: %s", exc)
                note += f" (Not saved in the config: {exc}.)"
        self.ctx.camera = cam
        c.use_camera(cam)
        if hasattr(self, "panel_widget"):
            self.panel_widget.camera = cam
        log.info("camera switched: %s", note)
        return note

    def use_pin_map(self, pins: dict[str, Any]) -> str:
        """Check, save and use a new pin map (``{"roll": "17", "turn": [...]}``); says
        how it went in one sentence."""
        loaded = self.loaded
        try:
            for key, value in pins.items():
                if f"gpio.pins.{key}" not in loaded.fixed:
                    loaded = loaded.with_value(f"gpio.pins.{key}", value)
            loaded.save()
        except (ConfigError, OSError) as exc:
            return f"Not saved: {exc}"
        self.apply_settings(loaded)
        problems = self.rebuild_panel()
        return "Saved and in use." if not problems else "Saved; " + "; ".join(problems) + "."

    def set_default_options(self, options: list[str]) -> str:
        """The rule options new games start with; says where they were saved."""
        try:
            loaded = self.loaded.with_value("game.options", options)
            loaded.save()
        except (ConfigError, OSError) as exc:
            return f"Not saved: {exc}"
        self.apply_settings(loaded)
        self.sm.get_screen("start").preset_options(list(options))
        return f"Rule options for new games saved to {loaded.path}."

    def remember_camera_profile(self, directory: str) -> str:
        """Keep the camera profile in the config, so the next start reads with it; says
        why not when it cannot (empty when all went well)."""
        if self.loaded.config.camera.profile == directory or "camera.profile" in self.loaded.fixed:
            return ""
        try:
            loaded = self.loaded.with_value("camera.profile", directory)
            loaded.save()
        except (ConfigError, OSError) as exc:
            log.warning("camera profile not remembered: %s", exc)
            return f" (The config file was not updated: {exc}.)"
        self.apply_settings(loaded)
        return ""

    def rebuild_panel(self) -> list[str]:
        """Rebuild the buttons and lights from the pin map in use; returns the problems."""
        old = self.ctx.panel
        old.close()  # frees its pins, so the new map may reuse them
        panel = Panel.build(self.loaded.config.gpio, self.ctx.factory.factory)
        for button in panel.buttons:
            button.when_pressed = self.bridge.bind(self._button(button.role))
        self.ctx.panel = panel
        self.pin_problems = list(panel.problems)
        self.controller.use_panel(panel)
        if hasattr(self, "panel_widget"):
            self.panel_widget.panel = panel
        for p in panel.problems:
            log.error("pin problem: %s", p)
        return list(panel.problems)

    def apply_settings(self, loaded: Loaded) -> None:
        self.loaded = loaded
        self.controller.repeat = loaded.config.gpio.repeat_ms / 1000
        self.controller.set_show_odds(loaded.config.display.show_odds)


def _screens_game(screen: str) -> str | None:
    """The game whose own screens these are (their names start with its key)."""
    from companion.games import all_games

    return next((g.key for g in all_games() if g.screens and screen.startswith(g.key + "-")),
                None)


def _plugin(key: str) -> Any:
    """A game's screen plug-in, the module its registry entry names."""
    import importlib

    from companion.games import game_info

    return importlib.import_module(game_info(key).screens)
