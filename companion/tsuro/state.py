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

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from dataclasses import replace as dc_replace
from enum import Enum
from fractions import Fraction
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Any, NamedTuple

from companion.core.board import Point, Side
from companion.core.events import Event
from companion.tsuro.actions import (
    Action,
    ActionError,
    Bonus,
    Die,
    Draw,
    DrawDaikaiju,
    Facing,
    Place,
    Relocate,
    Roll,
    Start,
)
from companion.tsuro.game import PATTERN_INDEX, VETERANS, Game
from companion.tsuro.paths import NOTATIONS, ORIENTED, TILE_INDEX, End, Grid
from companion.tsuro.piles import UNKNOWN, Pile, remove_one
from companion.tsuro.placement import (
    FINE,
    Movement,
    Settled,
    movement_alone,
    movement_of,
    ranks_alone,
    resolve,
    settle_many,
    standing_at,
)
from companion.tsuro.rules_plugin import RulesPlugin, load_plugin
from companion.tsuro.tiles import PATTERNS, Tile

if TYPE_CHECKING:
    from companion.tsuro.veterans.engine import Vet

CHANCE = -1
TERMINAL = -4

PATTERN_OF: tuple[int, ...] = tuple(PATTERN_INDEX[t.pattern()] for t in ORIENTED)
_PATTERN_OF_TILE: dict[Tile, int] = {t: PATTERN_OF[i] for i, t in enumerate(ORIENTED)}


def pattern_number(tile: Tile) -> int:
    """The pattern a tile in any orientation belongs to, as an index into PATTERNS."""
    return _PATTERN_OF_TILE[tile]


_ROLLS = tuple((Roll(g, b), Fraction(1, 36)) for g in range(1, 7) for b in range(1, 7))
_DIE = tuple((Die(f), Fraction(1, 6)) for f in range(1, 7))
_FACINGS = tuple((Facing(side), Fraction(1, 4)) for side in Side)
_DRAWS = tuple(Draw(p) for p in PATTERNS)
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
    vet: Vet | None = None
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
            return _rules(self).portal_seat(self)
        if self.phase is Phase.TAIHOU_SAVE:
            return _rules(self).saving_seat(self)
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
            return _NO_SQUARES
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
            return list(_ROLLS)
        if p is Phase.DAIKAIJU_DIE or p is Phase.TSUNAMI_DIE or p is Phase.UZUSHIO_DIE:
            return list(_DIE)
        if p is Phase.PORTAL_ROLL:
            return list(_ROLLS)
        if p is Phase.DRAW and self.vet is not None and any(self.vet.pile):
            return _rules(self).draw_outcomes(self)
        if p is Phase.DAIKAIJU_FACING:
            return list(_FACINGS)
        if p is Phase.DAIKAIJU_DRAW:
            if self.dk_deck:
                each = _even(len(self.dk_deck))
                return [(DrawDaikaiju(c), each) for c in self.dk_deck]
            return [(DrawDaikaiju(self.dk_bottom[0]), Fraction(1))]
        if p in (Phase.DEAL, Phase.DRAW):
            return [(_DRAWS[t], q) for t, q in self.pile.draw_odds()]
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
        return _finished(_place(_drafted(self), self.front_square(self.active), tile, None))

    def legal_actions(self) -> list[Action]:
        p = self.phase
        if p is Phase.START:
            return [Start(pt) for pt in self._free_start_marks()]
        if p is Phase.RELOCATE:
            return [Relocate(pt) for pt in self._relocations()]
        if p is Phase.PLACE:
            sq = self.grid.square(self.front_square(self.active))
            places: list[Action] = [Place(sq, ORIENTED[o]) for o in self._hand_ranks().legal]
            if self.vet is not None:
                places += _rules(self).place_choices(self)
            return places
        if p is Phase.BONUS:
            if "reference-bonus" in self.game.options:
                return _rules(self).keep_actions(self)
            return self._bonus_choices()
        if self.vet is not None:
            return _rules(self).choices(self)
        return []

    def _free_start_marks(self) -> list[Point]:
        taken = set(self.ships)
        marks = self.game.board.start_marks
        return [m for m, pos in zip(marks, self.game.start_positions, strict=True) if pos not in taken]

    def _relocations(self) -> list[Point]:
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
                    choices.append(Bonus(_tiles(give), _tiles(take)))
        return choices

    # ---- applying ----------------------------------------------------------------------

    def apply(self, action: Action) -> State:
        """The state after ``action``; :class:`IllegalAction` if the rules refuse it."""
        if self.vet is not None:
            return _rules(self).apply(self, action)
        handler = _HANDLERS.get((self.phase, type(action))) or _plugin_handler(self, action)
        if handler is None:
            raise IllegalAction(f"{action.notation()!r} is not possible now: {self.expecting()}")
        return _finished(handler(_drafted(self), action))

    def with_hand(self, seat: int, hand: Sequence[int]) -> State:
        """This state with ``seat``'s whole hand known to be ``hand`` (pattern numbers), as
        when the player shows it; IllegalAction when it cannot be their hand."""
        tiles, pile = _revealed_numbers(self, seat, hand)
        return replace(self, hands=_with_hand(self.hands, seat, tiles), pile=pile)

    def with_tile_known(self, seat: int, tile: int) -> State:
        """One unseen tile of ``seat``'s hand known to be ``tile`` (a pattern number)."""
        hand = list(self.hands[seat])
        if UNKNOWN not in hand or tile not in self.pile.unseen:
            raise IllegalAction(f"tile {PATTERNS[tile]} cannot be an unseen tile of that hand")
        hand[hand.index(UNKNOWN)] = tile
        hands = _with_hand(self.hands, seat, tuple(hand))
        return replace(self, hands=hands, pile=self.pile.learn([tile]))

    def expecting(self) -> str:
        """What kind of input the game waits for, in words."""
        return _EXPECTING[self.phase]


