"""Learning the look of the owner's own pieces and board from photos (docs/contracts.md 4).

Each taught square gives the look of one piece in one orientation; a quarter turn of the
crop gives the other orientations for free. Each bare square gives that square's own bare
look (the board's art differs square by square). A photo whose layout names a piece on a
square that is bare in the photo, or a tile other than the one the paths plainly show there,
teaches nothing: teaching stops and says which.
Tiles never shown are left to the built-in reading (:mod:`vision.read_paths`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from companion.core.board import BoardError, BoardProfile, Side, Square
from companion.tsuro.tiles import Tile, TileError

from . import read_paths, teach_turn
from .board_finder import BoardFinder, BoardPose
from .errors import LayoutError
from .features import warp_top_down
from .geometry import MarkerLayout
from .read_decide import Thresholds
from .read_features import (
    DIM,
    PX,
    crops,
    plainness,
    prepare,
    square_means,
    steady_crop,
    turned,
    unit,
)
from .read_fine import SOURCE, FineModel, View
from .read_frame import grey_frame
from .read_taught import BARE_LIKE, EMPTY, TaughtModel, calibrate, distinct
from .reading import Daikaiju
from .sources import load_image
from .taught_large import SOURCE as LARGE_SOURCE
from .taught_large import from_samples as large_from
from .taught_large import warp_square
from .teach_check import layout_slips
from .templates import DAIKAIJU, TemplateSet, _turned, daikaiju_label
from .veterans import is_value as vet_value
from .veterans import parse as vet_parse
from .veterans import teach as vet_teach

Taught = Tile | Daikaiju | None


@dataclass
class TeachImage:
    path: Path
    squares: dict[Square, Taught]


@dataclass
class Lesson:
    """What the photos showed, before it is turned into templates."""

    rows: int
    cols: int
    samples: list[tuple[str, np.ndarray]] = field(default_factory=list)  # label, crop
    empty: dict[int, list[np.ndarray]] = field(default_factory=dict)  # square index, crops
    empty_colour: dict[int, list[np.ndarray]] = field(default_factory=dict)  # mean BGR each
    details: list[tuple[str, int, float]] = field(default_factory=list)  # label, square, detail
    reads: list[tuple[str, int, np.ndarray]] = field(default_factory=list)  # for calibration
    images: int = 0
    photos: list[tuple[np.ndarray, dict[Square, Taught]]] = field(default_factory=list)
    read_back: tuple[int, int, int] = (0, 0, 0)  # right, unknown, wrong: see read_back()
    path_evidence: list[float] = field(default_factory=list)  # per entry of details
    fine: list[tuple[str, np.ndarray]] = field(default_factory=list)  # label, full-size crop
    # label, crop at the photo's own scale (vision.taught_large): tiles only
    large: list[tuple[str, np.ndarray]] = field(default_factory=list)
    # per photo: how many tiles it shows, and the bend of paths found on it
    paths_bend: list[tuple[int, int]] = field(default_factory=list)
    # squares whose layout tile the photo plainly does not show (vision.teach_check)
    against: list[str] = field(default_factory=list)


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
            if vet_value(value):  # Veterans of the Seas: learned by vision.veterans.teach
                try:
                    vet_parse(str(value))
                except LayoutError as exc:
                    raise LayoutError(f"{where} {name}: {exc}") from None
                continue
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


def board_paths(grey: np.ndarray, board: BoardProfile, layout: MarkerLayout | None = None
                ) -> tuple[BoardPose, np.ndarray, read_paths.PathScores]:
    """A teaching photo's board: where it lies (BoardNotFound names the problem), the grey
    view from above and the paths read on it."""
    pose = BoardFinder(board.rows, board.cols, layout).find(grey)
    top = warp_top_down(grey, pose.homography, board.rows, board.cols, PX)
    return pose, top, read_paths.score(top, board.rows, board.cols)


def learn(images: list[TeachImage], board: BoardProfile,
          layout: MarkerLayout | None = None) -> Lesson:
    """Find the board in every photo and cut out the taught squares."""
    lesson = Lesson(board.rows, board.cols)
    th = Thresholds()
    for item in images:
        frame = load_image(item.path)
        grey = grey_frame(frame)
        assert grey is not None
        pose, top, paths = board_paths(grey, board, layout)
        prep = prepare(top, board.rows, board.cols)
        # each bare square's own colour, as a read sees it (the colour view from above)
        colours = np.asarray(square_means(
            warp_top_down(frame, pose.homography, board.rows, board.cols, PX), board.rows,
            board.cols), np.float32).reshape(board.rows * board.cols, 3)
        offsets = paths.offsets
        centred = crops(prep, None, ((0, 0),))[:, 0]
        fine_view = View(top, board.cols)
        details = plainness(prep)
        laid = {board.index(sq): p for sq, p in item.squares.items() if isinstance(p, Tile)}
        found, bend = layout_slips(top, board, paths, laid, th)
        for i, (tile, shown) in sorted(found.items()):
            lesson.against.append(f"{board.squares()[i].name()} of {item.path.name} "
                                  f"({tile.notation()}; the photo shows {shown})")
        for sq, piece in item.squares.items():
            i = board.index(sq)
            detail = float(details[i])
            label = EMPTY if piece is None else (
                daikaiju_label(piece.facing) if isinstance(piece, Daikaiju) else piece.notation())
            lesson.details.append((label, i, detail))
            lesson.path_evidence.append(float(paths.tile[i].max()))
            # Each taught square, with all its shifts, for reading back (calibration).
            at = offsets[i:i + 1]
            lesson.reads.append((label, i, np.concatenate(
                [crops(prep, np.array([i]))[0], crops(prep, np.array([i]), offsets=at)[0]])))
            if piece is None:
                lesson.empty.setdefault(i, []).append(centred[i])
                lesson.empty_colour.setdefault(i, []).append(colours[i])
            else:
                # A tile is cut out where its path ends say it lies, set straight; a
                # daikaiju where it is, as it lies.
                off, turn = (0.0, 0.0), 0.0
                if isinstance(piece, Tile):
                    off = (float(at[0, 0]), float(at[0, 1]))
                    turn = teach_turn.tile_turn(grey, pose.homography, board.cols, i, off,
                                                paths.polarity)
                    lesson.large.append((label, warp_square(
                        grey, pose.homography, board.cols, i, LARGE_SOURCE, off, turn)))
                lesson.samples.append((label, steady_crop(top, board.rows, board.cols, i, off,
                                                          turn=turn)))
                lesson.fine.append((label, fine_view.crop(i, SOURCE, off, turn)))
        lesson.images += 1
        lesson.photos.append((frame, item.squares))
        lesson.paths_bend.append((len(laid), bend))
    return lesson


def contradictions(images: list[TeachImage], lesson: Lesson) -> list[str]:
    """Squares a layout names as holding a piece that look bare in its photo: as plain as
    the bare squares, or like that square's own bare look."""
    bare = [d for lb, _, d in lesson.details if lb == EMPTY]
    pieces = [d for lb, _, d in lesson.details if lb != EMPTY]
    if not pieces:
        return []
    line = float(np.median(pieces)) * 0.4
    plain_board = not bare or float(np.percentile(bare, 90)) < line
    if bare and plain_board:
        # halfway (in log terms) between the bare squares and the plainest pieces
        line = float(np.sqrt(max(float(np.percentile(bare, 90)), 1e-3) * min(pieces)))
    own = {i: unit(np.mean(v, axis=0))[0] for i, v in lesson.empty.items()}
    out = []
    no_paths = Thresholds().path_empty
    for (label, i, detail), (_, _, shifted), ev in zip(lesson.details, lesson.reads,
                                                       lesson.path_evidence, strict=True):
        if label == EMPTY:
            continue
        # plain in the middle and no paths anywhere (a tile of loops is plain in the middle)
        looks_bare = plain_board and detail < line and ev < no_paths
        if i in own:
            sims = unit(shifted)[0] @ own[i]
            looks_bare = looks_bare or float(sims.max()) > BARE_LIKE
        if looks_bare:
            out.append(f"r{i // lesson.cols + 1}c{i % lesson.cols + 1} ({label})")
    return out


