"""Rules engine figures on one core, with today's engine measured in the same run.

Run: .venv/bin/python benchmarks/rules.py [--games N] [--rounds R]

Workload (issue 15): random plain-Tsuro games on the 6x6 board with the 35 tiles, 8 and 2
players, a uniformly random legal placement each turn (so the rule on losing your own ship
is applied every turn); the legal set of a 3-tile hand over random mid-game 8-player
positions; random 8-player Tsuro of the Seas games with daikaiju; the advisor on an
8-player position at turn 10 with hidden draws. Medians.

The baseline is commit 2dd4bb1, extracted with ``git archive`` into a temporary folder
and run in a subprocess on the same workload; the rounds alternate between the two
engines so that both see the same load on a shared machine. The current engine is timed
twice: through ``legal_actions()``/``apply()`` (the same calls as the baseline) and
through ``legal_tiles()``/``apply_tile()`` (no action objects built). The baseline's
engine lives in ``companion/`` itself, the current one in ``companion/tsuro/``: each
worker loads the engine of the tree it is given (before, the baseline's worker quietly
took the current engine's modules through the installed package).

Times are the process's CPU time (``time.process_time``), so that other work on a shared
machine weighs less on them.

Targets: 8-player Tsuro game <= 2 ms, 2-player <= 1 ms, legal set <= 0.04 ms, 8-player
Seas game with daikaiju <= 3 ms, advisor <= 300 ms; where a figure wavers, >= 6x the
baseline in the same run.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

BASELINE = "2dd4bb1"
ROOT = Path(__file__).resolve().parent.parent

# The path engine's modules: in ``companion.tsuro`` now, in ``companion`` itself in the
# baseline's tree (before the packages of issue 10). The worker loads them from whichever
# tree it is given (``_load``); the names below are set there.
ENGINE = "companion.tsuro"
Draw: Any = None
Game: Any = None
CHANCE: Any = None
Phase: Any = None
new_state: Any = None
PATTERNS: Any = None


def _mod(name: str) -> Any:
    return importlib.import_module(f"{ENGINE}.{name}")


def _load(engine: str) -> None:
    global ENGINE, Draw, Game, CHANCE, Phase, new_state, PATTERNS
    ENGINE = engine
    Draw, Game, PATTERNS = _mod("actions").Draw, _mod("game").Game, _mod("tiles").PATTERNS
    state = _mod("state")
    CHANCE, Phase, new_state = state.CHANCE, state.Phase, state.new_state

# ---- the workload (runs inside a worker, against whichever engine is on sys.path) ------


def _chance(rng: random.Random, s: Any) -> Any:
    """A chance outcome drawn with the probabilities ``chance_outcomes()`` gives."""

    if s.phase in (Phase.DEAL, Phase.DRAW):
        pile = s.pile
        if pile.next_is_known():
            return Draw(PATTERNS[pile.bottom[0]])
        return Draw(PATTERNS[rng.choice(pile.unseen)])  # each unseen tile equally likely
    return rng.choice(s.chance_outcomes())[0]  # dice, daikaiju tiles, facings: all even


def _game(rng: random.Random, kind: str, players: int, fast: bool) -> Any:

    s = new_state(Game.create(kind, [f"p{i}" for i in range(players)]))
    while not s.is_terminal():
        if s.current_player == CHANCE:
            s = s.apply(_chance(rng, s))
        elif fast and s.phase is Phase.PLACE:
            s = s.apply_tile(rng.choice(s.legal_tiles()))
        else:
            s = s.apply(rng.choice(s.legal_actions()))
    return s


def _positions(rng: random.Random, want: int, kind: str = "tsuro") -> list[Any]:
    """Mid-game 8-player positions waiting for a placement from a 3-tile hand."""

    found: list[Any] = []
    while len(found) < want:
        s = new_state(Game.create(kind, [f"p{i}" for i in range(8)]))
        while not s.is_terminal():
            if (
                s.phase is Phase.PLACE
                and len(s.hands[s.active]) == 3
                and len(s.alive()) == 8
                and s.turn > 8
            ):
                found.append(s)
                break
            if s.current_player == CHANCE:
                s = s.apply(_chance(rng, s))
            else:
                s = s.apply(rng.choice(s.legal_actions()))
    return found


def _time_games(kind: str, players: int, games: int, seed: int, fast: bool) -> list[float]:
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        start = time.process_time()
        _game(rng, kind, players, fast)
        out.append(time.process_time() - start)
    return out


def _time_legal(seed: int, count: int, fast: bool) -> list[float]:
    import dataclasses

    rng = random.Random(seed)
    out = []
    for p in _positions(rng, count):
        # fresh copies: nothing the state may keep from an earlier call helps
        copies = [dataclasses.replace(p) for _ in range(50)]
        start = time.process_time()
        if fast:
            for c in copies:
                c.legal_tiles()
        else:
            for c in copies:
                c.legal_actions()
        out.append((time.process_time() - start) / len(copies))
    return out


def _time_danger(seed: int, count: int) -> list[float]:
    """The exact odds of each ship's loss in the next daikaiju phase (companion.tsuro.odds)."""
    danger = _mod("odds").danger
    out = []
    for p in _positions(random.Random(seed), count, "tsuro-of-the-seas"):
        start = time.process_time()
        danger(p)
        out.append(time.process_time() - start)
    return out


