"""Headless Kivy for the app's tests: the environment is set before Kivy is imported."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

_TMP = Path(tempfile.mkdtemp(prefix="companion-ui-tests-"))
# Kivy reads these when it is first imported; they concern Kivy only.
os.environ["SDL_VIDEODRIVER"] = "offscreen"
os.environ["KIVY_NO_ARGS"] = "1"
os.environ["KIVY_NO_CONSOLELOG"] = "1"
os.environ["KIVY_LOG_MODE"] = "MIXED"
os.environ.setdefault("KIVY_HOME", str(_TMP / "kivy"))


@pytest.fixture(autouse=True)
def _own_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Records, edited data and settings of a test go to its own directory."""
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "config.toml"))
    yield
