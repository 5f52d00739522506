"""The tile of four loops by the rim, decided at the photo's own scale (issue 9, taught
boards): vision.taught_loops.decide_loops on a real photo of the taught mottled set."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from companion.core.board import Square
from companion.tsuro.tiles import Tile
from vision import looks, taught_loops
from vision.board_finder import BoardFinder
from vision.features import warp_top_down
from vision.profile import load_templates
from vision.read_decide import Call
from vision.read_features import PX
from vision.read_fine import View
from vision.read_pose import small_grey
from vision.taught_large import Frame
from vision.taught_loops import decide_loops

LOOPS = "10325476"  # every path joins two points of one side
AT = Square(3, 4)
OPEN = Call(None, 0.3)


@pytest.fixture(scope="module")
def board(taught: Path) -> tuple[object, View, Frame, dict[Square, str]]:
    """The taught set, a photo of a game holding the tile of four loops, its view and frame,
    and the tiles on the board."""
    templates = load_templates(taught)
    rng = np.random.default_rng(4)
    position = looks.random_position(rng, 6, 6, "tsuro", 0.7)
    position = {sq: p for sq, p in position.items()
                if not (isinstance(p, Tile) and p.notation() == LOOPS)}
    position[AT] = Tile.parse(LOOPS)
    photo, _ = looks.board_photo("mottled", 6, 6, position, seed=4, game="tsuro")
    pose = BoardFinder(6, 6).find(photo)
    view = View(small_grey(warp_top_down(photo, pose.homography, 6, 6, PX)), 6)
    tiles = {sq: p.notation() for sq, p in position.items() if isinstance(p, Tile)}
    return templates, view, Frame(photo, pose.homography, 6), tiles


def _index(sq: Square) -> int:
    return (sq.row - 1) * 6 + sq.col - 1  # row by row, from r1c1


def _calls(tiles: dict[Square, str], open_at: Square) -> dict[int, Call]:
    """Every tile but ``open_at``'s called surely (the board's surest tiles set the fit a
    faint tile needs), ``open_at`` open."""
    calls = {_index(sq): Call(label, 0.9, 10.0) for sq, label in tiles.items()}
    calls[_index(open_at)] = OPEN
    return calls


def _rivals(templates: object, tiles: dict[Square, str]) -> tuple[str, ...]:
    large = templates.large  # type: ignore[attr-defined]
    return tuple(lb for lb in large.taught_labels if lb != LOOPS)[:6]


def test_a_square_holding_the_four_loops_is_called_them(
        board: tuple[object, View, Frame, dict[Square, str]]) -> None:
    templates, view, frame, tiles = board
    fine, large = templates.model.fine, templates.large  # type: ignore[attr-defined]
    i = _index(AT)
    cands = {i: (LOOPS, *_rivals(templates, tiles))}
    out = decide_loops(fine, view, cands, _calls(tiles, AT), None, {}, large, frame)
    assert out[i].label == LOOPS
    assert out[i].confidence >= 0.5 and out[i].lead >= 1.0
    # the other squares are not touched
    assert all(out[j] == c for j, c in _calls(tiles, AT).items() if j != i)


def test_a_gap_under_the_line_leaves_the_square_unknown(
        board: tuple[object, View, Frame, dict[Square, str]],
        monkeypatch: pytest.MonkeyPatch) -> None:
    templates, view, frame, tiles = board
    fine, large = templates.model.fine, templates.large  # type: ignore[attr-defined]
    i = _index(AT)
    rivals = _rivals(templates, tiles)
    patch = frame.square(i)
    mine = large.placed(patch, LOOPS)
    gap = mine[0] - max(large.placed(patch, lb)[0] for lb in rivals)
    assert gap >= taught_loops.GAP  # called at the line as it stands (the test above)
    monkeypatch.setattr(taught_loops, "GAP", gap + 0.01)
    out = decide_loops(fine, view, {i: (LOOPS, *rivals)}, _calls(tiles, AT), None, {}, large,
                       frame)
    assert out[i].label is None


def test_another_tile_the_pooled_look_took_for_the_loops_stays_unknown(
        board: tuple[object, View, Frame, dict[Square, str]]) -> None:
    templates, view, frame, tiles = board
    fine, large = templates.model.fine, templates.large  # type: ignore[attr-defined]
    sq = next(s for s, lb in sorted(tiles.items()) if lb != LOOPS and lb in large)
    i = _index(sq)
    out = decide_loops(fine, view, {i: (LOOPS, tiles[sq])}, _calls(tiles, sq), None, {},
                       large, frame)
    assert out[i].label is None
    # nor where the box has no copy of it left
    out = decide_loops(fine, view, {_index(AT): (LOOPS, *_rivals(templates, tiles))},
                       _calls(tiles, AT), {Tile.parse(LOOPS).pattern().notation(): 1},
                       {_index(sq): LOOPS}, large, frame)
    assert out[_index(AT)].label is None
