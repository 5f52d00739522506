"""The end of the game: the winners and a picture of the final board, saved as PNG."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

log = logging.getLogger(__name__)


class EndScreen(Screen):
    sentence = StringProperty("")
    details = StringProperty("")
    saved = StringProperty("")
    picture = ObjectProperty(None, allownone=True)
    save_dir: Path | None = None

    def update(self, c: Any) -> None:
        snap = c.snapshot
        self.picture = snap.board
        winners = [w.capitalize() for w in snap.winners]
        if len(winners) == 1:
            self.sentence = f"{winners[0]} wins!"
        elif winners:
            self.sentence = " and ".join(winners) + " tie for the win!"
        else:
            self.sentence = snap.prompt
        lines = [snap.prompt, *c.instructions, *c.notices]
        self.details = "\n".join(dict.fromkeys(line for line in lines if line))
        self._late_choices(c)

    def _late_choices(self, c: Any) -> None:
        from kivy.app import App
        from kivy.factory import Factory

        row = self.ids.late
        row.clear_widgets()
        for choice in c.choices:
            button = Factory.BigButton(text=choice.label, background_color=(0.6, 0.3, 0.1, 1))
            button.notation = choice.notation
            button.bind(on_release=lambda b: App.get_running_app().controller.choose(b.notation))
            row.add_widget(button)

    def save_picture(self, game_id: str) -> Path | None:
        """Write the final board as a PNG beside the records (once the screen is drawn)."""
        if self.save_dir is None or not game_id:
            return None
        path = self.save_dir / f"game-{game_id}-final-board.png"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.ids.board.export_to_png(str(path))
        except Exception:
            log.exception("cannot save the final board picture")
            return None
        self.saved = f"Final board saved: {path}"
        return path
