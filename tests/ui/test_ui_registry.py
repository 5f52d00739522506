"""The start screen is made from the game registry: a toy game registered in this test, and
nowhere else, gets its own button and starts through its own plug-in."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the toy game's package

from toygame import TOY

from companion import games


def test_a_registered_toy_game_has_a_start_button_and_opens_its_own_screens(tmp_path):
    from toygame import commands as toy

    from ui.harness import simulated_app

    games.register_game(TOY)
    toy.STARTED.clear()
    try:
        h = simulated_app(tmp_path)
        try:
            start = h.app.sm.get_screen("start")
            titles = [b.text for b in start.ids.games.children]
            assert "Toy Boats" in titles and "Tsuro" in titles and "Tsushima" in titles
            h.touch(start.ids["toy"])
            assert start.game == "toy" and start.ids["toy"].state == "down"
            assert start.ids["tsuro"].state == "normal"
            start.players = ["red", "blue"]
            h.touch(start.ids.start)
            assert toy.STARTED == [("red", "blue")]
        finally:
            h.stop()
            h.app.ctx.close()
    finally:
        games.unregister_game(TOY.key)


def test_each_registered_game_has_one_button(tmp_path):
    from ui.harness import simulated_app

    h = simulated_app(tmp_path)
    try:
        start = h.app.sm.get_screen("start")
        titles = sorted(b.text for b in start.ids.games.children)
        assert titles == sorted(g.title for g in games.all_games())
    finally:
        h.stop()
        h.app.ctx.close()
