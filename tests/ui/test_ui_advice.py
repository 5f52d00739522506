"""The advisor on the table screen: off by default, worked out off the UI thread, brought
back through Kivy's clock (the harness's manual clock here), and renewed after every
action. What it lists is what companion.tsuro.advisor returns."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.tsuro.tiles import PATTERNS, Tile
from ui import advice

pytestmark = pytest.mark.usefixtures("exact_camera")  # the advisor's tests: not the camera's


def make(tmp: Path, **settings: Any) -> Any:
    from ui.harness import simulated_app

    h = simulated_app(tmp, 3, (800, 480), settings={"display.dice_animation_ms": 0, **settings},
                      pins_note="tests: mock pins")
    h.controller.repeat = 0  # the tests press faster than people
    return h


@pytest.fixture
def harness(tmp_path: Path) -> Iterator[Any]:
    h = make(tmp_path)
    yield h
    h.stop()
    h.app.ctx.close()


def to_a_placement(h: Any) -> Any:
    """A new Tsuro of the Seas game, played with the virtual dice to the first tile laid."""
    c = h.controller
    c.new_game("tsuro-of-the-seas", ["red", "blue", "green"])
    for _ in range(200):
        if c.session.awaiting() == "place":
            break
        if h.app.sm.current == "instructions":
            c.instructions_done(trust=True)
        elif c.session.awaiting() == "start":
            c.start_at(c.snapshot.board.start_marks[0])
        else:
            c.roll()
    if h.app.sm.current != "table":
        c.instructions_done(trust=True)
    h.show("table")
    assert c.session.awaiting() == "place"
    return h.app.sm.get_screen("table")


def a_hand(c: Any) -> list[Tile]:
    """A hand the active player might hold: tiles nobody has seen."""
    s = c.session.state
    return [PATTERNS[t] for t in sorted(set(s.pile.unseen))[: len(s.hands[s.active])]]


def held(h: Any) -> tuple[list[Callable[[], None]], Any]:
    """The advice desk's thread held back: the work waits in a list until the test runs
    it, as a slow Raspberry Pi would keep it waiting."""
    waiting: list[Callable[[], None]] = []
    h.controller.advice._spawn = waiting.append
    return waiting, h.controller.advice


def test_the_advisor_is_off_by_default_and_says_why(harness: Any) -> None:
    h = harness
    table = to_a_placement(h)
    c = h.controller
    waiting, desk = held(harness)
    c.roll()  # any action: nothing is worked out while the advisor is off
    assert not desk.on and not waiting
    assert table.advice_text == "" and not table.advice_on
    assert table.ids.advice_toggle.text == "Advice"
    h.touch(table.ids.advice_toggle)
    assert table.advice_text.startswith(advice.ABOUT)
    assert "learning aid, off by default" in advice.ABOUT


def test_advice_comes_back_through_the_clock_ranked_and_renewed_after_an_action(
    harness: Any, tmp_path: Path
) -> None:
    h, c = harness, harness.controller
    table = to_a_placement(h)
    waiting, desk = held(h)
    with h.manual_clock():
        h.touch(table.ids.advice_toggle)
        assert desk.on and table.ids.advice_toggle.text == "Advice off"
        # hidden tiles: the advisor asks to see the hand, and never looks at another
        assert table.advice_hand == 3 and "Show hand" in table.advice_text
        assert not waiting
        h.touch(table.ids.advice_hand)
        hand = a_hand(c)
        for tile in hand:
            table.popup.choose_pattern(tile)
        h.frames(2)
        assert "Weighing" in table.advice_text  # the screen goes on; the work waits
        (work,) = waiting
        work()  # the thread's work: its answer is posted to the clock, not shown yet
        assert "Weighing" in table.advice_text
        h.advance(0.3)
        rows = advice.compute(c.session.state, hand)
        assert table.advice_hand == 0
        lines = table.advice_text.split("\n")
        assert lines[1:] == [f"{n}. {r.text()}" for n, r in enumerate(rows, 1)]
        assert [r.percent for r in rows] == sorted((r.percent for r in rows), reverse=True)
        assert all(r.error <= 2.0 for r in rows)
        h.shoot(tmp_path / "advice-800x480.png")
        # lay the best placement: the list for the old position goes at once
        best = rows[0]
        before = c.session.state
        assert c.enter_text(f"place {best.square} {best.tile}"), c.message
        h.frames(2)
        assert c.session.state is not before
        assert "1. " not in table.advice_text
    assert (tmp_path / "advice-800x480.png").stat().st_size > 0


def test_stale_advice_is_dropped(harness: Any) -> None:
    h, c = harness, harness.controller
    table = to_a_placement(h)
    waiting, _ = held(h)
    with h.manual_clock():
        c.set_show_advice(True)
        c.advice_hand(a_hand(c))
        (work,) = waiting
        c.undo()  # the game moves on before the answer comes
        work()
        h.advance(0.3)
        assert "1. " not in table.advice_text


def test_a_real_thread_and_the_setting(tmp_path: Path) -> None:
    h = make(tmp_path, **{"display.show_advice": True})
    try:
        c = h.controller
        table = to_a_placement(h)
        assert c.advice.on and table.advice_on  # the setting turns it on from the start
        with h.manual_clock():
            c.advice_hand(a_hand(c))
            c.advice.wait()  # the thread is done; its answer waits for the clock
            h.advance(0.3)
            assert table.advice_text.split("\n")[1].startswith("1. ")
    finally:
        h.stop()
        h.app.ctx.close()
