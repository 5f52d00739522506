"""A vision profile directory: what was learned about one owner's set and board.

    DIR/templates.npz   looks of the owner's pieces (``companion vision teach``)
    DIR/teach.json      what was taught, for the record
    DIR/markers.json    marker corners in grid units (``companion vision calibrate``)
    DIR/ships.json      ship colours (``companion vision calibrate --ship``)

Every piece is optional: a missing one falls back to the built-in default.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from companion.core.board import BoardProfile

from .errors import ProfileError
from .geometry import MarkerLayout
from .templates import TEMPLATES_FILE, TemplateSet, builtin

MARKERS_FILE = "markers.json"
SHIPS_FILE = "ships.json"


def _json(path: Path) -> dict[str, object]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ProfileError(f"{path} is unreadable: {exc}") from None
    if not isinstance(data, dict):
        raise ProfileError(f"{path} must hold a JSON object")
    return data


def load_templates(directory: Path | None) -> TemplateSet:
    if directory is None:
        return builtin()
    if not directory.is_dir():
        raise ProfileError(f"{directory}: no such profile directory")
    if not (directory / TEMPLATES_FILE).is_file():
        return builtin()
    return TemplateSet.load(directory)


def load_layout(directory: Path | None, board: BoardProfile) -> MarkerLayout:
    default = MarkerLayout.default(board.rows, board.cols)
    if directory is None or not (directory / MARKERS_FILE).is_file():
        return default
    data = _json(directory / MARKERS_FILE)
    size = (data.get("rows"), data.get("cols"))
    if size != (board.rows, board.cols):
        raise ProfileError(
            f"{directory / MARKERS_FILE} was measured on a {size[0]}x{size[1]} board, "
            f"not {board.rows}x{board.cols}"
        )
    try:
        return MarkerLayout.from_json(data["corners"])  # type: ignore[arg-type]
    except (KeyError, TypeError, ValueError) as exc:
        raise ProfileError(f"{directory / MARKERS_FILE}: {exc}") from None


def save_layout(directory: Path, board: BoardProfile, layout: MarkerLayout) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    data = {"rows": board.rows, "cols": board.cols, "units": "board squares",
            "corners": layout.to_json()}
    (directory / MARKERS_FILE).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def load_ship_colours(directory: Path | None) -> dict[str, tuple[float, float, float]] | None:
    if directory is None or not (directory / SHIPS_FILE).is_file():
        return None
    data = _json(directory / SHIPS_FILE)
    try:
        return {str(k): tuple(float(x) for x in v) for k, v in data["lab"].items()}  # type: ignore[attr-defined,misc]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ProfileError(f"{directory / SHIPS_FILE}: {exc}") from None


def measured_ship_colours(directory: Path | None) -> frozenset[str]:
    """The ship colours measured on this set (the others in the table are defaults, which
    only keep the colours apart). A file from before the list was kept counts all."""
    if directory is None or not (directory / SHIPS_FILE).is_file():
        return frozenset()
    data = _json(directory / SHIPS_FILE)
    names = data.get("measured")
    if not isinstance(names, list):
        # An older file held the whole table: the defaults as they were, and the colours
        # measured on the set, which differ from them.
        from .ships import DEFAULT_COLOURS

        table = load_ship_colours(directory) or {}
        names = [n for n, lab in table.items() if n not in DEFAULT_COLOURS
                 or max(abs(a - b) for a, b in zip(lab, DEFAULT_COLOURS[n], strict=True)) > 1]
    return frozenset(str(n) for n in names)


def save_ship_colours(directory: Path, lab: dict[str, tuple[float, float, float]],
                      measured: Iterable[str] = ()) -> None:
    """The colour table, and which colours were measured (added to those measured before)."""
    before = measured_ship_colours(directory) if (directory / SHIPS_FILE).is_file() else set()
    directory.mkdir(parents=True, exist_ok=True)
    data = {"lab": {k: [round(x, 2) for x in v] for k, v in sorted(lab.items())},
            "measured": sorted(set(before) | set(measured))}
    (directory / SHIPS_FILE).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
