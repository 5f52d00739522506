"""A real camera (Pi camera, USB webcam, image files) read by the ``vision`` package.

The camera profile (taught tiles, marker layout, ship colours) is read per board size:
:func:`profile_file_dirs` says where each of its files is found. At a real table the
players handle the pieces themselves, so the methods that stand for their hands do
nothing here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from companion.core.board import Point, Square
from companion.tsuro.tiles import Tile

from .camera import CameraFault, Legal, Piece, Seen
from .memory import release_free_memory
from .model import BoardPicture
from .vision_terms import board_profile, known_pieces, seen_from_reading


class VisionCamera:
    """A real camera (Pi camera, USB webcam, image files) read by the ``vision`` package."""

    simulated = False

    def __init__(self, spec: str, profile_dir: str = "") -> None:
        self.spec = spec
        self.profile_dir = profile_dir
        self.name = f"camera {spec}"
        self.source: Any = None
        self._readers: dict[tuple[int, int, str, bool], Any] = {}
        self.ships_seen: dict[Point, str] | None = None
        self.ship_colours: frozenset[str] = frozenset()
        """Ships are looked for only once their colours were calibrated on this set."""
        self._colours: dict[tuple[int, int], frozenset[str]] = {}
        self._open()

    def _open(self) -> None:
        from vision.sources import open_source

        spec = self.spec
        if spec.startswith("usb:"):
            spec = "video:" + spec[4:]
        elif spec.startswith("file:"):
            spec = spec[5:]
        try:
            self.source, note = open_source(spec, board_profile(7, 7), fallback=False)
        except Exception as exc:
            self.source = None
            raise CameraFault(f"The camera ({self.spec}) is not available: {exc}.") from exc
        self.name = note.removeprefix("camera: ")

    def _reader(self, picture: BoardPicture) -> Any:
        from vision.veterans import in_play as vet_in_play
        from vision.veterans import reader_for as vet_reader_for

        size = (picture.rows, picture.cols)
        game = picture.game or None
        key = (*size, picture.game, vet_in_play(game, picture.options))
        if key not in self._readers:
            from vision.profile import (
                load_layout,
                load_ship_colours,
                load_templates,
                measured_ship_colours,
            )
            from vision.recognise import BoardReader
            from vision.ships import ShipFinder

            profile = board_profile(*size)
            base = Path(self.profile_dir) if self.profile_dir else None
            pick = profile_file_dirs(base, size)
            colours = load_ship_colours(pick["ships.json"])
            self._colours[size] = measured_ship_colours(pick["ships.json"])  # not defaults
            self._readers[key] = BoardReader(
                profile, load_templates(pick["templates.npz"]),
                load_layout(pick["markers.json"], profile),
                ships=ShipFinder(profile, colours) if colours else None,
                game=game,  # the box as evidence (vision/inventory.py)
                # the expansion's pieces only in a game played with it
                veterans=vet_reader_for(game, pick["templates.npz"], picture.options),
                options=picture.options,
            )
        return self._readers[key]

    def read(self, picture: BoardPicture, legal: Legal | None = None) -> dict[Square, Seen]:
        if self.source is None:
            raise CameraFault(f"The camera ({self.spec}) is unplugged or not answering.")
        frame = self._grab()
        try:
            try:
                reader = self._reader(picture)
            except Exception as exc:  # a profile that does not fit: say so, play by touch
                raise CameraFault(f"The camera profile cannot be used here ({exc}).") from exc
            self.ship_colours = self._colours.get((picture.rows, picture.cols), frozenset())
            reading = reader.read(frame, known=known_pieces(picture), legal=legal)
            self.ships_seen = dict(reading.ships) if reader.ships is not None else None
            return seen_from_reading(reading)
        finally:
            del frame
            release_free_memory()  # the frame's big arrays (see ui/memory.py)

    def frame(self, rows: int = 7, cols: int = 7) -> Any:
        """One picture from the camera (for the setup screens), or CameraFault."""
        if self.source is None and not self.available():
            raise CameraFault(f"The camera ({self.spec}) is unplugged or not answering.")
        return self._grab()

    def _grab(self) -> Any:
        from vision.errors import BlankFrame

        try:
            return self.source.read()
        except BlankFrame as exc:  # the camera answers: keep it open
            raise CameraFault("The picture is blank: is the lens covered?") from exc
        except Exception as exc:
            self.close()
            raise CameraFault(f"The camera stopped giving pictures ({exc}).") from exc

    def use_profile(self, profile_dir: str) -> None:
        """Read with a newly taught or calibrated profile from the next picture on."""
        self.profile_dir = profile_dir
        self._readers.clear()
        self._colours.clear()

    def available(self) -> bool:
        if self.source is not None:
            return True
        try:
            self._open()
        except CameraFault:
            return False
        return True

    def close(self) -> None:
        if self.source is not None:
            try:
                self.source.close()
            finally:
                self.source = None

    def warm_up(self, rows: int = 7, cols: int = 7) -> None:
        """A real camera's reader is built on its first picture."""

    # At a real table the players handle the pieces themselves.

    def lay(self, square: Square, tile: Tile) -> bool:
        return False

    def lay_hand(self, tiles: Sequence[Tile], free: Sequence[Square]) -> list[Square]:
        return []

    def take_off(self, squares: Iterable[Square]) -> None:
        pass

    def placed(self) -> None:
        pass

    def follow(self, picture: BoardPicture) -> bool:
        return False

    def hold(self, picture: BoardPicture, ships_only: bool = False) -> None:
        pass

    def swap_pieces(self, pieces: Mapping[Square, Piece]) -> dict[Square, Piece] | None:
        return None


def profile_file_dirs(base: Path | None, key: tuple[int, int]) -> dict[str, Path | None]:
    """Where each file of a camera profile is read from for a board of ``key`` rows and
    columns: the board's own folder (camera setup) when it holds that file, else the
    profile itself (the command line's), else nowhere (the built-in default)."""
    out: dict[str, Path | None] = {}
    for name in ("templates.npz", "markers.json", "ships.json"):
        found = None
        if base is not None:
            for d in (base / f"{key[0]}x{key[1]}", base):
                if (d / name).is_file():
                    found = d
                    break
        out[name] = found
    return out
