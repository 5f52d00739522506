"""What the app stands on, gathered before any screen is built: the configuration, the
record store, the pin factory and panel, and the camera, with one note for each thing
that is simulated or has a problem.

No Kivy here: tests and the screenshot harness pass in their own store, pins and dice.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from companion.core.config import Loaded
from hardware.panel import Panel
from hardware.pins import FactoryChoice, choose_factory

from .camera import Camera
from .camera_open import make_camera
from .table_state import SessionApi

if TYPE_CHECKING:
    from companion.core.store import RecordStore

# the logger keeps the name these lines had before the context left ui/app.py
log = logging.getLogger("ui.app")


@dataclass
class AppContext:
    loaded: Loaded
    store: RecordStore
    camera: Camera | None
    camera_note: str
    factory: FactoryChoice
    panel: Panel
    session_api: SessionApi | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def simulated(self) -> bool:
        return self.factory.simulated or bool(getattr(self.camera, "simulated", False))

    def close(self) -> None:
        self.panel.close()
        if self.camera is not None:
            self.camera.close()


def build_context(
    loaded: Loaded,
    camera: str | None = None,
    factory: FactoryChoice | None = None,
    store: RecordStore | None = None,
    session_api: SessionApi | None = None,
) -> AppContext:
    """Everything the app needs, from the configuration (arguments override it)."""
    from .memory import tune_malloc

    tune_malloc()  # before the camera's first big arrays (see ui/memory.py)
    config = loaded.config
    if config.data.dir:
        os.environ["COMPANION_DATA_DIR"] = config.data.dir
    if store is None:
        from companion.core.store import RecordStore

        store = RecordStore.open()
    factory = factory or choose_factory(config.gpio.factory)
    panel = Panel.build(config.gpio, factory.factory)
    cam, note = make_camera(camera or config.camera.source, config.camera.profile)
    if cam is not None:
        cam.warm_up()
    notes = []
    if factory.simulated:
        notes.append(f"GPIO: {factory.reason}")
    notes.append(f"Camera: {note}")
    notes += [f"Pin problem: {p}" for p in panel.problems]
    for n in notes:
        log.warning("%s", n) if ("simulat" in n.lower() or "mock" in n.lower() or "problem" in n
                                 or "not " in n) else log.info("%s", n)
    return AppContext(loaded, store, cam, note, factory, panel, session_api, notes)
