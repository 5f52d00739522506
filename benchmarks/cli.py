"""Benchmark of command start-up (issue 10): prints figures, asserts nothing.

    .venv/bin/python benchmarks/cli.py --runs 15

Each command runs as a new process, as a referee at the table runs it, against a scratch
record store holding one Tsuro game, one Rigadoon game and a Tsushima campaign. Prints
the median and the slowest run of each, against the 150 ms target, and which of the
heavy libraries (numpy, cv2, kivy) the command's process imported: a rules command
should import none.
"""

from __future__ import annotations

import argparse
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

COMMANDS = [
    ["--help"],
    ["new", "--help"],
    ["state"],
    ["moves"],
    ["history"],
    ["games"],
    ["tsushima", "--help"],
    ["rigadoon", "--help"],
    ["rigadoon", "state"],
]

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


def _run(args: list[str], env: dict[str, str]) -> float:
    t0 = time.perf_counter()
    subprocess.run([*COMPANION, *args], env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    return (time.perf_counter() - t0) * 1000


def _heavy(args: list[str], env: dict[str, str]) -> str:
    out = subprocess.run([sys.executable, "-c", PROBE, *args], env=env, cwd=ROOT,
                         capture_output=True, text=True, check=False)
    lines = [x for x in out.stderr.splitlines() if x.startswith("HEAVY:")]
    return lines[-1][6:] if lines else "?"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "COMPANION_DATA_DIR": tmp, "COMPANION_DICE_SEED": "1"}
        for setup in (["new", "tsuro", "--players", "red,blue", "--tiles", "virtual"],
                      ["rigadoon", "new"]):
            subprocess.run([*COMPANION, *setup], env=env, cwd=ROOT, capture_output=True,
                           check=False)
        print(f"{'command':<22} {'median ms':>10} {'max ms':>8}  target  heavy imports")
        for cmd in COMMANDS:
            _run(cmd, env)  # warm the file cache
            times = [_run(cmd, env) for _ in range(args.runs)]
            med = statistics.median(times)
            ok = "PASS" if med <= TARGET_MS else "FAIL"
            print(f"{' '.join(cmd):<22} {med:>10.1f} {max(times):>8.1f}  {ok:<6}  "
                  f"{_heavy(cmd, env) or 'none'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
