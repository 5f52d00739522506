"""The last word on open squares of a taught board (vision.taught_rescue, issue 9): a square
is called only where both readers together and the finer look agree, the box leaves the tile
a copy, and every quarter of the square shows it; a faint bare square that is its own taught
bare look reads bare."""

from __future__ import annotations

import cv2
import numpy as np

from companion.tsuro.tiles import Tile
from vision import looks
from vision.drawing import draw_tile
from vision.read_again import TWIN, finer_look
from vision.read_combine import PATH_INDEX, PATH_LABELS, agree, taught_fits
from vision.read_decide import EMPTY, Call, Thresholds
from vision.read_features import DIM, PX
from vision.read_fine import SOURCE, FineModel, View
from vision.read_taught import BARE_LIKE, TaughtModel
from vision.read_taught_call import own_look, taught_call
from vision.taught_rescue import LEAD, rescue
from vision.templates import _turned

CURVED = looks.spec("curved").style
assert CURVED is not None
SURE, OPEN = "10325476", "36507214"  # a tile read surely; the tile on the open square
OTHER = "62143705"  # another tile, unlike it


def _view(labels: list[str | None]) -> np.ndarray:
    """A top-down grey view one row of squares high, each holding the drawn tile (or bare)."""
    view = np.full((PX, PX * len(labels)), 90, np.uint8)
    for k, label in enumerate(labels):
        if label is not None:
            art = cv2.cvtColor(draw_tile(Tile.parse(label), PX * 4, CURVED), cv2.COLOR_BGR2GRAY)
            view[1:-1, k * PX + 1:(k + 1) * PX - 1] = cv2.resize(
                art, (PX - 2, PX - 2), interpolation=cv2.INTER_AREA)
    return view


def _model() -> FineModel:
    taught = [SURE, OPEN, OTHER]
    view = View(_view(list(taught)), len(taught))
    return FineModel.from_samples([(lb, view.crop(k, SOURCE)) for k, lb in enumerate(taught)],
                                  _turned)


def _evidence(best: str, lead: float, runner: str = OTHER) -> np.ndarray:
    row = np.zeros(len(PATH_LABELS), np.float32)
    row[PATH_INDEX[runner]] = 10.0
    row[PATH_INDEX[best]] = 10.0 + lead
    return row


CALLS = {0: Call(SURE, 0.9, 6.0), 1: Call(None, 0.3)}


def test_an_open_square_is_called_where_both_readers_and_the_finer_look_agree() -> None:
    out = rescue(_model(), _view([SURE, OPEN]), 2, {1: _evidence(OPEN, LEAD + 1)},
                 PATH_LABELS, CALLS, None, {})
    assert out[1].label == OPEN and out[1].confidence >= 0.5
    assert out[0] == CALLS[0]


def test_it_stays_open_when_the_lead_is_small_or_the_finer_look_disagrees() -> None:
    model, view = _model(), _view([SURE, OPEN])
    small = rescue(model, view, 2, {1: _evidence(OPEN, LEAD - 0.5)}, PATH_LABELS, CALLS,
                   None, {})
    assert small[1].label is None
    # both readers put another tile ahead, but the square shows OPEN at full size
    other = rescue(model, view, 2, {1: _evidence(OTHER, LEAD + 1, OPEN)}, PATH_LABELS, CALLS,
                   None, {})
    assert other[1].label is None


def test_the_box_strikes_used_patterns_but_a_struck_clear_best_keeps_the_square_open() -> None:
    model, view = _model(), _view([SURE, OPEN])
    counts = {Tile.parse(lb).pattern().notation(): 1 for lb in (SURE, OPEN, OTHER)}
    # OPEN's pattern is used up on another square (wrongly, as it turns out): the best that
    # is left is OTHER, which the finer look does not put first; the square stays open
    held = {0: Call(SURE, 0.9, 6.0), 1: Call(None, 0.3), 2: Call(OPEN, 0.6, 1.5)}
    out = rescue(model, view, 3, {1: _evidence(OPEN, LEAD + 4)}, PATH_LABELS, held, counts,
                 {})
    assert out[1].label is None
    # with nothing struck it is called
    free = rescue(model, view, 2, {1: _evidence(OPEN, LEAD + 4)}, PATH_LABELS, CALLS, counts,
                  {})
    assert free[1].label == OPEN


