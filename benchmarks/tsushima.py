"""Tsushima rules-core figures on one core: a whole battle-board engagement and the odds
behind a firing round.

Run: .venv/bin/python benchmarks/tsushima.py [--battles N]
Targets (Raspberry Pi 4): declaring a full Port Arthur firing round with all its odds under
50 ms; a whole 20-round random engagement under 1 s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from companion.tsushima import Engagement, engagement_for
from companion.tsushima.battle import Kind


def random_battle(rng: random.Random, rounds: int = 20) -> Engagement:
    e = engagement_for("port-arthur")
    for _ in range(rounds):
        if e.over:
            break
        moves = {
            f.ident: rng.randint(-e.max_columns(f), e.max_columns(f))
            for f in e.formations
            if f.side is e.mover and f.kind is not Kind.COAST and e.live(f)
        }
        # port battles let only the defender leave: keep everyone on the board
        moves = {k: v for k, v in moves.items() if 1 <= e.formation(k).column + v <= 12}
        e = e.move(moves)
        e = e.declare(list(e.default_orders()))
        for i, d in enumerate(e.declared):
            e = e.roll(i, [rng.randint(1, 6) + rng.randint(1, 6) for _ in range(d.shot.salvos)])
        e = e.end_fire_round()
    return e


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--battles", type=int, default=20)
    args = ap.parse_args()
    rng = random.Random(1905)
    e = engagement_for("port-arthur").move({"JB1": 2, "JC1": 2, "JC2": 2})
    times = []
    for _ in range(20):
        t = time.perf_counter()
        d = e.declare(list(e.default_orders()))
        for x in d.declared:
            _ = x.shot.odds, x.shot.series_odds
        times.append(time.perf_counter() - t)
    print(f"declare + odds, Port Arthur round: median {statistics.median(times) * 1e3:.1f} ms")
    times = []
    for _ in range(args.battles):
        t = time.perf_counter()
        random_battle(rng)
        times.append(time.perf_counter() - t)
    print(f"20-round random engagement: median {statistics.median(times) * 1e3:.0f} ms")


if __name__ == "__main__":
    main()
