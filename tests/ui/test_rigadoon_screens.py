"""The Rigadoon screens headless: set-up from the start screen, a short game by touch and
by the GPIO buttons (wind, explorer, preview, Confirm, the camera's check, undo), a chain
reaction's choice, a piece out of place named, restart and resume, and every screen drawn
at both sizes.

The environment (offscreen SDL, no Kivy arguments, temporary data) is set by this folder's
conftest before Kivy is imported. Each test builds its own app on the one Kivy window
(the conftest's fixture ``h``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.rigadoon.actions import Sail
from companion.rigadoon.geometry import Direction
from companion.rigadoon.state import Phase
from ui.testing import texts


def screen(h: Any, name: str) -> Any:
    h.frames(3)
    assert h.app.sm.current == name
    return h.app.sm.get_screen(name)


def buttons_under(widget: Any) -> list[Any]:
    from kivy.uix.button import Button

    return [w for w in widget.walk(restrict=True) if isinstance(w, Button)]


def touch_square(h: Any, board: Any, name: str) -> None:
    """A finger on square ``name`` of the board view."""
    from kivy.tests.common import UnitTestTouch

    h.frames(2)
    cell, x0, top = board._grid()
    r, _, c = name[1:].partition("c")
    x, y = x0 + (int(c) - 0.5) * cell, top - (int(r) - 0.5) * cell
    t = UnitTestTouch(*board.to_window(x, y))
    t.touch_down()
    h.frames(1)
    t.touch_up()
    h.frames(2)


def press(h: Any, role: str) -> None:
    """A GPIO button, as the panel's thread delivers it (through the clock bridge)."""
    h.app._button(role)()
    h.frames(3)


def set_up_game(h: Any) -> Any:
    """From the start screen to a new game, by touch: green for the first player."""
    start = screen(h, "start")
    h.touch(start.ids.rigadoon)
    start.players = ["red", "blue"]
    h.touch(start.ids.start)
    setup = screen(h, "rigadoon-setup")
    assert "red sails first" in setup.players_line
    h.touch(setup.ids.fleet_green)
    east = next(b for b in buttons_under(setup.ids.winds) if b.text == "east")
    h.touch(east)
    h.touch(setup.ids.start)
    return screen(h, "rigadoon-play")


def test_a_short_game_by_touch_and_buttons(h: Any) -> None:
    play = set_up_game(h)
    c = h.app.rigadoon
    s = c.state
    assert s.player(0) == "red (green)" and s.wind is Direction.E
    # the pieces are laid out first: the instructions wait for Confirm
    assert c.checking and "put the blue ships" in texts(play.ids.panel)
    assert not play.can_change and play.ids.bar.height == 0
    press(h, "confirm")
    assert not c.checking and "the camera agrees" in c.message
    # the action bar offers only what is legal: the wind, not yet the end of the turn
    assert play.can_change and not play.can_end and not play.can_repair
    h.touch(play.ids.change)
    assert c.winding
    faces = [b for b in buttons_under(play.ids.panel) if b.text in
             {d.word for d in Direction}]
    assert len(faces) == 8
    north = next(b for b in faces if b.text == "north")
    h.touch(north)
    assert c.state.wind is Direction.N and not c.winding
    # a green ship touched on the board: its template and the explorer, best first
    touch_square(h, play.ids.board, "r4c9")
    assert c.selected == 5
    picture = c.picture()
    assert any(cell.wind for cell in picture.cells)
    assert sum(1 for cell in picture.cells if cell.holder) == 1
    lines = c.shown_lines()
    assert lines and [ln.score for ln in lines] == sorted((ln.score for ln in lines),
                                                          reverse=True)
    assert {ln.sail for ln in lines} == set(c.state.sails(5))
    rows = [b for b in buttons_under(play.ids.panel) if "g2 to" in b.text]
    assert len(rows) == len(lines)
    h.touch(rows[0])
    assert c.previewed == 0 and c.picture().preview
    before = len(c.session.entries)
    press(h, "confirm")  # the GPIO Confirm commits the preview
    assert len(c.session.entries) == before + 1
    assert c.session.entries[-1].action == lines[0].sail.notation()
    assert c.checking and "sail green ship 2" in texts(play.ids.panel)
    press(h, "confirm")
    assert not c.checking
    # GPIO Undo takes the sail back; the table is laid back as well
    press(h, "undo")
    assert len(c.session.entries) == before + 2  # the undo is recorded, the sail is not in force
    assert c.state.ships[5] == c.board.square("r4c9")
    assert c.checking and "put the pieces back" in texts(play.ids.panel)
    assert c.camera.pieces["r4c9"] == "green"  # the simulated players put it back
    press(h, "confirm")
    assert not c.checking and "the camera agrees" in c.message
    # and the wind: taken back together with the change that asked for it
    press(h, "undo")
    after = c.state
    assert not after.changed and after.wind is Direction.E
    assert "set the wind back to east" in c.message.lower()