def read_back(templates: TemplateSet, lesson: Lesson, board: BoardProfile,
              layout: MarkerLayout | None = None) -> tuple[int, int, int]:
    """Read the teaching photos with what was learned from them: (right, unknown, wrong) over
    the squares their layouts name. A wrong square here means two pieces look alike to the
    camera; many unknown ones, that the photos were poor."""
    from .recognise import BoardReader

    right = unknown = wrong = 0
    for frame, squares in lesson.photos:
        reading = BoardReader(board, templates, layout, game=templates.game).read(frame)
        for sq, piece in squares.items():
            got = reading.squares[sq]
            if got.content.value == "unknown":
                unknown += 1
            elif got.piece() == piece:
                right += 1
            else:
                wrong += 1
    return right, unknown, wrong


def build_templates(lesson: Lesson) -> TemplateSet:
    """Templates from a lesson: every taught look in its four orientations, each square's bare
    look, and the calling line calibrated by reading the taught squares back."""
    if not lesson.samples:
        raise LayoutError("nothing to learn: the layout names no tile or daikaiju square")
    if not lesson.empty:
        raise LayoutError("too few teaching photos: none shows a bare square; add a photo of "
                          "the empty board (every square null in the layout)")
    looks: dict[str, list[np.ndarray]] = {}
    for label, crop in lesson.samples:
        for k in range(4):
            looks.setdefault(_turn(label, k), []).append(turned(crop, k))
    # Each showing its own look (a symmetric tile turned shows other bridges and grain).
    labels = [lb for lb in sorted(looks) for _ in looks[lb]]
    raw = unit(np.stack([crop for lb in sorted(looks) for crop in looks[lb]]))[0]
    tiles = [k for k, lb in enumerate(labels) if not lb.startswith(DAIKAIJU)]
    common = raw[tiles].mean(axis=0) if tiles else np.zeros(DIM, np.float32)
    common = common / max(float(np.linalg.norm(common)), 1e-6)
    vectors = distinct(raw, common)
    n = lesson.rows * lesson.cols
    empty = np.zeros((n, DIM), np.float32)
    empty_detail = np.full(n, -1.0, np.float32)
    for i, items in lesson.empty.items():
        empty[i] = unit(np.mean(items, axis=0))[0]
    for label, i, detail in lesson.details:
        if label == EMPTY:
            empty_detail[i] = max(float(empty_detail[i]), detail)
    piece_details = [d for lb, _, d in lesson.details if lb != EMPTY]
    model = TaughtModel(lesson.rows, lesson.cols, labels, vectors, empty, empty_detail,
                        float(np.percentile(piece_details, 5)), common.astype(np.float32))
    if lesson.fine:
        model.fine = FineModel.from_samples(lesson.fine, _turned)
    model.empty_colour = np.full((n, 3), -1.0, np.float32)
    for i, seen in lesson.empty_colour.items():
        model.empty_colour[i] = np.mean(seen, axis=0)
    # The board's bend of paths, from the photo with the most tiles (enough of them to
    # choose it by, vision.teach_bend): a full read then uses it instead of voting again.
    shown, bend = max(lesson.paths_bend, default=(0, 0))
    if shown >= read_paths.PROBE:
        model.bend = bend
    _calibrate(model, lesson)
    return TemplateSet(labels, vectors, model.piece_detail, source="taught", model=model,
                       large=large_from(lesson.large, _turned))


