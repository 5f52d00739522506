"""The teach wizard's plan: which pieces to lay where, one photo per sheet, and the album of
photos that becomes the contract's LAYOUT.json (docs/contracts.md 4).

A sheet never asks for the same pattern twice, nor for more daikaiju than the owner has:
each sheet must be one the player can lay out. Each pattern is shown twice, on two sheets;
of a pattern the box holds twice (Tsuro of the Seas), the second showing is the other piece
(:func:`other_pieces`): copies of a tile differ in print, and a piece never shown is a piece
the camera reads only by its likeness to its twin.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path

import cv2
import numpy as np

from companion.core.board import BoardProfile, Side, Square
from companion.tsuro.game import load_tile_set
from companion.tsuro.tiles import PATTERNS, Tile

from .board_finder import BoardFinder
from .errors import BadImage, LayoutError, VisionError
from .geometry import MarkerLayout
from .profile import load_layout
from .reading import Daikaiju, VetPiece

Sheet = dict[Square, Tile | Daikaiju | VetPiece | None]
LAYOUT_FILE = "layout.json"
MIN_EMPTY = 4  # bare squares per sheet: the empty threshold is learned from them
SHOWINGS = 2  # photos of each pattern, each in another orientation where it has one
_GOLDEN = (math.sqrt(5) - 1) / 2


def game_patterns(game: str) -> list[Tile]:
    """The tile patterns of a game's set, one entry per piece: a pattern the box holds twice
    comes twice (for Tsuro of the Seas, the owner's wake tile set as the game loads it)."""
    from companion.games import camera_games, game_info

    plan = game_info(game).teach if game in {g.key for g in camera_games()} else None
    if plan is None:
        names = " or ".join(g.key for g in camera_games() if g.teach)
        raise LayoutError(f"no tile set to teach for {game!r}; choose {names}")
    if plan.tile_set == "all-patterns":
        return list(PATTERNS)
    return [PATTERNS[i] for i in sorted(load_tile_set())]


def other_pieces(sheets: Sequence[Mapping[Square, object]], patterns: Sequence[Tile]
                 ) -> list[frozenset[Square]]:
    """Per sheet, the squares that take the other piece of their tile: of a pattern listed
    twice in ``patterns`` (the box holds two pieces of it), the showing on a later sheet than
    its first. A plan showing each pattern once (or a box of single pieces) has none.

    >>> from companion.core.board import GAME_BOARDS
    >>> board, pattern = GAME_BOARDS["tsuro"], PATTERNS[3]
    >>> sheets = teach_sheets(board, [pattern, pattern], 0)
    >>> [len(sq) for sq in other_pieces(sheets, [pattern, pattern])]
    [0, 1]
    >>> [len(sq) for sq in other_pieces(sheets, [pattern])]
    [0, 0]
    """
    held = Counter(tile.pattern() for tile in patterns)
    seen: set[Tile] = set()
    out = []
    for sheet in sheets:
        shown = {sq: p.pattern() for sq, p in sheet.items() if isinstance(p, Tile)}
        out.append(frozenset(sq for sq, pat in shown.items()
                             if held[pat] > 1 and pat in seen))
        seen.update(shown.values())
    return out


def _spread_squares(board: BoardProfile, count: int, start: int) -> list[Square]:
    """``count`` squares spread over the whole board: the squares nearest the points of a
    golden-ratio lattice (even in every row and column band, for any count); ``start``
    shifts the lattice, so sheets differ."""
    chosen: list[Square] = []
    for j in range(count):
        x = (j + 0.5) / count * board.cols + 0.5
        y = ((0.5 / count + j * _GOLDEN + start * 0.5) % 1.0) * board.rows + 0.5
        free = [sq for sq in board.squares() if sq not in chosen]
        chosen.append(min(free, key=lambda sq: ((sq.row - y) ** 2 + (sq.col - x) ** 2, sq)))
    return chosen


def _showings(patterns: Sequence[Tile]) -> list[list[Tile]]:
    """Each pattern's orientations to photograph, half a turn apart where it has four."""
    out = []
    for i, p in enumerate(patterns):
        turns = p.rotations()
        step = max(1, len(turns) // 2)
        out.append([turns[(i + k * step) % len(turns)] for k in range(SHOWINGS)])
    return out


def _sheet_count(board: BoardProfile, tiles: int, daikaiju: int, veterans: int = 0) -> int:
    room = board.rows * board.cols - MIN_EMPTY
    kaiju = len(Side) if daikaiju else 0
    need = [math.ceil(((tiles + veterans) * SHOWINGS + kaiju) / room)]
    if tiles or veterans:
        need.append(SHOWINGS)  # one tile of each pattern: one showing per sheet
    if daikaiju:
        need.append(math.ceil(len(Side) / daikaiju))
    return max(need)


def teach_sheets(board: BoardProfile, patterns: Sequence[Tile],
                 daikaiju: int, veterans: Sequence[VetPiece] = ()) -> list[Sheet]:
    """Sheets to lay out and photograph, one photo each: between them every pattern twice
    in different orientations and, with ``daikaiju`` pieces to hand, the daikaiju facing
    each side; every square of a sheet not holding a piece is to be left bare. A pattern
    listed twice in ``patterns`` is one the box holds twice: its two showings are its two
    pieces (:func:`other_pieces` says where the second goes). Each piece
    of Veterans of the Seas in ``veterans`` (one of each: :data:`vision.veterans.PIECES`)
    is shown twice, turned half round the second time, like a tile."""
    distinct = list(dict.fromkeys(t.pattern() for t in patterns))
    if daikaiju < 0:
        raise LayoutError(f"{daikaiju} daikaiju pieces: give 0 or more")
    if not distinct and not daikaiju and not veterans:
        raise LayoutError("nothing to teach: no tile patterns, daikaiju or Veterans pieces")
    room = board.rows * board.cols - MIN_EMPTY
    if room < 1:
        raise LayoutError(f"a {board.rows}x{board.cols} board is too small to teach on")
    showings: list[list[Tile | VetPiece]] = [[*turns] for turns in _showings(distinct)]
    showings += [[VetPiece(p.kind, p.arrow, side) for side in (Side.NORTH, Side.SOUTH)]
                 for p in dict.fromkeys(veterans)]
    count = _sheet_count(board, len(distinct), daikaiju, len(showings) - len(distinct))
    pieces = _share_out(showings, daikaiju, count, room)
    while pieces is None:  # a tight fit the even share could not meet: one sheet more
        count += 1
        pieces = _share_out(showings, daikaiju, count, room)
    return [_lay_out(board, items, n) for n, items in enumerate(pieces)]


def _share_out(showings: Sequence[Sequence[Tile | VetPiece]], daikaiju: int, count: int,
               room: int) -> list[list[Tile | Daikaiju | VetPiece]] | None:
    """The pieces of each sheet, or None if they do not fit on ``count`` sheets."""
    pieces: list[list[Tile | Daikaiju | VetPiece]] = [[] for _ in range(count)]
    # Daikaiju first, round the sheets, so no sheet asks for more pieces than there are;
    # then each pattern's showings on the least full sheets that lack that pattern.
    for k, side in enumerate(Side if daikaiju else ()):
        pieces[k % count].append(Daikaiju(side))
    for tiles in showings:
        used: set[int] = set()
        for tile in tiles:
            open_ = [n for n in range(count) if n not in used and len(pieces[n]) < room]
            if not open_:
                return None
            n = min(open_, key=lambda n: len(pieces[n]))
            pieces[n].append(tile)
            used.add(n)
    return pieces


def _lay_out(board: BoardProfile, items: list[Tile | Daikaiju | VetPiece], n: int) -> Sheet:
    bare = _spread_squares(board, board.rows * board.cols - len(items), start=n)
    free = [sq for sq in board.squares() if sq not in bare]
    # Every other sheet fills from the far end: a tile's two showings then lie in different
    # places on the board, under different light.
    if n % 2:
        free.reverse()
    sheet: Sheet = dict.fromkeys(bare)
    sheet.update(zip(free, items, strict=True))
    return dict(sorted(sheet.items()))


def layout_value(piece: Tile | Daikaiju | VetPiece | None) -> str | None:
    """A square's value in LAYOUT.json. A daikaiju facing other than north is written
    ``daikaiju:<side>``, the teach command's own addition to the contract's ``daikaiju``;
    a Veterans piece as :func:`vision.veterans.label` names it (``tsunami:gold:south``)."""
    if piece is None:
        return None
    if isinstance(piece, VetPiece):
        from .veterans import label

        return label(piece)
    if isinstance(piece, Daikaiju):
        return "daikaiju" if piece.facing is Side.NORTH else f"daikaiju:{piece.facing.word}"
    return piece.notation()


class TeachAlbum:
    """A directory being filled with teaching photos and their LAYOUT.json; the directory is
    also the profile the lesson is saved in. A new album starts empty (photos of an earlier
    one are replaced as new ones are added) unless :meth:`reopen` takes them back."""

    def __init__(self, directory: Path, board: BoardProfile,
                 marker_layout: MarkerLayout | None = None) -> None:
        self.directory = directory
        self.board = board
        self.marker_layout = marker_layout
        """The markers' places when they were measured elsewhere (None: the directory's
        own markers.json, or the default geometry)."""
        self._entries: dict[int, tuple[Path, dict[str, str | None]]] = {}

    @property
    def layout_path(self) -> Path:
        return self.directory / LAYOUT_FILE

    def reopen(self, sheets: Sequence[Mapping[Square, Tile | Daikaiju | VetPiece | None]]
               ) -> set[int]:
        """Take back the photos an earlier session kept here (the app was closed or the
        power cut mid-way), as far as each still shows the sheet now planned for its
        number; returns those sheet numbers. Anything unreadable is simply not taken."""
        try:
            data = json.loads(self.layout_path.read_text(encoding="utf-8"))
            images = data["images"]
        except (OSError, ValueError, KeyError, TypeError):
            return set()
        for entry in images if isinstance(images, list) else []:
            try:
                path = self.directory / str(entry["path"])
                slot = int(path.stem.removeprefix("teach-")) - 1
                squares = dict(entry["squares"])
            except (KeyError, TypeError, ValueError):
                continue
            if not (0 <= slot < len(sheets)) or not path.is_file():
                continue
            want = {sq.name(): layout_value(p) for sq, p in sorted(sheets[slot].items())}
            if squares == want:
                self._entries[slot] = (path, want)
        return set(self._entries)

    @property
    def images(self) -> list[Path]:
        return [path for _, (path, _) in sorted(self._entries.items())]

    @property
    def slots(self) -> set[int]:
        """The sheets photographed so far (by their index)."""
        return set(self._entries)

    def _marker_layout(self) -> MarkerLayout:
        if self.marker_layout is not None:
            return self.marker_layout
        return load_layout(self.directory if self.directory.is_dir() else None, self.board)

    def add(self, frame: np.ndarray, sheet: Mapping[Square, Tile | Daikaiju | VetPiece | None],
            slot: int | None = None) -> Path:
        """Keep a photo of ``sheet`` laid out, as sheet number ``slot`` (a retake replaces
        the earlier photo; None: the next free number). Refuses (BoardNotFound) a photo in
        which the markers cannot be found, so the player can take it again at once."""
        if not isinstance(frame, np.ndarray) or frame.size == 0 or frame.dtype != np.uint8:
            raise BadImage("the photo is empty or not an 8-bit image")
        for sq in sheet:
            if not self.board.contains(sq):
                raise LayoutError(f"{sq} is off the {self.board.rows}x{self.board.cols} board")
        BoardFinder(self.board.rows, self.board.cols, self._marker_layout()).find(frame)
        if slot is None:
            slot = max(self._entries, default=-1) + 1
        self.directory.mkdir(parents=True, exist_ok=True)
        path = self.directory / f"teach-{slot + 1}.png"
        if not cv2.imwrite(str(path), frame):
            raise VisionError(f"{path}: the photo could not be written")
        squares = {sq.name(): layout_value(p) for sq, p in sorted(sheet.items())}
        self._entries[slot] = (path, squares)
        self._write_layout()
        return path

    def _write_layout(self) -> None:
        data = {"images": [{"path": path.name, "squares": squares}
                           for _, (path, squares) in sorted(self._entries.items())]}
        tmp = self.layout_path.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        tmp.replace(self.layout_path)  # never a half-written layout beside the photos

    def learn(self, marker_layout: MarkerLayout | None = None, game: str | None = None) -> str:
        """Learn the pieces from the photos (as ``companion vision teach`` does), save the
        looks in the directory and return what was learned, in a sentence. ``game`` names
        the box (recorded in the profile; the read-back then uses it as evidence)."""
        from .teach import summary, teach

        if not self._entries:
            raise LayoutError("no teaching photos yet: add a photo of each sheet first")
        layout = marker_layout or self._marker_layout()
        templates, lesson = teach(self.layout_path, self.board, self.directory, layout, game)
        return summary(templates, lesson)


def sheet_mismatches(frame: np.ndarray, board: BoardProfile,
                     sheet: Mapping[Square, Tile | Daikaiju | VetPiece | None],
                     marker_layout: MarkerLayout | None = None) -> list[str]:
    """Squares where a photo plainly differs from the sheet it is meant to show: a piece
    where the sheet wants the square empty, or a bare square where it wants a piece.

    Only the built-in reader's empty-or-occupied answer is used: the owner's pieces are
    not known yet, and a square it cannot make out is given the benefit of the doubt.
    """
    from .recognise import BoardReader

    reading = BoardReader(board, layout=marker_layout).read(frame)
    out = []
    for sq, want in sorted(sheet.items()):
        got = reading.squares[sq].content
        got = getattr(got, "value", got)
        if want is None and got in ("tile", "daikaiju", "tsunami", "uzushio"):
            out.append(f"{sq} should be empty")
        elif want is not None and got == "empty":
            what = ("a daikaiju" if isinstance(want, Daikaiju) else
                    f"the {want.kind}" if isinstance(want, VetPiece) else "a tile")
            out.append(f"{sq} should hold {what}")
    return out


def sheet_tiles_against(frame: np.ndarray, board: BoardProfile,
                        sheet: Mapping[Square, Tile | Daikaiju | VetPiece | None],
                        marker_layout: MarkerLayout | None = None) -> list[str]:
    """Squares where the photo plainly shows another tile than the sheet draws (a tile
    turned, two swapped): teaching from it would learn the wrong look, so the player lays
    them again at once. Judged as teaching judges them (:func:`vision.teach_check.
    layout_slips`), so that the set a sheet passes is the set teaching takes."""
    from .read_decide import Thresholds
    from .read_frame import grey_frame
    from .teach import board_paths
    from .teach_check import layout_slips

    grey = grey_frame(frame)
    if grey is None:
        raise BadImage("the photo is empty or not an 8-bit image")
    _, top, paths = board_paths(grey, board, marker_layout)
    laid = {board.index(sq): want for sq, want in sheet.items() if isinstance(want, Tile)}
    squares = board.squares()
    return [str(squares[i]) for i in sorted(layout_slips(top, board, paths, laid,
                                                         Thresholds())[0])]
