"""``companion advise``: the advisor's ranked placements for the player about to lay a tile.

Off unless asked for. It reads the game without changing it: nothing is written to the
record. The player may show the advisor their hand (``--hand T1 T2 T3``); it is used for
this advice only and not stored, and no other hand is ever looked at.
"""

from __future__ import annotations

import argparse
import json
import random
from typing import Any

from ..cli import refusing


def cmd_advise(args: argparse.Namespace) -> int:
    # The engine loads only when advice is asked for: `companion --help` stays quick.
    from companion.core.store import RecordStore, StoreError
    from companion.tsuro.advisor import advise
    from companion.tsuro.record import load_game, replay
    from companion.tsuro.tiles import Tile

    store = RecordStore.open(args.db)
    game_id = args.game if args.game is not None else store.current()
    if game_id is None:
        raise StoreError("no game yet: start one with 'companion new GAME --players a,b'")
    header, entries = load_game(store, game_id)
    state = replay(header, entries)
    hand = [Tile.parse(t) for t in args.hand] if args.hand else None
    advice = advise(state, random.Random(args.seed), hand=hand, max_samples=args.samples)
    if args.json:
        doc: list[dict[str, Any]] = [
            {
                "place": a.place.notation(),
                "survival": float(a.survival),
                "exact": a.exact,
                "error": a.error,
                "samples": a.samples,
            }
            for a in advice
        ]
        print(
            json.dumps(
                {"game_id": game_id, "player": state.game.players[state.active], "advice": doc},
                indent=1,
            )
        )
        return 0
    who = state.game.players[state.active]
    alive = "ship is still afloat" if state.game.seas else "marker is still on the board"
    print(f"Advice for {who}: the chance the {alive} when {who} next lays a tile")
    for n, a in enumerate(advice, 1):
        print(f"{n:>3}. {a.describe()}")
    return 0


def register(sub: Any) -> None:
    help_ = "rank the active player's placements by the chance their ship survives the round"
    p: argparse.ArgumentParser = sub.add_parser("advise", help=help_, description=help_)
    p.add_argument("--db", help="record store file (default: the platform data directory)")
    p.add_argument("--game", type=int, help="game number (default: the current game)")
    p.add_argument(
        "--hand", nargs="+", metavar="TILE", help="your whole hand, shown to the advisor"
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the sampling (default 0)")
    p.add_argument(
        "--samples", type=int, default=4000, help="most rounds sampled per placement (4000)"
    )
    p.add_argument("--json", action="store_true", help="print the advice as JSON")
    # every refusal of the advisor, the record, the store and the tiles is a ValueError
    p.set_defaults(func=refusing((ValueError,), "companion advise")(cmd_advise))
