"""The owner's map file on screen: the question a procedure asked about the printed map (a
pop-up over any Tsushima screen), and the page that lists what the file knows and lets the
referee give or change a fact ahead of play. Questions, answers and their checks are the
desk's (:mod:`ui.tsushima.map_facts`, :mod:`companion.tsushima.hexmap`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.factory import Factory
from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.modalview import ModalView

from .common import DeskScreen, desk

CHOOSE = "Choose..."


class TsuMapQuestion(ModalView):
    """The fact a step is waiting on: one button per answer, or a hex typed."""

    question = StringProperty("")
    answers = ListProperty([])
    typed = BooleanProperty(False)
    hint = StringProperty("a hex like 0712")

    def on_kv_post(self, base_widget: Any) -> None:
        self._fill()

    def on_answers(self, *_: Any) -> None:
        if self.ids:
            self._fill()

    def _fill(self) -> None:
        row = self.ids.answers
        row.clear_widgets()
        for value in self.answers:
            b = Factory.TsuButton(text=value)
            b.bind(on_release=lambda _b, v=value: self.answer(v))
            row.add_widget(b)
        self.typed = not self.answers

    def answer(self, value: str) -> None:
        self.dismiss(animation=False)  # a fading pop-up would swallow the next touch
        desk().answer_map(value)

    def later(self) -> None:
        self.dismiss(animation=False)
        desk().drop_question()


_asking: list[TsuMapQuestion] = []


def _open_once(slot: list[Any], question: str, make: Callable[[], Any]) -> Any:
    """The pop-up of ``slot`` while ``question`` waits (one at a time, opened once per
    question; dismissed when the question goes or changes)."""
    if slot and (not question or slot[0].question != question):
        slot.pop().dismiss(animation=False)
    if not question or slot:
        return slot[0] if slot else None
    popup = make()
    popup.bind(on_dismiss=lambda *_: slot.clear())
    slot.append(popup)
    popup.open()
    return popup


def ask_if_needed(d: Any) -> TsuMapQuestion | None:
    """Open the question pop-up when a step waits on a map fact (once per question)."""
    question = d.map_question()
    popup: TsuMapQuestion | None = _open_once(_asking, question, lambda: TsuMapQuestion(
        question=question, answers=d.map_answers(), hint=d.map_hint()))
    return popup


class TsuDeleteFact(ModalView):
    """The confirmation of a fact's deletion from the owner's map file."""

    question = StringProperty("")

    def answer(self, yes: bool) -> None:
        self.dismiss(animation=False)
        desk().confirm_delete(yes)


_confirming: list[TsuDeleteFact] = []


def confirm_if_needed(d: Any) -> TsuDeleteFact | None:
    """Open the confirmation pop-up while a delete waits on it (once per delete)."""
    question = d.delete_question()
    popup: TsuDeleteFact | None = _open_once(
        _confirming, question, lambda: TsuDeleteFact(question=question))
    return popup


class MapFileScreen(DeskScreen):
    facts = StringProperty("")
    typed_subject = BooleanProperty(False)
    typed_value = BooleanProperty(False)

    def refresh(self, d: Any) -> None:
        self.facts = "\n".join(d.map_fact_lines())
        kinds = dict(d.map_fact_kinds())
        self.ids.kind.values = list(kinds.values())
        if self.ids.kind.text not in kinds.values():
            self.ids.kind.text = kinds["partial-sea"]
        kind = self._kind()
        subjects = d.map_fact_subjects(kind)
        self.ids.subject_pick.values = subjects
        self.typed_subject = kind != "layout"
        answers = d.map_fact_answers(kind)
        self.typed_value = not answers
        self.ids.value_pick.values = answers
        if self.ids.value_pick.text not in answers:
            self.ids.value_pick.text = CHOOSE
        confirm_if_needed(d)

    def _kind(self) -> str:
        d = desk()
        return next((k for k, t in d.map_fact_kinds() if t == self.ids.kind.text), "partial-sea")

    def pick_kind(self, _text: str) -> None:
        self.ids.subject.text = ""
        self.ids.value.text = ""
        self.update()

    def pick_subject(self, text: str) -> None:
        if text and text != CHOOSE:
            self.ids.subject.text = text

    def delete(self) -> None:
        desk().delete_map_fact(self._kind(), self.ids.subject.text)

    def store(self) -> None:
        value = self.ids.value.text if self.typed_value else self.ids.value_pick.text
        desk().set_map_fact(self._kind(), self.ids.subject.text,
                            "" if value == CHOOSE else value)
