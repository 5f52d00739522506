"""Fixtures of the Tsushima tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from tsushima_near_map import write_near_map


@pytest.fixture
def near_map(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The owner's data as a folder holding the test map (``TSUSHIMA_DATA``): moves between
    ports, zones and the tests' hexes are counted on it without asking."""
    folder = tmp_path / "near-map"
    write_near_map(folder)
    monkeypatch.setenv("TSUSHIMA_DATA", str(folder))
    return folder
