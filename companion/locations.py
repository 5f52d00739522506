"""Where the companion keeps its files on this machine."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    """Records and the owner's edited data: $COMPANION_DATA_DIR, else the user data directory."""
    env = os.environ.get("COMPANION_DATA_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "table-companion"


def owner_file(name: str) -> Path | None:
    """The owner's edited copy of a shipped data file, when there is one."""
    p = data_dir() / name
    return p if p.is_file() else None
