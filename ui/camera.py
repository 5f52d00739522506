"""The camera as the app sees it: read the board, or say clearly why not.

The app sees the physical board through a :class:`Table`: ``read(picture)`` gives
``{square: Seen}`` or raises :class:`CameraFault` when it cannot see (unplugged, no
frames, board not found); the app then carries on with entry by touch and probes
``available()`` until the camera is back. A table also stands for what the players do
with the pieces: at a real table they lay tiles and carry out instructions with their
own hands, so those methods do nothing; the simulated table carries them out so that its
camera sees them. The turn logic calls the same methods on both and never asks which
one it has.

The cameras themselves live beside this contract: the simulated table and its camera
(:mod:`ui.sim_camera`), a real camera read by the vision package (:mod:`ui.vision_camera`),
and the choice between them (:mod:`ui.camera_open`); what a reading says against the
record is :mod:`ui.board_compare`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from companion.core.board import Point, Side, Square
from companion.tsuro.tiles import Tile

from .model import BoardPicture


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
