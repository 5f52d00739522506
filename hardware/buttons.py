"""The three push buttons: Roll, Confirm and Undo.

Each button is wired between its GPIO and ground (internal pull-up). gpiozero's
``bounce_time`` handles contact bounce; on top of it a repeat guard makes two quick
presses of one button a single action, whatever the pin library does with bounce.

>>> from gpiozero.pins.mock import MockFactory
>>> clock = iter([0.0, 0.1, 1.0]).__next__
>>> buttons = Buttons({"confirm": 27}, MockFactory(), repeat=0.4, clock=clock)
>>> pressed = []
>>> buttons.confirm.when_pressed = lambda: pressed.append("confirm")
>>> for _ in range(3):
...     buttons.confirm.press()
>>> pressed
['confirm', 'confirm']
>>> buttons.close()
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from .pins import PinProblem, explain

ROLES = ("roll", "confirm", "undo")

Handler = Callable[[], None]


class TableButton:
    """One push button, with a ``when_pressed`` handler that fires once per real press."""

    def __init__(
        self,
        role: str,
        pin: int,
        factory: Any,
        bounce: float | None = 0.02,
        repeat: float = 0.4,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        from gpiozero import Button

        self.role = role
        self.pin_number = pin
        self.repeat = repeat
        self.when_pressed: Handler | None = None
        self.ignored = 0
        """Presses dropped by the repeat guard (for the log and the tests)."""
        self._clock = clock
        self._last: float | None = None
        self._lock = threading.Lock()
        try:
            self.device = Button(
                pin, pull_up=True, bounce_time=bounce or None, pin_factory=factory
            )
        except Exception as exc:
            raise explain(exc, f"{role} button", pin) from exc
        self.device.when_pressed = self._pressed

    @property
    def is_pressed(self) -> bool:
        return bool(self.device.is_pressed)

    def _pressed(self, *_: Any) -> None:
        now = self._clock()
        with self._lock:
            if self._last is not None and now - self._last < self.repeat:
                self.ignored += 1
                return
            self._last = now
        handler = self.when_pressed
        if handler is not None:
            handler()

    def press(self) -> None:
        """Press and release a mock pin (the on-screen panel and the tests use this)."""
        pin = self.device.pin
        pin.drive_low()
        pin.drive_high()

    def close(self) -> None:
        self.device.close()


class Buttons:
    """The buttons named in a pin map (``{"roll": 17, "confirm": 27, "undo": 22}``).

    A role whose pin is ``None`` is not fitted and is simply absent.
    """

    def __init__(
        self,
        pins: Mapping[str, int | None],
        factory: Any,
        bounce: float | None = 0.02,
        repeat: float = 0.4,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._buttons: dict[str, TableButton] = {}
        try:
            for role in ROLES:
                pin = pins.get(role)
                if pin is not None:
                    self._buttons[role] = TableButton(role, pin, factory, bounce, repeat, clock)
        except PinProblem:
            self.close()
            raise

    def __getattr__(self, role: str) -> TableButton:
        buttons: dict[str, TableButton] = self.__dict__.get("_buttons", {})
        if role in buttons:
            return buttons[role]
        raise AttributeError(f"no {role} button is fitted")

    def __contains__(self, role: str) -> bool:
        return role in self._buttons

    def __iter__(self) -> Any:
        return iter(self._buttons.values())

    def close(self) -> None:
        for b in self._buttons.values():
            b.close()
        self._buttons.clear()
