"""What the measuring scripts share (``vision_twins_*.py`` and others): the command line
(which tuning looks, photo seeds and boards to measure; ``held-out`` is refused: it is scored
only, never measured for choosing a threshold, docs/vision.md) and the count of a reading's
squares against the truth."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any

from vision import looks


def parser(doc: str | None) -> argparse.ArgumentParser:
    """A parser with ``--looks``, ``--seeds`` and ``--boards``; a script adds its own."""
    ap = argparse.ArgumentParser(description=doc,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--looks", default="seas")
    ap.add_argument("--seeds", default="2026,7")
    ap.add_argument("--boards", type=int, default=40)
    return ap


def chosen(ap: argparse.ArgumentParser, args: argparse.Namespace) -> tuple[list[str], list[int]]:
    """The looks and photo seeds asked for; exits with a message if ``held-out`` is one."""
    names = [lk.strip() for lk in args.looks.split(",") if lk.strip()]
    if looks.HELD_OUT in names:
        ap.error(f"{looks.HELD_OUT} is scored only, never measured for choosing")
    return names, [int(s) for s in args.seeds.split(",")]


def counted(reading: Any, position: Mapping[Any, Any]) -> tuple[int, int, int, bool]:
    """A :class:`vision.reading.BoardReading` against the truth: squares right, unknown
    (every square, when the board was not found) and wrong, and whether all were right."""
    right = unknown = wrong = 0
    for sq, truth in position.items():
        got = reading.squares[sq]
        if not reading.found or got.content.value == "unknown":
            unknown += 1
        elif got.piece() == truth:
            right += 1
        else:
            wrong += 1
    return right, unknown, wrong, right == len(position)
