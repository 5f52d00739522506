"""A board whose pale tiles' printed edge and the gap round each piece read as U-turns on
every square (issue 9, the built-in reading; vision.read_paths.rim_pairs): read again with
no side's U-turn as evidence, its tiles are read by their other paths, where before the
edge's four U-turns (``10325476``, claimed beyond the box and so no evidence) left nearly
every tile ``unknown``. The tuning looks never claim so and read as before
(benchmarks/vision.py: identical rows)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from vision_helpers import mix_photo, mixed_look, pale_edged, score

from companion.core.board import GAME_BOARDS
from companion.tsuro.tiles import Tile
from vision import board_twins, looks, read_paths, recognise
from vision.read_paths import PAIRS, _from_pairs, rim_pairs, tiles
from vision.reading import Content
from vision.recognise import BoardReader
from vision.templates import builtin

TSURO = GAME_BOARDS["tsuro"]
LABELS = [t.notation() for t in tiles()]

def test_skipped_pairs_are_the_background() -> None:
    """With the side pairs skipped, strong U-turn evidence adds nothing to any tile, and
    the other pairs are read against the median of the rest."""
    rng = np.random.default_rng(3)
    pair = rng.normal(0, 0.1, (5, len(PAIRS))).astype(np.float32)
    side = rim_pairs(["10325476"])
    loud = pair.copy()
    loud[:, side] += 2.0  # the edge: every side's U-turn shows strongly
    skipped = _from_pairs(loud, side)
    assert np.allclose(skipped, _from_pairs(pair, side), atol=1e-6)
    assert float(np.abs(skipped[:, LABELS.index("10325476")]).max()) < 1e-6
    # kept, the edge makes the four U-turns every square's best tile
    assert set(np.argmax(_from_pairs(loud), axis=1)) == {LABELS.index("10325476")}


@pytest.fixture(scope="module")
def pale() -> str:
    return pale_edged()


def _read(look: str, seeds: range) -> tuple[int, int, int, list[bool]]:
    right = unknown = wrong = 0
    rims = []
    for seed in seeds:
        rng = np.random.default_rng([seed, 9])
        position = looks.random_position(rng, 6, 6, "tsuro", 0.6)
        photo, _ = looks.board_photo(look, 6, 6, position, seed, game="tsuro")
        reader = BoardReader(TSURO, builtin(), game="tsuro")
        reading = reader.read(photo)
        rims.append(reader._rim is not None and bool(reader._rim.any()))
        r, u, w = score(reading, position)
        right, unknown, wrong = right + r, unknown + u, wrong + len(w)
    return right, unknown, wrong, rims


def test_a_board_whose_rim_reads_as_u_turns_is_read_without_them(
        pale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    right, _, wrong, rims = _read(pale, range(3))
    assert all(rims)
    monkeypatch.setattr(read_paths, "rim_pairs", lambda labels: np.zeros(len(PAIRS), bool))
    monkeypatch.setattr(read_paths, "rim_seen", lambda *_: False)  # no rim rule at all
    before, _, wrong_before, _ = _read(pale, range(3))
    assert right >= before + 30, (right, before)  # of 108 squares
    assert wrong <= wrong_before + 2


def test_a_tuning_look_keeps_its_u_turns() -> None:
    *_, rims = _read("reeds", range(2))
    assert not any(rims)


def test_a_re_read_keeps_the_rim_and_a_full_read_judges_it_afresh(
        pale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng([5, 9])
    position = looks.random_position(rng, 6, 6, "tsuro", 0.6)
    photo, _ = looks.board_photo(pale, 6, 6, position, 5, game="tsuro")
    reader = BoardReader(TSURO, builtin(), game="tsuro")
    first = reader.read(photo)
    assert reader._rim is not None and reader._rim.any()
    found = reader._rim.copy()
    # squares left unknown read again where legal moves help: a few squares, the rim kept
    open_tiles = [sq for sq, r in first.squares.items()
                  if r.content is Content.UNKNOWN and isinstance(position[sq], Tile)][:3]
    assert open_tiles
    asked: list[tuple[int, np.ndarray | None]] = []
    score = read_paths.score

    def seen(*args: Any, **kwargs: Any) -> Any:
        out = score(*args, **kwargs)
        asked.append((len(out.squares), args[7] if len(args) > 7 else kwargs.get("skip")))
        return out

    monkeypatch.setattr(read_paths, "score", seen)
    reader.read(photo, legal={sq: list(position[sq].rotations())  # type: ignore[union-attr]
                              for sq in open_tiles})
    assert [n for n, _ in asked] == [len(open_tiles)]  # those squares alone, read again ...
    skip = asked[0][1]
    assert skip is not None and np.array_equal(skip, found)  # ... without the rim's pairs
    assert reader._rim is not None and np.array_equal(reader._rim, found)
    monkeypatch.undo()
    reader.forget()
    assert reader._rim is None and reader._yardstick is None
    # a board of a tuning look read next by the same reader: no rim
    rng = np.random.default_rng([6, 9])
    other = looks.random_position(rng, 6, 6, "tsuro", 0.6)
    reader.read(looks.board_photo("reeds", 6, 6, other, 6, game="tsuro")[0])
    assert reader._rim is None


def _scores(pairs: np.ndarray, ends: float = 0.6) -> read_paths.PathScores:
    n = len(pairs)
    return read_paths.PathScores(np.arange(n), _from_pairs(pairs), 1, np.zeros((n, 2)),
                                 np.full(n, ends), ends=np.full((n, 8), ends), pairs=pairs)


def test_a_u_turn_along_every_side_of_the_tiles_is_the_rim() -> None:
    """A tile joins two points of one side on some sides only; the pieces' edge shows on
    all four, as strongly as the tiles' own paths (read_paths.rim_seen)."""
    rng = np.random.default_rng(5)
    n = read_paths.RIM_LEAST + 4
    pair = rng.normal(0, 0.05, (n, len(PAIRS))).astype(np.float32)
    own = [LABELS[int(k)] for k in rng.integers(0, len(LABELS), n)]
    for k, label in enumerate(own):  # each square's own four paths
        pair[k, [PAIRS.index((a, int(b))) for a, b in enumerate(label) if a < int(b)]] += 1.0
    side = read_paths.side_pairs()
    assert not read_paths.rim_seen(_scores(pair), 0.2)
    edged = pair.copy()
    edged[:, side] = np.maximum(edged[:, side], 0.9)
    assert read_paths.rim_seen(_scores(edged), 0.2)
    # only on squares whose path ends show a tile, and enough of them
    assert not read_paths.rim_seen(_scores(edged, ends=0.1), 0.2)
    few = edged[:read_paths.RIM_LEAST - 1]
    assert not read_paths.rim_seen(_scores(few), 0.2)


