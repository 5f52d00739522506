"""The board taught to itself (issue 9, item 2; vision.paths_self): from the tiles read
surely the built-in reader learns how this board prints its ground and each shape of path,
and reads a square the paths left open between their best tile and the next ones when the
square looks as the best one printed so; a square called bare that looks as a tile printed
so is left open instead."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import cv2
import numpy as np
import pytest

from vision import paths_self as me
from vision.paths_twins import twins
from vision.read_decide import EMPTY, Call
from vision.read_features import PX
from vision.read_paths import BENDS, DEFAULT_BEND, bezier, tiles

ROWS, COLS = 3, 3
BOARD = (70.0, 95.0, 85.0)
TILE = (60.0, 80.0, 150.0)
SURE = ["76543210", "23016745", "54761032", "10576243", "32105476", "65743102"]
BEST = "10543276"  # two U-turns hugging the rim and a crossing
TWIN = "76543210"  # the same crossing, the U-turns' four points joined by arcs
THIRD = "10567234"
OPEN, BARE = 6, 7
LABELS = [t.notation() for t in tiles()]
MARGIN = 0.1


def _draw(canvas: np.ndarray, label: str, r: int, c: int) -> None:
    for i, ch in enumerate(label):
        if i < int(ch):
            curve = bezier(i, int(ch), BENDS[DEFAULT_BEND], np.linspace(0, 1, 120)[:, None])
            pts = (curve + np.array([c, r])) * PX * 4
            cv2.polylines(canvas, [np.rint(pts).astype(np.int32)], False, 1.0, 6)


def _view(holds: dict[int, str], seed: int = 3,
          strokes: dict[int, list[tuple[int, int]]] | None = None) -> np.ndarray:
    """Top-down view: SURE on squares 0-5, ``holds`` (square -> tile) on others, the rest
    bare; thin pale paths on a textured tile a little smaller than its square. ``strokes``
    (square -> pairs of points) draws those paths alone on the bare board (art)."""
    rng = np.random.default_rng(seed)
    h, w = ROWS * PX, COLS * PX
    view = np.empty((h, w, 3), np.float32)
    view[:] = BOARD
    lines = np.zeros((h * 4, w * 4), np.float32)
    for k, label in [*enumerate(SURE), *holds.items()]:
        r, c = divmod(k, COLS)
        view[r * PX + 2:(r + 1) * PX - 2, c * PX + 2:(c + 1) * PX - 2] = TILE
        _draw(lines, label, r, c)
    for k, joined in (strokes or {}).items():
        _draw(lines, "".join(str(dict(joined + [(b, a) for a, b in joined]).get(i, i))
                             for i in range(8)), *divmod(k, COLS))
    texture = cv2.GaussianBlur(rng.normal(0, 14, (h, w)).astype(np.float32), (0, 0), 1.2)
    view += texture[..., None]
    view += cv2.resize(lines, (w, h), interpolation=cv2.INTER_AREA)[..., None] * 70.0
    return np.clip(view, 0, 255).astype(np.uint8)


def _paths(order: list[str], lead: float = 1.5) -> Any:
    """The paths' evidence: on OPEN, ``order`` leading one another by ``lead`` margins; on
    the bare square, ``BEST`` a little; path ends that show everywhere."""
    n = ROWS * COLS
    ev = np.zeros((n, len(LABELS)), np.float32)
    for j, label in enumerate(order):
        ev[OPEN, LABELS.index(label)] = 0.8 - j * lead * MARGIN
    ev[BARE, LABELS.index(BEST)] = 0.3
    return SimpleNamespace(squares=np.arange(n), tile=ev, polarity=1,
                           offsets=np.zeros((n, 2), int), bend=DEFAULT_BEND,
                           ends=np.full((n, 8), 0.3, np.float32))


def _read(view: np.ndarray, *, order: list[str] | None = None, lead: float = 1.5,
          sure: int = len(SURE), counts: dict[str, int] | None = None,
          fixed: dict[int, str] | None = None, legal: set[str] | None = None,
          ruled_out: frozenset[int] = frozenset(), full: bool = True) -> dict[int, Call]:
    n = ROWS * COLS
    calls = {k: Call(label, 0.9, 3.0) if k < sure else Call(None, 0.3)
             for k, label in enumerate(SURE)}
    calls.update({OPEN: Call(None, 0.3), BARE: Call(EMPTY, 0.9, 9.0), 8: Call(EMPTY, 0.9, 9.0)})
    return me.self_taught(calls, _paths(order or [BEST, TWIN, THIRD], lead), ruled_out,
                          counts, fixed or {}, {k: legal if k == OPEN else None
                                                for k in range(n)},
                          view, COLS, MARGIN, frozenset(), full)


def test_the_shapes_of_a_tile_turn_with_it() -> None:
    # every pair is one of eight shapes up to a quarter turn (a path across the middle
    # from a point to the one opposite it is its own half turn)
    shapes = {me.shape_of(p)[0] for p in ((a, b) for a in range(8) for b in range(a + 1, 8))}
    assert len(shapes) == 8
    for pair in ((0, 1), (2, 5), (3, 6)):
        shape, quarters = me.shape_of(pair)
        assert me._turned(pair, quarters) == shape


def test_the_board_teaches_a_near_twin_apart() -> None:
    assert twins(BEST, TWIN)
    view = _view({OPEN: BEST})
    flat = view.astype(np.float32)
    sure = [(k, np.zeros(2, int), label) for k, label in enumerate(SURE)]
    look = me.learn(flat, COLS, sure, DEFAULT_BEND)
    assert look is not None and look.drawn(BEST) is not None
    wide = me.cut(flat, OPEN, COLS, np.zeros(2, int), spare=me.SHIFT)
    _, placed = look.place(wide, BEST)
    assert (look.lean(placed, BEST, TWIN) or 0.0) > 0.3
    _, placed = look.place(wide, TWIN)
    assert (look.lean(placed, TWIN, BEST) or 0.0) < -0.3
    assert me.learn(flat, COLS, sure[:me.MIN_SURE - 1], DEFAULT_BEND) is None


def test_an_open_square_is_read_as_the_board_prints_its_best_tile() -> None:
    calls = _read(_view({OPEN: BEST}))
    assert calls[OPEN].label == BEST
    assert calls[OPEN].confidence == me.CONFIDENCE
    assert calls[OPEN].second == TWIN
    assert calls[BARE].label == EMPTY  # bare art: no tile as this board prints one


def test_art_whose_strokes_lean_to_the_best_tile_is_not_read() -> None:
    # the U-turns alone, printed on the bare board: they lean to BEST over its twin, but
    # the square does not look as a tile of this board
    calls = _read(_view({}, strokes={OPEN: [(0, 1), (6, 7)]}))
    assert calls[OPEN].label is None


def test_the_twin_the_paths_put_first_by_mistake_is_not_read() -> None:
    # the square holds the twin, the paths say BEST: it looks as the twin, and stays open
    calls = _read(_view({OPEN: TWIN}))
    assert calls[OPEN].label is None


@pytest.mark.parametrize("why", ["lead", "sure", "box", "legal", "hand", "re-read"])
def test_without_what_the_rule_asks_the_square_stays_open(why: str) -> None:
    view = _view({OPEN: BEST})
    kwargs: dict[str, Any] = {
        "lead": {"lead": 0.5}, "sure": {"sure": me.MIN_SURE - 1},
        "box": {"counts": {BEST: 1}, "fixed": {99: BEST}}, "legal": {"legal": {TWIN}},
        "hand": {"ruled_out": frozenset({OPEN})}, "re-read": {"full": False}}[why]
    assert _read(view, **kwargs)[OPEN].label is None


def test_a_tile_called_bare_that_looks_as_a_tile_is_left_open() -> None:
    faint = _view({OPEN: BEST, BARE: BEST})
    calls = _read(faint)
    assert calls[BARE].label is None
    assert calls[8].label == EMPTY
