"""The camera as the app sees it: read the board, or say clearly why not.

The app sees the physical board through a :class:`Table`: ``read(picture)`` gives
``{square: Seen}`` or raises :class:`CameraFault` when it cannot see (unplugged, no
frames, board not found); the app then carries on with entry by touch and probes
``available()`` until the camera is back. A table also stands for what the players do
with the pieces: at a real table they lay tiles and carry out instructions with their
own hands, so those methods do nothing; the simulated table carries them out so that its
camera sees them. The turn logic calls the same methods on both and never asks which
one it has.

Off the Pi the camera is :class:`SimCamera`, looking at a :class:`SimTable`: the
physical board of a laptop game, where the on-screen tile picker lays tiles and where
the players' instructions (move the daikaiju, remove a tile) are carried out. When the
``vision`` package can render and read boards, the simulated camera photographs the
table and reads the photo back through it; otherwise it reports the table exactly.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from companion.core.board import Point, Side, Square
from companion.tsuro.tiles import Tile

from .memory import release_free_memory
from .model import SHIP_RGB, BoardPicture

log = logging.getLogger(__name__)


class CameraFault(RuntimeError):
    """The camera cannot read the board now; the message says why, for the players."""


@dataclass(frozen=True)
class Seen:
    content: str
    """``empty``, ``tile``, ``daikaiju``, ``tsunami``, ``uzushio`` or ``unknown``."""
    tile: Tile | None = None
    facing: Side | None = None
    confidence: float = 1.0
    arrow: str | None = None
    """A tsunami's arrow colour (``gold`` or ``blue``)."""
    portal: bool = False
    """A ``tile`` that is a mystic portal."""


Legal = Mapping[Square, Sequence[Tile]]
"""Per square, the oriented tiles a legal placement may put there."""


class Table(Protocol):
    """The board on the table, as a camera sees it and as the players handle it."""

    name: str
    simulated: bool
    """True for the simulated table, where picks on the screen are laid for the players."""
    ships_seen: dict[Point, str] | None
    """Ships found by the last read (None: this camera does not look for ships)."""
    ship_colours: frozenset[str]
    """The ship colours it can tell apart (only those are checked)."""

    def read(self, picture: BoardPicture, legal: Legal | None = None) -> dict[Square, Seen]:
        """Each square as seen, read with the record (``picture``) and the legal
        placements in mind; raises :class:`CameraFault` when the board cannot be seen."""
        ...

    def available(self) -> bool: ...

    def frame(self, rows: int = 7, cols: int = 7) -> Any:
        """A raw picture (BGR array) for the camera setup screens."""
        ...

    def use_profile(self, profile_dir: str) -> None: ...

    def warm_up(self, rows: int = 7, cols: int = 7) -> None:
        """Get ready to read (build templates) in the background, if that takes time."""
        ...

    def close(self) -> None: ...

    # What the players do with the pieces (nothing at a real table: they use their hands).

    def lay(self, square: Square, tile: Tile) -> bool:
        """A tile picked on the screen: True when the table now holds it for the camera."""
        ...

    def lay_hand(self, tiles: Sequence[Tile], free: Sequence[Square]) -> list[Square]:
        """A hand picked on the screen, laid on free squares; the squares used."""
        ...

    def take_off(self, squares: Iterable[Square]) -> None: ...

    def placed(self) -> None:
        """The tile laid last is in the record now."""
        ...

    def follow(self, picture: BoardPicture) -> bool:
        """The players carry out the instructions; True when the table now matches the
        record without a look (the simulated players always do as told)."""
        ...

    def hold(self, picture: BoardPicture, ships_only: bool = False) -> None:
        """The table holds the record's board (a new or resumed game, another camera)."""
        ...

    def swap_pieces(self, pieces: Mapping[Square, Piece]) -> dict[Square, Piece] | None:
        """The owner lays out these pieces instead (camera setup's teaching sheets): the
        pieces that were there, or None where the owner lays them by hand."""
        ...


Camera = Table
"""The older name: every camera is a table's camera."""


