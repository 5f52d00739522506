"""Veterans of the Seas and the Phoenix at the table: the controller's buttons, the board,
the instructions, and a whole seeded game through the controller and through the screens."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from test_ui_app import touch_at

from companion.games import SEAS
from ui import vetdemo
from ui.adapt import button_label
from ui.testing import controller

OPTIONS = ("veterans", "phoenix")
SEED = 2
"""Reaches a taihou fired, two portals (a ship laying a tile where it comes out) and a
Phoenix reroll, and the tsunami, in a game that ends."""


def _new(tmp: Path, seed: int = SEED) -> Any:
    c = controller(tmp, seed=seed)
    c.repeat = 0
    assert c.new_game(SEAS.key, ["red", "blue", "green"], OPTIONS), c.message
    return c


def _actions(c: Any) -> list[str]:
    """The record's actions, without the player and the source."""
    return [line.split(": ", 1)[1].rsplit(" (", 1)[0] for line in c.snapshot.history]


def test_a_whole_veterans_game_through_the_controller(tmp_path: Path) -> None:
    c = _new(tmp_path)
    offered: set[str] = set()

    def seen(c: Any) -> bool:
        offered.update(ch.notation.split()[0] for ch in c.choices)
        # a button is offered only when the session lists it as legal now
        assert {ch.notation for ch in c.choices} <= set(c.session.choices())
        return False

    steps = vetdemo.play(c, SEED, until=seen)
    assert c.snapshot.over, (steps[-5:], c.message, c.session.prompt())
    acts = _actions(c)
    fired = [a for a in acts if a.split()[:2] in (["taihou", "clear"], ["taihou", "check"],
                                                    ["taihou", "moving"])]
    assert fired, acts
    portals = [i for i, a in enumerate(acts) if a.startswith("portal ")]
    assert portals and any(a.startswith("land ") for a in acts[portals[0]:])
    # the Phoenix: the record keeps the roll it undid and the roll made again
    k = next(i for i, a in enumerate(acts) if a.startswith("phoenix "))
    assert acts[k - 1].split()[0] == acts[k + 1].split()[0], acts[k - 2:k + 3]
    assert acts[k - 1].split()[0] in ("roll", "die"), acts[k - 2:k + 3]
    lands = [a for a in acts if a.startswith("land ")]
    assert any(len(a.split()) == 3 for a in lands), lands  # a tile laid from the hand
    assert {"draw", "taihou", "portal", "phoenix", "uzushio"} <= offered
    # the record replays to the same end
    again = c.api.resume(c.store, c.session.game_id)
    assert again.state.outcome == c.session.state.outcome


def test_buttons_only_when_legal_and_refusals_record_nothing(tmp_path: Path) -> None:
    c = _new(tmp_path)
    # before any special tile is drawn nobody can fire, lay a portal or reroll
    n = len(c.session.entries)
    assert not c.choose("phoenix red")
    assert "not possible now" in c.message and len(c.session.entries) == n
    vetdemo.play(c, SEED, until=lambda c: any(
        ch.notation.startswith("portal ") for ch in c.choices))
    portal = next(ch for ch in c.choices if ch.notation.startswith("portal "))
    assert portal.label == f"Lay a portal on {c.snapshot.board.target}"
    assert c.session.awaiting() == "place"
    holder = c.snapshot.active_colour
    assert any(line.startswith(f"{holder} holds") and "portal" in line
               for line in c.snapshot.specials)


def test_a_portal_then_undo(tmp_path: Path) -> None:
    c = _new(tmp_path)
    vetdemo.play(c, SEED, until=lambda c: any(
        ch.notation.startswith("portal ") for ch in c.choices))
    before = c.snapshot
    portal = next(ch for ch in c.choices if ch.notation.startswith("portal "))
    assert c.choose(portal.notation)
    assert c.snapshot.board.portal == before.board.target
    kinds = {getattr(line, "kind", "") for line in c.instructions}
    assert "portal-placed" in kinds
    # the dice for where each ship comes out: virtual, or real ones entered
    assert c.session.awaiting() == "roll"
    assert c.undo()
    assert c.snapshot.board.portal is None
    assert c.snapshot.board.tiles == before.board.tiles
    assert c.snapshot.specials == before.specials  # the portal is back in the hand
    assert portal in c.choices


