"""Lines printed by ``companion rigadoon moves`` work when pasted at the ``play`` prompt, as
its heading promises, including the chance lines that carry a ``# chance`` note."""

from __future__ import annotations

import io

import pytest
import test_rigadoon_cli

run = test_rigadoon_cli.run  # its fixture: the commands through the real entry point


def _play(run, monkeypatch: pytest.MonkeyPatch, lines: str) -> tuple[int, str]:  # type: ignore[no-untyped-def]
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    code, out, _ = run("play")
    return code, out


def _hints(run) -> list[str]:  # type: ignore[no-untyped-def]
    code, out, _ = run("moves")
    assert code == 0 and "or at its 'play' prompt" in out
    return [ln.strip() for ln in out.splitlines() if ln.startswith("  ")]


def test_a_chance_line_from_moves_pasted_at_the_play_prompt(run, monkeypatch):
    assert run("new", "--players", "ann,bob")[0] == 0
    assert run("fleet", "blue")[0] == 0
    assert run("opening", "se")[0] == 0
    assert run("change")[0] == 0
    hints = _hints(run)
    pasted = next(h for h in hints if h.startswith("wind ") and "# chance" in h)
    direction = pasted.split()[1]

    code, out = _play(run, monkeypatch, f"{pasted}\nquit\n")

    assert code == 0 and "Refused" not in out
    history = run("history")[1]
    assert f"wind {direction}" in history


def test_every_line_of_moves_is_taken_at_the_play_prompt(run, monkeypatch):
    # a whole short game of pasting the first line 'moves' offers, as a player would
    assert run("new", "--players", "ann,bob")[0] == 0
    for _ in range(40):
        hints = _hints(run)
        code, out = _play(run, monkeypatch, f"{hints[0]}\nquit\n")
        assert code == 0 and "Refused" not in out, (hints[0], out[-400:])
