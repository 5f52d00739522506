"""Everything on the pins at once, built from the configuration's pin map.

>>> from gpiozero.pins.mock import MockFactory
>>> from companion.core.config import Config
>>> panel = Panel.build(Config().gpio, MockFactory())
>>> panel.problems
[]
>>> panel.status.show("waiting")
>>> panel.status.amber.is_lit
True
>>> panel.close()
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .buttons import Buttons
from .leds import StatusLight, TurnLights
from .pins import PinProblem

if TYPE_CHECKING:
    from companion.core.config import GpioConfig

log = logging.getLogger(__name__)


@dataclass
class Panel:
    """The buttons and lights; a part whose pin failed is left out and named in ``problems``."""

    buttons: Buttons
    status: StatusLight
    turns: TurnLights
    factory: Any
    problems: list[str] = field(default_factory=list)
    failed_pins: dict[int, str] = field(default_factory=dict)
    """The problem with each pin that could not be used, by its GPIO number."""

    @classmethod
    def build(
        cls, gpio: GpioConfig, factory: Any, clock: Callable[[], float] = time.monotonic
    ) -> Panel:
        pins = gpio.pins
        problems: list[str] = []
        failed: dict[int, str] = {}

        def attempt(make: Callable[[], Any], fallback: Callable[[], Any]) -> Any:
            try:
                return make()
            except PinProblem as exc:
                problems.append(str(exc))
                if exc.pin is not None:
                    failed[exc.pin] = str(exc)
                log.error("%s", exc)
                return fallback()

        bounce = gpio.bounce_ms / 1000 or None
        repeat = gpio.repeat_ms / 1000
        button_pins = {"roll": pins.roll, "confirm": pins.confirm, "undo": pins.undo}
        buttons = attempt(
            lambda: Buttons(button_pins, factory, bounce, repeat, clock),
            lambda: _buttons_one_by_one(button_pins, factory, bounce, repeat, clock),
        )
        light_pins = {
            "green": pins.status_green, "red": pins.status_red, "amber": pins.status_amber
        }
        status = attempt(
            lambda: StatusLight(light_pins, factory), lambda: StatusLight({}, factory)
        )
        turns = attempt(lambda: TurnLights(pins.turn, factory), lambda: TurnLights([], factory))
        return cls(buttons, status, turns, factory, problems, failed)

    def close(self) -> None:
        self.buttons.close()
        self.status.close()
        self.turns.close()


def _buttons_one_by_one(
    pins: dict[str, int | None], factory: Any, bounce: float | None, repeat: float,
    clock: Callable[[], float],
) -> Buttons:
    """Keep every button that works when one of them does not."""
    good: dict[str, int | None] = {}
    for role, pin in pins.items():
        try:
            Buttons({role: pin}, factory, bounce, repeat, clock).close()
        except PinProblem:
            continue
        good[role] = pin
    return Buttons(good, factory, bounce, repeat, clock)
