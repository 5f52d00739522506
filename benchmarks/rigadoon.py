"""Rigadoon rules-core figures on one core (medians).

Run: .venv/bin/python benchmarks/rigadoon.py [--repeat N] [--games N]
Targets: resolving one sail with its whole chain under 1 ms; the move explorer for one
ship under 50 ms, in the "A thousand words" position and in a crowded random position; a
random full game (random legal actions and winds until someone wins) under 100 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from companion.rigadoon import Choose, Game, Sail, State, arrange, explore, new_state
from companion.rigadoon.board import ISLAND, MAELSTROM
from companion.rigadoon.chain import advance, choose
from companion.rigadoon.examples import thousand_words
from companion.rigadoon.geometry import ORTHOGONAL, direction_between
from companion.rigadoon.sailing import sail_chain


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def resolve(s: State, sail: Sail) -> None:
    """One sail and its whole chain, the arithmetic alone, taking the first option of
    every choice."""
    b = s.board
    line = direction_between(b.rc(s.ships[sail.ship]), sail.to)
    assert line is not None
    chain = sail_chain(b, s.ships, s.masts, s.chests, sail.ship, *line, sail.stop)
    assert not isinstance(chain, str)
    chain = advance(b, chain)
    while chain.choice is not None:
        chain = choose(b, chain, chain.choice.options[0])


def crowded(rng: random.Random, game: Game) -> State:
    """Eight 3-mast ships and four chests packed into the middle, no two ships side by side."""
    b = game.board
    while True:
        squares = rng.sample(
            [
                sq
                for sq in range(b.size)
                if b.terrain[sq] not in (ISLAND, MAELSTROM)
                and 2 <= b.rc(sq)[0] <= 8
                and 2 <= b.rc(sq)[1] <= 8
            ],
            12,
        )
        ships, chests = squares[:8], squares[8:]
        if any(b.step(a, d) == c for a in ships for c in ships for d in ORTHOGONAL):
            continue
        names = [f"{f}{i}" for f in "bg" for i in range(1, 5)]
        placed = {n: (b.name(sq), 3) for n, sq in zip(names, ships, strict=True)}
        return arrange(game, placed, [b.name(c) for c in chests], rng.choice(["n", "se", "w"]))


def random_game(rng: random.Random, game: Game) -> int:
    s = new_state(game)
    n = 0
    while not s.is_terminal() and n < 5000:
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            a = rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
            s = s.apply(a)
        else:
            s = s.apply(rng.choice(s.legal_actions()))
        n += 1
    return n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=50)
    ap.add_argument("--games", type=int, default=20)
    args = ap.parse_args()
    game = Game.create(["blue", "green"])
    rng = random.Random(1)

    tw = thousand_words(game)
    best = Sail(0, (6, 6))
    print(
        f"one sail with its chain ('A thousand words', sail b1 r6c6), arithmetic: "
        f"{median_ms(lambda: resolve(tw, best), args.repeat):.3f} ms (target < 1 ms)"
    )

    def through_state() -> State:
        return tw.apply(best).apply(Choose("sink")).apply(Choose("palm"))

    print(
        f"the same through State.apply, deciding which choices matter, both answered: "
        f"{median_ms(through_state, args.repeat):.3f} ms (target < 1 ms)"
    )
    lines = explore(tw, 0)
    print(
        f"explorer, 'A thousand words', b1 ({len(lines)} results): "
        f"{median_ms(lambda: explore(tw, 0), args.repeat):.2f} ms (target < 50 ms)"
    )
    packed = crowded(rng, game)
    lines = explore(packed, 0)
    print(
        f"explorer, crowded random position, b1 ({len(lines)} results): "
        f"{median_ms(lambda: explore(packed, 0), args.repeat):.2f} ms (target < 50 ms)"
    )
    lengths: list[int] = []
    times = []
    for _ in range(args.games):
        t = time.perf_counter()
        lengths.append(random_game(rng, game))
        times.append((time.perf_counter() - t) * 1000)
    print(
        f"random full game ({statistics.median(lengths):.0f} actions median): "
        f"{statistics.median(times):.1f} ms (target < 100 ms)"
    )


if __name__ == "__main__":
    main()
