"""The record of the game, newest first, with undo and an entry line."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import StringProperty
from kivy.uix.screenmanager import Screen


class HistoryScreen(Screen):
    lines = StringProperty("")
    message = StringProperty("")

    def update(self, c: Any) -> None:
        history = list(c.snapshot.history)
        self.lines = "\n".join(reversed(history[-200:])) or "Nothing recorded yet."
        self.message = c.message

    def enter(self, text: str) -> None:
        if text.strip() and App.get_running_app().controller.enter_text(text):
            self.ids.entry.text = ""
