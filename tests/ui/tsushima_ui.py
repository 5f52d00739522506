"""Helpers the Tsushima screens' tests share: the screen shown after a touch, and its
pictures at both sizes (kept in ``TSUSHIMA_SHOTS`` when set)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

SHOTS = os.environ.get("TSUSHIMA_SHOTS")  # a folder to keep the pictures in, when set


def screen(h: Any, name: str) -> Any:
    """The screen ``name``, asserted current after two frames."""
    h.frames(2)
    assert h.app.sm.current == name
    return h.app.sm.get_screen(name)


def pictures(h: Any, tmp_path: Path, name: str, popup: Any = None) -> None:
    """The screen at both sizes; with ``popup``, the pop-up over it as well."""
    from ui.screenshots import blank

    for size in ((800, 480), (1280, 720)):
        h.resize(size)
        folder = Path(SHOTS) if SHOTS else tmp_path
        path = h.shoot(folder / f"{name}-{size[0]}x{size[1]}.png")
        assert not blank(path), path
        if popup is not None:
            over = folder / f"{name}-popup-{size[0]}x{size[1]}.png"
            popup.export_to_png(str(over))
            assert not blank(over), over
    h.resize((800, 480))