def test_refusals_say_why_and_store_nothing(h: Any) -> None:
    set_up_game(h)
    c = h.app.rigadoon
    press(h, "confirm")
    n = len(c.session.entries)
    assert not c.enter_text("sail b1 r2c2")  # not the blue fleet's turn
    assert c.refused and "not a ship of the green fleet" in c.message
    assert not c.enter_text("end")
    assert c.refused and len(c.session.entries) == n
    c.select(0)  # an enemy ship: shown, not explored
    assert c.lines == [] and c.selected == 0
    press(h, "confirm")
    assert c.refused and "nothing to confirm" in c.message


def test_roll_button_draws_the_wind_while_it_is_being_changed(h: Any) -> None:
    set_up_game(h)
    c = h.app.rigadoon
    press(h, "confirm")
    press(h, "roll")
    assert c.winding
    press(h, "roll")
    assert not c.winding and c.state.changed
    assert c.session.entries[-1].source == "virtual"


def test_a_chain_reaction_asks_its_choice_on_screen(h: Any) -> None:
    from ui.rigadoon.demo import play as random_play

    play = set_up_game(h)
    c = h.app.rigadoon
    c.camera = None  # by touch only: masts and pieces confirmed by the players
    assert random_play(c, random.Random(11), lambda c: c.state.phase is Phase.CHOICE)
    h.frames(3)
    s = c.state
    assert s.chain is not None and s.chain.choice is not None
    options = s.chain.choice.options
    shown = [b for b in buttons_under(play.ids.panel) if hasattr(b, "option")]
    assert [b.option for b in shown] == list(options) and len(options) >= 2
    assert not play.can_sail and not play.can_change  # nothing else until it is chosen
    n = len(c.session.entries)
    h.touch(shown[0])
    assert len(c.session.entries) == n + 1
    assert c.session.entries[-1].action == f"choose {options[0]}"


def test_a_previewed_line_suggests_its_choices(h: Any) -> None:
    """Confirm after a preview that needs choices takes, at each, the option that leads
    to the previewed result."""
    from ui.rigadoon.demo import play as random_play

    set_up_game(h)
    c = h.app.rigadoon
    c.camera = None
    rng = random.Random(5)
    found = random_play(c, rng, lambda c: c.state.phase is Phase.TURN and c.state.changed
                        and any(ln.choices for s in c.state.required() for ln in _lines(c, s)))
    assert found, "the seeded game meets a sail whose result needs choices"
    ship = next(s for s in c.state.required() if any(ln.choices for ln in _lines(c, s)))
    c.select(ship)
    i = next(i for i, ln in enumerate(c.shown_lines()) if ln.choices and c.line_legal(ln))
    aim = c.shown_lines()[i].chain.key()
    c.preview(i)
    c.confirm()
    asked = 0
    while c.state.phase is Phase.CHOICE:
        assert c.suggested(), "every choice of a previewed line is suggested"
        c.confirm()
        asked += 1
    assert asked >= 1, "the seeded line needed at least one choice that matters"
    s = c.state
    assert (s.ships, s.masts, s.chests) == aim[:3]


