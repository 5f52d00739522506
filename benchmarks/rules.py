"""Rules engine figures on one core: the hand check, whole random games, the danger odds.

Run: .venv/bin/python benchmarks/rules.py [--games N]
Targets: hand check under 1 ms, danger odds for 8 ships under 20 ms, a whole random
8-player Tsuro of the Seas game (with daikaiju) under 10 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from companion.actions import Draw
from companion.game import Game
from companion.odds import danger
from companion.state import CHANCE, Phase, State, new_state
from companion.tiles import PATTERNS


def chance(rng: random.Random, s: State) -> object:
    if s.phase in (Phase.DEAL, Phase.DRAW) and s.pile.shuffled:
        # the same chance as chance_outcomes() gives: each unseen tile equally likely
        return Draw(PATTERNS[rng.choice(s.pile.unseen)])
    outs = s.chance_outcomes()
    if s.phase not in (Phase.DEAL, Phase.DRAW):  # dice, daikaiju tiles, facings: all even
        return rng.choice(outs)[0]
    return rng.choices([a for a, _ in outs], [p.numerator / p.denominator for _, p in outs])[0]


def random_game(rng: random.Random, players: int = 8) -> tuple[State, int]:
    s = new_state(Game.create("tsuro-of-the-seas", [f"p{i}" for i in range(players)]))
    steps = 0
    while not s.is_terminal():
        if s.current_player == CHANCE:
            s = s.apply(chance(rng, s))
        else:
            s = s.apply(rng.choice(s.legal_actions()))
        steps += 1
    return s, steps


def positions(rng: random.Random, want: int) -> list[State]:
    """Mid-game positions where an 8-player game waits for a placement from a 3-tile hand."""
    found: list[State] = []
    while len(found) < want:
        s = new_state(Game.create("tsuro-of-the-seas", [f"p{i}" for i in range(8)]))
        while not s.is_terminal():
            if s.phase is Phase.PLACE and len(s.hands[s.active]) == 3 and len(s.alive()) == 8 and s.turn > 8:
                found.append(s)
                break
            if s.current_player == CHANCE:
                s = s.apply(chance(rng, s))
            else:
                s = s.apply(rng.choice(s.legal_actions()))
    return found


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    args = ap.parse_args()
    rng = random.Random(2026)

    pos = positions(rng, 40)
    placements = [len(p.pseudo_legal_placements()) for p in pos]
    t = []
    for p in pos:
        start = time.perf_counter()
        for _ in range(20):
            p.legal_actions()
        t.append((time.perf_counter() - start) / 20)
    print(f"hand check (3-tile hand, {statistics.mean(placements):.1f} oriented placements avg, "
          f"full movement): median {statistics.median(t) * 1e3:.3f} ms, max {max(t) * 1e3:.3f} ms")

    d = []
    for p in pos:
        start = time.perf_counter()
        danger(p)
        d.append(time.perf_counter() - start)
    print(f"danger odds for 8 ships: median {statistics.median(d) * 1e3:.2f} ms, max {max(d) * 1e3:.2f} ms")

    # The machine is shared; report the best and the median of five batches of games.
    batches = []
    steps = 0
    per_batch = max(1, args.games // 5)
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(per_batch):
            _, n = random_game(rng)
            steps += n
        batches.append((time.perf_counter() - start) / per_batch)
    best, med = min(batches), statistics.median(batches)
    print(
        f"random 8-player games with daikaiju: best {best * 1e3:.2f} ms a game "
        f"({1 / best:.0f} games/s), median of 5 batches {med * 1e3:.2f} ms, "
        f"{steps / (5 * per_batch):.0f} actions a game"
    )


if __name__ == "__main__":
    main()
