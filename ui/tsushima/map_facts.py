"""The owner's map file on screen: the fact of the printed map a procedure asked for (its
question, the answers it takes), the answer stored in ``map.json`` and the step run again,
and the page that lists and edits what the file knows. What a fact is, how an answer is
checked and what is computed from the facts are :mod:`companion.tsushima.hexmap`'s (no
Kivy)."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

from companion.tsushima import TsushimaError
from companion.tsushima.data import ENV_VAR, DataSet, load_data
from companion.tsushima.hexmap import COASTS, FILE, KINDS, LAYOUTS, Fact

from .desk_state import DeskState

KIND_TEXT = {
    "layout": "layout",
    "port-hex": "port's hex",
    "partial-sea": "partial sea",
    "coast": "coast",
    "edge": "hexes from the south edge",
}


def owner_dir(app_dir: Path) -> Path:
    """Where the app keeps the owner's data: ``TSUSHIMA_DATA`` when set, else the app's own
    Tsushima folder (beside the saved game)."""
    given = os.environ.get(ENV_VAR)
    return Path(given) if given else app_dir


def owner_data(directory: Path) -> tuple[DataSet, str]:
    """The data set with the owner's files in ``directory`` (each file the owner lacks is
    the built-in one), and a warning when they cannot be read (the built-in data is used)."""
    if not (directory / FILE).is_file() and not os.environ.get(ENV_VAR):
        return load_data(None), ""
    try:
        return load_data(directory), ""
    except (TsushimaError, OSError) as exc:
        return load_data(None), f"The owner's data in {directory} is not used: {exc}"


def answers_for(kind: str) -> list[str]:
    """The answers a fact takes as buttons; a port's hex is typed (``[]``)."""
    return {"layout": list(LAYOUTS), "partial-sea": ["yes", "no"], "coast": list(COASTS)}.get(
        kind, []
    )


def _named(fact: Fact) -> str:
    """A stored fact in words: "the port's hex of Port Arthur", "the layout"."""
    return f"the {KIND_TEXT[fact.kind]}" + (f" of {fact.subject}" if fact.subject else "")


class MapFacts(DeskState):
    """Mixed into :class:`~ui.tsushima.controller.TsushimaDesk`."""

    # a fact the referee asked to delete, waiting for the confirmation
    deleting: Fact | None = None

    # ------------------------------------------------------------------ queries
    def map_question(self) -> str:
        """The question a refused step is waiting on, or ""."""
        return "" if self.question is None else f"The map file does not say {self.question.question()}."

    def map_hint(self) -> str:
        """What a typed answer looks like (a port's hex, or a count of hexes)."""
        kind = self.question.kind if self.question is not None else ""
        return "a number of hexes, 0 on the edge" if kind == "edge" else "a hex like 0712"

    def map_answers(self) -> list[str]:
        return answers_for(self.question.kind) if self.question is not None else []

    @staticmethod
    def map_fact_answers(kind: str) -> list[str]:
        """The answers a kind of fact takes as buttons (``[]``: a hex is typed)."""
        return answers_for(kind)

    def map_fact_lines(self) -> list[str]:
        where = (f"Stored in {self.map_dir / FILE}." if self.map_dir is not None
                 else "Not stored: answers hold until the app closes.")
        return [where, *self.data.hexmap.describe()]

    @staticmethod
    def map_fact_kinds() -> list[tuple[str, str]]:
        return [(k, KIND_TEXT[k]) for k in KINDS]

    def map_fact_subjects(self, kind: str) -> list[str]:
        """What a fact may be about: the ports for a port's hex, the hexes the file or the
        record names for the hex facts, nothing for the layout."""
        if kind == "port-hex":
            return sorted(p for p in self.data.ports if self.data.ports[p].zone is None)
        if kind in ("partial-sea", "coast", "edge"):
            known = set(self.data.hexmap.hexes)
            if self.desk is not None:
                known |= {b.location for b in self.desk.fleet.berths if len(b.location) == 4
                          and b.location.isdigit()}
                known |= {h for h, _ in self.desk.campaign.mines if h.isdigit()}
            return sorted(known)
        return []

    # ------------------------------------------------------------------ answers
    def _store(self, fact: Fact, value: str | None) -> None:
        """One fact into the owner's map file (and the data the desk reads); ``None``
        deletes it."""
        m = self.data.hexmap
        hexmap = m.forget(fact) if value is None else m.answer(fact, value)
        if self.map_dir is not None:
            try:
                self.map_dir.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise TsushimaError(f"cannot make {self.map_dir}: {exc.strerror}") from None
            hexmap.save(self.map_dir)
        self.data = dataclasses.replace(self.data, hexmap=hexmap)
        if self.desk is not None:
            self.desk.data = self.data

    def answer_map(self, value: str) -> bool:
        """Answer the question in hand: the fact is stored, then the step that asked is run
        again (it may ask the next fact it needs)."""
        fact, again = self.question, self.asked_step
        if fact is None or again is None:
            return self._attempt(self._no_question)
        try:
            self._store(fact, value)
        except TsushimaError as exc:
            self.message, self.refused = str(exc), True
            self._changed()
            return False
        self.question, self.asked_step = None, None
        return self._attempt(again)

    @staticmethod
    def _no_question() -> None:
        raise TsushimaError("no fact of the map is being asked")

    def drop_question(self) -> bool:
        """Leave the question unanswered: the step stays refused."""

        def step() -> None:
            self.question, self.asked_step = None, None
            self._say("The step was not made: the map fact is still unknown.")

        return self._attempt(step)

    def set_map_fact(self, kind: str, subject: str, value: str) -> bool:
        """The map facts page: store or change one fact ahead of play."""

        def step() -> None:
            fact = self._fact(kind, subject)
            self._store(fact, value)
            self._say(f"Stored: {KIND_TEXT[kind]} {fact.subject} {value.strip()}".replace("  ", " ")
                      + ".")

        return self._attempt(step)

    def _fact(self, kind: str, subject: str) -> Fact:
        if kind not in KINDS:
            raise TsushimaError(f"map fact {kind!r} is not one of {', '.join(KINDS)}")
        if kind != "layout" and not subject.strip():
            raise TsushimaError(f"{KIND_TEXT[kind]}: name the "
                                + ("port" if kind == "port-hex" else "hex") + " first")
        return Fact(kind, "" if kind == "layout" else subject.strip())

    def delete_question(self) -> str:
        """The confirmation a delete waits on, or ""."""
        f = self.deleting
        if f is None:
            return ""
        value = self.data.hexmap.value(f)
        return (f"Delete {_named(f)} ({value}) from the map file? The next "
                "step that needs it will ask for it again.")

    def delete_map_fact(self, kind: str, subject: str) -> bool:
        """The map facts page: ask to delete one stored fact (confirmed by
        :meth:`confirm_delete`); a fact the file does not hold is refused at once."""

        def step() -> None:
            fact = self._fact(kind, subject)
            self.data.hexmap.forget(fact)  # refuses a fact the file does not hold
            self.deleting = fact
            self._say("")

        return self._attempt(step)

    def confirm_delete(self, yes: bool) -> bool:
        """Delete the fact asked about (``yes``), or keep it."""

        def step() -> None:
            fact, self.deleting = self.deleting, None
            if fact is None:
                raise TsushimaError("no map fact is waiting to be deleted")
            if not yes:
                self._say("Kept: nothing was deleted.")
                return
            self._store(fact, None)
            self._say(f"Deleted: {_named(fact)}.")

        return self._attempt(step)
