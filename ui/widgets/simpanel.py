"""The on-screen stand-in for the buttons, LEDs and camera when the app is not on a Pi.

Its buttons drive the *mock pins* of the real :class:`hardware.panel.Panel` (so a press
takes exactly the path of a physical press), its lamps read the mock LEDs' ``is_lit``,
and its camera switch unplugs and plugs back the simulated camera.
"""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout


class SimPanel(BoxLayout):
    panel = ObjectProperty(None, allownone=True)
    camera = ObjectProperty(None, allownone=True)
    note = StringProperty("")
    green = ListProperty([0.15, 0.25, 0.15, 1])
    red = ListProperty([0.25, 0.12, 0.12, 1])
    amber = ListProperty([0.25, 0.2, 0.1, 1])
    unplugged = BooleanProperty(False)
    has_camera = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._poll = Clock.schedule_interval(self.refresh, 0.1)

    def press(self, role: str) -> None:
        """Press a button on its mock pin."""
        if self.panel is not None and role in self.panel.buttons:
            getattr(self.panel.buttons, role).press()

    def toggle_camera(self) -> None:
        cam = self.camera
        if cam is not None and hasattr(cam, "unplugged"):
            cam.unplugged = not cam.unplugged

    def refresh(self, *_: Any) -> None:
        cam = self.camera
        self.has_camera = cam is not None and hasattr(cam, "unplugged")
        self.unplugged = bool(getattr(cam, "unplugged", False))
        if self.panel is None:
            return
        status = self.panel.status
        self.green = [0.1, 0.95, 0.2, 1] if status.green.is_lit else [0.12, 0.22, 0.12, 1]
        self.red = [1.0, 0.15, 0.1, 1] if status.red.is_lit else [0.25, 0.12, 0.12, 1]
        self.amber = [1.0, 0.7, 0.0, 1] if status.amber.is_lit else [0.25, 0.2, 0.1, 1]

    def close(self) -> None:
        self._poll.cancel()
