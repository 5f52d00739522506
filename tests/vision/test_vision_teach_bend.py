"""The bend of paths a profile keeps is chosen on the teach photo's layout, not voted
(issue 9, vision.teach_bend): on pale tiles with dark paths the vote went astray."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
from vision_helpers import mixed_look

from companion.core.board import GAME_BOARDS
from companion.tsuro.tiles import Tile
from vision import looks, read_paths
from vision.look_files import write_teach_set
from vision.read_combine import PATH_INDEX
from vision.teach import board_paths, teach
from vision.teach_bend import layout_bend

TSURO = GAME_BOARDS["tsuro"]


def _first_share(top: np.ndarray, tiles: dict[int, Tile], polarity: int, bend: int) -> float:
    """The share of the layout's tiles the paths rank first at ``bend``."""
    idx = np.array(sorted(tiles))
    ev = read_paths.score(top, 6, 6, idx, polarity, bend).tile
    wanted = np.array([PATH_INDEX[tiles[int(i)].notation()] for i in idx])
    return float(np.mean(ev.argmax(axis=1) == wanted))


def test_the_bend_kept_is_the_one_the_layout_reads_best_at(tmp_path: Path) -> None:
    # mix 11-0 of benchmarks/vision_mixes.py: pale tiles, dark paths drawn at 0.5
    mix = mixed_look(11, 0)
    photo, layout = next(iter(looks.teach_photos(mix.name, 6, 6, 2026, "tsuro")))
    grey = cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY)
    _, top, paths = board_paths(grey, TSURO)
    tiles = {TSURO.index(sq): p for sq, p in layout.items() if isinstance(p, Tile)}
    kept = layout_bend(top, 6, 6, tiles, paths.polarity)
    assert _first_share(top, tiles, paths.polarity, kept) >= 0.9
    assert _first_share(top, tiles, paths.polarity, paths.bend) < 0.2  # the vote
    assert abs(read_paths.BENDS[kept] - mix.bend) <= 0.1
    # and teaching keeps it
    templates, _ = teach(write_teach_set(mix.name, 6, 6, "tsuro", tmp_path, 2026), TSURO,
                         tmp_path / "profile")
    assert templates.model is not None and templates.model.bend == kept
