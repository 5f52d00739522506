"""Rigadoon's fixed facts (:class:`Game`) and its immutable position (:class:`State`).

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
from enum import StrEnum
from fractions import Fraction
from typing import Any

from ..games import game_info
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
from .board import ISLAND, MAELSTROM, OPEN, SHALLOWS, Board, default_board, load_board, parse_board
from .chain import (
    Chain,
    Event,
    advance,
    beside,
    choose,
    fleet_of,
    sail_chain,
    ship_name,
    train_moves,
)
from .choices import distinct_options
from .geometry import Direction, RigadoonError, direction_between
from .wind import Wind, default_wind, load_wind, parse_wind

CHANCE = -1
TERMINAL = -4

OPTIONS: dict[str, str] = {o.name: o.help for o in game_info("rigadoon").options}
"""The named rule options, as the game registry declares them (companion/games.py)."""


class Phase(StrEnum):
    FLEET = "fleet"
    OPENING = "opening"
    TURN = "turn"
    WIND = "wind"
    CHOICE = "choice"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Outcome:
    winner: int
    """The winning seat."""
    reason: str


@dataclass(frozen=True)
class Game:
    players: tuple[str, str]
    """Seat 0 sails first (decided at the table, by any method)."""
    board: Board = field(default_factory=default_board)
    wind: Wind = field(default_factory=default_wind)
    options: frozenset[str] = frozenset()

    @classmethod
    def create(
        cls,
        players: list[str] | tuple[str, ...],
        options: list[str] | tuple[str, ...] | frozenset[str] = (),
        board: Board | None = None,
        wind: Wind | None = None,
    ) -> Game:
        names = tuple(p.strip().lower() for p in players)
        if len(names) != 2:
            raise RigadoonError(f"Rigadoon is for 2 players, not {len(names)}")
        if len(set(names)) != 2 or not all(names):
            raise RigadoonError("each player needs a different, non-empty name")
        bad = sorted(set(options) - set(OPTIONS))
        if bad:
            raise RigadoonError(
                f"rigadoon has no option {bad[0]!r} (options: {', '.join(OPTIONS)})"
            )
        return cls(
            (names[0], names[1]),
            board or load_board(),
            wind or load_wind(),
            frozenset(options),
        )

    @property
    def die(self) -> bool:
        return "wind-die" in self.options

    @property
    def quiet_exits(self) -> bool:
        return "quiet-maelstrom" in self.options

    @property
    def stop_beside(self) -> bool:
        return "attack-in-passing" in self.options

    @property
    def short_chests(self) -> bool:
        return "chest-stops-blast" in self.options

    @property
    def cumulative(self) -> bool:
        return "win-by-claims" in self.options

    def defaults_to_check(self) -> list[str]:
        return [n for n in (self.board.defaults_note(), self.wind.defaults_note()) if n]

    def to_json(self) -> dict[str, Any]:
        from .data import board_json, wind_json

        return {
            "game": "rigadoon",
            "players": list(self.players),
            "options": sorted(self.options),
            "board": board_json(self.board),
            "wind": wind_json(self.wind),
        }

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Game:
        board = (
            parse_board({"profiles": [doc["board"]]}, "record header") if "board" in doc else None
        )
        wind = parse_wind(doc["wind"], "record header") if "wind" in doc else None
        return cls.create(list(doc["players"]), list(doc.get("options", [])), board, wind)


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
            return _apply_turn(self, action)
        if isinstance(action, Choose):
            if self.phase is not Phase.CHOICE or self.chain is None:
                raise RigadoonError("there is no choice to make now")
            # Only what this choice set off is new for the table.
            told = len(self.chain.events)
            return _settle(self, choose(self.board, self.chain, action.option), told)
        if isinstance(action, NewWind):
            return _apply_wind(self, action)
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
            return _next_turn(self)
        return self

    # ---- words --------------------------------------------------------------------------

    def _choice_context(self) -> str:
        """Which ship meets which chest, or which chest sank: the table cannot answer a
        bare 'bump or stop' without knowing where the chain has got to."""
        assert self.chain is not None and self.chain.choice is not None
        b, c, kind = self.board, self.chain, self.chain.choice.kind
        if kind == "chest" and c.stack and c.stack[-1][0] == 1:
            ship, d = c.stack[-1][1], Direction(c.stack[-1][2])
            at = c.ships[ship]
            nxt = b.step(at, d)
            if nxt < 0:
                nxt = b.across(at, d)
            stuck = train_moves(b, c.ships, c.chests, nxt, d) is None
            note = " (it cannot move: 'bump' ends the blast short of it)" if stuck else ""
            return (
                f"{ship_name(ship)}, blasted {d.word} from {b.name(at)}, meets the chest at "
                f"{b.name(nxt)}{note}; "
            )
        if kind == "island":
            sunk = [int(e[1]) for e in c.events if e[0] == "sink"]
            washed = sum(1 for e in c.events if e[0] == "wash")
            if washed < len(sunk):
                return f"the chest sunk at {b.name(sunk[washed])} needs an island; "
        return ""

    def player(self, seat: int | None = None) -> str:
        s = self.active if seat is None else seat
        name = self.game.players[s]
        return f"{name} ({FLEET_NAMES[self.fleet_of_seat(s)]})" if self.first_fleet >= 0 else name

    def prompt(self) -> str:
        p = self.phase
        if p is Phase.OVER:
            assert self.outcome is not None
            return f"{self.player(self.outcome.winner)} wins: {self.outcome.reason}"
        if p is Phase.FLEET:
            return (
                f"{self.game.players[0]} sails first: pick your fleet (fleet blue or fleet green)"
            )
        if p is Phase.OPENING:
            how = "turn the die to" if self.game.die else "pick from the deck the card of"
            return f"{self.game.players[1]}: {how} the opening wind (opening DIRECTION)"
        if p is Phase.WIND:
            how = "roll the wind die" if self.game.die else "draw a wind card"
            return f"{self.player()}: {how} and enter it (wind DIRECTION)"
        if p is Phase.CHOICE:
            assert self.chain is not None and self.chain.choice is not None
            c = self.chain.choice
            what = {
                "order": "which attack comes next (attacker target)",
                "chest": "bump the chest on, or stop on it",
                "island": "the island the sunk chest washes up on",
            }[c.kind]
            return f"{self.player()}: {self._choice_context()}choose {what}: {', '.join(c.options)}"
        parts = []
        if not self.changed:
            parts.append("change the wind once (never last)")
        need = self.required()
        if need:
            parts.append("sail or repair " + ", ".join(ship_name(s) for s in need))
        excused = self.excused()
        if excused:
            names = ", ".join(ship_name(s) for s in excused)
            parts.append(f"{names} excused (3 masts, no legal sail under this wind)")
        extra = [s for s in self.fleet_ships() if self.bonus & (1 << s)]
        if extra:
            parts.append("Rigadoon! " + ", ".join(ship_name(s) for s in extra) + " may sail again")
        if not parts or (self.changed and not need):
            if self._may_end(need):
                parts.append("end the turn when done (end)")
            else:
                ships = [s for s in self.fleet_ships() if self._optional(s) and self.sails(s)]
                names = ", ".join(ship_name(s) for s in ships)
                parts.append(f"the wind change cannot be your last action: sail {names}")
        return f"{self.player()}: " + "; ".join(parts)


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


def _apply_wind(s: State, a: NewWind) -> State:
    if s.phase is not Phase.WIND:
        raise RigadoonError("change the wind first (change), then enter what it shows")
    if a not in s.legal_actions():
        raise RigadoonError(f"the wind cannot show {a.wind.word} now")
    pile, discard = list(s.pile), list(s.discard)
    if not s.game.die:
        if not sum(pile):
            # The deck ran out: everything but the face-up card is shuffled into a new one.
            pile, discard = discard, [0] * 8
        pile[a.wind] -= 1
        assert s.wind is not None
        discard[s.wind] += 1
    return replace(
        s,
        phase=Phase.TURN,
        wind=a.wind,
        pile=tuple(pile),
        discard=tuple(discard),
        changed=True,
        wind_last=True,
        events=(("wind", a.wind),),
    )._auto_end()


def _refuse_turn(s: State, a: Action) -> str:
    """Why the fleet on turn may not take this action now ('' when it may)."""
    if s.phase is not Phase.TURN:
        return f"not now: {s.prompt()}"
    if isinstance(a, Change):
        return "the wind has already been changed this turn" if s.changed else ""
    if isinstance(a, End):
        need = s.required()
        if need:
            return ", ".join(ship_name(x) for x in need) + " must still sail or repair"
        if not s.changed:
            return "the wind must be changed once each turn"
        return "" if End() in s.legal_actions() else "the wind change cannot be your last action"
    assert isinstance(a, Sail | Repair)
    ship, name = a.ship, ship_name(a.ship)
    if fleet_of(ship) != s.fleet:
        return f"{name} is not a ship of the {FLEET_NAMES[s.fleet]} fleet"
    if not s.may_act(ship):
        return f"{name} has already sailed or repaired this turn"
    if s._wind_would_be_last(ship, s.required()):
        return "change the wind first: the wind change cannot be your last action"
    if isinstance(a, Repair):
        if s.acted & (1 << ship):
            return f"{name} may sail again, not repair"
        if s.masts[ship] >= 3:
            return f"{name} has all 3 masts: nothing to repair"
        return ""
    return _refuse_sail(s, a)


def _refuse_sail(s: State, a: Sail) -> str:
    b, ship, name = s.board, a.ship, ship_name(a.ship)
    m = s.masts[ship]
    if m == 0:
        return f"{name} has no masts: it must repair"
    if s.aground(ship):
        if m < 3:
            return f"{name} is aground with fewer than 3 masts: it can only repair"
        if s.grounded & (1 << ship):
            return f"{name} ran aground this turn and cannot dislodge itself until the next"
    if not (1 <= a.to[0] <= b.rows and 1 <= a.to[1] <= b.cols):
        return f"r{a.to[0]}c{a.to[1]} is off the board"
    line = direction_between(b.rc(s.ships[ship]), a.to)
    where = f"{name} at {b.name(s.ships[ship])}"
    if line is None:
        return f"r{a.to[0]}c{a.to[1]} is not in a straight line from {where}"
    d, k = line
    assert s.wind is not None
    reach = s.game.wind.template(s.wind).reach(d, m)
    if k > reach:
        masts = f"{m} mast" + ("s" if m != 1 else "")
        allowed = f"at most {reach} square{'s' if reach != 1 else ''}" if reach else "no squares"
        return f"the {s.wind.word} wind lets {name} ({masts}) sail {allowed} {d.word}"
    if a not in s.sails(ship):
        why = s.sail_chain(ship, d, k, a.stop)
        return why if isinstance(why, str) else f"{name} cannot sail to r{a.to[0]}c{a.to[1]}"
    return ""


def _apply_turn(s: State, a: Sail | Repair | End | Change) -> State:
    why = _refuse_turn(s, a)
    if why:
        raise RigadoonError(why)
    if isinstance(a, Change):
        return replace(s, phase=Phase.WIND, events=())
    if isinstance(a, End):
        return _next_turn(s)
    bit = 1 << a.ship
    if isinstance(a, Repair):
        masts = list(s.masts)
        masts[a.ship] += 1
        return replace(
            s,
            masts=tuple(masts),
            acted=s.acted | bit,
            wind_last=False,
            events=(("repair", a.ship, masts[a.ship]),),
        )._auto_end()
    b = s.board
    line = direction_between(b.rc(s.ships[a.ship]), a.to)
    assert line is not None
    chain = s.sail_chain(a.ship, *line, a.stop)
    assert isinstance(chain, Chain)
    grounded = s.grounded | bit if a.stop == "aground" else s.grounded
    s = replace(
        s,
        acted=s.acted | bit,
        bonus=s.bonus & ~bit,
        grounded=grounded,
        wind_last=False,
    )
    return _settle(s, advance(b, chain))


def _settle(s: State, chain: Chain, told: int = 0) -> State:
    """Take the choices that change nothing, stop at the first that matters, or finish."""
    while chain.choice is not None:
        options = distinct_options(s.board, chain)
        if len(options) > 1:
            c = replace(chain, choice=replace(chain.choice, options=options))
            # The pieces show where the chain has got to while the fleet decides.
            return replace(
                s,
                phase=Phase.CHOICE,
                chain=c,
                events=c.events[told:],
                ships=c.ships,
                masts=c.masts,
                chests=c.chests,
            )
        chain = choose(s.board, chain, options[0])
    s = replace(
        s,
        phase=Phase.TURN,
        chain=None,
        ships=chain.ships,
        masts=chain.masts,
        chests=chain.chests,
        claims=chain.claims,
        events=chain.events[told:],
    )
    if chain.rigadoon:
        s = replace(s, bonus=s.bonus | (1 << chain.starter))
    if chain.winner >= 0:
        seat = s.seat_of_fleet(chain.winner)
        return replace(
            s, phase=Phase.OVER, outcome=Outcome(seat, "two chests claimed on two islands")
        )
    if chain.loser >= 0:
        seat = 1 - s.seat_of_fleet(chain.loser)
        reason = f"the {FLEET_NAMES[chain.loser]} fleet set off an endless loop of attacks"
        return replace(s, phase=Phase.OVER, outcome=Outcome(seat, reason))
    return s._auto_end()


def _next_turn(s: State) -> State:
    return replace(
        s,
        active=1 - s.active,
        turn=s.turn + 1,
        changed=False,
        acted=0,
        bonus=0,
        grounded=0,
        wind_last=False,
        events=s.events,
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
