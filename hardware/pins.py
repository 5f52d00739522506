"""Which pin factory drives the pins, and one clear message when a pin cannot be used.

The factory is chosen once at start-up and then passed to every device; nothing here
sets gpiozero's global ``Device.pin_factory``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

MODEL_FILE = Path("/proc/device-tree/model")


class PinProblem(RuntimeError):
    """A pin that is missing, already in use or cannot be driven; the message says which."""

    def __init__(self, text: str, pin: int | None = None) -> None:
        super().__init__(text)
        self.pin = pin


def is_raspberry_pi(model_file: Path = MODEL_FILE) -> bool:
    try:
        return "Raspberry Pi" in model_file.read_text(errors="replace")
    except OSError:
        return False


@dataclass
class FactoryChoice:
    """The pin factory in use and whether it is simulated (then the screen shows a panel)."""

    factory: Any
    simulated: bool
    reason: str


def mock_factory() -> Any:
    from gpiozero.pins.mock import MockFactory

    return MockFactory()


_LIBRARIES = {
    "lgpio": ("gpiozero.pins.lgpio", "LGPIOFactory"),
    "rpigpio": ("gpiozero.pins.rpigpio", "RPiGPIOFactory"),
    "pigpio": ("gpiozero.pins.pigpio", "PiGPIOFactory"),
    "native": ("gpiozero.pins.native", "NativeFactory"),
}


def real_factory(kind: str) -> Any:
    import importlib

    module_name, cls_name = _LIBRARIES[kind]
    module = importlib.import_module(module_name)
    return getattr(module, cls_name)()


def choose_factory(kind: str = "auto", model_file: Path = MODEL_FILE) -> FactoryChoice:
    """Build the factory the configuration asks for.

    ``auto`` uses real pins (lgpio, then RPi.GPIO, then native) on a Raspberry Pi and mock
    pins anywhere else; a real library that fails falls back to mock pins and says why.
    """
    if kind == "mock":
        return FactoryChoice(mock_factory(), True, "mock pins (gpio.factory = \"mock\")")
    if kind == "auto" and not is_raspberry_pi(model_file):
        return FactoryChoice(
            mock_factory(), True, "not a Raspberry Pi: mock pins with the on-screen panel"
        )
    kinds = ["lgpio", "rpigpio", "native"] if kind == "auto" else [kind]
    errors = []
    for k in kinds:
        try:
            return FactoryChoice(real_factory(k), False, f"GPIO through {k}")
        except Exception as exc:  # a missing library or no /dev/gpiochip access
            errors.append(f"{k}: {exc}")
    reason = f"no GPIO library worked ({'; '.join(errors)}): mock pins with the on-screen panel"
    log.warning(reason)
    return FactoryChoice(mock_factory(), True, reason)


def explain(exc: BaseException, role: str, pin: int) -> PinProblem:
    """Turn gpiozero's error for one pin into one sentence naming the pin and its role."""
    from gpiozero.exc import GPIOPinInUse, PinInvalidPin, PinPWMUnsupported, PinUnsupported

    where = f"GPIO{pin} ({role.replace('_', ' ')})"
    if isinstance(exc, GPIOPinInUse):
        text = f"{where} is already in use by another device; pick a free pin in the settings"
    elif isinstance(exc, PinInvalidPin):
        text = f"{where} does not exist on this board; pick a pin 0-27 in the settings"
    elif isinstance(exc, PinUnsupported | PinPWMUnsupported):
        text = f"{where} cannot be driven this way: {exc}"
    elif isinstance(exc, PermissionError | OSError):
        text = f"{where} cannot be opened ({exc}); is the user in the gpio group?"
    else:
        text = f"{where} cannot be used: {exc}"
    return PinProblem(text, pin)
