"""Squares the built-in reading left open, read last by the tiles drawn whole against the
board's own tiles (issue 9, item 2; vision.paths_whole_late): a faint tile of four small
loops is read where its lines fit its drawing as well as the board's sure tiles fit theirs
and the paths show its pairs; board art, a square under a hand, a tile the box has used up,
a square whose paths pair the points otherwise or prefer the next drawing and a board with no yardstick stay open; near twins drawn alike are
told where their drawings differ, never within the family of four."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import cv2
import numpy as np
import pytest
from vision_helpers import draw_paths

from vision import paths_whole_late as late
from vision.inventory import pattern_of
from vision.read_decide import EMPTY, Call
from vision.read_features import PX
from vision.read_paths import DEFAULT_BEND, likeness, lines, tiles

ROWS, COLS = 3, 3
BOARD = (90, 110, 130)
TILE = (60, 80, 150)
SURE = ["76543210", "23016745", "54761032", "10576243", "32105476", "45670123"]
LOOPS = "10325476"  # four U-turns hugging the rim
STAR = "45670123"  # four paths through the middle: the family of four
OPEN = 6  # the square left open
LABELS = [t.notation() for t in tiles()]


def _view(open_holds: str, seed: int = 5) -> np.ndarray:
    """Top-down grey view: SURE on squares 0-5 (paths 80 levels over the tile), the open
    square holding ``open_holds`` (a tile drawn fainter, or ``"art"``: strokes across the
    square that end on no rim point), 7 and 8 bare."""
    rng = np.random.default_rng(seed)
    h, w = ROWS * PX, COLS * PX
    view = np.zeros((h, w, 3), np.float32)
    view[:] = BOARD
    strong = np.zeros((h * 4, w * 4), np.float32)
    faint = np.zeros_like(strong)
    for k, label in enumerate(SURE):
        r, c = divmod(k, COLS)
        view[r * PX + 1:(r + 1) * PX - 1, c * PX + 1:(c + 1) * PX - 1] = TILE
        draw_paths(strong, label, r, c, 4)
    r, c = divmod(OPEN, COLS)
    if open_holds != "art":
        view[r * PX + 1:(r + 1) * PX - 1, c * PX + 1:(c + 1) * PX - 1] = TILE
        draw_paths(faint, open_holds, r, c, 4)
    else:  # three strokes of board art through the middle, clear of the rim points
        for a, b in (((0.2, 0.45), (0.8, 0.55)), ((0.45, 0.2), (0.6, 0.8)),
                     ((0.25, 0.75), (0.75, 0.3))):
            p = (np.array([a, b]) + np.array([c, r])) * PX * 4
            cv2.line(faint, tuple(int(v) for v in p[0]), tuple(int(v) for v in p[1]), 1.0, 4)
    small = cv2.resize(strong, (w, h), interpolation=cv2.INTER_AREA) * 80.0
    small += cv2.resize(faint, (w, h), interpolation=cv2.INTER_AREA) * 40.0
    view += small[..., None]
    view += rng.normal(0, 3, view.shape).astype(np.float32)
    return np.clip(view, 0, 255).astype(np.uint8)


def _grey(view: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(view, cv2.COLOR_BGR2GRAY).astype(np.float32)


def _read(view: np.ndarray, *, holds: str = LOOPS, pairs: float = 0.6, others: float = 0.0,
          evidence: dict[str, float] | None = None, top: bool = False, ruled_out: frozenset[int] = frozenset(),
          counts: dict[str, int] | None = None, fixed: dict[int, str] | None = None,
          sure: int = len(SURE), yardstick: float | None = None
          ) -> tuple[dict[int, Call], float | None]:
    """``late_whole`` over the view: the paths' pair evidence of ``holds`` on the open
    square is ``pairs`` (of every other tile ``others``, of those in ``evidence`` as given);
    ``sure`` of SURE read surely (the rest unknown); near twins asked only with ``top``."""
    seen = lines(_grey(view), ROWS, COLS, None, 1)
    n = ROWS * COLS
    ev = np.zeros((n, len(LABELS)), np.float32)
    ev[OPEN] = others
    ev[OPEN, LABELS.index(holds)] = pairs
    for label, value in (evidence or {}).items():
        ev[OPEN, LABELS.index(label)] = value
    paths: Any = SimpleNamespace(squares=np.arange(n), tile=ev, polarity=1,
                                 offsets=seen.off, bend=DEFAULT_BEND)
    calls = {k: Call(label, 0.9, 3.0) if k < sure else Call(None, 0.3)
             for k, label in enumerate(SURE)}
    calls.update({OPEN: Call(None, 0.3), 7: Call(EMPTY, 0.9, 9.0), 8: Call(EMPTY, 0.9, 9.0)})
    return late.late_whole(calls, seen, paths, ruled_out, counts, fixed or {},
                           dict.fromkeys(range(n)), yardstick, view if top else None, COLS)


def test_a_faint_tile_of_four_loops_is_read_by_its_drawing() -> None:
    calls, yardstick = _read(_view(LOOPS))
    assert calls[OPEN].label == LOOPS
    assert yardstick is not None and yardstick > late.FLOOR
    assert 0.5 <= calls[OPEN].confidence <= 0.7


def test_board_art_stays_open() -> None:
    calls, _ = _read(_view("art"))
    assert calls[OPEN].label is None


def test_a_square_the_paths_pair_otherwise_stays_open() -> None:
    calls, _ = _read(_view(LOOPS), pairs=late.PAIRS - 0.1)
    assert calls[OPEN].label is None


def test_a_square_whose_paths_prefer_the_next_drawing_stays_open() -> None:
    calls, _ = _read(_view(LOOPS), others=0.7)
    assert calls[OPEN].label is None


def test_no_tile_under_a_hand() -> None:
    calls, _ = _read(_view(LOOPS), ruled_out=frozenset({OPEN}))
    assert calls[OPEN].label is None


def test_the_box_decides_when_its_copy_is_used_up() -> None:
    counts = {LOOPS: 1}
    used, _ = _read(_view(LOOPS), counts=counts, fixed={99: LOOPS})
    free, _ = _read(_view(LOOPS), counts=counts)
    assert used[OPEN].label is None
    assert free[OPEN].label == LOOPS


def test_without_sure_tiles_a_re_read_keeps_the_last_yardstick() -> None:
    _, yardstick = _read(_view(LOOPS))
    kept, same = _read(_view(LOOPS), sure=2, yardstick=yardstick)
    none, nothing = _read(_view(LOOPS), sure=2)
    assert kept[OPEN].label == LOOPS and same == yardstick
    assert none[OPEN].label is None and nothing is None


def test_a_yardstick_above_the_square_s_fit_keeps_it_open() -> None:
    calls, _ = _read(_view(LOOPS), sure=2, yardstick=2.0)
    assert calls[OPEN].label is None


TWIN, ITS_TWIN = "10452376", "24051376"  # two U-turns at a corner / two arcs there


def _drawn_best_two(view: np.ndarray) -> tuple[str, str]:
    seen = lines(_grey(view), ROWS, COLS, None, 1)
    fit = likeness(seen.resp, seen.cols, seen.local, seen.off, 1, DEFAULT_BEND)[OPEN]
    first, second = np.argsort(-fit)[:2]
    return LABELS[int(first)], LABELS[int(second)]


def test_near_twins_drawn_alike_are_told_where_they_differ() -> None:
    """The paths prefer the twin (so the whole drawing does not decide): the square's lines
    where the two differ lean to its own tile, which is read; without the view, not."""
    view = _view(TWIN)
    assert _drawn_best_two(view) == (TWIN, ITS_TWIN)
    told, _ = _read(view, holds=TWIN, evidence={ITS_TWIN: 0.7}, top=True)
    untold, _ = _read(view, holds=TWIN, evidence={ITS_TWIN: 0.7})
    assert told[OPEN].label == TWIN and 0.5 <= told[OPEN].confidence <= 0.6
    assert untold[OPEN].label is None


def test_a_lean_short_of_what_the_pair_needs_keeps_it_open(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(late, "lean_needed", lambda a, b: 0.9)
    calls, _ = _read(_view(TWIN), holds=TWIN, evidence={ITS_TWIN: 0.7}, top=True)
    assert calls[OPEN].label is None


def test_the_family_of_four_is_never_told_by_its_lean() -> None:
    view = _view(STAR)
    first, second = _drawn_best_two(view)
    assert {pattern_of(first), pattern_of(second)} <= late.FAMILY
    calls, _ = _read(view, holds=STAR, evidence={second: 0.7}, top=True)
    assert calls[OPEN].label is None
