"""Actions of the path games, each with a one-line notation used by records and the CLI.

>>> parse_action("place r2c3 10325476")
Place(square=Square(row=2, col=3), tile=Tile(links=(1, 0, 3, 2, 5, 4, 7, 6)), hand=None)
>>> parse_action("roll 3 4").notation()
'roll 3 4'
>>> parse_action("draw ?").notation()
'draw ?'
>>> parse_action("fly away")
Traceback (most recent call last):
...
companion.tsuro.actions.ActionError: 'fly away' is not an action: unknown word 'fly'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from companion.core.board import BoardError, Point, Side, Square
from companion.core.dice import read_face
from companion.tsuro.tiles import Tile, TileError

if TYPE_CHECKING:
    from companion.tsuro.veterans.actions import VeteransAction

UNSEEN = "?"


class ActionError(ValueError):
    """Text that is not an action, or an action the rules refuse now."""


@dataclass(frozen=True, slots=True)
class Start:
    """A player puts their ship or marker on a start mark."""

    point: Point

    def notation(self) -> str:
        return f"start {self.point}"


@dataclass(frozen=True, slots=True)
class Relocate:
    """A ship still on its start mark moves to another mark of the same edge."""

    point: Point

    def notation(self) -> str:
        return f"relocate {self.point}"


@dataclass(frozen=True, slots=True)
class Roll:
    """The gold and the blue die, rolled together."""

    gold: int
    blue: int

    def notation(self) -> str:
        return f"roll {self.gold} {self.blue}"

    @property
    def total(self) -> int:
        return self.gold + self.blue


@dataclass(frozen=True, slots=True)
class Die:
    """The single movement die of the daikaiju."""

    face: int

    def notation(self) -> str:
        return f"die {self.face}"


@dataclass(frozen=True, slots=True)
class DrawDaikaiju:
    """The daikaiju tile turned up from the face-down deck."""

    card: str

    def notation(self) -> str:
        return f"daikaiju {self.card}"


@dataclass(frozen=True, slots=True)
class Facing:
    """The way a newly placed daikaiju faces."""

    side: Side

    def notation(self) -> str:
        return f"facing {self.side.word}"


@dataclass(frozen=True, slots=True)
class Place:
    """A tile laid on the square in front of the active marker, as it lies.

    ``hand`` is the player's whole hand, shown when a self-eliminating placement needs it.
    """

    square: Square
    tile: Tile
    hand: tuple[Tile, ...] | None = None

    def notation(self) -> str:
        text = f"place {self.square} {self.tile}"
        if self.hand is not None:
            text += " hand " + " ".join(t.notation() for t in self.hand)
        return text


@dataclass(frozen=True, slots=True)
class Draw:
    """A tile drawn into a hand; ``None`` when the companion does not see which."""

    tile: Tile | None

    def notation(self) -> str:
        return f"draw {self.tile if self.tile else UNSEEN}"


@dataclass(frozen=True, slots=True)
class Bonus:
    """The elimination bonus: tiles given from the hand for as many from the eliminated."""

    give: tuple[Tile | None, ...] = ()
    take: tuple[Tile | None, ...] = ()

    def notation(self) -> str:
        if not self.give:
            return "bonus none"
        return "bonus give {} take {}".format(
            " ".join(_tile_text(t) for t in self.give), " ".join(_tile_text(t) for t in self.take)
        )


if TYPE_CHECKING:
    Action: TypeAlias = (
        Start | Relocate | Roll | Die | DrawDaikaiju | Facing | Place | Draw | Bonus | VeteransAction
    )
    """Veterans of the Seas, Phoenix and reference-bonus actions:
    :mod:`companion.tsuro.veterans.actions`."""
else:  # at run time the base game's alone, so that a game without them never loads them
    Action = Start | Relocate | Roll | Die | DrawDaikaiju | Facing | Place | Draw | Bonus

_BASE_HEADS = frozenset({"start", "relocate", "roll", "die", "daikaiju", "facing", "place", "bonus"})
"""Words only the base game's actions begin with (``draw`` is shared with the expansion's
``draw taihou``); any other word may be the expansion's, which is loaded to read it."""


def _tile_text(tile: Tile | None) -> str:
    return tile.notation() if tile else UNSEEN


def _tile_or_unseen(word: str) -> Tile | None:
    return None if word == UNSEEN else Tile.parse(word).pattern()


def parse_action(text: str) -> Action:
    """Read one action from its notation."""
    words = text.split()
    if not words:
        raise ActionError("an empty line is not an action")
    head, args = words[0].lower(), words[1:]
    # a tile is digits and an unseen one '?': only a word can be the expansion's piece
    maybe_piece = head == "draw" and len(args) == 1 and args[0].isalpha()
    if head not in _BASE_HEADS and (head != "draw" or maybe_piece):
        from companion.tsuro.veterans.actions import (
            HEADS,
            PIECES,
            VeteransActionError,
            parse_veterans_action,
        )

        if head in HEADS and (head != "draw" or args[0] in PIECES):
            try:
                return parse_veterans_action(text)
            except VeteransActionError as exc:
                raise ActionError(str(exc)) from None
    try:
        return _parse(head, args)
    except (TileError, BoardError, ValueError) as exc:
        if isinstance(exc, ActionError):
            raise
        raise ActionError(f"{text!r} is not an action: {exc}") from None
    except IndexError:
        raise ActionError(f"{text!r} is not an action: something is missing") from None


def _need(args: list[str], n: int, form: str) -> None:
    if len(args) != n:
        raise ActionError(f"write it as {form!r}")


def _parse(head: str, args: list[str]) -> Action:
    if head == "start":
        _need(args, 1, "start r1c3:0")
        return Start(Point.parse(args[0]))
    if head == "relocate":
        _need(args, 1, "relocate r1c4:1")
        return Relocate(Point.parse(args[0]))
    if head == "roll":
        _need(args, 2, "roll GOLD BLUE")
        return Roll(read_face(args[0]), read_face(args[1]))
    if head == "die":
        _need(args, 1, "die FACE")
        return Die(read_face(args[0]))
    if head == "daikaiju":
        _need(args, 1, "daikaiju 3G")
        return DrawDaikaiju(args[0].upper())
    if head == "facing":
        _need(args, 1, "facing north")
        return Facing(Side.parse(args[0]))
    if head == "draw":
        _need(args, 1, "draw TILE (or draw ?)")
        return Draw(_tile_or_unseen(args[0]))
    if head == "place":
        if len(args) < 2 or (len(args) > 2 and args[2] != "hand"):
            raise ActionError("write it as 'place r2c3 TILE' or 'place r2c3 TILE hand T1 T2 T3'")
        hand = tuple(Tile.parse(w).pattern() for w in args[3:]) if len(args) > 2 else None
        return Place(Square.parse(args[0]), Tile.parse(args[1]), hand)
    if head == "bonus":
        if args == ["none"]:
            return Bonus()
        if not args or args[0] != "give" or "take" not in args:
            raise ActionError("write it as 'bonus none' or 'bonus give T1 take T2'")
        cut = args.index("take")
        give = tuple(_tile_or_unseen(w) for w in args[1:cut])
        take = tuple(_tile_or_unseen(w) for w in args[cut + 1 :])
        if len(give) != len(take) or not give:
            raise ActionError("the bonus gives and takes the same number of tiles, at least one")
        return Bonus(give, take)
    raise ActionError(f"{' '.join([head, *args])!r} is not an action: unknown word {head!r}")