def test_landing_is_touched_then_the_tile_picked(tmp_path: Path) -> None:
    c = _new(tmp_path)
    vetdemo.play(c, SEED, until=lambda c: c.session.awaiting() == "land" and not c.checking)
    points, needs_tile = c.session.landing()
    marks = [str(m) for m in c.snapshot.board.start_marks]
    assert marks == points and points
    assert not c.start_at(_far_point(c))  # not a point of the square the dice named
    assert c.session.awaiting() == "land"
    assert c.start_at(c.snapshot.board.start_marks[0])
    assert needs_tile  # this seed's ship comes out on an empty square
    if needs_tile:
        assert c.landing == c.snapshot.board.start_marks[0]
        assert "Pick the tile from your hand" in c.message
        n = len(c.session.entries)
        from companion.tsuro.tiles import all_oriented

        assert any(c.choose_tile(t) for t in all_oriented())
        assert _actions(c)[n].startswith(f"land {points[0]} ")
    assert c.landing is None


def _far_point(c: Any) -> Any:
    from companion.core.board import Point

    near = {str(m) for m in c.snapshot.board.start_marks}
    return next(p for p in (Point.parse(f"r1c1:{k}") for k in range(8)) if str(p) not in near)


def test_button_labels() -> None:
    assert button_label("taihou check r3c4") == "Fire a taihou at r3c4"
    assert button_label("draw phoenix") == "Drew the Phoenix"
    assert button_label("uzushio skip") == "Leave the uzushio"


# ---------------------------------------------------------------------- the screens


@pytest.fixture
def app_harness(tmp_path: Path, exact_camera: None) -> Any:
    """The app on the expansion's seed, its camera reading exactly (vision's reading of the
    expansion's pieces: test_a_simulated_game_with_the_camera_reading_the_expansions_pieces)."""
    from ui.harness import simulated_app

    h = simulated_app(tmp_path, SEED, (800, 480), "sim", None, None,
                      settings={"display.dice_animation_ms": 0}, pins_note="tests: mock pins")
    h.controller.repeat = 0
    yield h
    h.stop()
    h.app.ctx.close()


def test_the_screens_offer_the_buttons_and_name_the_pieces(app_harness: Any) -> None:
    from ui.sim_camera import exact_reader

    h = app_harness
    app, c = h.app, h.controller
    # the camera reads the table exactly: this test is about the screens, and photographing
    # and reading every check took a third of its time (the vision reader has its own tests)
    app.ctx.camera.reader = exact_reader
    app.new_game(SEAS.key, ["red", "blue", "green"], list(OPTIONS))
    h.frames(3)
    rng = random.Random(SEED)
    pressed: list[str] = []
    portal_heading = False
    landed = 0
    for _ in range(1500):
        if c.snapshot.over:
            break
        h.frames(1)
        if app.sm.current == "instructions":
            lines = app.sm.get_screen("instructions").lines
            portal_heading |= "Mystic portal:" in lines
            h.touch(app.sm.get_screen("instructions").ids.done)
            if c.checking:
                c.instructions_done(trust=True)
            continue
        table = app.sm.get_screen("table")
        buttons = list(table.ids.choices.children[::-1])
        assert [b.notation for b in buttons] == [ch.notation for ch in c.choices]
        if c.session.awaiting() == "land" and c.landing is None:
            board = table.ids.board  # the ship's point, touched inside the square
            mark = board.picture.start_marks[-1]
            n = len(c.session.entries)
            touch_at(h, *board.to_window(*board._mark(mark, board.picture)))
            assert c.landing == mark or len(c.session.entries) > n, c.message
            landed += 1
            continue
        eager = [b for b in buttons if b.notation.split()[0] in vetdemo.EAGER]
        if eager:
            pressed.append(eager[0].notation)
            h.touch(eager[0])  # the on-screen button, touched
            continue
        vetdemo.step(c, rng)
    assert c.snapshot.over
    heads = {p.split()[0] for p in pressed}
    assert {"portal", "phoenix", "taihou"} <= heads, pressed
    assert portal_heading and landed
    h.frames(2)




