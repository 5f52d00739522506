"""The start screen names the defaults a game will rest on, with the options ticked: the
Veterans of the Seas pieces bring defaults of their own (issue 13, item 6)."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def test_ticking_veterans_lists_its_defaults_to_check(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    from test_ui_app import make

    h = make(tmp_path)
    try:
        start = h.app.sm.get_screen("start")
        start.choose_game("tsuro-of-the-seas")
        plain = start.notes
        assert "Daikaiju arrows" in plain and "taihou" not in plain
        start.set_option("veterans", True)
        assert start.notes.startswith(plain)
        assert "3 taihou, 2 mystic portals" in start.notes
        assert "Tsunami connecting number 2 -> 3 -> 3 -> 4" in start.notes
        start.set_option("veterans", False)
        assert start.notes == plain
        start.choose_game("tsuro")  # Tsuro's own notes, whatever was ticked for the Seas
        assert "taihou" not in start.notes
    finally:
        h.stop()
        h.app.ctx.close()
