"""The readers of issue 9: taught from two photos, built-in from the paths, the box as
evidence, and teaching that refuses a layout its photo contradicts."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest
from vision_helpers import score

from companion.core.board import GAME_BOARDS, Square
from companion.tsuro.tiles import PATTERNS, Tile
from vision import looks
from vision.errors import LayoutError
from vision.inventory import assign, box_counts, settle
from vision.profile import load_templates
from vision.read_combine import JOINT_MARGIN, PATH_LABELS, agree
from vision.read_decide import EMPTY, Call, Thresholds
from vision.reading import Content, Daikaiju
from vision.recognise import BoardReader
from vision.teach import teach
from vision.teach_plan import layout_value

TSURO = GAME_BOARDS["tsuro"]
CALM = replace(looks.DISORDER, tilt_deg=10.0)


def _write_teaching(look: str, where: Path, seed: int = 3) -> Path:
    where.mkdir(parents=True, exist_ok=True)
    entries = []
    for n, (photo, layout) in enumerate(looks.teach_photos(look, 6, 6, seed, "tsuro")):
        cv2.imwrite(str(where / f"teach-{n + 1}.png"), photo)
        entries.append({"path": f"teach-{n + 1}.png",
                        "squares": {sq.name(): layout_value(p) for sq, p in layout.items()}})
    path = where / "layout.json"
    path.write_text(json.dumps({"images": entries}), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def mottled_profile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("mottled")
    teach(_write_teaching("mottled", where), TSURO, where / "profile")
    return where / "profile"


def _position(seed: int) -> dict[Square, Tile | Daikaiju | None]:
    return looks.random_position(np.random.default_rng(seed), 6, 6, "tsuro", 0.7)


def test_taught_reading_reads_the_owners_busy_board(mottled_profile: Path) -> None:
    templates = load_templates(mottled_profile)
    right = unknown = 0
    for seed in (1, 2):
        truth = _position(seed)
        photo, _ = looks.board_photo("mottled", 6, 6, truth, seed=40 + seed, disorder=CALM)
        r, u, wrong = score(BoardReader(TSURO, templates).read(photo), truth)
        assert wrong == []
        right, unknown = right + r, unknown + u
    assert right >= 0.9 * (right + unknown)


def test_built_in_reading_follows_paths_of_an_unseen_look() -> None:
    right = tiles = read_tiles = 0
    wrongs: list[str] = []
    for seed in (5, 6, 7):
        truth = _position(seed)
        photo, _ = looks.board_photo("curved", 6, 6, truth, seed=9 + seed, disorder=CALM)
        reading = BoardReader(TSURO).read(photo)
        r, _, wrong = score(reading, truth)
        right, wrongs = right + r, wrongs + wrong
        tiles += sum(isinstance(p, Tile) for p in truth.values())
        read_tiles += sum(r.content is Content.TILE for r in reading.squares.values())
    # The built-in target is at most 0.5% wrong; on this look two tiles whose crossing paths
    # bend like two arcs (32107654, 42170653) are still confused now and then (docs/vision.md).
    assert len(wrongs) <= 2, wrongs
    assert read_tiles >= 0.75 * tiles
    assert right >= 0.8 * 3 * 36


def test_a_hand_is_never_read_as_a_piece_or_bare(mottled_profile: Path) -> None:
    truth = _position(8)
    photo, covered = looks.board_photo("mottled", 6, 6, truth, seed=12, hand=True,
                                       disorder=CALM)
    assert covered
    reading = BoardReader(TSURO, load_templates(mottled_profile)).read(photo)
    for sq in covered:
        got = reading.squares[sq]
        assert got.content is Content.UNKNOWN or got.piece() == truth[sq], (sq, got)


def test_a_layout_naming_a_tile_on_a_bare_square_teaches_nothing(tmp_path: Path) -> None:
    layout = _write_teaching("drawn", tmp_path)
    data = json.loads(layout.read_text())
    data["images"][-1]["squares"]["r2c2"] = "10325476"  # the empty board's photo
    layout.write_text(json.dumps(data))
    with pytest.raises(LayoutError, match="bare in the photo: r2c2"):
        teach(layout, TSURO, tmp_path / "profile")
    assert not (tmp_path / "profile").exists()


def test_without_a_bare_square_there_are_too_few_photos(tmp_path: Path) -> None:
    layout = _write_teaching("drawn", tmp_path)
    data = json.loads(layout.read_text())
    first = data["images"][0]
    first["squares"] = {k: v for k, v in first["squares"].items() if v is not None}
    data["images"] = [first]
    layout.write_text(json.dumps(data))
    with pytest.raises(LayoutError, match="too few teaching photos"):
        teach(layout, TSURO, tmp_path / "profile")


def test_the_box_holds_each_tsuro_tile_once() -> None:
    counts = box_counts("tsuro")
    assert counts is not None and set(counts) == {p.notation() for p in PATTERNS}
    seas = box_counts("tsuro-of-the-seas")
    assert seas is not None and sum(seas.values()) > 35
    tile = PATTERNS[3]
    calls = {0: Call(tile.notation(), 0.9, 5.0), 1: Call(tile.rotated(1).notation(), 0.6, 1.5),
             2: Call(EMPTY, 0.9, 9.0)}
    out = assign(calls, counts)
    assert out[0] == calls[0] and out[2] == calls[2]
    assert out[1].label is None  # the same piece cannot lie twice: the weaker read gives way
    # a tile already known on the board uses up its pattern first
    assert assign({0: calls[0]}, counts, fixed={5: tile.rotated(2).notation()})[0].label is None
    assert assign(calls, None) == calls


def _evidence(scores: dict[str, float]) -> np.ndarray:
    """Joint evidence over every oriented tile: 0 but for ``scores``."""
    row = np.zeros(len(PATH_LABELS), np.float32)
    for label, value in scores.items():
        row[PATH_LABELS.index(label)] = value
    return row


def test_a_square_left_open_is_settled_by_what_the_box_has_left() -> None:
    counts = box_counts("tsuro")
    a, b = PATTERNS[3], PATTERNS[7]
    sure = {0: Call(a.notation(), 0.9, 5.0)}
    # square 1 leans to ``a`` (already on square 0) by a hair, then to ``b``
    row = _evidence({a.notation(): 2.3, b.notation(): 2.0})
    firsts = frozenset({a.notation(), b.notation()})
    calls = {**sure, 1: Call(None, 0.3)}
    out = settle(calls, counts, None, {1: (row, firsts)}, PATH_LABELS, JOINT_MARGIN)
    assert out[0] == sure[0]
    assert out[1].label == b.notation() and out[1].confidence >= 0.5
    # without the box in mind the hair decides nothing: the square stays open
    assert settle(calls, None, None, {1: (row, firsts)}, PATH_LABELS,
                  JOINT_MARGIN)[1].label is None
    # nor is a look called that neither reader put first (a hand's stray lines)
    out = settle(calls, counts, None, {1: (row, frozenset({a.notation()}))}, PATH_LABELS,
                 JOINT_MARGIN)
    assert out[1].label is None


def test_the_path_reader_alone_does_not_veto_a_taught_tile() -> None:
    a, b = PATTERNS[3].notation(), PATTERNS[7].notation()
    taught = Call(a, 0.8, 3.0, b)
    # the paths, weak on textured art, put ``b`` ahead; the taught reader's lead outweighs it
    paths = _evidence({a: 0.5, b: 0.8})
    joint = _evidence({a: 3.0 + 5.0, b: 1.0 + 8.0})
    assert agree(taught, Call(b, 0.6, 3.0), paths, 0.2, joint, False, Thresholds(),
                 {a, b}) == taught
    # both readers together clearly placing ``b`` ahead do
    joint = _evidence({a: 3.0 + 5.0, b: 2.5 + 8.0})
    assert agree(taught, Call(b, 0.6, 3.0), paths, 0.2, joint, False, Thresholds(),
                 {a, b}).label is None


def test_the_surer_open_square_takes_the_last_copy() -> None:
    counts = box_counts("tsuro")
    a, b = PATTERNS[3], PATTERNS[7]
    firsts = frozenset({a.notation()})
    strong = _evidence({a.notation(): 4.0, b.notation(): 1.0})
    weak = _evidence({a.notation(): 3.0, b.notation(): 1.5})
    calls = {0: Call(None, 0.3), 1: Call(None, 0.3)}
    out = settle(calls, counts, None, {0: (weak, firsts), 1: (strong, firsts)}, PATH_LABELS,
                 JOINT_MARGIN)
    assert out[1].label == a.notation()
    assert out[0].label is None  # ``a`` is used up and ``b`` was put first by no reader


@pytest.mark.parametrize("style", ["builtin", "curved"])
def test_the_path_reader_joins_the_right_points_seen_from_above(style: str) -> None:
    from vision import read_lines, read_paths
    from vision.drawing import BUILTIN, Style, draw_tile

    look = BUILTIN if style == "builtin" else Style(
        tile=(222, 236, 242), path=(150, 70, 30), path_width=0.06, outline=None, bend=0.55,
        border=None)
    tiles = [p.rotated(k) for k, p in enumerate(PATTERNS)]  # every pattern, turned about
    rows, cols, px = 6, 6, read_lines.PX
    top = np.full((rows * px, cols * px, 3), (60, 105, 60), np.uint8)
    inset = 2
    for n, tile in enumerate(tiles):
        r, c = divmod(n, cols)
        art = cv2.resize(np.asarray(draw_tile(tile, 4 * px, look)), (px - 2 * inset,) * 2,
                         interpolation=cv2.INTER_AREA)
        top[r * px + inset:(r + 1) * px - inset, c * px + inset:(c + 1) * px - inset] = art
    grey = cv2.cvtColor(top, cv2.COLOR_BGR2GRAY)
    scores = read_paths.score(grey, rows, cols, np.arange(len(tiles)))
    order = np.argsort(-scores.tile, axis=1)
    best = [read_paths.tiles()[int(k)] for k in order[:, 0]]
    right = sum(b == t for b, t in zip(best, tiles, strict=True))
    # Tiles whose four paths all cross are still told apart poorly (docs/vision.md): the
    # reader then leaves the square unknown, as the margin is small; the right one is near.
    assert right >= 30, [(t.notation(), b.notation()) for b, t in
                         zip(best, tiles, strict=True) if b != t]
    near = [read_paths.tiles().index(t) in order[n, :3] for n, t in enumerate(tiles)]
    assert sum(near) >= 33
    bare = read_paths.score(grey, rows, cols, np.array([35]))  # the one square left bare
    assert float(bare.tile.max()) < float(scores.tile.max(axis=1).min())
