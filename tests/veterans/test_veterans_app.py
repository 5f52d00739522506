"""The app headless with Veterans of the Seas and the Phoenix: the start screen offers the
options, and a game plays to its end, the expansion's choices typed on the history
screen's notation line (the app has no buttons of its own for them)."""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path

import pytest

# Kivy reads these when it is first imported (as tests/ui/conftest.py does)
os.environ["SDL_VIDEODRIVER"] = "offscreen"
os.environ["KIVY_NO_ARGS"] = "1"
os.environ["KIVY_NO_CONSOLELOG"] = "1"
os.environ["KIVY_LOG_MODE"] = "MIXED"
os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="companion-vet-kivy-"))

from ui import demo
from ui.harness import simulated_app

BASE = ("start", "relocate", "roll", "die", "bonus", "place")


@pytest.fixture(autouse=True)
def _own_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "config.toml"))


def test_start_screen_offers_the_options_and_a_game_plays_to_the_end(tmp_path: Path) -> None:
    h = simulated_app(tmp_path, seed=5, pins_note="tests: mock pins")
    h.controller.repeat = 0
    try:
        app, c = h.app, h.controller
        start = app.sm.get_screen("start")
        offered = start._options["tsuro-of-the-seas"]
        assert "veterans" in offered and "phoenix" in offered
        assert "check your sheet" in offered["veterans"]
        app.new_game("tsuro-of-the-seas", ["red", "blue"], ["veterans", "phoenix"])
        assert c.session is not None
        assert {"veterans", "phoenix"} <= c.session.game.options
        rng = random.Random(2)
        typed: set[str] = set()
        for _ in range(3000):
            if c.snapshot.over:
                break
            if c.checking:
                c.instructions_done(trust=True)
                continue
            awaiting = c.session.awaiting()
            if awaiting in BASE and not (awaiting == "place" and rng.random() < 0.2):
                demo.step(c, rng)
                continue
            state = c.session.state
            choices = [a.notation() for a in state.legal_actions()]
            if awaiting == "draw":  # unseen tiles: a special tile drawn is announced
                choices = ["draw ?"] + [
                    a.notation() for a, _ in state.chance_outcomes()
                    if a.notation().split()[1] in ("taihou", "portal", "phoenix")
                ]
            if not choices:
                demo.step(c, rng)
                continue
            text = rng.choice(choices)
            assert c.enter_text(text), c.message
            typed.add(text.split()[0])
        assert c.snapshot.over, "the game did not end"
        assert typed & {"uzushio", "taihou", "portal", "land"}, typed
    finally:
        h.stop()
        h.app.ctx.close()

