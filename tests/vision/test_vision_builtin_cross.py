"""Near twins at a crossing looked at in the frame at its own scale (issue 9, built-in):
``vision.paths_cross`` measures how wide the lines are where the twins differ, and
``vision.twins_pair`` settles two open squares between the same twins against each other
when the box has one copy of each left."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.tsuro.tiles import PATTERNS, Tile
from vision.drawing import Style, draw_tile
from vision.inventory import pattern_of
from vision.paths_cross import centre
from vision.paths_twins import FIT, LEAN, _kind, _labels, twins
from vision.read_decide import Call
from vision.read_paths import BENDS
from vision.twins_pair import APART, Measure, Open, pair_twins

KISS, CROSS = "32107654", "42170653"  # two arcs that meet and turn back / two paths crossing
COUNTS = {p.notation(): 1 for p in PATTERNS}  # Tsuro: every pattern once
SCALE = 80  # frame pixels a square


def _frame(labels: list[str], bend: float, width: float) -> tuple[np.ndarray, np.ndarray]:
    """A frame of the tiles in a row, drawn with pale paths ``width`` of a square wide
    (softened as a camera sees them), and the homography from grid units to it."""
    style = Style(tile=(150, 105, 35), path=(238, 242, 240), path_width=width, outline=None,
                  bend=bend, border=None)
    frame = np.zeros((SCALE, SCALE * len(labels), 3), np.uint8)
    for k, label in enumerate(labels):
        art = cv2.resize(np.asarray(draw_tile(Tile.parse(label), 4 * SCALE, style)),
                         (SCALE, SCALE), interpolation=cv2.INTER_AREA)
        frame[:, k * SCALE:(k + 1) * SCALE] = art
    frame = cv2.GaussianBlur(frame, (0, 0), 1.2)
    return frame, np.diag([float(SCALE), float(SCALE), 1.0])


@pytest.mark.parametrize("width", [0.045, 0.07])
@pytest.mark.parametrize(("cross", "kiss", "apart"), [
    (CROSS, KISS, APART),
    # all four paths meet in the middle: wide paths fill it, and the two differ less
    ("35607124", "36507214", 0.0)])
def test_a_crossing_is_narrower_where_the_twins_differ(cross: str, kiss: str, apart: float,
                                                       width: float) -> None:
    assert _kind(cross, kiss) > 0
    bend = BENDS.index(0.4)
    frame, homography = _frame([cross, kiss], BENDS[bend], width)
    here = [centre(frame, homography, 0, k, np.zeros(2), 48, 1, bend, cross, kiss)
            for k in range(2)]
    assert here[0] < here[1] - apart
    # the paths' polarity: the same drawing negated reads the same
    dark = 255 - frame
    assert centre(dark, homography, 0, 0, np.zeros(2), 48, -1, bend, cross, kiss) == (
        pytest.approx(here[0], abs=5e-3))  # (uint8 rounding)


def _open(first: str = CROSS, second: str = KISS, lean: float = LEAN + 0.1,
          fit: float = FIT + 0.2) -> Open:
    ev = np.zeros(len(_labels()), np.float32)
    ev[_labels().index(first)], ev[_labels().index(second)] = 10.0, 9.9
    return Open((first, second, lean, fit), ev, np.zeros(2))


def _measure(scores: dict[int, float]) -> Measure:
    """Each square's centre measure as given."""
    return lambda i, offset, cross, kiss: scores[i]


def test_two_open_squares_between_the_same_twins_are_told_apart_against_each_other() -> None:
    calls = {0: Call(None, 0.3), 1: Call(None, 0.3), 2: Call("10325476", 0.9)}
    squares = {0: _open(), 1: _open()}
    legal: dict[int, set[str] | None] = {0: None, 1: None}
    out = pair_twins(calls, squares, COUNTS, {}, legal, 1.0, _measure({0: 0.1, 1: -0.2}))
    assert (out[0].label, out[1].label) == (KISS, CROSS)  # the narrower holds the crossing
    assert out[1].second == KISS and 0.5 <= out[1].confidence < 0.7
    assert out[2] == calls[2]
    out = pair_twins(calls, squares, COUNTS, {}, legal, 1.0, _measure({0: -0.3, 1: -0.1}))
    assert (out[0].label, out[1].label) == (CROSS, KISS)


