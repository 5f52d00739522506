"""Both pieces of a tile the Seas box holds twice (issue 9): the owner's teach plan shows
them, the simulator's teaching photos lay them out, and the taught reader keeps near twins
apart by a bigger lead."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from companion.core.board import GAME_BOARDS, Side, Square
from companion.tsuro.game import load_tile_set
from companion.tsuro.tiles import PATTERNS, Tile
from ui.teach_sheets import others_words, sheet_picture
from vision import looks
from vision.look_files import write_teach_set
from vision.profile import load_templates
from vision.read_decide import pick
from vision.read_features import DIM
from vision.read_taught import Scored, TaughtModel, calibrate
from vision.reading import Daikaiju
from vision.recognise import BoardReader
from vision.taught_twins import TWIN_DISTANCE, TWIN_SCORE
from vision.teach import teach
from vision.teach_plan import game_patterns, other_pieces, teach_sheets
from vision.templates import TemplateSet

GAME = "tsuro-of-the-seas"
SEAS = GAME_BOARDS[GAME]
HELD = Counter(PATTERNS[i] for i in load_tile_set())


@pytest.fixture
def no_photos(monkeypatch: pytest.MonkeyPatch) -> None:
    """Layouts only: drawing the photos is not what these tests look at."""
    monkeypatch.setattr(looks, "board_photo",
                        lambda *a, **k: (np.zeros((1, 1, 3), np.uint8), frozenset()))


# -- the simulator's teaching photos ------------------------------------------------------


@pytest.mark.usefixtures("no_photos")
@pytest.mark.parametrize("seed", [2026, 7])
def test_seas_teach_photos_lay_every_piece_of_the_box_each_drawn_as_itself(seed: int) -> None:
    photos = looks.teach_photos("seas", 7, 7, seed, GAME)
    drawn: Counter[tuple[object, int]] = Counter()
    for _, sheet in photos:
        for sq, piece in sheet.items():
            if isinstance(piece, Tile):
                drawn[(piece.pattern(), looks._copy_of(piece, sq, GAME))] += 1
            elif isinstance(piece, Daikaiju):
                drawn[("daikaiju", looks._drawn_copy(piece, sq, looks.KAIJU_COPIES))] += 1
    want: Counter[tuple[object, int]] = Counter(
        {(pattern, k): 1 for pattern, n in HELD.items() for k in range(n)})
    want.update({("daikaiju", k): 1 for k in range(looks.KAIJU_COPIES)})
    assert drawn == want  # each physical piece once, none twice
    facings = [p.facing for _, s in photos for p in s.values() if isinstance(p, Daikaiju)]
    assert sorted(facings, key=list(Side).index) == list(Side)
    full = [sum(p is not None for p in s.values()) for _, s in photos]
    assert full[-1] == 0 and max(full) - min(full[:-1]) <= 1  # shared out evenly, then bare
    assert all(n < 49 for n in full)


@pytest.mark.usefixtures("no_photos")
def test_tsuro_teach_photos_are_as_they_always_were() -> None:
    """A Tsuro box holds each tile once: one sheet, laid as the first layout did (the
    benchmark's Tsuro figures rest on those photos)."""
    for seed in (2026, 7, 4):
        rng = np.random.default_rng([seed, 11])
        squares = [Square(r, c) for r in range(1, 7) for c in range(1, 7)]
        places = rng.permutation(36)[:35]
        first: dict[Square, looks.Piece] = dict.fromkeys(squares)
        for where, tile in zip(places, PATTERNS, strict=True):
            first[squares[int(where)]] = tile.rotated(int(rng.integers(0, 4)))
        photos = looks.teach_photos("drawn", 6, 6, seed, "tsuro")
        assert [layout for _, layout in photos] == [first, dict.fromkeys(squares)]


# -- the owner's teach plan ---------------------------------------------------------------


def test_the_plan_shows_both_pieces_of_a_tile_the_box_holds_twice() -> None:
    pieces = game_patterns(GAME)
    assert Counter(pieces) == HELD
    plan = teach_sheets(SEAS, pieces, 2)
    assert plan == teach_sheets(SEAS, list(HELD), 2)  # the same sheets: two showings each
    others = other_pieces(plan, pieces)
    marked = Counter(plan[n][sq].pattern() for n, squares in enumerate(others)  # type: ignore[union-attr]
                     for sq in squares)
    assert marked == Counter({p: 1 for p, n in HELD.items() if n == 2})
    for n, squares in enumerate(others):
        for sq in squares:  # the other piece is the showing after the first
            tile = plan[n][sq]
            assert isinstance(tile, Tile)
            assert any(isinstance(p, Tile) and p.pattern() == tile.pattern()
                       for earlier in plan[:n] for p in earlier.values())
    # a box of single pieces, or a plan that shows each pattern once, asks for no other piece
    assert other_pieces(plan, list(HELD)) == [frozenset()] * len(plan)
    assert other_pieces(plan[:1], pieces) == [frozenset()]


def test_the_sheet_says_which_squares_take_the_other_piece() -> None:
    pieces = game_patterns(GAME)
    plan = teach_sheets(SEAS, pieces, 2)
    others = other_pieces(plan, pieces)
    n = max(range(len(plan)), key=lambda k: len(others[k]))
    picture = sheet_picture(SEAS, plan[n], others[n])
    assert picture.others == others[n] and picture.others
    words = others_words(picture)
    assert "the other piece of this tile" in words and "your box holds two" in words
    assert all(sq.name() in words for sq in others[n])
    assert others_words(sheet_picture(SEAS, plan[0], others[0])) == ""
    # a square named that holds no tile on the sheet is not asked for
    bare = next(sq for sq, p in plan[n].items() if p is None)
    assert sheet_picture(SEAS, plan[n], frozenset({bare})).others == frozenset()


# -- near twins ---------------------------------------------------------------------------


def _model() -> TaughtModel:
    labels = sorted(p.notation() for p in PATTERNS[:3])
    vecs = np.random.default_rng(3).normal(size=(3, DIM)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    common = np.zeros(DIM, np.float32)
    common[0] = 1.0
    return TaughtModel(6, 6, labels, vecs, np.zeros((36, DIM), np.float32),
                       np.full(36, -1.0, np.float32), 0.1, common)


def _samples(model: TaughtModel, near: float) -> list[tuple[str, Scored, int]]:
    rows = np.array([[1.0, near, 0.1], [0.3, 1.0, 0.2], [0.1, 0.2, 1.0]], np.float32)
    return [(lb, Scored(np.array([k]), rows[k:k + 1], np.zeros(1), np.zeros(1)), 0)
            for k, lb in enumerate(model.names)]


def test_near_twins_need_a_bigger_lead_and_the_profile_keeps_them(tmp_path: Path) -> None:
    model = _model()
    plain = model.with_empty().copy()
    calibrate(model, _samples(model, TWIN_SCORE + 0.05))
    a, b, c = range(3)
    assert model.distance[a, b] == model.distance[b, a] == TWIN_DISTANCE
    assert model.distance[a, c] < TWIN_DISTANCE and model.distance[b, c] < TWIN_DISTANCE
    assert model.with_empty()[a, b] == TWIN_DISTANCE  # not the distances made before
    assert model.with_empty()[a, c] == plain[a, c]
    names = model.names
    # 0.15 ahead: enough over an unrelated look, not over a near twin
    assert pick(names, np.array([0.85, 0.1, 0.7]), 0.5, 0.08, None, 0.05,
                model.distance).label == names[a]
    assert pick(names, np.array([0.85, 0.7, 0.1]), 0.5, 0.08, None, 0.05,
                model.distance).label is None
    assert pick(names, np.array([1.0, 0.7, 0.1]), 0.5, 0.08, None, 0.05,
                model.distance).label == names[a]  # twice the lead: called
    TemplateSet(model.labels, model.vectors, 0.1, "taught", model).save(tmp_path)
    loaded = TemplateSet.load(tmp_path).model
    assert loaded is not None
    assert np.array_equal(loaded.distance, model.distance)
    # looks that never came near each other are no twins
    other = _model()
    calibrate(other, _samples(other, TWIN_SCORE - 0.05))
    assert float(other.distance.max()) < TWIN_DISTANCE


def test_both_pieces_of_a_pattern_read_right_once_taught(tmp_path: Path) -> None:
    """Taught from the simulator's Seas photos (every piece laid out), a board holding both
    pieces of a pattern the box holds twice reads both."""
    layout = write_teach_set("mottled", 7, 7, GAME, tmp_path / "teach", 11)
    _, lesson = teach(layout, SEAS, tmp_path / "profile", game=GAME)
    assert lesson.read_back[2] == 0
    doubled = [p for p, n in HELD.items() if n == 2][:3]
    # r1c1, r2c2, r3c3 draw a pattern's first piece; r1c2, r2c3, r3c4 its second
    board: dict[Square, looks.Piece] = {}
    for k, pattern in enumerate(doubled):
        tile = pattern.rotated(k)
        board[Square(k + 1, k + 1)] = tile
        board[Square(k + 1, k + 2)] = tile
    assert {looks._copy_of(t, sq, GAME) for sq, t in board.items()  # type: ignore[arg-type]
            } == {0, 1}
    photo, _ = looks.board_photo("mottled", 7, 7, board, 5, game=GAME)
    reading = BoardReader(SEAS, load_templates(tmp_path / "profile"), game=GAME,
                          options=frozenset()).read(photo)
    for sq, tile in board.items():
        assert reading.squares[sq].piece() == tile, sq
    assert all(reading.squares[sq].piece() is None for sq in SEAS.squares() if sq not in board)
