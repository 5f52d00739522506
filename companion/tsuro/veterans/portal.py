"""Mystic portal tiles: laid instead of a wake tile, they send the ships touching them away.

Once a portal is laid on the square in front of the active ship, each ship touching it
(standing at one of the points of that square's sides) goes in turn order, starting after
the active player and ending with them: its owner rolls the gold and blue dice for a
square (through the board profile, as for a daikaiju).

- A daikaiju there: the ship is lost.
- An empty square: the owner lays a tile from the hand there, as it likes, and picks the
  point of that tile where the ship starts; it then follows the wake as any ship moves.
- A wake tile there (one laid earlier in this step, or any other): the ship starts at a
  point of that tile, as the reference's "never the same starting point" implies.
- The portal's own square, or a tile with no point left: the dice are rolled again.
- With an empty hand on an empty square the ship has nothing to sail onto: it is lost.

No starting point is used twice in one portal step. Then every daikaiju beside the portal
is brought into play anew (a fresh throw for its square and a random way to face).

>>> order(active=1, touching=[0, 1, 3], seats=4)
(3, 0, 1)
>>> landing(10, portal=3, daikaiju={10}, board=[-1] * 49, hand_size=3)
'lost'
>>> landing(11, portal=3, daikaiju={10}, board=[-1] * 49, hand_size=3)
'lay'
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from companion.tsuro.veterans.taihou import clear_targets

LANDINGS = ("lost", "lay", "join", "reroll")


class PortalError(ValueError):
    """A portal step asked to do what the rules do not allow."""


def touching(square: int, ships: Sequence[int]) -> tuple[int, ...]:
    """Seats whose ships stand at a point of ``square``'s sides (positions: sq * 8 + point)."""
    return tuple(seat for seat, pos in enumerate(ships) if pos >= 0 and pos >> 3 == square)


def order(active: int, touching: Collection[int], seats: int) -> tuple[int, ...]:
    """The seats in ``touching`` in turn order, the active player last."""
    return tuple(
        s for k in range(1, seats + 1) if (s := (active + k) % seats) in set(touching)
    )


def landing(
    square: int,
    portal: int,
    daikaiju: Collection[int],
    board: Sequence[int],
    hand_size: int,
    used: Collection[int] = (),
    ships: Collection[int] = (),
) -> str:
    """What happens to a ship whose dice name ``square``: one of :data:`LANDINGS`."""
    if square == portal:
        return "reroll"
    if square in daikaiju:
        return "lost"
    if board[square] < 0:
        return "lay" if hand_size else "lost"
    return "join" if free_starts(square, used, ships) else "reroll"


def free_starts(square: int, used: Collection[int], ships: Collection[int]) -> tuple[int, ...]:
    """Positions (square * 8 + point) a ship may start from on ``square``'s tile.

    Not a point used earlier in this portal step, nor one where a ship stands.

    >>> free_starts(2, used={16, 17}, ships={23})
    (18, 19, 20, 21, 22)
    """
    taken = set(used) | set(ships)
    return tuple(p for p in range(square * 8, square * 8 + 8) if p not in taken)


def check_start(square: int, position: int, used: Collection[int], ships: Collection[int]) -> None:
    """Refuse a starting point that is not on ``square`` or is already taken."""
    if position >> 3 != square:
        raise PortalError("the ship starts at a point of the square the dice named")
    if position in set(used):
        raise PortalError("that starting point was already used in this portal step")
    if position in set(ships):
        raise PortalError("another ship already stands at that point")


def daikaiju_beside(square: int, daikaiju: Collection[int], rows: int, cols: int) -> tuple[int, ...]:
    """The daikaiju squares beside the portal: each is brought into play anew."""
    return clear_targets(square, daikaiju, rows, cols)