def test_a_pair_not_clearly_apart_or_not_forced_by_the_box_stays_open() -> None:
    calls = {0: Call(None, 0.3), 1: Call(None, 0.3)}
    squares = {0: _open(), 1: _open()}
    legal: dict[int, set[str] | None] = {0: None, 1: None}
    apart = _measure({0: 0.1, 1: -0.2})

    def still_open(out: dict[int, Call]) -> bool:
        return out[0].label is None and out[1].label is None

    # too close to tell
    assert still_open(pair_twins(calls, squares, COUNTS, {}, legal, 1.0,
                                 _measure({0: 0.0, 1: -APART / 2})))
    # no box, or the box has two of one left (or the crossing used up elsewhere)
    assert still_open(pair_twins(calls, squares, None, {}, legal, 1.0, apart))
    assert still_open(pair_twins(calls, squares, {**COUNTS, pattern_of(CROSS) or "": 2}, {},
                                 legal, 1.0, apart))
    assert still_open(pair_twins(calls, squares, COUNTS, {7: CROSS}, legal, 1.0, apart))
    # a third square that could hold one of them
    three = {**squares, 2: _open()}
    assert still_open(pair_twins({**calls, 2: Call(None, 0.3)}, three, COUNTS, {},
                                 {**legal, 2: None}, 1.0, _measure({0: 0.1, 1: -0.2, 2: 0.3})))
    # one square's lines tell the twins apart at the top view's scale (it leans to the kiss,
    # or too little to the crossing), or do not fit the two at all
    for odd in (_open(KISS, CROSS), _open(lean=LEAN / 2), _open(fit=FIT / 2)):
        assert still_open(pair_twins(calls, {0: squares[0], 1: odd}, COUNTS, {}, legal, 1.0,
                                     apart))
    # a third tile near: the two are not all the square may hold
    near = _open()
    third = next(lb for lb in _labels() if lb not in (CROSS, KISS))
    near.evidence[_labels().index(third)] = 9.95
    assert still_open(pair_twins(calls, {0: squares[0], 1: near}, COUNTS, {}, legal, 1.0,
                                 apart))
    # an assignment no legal placement allows
    assert still_open(pair_twins(calls, squares, COUNTS, {}, {0: {CROSS}, 1: None}, 1.0, apart))


def test_the_box_may_narrow_a_square_to_the_two() -> None:
    # a third pairing near the two, its pattern used up elsewhere: only the two are left
    third = next(lb for lb in _labels()
                 if pattern_of(lb) not in (pattern_of(CROSS), pattern_of(KISS)))
    near = _open()
    near.evidence[_labels().index(third)] = 9.95
    calls = {0: Call(None, 0.3), 1: Call(None, 0.3)}
    squares = {0: _open(), 1: near}
    legal: dict[int, set[str] | None] = {0: None, 1: None}
    apart = _measure({0: 0.1, 1: -0.2})
    assert pair_twins(calls, squares, COUNTS, {}, legal, 1.0, apart)[1].label is None
    out = pair_twins(calls, squares, COUNTS, {7: third}, legal, 1.0, apart)
    assert (out[0].label, out[1].label) == (KISS, CROSS)
    # the family of four whose paths all meet in the middle holds one pattern in two turns
    # (35607124 and 46570213): with the other two used up, a square may be either turn
    c1, k1, c2, star = "35607124", "36507214", "46570213", "45670123"
    assert pattern_of(c2) == pattern_of(c1) and _kind(c1, k1) > 0
    ev = np.zeros(len(_labels()), np.float32)
    for label, value in ((c1, 10.0), (k1, 9.9), (c2, 9.0), (star, 8.5)):
        ev[_labels().index(label)] = value
    family = Open((c1, k1, LEAN + 0.1, FIT + 0.2), ev, np.zeros(2))
    out = pair_twins(calls, {0: family, 1: family}, COUNTS, {8: star}, legal, 1.0, apart)
    assert out[0].label is None and out[1].label is None


def test_two_left_that_are_no_near_twins_are_not_paired() -> None:
    # the box leaves the crossing tile and a tile that is not its twin: nothing to compare
    other = next(lb for lb in _labels() if pattern_of(lb) not in (pattern_of(CROSS),
                                                                    pattern_of(KISS))
                 and not twins(lb, CROSS))
    near = _open()
    near.evidence[_labels().index(other)] = 9.95
    calls = {0: Call(None, 0.3), 1: Call(None, 0.3)}
    out = pair_twins(calls, {0: near, 1: near}, COUNTS, {7: KISS},
                     {0: None, 1: None}, 1.0, _measure({0: 0.1, 1: -0.2}))
    assert out[0].label is None and out[1].label is None