def _lines(c: Any, ship: int) -> list[Any]:
    from companion.rigadoon.explore import explore

    return [ln for ln in explore(c.state, ship) if ln.sail in c.state.legal_actions()]


def test_the_camera_names_a_piece_out_of_place(h: Any) -> None:
    play = set_up_game(h)
    c = h.app.rigadoon
    press(h, "confirm")
    c.wind(Direction.N)
    sail = next(a for a in c.legal() if isinstance(a, Sail))
    c.enter_text(sail.notation())
    assert c.checking
    to = f"r{sail.to[0]}c{sail.to[1]}"
    c.camera.move(to, "r9c8")  # the table put the ship on the wrong square
    press(h, "confirm")
    assert c.checking
    shown = texts(play.ids.panel)
    assert f"{to}: green ship" in shown and "r9c8: a green ship is there" in shown
    c.camera.move("r9c8", to)  # put right
    press(h, "confirm")
    assert not c.checking and c.problems == []


def test_the_game_resumes_after_the_app_restarts(make_app: Callable[[], Any]) -> None:
    h1 = make_app()
    try:
        set_up_game(h1)
        c = h1.app.rigadoon
        press(h1, "confirm")
        c.wind(Direction.S)
        sail = next(a for a in c.legal() if isinstance(a, Sail))
        c.enter_text(sail.notation())
        kept = c.state
        gid = c.session.game_id
    finally:
        h1.stop()
        h1.app.ctx.close()
    h2 = make_app()
    try:
        start = screen(h2, "start")
        assert "Resume Rigadoon" in texts(start.ids.resume)
        resume = next(b for b in buttons_under(start.ids.resume) if "Rigadoon" in b.text)
        h2.touch(resume)
        screen(h2, "rigadoon-play")
        c2 = h2.app.rigadoon
        assert c2.session.game_id == gid
        s = c2.state
        assert (s.ships, s.masts, s.chests, s.wind, s.acted) == (
            kept.ships, kept.masts, kept.chests, kept.wind, kept.acted)
    finally:
        h2.stop()
        h2.app.ctx.close()


def test_every_screen_is_drawn_at_both_sizes(h: Any, tmp_path: Path) -> None:
    from kivy.graphics import Rectangle

    from ui.rigadoon import screenshot_states
    from ui.screenshots import blank, shoot_sizes

    seen = []
    for name in screenshot_states(h.app):
        current = h.app.sm.get_screen(h.app.sm.current)
        board = current.ids.get("board") or current.ids.get("end_board")
        for size in ((800, 480), (1280, 720)):
            # one resize a size: shot, and the drawing checked to lie inside the board
            # view after the resize (it once did not)
            (path,) = shoot_sizes(h, tmp_path, name, (size,))
            assert not blank(path), (name, size)
            if board is not None:
                rects = [i for i in board.canvas.children if isinstance(i, Rectangle)]
                assert rects
                for r in rects:
                    assert board.y - 1 <= r.pos[1] and r.pos[1] + r.size[1] <= board.top + 1, (
                        name, size)
        h.resize((800, 480))
        seen.append(name)
    assert {"rigadoon-setup", "rigadoon-explorer", "rigadoon-preview", "rigadoon-wind",
            "rigadoon-instructions", "rigadoon-choice", "rigadoon-end"} <= set(seen)


def test_a_whole_game_to_the_end_screen_and_back_by_undo(h: Any) -> None:
    from ui.rigadoon.demo import play as random_play

    set_up_game(h)
    c = h.app.rigadoon
    c.camera = None
    assert random_play(c, random.Random(3), lambda c: c.state.is_terminal())
    h.frames(3)
    end = screen(h, "rigadoon-end")
    s = c.state
    assert s.outcome is not None
    assert end.result == s.prompt() and s.player(s.outcome.winner) in end.result
    n = len(c.session.entries)
    h.touch(end.ids.undo)
    assert len(c.session.entries) == n + 1 and not c.state.is_terminal()
    screen(h, "rigadoon-play")
    h.touch(h.app.sm.get_screen("rigadoon-play").ids.confirm)  # the pieces put back
    assert not c.checking
