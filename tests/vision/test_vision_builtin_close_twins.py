"""A tile whose near twin stands close behind in the paths' evidence (issue 9, the built-in
reading; vision.paths_decide.CLOSE_LEAD): called where all but one of its path ends show,
its colours are the sure tiles' own and the two differ in no U-turn, where before it was left
``unknown``; board art whose lines pair up into near twins, and U-turns the pieces' edge
hides, stay open."""

from __future__ import annotations

import numpy as np
import pytest
from vision_helpers import mix_photo, mixed_look, score

from companion.core.board import GAME_BOARDS, Square
from companion.tsuro.tiles import Tile
from vision import looks, paths_decide
from vision.drawing import OWNER
from vision.paths_decide import hugs_rim
from vision.reading import BoardReading, Content
from vision.recognise import BoardReader
from vision.simulate import Scene, random_state, render_photo
from vision.templates import builtin

TSURO = GAME_BOARDS["tsuro"]


def _read(photo: np.ndarray) -> BoardReading:
    return BoardReader(TSURO, builtin(), game="tsuro", options=frozenset()).read(photo)


def test_a_near_twin_close_behind_is_no_bar_on_a_tile_coloured_square(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # mix 1-2 of benchmarks/vision_mixes.py, photo 6: on these squares the paths' best tile
    # (the right one) leads a near twin by 1.2-2 margins, short of TWIN_LEAD
    look = mixed_look(1, 2)
    photo, position, _ = mix_photo(look.name, 2, 6, "tsuro", 6)
    names = [TSURO.square(n) for n in ("r4c2", "r5c3")]
    reading = _read(photo)
    right, _, wrong = score(reading, position)
    assert all(reading.squares[sq].content is Content.TILE
               and reading.squares[sq].piece() == position[sq] for sq in names)
    monkeypatch.setattr(paths_decide, "CLOSE_LEAD", 9.0)  # the rule off
    before = _read(photo)
    assert all(before.squares[sq].content is Content.UNKNOWN for sq in names)
    right_before, _, wrong_before = score(before, position)
    assert right == right_before + len(names) and wrong == wrong_before == []


def _look_photo(look: str, size: int, b: int, seed: int = 2026
                ) -> tuple[np.ndarray, dict[Square, Tile | None]]:
    """Photo ``b`` of a tuning look as benchmarks/vision.py draws it."""
    game = "tsuro" if size == 6 else "tsuro-of-the-seas"
    rng = np.random.default_rng([seed, looks.LOOKS.index(look), size, b])
    position = looks.random_position(rng, size, size, game, float(rng.uniform(0.2, 0.9)))
    photo, _ = looks.board_photo(look, size, size, position, int(rng.integers(0, 2**31)),
                                 hand=b % 4 == 3, game=game)
    return photo, dict(position)  # type: ignore[arg-type]


def test_reed_stalks_pairing_up_as_near_twins_stay_open(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # photo 2 of reeds 6x6 (seed 2026): the stalks on bare r5c2 pair up as 10326745 with a
    # near twin close behind, in the tiles' colours; two of its rim points show no line, and
    # the two differ in a U-turn: either keeps the square open
    photo, position = _look_photo("reeds", 6, 2)
    art = TSURO.square("r5c2")
    assert position[art] is None
    assert _read(photo).squares[art].content is not Content.TILE
    monkeypatch.setattr(paths_decide, "CLOSE_ENDS", 2)  # a rim point more may be missing
    assert _read(photo).squares[art].content is not Content.TILE
    monkeypatch.setattr(paths_decide, "hugs_rim", lambda a, b: False)
    got = _read(photo).squares[art]
    assert got.content is Content.TILE and got.tile == Tile.parse("10326745")
    monkeypatch.setattr(paths_decide, "CLOSE_ENDS", 1)
    assert _read(photo).squares[art].content is not Content.TILE


def test_two_u_turns_read_as_arcs_are_no_near_twin_to_call(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the owner's look of test_vision_wizard_api.py, untaught, its second 7x7 photo: two
    # squares holding 10543276 (U-turns along the top and the left side) whose paths put
    # 76543210 (two arcs round the corner) first by 1.4-1.5 margins
    board = GAME_BOARDS["tsuro-of-the-seas"]
    rng = np.random.default_rng(7)
    for _ in range(2):  # the test's two boards: the second is photographed here
        truth = random_state(board.rows, board.cols, rng, fill=0.7, daikaiju=0.05)
    scene = Scene(tilt_deg=20, tilt_dir_deg=200, turn_deg=15, blur=1.0, noise=4, light=0.35,
                  cast=(0.95, 1.0, 1.08), askew_deg=3, askew_shift=0.02, jpeg=85, seed=301)
    frame = render_photo(board.rows, board.cols, truth, scene, style=OWNER, size=(1024, 768))
    names = [board.square(n) for n in ("r3c1", "r5c1")]
    assert all(truth[sq] == Tile.parse("10543276") for sq in names)
    reading = BoardReader(board).read(frame)
    assert score(reading, truth)[2] == []
    assert hugs_rim("10543276", "76543210")
    monkeypatch.setattr(paths_decide, "hugs_rim", lambda a, b: False)
    misread = BoardReader(board).read(frame)
    assert all(misread.squares[sq].tile == Tile.parse("76543210") for sq in names)