def test_the_tile_picker_lists_a_portal_instead_of_a_tile(app_harness: Any) -> None:
    h = app_harness
    app, c = h.app, h.controller
    app.new_game(SEAS.key, ["red", "blue", "green"], list(OPTIONS))
    vetdemo.play(c, SEED, until=lambda c: any(
        ch.notation.startswith("portal ") for ch in c.choices) and not c.checking)
    app.show_table()
    h.frames(2)
    table = app.sm.get_screen("table")
    table.pick_tile()
    h.frames(2)
    popup = table.popup
    assert popup is not None
    labels = [label for label, _ in popup.extras]
    assert any(label.startswith("Lay a portal on") for label in labels)
    popup.extra(next(n for _, n in popup.extras if n.startswith("portal ")))
    h.frames(2)
    assert c.snapshot.board.portal is not None


def test_the_screenshot_states_are_all_reached(app_harness: Any) -> None:
    from ui import vetshots

    shot: list[tuple[str, bool, str]] = []

    def shoot(name: str, window: bool) -> None:
        h = app_harness
        current = h.app.sm.current
        shot.append((name, window, current))

    assert vetshots.screenshot_states(app_harness, shoot) == list(vetshots.NAMES)
    where = {name: screen for name, _, screen in shot}
    assert where["instructions-veterans"] == "instructions"
    assert all(where[n] == "table" for n in vetshots.NAMES if n.startswith("table-"))
    board = app_harness.controller.snapshot.board
    assert board.tsunami is not None and 1 <= board.tsunami.number <= 6


def test_without_the_expansion_no_buttons_and_no_landing(tmp_path: Path) -> None:
    c = controller(tmp_path, seed=SEED)
    c.repeat = 0
    assert c.new_game(SEAS.key, ["red", "blue"])
    vetdemo.play(c, SEED, limit=40)
    assert c.choices == [] and c.game.landing() == ([], False)
    assert c.snapshot.specials == () and c.snapshot.board.tsunami is None
    assert not any(n.split()[0] in ("phoenix", "draw") for n in c.game.choices())


# ---- the camera and the expansion's pieces (vision/veterans.py)


def test_the_camera_check_expects_the_expansions_pieces() -> None:
    from companion.core.board import Side, Square
    from ui.board_compare import differences
    from ui.camera import Seen
    from ui.model import BoardPicture, TsunamiMark

    at, uz, portal = Square(3, 4), Square(5, 5), Square(2, 2)
    picture = BoardPicture(7, 7, daikaiju={uz: Side.EAST}, uzushio=frozenset({uz}),
                           tsunami=TsunamiMark(at, Side.EAST, 3, Square(3, 8)), portal=portal)
    squares = [at, uz, portal]
    right = {at: Seen("tsunami", arrow="gold", facing=Side.EAST),
             uz: Seen("uzushio", facing=Side.EAST), portal: Seen("tile", portal=True)}
    assert differences(picture, right, squares) == []
    # a reader that cannot tell the uzushio from a daikaiju, nor a portal from a tile
    blurred = {**right, uz: Seen("daikaiju", facing=Side.EAST), portal: Seen("tile")}
    assert differences(picture, blurred, squares) == []
    missing = {at: Seen("empty"), uz: Seen("empty"), portal: Seen("empty")}
    assert differences(picture, missing, squares) == [
        "r3c4 should hold the gold tsunami", "r5c5 should hold the uzushio",
        "r2c2 should hold the mystic portal"]


