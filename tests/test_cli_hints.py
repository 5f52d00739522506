"""Issue 11: every hint the command line prints is a command that works when pasted.

Whole games are played by pasting only what the companion itself offered: at every step
the lines ``companion moves`` lists, and the ready-to-type commands quoted in ``state``,
``moves`` and in the refusal of a command given at the wrong moment, are each run (on a
copy of the store, so the game goes on unchanged) and must be taken; then one of the
listed lines, pasted as it stands, moves the game on. A step where the game is not over
and nothing is listed fails: the table would be left without a way forward.
"""

from __future__ import annotations

import argparse
import io
import random
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from companion.cli import build_parser, main

MAX_STEPS = 400
PLACEHOLDER = re.compile(r"\b[A-Z][A-Z0-9]+\b")  # GOLD, TILE, SQUARE, T1: a template
QUOTED = re.compile(r"'([^']+)'")


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("COMPANION_DICE_SEED", "7")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # a pasted 'play' meets the end of input
    return tmp_path / "data"


def _verbs() -> set[str]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return set(sub.choices)


def _cli(capsys: Any, words: list[str]) -> tuple[int, str, str]:
    try:
        code = main(words)
    except SystemExit as exc:  # argparse's refusal of the words themselves
        code = int(exc.code or 0) or 2
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    return code, str(out.out), str(out.err)


def _listed(moves: str) -> list[str]:
    """The lines of ``moves`` meant to be typed: indented, with any ``# ...`` left off."""
    lines = (line.split("#", 1)[0].strip() for line in moves.splitlines() if line.startswith("  "))
    return [line for line in lines if line and not line.startswith("(")]  # "(no choice ...)"


def _quoted(text: str, verbs: set[str], said: str) -> set[str]:
    """Ready-to-type commands quoted in a message: templates (``'roll GOLD BLUE'``) and the
    echo of what was typed are not offers to paste."""
    found = set()
    for q in QUOTED.findall(text):
        q = q.removeprefix("companion ").strip()
        if q and q != said and q.split()[0] in verbs and not PLACEHOLDER.search(q):
            found.add(q)
    return found


def _copy(db: Path, to: Path) -> None:
    for p in to.parent.glob(to.name + "*"):
        p.unlink()
    src, dst = sqlite3.connect(db), sqlite3.connect(to)
    try:
        src.backup(dst)
    finally:
        src.close()
        dst.close()


def _probe(state: str) -> list[str]:
    """A command given at the wrong moment, so that its refusal's hints are tried too."""
    now = state.rsplit("Now: ", 1)[-1].lower()
    return ["place", "10325476"] if "roll" in now or "die" in now else ["roll", "3", "4"]


@pytest.mark.parametrize(
    ("game", "options", "tiles"),
    [
        ("tsuro", [], "hidden"),
        ("tsuro-of-the-seas", [], "virtual"),
        ("tsuro-of-the-seas", ["veterans", "phoenix"], "hidden"),
    ],
)
def test_every_hint_of_a_whole_game_works_when_pasted(
    capsys: Any, data_dir: Path, tmp_path: Path, game: str, options: list[str], tiles: str
) -> None:
    verbs, verbs_tried = _verbs(), set()
    rng = random.Random(f"{game}{options}{tiles}")
    new = ["new", game, "--players", "red,blue,green", "--tiles", tiles]
    for option in options:
        new += ["--option", option]
    assert _cli(capsys, new)[0] == 0
    db, scratch = data_dir / "records.sqlite3", tmp_path / "scratch.sqlite3"
    tried: set[str] = set()
    readers = {"play", "moves", "state", "odds", "history", "games", "new"}  # once a game
    for _step in range(MAX_STEPS):
        code, moves, _ = _cli(capsys, ["moves"])
        if "the game is over" in moves:
            break
        code, state, _ = _cli(capsys, ["state"])
        listed = _listed(moves)
        assert listed, f"the game waits and nothing is offered:\n{state}\n{moves}"
        probe = _probe(state)
        code, _, refusal = _cli(capsys, probe)
        assert code == 2 and refusal.count("\n") == 1, refusal
        offered = _quoted(state + moves + refusal, verbs, " ".join(probe)) - tried
        chosen = rng.choice(listed)
        # every quoted offer, and another listed line (a place step lists dozens); the
        # chosen one is pasted on the game itself below
        others = sorted(set(listed) - {chosen})
        for hint in sorted(offered | set(rng.sample(others, min(1, len(others))))):
            _copy(db, scratch)
            code, _, err = _cli(capsys, [*hint.split(), "--db", str(scratch)])
            assert code == 0, f"{hint!r}, offered with:\n{state}\n{moves}{refusal}\n{err}"
            tried |= {hint} if hint.split()[0] in readers else set()
            verbs_tried.add(hint.split()[0])
        code, _, err = _cli(capsys, chosen.split())
        assert code == 0, f"{chosen!r}, listed with:\n{state}\n{moves}\n{err}"
        verbs_tried.add(chosen.split()[0])
    else:
        pytest.fail(f"no end after {MAX_STEPS} steps")
    assert {"start", "place"} <= verbs_tried  # the hints of the steps that matter were all tried


def test_every_rigadoon_move_listed_works_when_pasted(capsys: Any, data_dir: Path) -> None:
    """``companion rigadoon moves`` lists what to type after ``companion rigadoon``: a
    game played by pasting only those lines reaches its end (or a long way into it)."""
    rng, pasted = random.Random(11), set()
    assert _cli(capsys, ["new", "rigadoon", "--players", "ann,bob"])[0] == 0
    for _step in range(120):
        code, moves, err = _cli(capsys, ["rigadoon", "moves"])
        assert code == 0, err
        listed = _listed(moves)
        if not listed:
            assert "the game is over" in moves.lower() or "won" in moves.lower(), moves
            break
        chosen = rng.choice(listed)
        code, _, err = _cli(capsys, ["rigadoon", *chosen.split()])
        assert code == 0, f"{chosen!r}, listed with:\n{moves}\n{err}"
        pasted.add(chosen.split()[0])
    assert {"fleet", "opening", "wind", "sail"} <= pasted, pasted