_EXPECTING = {
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


def _tiles(patterns: Sequence[int]) -> tuple[Tile | None, ...]:
    return tuple(PATTERNS[t] if t >= 0 else None for t in patterns)


def _pattern_numbers(tiles: Sequence[Tile | None]) -> tuple[int, ...]:
    return tuple(pattern_number(t) if t is not None else UNKNOWN for t in tiles)


class Ranked(NamedTuple):
    """The ranks of the active hand: every oriented tile's, the legal ones, the best."""

    ranks: dict[int, int]
    legal: tuple[int, ...]
    best: int
    ends: dict[int, tuple[End, int]] | dict[int, Settled]
    """What each placement does: where the walk ends when the active ship stands alone at
    the square, else where every ship ends and who is lost."""


_NO_SQUARES: frozenset[int] = frozenset()


@cache
def _even(n: int) -> Fraction:
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


def _drafted(s: State) -> State:
    """A private copy for one ``apply`` to build on; it keeps the ranks of the hand until
    its first change, so that the placement being applied can reuse them."""
    new = object.__new__(State)
    d = new.__dict__
    d.update(s.__dict__)
    d["events"] = ()
    d["_draft"] = True
    return new


def _finished(s: State) -> State:
    d = s.__dict__
    d["_draft"] = False
    d["_ranked"] = None
    return s


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


# ---- setup ---------------------------------------------------------------------------


def _apply_deal(s: State, a: Draw) -> State:
    s = _give_tile(s, s.active, a)
    n = s.seats
    nxt = (s.active + 1) % n
    if len(s.hands[nxt]) < s.game.hand_size and s.pile.size:
        return replace(s, active=nxt)
    if s.game.daikaiju_at_setup and not s.game.ships_first:
        return replace(s, phase=Phase.DAIKAIJU_ROLL, active=0, to_place=s.game.daikaiju_at_setup)
    return replace(s, phase=Phase.START, active=0)


def _give_tile(s: State, seat: int, a: Draw) -> State:
    if s.pile.size == 0:
        raise IllegalAction("the draw pile is empty")
    tile = pattern_number(a.tile) if a.tile is not None else UNKNOWN
    try:
        known = s.pile.drawn_identity(tile)
        pile = s.pile.take(tile)
    except ValueError:
        raise IllegalAction(
            f"{a.notation()!r} cannot be drawn: no such tile is left in the pile"
        ) from None
    hands = _with_hand(s.hands, seat, (*s.hands[seat], known))
    return replace(s, pile=pile, hands=hands, events=(*s.events, Event("drew", seat)))


def _with_hand(
    hands: tuple[tuple[int, ...], ...], seat: int, hand: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    return (*hands[:seat], tuple(hand), *hands[seat + 1 :])


def _apply_start(s: State, a: Start) -> State:
    g = s.grid
    pos = g.position(a.point) if g.on_board(a.point.square) else -1
    taken = set(s.ships)
    if pos not in s.game.start_positions or pos in taken:  # by position: points compare slowly
        pos = _checked_mark(s, a.point, s._free_start_marks(), "start mark")
    ships = (*s.ships[: s.active], pos, *s.ships[s.active + 1 :])
    s = replace(s, ships=ships, events=(Event("relocated", seat=s.active, to=pos, detail="start"),))
    if s.active + 1 < s.seats:
        return replace(s, active=s.active + 1)
    if s.game.ships_first and s.game.daikaiju_at_setup:  # 001: the daikaiju come after
        return replace(s, phase=Phase.DAIKAIJU_ROLL, active=0, to_place=s.game.daikaiju_at_setup)
    return _begin_turn(replace(s, active=0), first=True)


def _checked_mark(s: State, point: Point, allowed: Sequence[Point], what: str) -> int:
    g = s.grid
    # compared as positions: a point's own equality is a good deal slower
    if not g.on_board(point.square) or g.position(point) not in {g.position(m) for m in allowed}:
        free = " ".join(str(m) for m in allowed) or "none"
        raise IllegalAction(f"{point} is not a free {what} here (free: {free})")
    return s.grid.position(point)


# ---- the turn ------------------------------------------------------------------------


def _begin_turn(s: State, first: bool = False) -> State:
    seat = s.active if first else _next_seat(s, s.active)
    events = (*s.events, Event("turn", seat))
    fresh = {"active": seat, "turn": s.turn + 1, "last_roll": None, "last_die": 0, "events": events}
    if s.vet is not None and s.vet.tsunami is not None:
        s = _rules(s).tsunami_phase(replace(s, **fresh))
        if s.phase is Phase.OVER or (s.vet is not None and s.vet.rolls):
            return s
        return _turn_check(s)
    return _turn_check(s, **fresh)


def _turn_check(s: State, **fresh: Any) -> State:
    """The daikaiju check that opens a turn (after the tsunami, with Veterans)."""
    if s.game.has_daikaiju:
        if len(s.daikaiju) < 3 and s.deck_left():
            short = min(3 - len(s.daikaiju), s.deck_left())
            return replace(s, phase=Phase.DAIKAIJU_ROLL, to_place=short, **fresh)
        return replace(s, phase=Phase.TURN_ROLL, **fresh)
    return _before_place(replace(s, **fresh))


def _next_seat(s: State, seat: int) -> int:
    ships = s.ships
    n = len(ships)
    for k in range(1, n + 1):
        nxt = (seat + k) % n
        if ships[nxt] >= 0:
            return nxt
    return seat


def _before_place(s: State) -> State:
    """The daikaiju check on the active ship, then the placement (or a pass)."""
    seat = s.active
    displaced = seat in s.displaced
    if displaced:  # asked once, at this turn
        s = replace(s, displaced=tuple(x for x in s.displaced if x != seat))
    if s.front_square(seat) in s.daikaiju_squares():
        if s.on_start_mark(seat):
            if s._relocations():
                return replace(s, phase=Phase.RELOCATE)
            return _end_turn(_lose(s, [(seat, "no free start mark on its edge")]))
        if s.vet is not None and _rules(s).holds_taihou(s, seat):
            return replace(s, phase=Phase.TAIHOU_CHECK)
        return _end_turn(_lose(s, [(seat, "daikaiju")]))
    if displaced and s.on_start_mark(seat) and len(s._relocations()) > 1:  # it may stay, too
        return replace(s, phase=Phase.RELOCATE)
    if not s.hands[seat] and not (s.vet is not None and _rules(s).place_choices(s)):
        # Nothing to lay: the turn passes, but at sea the player still draws back up.
        s = replace(s, events=(*s.events, Event("passed", seat=seat)))
        return _start_draw(s) if s.game.seas else _end_turn(s)
    return replace(s, phase=Phase.PLACE)


def _end_turn(s: State) -> State:
    s = _check_over(s, ())
    if s.phase is Phase.OVER:
        return s
    return _begin_turn(s)


def _apply_turn_roll(s: State, a: Roll) -> State:
    s = replace(s, last_roll=a)
    if a.total in (6, 7, 8):
        return replace(s, phase=Phase.DAIKAIJU_DIE)
    if s.vet is not None and _rules(s).uzushio_afloat(s):
        assert s.game.veterans is not None
        must = s.game.veterans.uzushio.must_move or "uzushio-must-move" in s.game.options
        return replace(s, phase=Phase.UZUSHIO_DIE if must else Phase.UZUSHIO)
    return _before_place(s)


def _apply_die(s: State, a: Die) -> State:
    s = replace(s, last_die=a.face)
    if a.face == 6:
        if s.deck_left():
            return replace(s, phase=Phase.DAIKAIJU_ROLL, to_place=1)
        return _before_place(s)
    s = _move_daikaiju(s, a.face)
    if s.phase is Phase.OVER:
        return s
    return _before_place(s)


def _apply_relocate(s: State, a: Relocate) -> State:
    pos = _checked_mark(s, a.point, s._relocations(), "start mark on the same edge")
    if pos == s.ships[s.active]:  # a displaced ship that stays where it is
        return _before_place(s)
    ships = (*s.ships[: s.active], pos, *s.ships[s.active + 1 :])
    s = replace(s, ships=ships, events=(Event("relocated", seat=s.active, to=pos),))
    return _before_place(s)


# ---- daikaiju ------------------------------------------------------------------------


def _apply_dk_roll(s: State, a: Roll) -> State:
    sq = s.grid.index(s.game.board.dice_square(a.gold, a.blue))
    if sq in s.daikaiju_squares():
        return replace(s, events=(*s.events, Event("reroll", square=sq)))
    if s.card:  # a daikaiju beside a portal, brought into play anew: no tile to turn up
        return replace(s, phase=Phase.DAIKAIJU_FACING, target=sq)
    return replace(s, phase=Phase.DAIKAIJU_DRAW, target=sq)


def _apply_dk_draw(s: State, a: DrawDaikaiju) -> State:
    if s.dk_deck:
        if a.card not in s.dk_deck:
            raise IllegalAction(
                f"daikaiju {a.card} is not in the face-down deck (it holds {', '.join(s.dk_deck)})"
            )
        return replace(
            s, phase=Phase.DAIKAIJU_FACING, card=a.card, dk_deck=remove_str(s.dk_deck, a.card)
        )
    if a.card != s.dk_bottom[0]:
        raise IllegalAction(f"the next daikaiju in the deck is {s.dk_bottom[0]}, not {a.card}")
    return replace(s, phase=Phase.DAIKAIJU_FACING, card=a.card, dk_bottom=s.dk_bottom[1:])


def remove_str(items: tuple[str, ...], value: str) -> tuple[str, ...]:
    i = items.index(value)
    return items[:i] + items[i + 1 :]


def _apply_dk_facing(s: State, a: Facing) -> State:
    sq = s.target
    if s.vet is not None and s.card == _rules(s).TSUNAMI_CARD:
        return _after_dk_placed(_rules(s).tsunami_arrives(s, a))
    dk = Daikaiju(s.card, sq, int(a.side))
    s = replace(
        s, events=(*s.events, Event("daikaiju-placed", square=sq, card=s.card, detail=a.side.word))
    )
    s = _clear_square(s, sq)
    s = replace(s, daikaiju=(*s.daikaiju, dk), to_place=s.to_place - 1, target=-1, card="")
    return _after_dk_placed(s)


def _after_dk_placed(s: State) -> State:
    if s.vet is not None and s.vet.anew:
        return _rules(s).anew_next(s)
    if s.phase is Phase.OVER:
        return s
    if s.to_place > 0 and s.deck_left():
        return replace(s, phase=Phase.DAIKAIJU_ROLL)
    if s.turn == 0:
        if s.game.ships_first:  # the ships are out already: play begins
            return _begin_turn(replace(s, active=0, to_place=0), first=True)
        return replace(s, phase=Phase.START, active=0, to_place=0)
    return _before_place(replace(s, to_place=0))


def _clear_square(s: State, sq: int) -> State:
    """A daikaiju arrives on ``sq``: a wake tile there goes under the pile with its ships."""
    tile = s.board[sq]
    if tile < 0:
        return s
    board = (*s.board[:sq], -1, *s.board[sq + 1 :])
    g = s.grid
    doomed = [
        (seat, "daikaiju") for seat, pos in enumerate(s.ships) if pos >= 0 and g.behind(pos) == sq
    ]
    if doomed and s.game.discard_removed:  # 001's FAQ: removed in an elimination, discarded
        s = replace(
            s,
            board=board,
            discarded=(*s.discarded, PATTERN_OF[tile]),
            events=(*s.events, Event("tile-removed", square=sq, detail="discarded")),
        )
    else:
        s = replace(
            s,
            board=board,
            pile=s.pile.to_bottom([PATTERN_OF[tile]]),
            events=(*s.events, Event("tile-removed", square=sq)),
        )
    return _lose(s, doomed) if doomed else s


def _retire_daikaiju(s: State, dk: Daikaiju, why: str) -> State:
    kept = tuple(d for d in s.daikaiju if d is not dk)
    event = Event(
        "daikaiju-gone" if why == "edge" else "daikaiju-destroyed", square=dk.square, card=dk.card
    )
    s = replace(s, daikaiju=kept, events=(*s.events, event))
    if s.game.tuck_daikaiju:
        return replace(s, dk_bottom=(*s.dk_bottom, dk.card))
    return replace(s, dk_out=(*s.dk_out, dk.card))


def _move_daikaiju(s: State, face: int) -> State:
    from companion.tsuro.daikaiju import MOVES  # a game with daikaiju has loaded it (its deck)

    assert s.game.deck is not None
    g = s.grid
    ids = [d.card for d in s.daikaiju]
    if s.vet is not None:  # the uzushio moves only when the daikaiju sleep
        ids = [c for c in ids if not _rules(s).is_uzushio(c)]
    for card in s.game.deck.movement_order(ids):
        dk = next((d for d in s.daikaiju if d.card == card.id), None)
        if dk is None:
            continue  # destroyed earlier in this phase
        act = card.action(face)
        if act == "rotate":
            turned = Daikaiju(dk.card, dk.square, (dk.facing + card.turn) % 4)
            s = _swap_daikaiju(s, dk, turned)
            s = replace(
                s,
                events=(
                    *s.events,
                    Event(
                        "daikaiju-turned",
                        square=dk.square,
                        card=dk.card,
                        detail=Side(turned.facing).word,
                    ),
                ),
            )
            continue
        side = (dk.facing + MOVES[act]) % 4
        target = g.neighbour(dk.square, side)
        if target < 0:
            s = _retire_daikaiju(s, dk, "edge")
            s = _displace(s, dk.square, side)
            continue
        victim = next((d for d in s.daikaiju if d.square == target), None)
        moved = Daikaiju(dk.card, target, dk.facing)
        s = _swap_daikaiju(s, dk, moved)
        s = replace(
            s,
            events=(
                *s.events,
                Event(
                    "daikaiju-moved",
                    square=dk.square,
                    to=target,
                    card=dk.card,
                    detail=Side(side).word,
                ),
            ),
        )
        if victim is not None:
            s = _retire_daikaiju(s, victim, "destroyed")
        s = _clear_square(s, target)
        if s.phase is Phase.OVER:
            return s
    return s


def _displace(s: State, square: int, side: int) -> State:
    """000: a daikaiju that leaves the board where a ship still waits on its start mark
    lets that ship move to another start mark of the same edge at its first move."""
    hit = [
        x
        for x, pos in enumerate(s.ships)
        if pos >= 0 and pos >> 3 == square and (pos & 7) >> 1 == side and x not in s.displaced
    ]
    return replace(s, displaced=(*s.displaced, *hit)) if hit else s


def _swap_daikaiju(s: State, old: Daikaiju, new: Daikaiju) -> State:
    return replace(s, daikaiju=tuple(new if d is old else d for d in s.daikaiju))


# ---- losing ships and ending -----------------------------------------------------------


def _lose(s: State, lost: Sequence[tuple[int, str]], pool_hands: bool = False) -> State:
    """Take ships out; their hands go to the pile (or wait in ``pool`` for the bonus)."""
    ships = list(s.ships)
    hands = list(s.hands)
    pile = s.pile
    pool: list[int] = list(s.pool)
    dragon = s.dragon
    events = list(s.events)
    losses = list(s.losses)
    freed: list[int] = []
    # where a lost player's tiles go: the bonus pool, under the pile (Seas), shuffled in
    goes = "pool" if pool_hands else ("bottom" if s.game.seas else "shuffle")
    for seat, why in lost:
        if ships[seat] < 0:
            continue
        ships[seat] = -1
        events.append(Event("ship-lost", seat=seat, detail=why))
        if hands[seat]:
            events.append(Event("hand-freed", seat=seat, to=len(hands[seat]), detail=goes))
        freed.extend(hands[seat])
        hands[seat] = ()
        if dragon == seat:
            dragon = -1
            events.append(Event("dragon-aside", seat=seat))
        losses.append((seat, s.turn, why))
    if pool_hands:
        pool.extend(freed)
    elif s.game.seas:
        pile = pile.to_bottom_unordered(freed)
    else:
        pile = pile.shuffle_in(freed)
    s = replace(
        s,
        ships=tuple(ships),
        hands=tuple(hands),
        pile=pile,
        pool=tuple(pool),
        dragon=dragon,
        events=tuple(events),
        losses=tuple(losses),
    )
    if s.vet is not None:
        s = _rules(s).drop_lost(s)
    return _check_over(s, [seat for seat, _ in lost])


def _check_over(s: State, just_lost: Sequence[int]) -> State:
    if s.phase is Phase.OVER:
        return s
    alive = s.alive()
    if len(alive) == 1:
        return _over(s, alive, "last ship left")
    if not alive:
        return _over(s, tuple(sorted(set(just_lost))), "all remaining ships lost at once")
    if s.board.count(-1) == len(s.daikaiju):  # every empty square holds a daikaiju
        return _over(s, alive, "the board is full")
    if s.pile.size == 0 and not any(s.hands[seat] for seat in alive) and s.phase is not Phase.DEAL:
        return _over(s, alive, "every tile has been played")
    return s


def _over(s: State, winners: Sequence[int], reason: str) -> State:
    out = Outcome(tuple(winners), reason)
    return replace(
        s, phase=Phase.OVER, outcome=out, events=(*s.events, Event("game-over", detail=reason))
    )


# ---- placing ---------------------------------------------------------------------------


def _apply_place(s: State, a: Place) -> State:
    front = s.front_square(s.active)
    r, c = divmod(front, s.grid.cols)
    if (a.square.row, a.square.col) != (r + 1, c + 1):
        raise IllegalAction(
            f"the tile must go on {s.grid.square(front)}, the square in front of the "
            f"{s.game.players[s.active]} ship, not on {a.square}"
        )
    return _place(s, front, TILE_INDEX[a.tile], a.hand)


def _place(s: State, sq: int, tile: int, shown: Sequence[Tile] | None) -> State:
    """Lay oriented ``tile`` on ``sq``, the square in front of the active ship."""
    seat = s.active
    pattern = PATTERN_OF[tile]
    hand = s.hands[seat]
    pile = s.pile
    ranked = s._ranked  # the ranks of the legal set, when they were asked for
    if shown is not None:
        hand, pile = _revealed(s, seat, shown)
    if pattern not in hand:
        if UNKNOWN not in hand or pattern not in pile.unseen:
            raise IllegalAction(f"tile {ORIENTED[tile]} is not in the {s.game.players[seat]} hand")
        hand = (*remove_one(hand, UNKNOWN), pattern)
        pile = pile.learn([pattern])
    if hand is not s.hands[seat]:
        ranked = None  # ranked for another hand than this one
    found = ranked.ends.get(tile) if ranked is not None else None
    if found is not None:  # the walks were taken for the legal set
        if isinstance(found[1], int):
            end, point = found
            move = movement_alone(s.ships, seat, sq, tile, end, point, s.game.meeting)
        else:
            movers = standing_at(s.ships, sq)
            move = movement_of(s.ships, seat, sq, tile, movers, found)
    else:
        move = resolve(
            s.grid, s.board, s.daikaiju_squares(), s.ships, seat, sq, tile, s.game.meeting
        )
    if move.rank != FINE:
        if UNKNOWN in hand:
            where = f"{s.grid.square(sq)} {ORIENTED[tile]}"
            raise IllegalAction(
                why_not(move.rank)
                + f"; show the whole hand to rule on it ('place {where} hand T1 T2 T3')"
            )
        best = ranked.best if ranked is not None else s.best_rank(hand)
        if move.rank != best:
            raise IllegalAction(why_not(move.rank) + " while the hand allows a better placement")
    saving: tuple[tuple[int, int], ...] = ()
    if s.vet is not None:  # a taihou may yet save a ship run into a daikaiju
        move, saving = _rules(s).split_savable(s, move)
    hand = remove_one(hand, pattern)
    board = s.board
    board = (*board[:sq], tile, *board[sq + 1 :])
    # events built positionally: (kind, seat, square, to, card, detail)
    events = [Event("tile-placed", seat, sq, -1, "", NOTATIONS[tile])]
    events += [Event("ship-moved", m, frm, to) for m, frm, to in move.moved]
    ships = move.ships
    lost = move.lost
    if lost:  # lost ships keep their place until _lose takes them off
        lost_now = move.lost_seats()
        ships = tuple(s.ships[i] if i in lost_now else pos for i, pos in enumerate(ships))
    s = replace(
        s,
        board=board,
        hands=_with_hand(s.hands, seat, hand),
        pile=pile,
        ships=ships,
        events=tuple(events),
    )
    if saving:  # the owners choose first; every ship of this placement is lost at once
        assert s.vet is not None
        if s.vet.tsunami is not None:
            s = _rules(s).entries_after_place(s, move.moved)
        assert s.vet is not None
        vet = dc_replace(s.vet, saving=saving, pending=lost)
        return replace(s, phase=Phase.TAIHOU_SAVE, vet=vet)
    if lost:
        others = [x for x, _ in lost if x != seat]
        bonus = s.game.seas and bool(others) and seat not in lost_now
        s = _lose(s, lost, pool_hands=bonus)
    else:
        bonus = False
    if s.phase is Phase.OVER:
        return s
    if s.vet is not None and s.vet.tsunami is not None:
        s = _rules(s).entries_after_place(s, move.moved)
        if s.vet is not None and s.vet.rolls:
            return s
    if bonus and s.pool:
        return replace(s, phase=Phase.BONUS)
    return _start_draw(s)


def why_not(rank: int) -> str:
    """Why a placement of this rank needs ruling on, for the table."""
    if rank == 1:
        return "that placement loses your own ship"
    return "that placement puts two ships on one wake going the same way"


def shown_hand_problem(s: State, shown: Sequence[Tile]) -> str | None:
    """Why a hand shown by the active player cannot be theirs, or None when it can be.

    The laid tile counts as part of the hand, as in :class:`~companion.tsuro.actions.Place`.
    """
    try:
        _revealed(s, s.active, shown)
    except IllegalAction as exc:
        return str(exc)
    return None


def _revealed(s: State, seat: int, shown: Sequence[Tile]) -> tuple[tuple[int, ...], Pile]:
    """The hand as shown, checked against what the companion already knows of it."""
    return _revealed_numbers(s, seat, [pattern_number(t) for t in shown])


def _revealed_numbers(
    s: State, seat: int, shown_n: Sequence[int]
) -> tuple[tuple[int, ...], Pile]:
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


def _apply_bonus(s: State, a: Bonus) -> State:
    if "reference-bonus" in s.game.options:
        raise IllegalAction("with reference-bonus the active player keeps two: 'keep T1 T2'")
    seat = s.active
    give, take = _pattern_numbers(a.give), _pattern_numbers(a.take)
    hand, pool = list(s.hands[seat]), list(s.pool)
    try:
        for t in give:
            hand.remove(t)
        for t in take:
            pool.remove(t)
    except ValueError:
        raise IllegalAction(
            f"{a.notation()!r}: those tiles are not in the hand and the eliminated hands"
        ) from None
    hand += take
    pool += give
    s = replace(
        s,
        hands=_with_hand(s.hands, seat, tuple(hand)),
        pile=s.pile.to_bottom_unordered(pool),
        pool=(),
        events=(Event("bonus", seat=seat, detail=str(len(give))),),
    )
    return _start_draw(s)


# ---- drawing ---------------------------------------------------------------------------


def _start_draw(s: State) -> State:
    if s.game.seas:
        return _seas_draw_or_end(replace(s, drawer=s.active))
    first = s.active
    if s.dragon >= 0 and s.pile.size:
        first = s.dragon
        s = replace(s, dragon=-1, events=(*s.events, Event("dragon-aside", seat=first)))
    return _tsuro_next_draw(replace(s, drawer=first))


def _seas_draw_or_end(s: State) -> State:
    alive = s.ships[s.active] >= 0
    if s.vet is not None:
        rules = _rules(s)
        short = rules.hand_count(s, s.active) < s.game.hand_size
        if alive and short and rules.pile_size(s):
            return replace(s, phase=Phase.DRAW, drawer=s.active)
        return _end_turn(s)
    if alive and len(s.hands[s.active]) < s.game.hand_size and s.pile.size:
        return replace(s, phase=Phase.DRAW, drawer=s.active)
    return _end_turn(s)


def _tsuro_next_draw(s: State) -> State:
    """Round the table from ``drawer``: the next seat short of tiles draws one."""
    n, ships, hands, full, drawer = s.seats, s.ships, s.hands, s.game.hand_size, s.drawer
    for k in range(n):
        seat = (drawer + k) % n
        if ships[seat] >= 0 and len(hands[seat]) < full:
            if s.pile.size:
                return replace(s, phase=Phase.DRAW, drawer=seat)
            if s.dragon < 0:
                s = replace(s, dragon=seat, events=(*s.events, Event("dragon", seat=seat)))
            return _end_turn(s)
    return _end_turn(s)


def _apply_draw(s: State, a: Draw) -> State:
    s = _give_tile(s, s.drawer, a)
    if s.game.seas:
        return _seas_draw_or_end(s)
    return _tsuro_next_draw(replace(s, drawer=(s.drawer + 1) % s.seats))


_HANDLERS: dict[tuple[Phase, type], Callable[[State, Any], State]] = {
    (Phase.DEAL, Draw): _apply_deal,
    (Phase.START, Start): _apply_start,
    (Phase.TURN_ROLL, Roll): _apply_turn_roll,
    (Phase.DAIKAIJU_DIE, Die): _apply_die,
    (Phase.DAIKAIJU_ROLL, Roll): _apply_dk_roll,
    (Phase.DAIKAIJU_DRAW, DrawDaikaiju): _apply_dk_draw,
    (Phase.DAIKAIJU_FACING, Facing): _apply_dk_facing,
    (Phase.RELOCATE, Relocate): _apply_relocate,
    (Phase.PLACE, Place): _apply_place,
    (Phase.BONUS, Bonus): _apply_bonus,
    (Phase.DRAW, Draw): _apply_draw,
}


def advance_turn(s: State) -> State:
    """The state at the start of the next player's turn, the draws of this one skipped.

    For looking ahead (odds); a real game draws its tiles.
    """
    return _end_turn(replace(s, pool=(), events=()))


# ---- the rules plug-in ---------------------------------------------------------------
# Veterans of the Seas, the Phoenix and the reference's bonus reach the turn through the
# plug-in their game names (companion/tsuro/rules_plugin.py); this module never imports it.


def _rules(s: State) -> RulesPlugin:
    """The plug-in of a game that has one (only asked where its options are in play)."""
    return load_plugin(s.game.plugin or VETERANS)


def _plugin_handler(s: State, action: Action) -> Callable[[State, Any], State] | None:
    """The plug-in's handler for an action the base game has none for in this phase. A
    game without the plug-in's options still gets the plug-in's own refusal (``keep``
    where the bonus is a swap says so), as before the split; only that path loads it."""
    return load_plugin(s.game.plugin or VETERANS).HANDLERS.get((s.phase, type(action)))
