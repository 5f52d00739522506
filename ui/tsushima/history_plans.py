"""The campaign record on screen: every step still standing in plain words (what the desk
said of it), and the record exported to the data folder's ``exports`` in the command line's
format (``companion tsushima game export`` writes the same file)."""

from __future__ import annotations

from pathlib import Path

from companion.tsushima import TsushimaError

from .desk_state import DeskState

EXPORTS = "exports"


class HistoryPlans(DeskState):
    """Mixed into :class:`~ui.tsushima.controller.TsushimaDesk`."""

    exported: Path | None = None  # the last file written by :meth:`export_record`

    def history_view(self) -> list[str]:
        """The record's steps in plain words, first to last ("" when there is no game)."""
        if self.desk is None:
            return []
        return self.desk.history_lines() or ["No steps yet: the record holds only its set-up."]

    def export_folder(self) -> Path | None:
        """``<data dir>/exports``, beside the app's Tsushima folder (``None``: not saved)."""
        return None if self.save_dir is None else self.save_dir.parent / EXPORTS

    def export_record(self) -> bool:
        """Write the record to a new file in the exports folder, never over an older one."""

        def step() -> None:
            desk, folder = self._desk(), self.export_folder()
            if folder is None:
                raise TsushimaError("this desk keeps no data folder: nothing can be exported")
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise TsushimaError(f"cannot make {folder}: {exc.strerror}") from None
            stem = f"tsushima-{desk.header.scenario}-{len(desk.entries)}-entries"
            path, n = folder / f"{stem}.jsonl", 1
            while path.exists():
                n += 1
                path = folder / f"{stem}-{n}.jsonl"
            desk.write(path)
            self.exported = path
            self._say(f"Wrote {path} ({len(desk.entries)} entries), the command line's "
                      "record format.")

        return self._attempt(step)
