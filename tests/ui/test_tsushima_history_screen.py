"""The campaign record in the app, headless: the **Record** screen lists every step still
standing in plain words (what the desk said of it), scrolls, and **Export** writes the
record to the data folder's ``exports`` in the command line's format. Pictures at both
sizes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tsushima_ui import pictures, screen

from companion.tsushima.desk import Desk


def test_the_record_in_plain_words_and_its_export(h: Any, tmp_path: Path) -> None:
    d = h.app.tsushima
    assert d.choose_scenario("war-at-sea") and d.start_scenario()
    assert d.roll_italy() and d.choose_plan("B")
    for _ in range(9):
        assert d.next_segment()
    assert d.undo()
    camp = h.show("tsushima-campaign")
    h.touch(screen(h, "tsushima-campaign").ids.history)
    page = screen(h, "tsushima-history")
    lines = page.entries.split("\n")
    assert lines[0].startswith("1. Cruisers in Italy: Table 6A:")
    assert lines[1].startswith("2. Land campaign plan: ")
    assert lines[2].startswith("3. Next segment: ") and len(lines) == 10  # the undone one gone
    assert "exports" in page.folder
    pictures(h, tmp_path, "tsushima-history")
    page.ids.scroll.scroll_y = 0  # the list scrolls to its last step
    h.touch(page.ids.export)
    page = screen(h, "tsushima-history")
    written = d.exported
    assert written is not None and written.parent == d.save_dir.parent / "exports"
    assert f"Wrote {written}" in page.message
    # the command line's format: the same text the saved record holds, read back alike
    assert written.read_text() == (d.save_dir / "tsushima-game.jsonl").read_text()
    assert Desk.read(written).campaign == d.desk.campaign
    h.touch(page.ids.export)  # a second export never writes over the first
    assert d.exported is not None and d.exported != written and d.exported.name.endswith(
        "-2.jsonl")
    h.touch(screen(h, "tsushima-history").ids.campaign)
    assert screen(h, "tsushima-campaign") is camp
