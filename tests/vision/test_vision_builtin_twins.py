"""Near twins at crossings told apart with nothing taught (issue 9, built-in reading):
``vision.paths_twins`` compares two tiles only where their drawings differ."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from companion.tsuro.tiles import PATTERNS, Tile
from vision import read_lines, read_paths
from vision.drawing import Style, draw_tile
from vision.paths_twins import (
    FIT,
    LEAN,
    LEAN_CROSS,
    SHOWN,
    lean,
    lean_needed,
    settle_twins,
    square_window,
    twins,
)
from vision.read_decide import Call, Thresholds

PX = read_lines.PX
# (a tile, its near twin): kissing against crossing paths, and two pairings that both cross
PAIRS = [("32107654", "42170653"), ("36507214", "46570213"), ("36507214", "35607124"),
         ("75643120", "76543210")]


def _top(labels: list[str], bend: float = 0.3) -> np.ndarray:
    """A 3x3 board, grey, the tiles drawn in a row along the middle (thin dark paths) and
    six tiles of other patterns round them (the board votes on its bend)."""
    style = Style(tile=(222, 236, 242), path=(150, 70, 30), path_width=0.05, outline=None,
                  bend=bend, border=None)
    top = np.full((3 * PX, 3 * PX, 3), (60, 105, 60), np.uint8)
    others = [p.notation() for p in PATTERNS[10:16]]
    for k, label in enumerate([*others[:3], *labels, *others[3:]]):
        r, c = divmod(k, 3)
        art = cv2.resize(np.asarray(draw_tile(Tile.parse(label), 4 * PX, style)), (PX - 4,) * 2,
                         interpolation=cv2.INTER_AREA)
        top[r * PX + 2:(r + 1) * PX - 2, c * PX + 2:(c + 1) * PX - 2] = art
    return cv2.cvtColor(top, cv2.COLOR_BGR2GRAY)


@pytest.mark.parametrize("bend", [0.3, 0.55])
@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_a_tile_leans_to_itself_over_its_near_twin(a: str, b: str, bend: float) -> None:
    assert twins(a, b)
    grey = _top([a, b, a], bend)
    scores = read_paths.score(grey, 3, 3)
    for k, truth in ((3, a), (4, b)):
        window = square_window(grey, 3, k, scores.offsets[k], scores.polarity)
        toward_a = lean(window, a, b, scores.bend)
        assert toward_a == pytest.approx(-lean(window, b, a, scores.bend), abs=1e-5)
        # the right way always; clearly at a bend like the paths' (wide bends differ less)
        clear = LEAN if bend < 0.5 else 0.0
        assert (toward_a > clear) if truth == a else (toward_a < -clear)


def test_leaning_towards_a_crossing_needs_more() -> None:
    # 42170653 crosses 0-4 with 3-7 where 32107654 turns 0-3 and 4-7 back: a glow round the
    # paths makes kissing paths look crossed, never the other way round
    assert lean_needed("42170653", "32107654") == LEAN_CROSS
    assert lean_needed("32107654", "42170653") == LEAN
    assert LEAN_CROSS > LEAN


def _open_between(scores: read_paths.PathScores, k: int, a: str, b: str) -> None:
    """Make the paths tie square ``k`` between ``a`` and ``b`` (both ahead of all else)."""
    labels = [t.notation() for t in read_paths.tiles()]
    scores.tile[k] = 0.0
    scores.tile[k, labels.index(a)] = 0.8
    scores.tile[k, labels.index(b)] = 0.79


def test_only_squares_left_open_between_near_twins_are_settled() -> None:
    a, b = PAIRS[0]
    grey = _top([a, b, "10325476"])
    scores = read_paths.score(grey, 3, 3)
    scores = replace(scores, tile=scores.tile.copy(), ends=np.full((9, 8), 0.5, np.float32))
    _open_between(scores, 3, a, b)
    _open_between(scores, 4, a, b)  # holds b, whose paths cross where a's meet and turn back
    _open_between(scores, 5, "10325476", "76543210")  # no twins: not this module's business
    _open_between(scores, 8, a, b)  # a third tile, whose lines fit neither twin
    calls = [Call(None, 0.3)] * 9
    calls[0] = Call("10325476", 0.9, 5.0)
    legal: list[set[str] | None] = [None] * 9
    out = settle_twins(scores, calls, grey, 3, legal, Thresholds())
    assert out[3].label == a and out[3].second == b
    assert 0.5 <= out[3].confidence <= 0.6
    # square 3 leans clearly to paths that meet and turn back: this board tells them from a
    # crossing, so square 4 needs no more than LEAN
    assert out[4].label == b and out[4].second == a
    assert out[5].label is None and out[0] == calls[0]
    assert out[8].label is None
    # a settled tile no legal placement can put there stays open
    legal[3] = {b}
    assert settle_twins(scores, calls, grey, 3, legal, Thresholds())[3].label is None
    # with every other square read already, nothing left open shows a kiss told from a
    # crossing: the crossing tile must lean LEAN_CROSS
    read = [Call("10325476", 0.9, 5.0)] * 4 + [Call(None, 0.3)] + [Call("10325476", 0.9, 5.0)] * 4
    assert settle_twins(scores, read, grey, 3, [None] * 9, Thresholds())[4].label is None
    # path ends dark (no line where a tile's paths end): not asked
    faint = replace(scores, ends=np.full((9, 8), -0.5, np.float32))
    assert settle_twins(faint, calls, grey, 3, [None] * 9, Thresholds())[3].label is None
    # the other way round: the paths put the crossing tile ahead, the square holds its twin
    c, d = PAIRS[3]  # 75643120 crosses 1-5 with 2-6 where 76543210 turns them back
    grey = _top([c, d, "10325476"])
    scores = replace(read_paths.score(grey, 3, 3), ends=np.full((9, 8), 0.5, np.float32))
    scores = replace(scores, tile=scores.tile.copy())
    _open_between(scores, 4, c, d)
    assert settle_twins(scores, calls, grey, 3, [None] * 9, Thresholds())[4].label == d


def test_a_small_lean_to_a_kiss_shows_the_board_tells_kisses_from_crossings() -> None:
    # round 3: an open square leaning SHOWN (less than LEAN) to paths that meet and turn
    # back is enough: no square of a board whose glow joins kissing paths leans that way
    a, b = PAIRS[0]  # 32107654 turns 0-3 and 4-7 back where 42170653 crosses them
    grey = _top([a, b, "10325476"])
    scores = read_paths.score(grey, 3, 3)
    scores = replace(scores, tile=scores.tile.copy(), ends=np.full((9, 8), 0.5, np.float32))
    _open_between(scores, 3, a, b)
    _open_between(scores, 4, a, b)
    calls = [Call("10325476", 0.9, 5.0)] * 9
    calls[3] = calls[4] = Call(None, 0.3)
    assert SHOWN < LEAN
    for kiss, shown in ((SHOWN + 0.01, True), (SHOWN - 0.01, False)):
        known = {3: (a, b, kiss, FIT + 0.2), 4: (b, a, LEAN + 0.05, FIT + 0.2)}
        out = settle_twins(scores, calls, grey, 3, [None] * 9, Thresholds(), known)
        assert (out[4].label == b) is shown
