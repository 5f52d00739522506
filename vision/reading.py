"""What a reading of the board says: the data the app consumes."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from companion.core.board import Point, Side, Square
from companion.tsuro.tiles import Tile


class Content(StrEnum):
    EMPTY = "empty"
    TILE = "tile"
    DAIKAIJU = "daikaiju"
    UNKNOWN = "unknown"
    TSUNAMI = "tsunami"  # Veterans of the Seas (docs/contracts.md 4): with its arrow colour
    UZUSHIO = "uzushio"


@dataclass(frozen=True)
class Daikaiju:
    """A daikaiju piece; ``facing`` is the side of the square its head points to."""

    facing: Side = Side.NORTH


@dataclass(frozen=True)
class VetPiece:
    """A piece of Veterans of the Seas on a square: the ``tsunami`` (``arrow`` ``gold`` or
    ``blue``), the ``uzushio``, or a mystic ``portal`` tile (with ``tile`` when its face
    carries a path). ``facing`` is where its arrow points (a portal has none)."""

    kind: str
    arrow: str | None = None
    facing: Side = Side.NORTH
    tile: Tile | None = None


Piece = Tile | Daikaiju | VetPiece | None
"""What a square holds as the companion knows it: a tile as it lies, a daikaiju, a piece of
Veterans of the Seas, or nothing."""


@dataclass(frozen=True)
class SquareReading:
    content: Content
    confidence: float
    tile: Tile | None = None
    facing: Side | None = None
    changed: bool = True
    """False when the square looked as before and its known content was carried over."""
    legal: bool | None = None
    """With legal placements given: whether a newly seen tile is one of them."""
    arrow: str | None = None
    """A tsunami's arrow colour, ``gold`` or ``blue``."""
    portal: bool = False
    """A ``tile`` that is a mystic portal (``tile`` set only when its face carries a path)."""

    def piece(self) -> Piece:
        if self.content is Content.TILE:
            return VetPiece("portal", tile=self.tile) if self.portal else self.tile
        if self.content is Content.DAIKAIJU:
            return Daikaiju(self.facing or Side.NORTH)
        if self.content is Content.TSUNAMI:
            return VetPiece("tsunami", self.arrow, self.facing or Side.NORTH)
        if self.content is Content.UZUSHIO:
            return VetPiece("uzushio", facing=self.facing or Side.NORTH)
        return None

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"content": self.content.value}
        if self.tile is not None and self.content is Content.TILE:
            out["tile"] = self.tile.notation()
        if self.portal and self.content is Content.TILE:
            out["portal"] = True
        if self.arrow is not None and self.content is Content.TSUNAMI:
            out["arrow"] = self.arrow
        if self.facing is not None and self.content in (Content.DAIKAIJU, Content.TSUNAMI,
                                                        Content.UZUSHIO):
            out["facing"] = self.facing.word
        out["confidence"] = round(float(self.confidence), 3)
        return out


@dataclass(frozen=True)
class Observation:
    """A change seen on the board compared with what the companion knew."""

    square: Square
    before: Piece
    after: SquareReading
    fits_legal_move: bool | None
    """None when no legal placements were given or the square reads unknown."""


@dataclass
class BoardReading:
    rows: int
    cols: int
    markers: int
    """How many of the four markers were seen in this frame."""
    status: str
    """``found``, ``held`` (markers partly covered, last good homography used) or ``not found``."""
    squares: dict[Square, SquareReading] = field(default_factory=dict)
    ships: dict[Point, str] = field(default_factory=dict)
    observations: list[Observation] = field(default_factory=list)
    reason: str = ""
    """Why the board was not found, in words for the player."""

    @property
    def found(self) -> bool:
        return self.status != "not found"

    def board(self) -> dict[Square, Piece]:
        """The known pieces; unknown squares are left out."""
        return {
            sq: r.piece() for sq, r in self.squares.items() if r.content is not Content.UNKNOWN
        }

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "rows": self.rows,
            "cols": self.cols,
            "markers": self.markers,
            "squares": {sq.name(): r.to_json() for sq, r in sorted(self.squares.items())},
        }
        if self.ships:
            out["ships"] = {p.name(): c for p, c in sorted(self.ships.items())}
        return out
