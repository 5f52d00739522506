"""The rules in the project's own words: no run of twelve words from any rulebook appears
in the code, the data or the docs.

The rulebooks are not part of the project (a fresh clone has none); where the team's copy
lies beside the checkout (``../shared/seeds``, as on the team's machines and in CI) every
file is checked against every book.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"
RUN = 12


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def _runs(words: list[str]) -> set[str]:
    """Every run of twelve words that reads as a sentence: rows of numbers from a printed
    table are facts, and the data must hold them."""
    out = set()
    for i in range(len(words) - RUN + 1):
        run = words[i : i + RUN]
        if sum(w.isalpha() for w in run) >= RUN - 2:
            out.add(" ".join(run))
    return out


def _project_files() -> list[Path]:
    out = [ROOT / "README.md"]
    for folder in ("companion", "vision", "hardware", "ui", "docs", "tests", "benchmarks"):
        for ext in ("*.py", "*.json", "*.md", "*.kv"):
            out += (ROOT / folder).rglob(ext)
    return sorted(p for p in out if p.is_file())


def copied_runs(books: list[str], files: list[Path]) -> list[str]:
    grams: set[str] = set()
    for text in books:
        grams |= _runs(_words(text))
    found = []
    for f in files:
        hits = _runs(_words(f.read_text(encoding="utf-8", errors="replace"))) & grams
        if hits:
            found.append(f"{f.relative_to(ROOT)}: {sorted(hits)[0]!r}")
    return found


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks are not beside this checkout")
def test_no_sentence_of_a_rulebook_is_in_the_project():
    books = [p.read_text(encoding="utf-8") for p in sorted(SEEDS.glob("*.txt"))]
    assert len(books) >= 5
    assert copied_runs(books, _project_files()) == []


def test_the_check_finds_a_copied_run(tmp_path):
    book = "one two three four five six seven eight nine ten eleven twelve thirteen"
    copied = tmp_path / "copied.md"
    copied.write_text("We say: One two three four five six seven eight nine ten eleven twelve.")
    own = tmp_path / "own.md"
    own.write_text("one two three four five six seven eight nine ten eleven, then more")
    global ROOT
    old, ROOT = ROOT, tmp_path
    try:
        assert [line.split(":")[0] for line in copied_runs([book], [copied, own])] == [
            "copied.md"
        ]
    finally:
        ROOT = old
