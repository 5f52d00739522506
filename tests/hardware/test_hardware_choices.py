"""A table with the three GPIO buttons only (and the camera over the board) makes every
choice Veterans of the Seas and the Phoenix offer: Roll steps through the offered choices,
shown on screen and on the status light, and Confirm takes the one shown (MockFactory)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.games import SEAS
from companion.tsuro.tiles import all_oriented
from hardware.chooser import ButtonChooser, Option, controller_options
from ui import demo
from ui.testing import controller

OPTIONS = ("veterans", "phoenix")
EAGER = ("phoenix", "portal", "taihou")


def _wired(tmp: Path, seed: int) -> Any:
    c = controller(tmp, seed=seed)
    c.repeat = 0
    for button in c.panel.buttons:  # as the app wires them (ui/app.py)
        button.when_pressed = (lambda role: lambda: c.press(role))(button.role)
    assert c.new_game(SEAS.key, ["red", "blue", "green"], OPTIONS), c.message
    return c


def _press(c: Any, role: str) -> None:
    getattr(c.panel.buttons, role).press()  # the mock pin goes low and high again


def _take(c: Any, want: Option) -> None:
    """Step with Roll until ``want`` is shown, then Confirm."""
    for _ in range(len(c.chooser.options()) + 1):
        shown = c.chooser.highlight()
        if shown is not None and shown.key == want.key:
            break
        _press(c, "roll")
    shown = c.chooser.highlight()
    assert shown is not None and shown.key == want.key, (want, c.chooser.options())
    if not shown.ordinary:  # green: Confirm takes an offered choice
        assert c.panel.status.green.is_lit and not c.panel.status.red.is_lit
    _press(c, "confirm")


def _step(c: Any, rng: random.Random, taken: list[str]) -> str:
    if c.checking:
        _press(c, "confirm")  # the instructions are carried out on the table
        if c.checking:
            c.instructions_done(trust=True)
        return "instructions"
    options = c.chooser.options()
    if options:
        eager = [o for head in EAGER for o in options if o.key.split()[0] == head]
        want = eager[0] if eager else rng.choice(options)
        before = len(c.session.entries)
        _take(c, want)
        if len(c.session.entries) > before or c.landing is not None:
            taken.append(want.key)
        return want.key
    if c.session.awaiting() == "land" and c.landing is not None:
        square = c.landing.square
        for tile in rng.sample(list(all_oriented()), 40):
            c.camera.lay(square, tile)  # the player lays a tile from the hand there
            _press(c, "confirm")
            if c.landing is None:
                taken.append("land-tile")
                return "land"
        return "stuck"
    return str(demo.step(c, rng, press=lambda role: _press(c, role)))


def _play(c: Any, seed: int, until: Callable[[Any], bool] = lambda c: False) -> list[str]:
    rng = random.Random(seed)
    taken: list[str] = []
    for _ in range(1500):
        if c.snapshot.over or until(c):
            break
        if _step(c, rng, taken) == "stuck":
            break
    return taken


@pytest.mark.parametrize("seed", [2, 3])
def test_a_whole_game_with_the_buttons_alone_makes_the_expansions_choices(
        tmp_path: Path, seed: int) -> None:
    c = _wired(tmp_path, seed)
    taken = _play(c, seed)
    assert c.snapshot.over, (taken[-5:], c.message, c.session.prompt())
    heads = {k.split()[0] for k in taken}
    # every kind of choice was made with the buttons (a start mark and a portal landing
    # are "point"s; a tile laid where a ship comes out is read by the camera on Confirm)
    assert {"draw", "taihou", "portal", "uzushio", "phoenix", "point", "land-tile"} <= heads
    acts = [line.split(": ", 1)[1].rsplit(" (", 1)[0] for line in c.snapshot.history]
    assert any(a.startswith("phoenix ") for a in acts)
    assert any(a.startswith("land ") and len(a.split()) == 3 for a in acts), acts
    assert any(a.startswith("uzushio ") for a in acts)
    assert any(a.startswith(("taihou clear", "taihou check", "taihou moving")) for a in acts)


def test_roll_steps_and_the_screen_and_light_follow(tmp_path: Path) -> None:
    c = _wired(tmp_path, 2)
    _play(c, 2, until=lambda c: len(c.chooser.options()) >= 2)
    options = c.chooser.options()
    assert len(options) >= 2
    first = c.chooser.highlight()
    entries = len(c.session.entries)
    _press(c, "roll")
    second = c.chooser.highlight()
    assert second is not None and second != first
    assert len(c.session.entries) == entries  # stepping records nothing
    if not second.ordinary:
        assert c.panel.status.green.is_lit
    # round the list and back to where it began
    for _ in range(len(options) - 1):
        _press(c, "roll")
    assert c.chooser.highlight() == first or first is None
    assert len(c.session.entries) == entries


def test_undo_stays_undo_while_choices_are_offered(tmp_path: Path) -> None:
    c = _wired(tmp_path, 2)
    _play(c, 2, until=lambda c: any(o.key.startswith("portal") for o in c.chooser.options()))
    before = c.session.view()
    portal = next(o for o in c.chooser.options() if o.key.startswith("portal"))
    _take(c, portal)
    assert c.session.view() != before
    _press(c, "undo")  # the portal is taken back, though choices are offered again
    assert c.session.view() == before
    assert any(o.key == portal.key for o in c.chooser.options())


def test_without_offered_choices_the_buttons_keep_their_meaning() -> None:
    pressed: list[str] = []
    chooser = ButtonChooser(lambda: [], {r: (lambda r=r: pressed.append(r)) for r in
                                         ("roll", "confirm", "undo")})
    for role in ("roll", "confirm", "undo"):
        chooser.press(role)
    assert pressed == ["roll", "confirm", "undo"]
    assert chooser.highlight() is None


def test_confirm_with_nothing_shown_keeps_its_plain_meaning() -> None:
    """No ordinary step beside the choices: nothing is taken until Roll shows one."""
    taken: list[str] = []
    offer = [Option("Keep the taihou", lambda: taken.append("keep"), "taihou keep"),
             Option("Show it, remove it", lambda: taken.append("remove"), "taihou remove")]
    chooser = ButtonChooser(lambda: offer, {"roll": lambda: taken.append("roll"),
                                            "confirm": lambda: taken.append("confirm"),
                                            "undo": lambda: taken.append("undo")})
    chooser.press("confirm")
    assert taken == ["confirm"]  # the controller's Confirm: it says what to do
    chooser.press("roll")
    chooser.press("roll")
    chooser.press("confirm")
    assert taken == ["confirm", "remove"]


def test_the_options_are_the_controllers_offered_choices(tmp_path: Path) -> None:
    c = _wired(tmp_path, 2)
    _play(c, 2, until=lambda c: bool(c.choices))
    keys = {o.key for o in controller_options(c) if not o.ordinary}
    assert {ch.notation for ch in c.choices} <= keys
    assert {ch.notation for ch in c.choices} <= set(c.session.choices())


def test_the_modules_examples() -> None:
    import doctest

    import hardware.chooser

    result = doctest.testmod(hardware.chooser)
    assert result.attempted > 0 and result.failed == 0


def test_the_elimination_bonus_is_chosen_with_the_buttons(tmp_path: Path) -> None:
    """The base game's choice too: keep the hand or swap, stepped through with Roll."""
    c = controller(tmp_path, seed=11)
    c.repeat = 0
    for button in c.panel.buttons:
        button.when_pressed = (lambda role: lambda: c.press(role))(button.role)
    assert c.new_game(SEAS.key, ["red", "blue", "green", "yellow"])
    demo.play(c, 11, until=lambda c: c.session.awaiting() == "bonus")
    assert c.session.awaiting() == "bonus"
    while c.checking:  # the eliminated ships are taken off first
        _press(c, "confirm")
    labels = [o.label for o in c.chooser.options()]
    assert labels[:2] == ["Keep your hand", "Swap 1 tile"]
    assert c.chooser.highlight() is None  # no ordinary step: Confirm takes nothing yet
    _press(c, "confirm")
    assert c.session.awaiting() == "bonus"
    before = len(c.snapshot.history)
    _take(c, c.chooser.options()[1])
    done = [h.split(": ", 1)[1] for h in c.snapshot.history[before:]]
    assert done and done[0].startswith("bonus give ? take ?"), done


def test_a_portal_laid_on_the_table_is_seen_by_the_camera(tmp_path: Path) -> None:
    """Instead of a wake tile the player lays a mystic portal and presses Confirm: the
    camera sees the portal (content ``tile`` with ``portal``) and the portal is played."""
    from ui.camera import VetMark

    c = _wired(tmp_path, 2)
    _play(c, 2, until=lambda c: not c.checking and c.session.awaiting() == "place"
          and any(ch.notation.startswith("portal") for ch in c.choices))
    square = c.snapshot.board.target
    assert square is not None
    c.camera.table.pieces[square] = VetMark("portal")
    shown = c.chooser.highlight()
    assert shown is not None and shown.ordinary  # Confirm reads the square
    _press(c, "confirm")
    acts = [h.split(": ", 1)[1] for h in c.snapshot.history]
    assert any(a.startswith(f"portal {square}") for a in acts), acts[-3:]
