"""Every setting of the config file; the camera wizards; the daikaiju data editor.

Settings are validated by :mod:`companion.core.config` (one clear message on a bad value) and
written to the owner's file; keys fixed by /etc are shown but cannot be changed here.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from kivy.app import App
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.checkbox import CheckBox
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen
from kivy.uix.textinput import TextInput

from companion.core import config as cfg
from ui.adapt import game_title

from .pin_page import PinPage  # noqa: F401  (registers the class for kv)

log = logging.getLogger(__name__)

CAMERA_HELP = (
    "Camera in use: {camera}\n\n"
    "Camera setup chooses the camera, calibrates the corner markers and teaches the "
    "camera your own tiles, step by step with pictures. The same is on the command line: "
    "companion vision markers / calibrate / teach (see docs/vision.md)."
)


def _text(value: Any) -> str:
    if isinstance(value, tuple | list):
        return ", ".join(str(v) for v in value)
    if value is None:
        return "none"
    return str(value).lower() if isinstance(value, bool) else str(value)


def _value(key: str, text: str, current: Any) -> Any:
    text = text.strip()
    if isinstance(current, bool):
        return {"true": True, "false": False, "yes": True, "no": False}.get(text.lower(), text)
    if isinstance(current, tuple):
        return [p.strip() for p in text.split(",") if p.strip()]
    if isinstance(current, int) or key.startswith("gpio.pins."):
        return int(text) if text.lstrip("-").isdigit() else text
    return text


class SettingsScreen(Screen):
    tab = StringProperty("config")
    message = StringProperty("")
    source = StringProperty("")
    camera_text = StringProperty("")
    deck_note = StringProperty("")

    def on_tab(self, _screen: Any, tab: str) -> None:
        self.ids.pages.current = tab
        if tab == "pins":
            self.ids.pin_page.refresh()
        elif tab == "config":
            self._build_rows()  # another page may have changed a value since
        elif tab == "rules":
            self._build_rules()

    def update(self, c: Any) -> None:
        app = App.get_running_app()
        self.camera_text = CAMERA_HELP.format(
            camera=(c.camera.name if c.camera else "none (touch entry)")
        ) + ("\n\nPin problems: " + "; ".join(app.pin_problems) if app.pin_problems else "")
        self._build_rows()
        if self.tab == "pins":
            self.ids.pin_page.refresh()
        self._load_deck()

    def _build_rows(self) -> None:
        app = App.get_running_app()
        loaded = app.loaded
        fixed = f"; fixed by {loaded.etc_path}: {', '.join(sorted(loaded.fixed))}" if (
            loaded.fixed
        ) else ""
        self.source = f"Saved to {loaded.path}{fixed}"
        rows = self.ids.rows
        rows.clear_widgets()
        self._inputs: dict[str, TextInput] = {}
        u = app.u
        for key in cfg.KEYS:
            value = loaded.config.get(key)
            label = Label(text=key, font_size=15 * u, size_hint_y=None, height=36 * u,
                          halign="left", valign="middle")
            label.bind(size=lambda lbl, size: setattr(lbl, "text_size", size))
            box = TextInput(text=_text(value), multiline=False, font_size=15 * u,
                            size_hint_y=None, height=36 * u, disabled=key in loaded.fixed)
            rows.add_widget(label)
            rows.add_widget(box)
            self._inputs[key] = box

    def _build_rules(self) -> None:
        from companion.tsuro.game import OPTIONS

        app = App.get_running_app()
        on = set(app.loaded.config.game.options)
        fixed = "game.options" in app.loaded.fixed
        rows = self.ids.rule_rows
        rows.clear_widgets()
        u = app.u
        for game, options in OPTIONS.items():
            if not options:
                continue
            rows.add_widget(Label(text=game_title(game), bold=True, font_size=17 * u,
                                  size_hint_y=None, height=30 * u))
            for name, text in options.items():
                row = BoxLayout(size_hint_y=None, height=40 * u)
                box = CheckBox(active=name in on, size_hint_x=None, width=44 * u,
                               disabled=fixed)
                box.bind(active=lambda _b, active, n=name: self.set_rule(n, active))
                label = Label(text=text, font_size=14 * u, halign="left", valign="middle")
                label.bind(size=lambda lbl, size: setattr(lbl, "text_size", size))
                row.add_widget(box)
                row.add_widget(label)
                rows.add_widget(row)

    def set_rule(self, name: str, on: bool) -> None:
        app = App.get_running_app()
        options = [o for o in app.loaded.config.game.options if o != name]
        self.message = app.set_default_options([*options, name] if on else options)

    def save(self) -> None:
        app = App.get_running_app()
        before = app.loaded
        loaded = before
        try:
            for key, box in self._inputs.items():
                if key in loaded.fixed:
                    continue
                current = loaded.config.get(key)
                if box.text.strip() != _text(current):
                    loaded = loaded.with_value(key, _value(key, box.text, current))
            loaded.save()
        except (cfg.ConfigError, OSError) as exc:
            self.message = str(exc)
            return
        app.apply_settings(loaded)
        said = [f"Saved to {loaded.path}."]
        if loaded.config.gpio != before.config.gpio and (
                loaded.config.gpio.factory == before.config.gpio.factory):
            problems = app.rebuild_panel()  # new pins are used at once
            said.append("Pins in use." if not problems else "; ".join(problems) + ".")
        camera = loaded.config.camera
        if camera.source != before.config.camera.source:
            note = app.switch_camera(camera.source, previous=before.config.camera.source)
            said.append(note)
            if note.endswith("The camera in use before is kept.") and (
                    "camera.source" not in app.loaded.fixed):
                try:  # the next start must not try the camera that failed
                    kept = app.loaded.with_value("camera.source", before.config.camera.source)
                    kept.save()
                    app.apply_settings(kept)
                except (cfg.ConfigError, OSError) as exc:
                    said.append(f"(camera.source not put back: {exc})")
        elif camera.profile != before.config.camera.profile and app.controller.camera:
            app.controller.camera.use_profile(camera.profile)
        if loaded.config.gpio.factory != before.config.gpio.factory or (
                loaded.config.data != before.config.data
                or loaded.config.display.size != before.config.display.size):
            said.append("The pin library, data directory and screen size change at the "
                        "next start.")
        self.message = " ".join(said)

    # ------------------------------------------------------------------ daikaiju data

    def _load_deck(self) -> None:
        from companion.core.locations import data_dir, owner_file
        from companion.tsuro.daikaiju import load_deck

        try:
            deck = load_deck()
            path = owner_file("daikaiju.json")
            text = path.read_text("utf-8") if path else _builtin_deck()
        except Exception as exc:
            self.deck_note = f"The daikaiju data cannot be read: {exc}"
            return
        where = f"your edited copy ({path})" if path else "the built-in default"
        check = " It is a DEFAULT: check each tile's arrows against your copy." if (
            deck.default
        ) else ""
        self.deck_note = f"Daikaiju deck: {where}.{check} Saving writes {data_dir()}."
        self.ids.deck.text = text

    def save_deck(self) -> None:
        from companion.core.locations import data_dir
        from companion.tsuro.daikaiju import parse_deck

        text = self.ids.deck.text
        try:
            doc = json.loads(text)
            parse_deck(doc, "the edited deck")
        except json.JSONDecodeError as exc:
            self.message = f"Not saved: not JSON ({exc.msg} at line {exc.lineno})."
            return
        except ValueError as exc:
            self.message = f"Not saved: {exc}"
            return
        path = data_dir() / "daikaiju.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
        self.message = f"Daikaiju deck saved to {path}; new games use it."
        self._load_deck()

    def reset_deck(self) -> None:
        from companion.core.locations import data_dir

        path = data_dir() / "daikaiju.json"
        if path.exists():
            path.unlink()
        self.message = "Back to the built-in daikaiju deck for new games."
        self._load_deck()


def _builtin_deck() -> str:
    from importlib import resources

    return resources.files("companion.data").joinpath("daikaiju.json").read_text("utf-8")
