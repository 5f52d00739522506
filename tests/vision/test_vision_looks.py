"""The test looks of issue 9 (vision.looks): reproducible, findable, honest about the hand."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.core.board import GAME_BOARDS, Side, Square
from companion.tsuro.game import load_tile_set
from companion.tsuro.tiles import PATTERNS, Tile
from vision import looks
from vision.board_finder import BoardFinder
from vision.look_files import write_game_photo, write_teach_set
from vision.look_pieces import piece_art
from vision.reading import Daikaiju
from vision.teach import parse_layout

TILE = Tile.parse("52167034")


def _full(rows: int, cols: int, fill: float, seed: int) -> dict[Square, looks.Piece]:
    return looks.random_position(np.random.default_rng(seed), rows, cols, "tsuro", fill)


def test_the_looks_are_the_ones_asked_for() -> None:
    assert {"drawn", "mottled", "curved", "seas", "reeds", "held-out"} <= set(looks.LOOKS)
    assert looks.HELD_OUT == "held-out" and looks.HELD_OUT in looks.LOOKS
    with pytest.raises(looks.LookError, match="no look 'plaid'"):
        looks.board_photo("plaid", 6, 6, {}, 1)


def test_same_seed_same_picture_other_seed_or_frame_another() -> None:
    position = _full(6, 6, 0.5, 3)
    a, _ = looks.board_photo("mottled", 6, 6, position, 11)
    b, _ = looks.board_photo("mottled", 6, 6, position, 11)
    assert a.shape == (660, 880, 3) and a.dtype == np.uint8
    assert np.array_equal(a, b)
    c, _ = looks.board_photo("mottled", 6, 6, position, 12)
    assert float(np.abs(a.astype(int) - c.astype(int)).mean()) > 5
    d, _ = looks.board_photo("mottled", 6, 6, position, 11, frame=1)
    # the next frame of the same table: only sensor noise and JPEG differ
    diff = np.abs(a.astype(int) - d.astype(int))
    assert 0 < float(diff.mean()) < 5


def test_pieces_are_fixed_per_box() -> None:
    spec = looks.spec("mottled")
    one = piece_art(spec, 0, TILE, 0, 100)
    assert np.array_equal(one, piece_art(spec, 0, TILE, 0, 100))
    assert float(np.abs(one.astype(int) - piece_art(spec, 1, TILE, 0, 100).astype(int)).mean()) > 3
    # a piece turned on the table is the same piece: its pattern's picture turned
    turned = piece_art(spec, 0, TILE.rotated(1), 0, 100)
    assert np.array_equal(turned, np.rot90(one, k=-1))


@pytest.mark.parametrize("look", looks.LOOKS)
def test_all_four_markers_are_found_on_every_look(look: str) -> None:
    photo, covered, truth = looks.board_photo_and_pose(look, 7, 7, _full(7, 7, 0.7, 5), 21)
    assert covered == frozenset()
    pose = BoardFinder(7, 7).find(cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY))
    assert pose.markers == 4
    # the markers lie where docs/contracts.md 3 puts them: the fit agrees with the truth
    grid = np.array([[[x, y]] for x in (0.0, 3.5, 7.0) for y in (0.0, 3.5, 7.0)])
    found = cv2.perspectiveTransform(grid, pose.homography)
    true = cv2.perspectiveTransform(grid, truth)
    assert float(np.abs(found - true).max()) < 2.0
    # the hand reaches over squares by a corner, never over the corner's marker
    photo, covered = looks.board_photo(look, 6, 6, _full(6, 6, 0.5, 6), 22, hand=True)
    assert covered
    assert BoardFinder(6, 6).find(cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY)).markers == 4


def test_squares_reported_covered_are_under_the_hand_and_no_others() -> None:
    position = _full(6, 6, 0.6, 8)
    for seed in (1, 2, 3):
        bare, none = looks.board_top_down("seas", 6, 6, position, seed)
        hand, covered = looks.board_top_down("seas", 6, 6, position, seed, hand=True)
        assert none == frozenset()
        assert 1 <= len(covered) <= 8
        x0, y0 = looks.grid_origin(6, 6)
        px = looks.PX
        for r in range(1, 7):
            for c in range(1, 7):
                box = (slice(y0 + (r - 1) * px, y0 + r * px), slice(x0 + (c - 1) * px, x0 + c * px))
                changed = float((np.abs(hand[box].astype(int) - bare[box].astype(int))
                                 .max(axis=2) > 30).mean())
                if Square(r, c) in covered:
                    assert changed > looks.COVERED_SHARE / 2, (seed, r, c)
                else:
                    assert changed < looks.COVERED_SHARE, (seed, r, c)


def _laid(photos: list[tuple[np.ndarray, dict[Square, looks.Piece]]]) -> Counter[object]:
    out: Counter[object] = Counter()
    for _, layout in photos:
        for piece in layout.values():
            if isinstance(piece, Tile):
                out[piece.pattern()] += 1
            elif isinstance(piece, Daikaiju):
                out[piece.facing] += 1
    return out


def test_tsuro_teach_photos_show_each_tile_once_then_the_empty_board() -> None:
    photos = looks.teach_photos("drawn", 6, 6, 4, "tsuro")
    assert len(photos) == 2
    assert _laid(photos) == Counter(dict.fromkeys(PATTERNS, 1))
    first, empty = photos[0][1], photos[1][1]
    assert len(first) == 36 and sum(v is None for v in first.values()) == 1
    assert len(empty) == 36 and all(v is None for v in empty.values())
    assert photos[0][0].shape == (660, 880, 3)


def test_seas_teach_photos_show_its_tile_set_and_a_daikaiju_facing_each_way() -> None:
    photos = looks.teach_photos("seas", 7, 7, 4, "tsuro-of-the-seas")
    # every piece of the box: both pieces of a pattern it holds twice (issue 9)
    want: Counter[object] = Counter(PATTERNS[i] for i in load_tile_set())
    want.update(Side)
    assert _laid(photos) == want
    assert all(v is None for v in photos[-1][1].values())


def test_random_positions_never_use_a_piece_the_box_does_not_hold() -> None:
    rng = np.random.default_rng(1)
    for _ in range(20):
        board = looks.random_position(rng, 6, 6, "tsuro", 1.0)
        tiles = [v.pattern() for v in board.values() if isinstance(v, Tile)]
        assert len(tiles) == len(set(tiles)) == 35
    seas = Counter(PATTERNS[i] for i in load_tile_set())
    for _ in range(20):
        board = looks.random_position(rng, 7, 7, "tsuro-of-the-seas", 0.9)
        used = Counter(v.pattern() for v in board.values() if isinstance(v, Tile))
        assert all(n <= seas[p] for p, n in used.items())
    with pytest.raises(looks.LookError, match="rigadoon"):
        looks.random_position(rng, 6, 6, "rigadoon", 0.5)


def _square_stats(img: np.ndarray, rows: int, cols: int) -> tuple[np.ndarray, np.ndarray]:
    grey = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY).astype(np.float32)
    x0, y0 = looks.grid_origin(rows, cols)
    px, m = looks.PX, looks.PX // 8  # leave the grid lines and the tiles' gaps out
    means, spreads = [], []
    for r in range(rows):
        for c in range(cols):
            sq = grey[y0 + r * px + m: y0 + (r + 1) * px - m, x0 + c * px + m: x0 + (c + 1) * px - m]
            means.append(float(sq.mean()))
            spreads.append(float(sq.std()))
    return np.array(means), np.array(spreads)


def test_the_mottled_empty_board_is_not_one_plain_colour() -> None:
    empty, _ = looks.board_top_down("mottled", 6, 6, {}, 2)
    full, _ = looks.board_top_down("mottled", 6, 6, _full(6, 6, 1.0, 2), 2)
    means, spreads = _square_stats(empty, 6, 6)
    _, tile_spreads = _square_stats(full, 6, 6)
    assert means.max() - means.min() > 40  # empty squares differ from one another
    # some empty squares are busier than a typical tile: "plain means empty" fails here
    assert int((spreads > np.median(tile_spreads)).sum()) >= 3
    no_glare = replace(looks.DISORDER, glare=0.0)
    drawn, _ = looks.board_top_down("drawn", 6, 6, {}, 2, disorder=no_glare)
    assert _square_stats(drawn, 6, 6)[1].max() < 6  # the old look: every empty square plain
    calm, _ = looks.board_top_down("mottled", 6, 6, {}, 2, disorder=no_glare)
    assert _square_stats(calm, 6, 6)[1].max() > 30  # and not for want of glare


def test_the_reeds_look_is_a_tuning_look_of_its_own() -> None:
    """``reeds`` (chosen on, like the four others) shares neither its texture and board art
    pair nor its paths with ``held-out``; its board is busy with pale lines as thin as the
    tiles' paths, and its paths are of low contrast."""
    reeds, held = looks.spec("reeds"), looks.spec(looks.HELD_OUT)
    assert looks.HELD_OUT != "reeds" and "reeds" in looks.LOOKS
    assert (reeds.texture, reeds.board) != (held.texture, held.board)
    assert reeds.board not in {looks.spec(lk).board for lk in looks.LOOKS if lk != "reeds"}
    assert (reeds.path, reeds.path_width) != (held.path, held.path_width)
    assert reeds.path_width <= 0.035 and reeds.path_alpha <= 0.5  # thin and faint
    no_glare = replace(looks.DISORDER, glare=0.0)
    empty, _ = looks.board_top_down("reeds", 6, 6, {}, 2, disorder=no_glare)
    means, spreads = _square_stats(empty, 6, 6)
    assert means.max() - means.min() > 10 and float(np.median(spreads)) > 10  # printed art


