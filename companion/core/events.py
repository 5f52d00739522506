"""What happened when an action was applied, as data the table can be told about."""

from __future__ import annotations

from typing import NamedTuple


class Event(NamedTuple):
    """One change on the table.

    ``kind`` is one of: ``tile-placed``, ``ship-moved``, ``ship-lost``, ``tile-removed``,
    ``daikaiju-placed``, ``daikaiju-moved``, ``daikaiju-turned``, ``daikaiju-gone``,
    ``daikaiju-destroyed``, ``reroll``, ``relocated``, ``drew``, ``dragon``,
    ``dragon-aside``, ``hand-freed`` (``to`` tiles; ``detail`` says where: ``shuffle``,
    ``bottom`` or ``pool``), ``bonus``,
    ``turn``, ``no-move``, ``passed``, ``game-over``. Squares and positions are the
    engine's small integers; :mod:`companion.tsuro.describe` turns them into sentences.
    A named tuple rather than a dataclass: a game makes a great many of them.
    """

    kind: str
    seat: int = -1
    square: int = -1
    to: int = -1
    card: str = ""
    detail: str = ""
