"""Which view of the board the built-in reading follows the paths in (issue 9, item 2).

A path is a thin line of another colour than the tile round it. Most editions print it
paler or darker than the tile, and grey shows it best; but a path of about the tile's
brightness in another hue (blue on pale pink, say) hardly shows in grey, while the tiles'
texture, mostly a matter of brightness, shows fully. So the paths are also looked for in a
view of blue less red: the line filter (:func:`vision.read_paths.lines`) is in units of the
local spread, so how strongly squares show a line at all eight path ends (a tile: board
art and texture do not end on the rim points) compares between views. A full read takes
blue less red where those squares' ends sum to ``RATIO`` times grey's, else grey; re-reads
keep the full read's view.

Chosen on twelve looks of thin faint paths (``benchmarks/vision_mixes.py --thin``, seed 1,
10 photos a size): of blue less red and green less magenta, only blue less red was ever
the better view; at 1.3 it was taken on the mixes it reads better (pale tiles with blue or
brown paths) and on none of those it reads worse; every look of ``benchmarks/vision.py``
keeps grey. Not chosen on, and read worse: mixes seed 2, mix 5 (strong wide reddish paths
on blue-grey tiles, read well in grey; figures in docs/vision.md). Never chosen on
``held-out``.
"""

from __future__ import annotations

import cv2
import numpy as np

from . import read_paths

GREY, BLUE_RED = "grey", "blue-red"
RATIO = 1.3  # blue less red is taken where its squares' path ends sum to this times grey's


def view(top: np.ndarray, grey: np.ndarray, name: str) -> np.ndarray:
    """The top-down view (BGR) as the path reader follows it: ``grey`` (given, made from
    ``top`` already) or blue less red about the middle grey."""
    if name == GREY:
        return grey
    blue, _, red = cv2.split(top)
    return cv2.addWeighted(blue, 1.0, red, -1.0, 128.0)


def ends_shown(lines: read_paths.Lines) -> float:
    """How strongly the squares of ``lines`` show a line at all eight path ends: the sum of
    their third weakest ends, where positive."""
    third = np.sort(lines.ends, axis=1)[:, 2]
    return float(np.clip(third, 0.0, None).sum())


def choose(top: np.ndarray, grey: np.ndarray, rows: int, cols: int, idx: np.ndarray
           ) -> tuple[str, np.ndarray, read_paths.Lines]:
    """The view the paths of squares ``idx`` show in better (its name, the view and its
    :func:`vision.read_paths.lines` with the polarity chosen there)."""
    shown = read_paths.lines(grey, rows, cols, idx)
    other = view(top, grey, BLUE_RED)
    coloured = read_paths.lines(other, rows, cols, idx)
    strength = ends_shown(coloured)
    if strength > 0.0 and strength >= RATIO * ends_shown(shown):  # (a bare board: grey)
        return BLUE_RED, other, coloured
    return GREY, grey, shown