def test_a_teach_set_on_disk_is_a_layout_the_teach_command_takes(tmp_path: Path) -> None:
    layout = write_teach_set("held-out", 6, 6, "tsuro", tmp_path / "teach", 3)
    images = parse_layout(layout, GAME_BOARDS["tsuro"])
    assert [i.path.name for i in images] == ["teach-1.png", "teach-2.png"]
    assert all(i.path.is_file() for i in images)
    shown = [p for i in images for p in i.squares.values() if p is not None]
    assert sorted(t.pattern().notation() for t in shown if isinstance(t, Tile)) == sorted(
        p.notation() for p in PATTERNS)
    photo = write_game_photo("seas", 7, 7, "tsuro-of-the-seas", tmp_path, 9, hand=True)
    truth = json.loads(photo.with_suffix(".truth.json").read_text())
    assert len(truth["squares"]) == 49 and any(v.get("covered") for v in truth["squares"].values())
    written = cv2.imread(str(photo))
    assert written is not None and written.shape == (660, 880, 3)


def test_laying_a_tile_leaves_the_others_where_they_lay() -> None:
    before = _full(6, 6, 0.4, 12)
    square = next(sq for sq, p in before.items() if p is None)
    after = {**before, square: TILE}
    a, _ = looks.board_top_down("mottled", 6, 6, before, 4)
    b, _ = looks.board_top_down("mottled", 6, 6, after, 4)
    changed = np.argwhere(np.abs(a.astype(int) - b.astype(int)).max(axis=2) > 0)
    x0, y0 = looks.grid_origin(6, 6)
    px = looks.PX
    centre = np.array([y0 + (square.row - 0.5) * px, x0 + (square.col - 0.5) * px])
    assert len(changed) > px * px // 2  # the new tile is there
    # every changed pixel lies within the new tile's own square, give or take its slip
    assert float(np.abs(changed - centre).max()) < px * 0.62


def test_a_registered_look_is_photographed_by_name_and_a_taken_name_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(looks, "_EXTRA", {})
    before = looks.LOOKS
    mix = replace(looks.spec("mottled"), name="mix-test", tile=(130.0, 60.0, 40.0))
    looks.register(mix)
    assert looks.spec("mix-test") is mix and before == looks.LOOKS
    position = _full(6, 6, 0.5, 3)
    ours, _ = looks.board_photo("mix-test", 6, 6, position, 11)
    theirs, _ = looks.board_photo("mottled", 6, 6, position, 11)
    assert float(np.abs(ours.astype(int) - theirs.astype(int)).mean()) > 3
    for taken in (mix, replace(mix, name="mottled")):
        with pytest.raises(looks.LookError, match="exists already"):
            looks.register(taken)
