"""Where the companion keeps its files, and how it reads its editable data files."""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import Any


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


_DATA = Path(__file__).resolve().parent.parent / "data"


@cache
def _shipped(name: str) -> str:
    shipped = _DATA / name
    if shipped.is_file():  # a checkout or an installed package: no need for the resource API
        return shipped.read_text("utf-8")
    from importlib import resources  # packed in a zip: the slower, general way

    return resources.files("companion.data").joinpath(name).read_text("utf-8")


def read_data(
    name: str, path: str | Path | None, error: type[ValueError], what: str
) -> tuple[Any, str]:
    """A data file's JSON and a name for it in messages.

    The file is ``path`` when given, else the owner's copy of ``name`` in the data
    directory, else the one shipped with the companion (source ``built-in ...``).
    """
    path = path if path is not None else owner_file(name)
    if path is None:
        return json.loads(_shipped(name)), f"built-in {what}"
    try:
        text = Path(path).read_text("utf-8")
    except OSError as exc:
        raise error(f"cannot read the {what} file {path}: {exc.strerror}") from None
    try:
        return json.loads(text), str(path)
    except json.JSONDecodeError as exc:
        raise error(f"{path}: not JSON ({exc.msg} at line {exc.lineno})") from None
