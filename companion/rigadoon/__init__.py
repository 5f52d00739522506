"""Rigadoon: the rules engine, with the chain-reaction referee (pure Python).

Public API (kept stable for the screens in ``ui/``):

Setting up
    ``Game.create(players, options=())`` -- two player names, seat 0 sails first;
    option ``wind-die`` uses the Wind Direction die instead of the deck; ``quiet-maelstrom``,
    ``attack-in-passing``, ``chest-stops-blast`` and ``win-by-claims`` take the other
    reading of a sentence (``OPTIONS`` words each; ``docs/rigadoon.md``). ``Game.board``
    (:class:`Board`, from ``load_board()``/``default_board()``) and ``Game.wind``
    (:class:`Wind`, from ``load_wind()``/``default_wind()``) are editable data;
    ``Game.defaults_to_check()`` says which facts are defaults.
    ``new_state(game)`` -- the opening position; ``arrange(game, ships, chests, wind)`` --
    a position set up by hand.

Playing (:class:`State`, immutable)
    ``current_player`` (seat, ``CHANCE`` or ``TERMINAL``), ``phase`` (:class:`Phase`:
    fleet, opening, turn, wind, choice, over), ``legal_actions()``, ``apply(action)`` (a new
    state; :class:`RigadoonError` with one line naming what is wrong), ``is_terminal()``,
    ``returns()``, ``chance_outcomes()`` (``[(NewWind, Fraction)]`` while the wind changes),
    ``prompt()``, ``sails(ship)``, ``required()``, ``excused()``, ``chain.choice``
    (:class:`Choice`: kind ``order``/``chest``/``island`` and its options) while
    ``phase is Phase.CHOICE``. Pieces: ``ships[i]``/``masts[i]`` (ships 0-3 blue 1-4,
    4-7 green 1-4; squares are ``board`` indices, ``board.name(sq)`` gives ``r5c5``),
    ``chests``, ``wind`` (:class:`Direction`), ``fleet`` (0 blue, 1 green) on turn,
    ``in_port(i)``, ``aground(i)``, ``acted``/``bonus`` bit masks, ``outcome``.

Actions (each with ``notation()``; ``parse_action(text)`` reads them back)
    ``PickFleet``, ``Opening``, ``Change``, ``NewWind`` (chance), ``Sail(ship, (row, col),
    stop='' | 'sink' | 'aground')``, ``Repair(ship)``, ``End``, ``Choose(option)``.

Around the engine
    ``explore(state, ship)`` -- every legal sail with each distinct result, best first
    (:class:`Line`: ``sail``, ``choices``, ``score``, ``summary()``, ...).
    ``instructions(board, state.events)`` -- typed :class:`Instruction` values for the
    table, ``say(instruction)`` words one. ``render(state)``/``view_json(state)`` -- text
    and JSON views; ``template_squares(state, ship)`` -- the wind card laid on a ship.
    :class:`Session` with :class:`RigadoonStore` (``RigadoonStore.open_store(path)``) --
    records in the shared store (new, resume, enter, change_wind, undo, history);
    ``replay``, ``dump_lines``, ``load_lines`` for record files. Worked-example positions:
    ``companion.rigadoon.examples`` (``basic_attack``, ``claiming_a_chest``,
    ``thousand_words``).

The rules as applied, the default board and wind, and the rulings where the text allows
two readings are in ``docs/rigadoon.md``.
"""

from __future__ import annotations

from .actions import (
    Action,
    Change,
    Choose,
    End,
    NewWind,
    Opening,
    PickFleet,
    Repair,
    Sail,
    parse_action,
)
from .board import Board, BoardFileError, Island, default_board, load_board
from .chain import Chain, Choice, parse_ship, ship_name
from .explore import Line, explore
from .geometry import Direction, RigadoonError
from .instructions import Instruction, instructions, say
from .record import Header, RigadoonStore, dump_lines, load_lines, replay
from .session import Session
from .state import CHANCE, OPTIONS, TERMINAL, Game, Outcome, Phase, State, arrange, new_state
from .view import render, template_squares, view_json
from .wind import Template, Wind, WindFileError, default_wind, load_wind

__all__ = [
    "CHANCE",
    "OPTIONS",
    "TERMINAL",
    "Action",
    "Board",
    "BoardFileError",
    "Chain",
    "Change",
    "Choice",
    "Choose",
    "Direction",
    "End",
    "Game",
    "Header",
    "Instruction",
    "Island",
    "Line",
    "NewWind",
    "Opening",
    "Outcome",
    "Phase",
    "PickFleet",
    "Repair",
    "RigadoonError",
    "RigadoonStore",
    "Sail",
    "Session",
    "State",
    "Template",
    "Wind",
    "WindFileError",
    "arrange",
    "default_board",
    "default_wind",
    "dump_lines",
    "explore",
    "instructions",
    "load_board",
    "load_lines",
    "load_wind",
    "new_state",
    "parse_action",
    "parse_ship",
    "render",
    "replay",
    "say",
    "ship_name",
    "template_squares",
    "view_json",
]
