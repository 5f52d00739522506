"""Issue 11: a screen test never waits on the wall clock (a loaded CI machine made one fail
when a light test moved on after one real second). Screen tests move Kivy's clock
themselves (``manual_clock`` and ``advance`` of ui/harness.py) or count frames."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent
WALL = re.compile(r"\btime\.(sleep|monotonic|time|perf_counter)\(|\.settle\(\s*[^)\s]")


def test_screen_tests_never_wait_on_the_wall_clock() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for folder in ("ui", "hardware")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if WALL.search(line) and not line.lstrip().startswith("#")
    ]
    assert not found, "\n".join(found)


def test_the_check_finds_a_wait() -> None:
    assert WALL.search("        time.sleep(0.1)") and WALL.search("h.settle(0.05)")
    assert not WALL.search("h.settle()") and not WALL.search("h.advance(1.0)")
