"""Near twins the box settles with nothing taught (issue 9, built-in reading):
``vision.twins_box`` calls a square left open between two near twins when the game's box
has a copy left of only one of its candidates."""

from __future__ import annotations

import numpy as np

from companion.tsuro.tiles import PATTERNS
from vision.inventory import pattern_of
from vision.paths_twins import FIT, LEAN, _labels, twins
from vision.read_decide import Call
from vision.twins_box import NEAR_TWIN, box_twins

A, B = "32107654", "42170653"  # kissing paths against crossing ones
COUNTS = {p.notation(): 1 for p in PATTERNS}  # Tsuro: every pattern once


def _evidence(scores: dict[str, float]) -> np.ndarray:
    ev = np.zeros(len(_labels()), np.float32)
    for label, value in scores.items():
        ev[_labels().index(label)] = value
    return ev


def _open(lean: float = 0.05, fit: float = 0.7, first: str = A, second: str = B,
          extra: dict[str, float] | None = None) -> tuple[tuple[str, str, float, float],
                                                          np.ndarray]:
    return (first, second, lean, fit), _evidence({first: 10.0, second: 9.8, **(extra or {})})


def _other(pattern: str) -> str:
    """An oriented label of ``pattern`` (as a sure square elsewhere would read it)."""
    return next(lb for lb in _labels() if pattern_of(lb) == pattern)


def test_a_twin_read_surely_elsewhere_settles_its_partner() -> None:
    assert twins(A, B) and pattern_of(A) != pattern_of(B)
    calls = {0: Call(None, 0.3), 1: Call(_other(pattern_of(B) or ""), 0.9)}
    out = box_twins(calls, {0: _open()}, COUNTS, {}, {0: None}, 1.0)
    assert out[0].label == A and out[0].second == B
    assert 0.5 <= out[0].confidence < 0.9  # told by the box, less sure than a clear read
    # the runner-up too, when the box has used up the best (and the lines do not lean to it)
    calls = {0: Call(None, 0.3), 1: Call(_other(pattern_of(A) or ""), 0.9)}
    assert box_twins(calls, {0: _open()}, COUNTS, {}, {0: None}, 1.0)[0].label == B
    # a tile known from before uses its copy up just the same
    out = box_twins({0: Call(None, 0.3)}, {0: _open()}, COUNTS, {5: B}, {0: None}, 1.0)
    assert out[0].label == A


def test_nothing_is_settled_without_a_box_or_with_both_twins_left() -> None:
    calls = {0: Call(None, 0.3)}
    assert box_twins(calls, {0: _open()}, None, {}, {0: None}, 1.0)[0].label is None
    assert box_twins(calls, {0: _open()}, COUNTS, {}, {0: None}, 1.0)[0].label is None


def test_a_third_candidate_left_in_the_box_keeps_the_square_open() -> None:
    calls = {0: Call(None, 0.3), 1: Call(_other(pattern_of(B) or ""), 0.9)}
    # a pairing almost as strong as the two
    third = next(lb for lb in _labels() if pattern_of(lb) not in (pattern_of(A), pattern_of(B)))
    out = box_twins(calls, {0: _open(extra={third: 9.5})}, COUNTS, {}, {0: None}, 1.0)
    assert out[0].label is None
    # a near twin of either a little further behind (a family of near twins)
    fam = next(lb for lb in _labels() if (twins(lb, A) or twins(lb, B))
               and pattern_of(lb) not in (pattern_of(A), pattern_of(B)))
    behind = 10.0 - 0.8 * NEAR_TWIN
    out = box_twins(calls, {0: _open(extra={fam: behind})}, COUNTS, {}, {0: None}, 1.0)
    assert out[0].label is None
    # ... unless the lines lean clearly to the one the narrow set leaves
    out = box_twins(calls, {0: _open(lean=LEAN + 0.05, extra={fam: behind})}, COUNTS, {},
                    {0: None}, 1.0)
    assert out[0].label == A


def test_the_box_does_not_overrule_the_lines_nor_call_what_shows_no_twins() -> None:
    calls = {0: Call(None, 0.3), 1: Call(_other(pattern_of(A) or ""), 0.9)}
    # the lines lean clearly to the twin the box has used up: a wrong call elsewhere?
    assert box_twins(calls, {0: _open(lean=LEAN + 0.05)}, COUNTS, {}, {0: None},
                     1.0)[0].label is None
    # the two twins drawn together hardly fit: art, a daikaiju, a hand
    assert box_twins(calls, {0: _open(fit=FIT - 0.1)}, COUNTS, {}, {0: None},
                     1.0)[0].label is None
    # not a legal placement there
    assert box_twins(calls, {0: _open()}, COUNTS, {}, {0: {A}}, 1.0)[0].label is None
    # a square already called is left alone
    called = {0: Call(A, 0.9), 1: calls[1]}
    assert box_twins(called, {0: _open()}, COUNTS, {}, {0: None}, 1.0)[0] == called[0]


def test_the_last_copy_goes_to_the_square_that_leans_most() -> None:
    calls = {0: Call(None, 0.3), 1: Call(None, 0.3), 2: Call(_other(pattern_of(A) or ""), 0.9)}
    leans = {0: _open(lean=0.02, first=B, second=A), 1: _open(lean=0.08, first=B, second=A)}
    out = box_twins(calls, leans, COUNTS, {}, {0: None, 1: None}, 1.0)
    assert out[1].label == B and out[0].label is None


def test_the_candidates_hold_the_family_of_near_twins_but_not_far_tiles() -> None:
    from vision.paths_twins import NEAR, candidates

    # the four tiles whose paths all cross in the middle: the fourth 2.5 margins behind
    ev = _evidence({"36507214": 10.0, "35607124": 9.8, "46570213": 9.0, "45670123": 7.5})
    assert candidates("36507214", "35607124", ev, 1.0) == {
        "36507214", "35607124", "46570213", "45670123"}
    # a tile that is no near twin of either counts only within NEAR of the best
    far = next(lb for lb in _labels() if not twins(lb, A) and not twins(lb, B) and lb != A)
    ev = _evidence({A: 10.0, B: 9.8, far: 10.0 - 2 * NEAR})
    assert candidates(A, B, ev, 1.0) == {A, B}
    ev = _evidence({A: 10.0, B: 9.8, far: 10.0 - 0.5 * NEAR})
    assert candidates(A, B, ev, 1.0) == {A, B, far}
