"""The :class:`State` of a Tsuro or Tsuro of the Seas game: what it holds and reads.

The steps that change a state (:mod:`.turn_steps`, :mod:`.placing`, :mod:`.turn_flow`,
...) build on this module, so it cannot import them: they enter their handlers in
:data:`STEPS` when they load, and :mod:`companion.tsuro.state` loads them with this
module, so a state reached through it can always be played.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Any, NamedTuple

from companion.core.board import Point
from companion.core.events import Event
from companion.tsuro.actions import Action, Bonus, DrawDaikaiju, Place, Relocate, Roll, Start
from companion.tsuro.game import VETERANS, Game
from companion.tsuro.paths import ORIENTED, TILE_INDEX, End, Grid
from companion.tsuro.piles import UNKNOWN, Pile
from companion.tsuro.placement import (
    FINE,
    Movement,
    Settled,
    ranks_alone,
    resolve,
    settle_many,
    standing_at,
)
from companion.tsuro.rules_plugin import load_plugin
from companion.tsuro.state_parts import (
    CHANCE,
    CHANCE_PHASES,
    DIE,
    DRAWS,
    EXPECTING,
    FACINGS,
    ROLLS,
    ROTATIONS,
    TERMINAL,
    Daikaiju,
    IllegalAction,
    Outcome,
    Phase,
    tiles_of,
    with_hand,
)
from companion.tsuro.tiles import PATTERNS

if TYPE_CHECKING:
    from companion.tsuro.rules_plugin import RulesPlugin
    from companion.tsuro.veterans.vet import Vet

Step = Callable[["State", Any], "State"]

STEPS: dict[tuple[Phase, type], Step] = {}
"""The base game's handler of each (phase, action type), entered by
:mod:`companion.tsuro.turn_steps` as it loads. ``(Phase.PLACE, int)`` is the placement of
an oriented tile by number, for :meth:`State.apply_tile` (no action type is ``int``)."""


@dataclass(frozen=True)
class State:
    game: Game
    phase: Phase
    active: int
    """The seat whose turn it is (while dealing, the seat being dealt to)."""
    board: tuple[int, ...]
    ships: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    pile: Pile
    daikaiju: tuple[Daikaiju, ...] = ()
    dk_deck: tuple[str, ...] = ()
    """The shuffled part of the face-down daikaiju deck (sorted)."""
    dk_bottom: tuple[str, ...] = ()
    dk_out: tuple[str, ...] = ()
    dragon: int = -1
    turn: int = 0
    to_place: int = 0
    target: int = -1
    card: str = ""
    drawer: int = 0
    pool: tuple[int, ...] = ()
    losses: tuple[tuple[int, int, str], ...] = ()
    """(seat, turn, reason) for every ship lost, in order."""
    last_roll: Roll | None = None
    last_die: int = 0
    outcome: Outcome | None = None
    events: tuple[Event, ...] = ()
    vet: Vet[State] | None = None
    """Veterans of the Seas and the Phoenix (None without those options)."""
    displaced: tuple[int, ...] = ()
    """Seats whose ship, still on its start mark, saw a daikaiju leave the board across it:
    at their next turn they may move to another start mark of that edge (000)."""
    discarded: tuple[int, ...] = ()
    """Tiles out of the game (``reference-removed-tiles``: taken off with ships on them)."""
    # Working fields, outside equality. ``_draft`` marks the fresh copy an ``apply`` is
    # building: until it is handed back nobody else holds it, so it is updated in place
    # rather than copied once per step. ``_ranked`` keeps the ranks of the active hand,
    # computed once for the legal set and reused when the placement is applied.
    _draft: bool = field(default=False, init=False, compare=False, repr=False)
    _ranked: Ranked | None = field(default=None, init=False, compare=False, repr=False)
    # the daikaiju squares, and the daikaiju tuple they were worked out from
    _dk_squares: frozenset[int] = field(default=frozenset(), init=False, compare=False, repr=False)
    _dk_at: tuple[Daikaiju, ...] = field(default=(), init=False, compare=False, repr=False)

    # ---- reading the state -------------------------------------------------------------

    @property
    def grid(self) -> Grid:
        return self.game.grid

    @property
    def current_player(self) -> int:
        if self.phase is Phase.OVER:
            return TERMINAL
        if self.phase in CHANCE_PHASES:
            return CHANCE
        if self.phase is Phase.PORTAL_LAND:
            return rules_of(self).portal_seat(self)
        if self.phase is Phase.TAIHOU_SAVE:
            return rules_of(self).saving_seat(self)
        return self.active

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def is_chance_node(self) -> bool:
        return self.phase in CHANCE_PHASES

    def returns(self) -> tuple[float, ...]:
        """1 for each winner and -1 for each other seat at the end; 0 before it."""
        if self.outcome is None:
            return tuple(0.0 for _ in self.game.players)
        return tuple(1.0 if s in self.outcome.winners else -1.0 for s in range(self.seats))

    @property
    def seats(self) -> int:
        return len(self.game.players)

    def alive(self) -> tuple[int, ...]:
        return tuple([s for s, pos in enumerate(self.ships) if pos >= 0])

    def daikaiju_squares(self) -> frozenset[int]:
        if not self.daikaiju:
            return NO_SQUARES
        d = self.__dict__
        if d.get("_dk_at") is not self.daikaiju:  # asked several times a turn: keep it
            d["_dk_squares"] = frozenset(k.square for k in self.daikaiju)
            d["_dk_at"] = self.daikaiju
        squares: frozenset[int] = d["_dk_squares"]
        return squares

    def front_square(self, seat: int) -> int:
        pos = self.ships[seat]
        return pos >> 3 if pos >= 0 else -1

    def on_start_mark(self, seat: int) -> bool:
        pos = self.ships[seat]
        return pos >= 0 and self.grid.across[pos] < 0

    def deck_left(self) -> int:
        return len(self.dk_deck) + len(self.dk_bottom)

    def hand_known(self, seat: int) -> bool:
        return UNKNOWN not in self.hands[seat]

    # ---- chance ------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """Every outcome of the chance point, with its exact probability."""
        p = self.phase
        if p in (Phase.TURN_ROLL, Phase.DAIKAIJU_ROLL):
            return list(ROLLS)
        if p is Phase.DAIKAIJU_DIE or p is Phase.TSUNAMI_DIE or p is Phase.UZUSHIO_DIE:
            return list(DIE)
        if p is Phase.PORTAL_ROLL:
            return list(ROLLS)
        if p is Phase.DRAW and self.vet is not None and any(self.vet.pile):
            return rules_of(self).draw_outcomes(self)
        if p is Phase.DAIKAIJU_FACING:
            return list(FACINGS)
        if p is Phase.DAIKAIJU_DRAW:
            if self.dk_deck:
                each = even(len(self.dk_deck))
                return [(DrawDaikaiju(c), each) for c in self.dk_deck]
            return [(DrawDaikaiju(self.dk_bottom[0]), Fraction(1))]
        if p in (Phase.DEAL, Phase.DRAW):
            return [(DRAWS[t], q) for t, q in self.pile.draw_odds()]
        return []

    # ---- decisions ---------------------------------------------------------------------

    def pseudo_legal_placements(self, hand: Sequence[int] | None = None) -> list[Place]:
        """Each known tile of the hand in each distinct rotation, on the square in front."""
        if self.phase is not Phase.PLACE:
            return []
        sq = self.grid.square(self.front_square(self.active))
        tiles = sorted({t for t in (self.hands[self.active] if hand is None else hand) if t >= 0})
        return [Place(sq, ORIENTED[o]) for t in tiles for o in ROTATIONS[t]]

    def movement(self, place: Place, blocked: frozenset[int] | None = None) -> Movement:
        """What laying this tile would do (whether or not it is legal)."""
        return resolve(
            self.grid,
            self.board,
            self.daikaiju_squares() if blocked is None else blocked,
            self.ships,
            self.active,
            self.grid.index(place.square),
            TILE_INDEX[place.tile],
            self.game.meeting,
        )

    def best_rank(self, hand: Sequence[int]) -> int:
        return min((r for _, r in self._ranks(hand)), default=FINE)

    def _ranks(self, hand: Sequence[int]) -> list[tuple[int, int]]:
        """(oriented tile, rank) for every known tile of ``hand`` in every rotation."""
        return list(self._ranks_and_ends(hand)[0].items())

    def _ranks_and_ends(
        self, hand: Sequence[int]
    ) -> tuple[dict[int, int], dict[int, tuple[End, int]] | dict[int, Settled]]:
        """The ranks of every known tile of ``hand`` in every rotation, and what each
        placement does: where the walk ends when the active ship stands alone at the
        square, else what :func:`~companion.tsuro.placement.settle_many` found."""
        g, board, ships, active = self.grid, self.board, self.ships, self.active
        blocked = self.daikaiju_squares()
        sq = self.front_square(active)
        meeting = self.game.meeting
        tiles = [o for t in sorted({t for t in hand if t >= 0}) for o in ROTATIONS[t]]
        if standing_at(ships, sq) == [active]:
            return ranks_alone(g, board, blocked, ships, active, sq, tiles, meeting)
        return settle_many(g, board, blocked, ships, active, sq, tiles, meeting)

    def _hand_ranks(self) -> Ranked:
        """The ranks of the active hand, kept on the state once computed."""
        d = self.__dict__
        ranked: Ranked | None = d.get("_ranked")
        if ranked is None:
            ranks, ends = self._ranks_and_ends(self.hands[self.active])
            best = min(ranks.values(), default=FINE)
            # with part of the hand hidden, only placements that are sure to be allowed
            allowed = best if self.hand_known(self.active) else FINE
            legal = tuple([o for o, r in ranks.items() if r == allowed])
            ranked = Ranked(ranks, legal, best, ends)
            if not d.get("_draft"):
                d["_ranked"] = ranked
        return ranked

    def legal_tiles(self) -> tuple[int, ...]:
        """The legal placements as oriented tiles (indices into ``ORIENTED``) for the
        square in front of the active ship: ``legal_actions()`` without building a
        :class:`~companion.tsuro.actions.Place` for each.
        """
        if self.phase is not Phase.PLACE:
            return ()
        return self._hand_ranks().legal

    def apply_tile(self, tile: int) -> State:
        """``apply(Place(front square, ORIENTED[tile]))``, with no action object made."""
        if self.phase is not Phase.PLACE:
            raise IllegalAction(f"no tile can be laid now: {self.expecting()}")
        if not 0 <= tile < len(ORIENTED):
            raise IllegalAction(f"{tile} is not an oriented tile (0-{len(ORIENTED) - 1})")
        return finished(STEPS[Phase.PLACE, int](drafted(self), tile))

    def legal_actions(self) -> list[Action]:
        p = self.phase
        if p is Phase.START:
            return [Start(pt) for pt in self.free_start_marks()]
        if p is Phase.RELOCATE:
            return [Relocate(pt) for pt in self.relocations()]
        if p is Phase.PLACE:
            sq = self.grid.square(self.front_square(self.active))
            places: list[Action] = [Place(sq, ORIENTED[o]) for o in self._hand_ranks().legal]
            if self.vet is not None:
                places += rules_of(self).place_choices(self)
            return places
        if p is Phase.BONUS:
            if "reference-bonus" in self.game.options:
                return rules_of(self).keep_actions(self)
            return self._bonus_choices()
        if self.vet is not None:
            return rules_of(self).choices(self)
        return []

    def free_start_marks(self) -> list[Point]:
        """The start marks no ship holds yet."""
        taken = set(self.ships)
        marks = self.game.board.start_marks
        return [m for m, pos in zip(marks, self.game.start_positions, strict=True) if pos not in taken]

    def relocations(self) -> list[Point]:
        """Where the active ship, on its start mark, may move to (or stay, if displaced)."""
        g = self.grid
        here = g.point(self.ships[self.active])
        taken = set(self.ships)
        blocked = self.daikaiju_squares()
        out = []
        # displaced by a daikaiju that left the board, not blocked by one: staying is a choice
        stay = self.ships[self.active] if self.front_square(self.active) not in blocked else -1
        for m, pos in zip(self.game.board.start_marks, self.game.start_positions, strict=True):
            sq = pos >> 3
            if pos == stay:
                out.append(m)
                continue
            if m.side != here.side or pos in taken or self.board[sq] >= 0 or sq in blocked:
                continue
            out.append(m)
        return out

    def _bonus_choices(self) -> list[Action]:
        hand = self.hands[self.active]
        choices: list[Action] = [Bonus()]
        for k in range(1, min(len(hand), len(self.pool)) + 1):
            gives = sorted(set(combinations(sorted(hand), k)))
            takes = sorted(set(combinations(sorted(self.pool), k)))
            for give in gives:
                for take in takes:
                    choices.append(Bonus(tiles_of(give), tiles_of(take)))
        return choices

    # ---- applying ----------------------------------------------------------------------

    def apply(self, action: Action) -> State:
        """The state after ``action``; :class:`IllegalAction` if the rules refuse it."""
        if self.vet is not None:
            return rules_of(self).apply(self, action)
        handler = STEPS.get((self.phase, type(action))) or plugin_handler(self, action)
        if handler is None:
            raise IllegalAction(f"{action.notation()!r} is not possible now: {self.expecting()}")
        return finished(handler(drafted(self), action))

    def with_hand(self, seat: int, hand: Sequence[int]) -> State:
        """This state with ``seat``'s whole hand known to be ``hand`` (pattern numbers), as
        when the player shows it; IllegalAction when it cannot be their hand."""
        tiles, pile = revealed_numbers(self, seat, hand)
        return replace(self, hands=with_hand(self.hands, seat, tiles), pile=pile)

    def with_tile_known(self, seat: int, tile: int) -> State:
        """One unseen tile of ``seat``'s hand known to be ``tile`` (a pattern number)."""
        hand = list(self.hands[seat])
        if UNKNOWN not in hand or tile not in self.pile.unseen:
            raise IllegalAction(f"tile {PATTERNS[tile]} cannot be an unseen tile of that hand")
        hand[hand.index(UNKNOWN)] = tile
        hands = with_hand(self.hands, seat, tuple(hand))
        return replace(self, hands=hands, pile=self.pile.learn([tile]))

    def expecting(self) -> str:
        """What kind of input the game waits for, in words."""
        return EXPECTING[self.phase]


