"""Learning the look of the owner's own pieces from photos (contracts.md 4).

Each taught square gives the look of one piece in one orientation; a quarter turn of the
patch gives the other orientations for free. Tiles never shown are drawn from what was
learned of their paths: every path (a pair of points) has a look, and a tile looks like the
bare tile plus its four paths. That guess is only used where no photo of the tile exists.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from companion.board import BoardError, BoardProfile, Side, Square
from companion.tiles import Tile, TileError, all_oriented

from .board_finder import BoardFinder
from .errors import LayoutError
from .features import GRID, PX, jittered_patch, normalise, patches, rotate_patch, warp_top_down
from .geometry import MarkerLayout
from .reading import Daikaiju
from .recognise import _grey
from .sources import load_image
from .templates import DAIKAIJU, TemplateSet, _turned, daikaiju_label

Taught = Tile | Daikaiju | None


@dataclass
class TeachImage:
    path: Path
    squares: dict[Square, Taught]


@dataclass
class Lesson:
    """What the photos showed, before it is turned into templates."""

    samples: list[tuple[str, np.ndarray]] = field(default_factory=list)  # label, raw patch
    empty: list[np.ndarray] = field(default_factory=list)
    images: int = 0


def parse_layout(path: Path, board: BoardProfile) -> list[TeachImage]:
    """Read LAYOUT.json; every problem is a :class:`LayoutError` naming the entry."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise LayoutError(f"{path}: cannot read the layout ({exc.strerror})") from None
    except ValueError as exc:
        raise LayoutError(f"{path}: not valid JSON ({exc})") from None
    if not isinstance(data, dict) or not isinstance(data.get("images"), list):
        raise LayoutError(f'{path}: expected {{"images": [...]}}')
    if not data["images"]:
        raise LayoutError(f"{path}: the layout lists no images")
    out = []
    for n, entry in enumerate(data["images"], start=1):
        where = f"{path.name} image {n}"
        if not isinstance(entry, dict) or not isinstance(entry.get("path"), str):
            raise LayoutError(f'{where}: each image needs a "path"')
        squares = entry.get("squares")
        if not isinstance(squares, dict):
            raise LayoutError(f'{where}: "squares" must map square names to pieces')
        parsed: dict[Square, Taught] = {}
        for name, value in squares.items():
            try:
                sq = board.square(name)
            except BoardError as exc:
                raise LayoutError(f"{where}: {exc}") from None
            parsed[sq] = _piece(value, f"{where} {name}")
        out.append(TeachImage(path.parent / entry["path"], parsed))
    return out


def _piece(value: object, where: str) -> Taught:
    if value is None:
        return None
    if not isinstance(value, str):
        raise LayoutError(f"{where}: {value!r} is not a tile, null or daikaiju")
    if value == DAIKAIJU or value.startswith(DAIKAIJU + ":"):
        # An addition of ours: "daikaiju:east" says where the head points (default north).
        facing = value.partition(":")[2] or "north"
        try:
            return Daikaiju(Side.parse(facing))
        except BoardError as exc:
            raise LayoutError(f"{where}: {exc}") from None
    try:
        return Tile.parse(value)
    except TileError as exc:
        raise LayoutError(f"{where}: {exc}") from None


def learn(images: list[TeachImage], board: BoardProfile,
          layout: MarkerLayout | None = None) -> Lesson:
    """Find the board in every photo and cut out the taught squares."""
    lesson = Lesson()
    for item in images:
        frame = load_image(item.path)
        grey = _grey(frame)
        assert grey is not None
        finder = BoardFinder(board.rows, board.cols, layout)
        pose = finder.find(grey)  # BoardNotFound names the problem
        top = warp_top_down(grey, pose.homography, board.rows, board.cols)
        raw = patches(top, board.rows, board.cols)
        for sq, piece in item.squares.items():
            if piece is None:
                lesson.empty.append(raw[board.index(sq)])
                continue
            p = jittered_patch(top, (sq.col - 1) * PX, (sq.row - 1) * PX)
            if isinstance(piece, Daikaiju):
                lesson.samples.append((daikaiju_label(piece.facing), p))
            else:
                lesson.samples.append((piece.notation(), p))
        lesson.images += 1
    return lesson


