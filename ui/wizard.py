"""The camera setup the settings screen walks the owner through: no Kivy here.

Four steps, each usable alone:

1. *Picture*: take a photo and count the four corner markers.
2. *Calibrate*: the owner moves four dots onto the grid's outer corners (they start where
   the printed marker sheet's default geometry puts them); the markers' true offsets are
   saved in the camera profile, as ``companion vision calibrate --corners`` does.
3. *Ships*: with the game's ships standing where the record has them, their colours are
   measured and saved in the profile, as ``calibrate --ship`` does; the camera then checks
   the ships of those colours.
4. *Teach*: two photos, as ``companion vision teach`` takes them: every tile of the set
   laid out once (with the daikaiju), then the bare board. The photos and a LAYOUT.json in
   the contract's format go to the profile, learning is the same as ``vision teach``, and
   the photos are then read back with what was learned: :class:`ReadBack` says how many
   squares came out right, so the owner knows whether to retake them.

The profile directory is the config's ``camera.profile``, or ``camera-profile`` in the
data directory when none is set yet (the screen then saves that choice). Each board size
has its own folder inside it (``7x7``, ``6x6``): a calibration or a lesson on the Tsuro
board must not be used to read the Seas board.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.core.board import GAME_BOARDS, BoardProfile, Point, Side, Square
from companion.core.config import DEFAULT_GAME
from companion.games import camera_games, game_info
from companion.tsuro.tiles import Tile

from .camera import Camera, CameraFault

log = logging.getLogger(__name__)

SETUP_GAMES = tuple(
    sorted((g.key for g in camera_games() if g.teach is not None), key=lambda k: k != DEFAULT_GAME)
)
"""Games whose tiles the camera can be taught (their boards are the ones it reads), the
default game first."""

DAIKAIJU_PIECES = {g.key: g.teach.daikaiju for g in camera_games() if g.teach is not None}
"""Daikaiju pieces laid per sheet. They are laid facing north only: a quarter turn of the
photo gives the other facings, and the LAYOUT.json then needs nothing beyond the
contract's plain ``daikaiju``."""


class SetupError(ValueError):
    """A setup step cannot go on; the message says what to do."""


@dataclass(frozen=True, eq=False)  # compared by identity: it holds arrays
class Photo:
    frame: Any
    """The picture (a BGR array)."""
    markers: Mapping[int, Any]
    """Marker id -> its four corners in picture pixels."""
    corners: Any
    """The grid's four outer corners (top-left, top-right, bottom-right, bottom-left) as
    the default marker geometry predicts them, or None when the board was not found."""

    @property
    def size(self) -> tuple[int, int]:
        h, w = self.frame.shape[:2]
        return int(w), int(h)

    def summary(self) -> str:
        seen = len(self.markers)
        if seen == 4:
            return "All four corner markers seen."
        missing = ", ".join(CORNERS[i] for i in range(4) if i not in self.markers)
        return (f"{seen} of the 4 corner markers seen (missing: {missing}): check the light, "
                "and that nothing covers them.")


CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")
"""The corners by marker id (docs/contracts.md 3)."""

MARKER_SIZE_SPREAD = 1.2
MARKER_SKEW = 1.1
"""Largest ratio between the measured markers' sides, and between a marker's diagonals:
printed markers are squares of one size, so more means a dot is off its corner (half a
square off gives about 1.23 and 1.13; dots on the corners about 1.05 and 1.00)."""