def _hidden_position(seed: int, kind: str) -> Any:
    """An 8-player game at turn 10 at a placement, every draw unseen by the companion:
    players lay tiles from hands the companion learns only tile by tile."""
    Place, ORIENTED = _mod("actions").Place, _mod("paths").ORIENTED
    UNKNOWN, IllegalAction = _mod("piles").UNKNOWN, _mod("state").IllegalAction

    rng = random.Random(seed)
    while True:
        s = new_state(Game.create(kind, [f"p{i}" for i in range(8)]))
        while not s.is_terminal() and not (s.turn >= 10 and s.phase is Phase.PLACE):
            if s.phase in (Phase.DEAL, Phase.DRAW):
                s = s.apply(Draw(None))
            elif s.current_player == CHANCE:
                s = s.apply(_chance(rng, s))
            elif s.phase is Phase.PLACE:
                pool = list(s.pile.unseen)
                hand = [
                    t if t != UNKNOWN else pool.pop(rng.randrange(len(pool)))
                    for t in s.hands[s.active]
                ]
                tile = rng.choice(s.with_hand(s.active, hand).legal_tiles())
                try:
                    s = s.apply_tile(tile)
                except IllegalAction:  # a ruling that needs the hand shown
                    square = s.grid.square(s.front_square(s.active))
                    shown = tuple(PATTERNS[t] for t in hand)
                    s = s.apply(Place(square, ORIENTED[tile], shown))
            else:
                s = s.apply(rng.choice(s.legal_actions()))
        if s.phase is Phase.PLACE and s.turn >= 10 and len(s.alive()) >= 6:
            return s


def _time_advisor(seed: int, count: int) -> dict[str, list[float]]:
    advise = _mod("advisor").advise

    out: dict[str, list[float]] = {"tsuro": [], "tsuro-of-the-seas": []}
    for kind in out:
        for k in range(count):
            s = _hidden_position(seed + k, kind)
            rng = random.Random(seed + k)
            # the player shows the advisor their own hand; the others stay hidden
            pool = list(s.pile.unseen)
            hand = [t if t >= 0 else pool.pop(rng.randrange(len(pool))) for t in s.hands[s.active]]
            start = time.process_time()
            advise(s, random.Random(k), hand=[PATTERNS[t] for t in hand])
            out[kind].append(time.process_time() - start)
    return out