def test_a_hand_over_part_of_the_square_is_not_called() -> None:
    view = _view([SURE, OPEN])
    view[:PX // 2, PX:PX + PX // 2] = 200  # a flat pale hand over one quarter
    out = rescue(_model(), view, 2, {1: _evidence(OPEN, LEAD + 4)}, PATH_LABELS, CALLS, None,
                 {})
    assert out[1].label is None


def _plain_model() -> TaughtModel:
    """A taught model of a 2x2 board whose bare squares are faint (plain) art."""
    rng = np.random.default_rng(3)
    vecs = rng.normal(size=(1, DIM)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    common = np.zeros(DIM, np.float32)
    common[0] = 1.0
    empty = rng.normal(size=(4, DIM)).astype(np.float32)
    empty /= np.linalg.norm(empty, axis=1, keepdims=True)
    detail = np.full(4, 0.02, np.float32)  # below PLAIN x the plainest piece's 0.1: plain
    return TaughtModel(2, 2, [SURE], vecs, empty, detail, 0.1, common)


def test_faint_art_that_is_its_own_bare_look_reads_bare() -> None:
    model = _plain_model()
    assert bool(model.plain()[0])
    th = Thresholds()
    # the square's detail lies between bare and piece plainness: its plainness alone says
    # nothing, but it is its own bare look and no piece's
    line = float(np.sqrt(0.02 * model.piece_detail))
    own = taught_call(model, th, np.array([0.3]), BARE_LIKE + 0.05, line, 0, None)
    assert own.label == EMPTY and own.confidence >= 0.5
    # not like its bare look: still open
    other = taught_call(model, th, np.array([0.3]), 0.5, line, 0, None)
    assert other.label is None


def test_a_clear_taught_call_of_the_wrong_near_twin_is_looked_at_again() -> None:
    twin = "35607124"  # runs through the same crossings as OPEN, paired otherwise
    taught = [SURE, OPEN, twin, OTHER]
    tview = View(_view(list(taught)), len(taught))
    model = FineModel.from_samples(
        [(lb, tview.crop(k, SOURCE)) for k, lb in enumerate(taught)], _turned)
    assert model.likeness(OPEN, twin) >= TWIN
    calls = {0: Call(SURE, 0.9, 6.0), 1: Call(OPEN, 0.9, 5.0, twin)}  # a lead of 5 margins
    cands = {0: (SURE, OTHER), 1: (OPEN, twin, OTHER)}
    out = finer_look(model, _view([SURE, twin]), 2, cands, calls, calls, None, {})
    assert out[1].label != OPEN
    # the right twin called clearly stands
    right = {0: calls[0], 1: Call(twin, 0.9, 5.0, OPEN)}
    assert finer_look(model, _view([SURE, twin]), 2, cands, right, right, None, {})[1] == right[1]


def test_taught_looks_fit_the_board_only_when_they_name_most_of_the_paths_tiles() -> None:
    tiles = ["10325476", "36507214", "62143705", "24051376", "57326041", "10567234"]
    paths = [Call(t, 0.9, 2.0) for t in tiles] + [Call(EMPTY, 0.9)] * 10
    bare = [Call(EMPTY, 0.9)] * 10
    # naming four of the six as the paths do: the owner's own set
    most = [Call(t if k < 4 else None, 0.9) for k, t in enumerate(tiles)]
    assert taught_fits(most + bare, paths, 16, False)
    # naming half of them, even all rightly, is what another edition's set managed when it
    # left the bare squares open too (its bare looks are another board's): no fit
    half = [Call(t if k % 2 == 0 else None, 0.9) for k, t in enumerate(tiles)]
    unsure = [Call(None, 0.3)] * 10
    assert not taught_fits(half + unsure, paths, 16, True)
    none = [Call(None, 0.3)] * 6
    assert not taught_fits(none + bare, paths, 16, True)
    wrong = [Call(tiles[(k + 1) % 6], 0.9) for k in range(6)]
    assert not taught_fits(wrong + bare, paths, 16, True)


def test_a_steep_photo_of_the_owners_set_still_fits_where_its_bare_squares_are_read() -> None:
    tiles = ["10325476", "36507214", "62143705", "24051376", "57326041", "10567234"]
    paths = [Call(t, 0.9, 2.0) for t in tiles] + [Call(EMPTY, 0.9)] * 10
    # half the tiles named (the rest left open by the slant or a hand), every bare square
    # matched to its own taught look: the owner's set, read with the taught looks
    half = [Call(t if k % 2 == 0 else None, 0.9) for k, t in enumerate(tiles)]
    bare = [Call(EMPTY, 0.9)] * 10
    assert taught_fits(half + bare, paths, 16, False)
    # not when a named tile contradicts the paths, nor with too few settled squares
    clash = [Call(tiles[1], 0.9), *half[1:]]
    assert not taught_fits(clash + bare, paths, 16, True)
    few = [Call(EMPTY, 0.9)] * 2 + [Call(None, 0.3)] * 8
    assert not taught_fits(half + few, paths, 16, True)
    # a re-read of a few squares is judged on the first rule alone
    assert not taught_fits((half + bare)[:6], paths[:6], 6, False)


def test_a_plain_square_in_doubt_is_bare_only_where_the_paths_show_no_tile() -> None:
    th = Thresholds()
    doubt = Call(None, 0.3, 0.0, OTHER, plain=True)  # plainness between bare and a tile
    faint = np.full(len(PATH_LABELS), 0.1, np.float32)
    joint = np.zeros(len(PATH_LABELS), np.float32)
    assert agree(doubt, Call(None, 0.1), faint, 0.0, joint, False, th, {OTHER}).label == EMPTY
    # path evidence of a tile, even a faint one under a hand: left open
    some = _evidence(OTHER, 0.0) * 0.04
    assert float(some.max()) >= 0.35
    assert agree(doubt, Call(None, 0.1), some, 0.0, joint, False, th, {OTHER}).label is None
    # a square left open for another reason is not made bare
    other = Call(None, 0.3, 0.0, OTHER)
    assert agree(other, Call(None, 0.1), faint, 0.0, joint, False, th, {OTHER}).label is None


def test_a_square_that_is_its_own_bare_look_is_bare_whatever_its_art_shows_the_paths() -> None:
    # Faint art on a square taught as plain (mix 2-5 of benchmarks/vision_mixes.py
    # --taught, waves: r2c1 0.94 like its own bare look, no taught piece above 0.52): the
    # art's lines reach the rim points, and the paths' ends there turned the taught bare
    # call into unknown. No taught piece reaches BARE_LIKE on the square it lay on
    # (teaching refuses one that does), so a square that does, clearly, is that bare square.
    th = Thresholds()
    assert own_look(0.94, 0.52, th) and not own_look(BARE_LIKE - 0.01, 0.2, th)
    assert not own_look(0.94, 0.94 - 1.5 * th.margin, th)  # a piece too near it
    bare = Call(EMPTY, 0.64, 9.0)
    lines = _evidence(OTHER, 0.0) * 0.06  # a tile's worth of path evidence, no call
    assert float(lines.max()) >= th.path_tile
    joint = np.zeros(len(PATH_LABELS), np.float32)
    ends = th.path_rim  # and path ends on the rim
    assert agree(bare, Call(None, 0.3), lines, ends, joint, True, th, {OTHER}).label == EMPTY
    # not its own bare look: the paths' word stands, as before
    assert agree(bare, Call(None, 0.3), lines, ends, joint, False, th, {OTHER}).label is None
    # and a taught tile both readers veto keeps what the taught reader put first
    vetoed = agree(Call(OTHER, 0.9, 3.0), Call(None, 0.3), lines, 0.0,
                   _evidence(SURE, 2.0, OTHER) / th.path_margin, False, th, {OTHER})
    assert (vetoed.label, vetoed.second) == (None, OTHER)