def test_a_rim_no_pattern_claims_beyond_the_box_is_seen_all_the_same() -> None:
    # mix 1-1 printed with the further boards (vision_mixes --art contours,lattice,stars):
    # its paths named U-turn tiles here and there, never a pattern beyond the box, and these
    # photos read 21 and 19 of 36 squares right with 2 and 4 confidently wrong
    dark_on_pale = mixed_look(1, 1, ("contours", "lattice", "stars"))
    for b in (3, 16):  # as benchmarks/vision_mixes.py draws them
        rng = np.random.default_rng([2026, 101, 6, b])
        position = looks.random_position(rng, 6, 6, "tsuro", float(rng.uniform(0.2, 0.9)))
        photo, _ = looks.board_photo(dark_on_pale.name, 6, 6, position,
                                     int(rng.integers(0, 2**31)), hand=b % 4 == 3,
                                     game="tsuro")
        reader = BoardReader(TSURO, builtin(), game="tsuro", options=frozenset())
        right, _, wrong = score(reader.read(photo), position)
        assert reader._rim is not None, b
        assert wrong == [] and right >= 30, (b, right, wrong)


def test_near_twins_on_a_rim_board_are_settled_on_a_clear_lean_the_paths_agree_with(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # mix 2-2 (thin dark paths on pale tiles, the rim read as U-turns): squares the paths
    # left open between two near twins, each leaning 0.1 or more to the tile the paths
    # themselves put first, were left unknown (the thin boards' rule was off on rim boards)
    dark_on_pale = mixed_look(2, 2)
    photo, position, _ = mix_photo(dark_on_pale.name, 2, 6, "tsuro", 0)
    names = ("r3c4", "r4c5", "r6c4")

    def read() -> tuple[BoardReader, list[Content], list[str]]:
        reader = BoardReader(TSURO, builtin(), game="tsuro", options=frozenset())
        reading = reader.read(photo)
        got = [reading.squares[TSURO.square(n)] for n in names]
        return reader, [g.content for g in got], score(reading, position)[2]

    reader, contents, wrong = read()
    assert reader._rim is not None and wrong == []
    assert contents == [Content.TILE] * 3
    monkeypatch.setattr(board_twins, "LEAN_RIM", 9.0)
    # the rim rule off: the board taught to itself (vision.paths_self, its squares asked
    # teaching too) reads some of them, rightly ...
    _, contents, wrong = read()
    assert wrong == [] and contents != [Content.TILE] * 3
    # ... and with it off too, none
    monkeypatch.setattr(recognise, "self_taught", lambda calls, *a, **k: dict(calls))
    _, contents, _ = read()
    assert Content.TILE not in contents
