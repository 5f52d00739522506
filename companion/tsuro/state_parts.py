"""The parts a path-game state is made of, below the state itself.

The phases and what each waits for, the markers of a chance point and of the end, a
daikaiju on the board, a game's outcome, and the tables of tiles and chance outcomes the
state reads. The state (:mod:`companion.tsuro.state_value`), the steps of the turn and
the Veterans plug-in all build on this module; it imports none of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from companion.core.board import Side
from companion.tsuro.actions import ActionError, Die, Draw, Facing, Roll
from companion.tsuro.game import PATTERN_INDEX
from companion.tsuro.paths import ORIENTED, TILE_INDEX
from companion.tsuro.piles import UNKNOWN
from companion.tsuro.tiles import PATTERNS, Tile

CHANCE = -1
TERMINAL = -4

PATTERN_OF: tuple[int, ...] = tuple(PATTERN_INDEX[t.pattern()] for t in ORIENTED)
_PATTERN_OF_TILE: dict[Tile, int] = {t: PATTERN_OF[i] for i, t in enumerate(ORIENTED)}


def pattern_number(tile: Tile) -> int:
    """The pattern a tile in any orientation belongs to, as an index into PATTERNS."""
    return _PATTERN_OF_TILE[tile]


ROLLS = tuple((Roll(g, b), Fraction(1, 36)) for g in range(1, 7) for b in range(1, 7))
DIE = tuple((Die(f), Fraction(1, 6)) for f in range(1, 7))
FACINGS = tuple((Facing(side), Fraction(1, 4)) for side in Side)
DRAWS = tuple(Draw(p) for p in PATTERNS)
ROTATIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(TILE_INDEX[r] for r in p.rotations()) for p in PATTERNS
)


class IllegalAction(ActionError):
    """A well-formed action that the rules do not allow now."""


class Phase(Enum):
    DEAL = "deal"
    DAIKAIJU_ROLL = "daikaiju-roll"
    DAIKAIJU_DRAW = "daikaiju-draw"
    DAIKAIJU_FACING = "daikaiju-facing"
    START = "start"
    TURN_ROLL = "turn-roll"
    DAIKAIJU_DIE = "daikaiju-die"
    RELOCATE = "relocate"
    PLACE = "place"
    BONUS = "bonus"
    DRAW = "draw"
    OVER = "over"
    # Veterans of the Seas (companion/tsuro/veterans/)
    TSUNAMI_DIE = "tsunami-die"
    UZUSHIO = "uzushio"
    UZUSHIO_DIE = "uzushio-die"
    TAIHOU_CHECK = "taihou-check"
    TAIHOU_KEEP = "taihou-keep"
    TAIHOU_SAVE = "taihou-save"
    PORTAL_ROLL = "portal-roll"
    PORTAL_LAND = "portal-land"

    # Phases key the handler table and are looked up on every action; Enum's own hash
    # goes through the member's name in Python, identity is the same and far cheaper.
    __hash__ = object.__hash__


CHANCE_PHASES = frozenset(
    {
        Phase.DEAL,
        Phase.DAIKAIJU_ROLL,
        Phase.DAIKAIJU_DRAW,
        Phase.DAIKAIJU_FACING,
        Phase.TURN_ROLL,
        Phase.DAIKAIJU_DIE,
        Phase.DRAW,
        Phase.TSUNAMI_DIE,
        Phase.UZUSHIO_DIE,
        Phase.PORTAL_ROLL,
    }
)


@dataclass(frozen=True, slots=True)
class Daikaiju:
    card: str
    square: int
    facing: int
    """A :class:`~companion.core.board.Side` value: the way the tile's forward arrow points."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winning seats (several on a tie) and why."""

    winners: tuple[int, ...]
    reason: str


EXPECTING = {
    Phase.DEAL: "a tile dealt into a hand ('draw TILE' or 'draw ?')",
    Phase.DAIKAIJU_ROLL: "the gold and blue dice that place a daikaiju ('roll GOLD BLUE')",
    Phase.DAIKAIJU_DRAW: "the daikaiju tile turned up ('daikaiju ID')",
    Phase.DAIKAIJU_FACING: "the way the new daikaiju faces ('facing north')",
    Phase.START: "a start mark for the next ship ('start r1c4:0')",
    Phase.TURN_ROLL: "the gold and blue dice of the turn ('roll GOLD BLUE')",
    Phase.DAIKAIJU_DIE: "the single die that moves the daikaiju ('die FACE')",
    Phase.RELOCATE: "another start mark on the same edge ('relocate r1c4:1')",
    Phase.PLACE: "a tile laid in front of the active ship ('place SQUARE TILE')",
    Phase.BONUS: "the elimination bonus ('bonus none' or 'bonus give T take T')",
    Phase.DRAW: "a tile drawn into a hand ('draw TILE' or 'draw ?')",
    Phase.OVER: "nothing: the game is over",
    Phase.TSUNAMI_DIE: "a ship's die against the tsunami ('die FACE')",
    Phase.UZUSHIO: "whether the uzushio moves ('uzushio roll' or 'uzushio skip')",
    Phase.UZUSHIO_DIE: "the single die that moves the uzushio ('die FACE')",
    Phase.TAIHOU_CHECK: "a taihou fired at the daikaiju ('taihou check SQUARE' or 'taihou hold')",
    Phase.TAIHOU_KEEP: "the taihou drawn kept or removed ('taihou keep' or 'taihou remove')",
    Phase.TAIHOU_SAVE: "a taihou fired at the daikaiju a ship met ('taihou moving SQUARE' or 'taihou hold')",
    Phase.PORTAL_ROLL: "the gold and blue dice that send a ship through the portal ('roll GOLD BLUE')",
    Phase.PORTAL_LAND: "where the ship starts ('land POINT TILE' or 'land POINT')",
}


def tiles_of(patterns: Sequence[int]) -> tuple[Tile | None, ...]:
    return tuple(PATTERNS[t] if t >= 0 else None for t in patterns)


def pattern_numbers(tiles: Sequence[Tile | None]) -> tuple[int, ...]:
    return tuple(pattern_number(t) if t is not None else UNKNOWN for t in tiles)


def with_hand(
    hands: tuple[tuple[int, ...], ...], seat: int, hand: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    return (*hands[:seat], tuple(hand), *hands[seat + 1 :])


def remove_str(items: tuple[str, ...], value: str) -> tuple[str, ...]:
    i = items.index(value)
    return items[:i] + items[i + 1 :]