def _calibrate(model: TaughtModel, lesson: Lesson) -> None:
    from .read_taught import Scored

    samples = []
    for label, i, shifted in lesson.reads:
        vecs = distinct(unit(shifted)[0], model.common)
        sims = np.maximum.reduceat((vecs @ model.vectors.T).max(axis=0), model._bounds)
        scored = Scored(np.array([i]), sims[None], np.zeros(1), np.zeros(1))
        samples.append((label, scored, 0))
    calibrate(model, samples)


_turn = _turned


def teach(layout_path: Path, board: BoardProfile, profile_dir: Path,
          marker_layout: MarkerLayout | None = None,
          game: str | None = None) -> tuple[TemplateSet, Lesson]:
    """The whole of ``companion vision teach``: parse, learn, check, build and save.
    ``game`` names the box taught (recorded in the profile: a reader built on it then
    knows how many of each tile there are, and so does the read-back here)."""
    images = parse_layout(layout_path, board)
    lesson = learn(images, board, marker_layout)
    if lesson.samples and not lesson.empty:
        raise LayoutError("too few teaching photos: none shows a bare square; add a photo of "
                          "the empty board (every square null in the layout)")
    wrong = contradictions(images, lesson)
    if wrong:
        raise LayoutError(f"the layout names pieces on squares that are bare in the photo: "
                          f"{', '.join(wrong[:6])}{' ...' if len(wrong) > 6 else ''}; "
                          f"nothing was learned")
    if lesson.against:
        raise LayoutError(f"the layout names tiles the photo does not show: "
                          f"{', '.join(lesson.against[:4])}"
                          f"{' ...' if len(lesson.against) > 4 else ''}; check those squares "
                          f"(a tile turned, two tiles swapped); nothing was learned")
    templates = build_templates(lesson)
    templates.game = game
    templates.save(profile_dir)
    vet_pieces = vet_teach(layout_path, board, profile_dir, marker_layout)
    lesson.read_back = read_back(templates, lesson, board, marker_layout)
    record = {
        "game": game,
        "board": {"rows": board.rows, "cols": board.cols, "name": board.name},
        "images": [str(i.path) for i in images],
        "taught": sorted({lb for lb, _ in lesson.samples}),
        "empty_squares": len(lesson.empty),
        "veterans_pieces": vet_pieces,
        "looks": len(templates.labels),
        "least": round(templates.model.least if templates.model else 0.0, 3),
        "read_back": dict(zip(("right", "unknown", "wrong"), lesson.read_back, strict=True)),
    }
    (profile_dir / "teach.json").write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
    return templates, lesson


def summary(templates: TemplateSet, lesson: Lesson) -> str:
    tiles = {lb for lb in templates.labels if not lb.startswith(DAIKAIJU)}
    taught = {lb for lb, _ in lesson.samples}
    n = lesson.rows * lesson.cols
    right, unknown, wrong = lesson.read_back
    return (f"learned {len(lesson.samples)} pieces and {len(lesson.empty)} of {n} bare squares "
            f"from {lesson.images} photo(s): {len(tiles)} oriented tiles seen, "
            f"{105 - len(tiles)} left to the built-in reading; {len(taught)} taught looks; "
            f"the photos read back {right} right, {unknown} unknown, {wrong} wrong")
