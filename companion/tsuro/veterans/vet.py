"""The expansion's part of a game state: :class:`Vet`, the ``vet`` field of the state.

It sits below the state, which names it as the type of that field, so it cannot name
the state's type itself: the state that a Phoenix may restore is the type parameter.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

from companion.tsuro.veterans import tsunami as tsu

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class PortalStep:
    """A portal at work: the ships still to go, and the starting points used so far."""

    square: int
    queue: tuple[int, ...]
    used: tuple[int, ...] = ()
    target: int = -1
    """The square the dice named for ``queue[0]``, while it chooses where to start."""


@dataclass(frozen=True, slots=True)
class Vet(Generic[S]):
    """The expansion's part of the game state."""

    tsunami: tsu.Tsunami | None = None
    tsunami_gone: bool = False
    """Both tsunami tiles have left the game; they never come back (the reference's FAQ)."""
    rolls: tuple[int, ...] = ()
    """Seats still to roll against the tsunami, in order."""
    number: int = 0
    """The connecting number those rolls must reach."""
    after: str = ""
    """Where play goes once the rolls are made: ``turn`` (the daikaiju check) or ``place``
    (the rest of a placement: the bonus, then the draw)."""
    held: tuple[tuple[int, int, int], ...] = ()
    """Each seat's taihou, mystic portal and Phoenix tiles (empty: none anywhere yet)."""
    pile: tuple[int, int, int] = (0, 0, 0)
    """Taihou, portal and Phoenix tiles still shuffled in the wake pile."""
    portal: PortalStep | None = None
    anew: tuple[str, ...] = ()
    """Daikaiju beside a portal, waiting to be brought into play anew."""
    saving: tuple[tuple[int, int], ...] = ()
    """Ships that ran into a daikaiju while moving, with a taihou to save them: (seat, the
    position they set out from), the first deciding now."""
    pending: tuple[tuple[int, str], ...] = ()
    """Ships lost by the same placement, taken off together once the owners have chosen."""
    before_roll: S | None = field(default=None, compare=False, repr=False)
    """The state before the last roll, while a Phoenix may still have it made again."""