@dataclass(frozen=True)
class VetMark:
    """A piece of Veterans of the Seas on the simulated table: the gold ``tsunami``, the
    ``uzushio`` or a mystic ``portal`` (as :class:`vision.reading.VetPiece` draws it)."""

    kind: str
    arrow: str | None = None
    facing: Side = Side.NORTH


Piece = Tile | Side | VetMark  # a tile as it lies, a daikaiju facing a side, or the expansion's


def vet_marks(picture: BoardPicture) -> dict[Square, VetMark]:
    """The expansion's pieces the record puts on squares: the gold tsunami (on top of
    whatever lies there), the uzushio (a daikaiju in the record) and a portal at work."""
    out = {sq: VetMark("uzushio", facing=side) for sq, side in picture.daikaiju.items()
           if sq in picture.uzushio}
    if picture.portal is not None:
        out[picture.portal] = VetMark("portal")
    if picture.tsunami is not None:
        out[picture.tsunami.square] = VetMark("tsunami", "gold", picture.tsunami.heading)
    return out


def _expected(picture: BoardPicture, square: Square) -> str:
    """What the camera should see on a square: the record's content, or the piece of
    Veterans of the Seas lying on top."""
    mark = vet_marks(picture).get(square)
    return mark.kind if mark is not None else picture.content(square)


def _vision_piece(piece: Piece) -> Any:
    """A piece of the simulated table as the vision package draws it."""
    from vision.reading import Daikaiju, VetPiece

    if isinstance(piece, Side):
        return Daikaiju(piece)
    if isinstance(piece, VetMark):
        return VetPiece(piece.kind, piece.arrow, piece.facing)
    return piece


class SimTable:
    """The physical board of a simulated game."""

    def __init__(self) -> None:
        self.pieces: dict[Square, Piece] = {}
        self.ships: dict[Point, str] = {}
        """Ship pieces by the point they stand on."""
        self.laid: Square | None = None

    def lay(self, square: Square, tile: Tile) -> None:
        """A player lays a tile (replacing one laid and refused before)."""
        self.pieces[square] = tile
        self.laid = square

    def take_back(self) -> None:
        if self.laid is not None:
            self.pieces.pop(self.laid, None)
            self.laid = None

    def sync(self, picture: BoardPicture) -> None:
        """The players carry out the instructions: the table now matches the record."""
        self.pieces = {**picture.tiles, **picture.daikaiju, **vet_marks(picture)}
        self.ships = {m.point: m.colour for m in picture.ships if m.alive and m.point}
        self.laid = None


Reader = Callable[[SimTable, BoardPicture, Legal | None], dict[Square, Seen]]
"""Reads the simulated table; a reader that sees ships has a ``ships`` attribute
(``table, seen -> {point: colour}``) and a ``ship_colours`` one."""


def exact_reader(table: SimTable, picture: BoardPicture, legal: Legal | None = None
                 ) -> dict[Square, Seen]:
    out: dict[Square, Seen] = {}
    for r in range(1, picture.rows + 1):
        for c in range(1, picture.cols + 1):
            sq = Square(r, c)
            piece = table.pieces.get(sq)
            if isinstance(piece, Tile):
                out[sq] = Seen("tile", tile=piece)
            elif isinstance(piece, Side):
                out[sq] = Seen("daikaiju", facing=piece)
            elif isinstance(piece, VetMark):
                out[sq] = (Seen("tile", portal=True) if piece.kind == "portal" else
                           Seen(piece.kind, facing=piece.facing, arrow=piece.arrow))
            else:
                out[sq] = Seen("empty")
    return out


exact_reader.ships = lambda table: dict(table.ships)  # type: ignore[attr-defined]
exact_reader.ship_colours = frozenset(SHIP_RGB)  # type: ignore[attr-defined]


