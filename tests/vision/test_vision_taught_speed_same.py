"""The taught read's second round of cuts (issue 9) gives the same answers: each place a
square is searched at is scored once, the plainness of every square is worked out once, the
finer look and the last word share one view cut from the grey board, and a board whose
taught looks do not fit is read again without scoring them twice."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.core.board import GAME_BOARDS
from vision import looks, recognise
from vision.features import warp_top_down
from vision.profile import load_templates
from vision.read_again import finer_look
from vision.read_decide import Call
from vision.read_features import crops, plainness, prepare, unit
from vision.read_fine import View
from vision.read_taught import TaughtModel, distinct
from vision.recognise import BoardReader
from vision.templates import TemplateSet

TSURO = GAME_BOARDS["tsuro"]


@pytest.fixture(scope="module")
def mottled(taught: Path) -> TemplateSet:
    return load_templates(taught)


def _photo(seed: int, look: str = "mottled") -> np.ndarray:
    truth = looks.random_position(np.random.default_rng(seed), 6, 6, "tsuro", 0.7)
    photo, _ = looks.board_photo(look, 6, 6, truth, seed=seed)
    return photo


def _top(templates: TemplateSet, photo: np.ndarray) -> np.ndarray:
    pose, _ = BoardReader(TSURO, templates)._pose(photo)
    return warp_top_down(photo, pose.homography, 6, 6, 48)


def _slow_scores(model: TaughtModel, top: np.ndarray, idx: np.ndarray,
                 offsets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """All 18 crops of every square scored one by one, the shared look taken out the long
    way: what the reader's scores stand for."""
    prep = prepare(top, 6, 6)
    raw = np.concatenate([crops(prep, idx), crops(prep, idx, offsets=offsets)], axis=1)
    vecs, _ = unit(raw)
    n, s, d = vecs.shape
    own = np.einsum("nsd,nd->ns", vecs, model.empty[idx]).max(axis=1)
    rows = distinct(vecs.reshape(n * s, d), model.common) @ model.vectors.T
    sims = np.maximum.reduceat(rows.reshape(n, s, -1).max(axis=1), model._bounds, axis=1)
    return sims, own


@pytest.mark.parametrize("squares", [[20, 3, 7], [35, 0], [14]])
def test_a_few_squares_in_any_order_score_as_the_slow_way(mottled: TemplateSet,
                                                          squares: list[int]) -> None:
    """Places shared by the two searches (round the grid, round where the tile lies) are
    scored once; the squares come back in the order asked, each with its own best."""
    model = mottled.model
    assert model is not None
    top = _top(mottled, _photo(21))
    idx = np.array(squares)
    # on the grid, a pooled pixel off (searches overlapping in part), and two off
    offsets = np.array([[0.0, 0.0], [2.0, -1.0], [-3.0, 3.0]])[:len(idx)]
    got = model.score(prepare(top, 6, 6), idx, offsets)
    sims, own = _slow_scores(model, top, idx, offsets)
    assert list(got.squares) == squares
    assert np.abs(got.pieces - sims).max() < 1e-5
    assert np.abs(got.empty - own).max() < 1e-5


def test_a_square_at_the_boards_edge_searched_off_the_board_scores_as_the_slow_way(
        mottled: TemplateSet) -> None:
    """Crops pushed past the board's edge are clipped to it, so several places coincide."""
    model = mottled.model
    assert model is not None
    top = _top(mottled, _photo(22))
    idx = np.array([0, 5, 30, 35])
    offsets = np.array([[-3.0, -3.0], [3.0, -3.0], [-3.0, 3.0], [3.0, 3.0]])
    got = model.score(prepare(top, 6, 6), idx, offsets)
    sims, own = _slow_scores(model, top, idx, offsets)
    assert np.abs(got.pieces - sims).max() < 1e-5
    assert np.abs(got.empty - own).max() < 1e-5


def test_the_plainness_of_every_square_holds_that_of_the_squares_asked(
        mottled: TemplateSet) -> None:
    prep = prepare(_top(mottled, _photo(23)), 6, 6)
    every = plainness(prep)
    for idx in (np.arange(36), np.array([4, 17, 33]), np.array([9])):
        assert np.array_equal(every[idx], plainness(prep, idx))


def test_crops_prepared_from_the_grey_board_are_those_of_the_colour_one(
        mottled: TemplateSet) -> None:
    top = _top(mottled, _photo(24))
    grey = cv2.cvtColor(top, cv2.COLOR_BGR2GRAY)
    a, b = prepare(top, 6, 6), prepare(top, 6, 6, grey)
    assert np.array_equal(a.detail, b.detail) and np.array_equal(a.colour, b.colour)
    assert np.array_equal(a.high, b.high) and np.array_equal(a.light, b.light)


