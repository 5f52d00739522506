"""A pattern the paths call on far more squares than the box holds is no evidence (issue 9,
built-in reading): ``vision.paths_claims`` leaves every such call, and every call leaning on
two of its pairs of points, ``unknown``, and keeps the box from settling those squares."""

from __future__ import annotations

import numpy as np

from companion.tsuro.tiles import PATTERNS
from vision.paths_claims import overclaimed, unclaim
from vision.read_decide import EMPTY, Call

RIM = "10325476"  # four U-turns along the four sides: what a dark edge round a tile reads as
TSURO = {p.notation(): 1 for p in PATTERNS}  # every pattern once
SEAS = {p.notation(): 2 for p in PATTERNS}


def _row(*firsts: str) -> tuple[np.ndarray, frozenset[str]]:
    return np.zeros(105, np.float32), frozenset(firsts)


def test_one_stray_call_beyond_the_box_is_left_to_the_box() -> None:
    two = {0: Call(RIM, 1.0, 5.0), 1: Call(RIM, 0.9, 4.0), 2: Call(EMPTY, 0.8, 9.0)}
    assert overclaimed(two, TSURO) == set()
    assert overclaimed({**two, 3: Call(RIM, 0.9, 3.0)}, SEAS) == set()
    assert overclaimed({**two, 3: Call(RIM, 0.9, 3.0)}, TSURO) == {RIM}
    # without the game named, no box holds more than two
    assert overclaimed({**two, 3: Call(RIM, 0.9, 3.0)}, None) == set()
    assert overclaimed({**two, 3: Call(RIM, 1.0, 3.0), 4: Call(RIM, 1.0, 3.0)}, None) == {RIM}


def test_every_call_of_an_overclaimed_pattern_and_those_leaning_on_its_pairs_are_unknown(
        ) -> None:
    calls = {
        0: Call(RIM, 1.0, 6.0), 1: Call(RIM, 1.0, 5.0), 2: Call(RIM, 1.0, 4.0),  # surest too
        3: Call("10765432", 0.9, 3.0),  # joins (0, 1) and (4, 5) as the edge does: no evidence
        4: Call("27065431", 0.9, 3.0),  # joins one rim pair, (4, 5): its other paths are real
        5: Call("52167034", 0.9, 3.0),  # no rim pair
        6: Call(EMPTY, 0.8, 9.0),
        7: Call(None, 0.4, 1.0, "54321076"),
    }
    rows = {2: _row(RIM), 4: _row("27065431"), 7: _row("54321076"), 8: _row("52167034")}
    out, left = unclaim(calls, rows, TSURO)
    assert [out[i].label for i in range(8)] == [None, None, None, None, "27065431",
                                                "52167034", EMPTY, None]
    assert out[0].second == RIM and out[3].second == "10765432"
    # the box may not call the pattern (or a tile leaning on its pairs) there after all
    assert set(left) == {4, 8}


def test_a_board_within_the_box_is_left_as_it_was() -> None:
    calls = {0: Call(RIM, 1.0, 6.0), 1: Call("10765432", 0.9, 3.0)}
    rows = {0: _row(RIM)}
    out, left = unclaim(calls, rows, TSURO)
    assert out == calls and set(left) == {0}


def test_tiles_known_from_before_use_up_the_box_first() -> None:
    calls = {0: Call(RIM, 1.0, 6.0), 1: Call(RIM, 1.0, 5.0), 2: Call("52167034", 0.9, 3.0)}
    assert overclaimed(calls, TSURO) == set()
    out, _ = unclaim(calls, {}, TSURO, fixed={9: RIM})
    assert [out[i].label for i in range(3)] == [None, None, "52167034"]


def test_pairs_across_the_tile_are_no_edge_and_calls_sharing_them_stand() -> None:
    """A tile truly laid more often than the box holds (a drawn test board) is left open
    where it lies; a tile sharing two of its paths across the tile is no edge's reading."""
    many = "24061735"  # joins (0, 2), (1, 4), (3, 6), (5, 7): no two points of one side
    calls = {i: Call(many, 1.0, 5.0) for i in range(3)}
    calls[3] = Call("24071653", 0.9, 3.0)  # shares (0, 2) and (1, 4)
    out, _ = unclaim(calls, {}, TSURO)
    assert [out[i].label for i in range(4)] == [None, None, None, "24071653"]
