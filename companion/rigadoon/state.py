"""Rigadoon's immutable position (:class:`State`). The fixed facts of a game (:class:`Game`,
:class:`Phase`, :class:`Outcome`) live in ``game.py`` and the turn's transitions in
``turn.py``; the first are importable from here too.

The engine shape is the path games' one: ``current_player``, ``legal_actions``,
``apply`` (a new state), ``is_terminal``, ``returns``; changing the wind is a chance node
whose outcomes come with exact probabilities and arrive as input (the engine never draws
a random number). Choices the rules leave to the fleet on turn are decision nodes whose
legal actions are the options that lead to different results.

>>> s = new_state(Game.create(["ann", "bob"]))
>>> [a.notation() for a in s.legal_actions()]
['fleet blue', 'fleet green']
>>> s = s.apply(PickFleet(0)).apply(Opening(Direction.S))
>>> s.current_player, s.wind.short, s.prompt()
(0, 's', 'ann (blue): change the wind once (never last); sail or repair b1, b2, b3, b4')
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from .actions import (
    FLEET_NAMES,
    Action,
    Change,
    Choose,
    End,
    NewWind,
    Opening,
    PickFleet,
    Repair,
    Sail,
)
from .board import ISLAND, MAELSTROM, OPEN, SHALLOWS, Board
from .chain import (
    Chain,
    Event,
    choose,
    train_moves,
)
from .game import CHANCE as CHANCE
from .game import OPTIONS as OPTIONS
from .game import TERMINAL as TERMINAL
from .game import Game as Game
from .game import Outcome as Outcome
from .game import Phase as Phase
from .geometry import Direction, RigadoonError
from .prompts import prompt_for
from .sailing import beside, sail_chain
from .turn import apply_turn, apply_wind, next_turn, settle


@dataclass(frozen=True)
class State:
    game: Game
    phase: Phase
    active: int
    first_fleet: int
    """The fleet seat 0 commands (-1 until picked)."""
    ships: tuple[int, ...]
    masts: tuple[int, ...]
    chests: tuple[int, ...]
    wind: Direction | None = None
    pile: tuple[int, ...] = ()
    discard: tuple[int, ...] = (0,) * 8
    turn: int = 0
    changed: bool = False
    acted: int = 0
    bonus: int = 0
    grounded: int = 0
    claims: tuple[int, int] = (0, 0)
    """Per fleet, a bit per island (board order) on which it has claimed a chest so far."""
    wind_last: bool = False
    chain: Chain | None = None
    outcome: Outcome | None = None
    events: tuple[Event, ...] = ()
    """What the last action did, for the instructions to the table (after a choice, only
    what followed it: the table has already carried out the rest)."""
    _legal: list[Action] | None = field(default=None, init=False, compare=False, repr=False)
    # Sails per ship, worked out once per state: the legal set, the excused ships and the
    # checks of one action all ask for them.
    _sails: dict[int, list[Sail]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )

    # ---- reading ------------------------------------------------------------------------

    @property
    def board(self) -> Board:
        return self.game.board

    @property
    def current_player(self) -> int:
        if self.phase is Phase.OVER:
            return TERMINAL
        if self.phase is Phase.WIND:
            return CHANCE
        return self.active

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def is_chance_node(self) -> bool:
        return self.phase is Phase.WIND

    def returns(self) -> tuple[float, float]:
        if self.outcome is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.outcome.winner == 0 else (-1.0, 1.0)

    def fleet_of_seat(self, seat: int) -> int:
        return self.first_fleet if seat == 0 else 1 - self.first_fleet

    def seat_of_fleet(self, fleet: int) -> int:
        return 0 if fleet == self.first_fleet else 1

    @property
    def fleet(self) -> int:
        """The fleet on turn."""
        return self.fleet_of_seat(self.active)

    def in_port(self, ship: int) -> bool:
        return self.board.terrain[self.ships[ship]] == ISLAND

    def aground(self, ship: int) -> bool:
        at = self.ships[ship]
        return self.board.terrain[at] == SHALLOWS and at in self.chests

    def ship_at(self, sq: int) -> int:
        return self.ships.index(sq) if sq in self.ships else -1

    def fleet_ships(self, fleet: int | None = None) -> range:
        f = self.fleet if fleet is None else fleet
        return range(f * 4, f * 4 + 4)

    def may_act(self, ship: int) -> bool:
        bit = 1 << ship
        return not self.acted & bit or bool(self.bonus & bit)

    # ---- sails --------------------------------------------------------------------------

    def sails(self, ship: int) -> list[Sail]:
        """Every sail the wind allows this ship now (whether or not it is its turn)."""
        found = self._sails.get(ship)
        if found is None:
            found = self._sails[ship] = self._find_sails(ship)
        return list(found)

    def _find_sails(self, ship: int) -> list[Sail]:
        b, m = self.board, self.masts[ship]
        if self.wind is None or m <= 0:
            return []
        if self.aground(ship) and (m < 3 or self.grounded & (1 << ship)):
            return []
        tmpl = self.game.wind.template(self.wind)
        at = self.ships[ship]
        out: list[Sail] = []
        for d in Direction:
            reach = tmpl.reach(d, m)
            chests: list[int] | tuple[int, ...] = self.chests
            cur = at
            for _k in range(reach):
                nxt = b.step(cur, d)
                if nxt < 0 or nxt in self.ships:
                    break
                to = b.rc(nxt)
                terrain = b.terrain[nxt]
                if terrain == ISLAND:
                    if nxt in chests:
                        out.append(Sail(ship, to))
                    break
                if terrain == MAELSTROM:
                    # Only another ship closes it: a ship sailing from the exit has left it.
                    if self.ship_at(b.exit_of[nxt]) in (-1, ship):
                        out.append(Sail(ship, to))
                    break
                if nxt in chests:
                    if terrain == OPEN:
                        out.append(Sail(ship, to, "sink"))
                    elif m == 3:
                        out.append(Sail(ship, to, "aground"))
                    moves = train_moves(b, self.ships, chests, nxt, d)
                    if moves is None:
                        break
                    moved = list(chests)
                    for frm, dest, _via in moves:
                        moved[moved.index(frm)] = dest
                    chests = moved
                out.append(Sail(ship, to))
                cur = nxt
                if self.game.stop_beside and beside(b, self.ships, nxt, ship) >= 0:
                    break
        return out

    def sail_chain(self, ship: int, d: Direction, spaces: int, stop: str) -> Chain | str:
        """The chain a sail sets off here under the game's options, or why it cannot be."""
        return sail_chain(
            self.board,
            self.ships,
            self.masts,
            self.chests,
            ship,
            d,
            spaces,
            stop,
            self.game.quiet_exits,
            stop_beside=self.game.stop_beside,
            short_chests=self.game.short_chests,
            claims=self.claims,
            cumulative=self.game.cumulative,
        )

    # ---- the turn -----------------------------------------------------------------------

    def excused(self) -> list[int]:
        """Ships at sea with all 3 masts that have no legal sail under this wind."""
        return [
            s
            for s in self.fleet_ships()
            if not self.acted & (1 << s)
            and not self.in_port(s)
            and self.masts[s] == 3
            and not self.sails(s)
        ]

    def required(self) -> list[int]:
        """Ships at sea of the fleet on turn that must still sail or repair."""
        excused = self.excused()
        return [
            s
            for s in self.fleet_ships()
            if not self.acted & (1 << s) and not self.in_port(s) and s not in excused
        ]

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            object.__setattr__(self, "_legal", self._legal_actions())
        assert self._legal is not None
        return list(self._legal)

    def _legal_actions(self) -> list[Action]:
        p = self.phase
        if p is Phase.FLEET:
            return [PickFleet(0), PickFleet(1)]
        if p is Phase.OPENING:
            if self.game.die:
                return [Opening(d) for d in Direction if d in self.game.wind.die]
            return [Opening(d) for d in Direction if self.game.wind.deck[d] > 0]
        if p is Phase.WIND:
            return [a for a, _p in self.chance_outcomes()]
        if p is Phase.CHOICE:
            assert self.chain is not None and self.chain.choice is not None
            return [Choose(o) for o in self.chain.choice.options]
        if p is Phase.OVER:
            return []
        out: list[Action] = []
        if not self.changed:
            out.append(Change())
        required = self.required()
        for s in self.fleet_ships():
            if not self.may_act(s) or self._wind_would_be_last(s, required):
                continue
            out.extend(self.sails(s))
            if not self.acted & (1 << s) and not self.in_port(s) and self.masts[s] < 3:
                out.append(Repair(s))
        if self._may_end(required):
            out.append(End())
        return out

    def _optional(self, ship: int) -> bool:
        """A ship that may still sail this turn without having to: one in port, or one
        granted a Rigadoon."""
        return self.may_act(ship) and (self.in_port(ship) or bool(self.bonus & (1 << ship)))

    def _wind_would_be_last(self, ship: int, required: list[int]) -> bool:
        # Refused only when no other ship could still act after the change: a ship in port
        # (or with a Rigadoon sail) may sail after it, so acting first is the fleet's choice.
        if self.changed:
            return False
        return not any(
            s != ship and (s in required or self._optional(s)) for s in self.fleet_ships()
        )

    def _may_end(self, required: list[int]) -> bool:
        # A fleet that acted and then changed the wind must not end on the change while a
        # ship could still sail; a fleet with nothing required at all may end right after
        # changing the wind rather than be forced to sail a ship out of port.
        if not self.changed or required:
            return False
        if self.wind_last and self.acted:
            return not any(self._optional(s) and self.sails(s) for s in self.fleet_ships())
        return True

    def chance_outcomes(self) -> list[tuple[NewWind, Fraction]]:
        if self.phase is not Phase.WIND:
            return []
        if self.game.die:
            return [(NewWind(d), p) for d, p in self.game.wind.die_outcomes()]
        pile = self.pile if sum(self.pile) else self.discard
        total = sum(pile)
        return [(NewWind(d), Fraction(pile[d], total)) for d in Direction if pile[d]]

    # ---- acting -------------------------------------------------------------------------

    def apply(self, action: Action) -> State:
        if self.phase is Phase.OVER:
            raise RigadoonError("the game is over")
        if isinstance(action, Sail | Repair | End | Change):
            return apply_turn(self, action)
        if isinstance(action, Choose):
            if self.phase is not Phase.CHOICE or self.chain is None:
                raise RigadoonError("there is no choice to make now")
            # Only what this choice set off is new for the table.
            told = len(self.chain.events)
            return settle(self, choose(self.board, self.chain, action.option), told)
        if isinstance(action, NewWind):
            return apply_wind(self, action)
        if isinstance(action, PickFleet):
            if self.phase is not Phase.FLEET:
                raise RigadoonError("the fleets have already been picked")
            return replace(self, phase=Phase.OPENING, active=1, first_fleet=action.fleet)
        if isinstance(action, Opening):
            if self.phase is not Phase.OPENING:
                raise RigadoonError("the opening wind has already been set")
            if action not in self.legal_actions():
                raise RigadoonError(f"the deck has no {action.wind.word} card")
            pile = list(self.pile)
            if not self.game.die:
                pile[action.wind] -= 1
            return replace(
                self,
                phase=Phase.TURN,
                active=0,
                wind=action.wind,
                pile=tuple(pile),
                turn=1,
                events=(("wind", action.wind),),
            )
        raise RigadoonError(f"{action!r} is not a Rigadoon action")

    def _auto_end(self) -> State:
        """Pass the turn at once when ending it is all the fleet on turn can still do."""
        if self.phase is Phase.TURN and self.legal_actions() == [End()]:
            return next_turn(self)
        return self

    # ---- words --------------------------------------------------------------------------

    def player(self, seat: int | None = None) -> str:
        s = self.active if seat is None else seat
        name = self.game.players[s]
        fleet = FLEET_NAMES[self.fleet_of_seat(s)] if self.first_fleet >= 0 else name
        # a table that names its players by their fleets hears 'green', not 'green (green)'
        return name if fleet == name else f"{name} ({fleet})"

    def prompt(self) -> str:
        return prompt_for(self)

