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
from vision_helpers import draw_paths

from vision import board_look as bl
from vision import paths_self as me
from vision.inventory import pattern_of
from vision.paths_twins import twins
from vision.read_decide import EMPTY, Call
from vision.read_features import PX
from vision.read_paths import DEFAULT_BEND, tiles

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


def _view(holds: dict[int, str], seed: int = 3,
          strokes: dict[int, list[tuple[int, int]]] | None = None,
          off: tuple[int, int] = (0, 0)) -> np.ndarray:
    """Top-down view: SURE on squares 0-5, ``holds`` (square -> tile) on others, the rest
    bare; thin pale paths on a textured tile a little smaller than its square. ``strokes``
    (square -> pairs of points) draws those paths alone on the bare board (art); ``off``
    (x, y pixels) is where the tiles of ``holds`` lie off their squares."""
    rng = np.random.default_rng(seed)
    h, w = ROWS * PX, COLS * PX
    view = np.empty((h, w, 3), np.float32)
    view[:] = BOARD
    lines = np.zeros((h * 4, w * 4), np.float32)
    for k, label in [*enumerate(SURE), *holds.items()]:
        r, c = divmod(k, COLS)
        dx, dy = off if k in holds else (0, 0)
        view[r * PX + 2 + dy:(r + 1) * PX - 2 + dy, c * PX + 2 + dx:(c + 1) * PX - 2 + dx] = TILE
        draw_paths(lines, label, r + dy / PX, c + dx / PX, 6)
    for k, joined in (strokes or {}).items():
        partner = dict(joined + [(b, a) for a, b in joined])
        draw_paths(lines, "".join(str(partner.get(i, i)) for i in range(8)), *divmod(k, COLS), 6)
    texture = cv2.GaussianBlur(rng.normal(0, 14, (h, w)).astype(np.float32), (0, 0), 1.2)
    view += texture[..., None]
    view += cv2.resize(lines, (w, h), interpolation=cv2.INTER_AREA)[..., None] * 70.0
    return np.clip(view, 0, 255).astype(np.uint8)


def _offsets(open_off: np.ndarray | None) -> np.ndarray:
    """Every square's tile where the grid puts it, OPEN's ``open_off`` off (pixels)."""
    out = np.zeros((ROWS * COLS, 2), int)
    if open_off is not None:
        out[OPEN] = open_off
    return out


def _paths(order: list[str], lead: float = 1.5, offsets: np.ndarray | None = None,
           top: float = 0.8, ends: float = 0.3) -> Any:
    """The paths' evidence: on OPEN, ``order`` leading one another by ``lead`` margins; on
    the bare square, ``BEST`` a little; path ends that show everywhere."""
    n = ROWS * COLS
    ev = np.zeros((n, len(LABELS)), np.float32)
    for j, label in enumerate(order):
        ev[OPEN, LABELS.index(label)] = top - j * lead * MARGIN
    ev[BARE, LABELS.index(BEST)] = 0.3
    return SimpleNamespace(squares=np.arange(n), tile=ev, polarity=1,
                           offsets=_offsets(offsets), bend=DEFAULT_BEND,
                           ends=np.full((n, 8), ends, np.float32))


def _read(view: np.ndarray, *, order: list[str] | None = None, lead: float = 1.5,
          sure: int = len(SURE), counts: dict[str, int] | None = None,
          fixed: dict[int, str] | None = None, legal: set[str] | None = None,
          ruled_out: frozenset[int] = frozenset(), full: bool = True,
          offsets: np.ndarray | None = None, top: float = 0.8, ends: float = 0.3,
          art: frozenset[str] = frozenset()) -> dict[int, Call]:
    n = ROWS * COLS
    calls = {k: Call(label, 0.9, 3.0) if k < sure else Call(None, 0.3)
             for k, label in enumerate(SURE)}
    calls.update({OPEN: Call(None, 0.3), BARE: Call(EMPTY, 0.9, 9.0), 8: Call(EMPTY, 0.9, 9.0)})
    return me.self_taught(calls, _paths(order or [BEST, TWIN, THIRD], lead, offsets, top, ends),
                          ruled_out,
                          counts, fixed or {}, {k: legal if k == OPEN else None
                                                for k in range(n)},
                          view, COLS, MARGIN, art, full)


@pytest.mark.parametrize("px", [PX, me.HALF])
def test_a_shape_turned_back_lies_where_its_pair_runs(px: int) -> None:
    # every pair is one of eight shapes up to a quarter turn (a path across the middle
    # from a point to the one opposite it is its own half turn) ...
    every = [(a, b) for a in range(8) for b in range(a + 1, 8)]
    assert len({bl.shape_of(p)[0] for p in every}) == 8
    # ... and the shape's band, turned back, is the pair's own band to the pixel
    for pair in every:
        shape, quarters = bl.shape_of(pair)
        turned = bl._turn(bl._band(shape, DEFAULT_BEND, px), -quarters)
        assert np.array_equal(turned, bl._band(pair, DEFAULT_BEND, px)), pair