class Ranked(NamedTuple):
    """The ranks of the active hand: every oriented tile's, the legal ones, the best."""

    ranks: dict[int, int]
    legal: tuple[int, ...]
    best: int
    ends: dict[int, tuple[End, int]] | dict[int, Settled]
    """What each placement does: where the walk ends when the active ship stands alone at
    the square, else where every ship ends and who is lost."""


NO_SQUARES: frozenset[int] = frozenset()


@cache
def even(n: int) -> Fraction:
    return Fraction(1, n)


def replace(s: State, **changes: Any) -> State:
    """``dataclasses.replace`` without its per-call bookkeeping: states are made very often.

    The draft an ``apply`` is building is changed in place (see ``State._draft``).
    """
    d = s.__dict__
    if d.get("_draft"):
        d.update(changes)
        d["_ranked"] = None
        return s
    new = object.__new__(State)
    nd = new.__dict__
    nd.update(d)
    nd.update(changes)
    nd["_ranked"] = None
    return new


def drafted(s: State) -> State:
    """A private copy for one ``apply`` to build on; it keeps the ranks of the hand until
    its first change, so that the placement being applied can reuse them."""
    new = object.__new__(State)
    d = new.__dict__
    d.update(s.__dict__)
    d["events"] = ()
    d["_draft"] = True
    return new


