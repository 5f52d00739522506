"""Plain data the screens draw: the board as a picture, and what the table sees now.

Nothing here imports Kivy; :func:`ui.adapt.snapshot` builds these from a Session.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from companion.core.board import Point, Side, Square
from companion.tsuro.tiles import Tile

SHIP_RGB: dict[str, tuple[float, float, float]] = {
    "red": (0.86, 0.16, 0.16),
    "blue": (0.18, 0.42, 0.95),
    "green": (0.15, 0.70, 0.25),
    "yellow": (0.97, 0.85, 0.10),
    "black": (0.08, 0.08, 0.08),
    "white": (0.97, 0.97, 0.97),
    "purple": (0.60, 0.25, 0.75),
    "orange": (0.98, 0.55, 0.10),
}


@dataclass(frozen=True)
class ShipMark:
    colour: str
    point: Point | None
    alive: bool = True
    active: bool = False


@dataclass(frozen=True)
class TsunamiMark:
    """The gold tsunami on the board, heading for the blue one beyond the edge."""

    square: Square
    heading: Side
    number: int
    """The connecting number a ship in its line must reach on the die."""
    blue: Square
    """Where the blue tile lies, one step outside the board."""


@dataclass(frozen=True)
class Choice:
    """A decision the rules allow now, offered as a button: its label and its notation."""

    label: str
    notation: str


@dataclass(frozen=True)
class BoardPicture:
    """What the board view draws."""

    rows: int
    cols: int
    tiles: Mapping[Square, Tile] = field(default_factory=dict)
    daikaiju: Mapping[Square, Side] = field(default_factory=dict)
    ships: tuple[ShipMark, ...] = ()
    target: Square | None = None
    """The square in front of the active ship, where the next tile goes."""
    start_marks: tuple[Point, ...] = ()
    """Free start marks, shown while ships are being placed."""
    gold_columns: tuple[int, ...] = ()
    blue_rows: tuple[int, ...] = ()
    tsunami: TsunamiMark | None = None
    portal: Square | None = None
    """A mystic portal at work (it leaves the board once its ships have gone)."""
    uzushio: frozenset[Square] = frozenset()
    """Daikaiju squares that hold an uzushio (drawn as a whirlpool)."""
    land: Square | None = None
    """The square a ship comes out of a portal on: ``start_marks`` are then its free
    points, drawn and touched inside it."""
    game: str = ""
    """The game's registry key: the camera reads with its box (how many of each tile)."""
    options: frozenset[str] | None = None
    """The game's rule options (None: not known): the camera looks for the pieces of
    Veterans of the Seas only in a game played with them."""

    def content(self, square: Square) -> str:
        if square in self.daikaiju:
            return "daikaiju"
        return "tile" if square in self.tiles else "empty"


@dataclass(frozen=True)
class Verdict:
    """The ruling on one placement, as the screen and the LEDs show it."""

    legal: bool
    text: str
    square: Square | None = None
    tile: Tile | None = None
    needs_hand: bool = False


@dataclass(frozen=True)
class Snapshot:
    """Everything the table screen shows, rebuilt after every action."""

    game: str = ""
    game_id: str = ""
    players: tuple[str, ...] = ()
    active: int | None = None
    awaiting: str = "start"
    prompt: str = "Choose a game to start."
    board: BoardPicture = field(default_factory=lambda: BoardPicture(7, 7))
    dice: tuple[int, int] | None = None
    die: int | None = None
    hands: tuple[int, ...] = ()
    pile: int | None = None
    odds: Mapping[str, Fraction] = field(default_factory=dict)
    phoenix_odds: Mapping[str, Fraction] = field(default_factory=dict)
    """The Phoenix holder's chance in ``odds`` when it rerolls to save its ship."""
    history: tuple[str, ...] = ()
    over: bool = False
    winners: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    """Defaults the owner should check against their own copy (board labels, daikaiju)."""
    specials: tuple[str, ...] = ()
    """Veterans of the Seas: the session view's lines (the tsunami, special tiles in the
    pile and in each hand)."""

    @property
    def active_colour(self) -> str | None:
        if self.active is None or not 0 <= self.active < len(self.players):
            return None
        return self.players[self.active]
