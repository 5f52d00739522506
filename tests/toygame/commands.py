"""The toy game's command group and its ``new`` function (see tests/test_registry.py)."""

from __future__ import annotations

import argparse
from typing import Any

STARTED: list[tuple[str, ...]] = []


def new(args: argparse.Namespace) -> int:
    players = tuple(p for p in args.players.split(",") if p)
    STARTED.append(players)
    print(f"Toy game for {', '.join(players)}.")
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("toy-roll", help="roll the toy game's die")
    p.set_defaults(func=lambda _args: print("toy die: 4") or 0)


def open_game(app: Any, players: list[str] | None, options: list[str]) -> None:
    """The toy's 'screens': it records that the app handed it the game."""
    STARTED.append(tuple(players or ()))
