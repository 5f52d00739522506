"""The simulated table of a laptop game, and the camera over it.

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
from typing import Any

from companion.core.board import Point, Side, Square
from companion.tsuro.tiles import Tile

from .camera import CameraFault, Legal, Piece, Seen, VetMark, vet_marks
from .memory import release_free_memory
from .model import SHIP_RGB, BoardPicture
from .vision_terms import board_profile, known_pieces, seen_from_reading, vision_piece

# the logger keeps the name these lines had before the camera module was split
log = logging.getLogger("ui.camera")


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
            return {sq: vision_piece(p) for sq, p in self.table.pieces.items()}

        with self._lock:
            # a real camera's size: at 800x600 a marker is sometimes too small to decode
            return SimulatedSource(board_profile(rows, cols), state=state,
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


def vision_sim_reader() -> Reader | None:
    """Photograph the simulated table and read the photo with ``vision``, when it can."""
    try:
        from vision.recognise import BoardReader
        from vision.ships import DEFAULT_COLOURS, ShipFinder
        from vision.sources import SimulatedSource
        from vision.veterans import in_play as vet_in_play
    except Exception as exc:  # vision absent or broken: read the table exactly
        log.info("simulated camera without vision: %s", exc)
        return None
    readers: dict[tuple[int, int, str, bool], tuple[Any, Any]] = {}
    last: dict[str, dict[Point, str]] = {"ships": {}}

    def reader(table: SimTable, picture: BoardPicture, legal: Legal | None = None
               ) -> dict[Square, Seen]:
        # options matter to the reader only as whether the expansion is played (as
        # ui/vision_camera.py keys its readers): other options share one reader
        key = (picture.rows, picture.cols, picture.game,
               vet_in_play(picture.game or None, picture.options))
        if key not in readers:
            profile = board_profile(picture.rows, picture.cols)

            def state() -> dict[Square, Any]:
                return {sq: vision_piece(p) for sq, p in table.pieces.items()}

            readers[key] = (
                # at 800x600 a ship is now and then too small to tell (2 in 150 missed;
                # 0 in 500 at 880x660, which costs less memory than a larger photo)
                SimulatedSource(profile, state=state, ships=lambda: table.ships,
                                size=(880, 660)),
                # the expansion's pieces are looked for only in a game played with it
                BoardReader(profile, ships=ShipFinder(profile), game=picture.game or None,
                            options=picture.options),
            )
        source, board_reader = readers[key]
        reading = board_reader.read(source.read(), known=known_pieces(picture), legal=legal)
        last["ships"] = dict(getattr(reading, "ships", {}) or {})
        return seen_from_reading(reading)

    # the default colours are the chromatic ones: white and black ships are not checked
    reader.ships = lambda _table: last["ships"]  # type: ignore[attr-defined]
    reader.ship_colours = frozenset(DEFAULT_COLOURS)  # type: ignore[attr-defined]
    return reader
