"""The board and wind as JSON, for record headers (a record replays on the data it began with).

>>> from companion.rigadoon.board import default_board, parse_board
>>> b = default_board()
>>> parse_board({"profiles": [board_json(b)]}, "copy").islands == b.islands
True
"""

from __future__ import annotations

from typing import Any

from .board import ISLAND, MAELSTROM, PROFILE, SHALLOWS, Board
from .geometry import Direction
from .wind import Wind

_MARK = {SHALLOWS: "~", ISLAND: "I", MAELSTROM: "M"}


def board_json(b: Board) -> dict[str, Any]:
    picture = [
        "".join(_MARK.get(b.terrain[r * b.cols + c], ".") for c in range(b.cols))
        for r in range(b.rows)
    ]
    n = b.name
    return {
        "name": PROFILE,
        "rows": b.rows,
        "cols": b.cols,
        "start_marks": [],
        "note": b.note,
        "default": b.default,
        "rigadoon": {
            "picture": picture,
            "islands": [
                {
                    "name": i.name,
                    "square": n(i.square),
                    "maelstrom": n(i.maelstrom),
                    "exit": n(i.exit),
                }
                for i in b.islands
            ],
            "starts": {"blue": [n(s) for s in b.starts[0]], "green": [n(s) for s in b.starts[1]]},
            "chests": [n(s) for s in b.chests],
            "compass": n(b.compass),
        },
    }


def wind_json(w: Wind) -> dict[str, Any]:
    return {
        "orthogonal": _picture(w, Direction.N),
        "diagonal": _picture(w, Direction.NE),
        "deck": {d.short: w.deck[d] for d in Direction},
        "die": [d.short for d in w.die],
        "default": w.default,
        "note": w.note,
    }


def _picture(w: Wind, wind: Direction) -> list[str]:
    t = w.template(wind)
    size = max(max(t.yellow), 1)
    rows = [["."] * (2 * size + 1) for _ in range(2 * size + 1)]
    rows[size][size] = "D"
    for (dr, dc), mark in t.marks().items():
        rows[size + dr][size + dc] = mark
    return ["".join(r) for r in rows]
