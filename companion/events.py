"""What happened when an action was applied, as data the table can be told about."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Event:
    """One change on the table.

    ``kind`` is one of: ``tile-placed``, ``ship-moved``, ``ship-lost``, ``tile-removed``,
    ``daikaiju-placed``, ``daikaiju-moved``, ``daikaiju-turned``, ``daikaiju-gone``,
    ``daikaiju-destroyed``, ``reroll``, ``relocated``, ``drew``, ``dragon``, ``bonus``,
    ``turn``, ``no-move``, ``passed``, ``game-over``. Squares and positions are the
    engine's small integers; :mod:`companion.describe` turns them into sentences.
    """

    kind: str
    seat: int = -1
    square: int = -1
    to: int = -1
    card: str = ""
    detail: str = ""
