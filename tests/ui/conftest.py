"""Headless Kivy for the app's tests: the environment is set before Kivy is imported."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

_TMP = Path(tempfile.mkdtemp(prefix="companion-ui-tests-"))
# Kivy reads these when it is first imported; they concern Kivy only.
os.environ["SDL_VIDEODRIVER"] = "offscreen"
os.environ["KIVY_NO_ARGS"] = "1"
os.environ["KIVY_NO_CONSOLELOG"] = "1"
os.environ["KIVY_LOG_MODE"] = "MIXED"
os.environ.setdefault("KIVY_HOME", str(_TMP / "kivy"))


@pytest.fixture(autouse=True)
def _fast_collections() -> Iterator[None]:
    """The harness hides a built app from the cyclic collector until it stops and frames
    it draws on demand wait for no display (see ``Harness.freeze_built`` and ``paced``);
    whatever a test leaves frozen is released after it, and the collector runs again."""
    import gc

    from ui.harness import Harness

    Harness.freeze_built = True
    Harness.paced = False
    yield
    gc.unfreeze()
    gc.enable()


@pytest.fixture(autouse=True)
def _own_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Records, edited data and settings of a test go to its own directory."""
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "config.toml"))
    yield



@pytest.fixture
def exact_camera(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's simulated camera reads the table exactly, as it does where vision is absent:
    for tests the Tsuro camera is not what they test. Building vision's reader, which the
    app starts at once in the background, was more than half of each app build's CPU
    (0.9 s a build, 0.4 s without); the camera's own tests keep it."""
    from ui import sim_camera

    monkeypatch.setattr(sim_camera, "vision_sim_reader", lambda: None)


@pytest.fixture
def make_app(tmp_path: Path, exact_camera: None) -> Callable[[], Any]:
    """Builds the app as the game screens' tests drive it (virtual dice seeded 3, mock pins,
    the camera reading exactly: Rigadoon looks at a simulated table of its own) on the
    test's own directory: called again, it is the same app restarted."""

    def build() -> Any:
        from ui.harness import simulated_app

        return simulated_app(tmp_path, 3, (800, 480), pins_note="tests: mock pins")

    return build


@pytest.fixture
def h(make_app: Callable[[], Any]) -> Iterator[Any]:
    """A game screens' app of the test's own, stopped and closed after the test."""
    harness = make_app()
    yield harness
    harness.stop()
    harness.app.ctx.close()
