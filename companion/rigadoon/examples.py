"""The rulebook's worked examples as positions on the default board (``docs/rigadoon.md``).

The rulebook's pictures are lost; these positions are rebuilt so that every sentence of
each example holds. Tests, the benchmark and the app's screenshots start from them.

>>> s = thousand_words()
>>> s.board.name(s.ships[0]), s.wind.word
('r3c3', 'southeast')
"""

from __future__ import annotations

from .state import Game, State, arrange

_PARKED = {"b3": ("r1c9", 3), "b4": ("r9c9", 3), "g2": ("r1c4", 3), "g3": ("r1c1", 3)}


def basic_attack(game: Game | None = None) -> State:
    """Blue's 3-mast b1 sails two squares southwest (``sail b1 r7c6``) between g1 and b2."""
    ships = {
        "b1": ("r5c8", 3),
        "g1": ("r7c5", 1),
        "b2": ("r8c6", 0),
        **_PARKED,
        "g4": ("r9c1", 3),
    }
    return arrange(
        game or Game.create(["blue", "green"]), ships, ["r3c4", "r3c5", "r3c6", "r4c3"], "n"
    )


def claiming_a_chest(game: Game | None = None) -> State:
    """Green's g1 sails south (``sail g1 r5c8``) and blasts mastless g2 onto the chest."""
    ships = {
        "g1": ("r3c8", 2),
        "g2": ("r6c8", 0),
        "b1": ("r7c7", 1),
        "b2": ("r1c9", 3),
        "b3": ("r9c9", 3),
        "b4": ("r1c4", 3),
        "g3": ("r1c1", 3),
        "g4": ("r9c1", 3),
    }
    return arrange(
        game or Game.create(["green", "blue"]),
        ships,
        ["r8c8", "r4c4", "r4c5", "r4c6"],
        "s",
        on_turn="green",
        first="green",
    )


def thousand_words(game: Game | None = None) -> State:
    """Blue to play under the southeast card; the best sail is ``sail b1 r6c6``."""
    ships = {
        "b1": ("r3c3", 3),
        "g1": ("r6c5", 2),
        "b4": ("r7c6", 0),
        "b2": ("r5c3", 3),
        "g2": ("r6c2", 2),
        "b3": ("r3c7", 3),
        "g3": ("r9c8", 2),
        "g4": ("r1c2", 3),
    }
    return arrange(
        game or Game.create(["blue", "green"]), ships, ["r8c8", "r6c9", "r4c2", "r1c8"], "se"
    )