def test_a_simulated_game_with_the_camera_reading_the_expansions_pieces(tmp_path: Path) -> None:
    """The simulated table holds the tsunami, the uzushio and a portal at work; the camera
    photographs it, reads them (vision/veterans.py), and the turn logic's checks pass."""
    from ui.sim_camera import SimCamera, vision_sim_reader

    reader = vision_sim_reader()
    assert reader is not None
    c = controller(tmp_path, seed=4, camera=SimCamera(reader=reader))
    c.repeat = 0
    assert c.new_game(SEAS.key, ["red", "blue", "green"], OPTIONS), c.message
    rng = random.Random(4)
    seen: dict[str, int] = {}
    for _ in range(1500):
        if c.snapshot.over:
            break
        if c.checking:
            board = c.snapshot.board
            c.instructions_done()  # the camera compares the table with the record
            assert not c.checking, c.message  # no piece of the expansion is taken amiss
            for kind, there in (("tsunami", board.tsunami), ("uzushio", board.uzushio),
                                ("portal", board.portal)):
                seen[kind] = seen.get(kind, 0) + bool(there)
            read = c.camera.read(c.snapshot.board)
            if c.snapshot.board.tsunami is not None:
                got = read[c.snapshot.board.tsunami.square]
                assert (got.content, got.arrow) == ("tsunami", "gold"), got
            for sq in c.snapshot.board.uzushio:
                assert read[sq].content == "uzushio", read[sq]
            continue
        assert vetdemo.step(c, rng) != "stuck"
    assert c.snapshot.over
    assert seen.get("tsunami", 0) > 0 and seen.get("uzushio", 0) > 0


def test_the_gpio_buttons_step_through_the_choices_on_screen(app_harness: Any) -> None:
    """Roll steps to the next offered choice: framed in green, named on the screen, the
    status light green; Confirm takes it (hardware/chooser.py)."""
    h = app_harness
    c = h.controller
    h.app.new_game(SEAS.key, ["red", "blue", "green"], list(OPTIONS))
    vetdemo.play(c, SEED, until=lambda c: not c.checking and len(c.choices) >= 2)
    h.app.show_table()
    h.frames(3)
    table = h.app.sm.get_screen("table")
    buttons = list(table.ids.choices.children[::-1])
    assert [b.notation for b in buttons] == [ch.notation for ch in c.choices]
    start = c.chooser.highlight()
    for _ in range(len(c.chooser.options())):
        c.panel.buttons.roll.press()
        h.frames(2)
        shown = c.chooser.highlight()
        assert shown is not None and shown != start
        if not shown.ordinary:
            break
    assert shown is not None and not shown.ordinary
    stepped = [b.notation for b in table.ids.choices.children if b.stepped]
    assert stepped == [shown.key]
    assert f"Push buttons: Confirm = {shown.label}" in table.message
    assert c.panel.status.green.is_lit
    entries = len(c.session.entries)
    c.panel.buttons.confirm.press()
    h.frames(2)
    assert len(c.session.entries) > entries
    assert c.snapshot.history[-1].split(": ", 1)[1].startswith(shown.key.split()[0])


def test_the_end_screen_offers_the_phoenix_after_the_roll_that_ended_the_game(
        app_harness: Any) -> None:
    """001 lets the Phoenix be discarded after any roll, the one that ends the game too: the
    end screen offers it, and taking it brings the game back to the table."""
    from ui.sim_camera import SimCamera, exact_reader

    h = app_harness
    app, c = h.app, h.controller
    c.use_camera(SimCamera(reader=exact_reader))  # the simulated players, read exactly: fast
    for seed in range(60):
        app.new_game(SEAS.key, ["red", "blue", "green"], list(OPTIONS))
        vetdemo.play(c, seed, eager=())  # the Phoenix never pressed on the way
        if c.snapshot.over and any(ch.notation.startswith("phoenix") for ch in c.choices):
            break
    else:
        pytest.fail("no seeded game ended on a roll the Phoenix could undo")
    h.frames(3)
    assert app.sm.current == "end"
    late = list(app.sm.get_screen("end").ids.late.children)
    assert [b.notation for b in late] == [ch.notation for ch in c.choices]
    entries = len(c.session.entries)
    h.touch(late[0])
    assert len(c.session.entries) == entries + 1 and "phoenix" in c.session.entries[-1].action
    assert not c.snapshot.over
    h.frames(3)
    assert app.sm.current != "end"