def new_state(game: Game) -> State:
    b = game.board
    return State(
        game,
        Phase.FLEET,
        0,
        -1,
        (*b.starts[0], *b.starts[1]),
        (3,) * 8,
        tuple(sorted(b.chests)),
        pile=game.wind.deck,
    )


def arrange(
    game: Game,
    ships: dict[str, tuple[str, int]],
    chests: list[str] | tuple[str, ...],
    wind: str,
    on_turn: str = "blue",
    first: str = "blue",
) -> State:
    """A position set up by hand (worked examples, tests, screenshots): the fleet
    ``on_turn`` begins its turn with the wind showing ``wind``, not yet changed.

    ``ships`` gives every ship (``b1``-``b4``, ``g1``-``g4``) its square and masts."""
    from .chain import parse_ship

    b = game.board
    squares = [0] * 8
    masts = [3] * 8
    if sorted(parse_ship(k) for k in ships) != list(range(8)):
        raise RigadoonError("give every ship, b1-b4 and g1-g4, a square")
    for key, (square, m) in ships.items():
        s = parse_ship(key)
        squares[s], masts[s] = b.square(square), m
        if not 0 <= m <= 3:
            raise RigadoonError(f"{key} has {m} masts; a ship has 0 to 3")
    chest_squares = tuple(sorted(b.square(c) for c in chests))
    if len(set(squares)) != 8 or len(set(chest_squares)) != len(chest_squares):
        raise RigadoonError("two ships or two chests share a square")
    if len(chest_squares) > 4:
        raise RigadoonError("Rigadoon has 4 chests")
    for sq in squares:
        if b.terrain[sq] == MAELSTROM or (b.terrain[sq] == ISLAND and sq not in chest_squares):
            raise RigadoonError(f"no ship can stay at {b.name(sq)}")
    for sq in chest_squares:
        if sq in squares and b.terrain[sq] == OPEN:
            raise RigadoonError(f"a ship on the chest at {b.name(sq)} would have sunk it")
    fleet = FLEET_NAMES.index(on_turn)
    first_fleet = FLEET_NAMES.index(first)
    deck = list(game.wind.deck)
    d = Direction.parse(wind)
    if not game.die and deck[d]:
        deck[d] -= 1
    # Ships set up in port have claimed their island's chest.
    claims = [0, 0]
    for i, island in enumerate(b.islands):
        if island.square in squares:
            claims[squares.index(island.square) // 4] |= 1 << i
    return State(
        game,
        Phase.TURN,
        0 if fleet == first_fleet else 1,
        first_fleet,
        tuple(squares),
        tuple(masts),
        chest_squares,
        wind=d,
        pile=tuple(deck),
        turn=1,
        claims=(claims[0], claims[1]),
    )
