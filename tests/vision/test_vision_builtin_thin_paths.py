"""Near twins on a board whose paths print thin (issue 9, item 2; vision.board_twins): the
board's own sure tiles say how wide its paths are; where they are thin, a square left open
between a crossing tile and its kissing twin that leans to the crossing is the crossing,
unless a hand covers part of it; where they print wide, it stays open."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import cv2
import numpy as np

from vision.board_twins import WIDE, crossing, path_width, thin_twins
from vision.paths_twins import lean_of
from vision.read_decide import EMPTY, Call, Thresholds
from vision.read_features import PX
from vision.read_paths import BENDS, DEFAULT_BEND, bezier, tiles

ROWS, COLS = 3, 3
BOARD = (90, 110, 130)  # BGR of the board's print
TILE = (60, 80, 150)  # a red-brown piece of card
SURE = ["10325476", "76543210", "23016745", "54761032", "10576243", "32105476"]
CROSS, KISS = "46570213", "36507214"  # near twins: two paths cross in the one, kiss in the other
OPEN = 6  # the square holding CROSS, left open by the paths
LABELS = [t.notation() for t in tiles()]


def _view(wide: bool, hand: bool = False, seed: int = 3) -> np.ndarray:
    """A top-down view at PX a square: SURE on squares 0-5, CROSS on OPEN, 7 and 8 bare; the
    paths pale lines about a pixel wide (or a wide glow, ``wide``)."""
    rng = np.random.default_rng(seed)
    h, w = ROWS * PX, COLS * PX
    view = np.zeros((h, w, 3), np.float32)
    view[:] = BOARD
    lines = np.zeros((h * 4, w * 4), np.float32)
    for k, label in enumerate([*SURE, CROSS]):
        r, c = divmod(k, COLS)
        view[r * PX + 1:(r + 1) * PX - 1, c * PX + 1:(c + 1) * PX - 1] = TILE
        for i, ch in enumerate(label):
            if i < int(ch):
                curve = bezier(i, int(ch), BENDS[DEFAULT_BEND], np.linspace(0, 1, 120)[:, None])
                pts = (curve + np.array([c, r])) * PX * 4
                cv2.polylines(lines, [np.rint(pts).astype(np.int32)], False, 1.0, 4)
    small = cv2.resize(lines, (w, h), interpolation=cv2.INTER_AREA)
    if wide:  # a glow several pixels wide round each path
        small = np.minimum(cv2.GaussianBlur(small, (0, 0), 3.0) * 4.0, 1.0)
    view += small[..., None] * 90.0
    view += rng.normal(0, 3, view.shape).astype(np.float32)
    if hand:  # skin over the open square's top-left quarter
        r, c = divmod(OPEN, COLS)
        view[r * PX:r * PX + PX // 2, c * PX:c * PX + PX // 2] = (140, 160, 215)
    return np.clip(view, 0, 255).astype(np.uint8)


def _paths() -> Any:
    """Path scores as the reader has them: the open square's best two pairings are the
    twins (CROSS a hair ahead), no other pairing near."""
    n = ROWS * COLS
    ev = np.zeros((n, len(LABELS)), np.float32)
    ev[OPEN, LABELS.index(CROSS)], ev[OPEN, LABELS.index(KISS)] = 1.0, 0.99
    return SimpleNamespace(squares=np.arange(n), tile=ev, polarity=1,
                           offsets=np.zeros((n, 2), np.int64), bend=DEFAULT_BEND,
                           ends=np.ones((n, 8), np.float32))


def _calls() -> list[Call]:
    return [Call(label, 0.9, 3.0) for label in SURE] + [
        Call(None, 0.3, 0.1, KISS, twins=True), Call(EMPTY, 0.9, 9.0), Call(EMPTY, 0.9, 9.0)]


def _read(view: np.ndarray, lean: tuple[str, str, float, float] | None = None) -> list[Call]:
    """``thin_twins`` over the view, with the open square's lean as the reader works it out
    (or ``lean``)."""
    paths, calls = _paths(), _calls()
    leans = {OPEN: lean or lean_of(paths, OPEN, view, COLS)}
    return thin_twins(paths, calls, leans, view, COLS, [None] * len(calls), Thresholds())


def test_which_tile_crosses_where_its_twin_kisses() -> None:
    assert crossing(CROSS, KISS) and not crossing(KISS, CROSS)
    assert not crossing(CROSS, CROSS)


def test_the_sure_tiles_say_whether_the_paths_print_thin_or_wide() -> None:
    thin = path_width(_paths(), _calls(), _view(wide=False), COLS)
    wide = path_width(_paths(), _calls(), _view(wide=True), COLS)
    assert thin is not None and wide is not None
    assert thin < WIDE <= wide, (thin, wide)


def test_a_crossing_left_open_is_called_on_a_board_of_thin_paths() -> None:
    calls = _read(_view(wide=False))
    assert calls[OPEN].label == CROSS and calls[OPEN].second == KISS
    assert 0.0 < calls[OPEN].confidence < 0.7  # less sure than a tile the paths read alone
    assert [c.label for c in calls[:OPEN]] == SURE  # the rest as they were


def test_it_stays_open_where_the_paths_print_wide() -> None:
    # two kissing curves touch in a glow and lean to the crossing as much as a crossing does:
    # even a clear lean does not settle it there
    view = _view(wide=True)
    assert _read(view)[OPEN].label is None
    assert _read(view, (CROSS, KISS, 0.3, 0.8))[OPEN].label is None
    assert _read(_view(wide=False), (CROSS, KISS, 0.3, 0.8))[OPEN].label == CROSS


def test_it_stays_open_under_a_hand() -> None:
    # the lines left pair up and lean to the crossing, but a quarter is not the tiles' colour
    assert _read(_view(wide=False, hand=True), (CROSS, KISS, 0.3, 0.8))[OPEN].label is None


def test_nothing_is_said_without_enough_sure_tiles() -> None:
    view = _view(wide=False)
    paths, calls = _paths(), _calls()
    for k in range(3, len(SURE)):
        calls[k] = Call(None, 0.3)  # three sure tiles: too few to measure the paths' width
    leans = {OPEN: lean_of(paths, OPEN, view, COLS)}
    assert path_width(paths, calls, view, COLS) is None
    after = thin_twins(paths, calls, leans, view, COLS, [None] * 9, Thresholds())
    assert after[OPEN].label is None