class CameraSetup:
    """One pass through the setup for one game's board."""

    def __init__(self, camera: Camera | None, game: str, profile_dir: Path) -> None:
        if game not in SETUP_GAMES:
            names = " and ".join(game_info(g).title for g in SETUP_GAMES)
            raise SetupError(f"the camera reads {names} boards, not {game}")
        self.camera = camera
        self.game = game
        self.board: BoardProfile = GAME_BOARDS[game]
        self.profile_dir = profile_dir
        self.board_dir = profile_dir / f"{self.board.rows}x{self.board.cols}"
        """Where this board's calibration and lesson go (see the module's note)."""
        self.photo: Photo | None = None
        self._sheets: list[dict[Square, Any]] | None = None
        self._album: Any = None
        self._kept: dict[Square, Any] | None = None
        self.read_back: ReadBack | None = None
        """How the last lesson read its own teaching photos back (None: not learned yet)."""

    # ------------------------------------------------------------------ picture

    def take_photo(self) -> Photo:
        if self.camera is None:
            raise SetupError("No camera is chosen: choose one first.")
        try:
            frame = self.camera.frame(self.board.rows, self.board.cols)
        except CameraFault as exc:
            raise SetupError(str(exc)) from exc
        from vision.calibrate import guess_grid_corners, markers_seen

        self.photo = Photo(frame, markers_seen(frame), guess_grid_corners(frame, self.board))
        return self.photo

    # ---------------------------------------------------------------- calibrate

    def calibrate(self, corners: Any) -> str:
        """Save the marker offsets measured from the grid corners the owner placed."""
        import numpy as np

        from vision.calibrate import measure_marker_layout, save_calibration
        from vision.errors import VisionError

        if self.photo is None:
            raise SetupError("Take a picture first.")
        pts = np.asarray(corners, dtype=np.float64).reshape(4, 2)
        try:
            layout = measure_marker_layout(self.photo.frame, self.board, pts)
        except (VisionError, ValueError) as exc:
            raise SetupError(f"Not calibrated: {exc}.") from exc
        quads = [layout.array(i).astype(np.float64) for i in layout.corners]
        sides = [float(np.linalg.norm(q[k] - q[(k + 1) % 4])) for q in quads for k in range(4)]
        skew = max(max(d) / max(min(d), 1e-9) for d in (
            (float(np.linalg.norm(q[0] - q[2])), float(np.linalg.norm(q[1] - q[3])))
            for q in quads))
        if min(sides) <= 0 or max(sides) / min(sides) > MARKER_SIZE_SPREAD or (
                skew > MARKER_SKEW):
            raise SetupError("Not calibrated: with the dots where they are, the markers come "
                             "out as different sizes or out of square, so a dot is off its "
                             "corner. Move each dot onto the grid's outer corner and save "
                             "again.")
        try:
            save_calibration(self.board_dir, self.board, layout=layout)
        except (VisionError, OSError) as exc:
            raise SetupError(f"Not saved: {exc}.") from exc
        self._use_profile()
        return f"Calibration saved in {self.board_dir}."

    def measure_ships(self, ships: Mapping[Point, str]) -> str:
        """Learn the ship colours from ships standing where the game's record has them."""
        from vision.calibrate import measure_ship_colours, save_calibration
        from vision.errors import VisionError

        if not ships:
            raise SetupError("No ships on the board: start a game and put the ships on "
                             "their start marks first.")
        photo = self.take_photo()
        try:
            colours = measure_ship_colours(photo.frame, self.board, self._markers_dir(), ships)
            save_calibration(self.board_dir, self.board, colours=colours,
                             measured=ships.values())
        except (VisionError, ValueError, OSError) as exc:
            raise SetupError(f"Ship colours not measured: {exc}.") from exc
        self._use_profile()
        names = ", ".join(sorted(set(ships.values())))
        return f"Ship colours measured ({names}); the camera now checks those ships."

    # -------------------------------------------------------------------- teach

    @property
    def sheets(self) -> list[dict[Square, Any]]:
        """What to lay for each teaching photo: square -> tile, daikaiju or None (empty)."""
        if self._sheets is None:
            from vision.reading import Daikaiju
            from vision.teach_plan import game_patterns, teach_sheets

            patterns = game_patterns(self.game)
            daikaiju = DAIKAIJU_PIECES.get(self.game, 0)
            sheets = two_photos(self.board, patterns, daikaiju)
            if sheets is None:  # the set does not fit on one board: the older plan of sheets
                sheets = teach_sheets(self.board, patterns, daikaiju)
            self._sheets = [
                {sq: (Daikaiju(Side.NORTH) if isinstance(p, Daikaiju) else p)
                 for sq, p in sheet.items()}
                for sheet in sheets
            ]
        return self._sheets

    def sheet_picture(self, index: int) -> Any:
        """A sheet as the board view draws it (tiles and daikaiju where to lay them)."""
        from .model import BoardPicture

        sheet = self.sheets[index]
        tiles = {sq: p for sq, p in sheet.items() if isinstance(p, Tile)}
        daikaiju = {sq: p.facing for sq, p in sheet.items() if hasattr(p, "facing")}
        return BoardPicture(self.board.rows, self.board.cols, tiles=tiles, daikaiju=daikaiju)

    def lay_sheet_on_simulated_table(self, index: int) -> bool:
        """On the simulated table the sheet is laid for the owner (the game's pieces are
        put back by :meth:`finish`)."""
        cam = self.camera
        if cam is None:
            return False
        pieces: dict[Square, Tile | Side] = {}
        for sq, p in self.sheets[index].items():
            if isinstance(p, Tile):
                pieces[sq] = p
            elif p is not None:
                pieces[sq] = p.facing
        kept = cam.swap_pieces(pieces)
        if kept is None:  # a real table: the owner lays the sheet
            return False
        if self._kept is None:
            self._kept = kept
        return True

    def photograph_sheet(self, index: int) -> str:
        """Photograph the board laid as sheet ``index`` and keep it as that sheet's photo
        (a retake replaces it); a photo that plainly shows another layout is refused."""
        from vision.errors import VisionError
        from vision.profile import load_layout
        from vision.teach_plan import sheet_mismatches

        photo = self.take_photo()
        if len(photo.markers) < 4 and photo.corners is None:
            raise SetupError("The board is not in view: " + photo.summary())
        sheet = self.sheets[index]
        try:
            layout = load_layout(self._markers_dir(), self.board)
            wrong = sheet_mismatches(photo.frame, self.board, sheet, layout)
            if len(wrong) > max(3, len(sheet) // 10):
                more = f" (and {len(wrong) - 3} more)" if len(wrong) > 3 else ""
                raise SetupError(
                    f"This does not look like sheet {index + 1}: {', '.join(wrong[:3])}{more}. "
                    "Lay the pieces as drawn and photograph it again.")
            path = self._open_album().add(photo.frame, sheet, slot=index)
        except (VisionError, OSError) as exc:
            raise SetupError(f"The photo was not kept: {exc}.") from exc
        return f"Photo of sheet {index + 1} of {len(self.sheets)} kept ({path.name})."

    @property
    def photographed(self) -> set[int]:
        """The sheets photographed so far (in this sitting or an earlier one)."""
        if self._album is None and not (self.board_dir / "layout.json").is_file():
            return set()
        return set(self._open_album().slots)

    def _open_album(self) -> Any:
        """The teaching album, with the photos an earlier sitting kept that still match
        their sheets (so a power cut mid-way costs nothing already photographed)."""
        if self._album is None:
            from vision.profile import load_layout
            from vision.teach_plan import TeachAlbum

            album = TeachAlbum(self.board_dir, self.board,
                               load_layout(self._markers_dir(), self.board))
            album.reopen(self.sheets)
            self._album = album
        return self._album

    def learn(self) -> str:
        """Learn the look of the pieces from a photo of every sheet, then read those photos
        back with what was learned and say how well that went."""
        from vision.errors import VisionError
        from vision.profile import load_layout

        missing = [i + 1 for i in range(len(self.sheets)) if i not in self.photographed]
        if missing:
            raise SetupError("Photograph every sheet first (still to do: sheet "
                             + ", ".join(map(str, missing)) + ").")
        try:
            layout = load_layout(self._markers_dir(), self.board)
            summary = self._open_album().learn(layout)
        except (VisionError, ValueError, OSError) as exc:
            raise SetupError(f"Not learned: {exc}") from exc
        self._use_profile()
        try:
            self.read_back = self._read_back(layout)
        except (VisionError, ValueError, OSError) as exc:  # learned all the same
            log.warning("reading the teaching photos back: %s", exc)
            self.read_back = None
        return f"Learned: {summary}. The camera now reads with it."

    def _read_back(self, layout: Any) -> ReadBack:
        """Each teaching photo read with the profile just learned, against its sheet: the
        figure ``teach`` recorded in the profile's teach.json, else read here."""
        import json

        from vision.profile import load_templates
        from vision.recognise import BoardReader
        from vision.sources import load_image
        from vision.teach import parse_layout

        try:
            said = json.loads((self.board_dir / "teach.json").read_text(encoding="utf-8"))
            counts = said["read_back"]
            return ReadBack(int(counts["right"]), int(counts["unknown"]), int(counts["wrong"]))
        except (OSError, ValueError, KeyError, TypeError):
            pass  # an older teach that did not read its photos back: read them here
        templates = load_templates(self.board_dir)
        results: list[tuple[Mapping[Square, Any], Mapping[Square, Any]]] = []
        for image in parse_layout(self._open_album().layout_path, self.board):
            reading = BoardReader(self.board, templates, layout=layout).read(
                load_image(image.path))
            if not reading.found:
                raise SetupError(f"{image.path.name}: the board was not found on reading back")
            results.append((image.squares, reading.squares))
        return ReadBack.compare(results)

    def finish(self) -> None:
        """Put the simulated table back as the game left it."""
        cam = self.camera
        if cam is not None and self._kept is not None:
            cam.swap_pieces(self._kept)
            self._kept = None

    # ------------------------------------------------------------------- helpers

    def _markers_dir(self) -> Path | None:
        """Where this board's markers were measured: its own folder, or a profile made on
        the command line (None: the printed sheet's geometry)."""
        from .camera import profile_file_dirs

        return profile_file_dirs(self.profile_dir, (self.board.rows, self.board.cols))[
            "markers.json"]

    def _use_profile(self) -> None:
        if self.camera is not None:
            self.camera.use_profile(str(self.profile_dir))


@dataclass(frozen=True)
class ReadBack:
    """How the teaching photos read with the profile learned from them: squares read as
    their sheet says, read ``unknown``, and read as something else."""

    right: int
    unknown: int
    wrong: int

    GOOD = 0.98
    """Below this share right (or with any square wrong) the owner is asked to retake."""

    @classmethod
    def compare(cls, results: list[tuple[Mapping[Square, Any], Mapping[Square, Any]]]
                ) -> ReadBack:
        """Count from (sheet, reading) pairs: sheet square -> piece or None; reading square
        -> a :class:`vision.reading.SquareReading`.

        >>> from vision.reading import Content, SquareReading
        >>> from companion.tsuro.tiles import Tile
        >>> t = Tile.parse("10325476")
        >>> sheet = {Square(1, 1): t, Square(1, 2): None, Square(1, 3): t}
        >>> read = {Square(1, 1): SquareReading(Content.TILE, 0.9, t),
        ...         Square(1, 2): SquareReading(Content.UNKNOWN, 0.2),
        ...         Square(1, 3): SquareReading(Content.EMPTY, 0.8)}
        >>> ReadBack.compare([(sheet, read)])
        ReadBack(right=1, unknown=1, wrong=1)
        """
        right = unknown = wrong = 0
        for sheet, squares in results:
            for sq, want in sheet.items():
                got = squares[sq]
                if getattr(got.content, "value", got.content) == "unknown":
                    unknown += 1
                elif got.piece() == want:
                    right += 1
                else:
                    wrong += 1
        return cls(right, unknown, wrong)

    @property
    def total(self) -> int:
        return self.right + self.unknown + self.wrong

    @property
    def share(self) -> float:
        return self.right / self.total if self.total else 0.0

    def good(self) -> bool:
        return self.wrong == 0 and self.share >= self.GOOD

    def sentence(self) -> str:
        """What the owner is told.

        >>> ReadBack(70, 1, 0).sentence()
        'Read back: 70 of 71 squares of the teaching photos right (98.6%), 1 unsure, 0 wrong.'
        """
        out = (f"Read back: {self.right} of {self.total} squares of the teaching photos right "
               f"({self.share:.1%}), {self.unknown} unsure, {self.wrong} wrong.")
        if not self.good():
            out += (" That is not good enough to play by: photograph the sheets again in "
                    "even light, the camera square above the board and each piece square "
                    "on its square, then press Learn again.")
        return out


def two_photos(board: BoardProfile, patterns: list[Tile] | tuple[Tile, ...],
               daikaiju: int) -> list[dict[Square, Any]] | None:
    """The two teaching photos of issue 9: every pattern of the set once (turned this way
    and that) with the daikaiju pieces, then the bare board, so each empty square's own
    look is learned. None when the set does not fit on the board with a square to spare.

    >>> from companion.core.board import GAME_BOARDS
    >>> from companion.tsuro.tiles import PATTERNS
    >>> first, bare = two_photos(GAME_BOARDS["tsuro"], PATTERNS, 0)
    >>> sum(p is not None for p in first.values()), sum(p is not None for p in bare.values())
    (35, 0)
    """
    from vision.reading import Daikaiju

    distinct = list(dict.fromkeys(t.pattern() for t in patterns))
    pieces: list[Any] = [t.rotated(i) for i, t in enumerate(distinct)]
    pieces += [Daikaiju(Side.NORTH)] * daikaiju
    squares = board.squares()
    if len(pieces) >= len(squares):
        return None
    first: dict[Square, Any] = dict.fromkeys(squares)
    first.update(zip(squares, pieces, strict=False))
    return [first, dict.fromkeys(squares)]


def default_profile_dir(configured: str) -> Path:
    """The configured profile, or one in the data directory."""
    if configured:
        return Path(configured).expanduser()
    from companion.core.locations import data_dir

    return data_dir() / "camera-profile"
