"""A press on the Confirm pin gives a verdict and lights the right LED (MockFactory)."""

from __future__ import annotations

import random
from pathlib import Path

from companion.tsuro.tiles import all_oriented
from ui import demo
from ui.testing import controller, wire_buttons


def _to_placement(tmp: Path) -> tuple[object, object]:
    c = controller(tmp)
    wire_buttons(c)
    c.new_game("tsuro-of-the-seas", ["red", "blue", "green"])
    demo.play(c, 3, until=lambda c: c.session.awaiting() == "place" and not c.checking)
    assert c.session.awaiting() == "place"
    assert c.panel.status.state == "waiting" and c.panel.status.amber.is_lit
    return c, c.snapshot.board.target


def test_confirm_press_with_a_legal_tile_lights_green(tmp_path: Path) -> None:
    c, _square = _to_placement(tmp_path)
    tile = demo.candidate_tiles(c, random.Random(1))[0]
    c.choose_tile(tile)  # laid on the simulated table
    entries = len(c.session.entries)
    c.panel.buttons.confirm.press()  # the mock pin goes low and high again
    assert c.verdict is not None and c.verdict.legal, c.message
    assert c.panel.status.green.is_lit and not c.panel.status.red.is_lit
    assert c.panel.factory.pin(5).state == 1  # the green LED's pin is driven high
    assert len(c.session.entries) > entries  # the placement was recorded


def test_confirm_press_with_an_illegal_tile_lights_red(tmp_path: Path) -> None:
    """Laying a tile that loses your own ship while a safe one is in hand is refused."""
    c, square = _to_placement(tmp_path)
    safe = [t for t in all_oriented() if c.session.check(square, t).legal]
    losing = [t for t in all_oriented() if c.session.check(square, t).needs_hand]
    assert safe and losing, "the seeded game should offer both here"
    c.choose_tile(losing[0])
    c.panel.buttons.confirm.press()
    # the rules need the hand: amber, and the screen asks to see it
    assert c.pending is not None and c.panel.status.amber.is_lit
    entries = len(c.session.entries)
    others = [t for t in safe if t.pattern() != losing[0].pattern()][:1]
    others += [t for t in safe if t.pattern() not in {o.pattern() for o in others}
               and t.pattern() != losing[0].pattern()][:1]
    c.show_hand(others)
    assert c.verdict is not None and not c.verdict.legal
    assert c.verdict.text.startswith("Not allowed: "), c.verdict.text
    assert "loses your own ship" in c.verdict.text
    assert c.panel.status.red.is_lit and not c.panel.status.green.is_lit
    assert c.panel.factory.pin(6).state == 1
    assert len(c.session.entries) == entries  # nothing recorded


def test_two_quick_confirm_presses_are_one_action(tmp_path: Path) -> None:
    from gpiozero.pins.mock import MockFactory

    from companion.core.config import Config
    from hardware.panel import Panel

    c, _square = _to_placement(tmp_path)
    c.panel.close()
    now = [50.0]
    c.panel = Panel.build(Config().gpio, MockFactory(), clock=lambda: now[0])
    seen = []
    c.panel.buttons.confirm.when_pressed = lambda: seen.append(c.confirm())
    c.panel.buttons.confirm.press()
    now[0] += 0.05  # a bounce or a double tap
    c.panel.buttons.confirm.press()
    assert len(seen) == 1
