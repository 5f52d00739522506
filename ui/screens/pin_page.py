"""The settings' pin map: which GPIO each button and light is on, and whether it works.

Applying a new map saves it and rebuilds the buttons and lights at once, so a pin that
is missing or already taken is named straight away (one sentence per part, from
:func:`hardware.pins.explain`) while everything else keeps working.
"""

from __future__ import annotations

import logging
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.textinput import TextInput

log = logging.getLogger(__name__)

PARTS = (
    ("roll", "Roll button"),
    ("confirm", "Confirm button"),
    ("undo", "Undo button"),
    ("status_green", "Status light, green"),
    ("status_red", "Status light, red"),
    ("status_amber", "Status light, amber"),
    ("turn", "Turn lights, one per seat"),
)

TEST_STATES = ("legal", "illegal", "waiting")


class PinPage(BoxLayout):
    message = StringProperty("")
    factory_note = StringProperty("")

    _inputs: dict[str, TextInput]
    _states: dict[str, Label]
    _test: Any = None

    def refresh(self) -> None:
        app = App.get_running_app()
        loaded = app.loaded
        pins = loaded.config.gpio.pins
        self.factory_note = f"Pins: {app.ctx.factory.reason}"
        rows = self.ids.pin_rows
        rows.clear_widgets()
        self._inputs, self._states = {}, {}
        u = app.u
        for key, title in PARTS:
            value = getattr(pins, key)
            text = ", ".join(map(str, value)) if key == "turn" else (
                "none" if value is None else str(value))
            name = Label(text=title, font_size=15 * u, halign="left", valign="middle",
                         size_hint_x=1.0)
            name.bind(size=lambda lbl, size: setattr(lbl, "text_size", size))
            box = TextInput(text=text, multiline=False, font_size=16 * u,
                            disabled=f"gpio.pins.{key}" in loaded.fixed,
                            size_hint_x=0.45)
            state = Label(text=self._state_of(value, app.ctx.panel.failed_pins),
                          font_size=13 * u,
                          halign="left", valign="middle", color=(0.75, 0.8, 0.85, 1),
                          size_hint_x=1.5)
            state.bind(size=lambda lbl, size: setattr(lbl, "text_size", size))
            for w in (name, box, state):
                w.size_hint_y = None
                w.height = 36 * u
                rows.add_widget(w)
            self._inputs[key] = box
            self._states[key] = state

    @staticmethod
    def _state_of(value: Any, failed: dict[int, str]) -> str:
        numbers = [n for n in (value if isinstance(value, tuple) else [value]) if n is not None]
        if not numbers:
            return "not fitted"
        said = [failed[n] for n in numbers if n in failed]
        return said[0] if said else "working"

    def apply(self) -> None:
        """Check, save and use the map now."""
        self.stop_test()
        values: dict[str, Any] = {}
        for key, box in self._inputs.items():
            text = box.text.strip()
            if key == "turn":
                values[key] = [p.strip() for p in text.split(",") if p.strip()]
            else:
                values[key] = text or "none"
        self.message = App.get_running_app().use_pin_map(values)
        self.refresh()

    def test_lights(self) -> None:
        """The status light green, red, amber, then each turn light, one second each, so
        the wiring can be checked."""
        app = App.get_running_app()
        self.stop_test()
        steps: list[tuple[str, int | None]] = [(state, None) for state in TEST_STATES]
        steps += [("off", seat) for seat in range(len(app.ctx.panel.turns.lamps))]

        def step(_dt: float) -> bool:
            panel = app.ctx.panel  # read afresh: Apply may have rebuilt it
            if not steps:
                self._test = None
                app.controller.relight()
                self.message = "Light test done."
                return False
            state, seat = steps.pop(0)
            panel.status.show(state)
            panel.turns.show(seat)
            self.message = (f"Status light: {state}." if seat is None
                            else f"Turn light {seat + 1}.")
            return True

        step(0)
        self._test = Clock.schedule_interval(step, 1.0)

    def stop_test(self) -> None:
        if self._test is not None:
            self._test.cancel()
            self._test = None