class SimCamera:
    """A camera over the simulated table; ``unplugged`` stands for pulling the cable."""

    simulated = True

    def __init__(self, table: SimTable | None = None, reader: Reader | None = None) -> None:
        self.table = table or SimTable()
        self.reader: Reader = reader or vision_sim_reader() or exact_reader
        self.name = "sim camera" + (
            " (vision reader)" if self.reader is not exact_reader else " (exact reading)"
        )
        self.unplugged = False
        self.obedient = True
        """The simulated players carry out every instruction (tests turn this off)."""
        self.unreadable: set[Square] = set()
        """Squares the camera cannot make out (a hand, glare): they read ``unknown``."""
        self.ships_seen: dict[Point, str] | None = None
        """Ships found by the last read (None: this camera does not look for ships)."""
        self.ship_colours: frozenset[str] = getattr(self.reader, "ship_colours", frozenset())
        self._lock = threading.Lock()

    def warm_up(self, rows: int = 7, cols: int = 7) -> None:
        """Build the reader's templates in the background (about a second, once)."""
        threading.Thread(
            target=lambda: self._read(BoardPicture(rows, cols)), daemon=True, name="camera-warm"
        ).start()

    def _read(self, picture: BoardPicture, legal: Legal | None = None) -> dict[Square, Seen]:
        with self._lock:
            try:
                seen = self.reader(self.table, picture, legal)
                ships = getattr(self.reader, "ships", None)
                self.ships_seen = ships(self.table) if ships is not None else None
                return seen
            finally:
                release_free_memory()  # the photo's big arrays (see ui/memory.py)

    def read(self, picture: BoardPicture, legal: Legal | None = None) -> dict[Square, Seen]:
        if self.unplugged:
            raise CameraFault("The camera is unplugged.")
        seen = self._read(picture, legal)
        for sq in self.unreadable:
            seen[sq] = Seen("unknown", confidence=0.2)
        return seen

    def available(self) -> bool:
        return not self.unplugged

    def frame(self, rows: int = 7, cols: int = 7) -> Any:
        """A photo of the simulated table, as the camera setup screens want one."""
        if self.unplugged:
            raise CameraFault("The camera is unplugged.")
        try:
            from vision.sources import SimulatedSource
        except Exception as exc:
            raise CameraFault(f"The simulated camera cannot take photos here ({exc}).") from exc

        def state() -> dict[Square, Any]:
            return {sq: _vision_piece(p) for sq, p in self.table.pieces.items()}

        with self._lock:
            # a real camera's size: at 800x600 a marker is sometimes too small to decode
            return SimulatedSource(_profile(rows, cols), state=state,
                                   ships=lambda: self.table.ships, size=(1280, 960)).read()

    def use_profile(self, profile_dir: str) -> None:
        """The simulated photos always have the built-in look; nothing to reload."""

    def close(self) -> None:
        pass

    def lay(self, square: Square, tile: Tile) -> bool:
        self.table.lay(square, tile)
        return True

    def lay_hand(self, tiles: Sequence[Tile], free: Sequence[Square]) -> list[Square]:
        squares = [sq for sq in free if sq not in self.table.pieces][: len(tiles)]
        for sq, tile in zip(squares, tiles, strict=False):
            self.table.pieces[sq] = tile
        return squares

    def take_off(self, squares: Iterable[Square]) -> None:
        for sq in squares:
            self.table.pieces.pop(sq, None)

    def placed(self) -> None:
        self.table.laid = None

    def follow(self, picture: BoardPicture) -> bool:
        if self.obedient:
            self.table.sync(picture)
        return self.obedient

    def swap_pieces(self, pieces: Mapping[Square, Piece]) -> dict[Square, Piece] | None:
        kept, self.table.pieces = self.table.pieces, dict(pieces)
        return kept

    def hold(self, picture: BoardPicture, ships_only: bool = False) -> None:
        if not ships_only:
            self.table.sync(picture)
        elif self.obedient:  # the simulated players move their ships along the paths
            self.table.ships = {m.point: m.colour for m in picture.ships if m.alive and m.point}


def _profile(rows: int, cols: int) -> Any:
    from companion.core.board import BoardProfile

    return BoardProfile(f"app-{rows}x{cols}", rows, cols, ())


def _known(picture: BoardPicture) -> dict[Square, Any]:
    """The record's board in the vision package's terms (tile, daikaiju or None)."""
    from vision.reading import Daikaiju

    known: dict[Square, Any] = {sq: None for sq in _squares(picture)}
    known.update(picture.tiles)
    known.update({sq: Daikaiju(side) for sq, side in picture.daikaiju.items()})
    known.update({sq: _vision_piece(mark) for sq, mark in vet_marks(picture).items()})
    return known