def test_the_board_teaches_a_near_twin_apart() -> None:
    assert twins(BEST, TWIN)
    view = _view({OPEN: BEST})
    flat = view.astype(np.float32)
    sure = [(k, np.zeros(2, int), label) for k, label in enumerate(SURE)]
    look = bl.learn(flat, COLS, sure, DEFAULT_BEND)
    assert look.drawn(BEST) is not None
    wide = bl.cut(flat, OPEN, COLS, np.zeros(2, int), spare=bl.SHIFT)
    _, placed = look.place(wide, BEST)
    assert (look.lean(placed, BEST, TWIN) or 0.0) > 0.3
    _, placed = look.place(wide, TWIN)
    assert (look.lean(placed, TWIN, BEST) or 0.0) < -0.3
    # a shape no sure tile shows: no look of a tile that has it
    plain = bl.learn(flat, COLS, [(0, np.zeros(2, int), "10325476")], DEFAULT_BEND)
    assert plain.drawn(BEST) is None and plain.lean(placed, BEST, TWIN) is None


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


def test_the_box_allows_a_copy_left() -> None:
    view = _view({OPEN: BEST})
    pattern = pattern_of(BEST)
    assert pattern is not None and pattern_of(SURE[4]) == pattern  # one copy read already
    assert _read(view, counts={pattern: 2})[OPEN].label == BEST
    assert _read(view, counts={pattern: 2}, fixed={99: BEST})[OPEN].label is None
    assert _read(view, counts={pattern: 1})[OPEN].label is None


def test_a_tile_lying_off_its_square_is_read_where_it_lies() -> None:
    # further off than the looks are fitted round (SHIFT): found only where the paths say
    view = _view({OPEN: BEST}, off=(5, -4))
    assert _read(view, offsets=np.array([5, -4]))[OPEN].label == BEST
    assert _read(view)[OPEN].label is None


@pytest.mark.parametrize("why", ["lead", "sure", "legal", "hand", "re-read", "faint", "ends"])
def test_without_what_the_rule_asks_the_square_stays_open(why: str) -> None:
    view = _view({OPEN: BEST})
    kwargs: dict[str, Any] = {
        "lead": {"lead": 0.5}, "sure": {"sure": me.MIN_SURE - 1},
        "legal": {"legal": {TWIN}}, "hand": {"ruled_out": frozenset({OPEN})},
        "re-read": {"full": False}, "faint": {"top": me.BEST - 0.05},
        "ends": {"ends": me.ENDS - 0.01}}[why]
    assert _read(view, **kwargs)[OPEN].label is None


def test_a_tile_called_bare_that_looks_as_a_tile_is_left_open() -> None:
    faint = _view({OPEN: BEST, BARE: BEST})
    calls = _read(faint)
    assert calls[BARE].label is None
    assert calls[8].label == EMPTY
    # ... but not when the paths claimed that pattern beyond the box: board art
    pattern = pattern_of(BEST)
    assert pattern is not None
    assert _read(faint, art=frozenset({pattern}))[BARE].label == EMPTY


def test_a_doubtful_tile_call_on_bare_board_is_left_open() -> None:
    view = _view({OPEN: BEST})
    calls = {k: Call(label, 0.9, 3.0) for k, label in enumerate(SURE)}
    calls.update({OPEN: Call(BEST, 0.9, 3.0), BARE: Call(TWIN, 0.6, 1.0),
                  8: Call(EMPTY, 0.9, 9.0)})
    out = me.self_taught(calls, _paths([BEST, TWIN, THIRD]), frozenset(), None, {},
                         dict.fromkeys(range(ROWS * COLS)), view, COLS, MARGIN)
    assert out[BARE].label is None  # bare board called a tile by a late rule
    assert out[OPEN].label == BEST  # a sure call is not asked


def test_one_tiles_share_taken_out_is_the_look_the_others_teach() -> None:
    flat = _view({OPEN: BEST}).astype(np.float32)
    taught = [(k, np.zeros(2, int), label) for k, label in [*enumerate(SURE), (OPEN, BEST)]]
    left = bl.teaching(flat, COLS, taught, DEFAULT_BEND).without(len(taught) - 1)
    others = bl.learn(flat, COLS, taught[:-1], DEFAULT_BEND)
    assert np.allclose(left.ground, others.ground, atol=1e-3)
    assert left.shapes.keys() == others.shapes.keys()
    for shape, look in others.shapes.items():
        assert np.allclose(left.shapes[shape], look, atol=1e-3), shape
    assert np.allclose(left.drawn(BEST), others.drawn(BEST), atol=1e-3)  # type: ignore[arg-type]
    # a shape only the tile taken out shows is no longer known
    first = bl.teaching(flat, COLS, taught[:2], DEFAULT_BEND).without(1)
    assert first.shapes.keys() == bl.learn(flat, COLS, taught[:1], DEFAULT_BEND).shapes.keys()
    assert first.drawn(SURE[1]) is None


