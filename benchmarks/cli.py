"""Benchmark of command start-up (issue 10): prints figures, asserts nothing.

    .venv/bin/python benchmarks/cli.py --runs 15

Each command runs as a new process, as a referee at the table runs it, against a scratch
record store holding a Tsuro game (game 1, waiting for a tile), a Tsuro of the Seas game
(game 2, waiting for dice), a Rigadoon game and a Tsushima campaign. A command that
changes a game (``place``, ``dice``) is taken back with ``undo`` after each run, outside
the timing. Prints the median and the slowest run of each, PASS or FAIL against the
150 ms target (aim for 120 ms: a loaded CI machine adds to every figure), and which of
the heavy libraries (numpy, cv2, kivy) the command's process imported: a rules command
should import none.

Python compiles each module it loads unless it finds the compiled copy cached: with
``PYTHONDONTWRITEBYTECODE=1`` (or a read-only checkout) Python writes no copy itself, so
only what was compiled beforehand (``scripts/venv.sh`` compiles the packages at set-up) is
read from cache. The first line printed says which.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMPANION = [sys.executable, "-m", "companion.cli"]
TARGET_MS = 150.0
AIM_MS = 120.0

SETUP = [
    ["new", "tsuro", "--players", "red,blue", "--tiles", "virtual"],
    ["start", "r1c1:0"],
    ["start", "r1c3:0"],
    ["new", "tsuro-of-the-seas", "--players", "red,blue", "--tiles", "virtual"],
    ["rigadoon", "new", "--players", "blue,green"],
    ["tsushima", "game", "new", "--record", "{tmp}/war.jsonl", "--scenario", "round-island"],
]
"""The scratch store: game 1 waits for red's tile, game 2 for the dice of a daikaiju."""

PLACE = ["place", "--game", "1", "r1c1", "{tile}"]
"""Red lays the first legal tile of its hand (read from ``moves --json`` at setup)."""

COMMANDS: list[tuple[list[str], list[str] | None]] = [
    (["--help"], None),
    (["new", "--help"], None),
    (["state", "--game", "1"], None),
    (["moves", "--game", "1"], None),
    (["history", "--game", "1"], None),
    (["games"], None),
    (PLACE, ["undo", "--game", "1"]),
    (["state", "--game", "2"], None),
    (["moves", "--game", "2"], None),
    (["dice", "--game", "2", "3", "4"], ["undo", "--game", "2"]),
    (["rigadoon", "--help"], None),
    (["rigadoon", "state"], None),
    (["tsushima", "--help"], None),
    (["tsushima", "game", "show", "--record", "{tmp}/war.jsonl"], None),
    (["tsushima", "fire", "Mikasa", "Retvizan", "--range", "4"], None),
]
"""Each command timed, and the command that takes it back after each run (untimed)."""

PROBE = (
    "import sys, runpy\n"
    "sys.argv = ['companion', *sys.argv[1:]]\n"
    "try:\n"
    "    runpy.run_module('companion.cli', run_name='__main__')\n"
    "except SystemExit:\n"
    "    pass\n"
    "heavy = sorted({m.split('.')[0] for m in sys.modules} & {'numpy', 'cv2', 'kivy'})\n"
    "print('HEAVY:' + ','.join(heavy), file=sys.stderr)\n"
)


def _run(args: list[str], env: dict[str, str], after: list[str] | None = None) -> float:
    t0 = time.perf_counter()
    done = subprocess.run([*COMPANION, *args], env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, check=False)
    took = (time.perf_counter() - t0) * 1000
    if done.returncode != 0:  # a refusal would time the wrong path: say so, print no figure
        raise SystemExit(f"companion {' '.join(args)} failed: {done.stderr.decode()[-300:]}")
    if after is not None:
        subprocess.run([*COMPANION, *after], env=env, cwd=ROOT, capture_output=True, check=True)
    return took


def _first_tile(env: dict[str, str]) -> str:
    out = subprocess.run([*COMPANION, "moves", "--game", "1", "--json"], env=env, cwd=ROOT,
                         capture_output=True, text=True, check=True)
    return str(json.loads(out.stdout)["moves"][0]["action"].split()[-1])


def _heavy(args: list[str], env: dict[str, str], after: list[str] | None) -> str:
    out = subprocess.run([sys.executable, "-c", PROBE, *args], env=env, cwd=ROOT,
                         capture_output=True, text=True, check=False)
    if after is not None:
        subprocess.run([*COMPANION, *after], env=env, cwd=ROOT, capture_output=True, check=True)
    lines = [x for x in out.stderr.splitlines() if x.startswith("HEAVY:")]
    return lines[-1][6:] if lines else "?"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    import importlib.util

    root = Path(__file__).resolve().parent.parent
    ready = Path(importlib.util.cache_from_source(str(root / "companion" / "cli.py"))).exists()
    cached = ("cached" if not sys.dont_write_bytecode
              else "compiled at set-up" if ready else "compiled on every run")
    print(f"target: median under {TARGET_MS:.0f} ms (aim {AIM_MS:.0f} ms); "
          f"{args.runs} runs each; modules {cached} (PYTHONDONTWRITEBYTECODE)")
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "COMPANION_DATA_DIR": tmp, "COMPANION_DICE_SEED": "1"}
        for setup in SETUP:
            subprocess.run([*COMPANION, *(w.format(tmp=tmp) for w in setup)], env=env,
                           cwd=ROOT, capture_output=True, check=True)
        tile = _first_tile(env)
        print(f"{'command':<44} {'median ms':>10} {'max ms':>8}  result  heavy imports")
        for cmd, after in COMMANDS:
            words = [w.format(tmp=tmp, tile=tile) for w in cmd]
            _run(words, env, after)  # warm the file cache
            times = [_run(words, env, after) for _ in range(args.runs)]
            med = statistics.median(times)
            ok = "PASS" if med <= TARGET_MS else "FAIL"
            failed += ok == "FAIL"
            shown = " ".join(words).replace(tmp, "$TMP")
            print(f"{shown:<44} {med:>10.1f} {max(times):>8.1f}  {ok:<6}  "
                  f"{_heavy(words, env, after) or 'none'}")
    print(f"{len(COMMANDS) - failed} of {len(COMMANDS)} commands under {TARGET_MS:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