def _squares(picture: BoardPicture) -> list[Square]:
    return [Square(r, c) for r in range(1, picture.rows + 1) for c in range(1, picture.cols + 1)]


def vision_sim_reader() -> Reader | None:
    """Photograph the simulated table and read the photo with ``vision``, when it can."""
    try:
        from vision.recognise import BoardReader
        from vision.ships import DEFAULT_COLOURS, ShipFinder
        from vision.sources import SimulatedSource
    except Exception as exc:  # vision absent or broken: read the table exactly
        log.info("simulated camera without vision: %s", exc)
        return None
    readers: dict[tuple[int, int, str], tuple[Any, Any]] = {}
    last: dict[str, dict[Point, str]] = {"ships": {}}

    def reader(table: SimTable, picture: BoardPicture, legal: Legal | None = None
               ) -> dict[Square, Seen]:
        key = (picture.rows, picture.cols, picture.game)
        if key not in readers:
            profile = _profile(picture.rows, picture.cols)

            def state() -> dict[Square, Any]:
                return {sq: _vision_piece(p) for sq, p in table.pieces.items()}

            readers[key] = (
                # at 800x600 a ship is now and then too small to tell (2 in 150 missed;
                # 0 in 500 at 880x660, which costs less memory than a larger photo)
                SimulatedSource(profile, state=state, ships=lambda: table.ships,
                                size=(880, 660)),
                BoardReader(profile, ships=ShipFinder(profile), game=picture.game or None),
            )
        source, board_reader = readers[key]
        reading = board_reader.read(source.read(), known=_known(picture), legal=legal)
        last["ships"] = dict(getattr(reading, "ships", {}) or {})
        return seen_from_reading(reading)

    # the default colours are the chromatic ones: white and black ships are not checked
    reader.ships = lambda _table: last["ships"]  # type: ignore[attr-defined]
    reader.ship_colours = frozenset(DEFAULT_COLOURS)  # type: ignore[attr-defined]
    return reader