def worker(games: int, seed: int, current: bool) -> dict[str, list[float]]:
    res: dict[str, list[float]] = {}
    modes = (False, True) if current else (False,)
    for fast in modes:
        tag = "fast:" if fast else ""
        res[tag + "tsuro8"] = _time_games("tsuro", 8, games, seed, fast)
        res[tag + "tsuro2"] = _time_games("tsuro", 2, games, seed + 1, fast)
        res[tag + "legal"] = _time_legal(seed + 2, max(10, games // 10), fast)
        res[tag + "seas8"] = _time_games("tsuro-of-the-seas", 8, max(5, games // 2), seed + 3, fast)
    res["danger"] = _time_danger(seed + 5, max(5, games // 20))
    if current and _has_advisor():
        res.update({"advisor:" + k: v for k, v in _time_advisor(seed + 4, 3).items()})
    return res


def _has_advisor() -> bool:
    try:
        _mod("advisor")
    except ImportError:
        return False
    return True


# ---- the driver --------------------------------------------------------------------------


def _run(engine_dir: Path, games: int, seed: int, current: bool) -> dict[str, list[float]]:
    env = dict(os.environ, PYTHONPATH=str(engine_dir))
    cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", "--games", str(games)]
    cmd += ["--seed", str(seed)] + (["--current"] if current else [])
    # a tree from before the engine had a package of its own keeps it in companion/
    cmd += ["--engine", "companion.tsuro" if (engine_dir / "companion" / "tsuro").is_dir()
            else "companion"]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True, cwd="/")
    result: dict[str, list[float]] = json.loads(done.stdout)
    return result


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300, help="games of each kind, all rounds")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--current", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--engine", default="companion.tsuro", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        _load(args.engine)
        print(json.dumps(worker(args.games, args.seed, args.current)))
        return
    per_round = max(1, args.games // args.rounds)
    base: dict[str, list[float]] = {}
    cur: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", BASELINE, "companion"],
            capture_output=True,
            check=True,
        )
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        for r in range(args.rounds):
            seed = args.seed + 1000 * r
            for into, where, current in ((base, Path(tmp), False), (cur, ROOT, True)):
                for key, values in _run(where, per_round, seed, current).items():
                    into.setdefault(key, []).extend(values)
    _report(base, cur)


def _report(base: dict[str, list[float]], cur: dict[str, list[float]]) -> None:
    rows = (
        ("tsuro8", "random 8-player Tsuro game", 2.0),
        ("tsuro2", "random 2-player Tsuro game", 1.0),
        ("legal", "legal set, 3-tile hand, mid-game, 8 players", 0.04),
        ("seas8", "random 8-player Seas game with daikaiju", 3.0),
    )
    print(f"medians in ms (baseline = commit {BASELINE}, same run, same workload)")
    print(
        f"{'workload':<46}{'baseline':>10}{'now':>10}{'ratio':>8}{'fast':>10}{'ratio':>8}"
        f"{'target':>9}"
    )
    for key, label, target in rows:
        b = statistics.median(base[key]) * 1e3
        n = statistics.median(cur[key]) * 1e3
        f = statistics.median(cur["fast:" + key]) * 1e3
        print(
            f"{label:<46}{b:>10.3f}{n:>10.3f}{b / n:>7.1f}x{f:>10.3f}{b / f:>7.1f}x{target:>9.2f}"
        )
    b, n = statistics.median(base["danger"]) * 1e3, statistics.median(cur["danger"]) * 1e3
    print(f"{'danger odds, 8 ships, mid-game (odds.py)':<46}{b:>10.3f}{n:>10.3f}{b / n:>7.1f}x")
    for kind in ("tsuro", "tsuro-of-the-seas"):
        key = "advisor:" + kind
        if key in cur:
            t = cur[key]
            print(
                f"advisor, 8-player {kind} position at turn 10, hidden draws: median "
                f"{statistics.median(t) * 1e3:.0f} ms, max {max(t) * 1e3:.0f} ms over "
                f"{len(t)} positions (target 300)"
            )
    print("'now' goes through legal_actions()/apply(); 'fast' through legal_tiles()/apply_tile().")


if __name__ == "__main__":
    main()
