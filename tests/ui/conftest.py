"""Headless Kivy for the app's tests: the environment is set before Kivy is imported."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

_TMP = Path(tempfile.mkdtemp(prefix="companion-ui-tests-"))
os.environ["SDL_VIDEODRIVER"] = "offscreen"
os.environ["KIVY_NO_ARGS"] = "1"
os.environ["KIVY_NO_CONSOLELOG"] = "1"
os.environ["KIVY_LOG_MODE"] = "MIXED"
os.environ.setdefault("KIVY_HOME", str(_TMP / "kivy"))
os.environ["COMPANION_DATA_DIR"] = str(_TMP / "data")
os.environ["COMPANION_CONFIG"] = str(_TMP / "config.toml")
