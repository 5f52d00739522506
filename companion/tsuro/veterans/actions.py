"""The actions Veterans of the Seas and the Phoenix add, each with its one-line notation.

Each parses from and formats to the same text (``docs/records.md``):

>>> for text in ("taihou check r3c4", "taihou keep", "portal r2c3", "land r4c5:2 52167034",
...              "land r4c5:2", "phoenix red", "keep 10325476 34701652", "uzushio skip",
...              "uzushio roll", "taihou hold", "draw portal"):
...     assert parse_veterans_action(text).notation() == text
>>> parse_veterans_action("taihou fire r3c4")
Traceback (most recent call last):
...
companion.tsuro.veterans.actions.VeteransActionError: 'taihou fire r3c4' is not an action: \
write it as 'taihou check|moving|clear SQUARE' or 'taihou keep|remove|hold'
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.board import BoardError, Point, Square
from companion.tsuro.tiles import Tile, TileError
from companion.tsuro.veterans.taihou import TaihouError, Use

HEADS = frozenset({"taihou", "portal", "land", "phoenix", "keep", "uzushio", "draw"})


class VeteransActionError(ValueError):
    """Text that is not one of the expansion's actions."""


@dataclass(frozen=True, slots=True)
class FireTaihou:
    """A taihou discarded to tuck the daikaiju on ``square`` under the daikaiju deck."""

    use: Use
    square: Square

    def notation(self) -> str:
        return f"taihou {self.use.value} {self.square}"


@dataclass(frozen=True, slots=True)
class HoldTaihou:
    """At the daikaiju check, the active player keeps the taihou and the ship is lost."""

    def notation(self) -> str:
        return "taihou hold"


@dataclass(frozen=True, slots=True)
class DrawPiece:
    """A taihou, mystic portal or Phoenix tile drawn from the wake pile (always announced)."""

    kind: str

    def notation(self) -> str:
        return f"draw {self.kind}"


@dataclass(frozen=True, slots=True)
class KeepTaihou:
    """A taihou just drawn: kept, or shown and removed from the game for a replacement."""

    keep: bool

    def notation(self) -> str:
        return "taihou keep" if self.keep else "taihou remove"


@dataclass(frozen=True, slots=True)
class PlacePortal:
    """A mystic portal laid on the square in front of the active ship (``tile``: as it
    lies, when portals carry a wake)."""

    square: Square
    tile: Tile | None = None

    def notation(self) -> str:
        return f"portal {self.square}" + (f" {self.tile}" if self.tile else "")


@dataclass(frozen=True, slots=True)
class Land:
    """Where a ship sent through a portal starts: a point of the square its dice named,
    with the tile laid there from its hand (``None``: it joins a tile already there)."""

    point: Point
    tile: Tile | None = None

    def notation(self) -> str:
        return f"land {self.point}" + (f" {self.tile}" if self.tile else "")


@dataclass(frozen=True, slots=True)
class Phoenix:
    """The Phoenix tile discarded by ``player`` to have the last roll made again."""

    player: str

    def notation(self) -> str:
        return f"phoenix {self.player}"


@dataclass(frozen=True, slots=True)
class Keep:
    """The reference's elimination bonus: the tiles the active player keeps."""

    tiles: tuple[Tile | None, ...]
    """Patterns; None for a tile the companion has not seen (written ``?``)."""

    def notation(self) -> str:
        words = " ".join(t.notation() if t else "?" for t in self.tiles)
        return "keep " + (words or "none")


@dataclass(frozen=True, slots=True)
class SkipUzushio:
    """The active player leaves the uzushio where it is (when it may, not must, move)."""

    def notation(self) -> str:
        return "uzushio skip"


@dataclass(frozen=True, slots=True)
class RollUzushio:
    """The active player has the uzushio move: the single die is rolled for it next."""

    def notation(self) -> str:
        return "uzushio roll"


VeteransAction = (
    FireTaihou
    | HoldTaihou
    | DrawPiece
    | KeepTaihou
    | PlacePortal
    | Land
    | Phoenix
    | Keep
    | SkipUzushio
    | RollUzushio
)
PIECES = ("taihou", "portal", "phoenix")

_FORMS = {
    "taihou": "taihou check|moving|clear SQUARE' or 'taihou keep|remove|hold",
    "draw": "draw taihou|portal|phoenix",
    "portal": "portal SQUARE' or 'portal SQUARE TILE",
    "land": "land r4c5:2 TILE' or 'land r4c5:2",
    "phoenix": "phoenix PLAYER",
    "keep": "keep T1 T2' or 'keep none",
    "uzushio": "uzushio roll' or 'uzushio skip",
}


def parse_veterans_action(text: str) -> VeteransAction:
    """Read one of the expansion's actions from its notation."""
    words = text.split()
    head = words[0].lower() if words else ""
    if head not in HEADS:
        raise VeteransActionError(f"{text!r} is not an action of Veterans of the Seas")
    args = words[1:]
    try:
        action = _parse(head, args)
    except (TileError, BoardError, TaihouError, IndexError):
        action = None
    if action is None:
        raise VeteransActionError(f"{text!r} is not an action: write it as '{_FORMS[head]}'")
    return action


def _parse(head: str, args: list[str]) -> VeteransAction | None:
    n = len(args)
    if head == "taihou":
        if n == 1 and args[0] in ("keep", "remove"):
            return KeepTaihou(args[0] == "keep")
        if args == ["hold"]:
            return HoldTaihou()
        return FireTaihou(Use.parse(args[0]), Square.parse(args[1])) if n == 2 else None
    if head == "draw" and n == 1 and args[0] in PIECES:
        return DrawPiece(args[0])
    if head == "portal" and n in (1, 2):
        return PlacePortal(Square.parse(args[0]), Tile.parse(args[1]) if n == 2 else None)
    if head == "land" and n in (1, 2):
        return Land(Point.parse(args[0]), Tile.parse(args[1]) if n == 2 else None)
    if head == "phoenix" and n == 1:
        return Phoenix(args[0].lower())
    if head == "keep" and n:
        if args == ["none"]:
            return Keep(())
        return Keep(tuple(None if w == "?" else Tile.parse(w).pattern() for w in args))
    if head == "uzushio" and args == ["skip"]:
        return SkipUzushio()
    if head == "uzushio" and args == ["roll"]:
        return RollUzushio()
    return None
