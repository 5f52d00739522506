"""Test support: a controller on mock pins, the simulated camera and a temporary store.

Used by the test suite (tests/ui, tests/hardware); nothing in the app imports it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gpiozero.pins.mock import MockFactory

from companion.config import Config
from hardware.panel import Panel
from ui.camera import SimCamera, exact_reader
from ui.controller import TableController
from ui.demo import SeededSessions, temp_store


class Clock:
    """A clock the tests move by hand (for the repeat guard)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        self.now += 1.0  # every intent comes a second after the last unless a test says not
        return self.now


def controller(tmp: Path, seed: int = 3, camera: Any = "exact", store: Any = None,
               factory: Any = None) -> TableController:
    store = store or temp_store(tmp / "data")
    if camera == "exact":
        camera = SimCamera(reader=exact_reader)
    panel = Panel.build(Config().gpio, factory or MockFactory(), clock=Clock())
    c = TableController(store, camera, panel, clock=Clock(), session_api=SeededSessions(seed))
    return c


def wire_buttons(c: TableController) -> None:
    """The app's wiring of the physical buttons, without Kivy (the tests call directly)."""
    for button in c.panel.buttons:
        button.when_pressed = getattr(c, button.role)
