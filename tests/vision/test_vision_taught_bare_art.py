"""A bare square whose own taught look is plain but whose board art shows lines (issue 9,
round 8): vision.read_combine.agree lets the taught reader's bare call stand when the
paths call no tile and no two path ends show a line."""

from __future__ import annotations

import numpy as np

from vision.read_combine import PATH_LABELS, agree
from vision.read_decide import EMPTY, Call, Thresholds

TH = Thresholds()
BARE = Call(EMPTY, 0.72, 9.0)
NAMES = set(PATH_LABELS)


def _evidence(top: float) -> np.ndarray:
    ev = np.zeros(len(PATH_LABELS), np.float32)
    ev[3] = top
    return ev


def _read(paths: Call, rim: float, own_bare: bool = False) -> Call:
    ev = _evidence(TH.path_tile + 0.05)  # lines enough for a tile somewhere in the square
    return agree(BARE, paths, ev, rim, ev, own_bare, TH, NAMES)


def test_art_with_lines_but_no_path_ends_is_bare() -> None:
    no_tile = Call(None, 0.1, 0.2, PATH_LABELS[3])
    assert _read(no_tile, rim=-0.5).label == EMPTY
    assert _read(no_tile, rim=TH.path_rim - 0.01).label == EMPTY


def test_path_ends_or_a_tile_the_paths_call_keep_it_open() -> None:
    no_tile = Call(None, 0.1, 0.2, PATH_LABELS[3])
    assert _read(no_tile, rim=TH.path_rim).label is None  # two ends show a line
    tile = Call(PATH_LABELS[3], 0.9, 4.0)
    assert _read(tile, rim=-0.5).label is None  # the paths read a tile there
    # the square's own bare look (not plain) settles it as before
    assert _read(tile, rim=0.5, own_bare=True).label == EMPTY
