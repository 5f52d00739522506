"""Instructions for the physical pieces, confirmed by the camera or by the players."""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen


class InstructionsScreen(Screen):
    lines = StringProperty("")
    message = StringProperty("")
    picture = ObjectProperty(None, allownone=True)
    camera = BooleanProperty(False)

    def update(self, c: Any) -> None:
        self.lines = "\n\n".join(f"• {line}" for line in c.instructions)
        self.message = c.message
        self.picture = c.snapshot.board
        self.camera = c.camera is not None and c.camera_ok
