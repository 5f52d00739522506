"""The turn logic without a screen: a whole game, faults, undo and resume."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.core.board import Point, Square
from companion.tsuro.tiles import PATTERNS, Tile
from ui import demo
from ui.board_compare import differences, ship_differences
from ui.controller import TableController
from ui.model import BoardPicture, ShipMark
from ui.sim_camera import SimCamera, exact_reader
from ui.testing import Clock, controller, losing_every_way, seek_hand_question, wire_buttons


def test_a_whole_seas_game_through_buttons_and_camera(tmp_path: Path) -> None:
    c = controller(tmp_path, seed=3)
    wire_buttons(c)
    assert c.new_game("tsuro-of-the-seas", ["red", "blue", "green"])
    pressed: list[str] = []

    def press(role: str) -> None:
        pressed.append(role)
        getattr(c.panel.buttons, role).press()

    steps = demo.play(c, seed=3, press=press)
    assert c.snapshot.over, (steps, c.message, c.session.prompt())
    assert len(c.snapshot.winners) >= 1
    assert "confirm" in pressed and "roll" in pressed
    assert c.panel.status.state in ("legal", "off")
    # every placement went through the camera, recorded as the player's
    assert any(" place " in line or ": place " in line for line in c.snapshot.history)
    # the record replays to the same end
    again = c.api.resume(c.store, c.session.game_id)
    assert again.state.outcome == c.session.state.outcome


def test_resume_after_the_process_is_killed(tmp_path: Path) -> None:
    store_dir = tmp_path / "data"
    c = controller(tmp_path, store=demo.temp_store(store_dir))
    c.new_game("tsuro-of-the-seas", ["red", "blue", "green"])
    demo.play(c, 5, limit=12)
    assert not c.snapshot.over
    history = c.snapshot.history
    game_id = c.session.game_id
    # a new process: a new store connection, a new controller
    d = controller(tmp_path, store=demo.temp_store(store_dir))
    offered = d.unfinished()
    assert offered and offered[0].game_id == game_id
    assert d.resume(game_id)
    assert d.snapshot.history == history
    assert d.message == "Game resumed at its last recorded action."


def test_undo_takes_back_the_last_action(tmp_path: Path) -> None:
    c = controller(tmp_path)
    c.new_game("tsuro-of-the-seas", ["red", "blue"])
    demo.play(c, 2, until=lambda c: c.session.awaiting() == "place" and not c.checking)
    board_before = c.snapshot.board
    assert demo.step(c, random.Random(1)) == "place"
    assert c.snapshot.board != board_before
    c.undo()
    assert c.snapshot.board.tiles == board_before.tiles
    assert c.message.startswith("Undone.")
    assert isinstance(c.camera, SimCamera)
    assert Square(*_sq(board_before)) not in c.camera.table.pieces  # the table was put back


def _sq(p: BoardPicture) -> tuple[int, int]:
    assert p.target is not None
    return p.target.row, p.target.col


def test_camera_unplugged_then_plugged_back(tmp_path: Path) -> None:
    c = controller(tmp_path)
    c.new_game("tsuro-of-the-seas", ["red", "blue", "green"])
    demo.play(c, 3, until=lambda c: c.session.awaiting() == "place" and not c.checking)
    cam = c.camera
    assert isinstance(cam, SimCamera)
    cam.unplugged = True
    c.confirm()
    assert "unplugged" in c.message and "by touch" in c.message
    assert c.touch_entry and not c.camera_ok
    # entry by touch: the chosen tile goes straight to the rules
    tile = demo.candidate_tiles(c, random.Random(2))[0]
    entries = len(c.session.entries)
    c.choose_tile(tile)
    assert len(c.session.entries) > entries
    c.poll_camera()
    assert not c.camera_ok  # still unplugged
    cam.unplugged = False
    c.poll_camera()
    assert c.camera_ok and not c.touch_entry
    assert c.message == "Camera back: it reads the board again."


def test_unreadable_square_asks_for_touch_entry(tmp_path: Path) -> None:
    c = controller(tmp_path)
    c.new_game("tsuro-of-the-seas", ["red", "blue"])
    demo.play(c, 4, until=lambda c: c.session.awaiting() == "place" and not c.checking)
    target = c.snapshot.board.target
    assert target is not None and isinstance(c.camera, SimCamera)
    c.camera.unreadable = {target}
    c.confirm()
    assert c.message == f"The camera cannot read {target}: pick the tile on screen."
    assert c.panel.status.state == "waiting"


def test_no_tile_laid_says_so(tmp_path: Path) -> None:
    c = controller(tmp_path)
    c.new_game("tsuro-of-the-seas", ["red", "blue"])
    demo.play(c, 4, until=lambda c: c.session.awaiting() == "place" and not c.checking)
    c.confirm()
    assert c.message.startswith("No wake tile seen on ")


def _awaiting_hand(tmp_path: Path, losing_hand: int = 0) -> tuple[TableController, Tile]:
    """A Tsuro game stopped at a placement the rules can only judge with the hand."""
    for seed in range(1, 40):
        c = controller(tmp_path / str(seed), seed=seed)
        c.new_game("tsuro", ["red", "blue"])
        tile = seek_hand_question(c, seed, losing_hand)
        if tile is not None:
            return c, tile
    raise AssertionError("no seeded game reaches a self-eliminating placement")


def _hand_for(c: TableController, suicide: Tile, losing: bool) -> list[Tile]:
    """Tiles the active player could hold besides the one laid (unseen elsewhere), all of
    them losing the ship too, or all of them with a way round that saves it."""
    assert c.pending is not None
    hand = [p for i in sorted(set(c.session.state.pile.unseen))
            if (p := PATTERNS[i]) != suicide.pattern()
            and losing_every_way(c, c.pending.square, p) == losing]
    assert len(hand) >= c.hand_wanted
    return hand[: c.hand_wanted]


def test_self_elimination_asks_for_the_hand(tmp_path: Path) -> None:
    c, suicide = _awaiting_hand(tmp_path)
    assert c.pending is not None and c.verdict is not None and c.verdict.needs_hand
    assert "show your whole hand" in c.verdict.text
    assert c.panel.status.state == "waiting" and c.hand_entry == "sim"
    # the camera is unplugged while the hand is awaited: the hand is asked for by touch
    assert isinstance(c.camera, SimCamera)
    c.camera.unplugged = True
    c.confirm()
    assert c.message == ("The camera is unplugged. Carry on by touch: pick the rest of your "
                         "hand on the screen.")
    assert c.pending is not None and c.hand_entry == "touch"
    c.confirm()
    assert c.message.startswith("Show the rest of your hand first")
    # an impossible hand is refused and asked for again; nothing is recorded
    entries = len(c.session.entries)
    c.show_hand([])
    who = c.snapshot.active_colour
    assert c.message == (f"That cannot be your hand: The {who} hand holds 3 tiles, not 1. "
                         "Show it again.")
    assert c.pending is not None and len(c.session.entries) == entries
    c.show_hand([suicide, suicide])  # Tsuro has one tile of each pattern
    assert c.message.startswith("That cannot be your hand: "), c.message
    assert c.pending is not None and len(c.session.entries) == entries
    # a possible hand with a better tile in it: the placement is refused
    c.show_hand(_hand_for(c, suicide, losing=False))
    assert c.pending is None and c.verdict is not None and not c.verdict.legal
    assert len(c.session.entries) == entries


def test_the_camera_reads_a_hand_laid_on_empty_squares(tmp_path: Path) -> None:
    c, suicide = _awaiting_hand(tmp_path, losing_hand=2)
    cam = c.camera
    assert isinstance(cam, SimCamera) and c.hand_wanted == 2
    hand = _hand_for(c, suicide, losing=True)
    free = c._free_squares()
    cam.table.pieces[free[0]] = hand[0].rotated(1)  # any way round
    c.confirm()  # one tile short: the camera says what it sees
    assert c.message == ("The camera sees 1 tile on empty squares and needs 2 tiles: lay 1 "
                         "tile more, any way round, and press Confirm (or pick them on the "
                         "screen).")
    assert c.pending is not None
    cam.table.pieces[free[1]] = hand[1]
    cam.table.pieces[free[2]] = hand[1]
    c.confirm()  # one too many
    assert c.message.startswith("The camera sees 3 tiles on empty squares and needs 2 tiles: "
                                "take 1 tile away")
    del cam.table.pieces[free[1]], cam.table.pieces[free[2]]
    cam.unreadable = {free[5]}
    c.confirm()
    assert c.message.startswith(f"The camera cannot make out {free[5]}")
    cam.unreadable = set()
    cam.table.pieces[free[3]] = hand[1]
    entries = len(c.session.entries)
    c.confirm()
    assert c.pending is None and c.verdict is not None and c.verdict.legal, c.verdict
    recorded = [e.action for e in c.session.entries[entries:]]
    assert recorded[0].endswith(" hand " + " ".join(
        t.notation() for t in (suicide, hand[0].rotated(1), hand[1]))), recorded
    assert c.checking
    # the ship is lost: the tiles shown leave the board, and go where the rules say
    assert c.instructions[0] == (
        f"Take the tiles you showed (on {free[0]}, {free[3]}) off the board.")
    assert any(line.endswith("tiles into the draw pile.") for line in c.instructions)
    c.instructions_done()  # the simulated players do as told
    assert not c.checking and c.message == "The board matches the record."


def test_a_hand_with_a_better_tile_refuses_the_placement(tmp_path: Path) -> None:
    c, suicide = _awaiting_hand(tmp_path)
    cam = c.camera
    assert isinstance(cam, SimCamera)
    entries = len(c.session.entries)
    c.choose_hand(_hand_for(c, suicide, losing=False))  # laid on the table, read back
    assert c.pending is None and c.verdict is not None and not c.verdict.legal
    assert "better placement" in c.verdict.text
    assert len(c.session.entries) == entries
    assert "take your hand back from" in c.message
    assert set(cam.table.pieces) == set(c.snapshot.board.tiles) | {suicide_square(c)}
    assert c.panel.status.state == "illegal"


def suicide_square(c: TableController) -> Square:
    assert c.verdict is not None and c.verdict.square is not None
    return c.verdict.square


def test_an_exception_never_loses_the_record(tmp_path: Path, caplog: pytest.LogCaptureFixture
                                             ) -> None:
    c = controller(tmp_path)
    c.new_game("tsuro-of-the-seas", ["red", "blue"])
    demo.play(c, 4, limit=10)
    history = c.snapshot.history

    def broken() -> list[str]:
        raise RuntimeError("a bug in a screen")

    c.session.roll = broken  # type: ignore[method-assign]
    assert not c.roll()
    assert "reloaded from its record" in c.message
    assert "a bug in a screen" in caplog.text
    assert c.snapshot.history == history
    assert c.session.roll is not broken  # a fresh session from the record


def test_rule_errors_are_shown_and_play_goes_on(tmp_path: Path) -> None:
    c = controller(tmp_path)
    c.new_game("tsuro", ["red", "blue"])
    assert not c.enter_text("fly away")
    assert "not an action" in c.message
    assert not c.roll()  # no dice in Tsuro's start phase
    assert "no dice to roll now" in c.message


def test_repeat_guard_on_screen_buttons(tmp_path: Path) -> None:
    c = controller(tmp_path)
    c.new_game("tsuro-of-the-seas", ["red", "blue"])
    clock = Clock()
    c._clock = lambda: clock.now  # frozen: every press at the same instant
    demo.play(c, 1, until=lambda c: c.session.awaiting() == "roll")
    c._last.clear()
    n = len(c.session.entries)
    assert c.roll()
    assert not c.roll()  # a double tap
    assert len(c.session.entries) > n


def test_differences_name_the_squares() -> None:
    pic = BoardPicture(3, 3, tiles={Square(1, 1): Tile.parse("10325476")})
    cam = SimCamera(reader=exact_reader)
    cam.table.lay(Square(2, 2), Tile.parse("10325476"))
    seen = cam.read(pic)
    assert differences(pic, seen, seen) == [
        "r1c1 should hold a wake tile",
        "r2c2 should be empty",
    ]


def test_no_session_yet(tmp_path: Path) -> None:
    c = controller(tmp_path)
    assert not c.confirm()
    assert c.message == "Start or resume a game first."


def test_the_camera_checks_the_ships_after_instructions(tmp_path: Path) -> None:
    c = controller(tmp_path)
    c.new_game("tsuro-of-the-seas", ["red", "blue", "green"])
    demo.play(c, 3, until=lambda c: c.checking and any(m.point for m in c.snapshot.board.ships))
    assert c.checking
    cam = c.camera
    assert isinstance(cam, SimCamera)
    cam.obedient = False  # the players leave a ship where it was
    board = c.snapshot.board
    cam.table.sync(board)
    ship = next(m for m in board.ships if m.alive and m.point)
    elsewhere = next(p for p in (Point(Square(r, 1), 7) for r in range(1, 8))
                     if p != ship.point and p not in cam.table.ships)
    del cam.table.ships[ship.point]
    cam.table.ships[elsewhere] = ship.colour
    c.instructions_done()
    assert c.checking
    assert c.message == (f"Not yet: the {ship.colour} ship should stand at {ship.point}, as the "
                         "board on the screen shows.")
    cam.table.sync(board)  # put right: the check passes
    c.instructions_done()
    assert not c.checking and c.message == "The board matches the record."


def test_ship_differences_name_missing_and_lost_ships() -> None:
    red_at, green_at = Point.parse("r1c3:0"), Point.parse("r4c7:3")
    pic = BoardPicture(7, 7, ships=(ShipMark("red", red_at), ShipMark("green", None, alive=False),
                                    ShipMark("white", Point.parse("r7c2:5"))))
    colours = {"red", "green"}  # white is not told apart: never checked
    assert ship_differences(pic, {red_at: "red"}, colours) == []
    assert ship_differences(pic, {red_at.across(): "red"}, colours) == []  # the same spot
    assert ship_differences(pic, {}, colours) == [
        "the red ship should stand at r1c3:0, as the board on the screen shows"]
    assert ship_differences(pic, {red_at: "red", green_at: "green"}, colours) == [
        "the green ship is out of the game: take it off the board"]
    assert ship_differences(pic, None, colours) == []  # a camera that does not see ships
    assert ship_differences(pic, {}, colours, "marker") == [  # Tsuro's word for them
        "the red marker should stand at r1c3:0, as the board on the screen shows"]


def test_the_simulated_camera_reads_the_ships_with_vision() -> None:
    from vision.ships import DEFAULT_COLOURS

    cam = SimCamera()  # photographed and read by the vision package
    assert cam.ship_colours == frozenset(DEFAULT_COLOURS)
    ships = (ShipMark("red", Point.parse("r1c4:0")), ShipMark("blue", Point.parse("r4c7:3")),
             ShipMark("yellow", Point.parse("r7c2:5")))
    pic = BoardPicture(7, 7, tiles={Square(2, 2): Tile.parse("10325476")}, ships=ships)
    cam.table.sync(pic)
    seen = cam.read(pic)
    assert seen[Square(2, 2)].tile == Tile.parse("10325476")
    assert cam.ships_seen == {m.point: m.colour for m in ships}
    assert ship_differences(pic, cam.ships_seen, cam.ship_colours) == []


def test_picking_the_hand_again_does_not_pile_tiles_on_the_simulated_table(
        tmp_path: Path) -> None:
    c, suicide = _awaiting_hand(tmp_path, losing_hand=2)
    cam = c.camera
    assert isinstance(cam, SimCamera)
    hand = _hand_for(c, suicide, losing=True)
    record = set(c.snapshot.board.tiles) | {c.pending.square}
    cam.unreadable = {c._free_squares()[0]}  # glare on the first square the hand goes to
    c.choose_hand(hand)
    assert c.message.startswith("The camera cannot make out ") and c.pending is not None
    c.choose_hand(hand)  # picked again: the first lay is taken up before the second
    assert len(set(cam.table.pieces) - record) == 2
    cam.unreadable = set()
    cam.unplugged = True  # the camera fails now: the tiles picked are taken as the hand
    entries = len(c.session.entries)
    c.choose_hand(hand)
    assert c.pending is None and c.verdict is not None and c.verdict.legal
    assert len(c.session.entries) > entries
    assert set(cam.table.pieces) - record == set()  # no stray tiles left on the table
