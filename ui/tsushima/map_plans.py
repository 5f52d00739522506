"""The map procedures on screen: the order being built (which procedure, navy, ships, place,
the referee's facts) and its dice, virtual or entered. What each procedure asks for, the
choices, the dice it wants and the step it becomes are the desk's
(:mod:`companion.tsushima.desk.orders`); this keeps only the order in hand (no Kivy)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from companion.core.dice import read_face
from companion.tsushima import Side, TsushimaError
from companion.tsushima.desk import orders
from companion.tsushima.desk.orders import FLAG_TEXT, FORMS, MapOrder

from .desk_state import DeskState


class MapPlans(DeskState):
    """Mixed into :class:`~ui.tsushima.controller.TsushimaDesk`."""

    # ------------------------------------------------------------------ queries
    @staticmethod
    def map_procedures() -> list[tuple[str, str]]:
        return [(key, form.title) for key, form in FORMS.items()]

    def map_ship_choices(self) -> list[str]:
        return orders.ship_choices(self._desk().campaign, self.order) if self.desk else []

    def map_place_choices(self) -> list[str]:
        return orders.place_choices(self._desk().campaign, self.order) if self.desk else []

    def map_flags(self) -> list[tuple[str, str, bool]]:
        """(flag, label, set) for the referee's facts this procedure may take."""
        return [(f, FLAG_TEXT[f], f in self.order.flags) for f in self.order.form.flags]

    def map_odds(self) -> str:
        if self.desk is None:
            return ""
        try:
            return orders.odds_line(self.desk, self.order)
        except TsushimaError as exc:
            return f"(no odds yet: {exc})"

    def map_die_wanted(self, faces: Sequence[int]) -> str | None:
        return orders.dice_wanted(self._desk().campaign, self.order, faces)

    # ------------------------------------------------------------------ the order in hand
    def _set(self, **changes: Any) -> None:
        self.order = dataclasses.replace(self.order, **changes)

    def choose_procedure(self, name: str) -> bool:
        def step() -> None:
            form = FORMS.get(name)
            if form is None:
                raise TsushimaError(f"unknown map procedure {name!r}")
            self.order = MapOrder(name, self.order.navy)
            self._say(form.title + ": " + self._hint())

        return self._attempt(step)

    def _hint(self) -> str:
        form = self.order.form
        wants = []
        if form.ships:
            wants.append("touch the ships" if form.many else "touch the ship")
        if form.place:
            wants.append("choose the place")
        return (", ".join(wants) + ", then Roll or Enter dice") if wants else "Roll or Enter dice"

    def switch_navy(self) -> bool:
        def step() -> None:
            self._set(navy=self.order.navy.enemy, ships=())
            self._say(f"The {self.order.navy.adjective} navy acts.")

        return self._attempt(step)

    def toggle_map_ship(self, ident: str) -> bool:
        def step() -> None:
            ships = list(self.order.ships)
            if ident in ships:
                ships.remove(ident)
            elif ident not in self.map_ship_choices():
                raise TsushimaError(f"{ident} may not take part in {self.order.form.title}")
            elif self.order.form.many:
                ships.append(ident)
            else:
                ships = [ident]
            self._set(ships=tuple(ships))
            self._say("")

        return self._attempt(step)

    def set_map_place(self, place: str) -> bool:
        def step() -> None:
            self._set(place=place.strip())
            self._say("")

        return self._attempt(step)

    def toggle_map_flag(self, flag: str) -> bool:
        def step() -> None:
            if flag not in self.order.form.flags:
                raise TsushimaError(f"{self.order.form.title} takes no {flag!r}")
            self._set(flags=self.order.flags ^ {flag})
            self._say("")

        return self._attempt(step)

    def _run_map(self, faces: Sequence[int]) -> None:
        self.results = orders.run(self._desk(), self.order, faces)
        self._set(ships=(), flags=frozenset())
        self._say("")

    def roll_map(self) -> bool:
        """The procedure with virtual dice, each die asked for in turn."""

        def step() -> None:
            faces: list[int] = []
            while self.map_die_wanted(faces) is not None:
                faces.append(self.dice.d6())
            self._run_map(faces)

        return self._attempt(step)

    def enter_map(self, faces: Sequence[int]) -> bool:
        """Physical dice, in the order the desk asked for them."""

        def step() -> None:
            read = [read_face(f) for f in faces]
            if self.map_die_wanted(read) is not None:
                raise TsushimaError(f"one more die is wanted: {self.map_die_wanted(read)}")
            self._run_map(read)

        return self._attempt(step)

    def map_navy(self) -> Side:
        return self.order.navy
