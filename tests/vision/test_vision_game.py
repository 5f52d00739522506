"""Reading with the game in mind: re-reading changed squares, legal placements first."""

from __future__ import annotations

import dataclasses

import numpy as np

from companion.core.board import GAME_BOARDS, Square
from companion.tsuro.tiles import Tile, all_oriented
from vision.reading import Content
from vision.recognise import BoardReader
from vision.simulate import Scene, random_state, render_photo

SEAS = GAME_BOARDS["tsuro-of-the-seas"]
SCENE = Scene(tilt_deg=18, tilt_dir_deg=60, turn_deg=-8, blur=0.9, noise=3, light=0.3,
              askew_deg=3, askew_shift=0.02, jpeg=85, seed=21)


def _start() -> tuple[BoardReader, dict[Square, Tile | None], list[Square]]:
    rng = np.random.default_rng(21)
    state = random_state(7, 7, rng, fill=0.5, daikaiju=0.0)
    reader = BoardReader(SEAS)
    first = reader.read(render_photo(7, 7, state, SCENE))
    assert first.board() == state
    empties = [sq for sq, v in state.items() if v is None]
    return reader, state, empties  # type: ignore[return-value]


def test_only_changed_squares_are_read_again_and_the_new_tile_fits_a_legal_move() -> None:
    reader, state, empties = _start()
    laid = all_oriented()[77]
    after = {**state, empties[0]: laid}
    legal = {empties[0]: [laid, all_oriented()[1]], empties[1]: [all_oriented()[2]]}
    frame = render_photo(7, 7, after, dataclasses.replace(SCENE, frame=1))
    reading = reader.read(frame, known=state, legal=legal)
    changed = [sq for sq, r in reading.squares.items() if r.changed]
    assert changed == [empties[0]]
    assert reading.squares[empties[0]].tile == laid
    assert reading.squares[empties[0]].legal is True
    [obs] = reading.observations
    assert (obs.square, obs.before, obs.after.tile, obs.fits_legal_move) == (
        empties[0], None, laid, True)
    assert reading.board() == after


def test_a_tile_that_fits_no_legal_move_is_reported_as_such() -> None:
    reader, state, empties = _start()
    laid = all_oriented()[40]
    after = {**state, empties[2]: laid}
    legal = {empties[2]: [all_oriented()[41]], empties[3]: [laid]}  # laid on the wrong square
    reading = reader.read(render_photo(7, 7, after, dataclasses.replace(SCENE, frame=2)),
                          known=state, legal=legal)
    [obs] = reading.observations
    assert obs.square == empties[2]
    assert obs.after.tile == laid  # what is there is said plainly...
    assert obs.fits_legal_move is False  # ...and that it fits no legal move
    assert reading.squares[empties[2]].legal is False


def test_squares_that_look_the_same_keep_what_the_companion_knows() -> None:
    reader, state, _ = _start()
    # The companion's record wins for unchanged squares: no flicker from a noisy frame.
    frame = render_photo(7, 7, state, dataclasses.replace(SCENE, frame=3))
    reading = reader.read(frame, known=state)
    assert not any(r.changed for r in reading.squares.values())
    assert reading.observations == []
    assert reading.board() == state


def test_a_bumped_camera_is_found_again_and_nothing_seems_to_change() -> None:
    reader, state, _ = _start()
    bumped = dataclasses.replace(SCENE, turn_deg=SCENE.turn_deg + 6, tilt_deg=22, frame=4)
    reading = reader.read(render_photo(7, 7, state, bumped), known=state)
    assert reading.found
    assert reading.observations == []
    assert reading.board() == state


def test_a_legal_list_breaks_a_near_tie_but_never_invents_a_tile() -> None:
    reader, state, empties = _start()
    laid = all_oriented()[10]
    after = {**state, empties[0]: laid}
    frame = render_photo(7, 7, after, dataclasses.replace(SCENE, frame=5))
    # Legal placements that do not include what is there: still read as what it is.
    decoys = [t for t in all_oriented() if t != laid][:5]
    reading = reader.read(frame, known=state, legal={empties[0]: decoys})
    got = reading.squares[empties[0]]
    assert got.content in (Content.TILE, Content.UNKNOWN)
    if got.content is Content.TILE:
        assert got.tile == laid and got.legal is False
