"""The long fuzz run: the tests of tests/test_fuzz.py with thousands of random cases each.

    .venv/bin/python scripts/fuzz_long.py [CASES] [pytest arguments...]

CASES (default 3000) is the number of cases for each of the fuzz tests; the cases
are drawn afresh each run (the suite's CI profile draws the same ones every time).
Prints the cases run and the time taken; a failing case is printed by Hypothesis with
what it takes to reproduce it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str]) -> int:
    cases = int(argv[0]) if argv and argv[0].isdigit() else 3000
    extra = argv[1:] if argv and argv[0].isdigit() else argv
    env = {**os.environ, "COMPANION_FUZZ_EXAMPLES": str(cases), "COMPANION_FUZZ_RANDOM": "1"}
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-x", str(ROOT / "tests" / "test_fuzz.py"), *extra],
        cwd=ROOT,
        env=env,
        check=False,
    )
    took = time.perf_counter() - start
    print(f"fuzz_long: {cases} cases for each fuzz test, {took:.0f} s, exit {result.returncode}")
    return result.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