def _few_called(called: int) -> tuple[Any, dict[int, Call]]:
    """The paths put each of squares 2-5 first by 1.5 margins (the tile SURE holds there),
    and BEST on OPEN; ``called`` tiles were called."""
    paths = _paths([BEST, TWIN, THIRD])
    for k in range(2, 6):
        paths.tile[k, LABELS.index(SURE[k])] = 0.8
        paths.tile[k, LABELS.index(THIRD if SURE[k] != THIRD else TWIN)] = 0.65
    calls = {k: Call(label, 0.9, 3.0) if k < called else Call(None, 0.3)
             for k, label in enumerate(SURE)}
    calls.update({OPEN: Call(None, 0.3), BARE: Call(EMPTY, 0.9, 9.0), 8: Call(EMPTY, 0.9, 9.0)})
    return paths, calls


def test_squares_asked_teach_each_other_when_few_tiles_were_called(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # two tiles called and five squares asked: the five teach the look (each told by the
    # others') and four are read (square 2's four straights are taught by one path of
    # another tile: it leans too little)
    view = _view({OPEN: BEST})
    paths, calls = _few_called(2)
    n = ROWS * COLS

    def read() -> dict[int, Call]:
        return me.self_taught(calls, paths, frozenset(), None, {}, dict.fromkeys(range(n)),
                              view, COLS, MARGIN)

    out = read()
    assert [out[k].label for k in [3, 4, 5, OPEN]] == [*SURE[3:6], BEST]
    assert out[2].label in (None, SURE[2])
    # ... and with too few to teach (the seven of them short of MIN_SURE), none
    monkeypatch.setattr(me, "MIN_SURE", 8)
    assert all(read()[k].label is None for k in [2, 3, 4, 5, OPEN])


def test_a_lead_short_of_a_margin_asks_a_clearer_lean(monkeypatch: pytest.MonkeyPatch) -> None:
    view = _view({OPEN: BEST})
    assert _read(view, lead=0.8)[OPEN].label == BEST  # it leans 0.3 and more (above)
    monkeypatch.setattr(me, "NEAR_LEAN", 0.9)
    assert _read(view, lead=0.8)[OPEN].label is None
    assert _read(view, lead=1.1)[OPEN].label == BEST  # a whole margin: LEAN will do
    monkeypatch.setattr(me, "NEAR_LEAD", 0.85)
    monkeypatch.setattr(me, "NEAR_LEAN", 0.0)
    assert _read(view, lead=0.8)[OPEN].label is None


def test_a_board_with_too_few_tiles_to_teach_teaches_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # two tiles called (TWIN, and a turn of BEST: between them every shape of the three
    # tiles OPEN is asked between) and OPEN asked: three to teach, short of MIN_SURE
    view = _view({OPEN: BEST})
    paths = _paths([BEST, TWIN, SURE[4]])
    calls = {k: Call(label, 0.9, 3.0) if k in (0, 4) else Call(EMPTY, 0.9, 9.0)
             for k, label in enumerate(SURE)}
    calls.update({OPEN: Call(None, 0.3), BARE: Call(EMPTY, 0.9, 9.0), 8: Call(EMPTY, 0.9, 9.0)})

    def read() -> Call:
        return me.self_taught(calls, paths, frozenset(), None, {},
                              dict.fromkeys(range(ROWS * COLS)), view, COLS, MARGIN)[OPEN]

    assert pattern_of(SURE[4]) == pattern_of(BEST) and SURE[0] == TWIN
    assert read().label is None
    monkeypatch.setattr(me, "MIN_SURE", 3)
    assert read().label == BEST


def test_each_square_asked_is_told_by_the_others_at_both_sizes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    view = _view({OPEN: BEST})
    paths, calls = _few_called(2)
    taken: list[tuple[int, str]] = []
    without = bl.Teaching.without

    def spy(self: bl.Teaching, n: int) -> bl.BoardLook:
        taken.append((self.px, self.labels[n]))
        return without(self, n)

    monkeypatch.setattr(bl.Teaching, "without", spy)
    me.self_taught(calls, paths, frozenset(), None, {}, dict.fromkeys(range(ROWS * COLS)),
                   view, COLS, MARGIN)
    asked = [*SURE[2:6], BEST]
    assert sorted(label for px, label in taken if px == me.HALF) == sorted(asked)
    assert {label for px, label in taken if px == PX} <= set(asked)
    assert {label for px, label in taken if px == PX} >= {*SURE[3:6], BEST}
