"""The state of a Tsuro or Tsuro of the Seas game, OpenSpiel style.

A :class:`State` is immutable. ``current_player`` is a seat, :data:`CHANCE` when the
next input is a die, a drawn tile or a turned-up daikaiju, or :data:`TERMINAL`. Players
choose among ``legal_actions()``; chance points list ``chance_outcomes()`` with exact
probabilities. ``apply`` checks the action and returns the next state; the state never
draws a random number itself.

>>> from companion.tsuro.game import Game
>>> s = new_state(Game.create("tsuro", ["red", "blue"]))
>>> s.current_player == CHANCE, s.phase.value
(True, 'deal')
>>> len(s.chance_outcomes()), sum(p for _, p in s.chance_outcomes())
(35, Fraction(1, 1))
"""

from __future__ import annotations

# The state is split by what each part holds, each module building on those below it:
# state_parts (phases, pieces, tables) < state_value (State) < losses < daikaiju_moves
# < turn_flow < placing < turn_steps. This module gathers the names other packages use
# and loads the steps, which enter their handlers in the state's table.
from companion.tsuro import turn_steps as _turn_steps  # noqa: F401  (enters the handlers)
from companion.tsuro.game import Game
from companion.tsuro.piles import Pile
from companion.tsuro.placing import shown_hand_problem, why_not
from companion.tsuro.rules_plugin import load_plugin
from companion.tsuro.state_parts import (
    CHANCE,
    PATTERN_OF,
    ROTATIONS,
    TERMINAL,
    Daikaiju,
    IllegalAction,
    Phase,
    pattern_number,
)
from companion.tsuro.state_value import State, replace
from companion.tsuro.turn_flow import advance_turn

__all__ = [
    "CHANCE",
    "PATTERN_OF",
    "ROTATIONS",
    "TERMINAL",
    "Daikaiju",
    "IllegalAction",
    "Phase",
    "State",
    "advance_turn",
    "new_state",
    "pattern_number",
    "replace",
    "shown_hand_problem",
    "why_not",
]


def new_state(game: Game) -> State:
    """The game before the first tile is dealt."""
    n = len(game.players)
    deck = tuple(sorted(c.id for c in game.deck.cards)) if game.has_daikaiju and game.deck else ()
    return State(
        game=game,
        phase=Phase.DEAL,
        active=0,
        board=tuple([-1] * (game.board.rows * game.board.cols)),
        ships=tuple([-1] * n),
        hands=tuple(() for _ in range(n)),
        pile=Pile.shuffled_from(game.tile_set),
        dk_deck=load_plugin(game.plugin).deck(game, deck) if game.plugin else deck,
        vet=load_plugin(game.plugin).new(game) if game.plugin else None,
    )