class VisionCamera:
    """A real camera (Pi camera, USB webcam, image files) read by the ``vision`` package."""

    simulated = False

    def __init__(self, spec: str, profile_dir: str = "") -> None:
        self.spec = spec
        self.profile_dir = profile_dir
        self.name = f"camera {spec}"
        self.source: Any = None
        self._readers: dict[tuple[int, int, str], Any] = {}
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
            self.source, note = open_source(spec, _profile(7, 7), fallback=False)
        except Exception as exc:
            self.source = None
            raise CameraFault(f"The camera ({self.spec}) is not available: {exc}.") from exc
        self.name = note.removeprefix("camera: ")

    def _reader(self, picture: BoardPicture) -> Any:
        size = (picture.rows, picture.cols)
        key = (*size, picture.game)
        if key not in self._readers:
            from vision.profile import (
                load_layout,
                load_ship_colours,
                load_templates,
                measured_ship_colours,
            )
            from vision.recognise import BoardReader
            from vision.ships import ShipFinder
            from vision.veterans import reader_for as vet_reader_for

            profile = _profile(*size)
            base = Path(self.profile_dir) if self.profile_dir else None
            pick = profile_file_dirs(base, size)
            colours = load_ship_colours(pick["ships.json"])
            self._colours[size] = measured_ship_colours(pick["ships.json"])  # not defaults
            self._readers[key] = BoardReader(
                profile, load_templates(pick["templates.npz"]),
                load_layout(pick["markers.json"], profile),
                ships=ShipFinder(profile, colours) if colours else None,
                game=picture.game or None,  # the box as evidence (vision/inventory.py)
                veterans=vet_reader_for(picture.game or None, pick["templates.npz"]),
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
            reading = reader.read(frame, known=_known(picture), legal=legal)
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


def seen_from_reading(reading: Any) -> dict[Square, Seen]:
    """Convert a :class:`vision.reading.BoardReading` to the app's :class:`Seen`."""
    if not getattr(reading, "found", True):
        raise CameraFault(f"The camera cannot find the board ({reading.status}).")
    out: dict[Square, Seen] = {}
    for sq, r in reading.squares.items():
        content = getattr(r.content, "value", r.content)
        out[sq] = Seen(content, tile=r.tile, facing=r.facing, confidence=float(r.confidence),
                       arrow=getattr(r, "arrow", None), portal=bool(getattr(r, "portal", False)))
    return out


def differences(picture: BoardPicture, seen: dict[Square, Seen], squares: Iterable[Square]
                ) -> list[str]:
    """Where the table differs from the record, in words ("r3c4 should be empty")."""
    out = []
    for sq in squares:
        s = seen.get(sq)
        if s is None or s.content == "unknown":
            continue
        want = _expected(picture, sq)
        got = "portal" if s.content == "tile" and s.portal else s.content
        # a reader that cannot tell the uzushio from a daikaiju, or a portal from a tile,
        # is not contradicted by them
        if got != want and (want, got) not in (("uzushio", "daikaiju"), ("portal", "tile")):
            holds = {"empty": "be empty", "tile": "hold a wake tile", "daikaiju": "hold a daikaiju",
                     "tsunami": "hold the gold tsunami", "uzushio": "hold the uzushio",
                     "portal": "hold the mystic portal"}
            out.append(f"{sq} should {holds[want]}")
        elif want == "tile" and s.tile is not None and s.tile != picture.tiles[sq]:
            out.append(f"the tile on {sq} is not the one recorded")
    return out


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


def ship_differences(picture: BoardPicture, seen: dict[Point, str] | None,
                     colours: Iterable[str], piece: str = "ship") -> list[str]:
    """Where the ships on the table differ from the record, for the colours the camera
    can tell apart: a ship missing from its point, or a lost ship still on the board."""
    if seen is None:
        return []
    known = set(colours)
    where: dict[str, set[Point]] = {}
    for point, colour in seen.items():
        where.setdefault(colour, set()).update({point, point.across()})
    # two ships side by side on one point show as one: any of them seen there will do
    sharing: dict[Point, set[str]] = {}
    for mark in picture.ships:
        if mark.alive and mark.point is not None:
            for spot in (mark.point, mark.point.across()):
                sharing.setdefault(spot, set()).add(mark.colour)
    out = []
    for mark in picture.ships:
        if mark.colour not in known:
            continue
        if mark.alive and mark.point is not None:
            here = sharing[mark.point]
            if not any(mark.point in where.get(c, set()) for c in here):
                out.append(f"the {mark.colour} {piece} should stand at {mark.point}, as "
                           "the board on the screen shows")
        elif not mark.alive and mark.colour in where:
            out.append(f"the {mark.colour} {piece} is out of the game: take it off the board")
    return out


def make_camera(source: str, profile_dir: str = "") -> tuple[Camera | None, str]:
    """The camera the configuration names, and one sentence saying what it is.

    ``auto`` and ``sim`` give the simulated camera off the Pi; ``none`` gives no camera
    (entry by touch). A real camera that cannot start gives None and says why.
    """
    if source == "none":
        return None, "No camera: placements are entered by touch."
    if source in ("sim", "auto"):
        if source == "auto" and _is_pi():
            cam, why = _real_camera("picamera", profile_dir)
            if cam is not None:
                return cam, why
            log.warning("%s; using the simulated camera", why)
        sim = SimCamera()
        how = "photographed and read by the vision package" if sim.reader is not exact_reader \
            else "reads the simulated table exactly"
        return sim, f"Simulated camera, not a real one ({how})."
    return _real_camera(source, profile_dir)


def _is_pi() -> bool:
    from hardware.pins import is_raspberry_pi

    return is_raspberry_pi()


def _real_camera(source: str, profile_dir: str = "") -> tuple[Camera | None, str]:
    try:
        cam = VisionCamera(source, profile_dir)
    except CameraFault as exc:
        return None, f"{exc} Placements are entered by touch."
    except Exception as exc:  # vision missing or broken
        log.exception("camera %s", source)
        return None, f"The camera ({source}) cannot start ({exc}): entry by touch."
    return cam, f"Camera: {cam.name}."
