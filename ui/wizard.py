"""The camera setup the settings screen walks the owner through: no Kivy here.

Four steps, each usable alone:

1. *Picture*: take a photo and count the four corner markers.
2. *Calibrate*: the owner moves four dots onto the grid's outer corners (they start where
   the printed marker sheet's default geometry puts them); the markers' true offsets are
   saved in the camera profile, as ``companion vision calibrate --corners`` does.
3. *Ships*: with the game's ships standing where the record has them, their colours are
   measured and saved in the profile, as ``calibrate --ship`` does; the camera then checks
   the ships of those colours.
4. *Teach*: every piece of the owner's box laid out once, then the bare board
   (:func:`ui.teach_sheets.box_photos`): one sheet of every pattern with two daikaiju (and
   for a Seas table that owns Veterans of the Seas the tsunami, uzushio and portal pieces),
   and for Tsuro of the Seas, whose box holds two pieces of some tiles, a sheet of "the
   other piece" of each of those with the box's other eight daikaiju, each daikaiju named
   ("1 gold") as its tile prints it. The photos and a
   LAYOUT.json in the contract's format go to the profile, learning is the same as
   ``vision teach``, and the photos are then read back with what was learned:
   :class:`ui.readback.ReadBack` says how many squares came out right (and, apart, how
   many Veterans pieces), so the owner knows whether to retake them.

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

from .camera import Camera, CameraFault
from .readback import RETAKE, VETERANS, ReadBack, compare_veterans
from .teach_sheets import (
    box_photos,
    daikaiju_names,
    deck_names,
    offers_veterans,
    sheet_picture,
    table_pieces,
    two_photos,
    veterans_pieces,
)

__all__ = ["CameraSetup", "Photo", "ReadBack", "SetupError", "default_profile_dir",
           "two_photos"]  # ReadBack and two_photos: their older home

log = logging.getLogger(__name__)

SETUP_GAMES = tuple(
    sorted((g.key for g in camera_games() if g.teach is not None), key=lambda k: k != DEFAULT_GAME)
)
"""Games whose tiles the camera can be taught (their boards are the ones it reads), the
default game first."""

DAIKAIJU_PIECES = {g.key: g.teach.daikaiju for g in camera_games() if g.teach is not None}
"""Daikaiju pieces of the box, each laid once. They are laid facing north only: a quarter
turn of the photo gives the other facings, and the LAYOUT.json then needs nothing beyond
the contract's plain ``daikaiju`` (the reader keeps one label per facing; the names only
tell the owner which tile goes where)."""


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

    def __init__(self, camera: Camera | None, game: str, profile_dir: Path,
                 veterans: bool = False) -> None:
        if game not in SETUP_GAMES:
            names = " and ".join(game_info(g).title for g in SETUP_GAMES)
            raise SetupError(f"the camera reads {names} boards, not {game}")
        self.camera = camera
        self.game = game
        self.veterans = veterans and offers_veterans(game)
        """The sheets hold the pieces of Veterans of the Seas too (a game that has them)."""
        self.board: BoardProfile = GAME_BOARDS[game]
        self.profile_dir = profile_dir
        self.board_dir = profile_dir / f"{self.board.rows}x{self.board.cols}"
        """Where this board's calibration and lesson go (see the module's note)."""
        self.photo: Photo | None = None
        self._sheets: list[dict[Square, Any]] | None = None
        self._kaiju_names: list[dict[Square, str]] = []
        self._album: Any = None
        self._kept: dict[Square, Any] | None = None
        self.read_back: ReadBack | None = None
        """How the last lesson read its own teaching photos back (None: not learned yet)."""
        self.veterans_read_back: ReadBack | None = None
        """How it read the Veterans pieces on them back (None: none were taught)."""

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
            veterans = veterans_pieces() if self.veterans else ()
            sheets = box_photos(self.board, patterns, daikaiju, veterans)
            if sheets is None:  # no room for the box at all: the command line's plan
                sheets = teach_sheets(self.board, patterns, daikaiju, veterans)
            self._sheets = [
                {sq: (Daikaiju(Side.NORTH) if isinstance(p, Daikaiju) else p)
                 for sq, p in sheet.items()}
                for sheet in sheets
            ]
            self._kaiju_names = daikaiju_names(self._sheets, deck_names(daikaiju))
        return self._sheets

    def sheet_picture(self, index: int) -> Any:
        """A sheet as the board view draws it (tiles, daikaiju and Veterans pieces where
        to lay them, and which tiles are the other piece of a pair the box holds): a
        :class:`ui.teach_sheets.SheetPicture`."""
        from vision.teach_plan import game_patterns, other_pieces

        others = other_pieces(self.sheets, game_patterns(self.game))[index]
        return sheet_picture(self.board, self.sheets[index], others, self._kaiju_names[index])

    def lay_sheet_on_simulated_table(self, index: int) -> bool:
        """On the simulated table the sheet is laid for the owner (the game's pieces are
        put back by :meth:`finish`)."""
        cam = self.camera
        if cam is None:
            return False
        kept = cam.swap_pieces(table_pieces(self.sheets[index]))
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
        from vision.teach_plan import sheet_mismatches, sheet_tiles_against

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
            turned = sheet_tiles_against(photo.frame, self.board, sheet, layout)
            if turned:
                raise SetupError(
                    f"On sheet {index + 1}, {_squares_phrase(turned)} not as drawn (turned, "
                    "or swapped with another tile?). Lay it as drawn and photograph it again.")
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
            summary = self._open_album().learn(layout, game=self.game)  # the box as evidence
        except (VisionError, ValueError, OSError) as exc:
            raise SetupError(f"Not learned: {exc}") from exc
        self._use_profile()
        try:
            self.read_back = self._read_back(layout)
        except (VisionError, ValueError, OSError) as exc:  # learned all the same
            log.warning("reading the teaching photos back: %s", exc)
            self.read_back = None
        self.veterans_read_back = None
        if self.veterans:
            try:
                self.veterans_read_back = self._read_back_veterans(layout)
            except (VisionError, ValueError, OSError) as exc:
                log.warning("reading the Veterans pieces back: %s", exc)
        return f"Learned: {summary}. The camera now reads with it."

    def read_back_sentences(self) -> str:
        """What the owner is told of the last lesson's read-back ("" before one)."""
        said = [b.sentence(advice=False) for b in (self.read_back,) if b is not None]
        if self.veterans_read_back is not None:
            said.append(self.veterans_read_back.sentence(of=VETERANS, advice=False))
        if said and not self.read_back_good():
            said.append(RETAKE)  # once, whichever figure fell short
        return "\n".join(said)

    def read_back_good(self) -> bool:
        return all(b is None or b.good() for b in (self.read_back, self.veterans_read_back))

    def _read_back_veterans(self, layout: Any) -> ReadBack:
        """The Veterans pieces of each teaching photo read as the camera reads a game:
        the taught tiles, and the pieces' looks just taught (``vision teach`` counts only
        tiles, daikaiju and bare squares in its read-back)."""
        from vision.profile import load_templates
        from vision.reading import VetPiece
        from vision.recognise import BoardReader
        from vision.sources import load_image
        from vision.veterans import reader_for

        reader = BoardReader(self.board, load_templates(self.board_dir), layout=layout,
                             game=self.game, veterans=reader_for(self.game, self.board_dir))
        album = self._open_album()
        results: list[tuple[Mapping[Square, Any], Mapping[Square, Any]]] = []
        for slot, path in zip(sorted(album.slots), album.images, strict=True):
            wanted = {sq: p for sq, p in self.sheets[slot].items() if isinstance(p, VetPiece)}
            if not wanted:
                continue
            reading = reader.read(load_image(path))
            if not reading.found:
                raise SetupError(f"{path.name}: the board was not found on reading back")
            results.append((wanted, reading.squares))
        return compare_veterans(results)

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
        from .vision_camera import profile_file_dirs

        return profile_file_dirs(self.profile_dir, (self.board.rows, self.board.cols))[
            "markers.json"]

    def _use_profile(self) -> None:
        if self.camera is not None:
            self.camera.use_profile(str(self.profile_dir))


def default_profile_dir(configured: str) -> Path:
    """The configured profile, or one in the data directory."""
    if configured:
        return Path(configured).expanduser()
    from companion.core.locations import data_dir

    return data_dir() / "camera-profile"


def _squares_phrase(squares: list[str]) -> str:
    """"the tile at r2c3 is", "the tiles at r2c3 and r4c5 are" (three at most, then "...")."""
    shown = squares[:3] + (["more"] if len(squares) > 3 else [])
    if len(shown) == 1:
        return f"the tile at {shown[0]} is"
    return f"the tiles at {', '.join(shown[:-1])} and {shown[-1]} are"
