"""A tile whose near twin stands close behind in the paths' evidence (issue 9, the built-in
reading; vision.paths_decide.CLOSE_LEAD): called where all but one of its path ends show,
its colours are the sure tiles' own and the two differ in no U-turn, where before it was left
``unknown``; board art whose lines pair up into near twins, and U-turns the pieces' edge
hides, stay open."""

from __future__ import annotations

import numpy as np
import pytest
from vision_helpers import look_photo, mix_photo, mixed_look, score

from companion.core.board import GAME_BOARDS
from companion.tsuro.tiles import Tile
from vision import paths_decide, read_paths, recognise
from vision.drawing import OWNER
from vision.paths_decide import PATH_LABELS, hugs_rim, path_calls
from vision.read_features import PX
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


def test_reed_stalks_pairing_up_as_near_twins_stay_open(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # photo 2 of reeds 6x6 (seed 2026): the stalks on bare r5c2 pair up as 10326745 with a
    # near twin close behind, in the tiles' colours; two of its rim points show no line, and
    # the two differ in a U-turn: either keeps the square open
    photo, position, _ = look_photo("reeds", 6, 2)
    art = TSURO.square("r5c2")
    assert position[art] is None
    assert _read(photo).squares[art].content is not Content.TILE
    monkeypatch.setattr(paths_decide, "CLOSE_ENDS", 2)  # a rim point more may be missing
    assert _read(photo).squares[art].content is not Content.TILE
    monkeypatch.setattr(paths_decide, "hugs_rim", lambda a, b: False)
    # the board taught to itself also leaves it open: a tile called doubtfully that does
    # not look as that tile printed on this board (vision.paths_self)
    assert _read(photo).squares[art].content is not Content.TILE
    monkeypatch.setattr(recognise, "self_taught", lambda calls, *a, **k: dict(calls))
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


def _close_board(close_colour: tuple[float, float, float], first: str, second: str
                 ) -> tuple[read_paths.PathScores, np.ndarray, np.ndarray]:
    """A 4x4 top-down view: eight tiles read surely, four bare squares of the board's colour
    and, on square 15, a tile ``first`` led by 1.5 margins over ``second`` in ``close_colour``
    (the paths' evidence, the squares' colours, the view)."""
    n, cols = 16, 4
    tiles, bare, close = list(range(8)), [8, 9, 10, 11], 15
    ev = np.full((n, 105), 0.2, np.float32)
    for i in tiles:
        ev[i, 10 + i] = 1.0
    ev[close, PATH_LABELS.index(first)] = 1.0
    ev[close, PATH_LABELS.index(second)] = 0.85
    ends = np.full((n, 8), 0.6, np.float32)
    ends[bare] = 0.0
    rng = np.random.default_rng(5)
    top = np.zeros((cols * PX, cols * PX, 3), np.float32)
    for i in range(n):
        shade = close_colour if i == close else BOARD_COLOUR if i in bare else TILE_COLOUR
        r, c = divmod(i, cols)
        top[r * PX:(r + 1) * PX, c * PX:(c + 1) * PX] = shade
    top = np.clip(top + rng.normal(0, 4.0, top.shape), 0, 255).astype(np.uint8)
    colour = top.reshape(cols, PX, cols, PX, 3).mean(axis=(1, 3)).reshape(n, 3)
    scores = read_paths.PathScores(np.arange(n), ev, 1, np.zeros((n, 2), np.int32),
                                   ends[:, 1], ends=ends)
    return scores, colour, top


TILE_COLOUR, BOARD_COLOUR = (40.0, 60.0, 150.0), (120.0, 110.0, 60.0)
CROSSING, KISSING = "45670123", "46570213"  # near twins differing where two paths cross


def test_the_rule_holds_to_the_tiles_colours_and_the_legal_placements() -> None:
    assert not hugs_rim(CROSSING, KISSING)
    none: list[set[str] | None] = [None] * 16

    def called(shade: tuple[float, float, float], legal: list[set[str] | None] = none,
               pair: tuple[str, str] = (CROSSING, KISSING)) -> str | None:
        scores, colour, top = _close_board(shade, *pair)
        return path_calls(scores, colour, legal, cols=4, top=top)[15].label

    assert called(TILE_COLOUR) == CROSSING
    assert called(BOARD_COLOUR) is None  # the board's colours: art, not a tile
    assert called(TILE_COLOUR, [*none[:15], {KISSING}]) is None  # not a legal placement
    assert called(TILE_COLOUR, pair=("10543276", "76543210")) is None  # a U-turn between
