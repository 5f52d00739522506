"""``companion games``: the list of stored games, which needs the record store alone.

Kept apart from :mod:`companion.commands.play_run` so that listing the games does not
load the path engine (``benchmarks/cli.py``).
"""

from __future__ import annotations

import argparse

from companion.core.store import RecordStore, StoreError

from ..cli import refusing


@refusing((StoreError, ValueError), "companion")
def cmd_games(args: argparse.Namespace) -> int:
    store = RecordStore.open(args.db)
    current = store.current()
    games = store.games()
    if not games:
        print("No games in the store yet: start one with 'companion new tsuro --players red,blue'.")
        return 0
    for g in games:
        state = "finished" if g.finished else "unfinished"
        mark = "*" if g.game_id == current else " "
        print(
            f"{mark}{g.game_id:>4}  {g.game:<18} {_printable(','.join(g.players)):<30} {state}, "
            f"{g.entries} entries, {g.updated}"
        )
    return 0


def _printable(text: str, limit: int = 60) -> str:
    """Names stored before names were checked: shown safely, escapes made visible."""
    shown = "".join(ch if ch.isprintable() else "?" for ch in text)
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."
