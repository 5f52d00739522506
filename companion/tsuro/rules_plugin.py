"""The rules plug-in of the path engine: what an expansion adds to the turn.

The state (:mod:`companion.tsuro.state`) plays the base games alone. A game whose options
bring more rules (Veterans of the Seas, the Phoenix, the reference's bonus) names the
module that holds them (:attr:`companion.tsuro.game.Game.plugin`, a module string, as the
game registry names engines), and the state calls that module's hooks at the few points
of the turn where the expansion acts. So the arrow points one way: the expansion builds
on the state; the state knows only this interface and a module name, and loads the
module the first time a game needs it. A game without those options never loads the
expansion at all (``companion state`` on a Tsuro game stays quick).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

if TYPE_CHECKING:
    from companion.tsuro.actions import Action, Facing
    from companion.tsuro.game import Game
    from companion.tsuro.placement import Movement
    from companion.tsuro.state_parts import Phase
    from companion.tsuro.veterans.vet import Vet

State = TypeVar("State")
"""The state the hooks take and give (:class:`companion.tsuro.state_value.State`): a type
parameter, because the state calls the plug-in and so this interface sits below it."""


class RulesPlugin(Protocol[State]):
    """The hooks the state calls; a module implements them as plain functions."""

    TSUNAMI_CARD: str

    @property
    def HANDLERS(self) -> Mapping[tuple[Phase, type], Callable[[State, Any], State]]:
        """Handlers of the plug-in's own (phase, action) pairs, beside the state's table."""

    # setting up
    def deck(self, game: Game, deck: tuple[str, ...]) -> tuple[str, ...]: ...
    def new(self, game: Game) -> Vet[State] | None: ...

    # choices and applying
    def place_choices(self, s: State) -> list[Action]: ...
    def keep_actions(self, s: State) -> list[Action]: ...
    def choices(self, s: State) -> list[Action]: ...
    def apply(self, s: State, action: Action) -> State: ...
    def draw_outcomes(self, s: State) -> list[tuple[Action, Fraction]]: ...
    def portal_seat(self, s: State) -> int: ...
    def saving_seat(self, s: State) -> int: ...

    # points of the turn
    def tsunami_arrives(self, s: State, a: Facing) -> State: ...
    def anew_next(self, s: State) -> State: ...
    def tsunami_phase(self, s: State) -> State: ...
    def holds_taihou(self, s: State, seat: int) -> bool: ...
    def uzushio_afloat(self, s: State) -> bool: ...
    def is_uzushio(self, card: str) -> bool: ...
    def drop_lost(self, s: State) -> State: ...
    def split_savable(
        self, s: State, move: Movement
    ) -> tuple[Movement, tuple[tuple[int, int], ...]]: ...
    def entries_after_place(self, s: State, moved: Sequence[tuple[int, int, int]]) -> State: ...
    def hand_count(self, s: State, seat: int) -> int: ...
    def pile_size(self, s: State) -> int: ...


@cache
def load_plugin(module: str) -> RulesPlugin[Any]:
    """The plug-in module named, imported once."""
    return cast("RulesPlugin[Any]", importlib.import_module(module))