def build_templates(lesson: Lesson) -> TemplateSet:
    """Templates from a lesson: every taught look in its four orientations, then a
    path-by-path guess for tiles never shown."""
    if not lesson.samples:
        raise LayoutError("nothing to learn: the layout names no tile or daikaiju square")
    labels: list[str] = []
    looks: list[np.ndarray] = []
    for label, p in lesson.samples:
        for k in range(4):
            labels.append(_turn(label, k))
            looks.append(rotate_patch(p, k))
    taught = set(labels)
    guessed = _guess_untaught(labels, looks, taught)
    for label, p in guessed.items():
        labels.append(label)
        looks.append(p)
    vecs, contrast = normalise(np.stack(looks))
    piece_min = float(np.percentile(contrast[: 4 * len(lesson.samples)], 1))
    if lesson.empty:
        empty_max = float(normalise(np.stack(lesson.empty))[1].max())
        threshold = float(np.sqrt(max(empty_max, 0.005) * piece_min))
    else:
        threshold = piece_min / 3
    return TemplateSet(labels, vecs, threshold, source="taught")


_turn = _turned


_PAIRS = [(a, b) for a in range(8) for b in range(a + 1, 8)]
_PAIR_INDEX = {pair: i for i, pair in enumerate(_PAIRS)}


def _guess_untaught(labels: list[str], looks: list[np.ndarray],
                    taught: set[str]) -> dict[str, np.ndarray]:
    """Fit look = bare tile + sum of its paths' looks (least squares over taught tiles),
    then draw the untaught tiles whose every path was seen."""
    rows, ys = [], []
    for label, p in zip(labels, looks, strict=True):
        if label.startswith(DAIKAIJU):
            continue
        x = np.zeros(1 + len(_PAIRS), np.float32)
        x[0] = 1.0
        for pair in Tile.parse(label).pairs():
            x[1 + _PAIR_INDEX[pair]] = 1.0
        rows.append(x)
        ys.append((p / max(float(p.mean()), 1.0)).ravel())
    if len(rows) < 8:
        return {}
    design, target = np.stack(rows), np.stack(ys)
    coef, *_ = np.linalg.lstsq(design, target, rcond=None)
    seen = design[:, 1:].sum(axis=0) > 0
    out: dict[str, np.ndarray] = {}
    for tile in all_oriented():
        label = tile.notation()
        if label in taught:
            continue
        idx = [1 + _PAIR_INDEX[pair] for pair in tile.pairs()]
        if not all(seen[i - 1] for i in idx):
            continue
        out[label] = (coef[0] + coef[idx].sum(axis=0)).reshape(GRID, GRID)
    return out


def teach(layout_path: Path, board: BoardProfile, profile_dir: Path,
          marker_layout: MarkerLayout | None = None) -> tuple[TemplateSet, Lesson]:
    """The whole of ``companion vision teach``: parse, learn, build and save."""
    images = parse_layout(layout_path, board)
    lesson = learn(images, board, marker_layout)
    templates = build_templates(lesson)
    templates.save(profile_dir)
    record = {
        "board": {"rows": board.rows, "cols": board.cols, "name": board.name},
        "images": [str(i.path) for i in images],
        "taught": sorted({lb for lb, _ in lesson.samples}),
        "empty_squares": len(lesson.empty),
        "looks": len(templates.labels),
    }
    (profile_dir / "teach.json").write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
    return templates, lesson


def summary(templates: TemplateSet, lesson: Lesson) -> str:
    tiles = {lb for lb in templates.labels if not lb.startswith(DAIKAIJU)}
    taught = {lb for lb, _ in lesson.samples}
    shown = {_turn(lb, k) for lb in taught for k in range(4)}
    return (f"learned {len(lesson.samples)} pieces and {len(lesson.empty)} empty squares from "
            f"{lesson.images} photo(s): {len(tiles & shown)} oriented tiles seen, "
            f"{len(tiles - shown)} drawn from their paths, "
            f"{105 - len(tiles)} not recognisable yet")