def finished(s: State) -> State:
    """The draft handed back: from here on it is a state like any other, never changed."""
    d = s.__dict__
    d["_draft"] = False
    d["_ranked"] = None
    return s


def revealed_numbers(
    s: State, seat: int, shown_n: Sequence[int]
) -> tuple[tuple[int, ...], Pile]:
    """The hand as shown (pattern numbers), checked against what is known of it, and the
    pile once those tiles are known to be out of it; IllegalAction when it cannot be."""
    hand = s.hands[seat]
    if len(shown_n) != len(hand):
        raise IllegalAction(
            f"the {s.game.players[seat]} hand holds {len(hand)} tiles, not {len(shown_n)}"
        )
    rest = list(shown_n)
    for t in hand:
        if t >= 0:
            if t not in rest:
                raise IllegalAction(f"the shown hand lacks tile {PATTERNS[t]}, known to be in it")
            rest.remove(t)
    unseen = list(s.pile.unseen)
    for t in rest:
        if t not in unseen:
            raise IllegalAction(
                f"tile {PATTERNS[t]} cannot be in the hand: every copy of it is on the board "
                "or already accounted for"
            )
        unseen.remove(t)
    pile = s.pile.learn(rest)
    return tuple(sorted(shown_n)), pile


# ---- the rules plug-in ---------------------------------------------------------------
# Veterans of the Seas, the Phoenix and the reference's bonus reach the turn through the
# plug-in their game names (companion/tsuro/rules_plugin.py); this module never imports
# the plug-in, and names the expansion's part of the state (Vet) for the checker alone.


def rules_of(s: State) -> RulesPlugin[State]:
    """The plug-in of a game that has one (only asked where its options are in play)."""
    return load_plugin(s.game.plugin or VETERANS)


def plugin_handler(s: State, action: Action) -> Callable[[State, Any], State] | None:
    """The plug-in's handler for an action the base game has none for in this phase. A
    game without the plug-in's options still gets the plug-in's own refusal (``keep``
    where the bonus is a swap says so), as before the split; only that path loads it."""
    return load_plugin(s.game.plugin or VETERANS).HANDLERS.get((s.phase, type(action)))
