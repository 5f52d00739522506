"""The status light (green legal, red illegal, amber waiting) and optional turn lights.

>>> from gpiozero.pins.mock import MockFactory
>>> light = StatusLight({"green": 5, "red": 6, "amber": 13}, MockFactory())
>>> light.show("illegal")
>>> light.red.is_lit, light.green.is_lit, light.amber.is_lit
(True, False, False)
>>> light.state
'illegal'
>>> light.close()
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .pins import PinProblem, explain

STATES = {"legal": "green", "illegal": "red", "waiting": "amber", "off": None}
COLOURS = ("green", "red", "amber")


class Lamp:
    """One LED; ``is_lit`` reads back what it shows."""

    def __init__(self, role: str, pin: int, factory: Any) -> None:
        from gpiozero import LED

        self.role = role
        self.pin_number = pin
        try:
            self.device = LED(pin, pin_factory=factory)
        except Exception as exc:
            raise explain(exc, role, pin) from exc

    @property
    def is_lit(self) -> bool:
        return bool(self.device.is_lit)

    def on(self) -> None:
        self.device.on()

    def off(self) -> None:
        self.device.off()

    def close(self) -> None:
        self.device.close()


class _Missing:
    """A colour that is not fitted: never lit."""

    is_lit = False

    def on(self) -> None:
        pass

    def off(self) -> None:
        pass

    def close(self) -> None:
        pass


class StatusLight:
    """Three LEDs (or fewer) showing one state of :data:`STATES`.

    With no amber LED fitted, ``waiting`` lights green and red together (amber on a
    two-colour LED).
    """

    def __init__(self, pins: Mapping[str, int | None], factory: Any) -> None:
        self._lamps: dict[str, Lamp | _Missing] = {}
        try:
            for colour in COLOURS:
                pin = pins.get(colour)
                self._lamps[colour] = (
                    Lamp(f"status {colour} LED", pin, factory) if pin is not None else _Missing()
                )
        except PinProblem:
            self.close()
            raise
        self.state = "off"

    @property
    def green(self) -> Lamp | _Missing:
        return self._lamps["green"]

    @property
    def red(self) -> Lamp | _Missing:
        return self._lamps["red"]

    @property
    def amber(self) -> Lamp | _Missing:
        return self._lamps["amber"]

    def show(self, state: str) -> None:
        if state not in STATES:
            raise ValueError(f"{state!r} is not a light state; use one of {', '.join(STATES)}")
        want = STATES[state]
        lit = {want} if want else set()
        if want == "amber" and isinstance(self.amber, _Missing):
            lit = {"green", "red"}
        for colour, lamp in self._lamps.items():
            (lamp.on if colour in lit else lamp.off)()
        self.state = state

    def close(self) -> None:
        for lamp in self._lamps.values():
            lamp.close()


class TurnLights:
    """One LED per seat; ``show(seat)`` lights that seat only (``None``: all off)."""

    def __init__(self, pins: Sequence[int], factory: Any) -> None:
        self.lamps: list[Lamp] = []
        try:
            for i, pin in enumerate(pins):
                self.lamps.append(Lamp(f"turn light {i + 1}", pin, factory))
        except PinProblem:
            self.close()
            raise
        self.seat: int | None = None

    def show(self, seat: int | None) -> None:
        for i, lamp in enumerate(self.lamps):
            (lamp.on if i == seat else lamp.off)()
        self.seat = seat

    def close(self) -> None:
        for lamp in self.lamps:
            lamp.close()
