"""Entry of physical dice by touch: one big button per face, as many dice as asked."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kivy.factory import Factory
from kivy.properties import ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.modalview import ModalView


class TsuDiceEntry(ModalView):
    title = StringProperty("Enter the dice you rolled")
    labels = ListProperty([])
    """One label per die wanted, e.g. ``salvo 1, first die``."""
    faces = ListProperty([])
    prompt = StringProperty("")
    wanted = NumericProperty(1)
    on_done = ObjectProperty(None)
    ask = ObjectProperty(None)
    """Optional: given the faces so far, the label of the next die wanted, or ``None`` when
    no more are (for procedures whose dice depend on the faces, e.g. running aground)."""

    def on_kv_post(self, base_widget: Any) -> None:
        row = self.ids.faces
        for face in range(1, 7):
            b = Factory.TsuButton(text=str(face))
            b.font_size = b.font_size * 2
            b.bold = True
            b.bind(on_release=lambda _b, f=face: self.choose(f))
            row.add_widget(b)
        self._prompt()

    def on_labels(self, *_: Any) -> None:
        self.wanted = max(1, len(self.labels))
        self._prompt()

    def _prompt(self) -> None:
        done = ", ".join(map(str, self.faces)) or "none yet"
        n = len(self.faces)
        nxt = self.labels[n] if n < len(self.labels) else ""
        self.prompt = f"Touch the face of {nxt}." + f"   Entered: {done}" if nxt else done

    def choose(self, face: int) -> None:
        self.faces = [*self.faces, face]
        if self.ask is not None:
            nxt = self.ask(list(self.faces))
            if nxt is not None:
                self.labels = [*self.labels[: len(self.faces)], nxt]
                self.wanted = len(self.faces) + 1
        self._prompt()
        if len(self.faces) >= self.wanted:
            done: Callable[[Sequence[int]], Any] | None = self.on_done
            self.dismiss(animation=False)  # a fading pop-up would swallow the next touch
            if done is not None:
                done(list(self.faces))

    def back(self) -> None:
        self.faces = self.faces[:-1]
        if self.ask is not None:
            self.labels = self.labels[: len(self.faces) + 1]
            self.wanted = len(self.faces) + 1
        self._prompt()
