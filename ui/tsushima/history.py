"""The campaign record: every step still standing in plain words, and the export of the
record to the data folder's ``exports`` (:mod:`ui.tsushima.history_plans`)."""

from __future__ import annotations

from typing import Any

from kivy.properties import StringProperty

from .common import DeskScreen, desk


class TsuHistoryScreen(DeskScreen):
    entries = StringProperty("")
    folder = StringProperty("")

    def refresh(self, d: Any) -> None:
        self.entries = "\n".join(d.history_view()) or "Set up a scenario first."
        where = d.export_folder()
        self.folder = f"Exports go to {where}." if where is not None else "This campaign is not saved to a data folder, so there is nothing to export."

    def export(self) -> None:
        desk().export_record()