def test_the_finer_view_of_the_grey_board_is_that_of_the_colour_one(
        mottled: TemplateSet) -> None:
    top = _top(mottled, _photo(25))
    grey = cv2.cvtColor(top, cv2.COLOR_BGR2GRAY)
    for index in (0, 14, 35):  # corners need the view's edge repeated
        assert np.array_equal(View(top, 6).crop(index), View(grey, 6).crop(index))


def test_the_finer_look_given_a_view_decides_as_given_the_board(mottled: TemplateSet) -> None:
    """The view handed on (its crops kept) changes nothing the finer look decides."""
    model = mottled.model
    assert model is not None and model.fine is not None
    top = _top(mottled, _photo(26))
    names = [lb for lb in model.fine.rows_of if not lb.startswith("daikaiju")]
    candidates = {i: tuple(names[(3 * i + k) % len(names)] for k in range(5))
                  for i in range(0, 36, 3)}
    calls = {i: Call(None, 0.3, 0.0, c[0]) for i, c in candidates.items()}
    view = View(cv2.cvtColor(top, cv2.COLOR_BGR2GRAY), 6)
    assert (finer_look(model.fine, view, 6, candidates, calls, calls, None, {})
            == finer_look(model.fine, top, 6, candidates, calls, calls, None, {}))


def test_another_editions_board_scores_the_taught_looks_once_and_reads_the_same(
        mottled: TemplateSet, monkeypatch: pytest.MonkeyPatch) -> None:
    """Taught looks that do not fit the board (another edition's art) send the paths to vote
    on their own bend; the crops and the taught scores are not worked out again (nor at all
    when the set is known foreign at a glance), and the reading is the one worked out
    afresh."""
    model = mottled.model
    assert model is not None
    photos = [_photo(seed, "curved") for seed in (31, 32)]
    scored: list[int] = []
    score = TaughtModel.score

    def counted(self: TaughtModel, *args: object, **kwargs: object) -> object:
        scored.append(1)
        return score(self, *args, **kwargs)  # type: ignore[arg-type]

    glanced: list[bool] = []
    glance = recognise.foreign_at_a_glance

    def told(*args: object) -> bool:
        glanced.append(glance(*args))  # type: ignore[arg-type]
        return glanced[-1]

    monkeypatch.setattr(TaughtModel, "score", counted)
    monkeypatch.setattr(recognise, "foreign_at_a_glance", told)
    fast = [BoardReader(TSURO, mottled, game="tsuro").read(p) for p in photos]
    # once a read, though the paths were read twice; never where known foreign at a glance
    assert len(glanced) == len(photos) and len(scored) == len(photos) - sum(glanced)
    once = len(scored)
    calls = BoardReader._calls

    def afresh(self: BoardReader, *args: object) -> object:
        return calls(self, *args[:5])  # type: ignore[arg-type]

    monkeypatch.setattr(BoardReader, "_calls", afresh)
    slow = [BoardReader(TSURO, mottled, game="tsuro").read(p) for p in photos]
    assert len(scored) - once == len(photos)  # afresh: on the pass that reads as untaught
    for a, b in zip(fast, slow, strict=True):
        assert {sq: r.to_json() for sq, r in a.squares.items()} == {
            sq: r.to_json() for sq, r in b.squares.items()}


def test_likenesses_worked_out_at_once_are_those_worked_out_on_asking(
        mottled: TemplateSet) -> None:
    """A reader works out the finer look's likenesses once per profile, all together; each
    is the one worked out for that pair alone."""
    model = mottled.model
    assert model is not None and model.fine is not None
    fine = model.fine
    BoardReader(TSURO, mottled)
    assert fine._warm
    together = dict(fine._alike)
    labels = list(fine.rows_of)
    assert len(together) == len(labels) ** 2
    fine._alike.clear()
    for a in labels[::7]:
        for b in labels[::3]:
            assert abs(fine.likeness(a, b) - together[(a, b)]) < 1e-5
    fine._alike.update(together)


def test_a_reader_reads_the_same_with_the_likenesses_worked_out_at_once_or_on_asking(
        taught: Path) -> None:
    """One profile loaded twice: one reader has every likeness worked out as it is made,
    the other works each out when the finer look asks; their readings are the same."""
    warm, cold = load_templates(taught), load_templates(taught)
    assert warm.model is not None and warm.model.fine is not None
    assert cold.model is not None and cold.model.fine is not None
    cold.model.fine._warm = True  # as if worked out: nothing is, each pair waits to be asked
    photos = [_photo(seed) for seed in (41, 42, 43)]
    a = [BoardReader(TSURO, warm, game="tsuro").read(p) for p in photos]
    b = [BoardReader(TSURO, cold, game="tsuro").read(p) for p in photos]
    assert 0 < len(cold.model.fine._alike) < len(warm.model.fine._alike)
    for x, y in zip(a, b, strict=True):
        assert {sq: r.to_json() for sq, r in x.squares.items()} == {
            sq: r.to_json() for sq, r in y.squares.items()}
