"""Which view of the board the built-in reading follows the paths in (issue 9, item 2).

A path is a thin line of another colour than the tile round it. Most editions print it
paler or darker than the tile, and grey shows it best; but a path of about the tile's
brightness in another hue (blue on pale pink, say) hardly shows in grey, while the tiles'
texture, mostly a matter of brightness, shows fully. So the paths are also looked for in a
view of blue less red: the line filter (:func:`vision.read_paths.lines`) is in units of the
local spread, so how strongly squares show a line at all eight path ends (a tile: board
art and texture do not end on the rim points) compares between views. A full built-in read
takes blue less red where those squares' ends sum to ``RATIO`` times grey's and at least
``LEAST_TILES`` squares show a tile's ends there (on a bare board the spread is noise), else
grey; re-reads keep the full read's view, and a taught read follows the paths in grey.
The checks that look at grey or the photo take the paths' polarity in grey
(:attr:`Choice.grey_polarity`).

Chosen on twelve looks of thin faint paths (``benchmarks/vision_mixes.py --thin``, seed 1,
10 photos a size): of blue less red and green less magenta, only blue less red was ever
the better view; at 1.3 it was taken on the mixes it reads better (pale tiles with blue or
brown paths) and on none of those it reads worse; every look of ``benchmarks/vision.py``
keeps grey. Not chosen on, and read worse: mixes seed 2, mix 5 (strong wide reddish paths
on blue-grey tiles, read well in grey; figures in docs/vision.md). Never chosen on
``held-out``.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from . import read_paths
from .paths_decide import TILE_ENDS

GREY, BLUE_RED = "grey", "blue-red"
RATIO = 1.3  # blue less red is taken where its squares' path ends sum to this times grey's
LEAST_TILES = read_paths.PROBE // 3  # ... and this many squares show a tile's ends there


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
    return float(np.clip(_third(lines), 0.0, None).sum())


def _third(lines: read_paths.Lines) -> np.ndarray:
    """Each square's third weakest path end: what a tile shows at all eight."""
    return np.asarray(np.sort(lines.ends, axis=1)[:, 2])


@dataclass(frozen=True)
class Choice:
    """The view chosen (``name``, the ``view`` itself and its
    :func:`vision.read_paths.lines` with the polarity chosen there), and the polarity the
    paths show in grey (for the checks that look at the grey view or the photo)."""

    name: str
    view: np.ndarray
    lines: read_paths.Lines
    grey_polarity: int


def choose(top: np.ndarray, grey: np.ndarray, rows: int, cols: int, idx: np.ndarray
           ) -> Choice:
    """The view the paths of squares ``idx`` show in better; blue less red only where at
    least ``LEAST_TILES`` squares show a tile's eight path ends there (noise on a bare
    board, in units of a spread that is all noise, is no evidence)."""
    shown = read_paths.lines(grey, rows, cols, idx)
    other = view(top, grey, BLUE_RED)
    coloured = read_paths.lines(other, rows, cols, idx)
    tiles = int((_third(coloured) >= TILE_ENDS).sum())
    if tiles >= LEAST_TILES and ends_shown(coloured) >= RATIO * ends_shown(shown):
        return Choice(BLUE_RED, other, coloured, shown.polarity)
    return Choice(GREY, grey, shown, shown.polarity)
