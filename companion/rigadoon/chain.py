"""One sail and the chain reaction it sets off, resolved step by step.

A :class:`Chain` is an immutable snapshot of a resolution in progress: the pieces, the
work still to do (a stack of attacks and blasts), the attacks waiting for the instigating
fleet to order them, and, when the rules leave something to that fleet, the
:class:`Choice` it must make. :func:`advance` runs the arithmetic until the next choice or
the end; :func:`choose` takes one option (the sail that starts a chain is worked out in
``sailing.py``). The rules themselves, as this module applies them, are stated in
``docs/rigadoon.md`` ("The chain reaction").

Ships are numbered 0-7: 0-3 are blue ships 1-4, 4-7 green ships 1-4.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import ISLAND, MAELSTROM, OPEN, Board
from .geometry import ORTHOGONAL, Direction, RigadoonError

SHIPS = 8

# Events, as small tuples (the instructions module words them for the table):
#   ("sail", ship, from, to, direction, spaces, via)      via = maelstrom square or -1
#   ("blast", ship, from, to, direction, spaces, via, across, mast_lost)
#   ("hold", ship, at, direction, mast_lost)               could not be blasted at all
#   ("bump", from, to, direction, via)                    a chest pushed one square
#   ("sink", from)                                         the chest leaves the board
#   ("wash", from, island_square)                          ... and washes up on an island
#   ("aground", ship, at)
#   ("claim", ship, island_square, masts_before)
#   ("rigadoon", ship, masts_before)
#   ("loop", ship, other)                                  an endless loop of attacks
Event = tuple[str | int, ...]

# Work items on the stack, all integers:
#   (ATTACK, attacker, target)
#   (BLAST, ship, direction, left, by, moved, mast_lost, origin, across)
Work = tuple[int, ...]
ATTACK, BLAST = 0, 1


def fleet_of(ship: int) -> int:
    return ship // 4


def ship_name(ship: int) -> str:
    """The short name of a ship.

    >>> ship_name(5)
    'g2'
    """
    return f"{'bg'[ship // 4]}{ship % 4 + 1}"


def parse_ship(text: str) -> int:
    t = text.strip().lower()
    if len(t) == 2 and t[0] in "bg" and t[1] in "1234":
        return "bg".index(t[0]) * 4 + int(t[1]) - 1
    raise RigadoonError(f"{text.strip()!r} is not a ship: write b1-b4 (blue) or g1-g4 (green)")


@dataclass(frozen=True, slots=True)
class Choice:
    """A decision the rules leave to the instigating fleet, with the options it has."""

    kind: str
    """``order`` (which attack next), ``chest`` (bump or stop on it), ``island``."""
    options: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Chain:
    ships: tuple[int, ...]
    masts: tuple[int, ...]
    chests: tuple[int, ...]
    fleet: int
    """The instigating fleet: the one whose turn it is."""
    starter: int
    """The ship whose sail set the chain off (-1 when none)."""
    stack: tuple[Work, ...] = ()
    pending: tuple[tuple[int, int], ...] = ()
    afloat: int = 0
    """Sunk chests waiting for the instigating fleet to pick their island."""
    hit: int = 0
    """Bit per enemy ship attacked so far (for the Rigadoon bonus)."""
    seen: frozenset[object] = frozenset()
    events: tuple[Event, ...] = ()
    winner: int = -1
    """The fleet that won during this chain, or -1."""
    loser: int = -1
    """The fleet that lost to an endless loop, or -1."""
    rigadoon: bool = False
    choice: Choice | None = None
    decision: str = ""
    """The option taken for the blast on top of the stack (a chest met on the way)."""
    quiet_exits: bool = False
    """Option ``quiet-maelstrom``: a ship coming out of a maelstrom attacks no one."""
    short_chests: bool = False
    """Option ``chest-stops-blast``: a blasted ship that meets a chest it cannot push may
    stop short of it ('bump': nothing happens) instead of stopping on it."""
    claims: tuple[int, int] = (0, 0)
    """Per fleet, a bit per island (board order) on which it has ever claimed a chest."""
    cumulative: bool = False
    """Option ``win-by-claims``: claims on two different islands win, held or not."""

    @property
    def done(self) -> bool:
        return self.choice is None and not self.stack and not self.pending and not self.afloat

    def progress(self) -> tuple[object, ...]:
        """Everything the rest of the resolution depends on, but the loop memory."""
        return (
            self.ships,
            self.masts,
            self.chests,
            self.stack,
            self.pending,
            self.afloat,
            self.hit,
            self.winner,
            self.loser,
            self.rigadoon,
            self.choice,
            self.decision,
            self.claims,
        )

    def key(self) -> tuple[object, ...]:
        """What a finished chain leaves on the table: equal keys are equal results. A chain
        ruled an endless loop ends the game, so where its pieces stopped does not matter."""
        if self.loser >= 0 and self.winner < 0:
            return ((), (), (), -1, self.loser, False, (0, 0))
        return (
            self.ships,
            self.masts,
            self.chests,
            self.winner,
            self.loser,
            self.rigadoon,
            self.claims,
        )


class Run:
    """The mutable working copy of a chain while it advances."""

    def __init__(self, board: Board, c: Chain) -> None:
        self.b = board
        self.ships = list(c.ships)
        self.masts = list(c.masts)
        self.chests = list(c.chests)
        self.fleet = c.fleet
        self.starter = c.starter
        self.stack = list(c.stack)
        self.pending = list(c.pending)
        self.afloat = c.afloat
        self.hit = c.hit
        self.seen = set(c.seen)
        self.events = list(c.events)
        self.winner = c.winner
        self.loser = c.loser
        self.rigadoon = c.rigadoon
        self.decision = c.decision
        self.quiet_exits = c.quiet_exits
        self.short_chests = c.short_chests
        self.claims = list(c.claims)
        self.cumulative = c.cumulative

    def snapshot(self, choice: Choice | None) -> Chain:
        return Chain(
            tuple(self.ships),
            tuple(self.masts),
            tuple(sorted(self.chests)),
            self.fleet,
            self.starter,
            tuple(self.stack),
            tuple(self.pending),
            self.afloat,
            self.hit,
            frozenset(self.seen),
            tuple(self.events),
            self.winner,
            self.loser,
            self.rigadoon,
            choice,
            "",
            self.quiet_exits,
            self.short_chests,
            (self.claims[0], self.claims[1]),
            self.cumulative,
        )

    # ---- reading the board -------------------------------------------------------------

    def ship_at(self, sq: int) -> int:
        try:
            return self.ships.index(sq)
        except ValueError:
            return -1

    def touching(self, a: int, t: int) -> bool:
        at, tt = self.ships[a], self.ships[t]
        return any(self.b.step(at, d) == tt for d in ORTHOGONAL)

    def in_port(self, fleet: int) -> int:
        island = self.b.island_at
        return sum(1 for s in range(fleet * 4, fleet * 4 + 4) if self.ships[s] in island)

    def bump_target(self, first: int, d: Direction) -> list[tuple[int, int, int]] | None:
        return train_moves(self.b, self.ships, self.chests, first, d)

    def bump(self, moves: list[tuple[int, int, int]], d: Direction) -> None:
        for frm, to, via in moves:
            self.chests[self.chests.index(frm)] = to
            self.events.append(("bump", frm, to, d, via))

    def sink(self, sq: int) -> None:
        self.chests.remove(sq)
        self.afloat += 1
        self.events.append(("sink", sq))

    def claim(self, ship: int) -> None:
        self.events.append(("claim", ship, self.ships[ship], self.masts[ship]))
        self.masts[ship] = 3
        f = fleet_of(ship)
        island = [i.square for i in self.b.islands].index(self.ships[ship])
        self.claims[f] |= 1 << island
        won = self.claims[f].bit_count() >= 2 if self.cumulative else self.in_port(f) >= 2
        if self.winner < 0 and self.loser < 0 and won:
            self.winner = f

    def land(self, ship: int) -> None:
        """A ship that sailed or was blasted into position attacks every ship beside it."""
        at = self.ships[ship]
        for d in ORTHOGONAL:
            n = self.b.step(at, d)
            other = self.ship_at(n) if n >= 0 else -1
            if other >= 0 and (ship, other) not in self.pending:
                self.pending.append((ship, other))

    # ---- running -----------------------------------------------------------------------

    def run(self) -> Chain:
        while True:
            if self.loser >= 0:
                self.stack.clear()
                self.pending.clear()
            if self.afloat:
                return self.snapshot(Choice("island", self.free_islands()))
            if self.stack:
                item = self.stack.pop()
                if item[0] == ATTACK:
                    self.attack(item[1], item[2])
                else:
                    choice = self.blast(item)
                    if choice is not None:
                        return self.snapshot(choice)
                continue
            # An attack waiting its turn lapses when one of the two ships has been blasted
            # away meanwhile: it is not offered (it would change nothing).
            self.pending = [(a, t) for a, t in self.pending if self.touching(a, t)]
            if len(self.pending) > 1:
                opts = tuple(f"{ship_name(a)} {ship_name(t)}" for a, t in self.pending)
                return self.snapshot(Choice("order", opts))
            if self.pending:
                a, t = self.pending.pop()
                self.stack.append((ATTACK, a, t))
                continue
            self.finish()
            return self.snapshot(None)

    def free_islands(self) -> tuple[str, ...]:
        return tuple(i.name for i in self.b.islands if i.square not in self.chests)

    def finish(self) -> None:
        s = self.starter
        enemies = 0xF0 if self.fleet == 0 else 0x0F
        if s >= 0 and not self.rigadoon and self.hit & enemies == enemies and self.loser < 0:
            self.rigadoon = True
            self.events.append(("rigadoon", s, self.masts[s]))
            self.masts[s] = 3

    def attack(self, a: int, t: int) -> None:
        at, tt = self.ships[a], self.ships[t]
        d = next((d for d in ORTHOGONAL if self.b.step(at, d) == tt), None)
        if d is None:
            return  # they drifted apart: nothing left to fight
        key = (
            tuple(self.ships),
            tuple(self.masts),
            tuple(sorted(self.chests)),
            tuple(self.stack),
            tuple(self.pending),
            a,
            t,
        )
        if key in self.seen:
            self.events.append(("loop", a, t))
            self.loser = self.fleet
            return
        self.seen.add(key)
        if fleet_of(t) != self.fleet:
            self.hit |= 1 << t
        lost = self.masts[t] > 0
        if lost:
            self.masts[t] -= 1
        self.stack.append((BLAST, t, d, 2, a, 0, lost, tt, False))

    def blast(self, item: Work) -> Choice | None:
        _, s, d_, left, by, moved, lost, origin, across = item
        d = Direction(d_)
        decision, self.decision = self.decision, ""
        while left > 0:
            cur = self.ships[s]
            nxt = self.b.step(cur, d)
            wrap = nxt < 0
            if wrap:
                nxt = self.b.across(cur, d)
            other = self.ship_at(nxt)
            if other >= 0:
                if (s, other) in self.pending:
                    # It must fire on the ship in its way anyway: that attack clears the way.
                    self.pending.remove((s, other))
                    self.stack.append((BLAST, s, d, left, by, moved, lost, origin, across))
                    self.stack.append((ATTACK, s, other))
                    return None
                break
            terrain = self.b.terrain[nxt]
            if terrain == ISLAND:
                if nxt not in self.chests:
                    break
                self.ships[s] = nxt
                self.end_blast(s, d, moved + 1, lost, origin, across or int(wrap), -1)
                self.claim(s)
                self.land(s)
                return None
            if terrain == MAELSTROM:
                exit_ = self.b.exit_of[nxt]
                if self.ship_at(exit_) >= 0:
                    break
                self.ships[s] = exit_
                self.end_blast(s, d, moved + 1, lost, origin, across or int(wrap), nxt)
                if exit_ in self.chests:
                    self.sink(exit_)
                if not self.quiet_exits:
                    self.land(s)
                return None
            if nxt in self.chests:
                moves = self.bump_target(nxt, d)
                stop = "sink" if terrain == OPEN else "aground"
                if (moves is not None or self.short_chests) and not decision:
                    self.stack.append((BLAST, s, d, left, by, moved, lost, origin, across))
                    return Choice("chest", ("bump", stop))
                if decision == "bump" and moves is not None:
                    self.bump(moves, d)
                elif decision == "bump":
                    break  # the chest cannot move: nothing happens, the blast ends short
                else:
                    self.ships[s] = nxt
                    self.end_blast(s, d, moved + 1, lost, origin, across or int(wrap), -1)
                    if terrain == OPEN:
                        self.sink(nxt)
                    else:
                        self.events.append(("aground", s, nxt))
                    self.land(s)
                    return None
                decision = ""
            self.ships[s] = nxt
            across = across or int(wrap)
            moved += 1
            left -= 1
        if moved == 0:
            self.events.append(("hold", s, origin, d, lost))
            # Backfire: the ship that could not be moved fires back on its attacker.
            self.stack.append((ATTACK, s, by))
            return None
        self.end_blast(s, d, moved, lost, origin, across, -1)
        self.land(s)
        return None

    def end_blast(
        self, s: int, d: Direction, moved: int, lost: int, origin: int, across: int, via: int
    ) -> None:
        self.events.append(("blast", s, origin, self.ships[s], d, moved, via, across, lost))


def train_moves(
    b: Board,
    ships: list[int] | tuple[int, ...],
    chests: list[int] | tuple[int, ...],
    first: int,
    d: Direction,
) -> list[tuple[int, int, int]] | None:
    """Moves (from, to, via) of the chests in a row from ``first`` when pushed one square
    towards ``d``, front chest first; None when the row cannot move (a ship, an island, the
    edge or a blocked maelstrom in front of it)."""
    train = [first]
    while True:
        nxt = b.step(train[-1], d)
        if nxt >= 0 and nxt in chests and nxt not in ships:
            train.append(nxt)
        else:
            break
    front = b.step(train[-1], d)
    if front < 0 or front in ships:
        return None
    terrain = b.terrain[front]
    if terrain == ISLAND:
        return None
    via = -1
    if terrain == MAELSTROM:
        via, front = front, b.exit_of[front]
        if front in ships or front in chests:
            return None
    moves = [(train[-1], front, via)]
    for i in range(len(train) - 2, -1, -1):
        moves.append((train[i], train[i + 1], -1))
    return moves


def advance(board: Board, chain: Chain) -> Chain:
    """Resolve until the next choice or the end."""
    if chain.choice is not None:
        raise RigadoonError(f"waiting for a choice: {', '.join(chain.choice.options)}")
    return Run(board, chain).run()


def choose(board: Board, chain: Chain, option: str) -> Chain:
    """Take one of the options of the pending choice and resolve on."""
    c = chain.choice
    if c is None:
        raise RigadoonError("there is no choice to make now")
    opt = " ".join(option.strip().lower().split())
    if opt not in c.options:
        raise RigadoonError(f"{option.strip()!r} is not one of the options: {', '.join(c.options)}")
    run = Run(board, chain)  # the working copy never reads the pending choice
    if c.kind == "island":
        sq = board.island(opt).square
        run.chests.append(sq)
        run.afloat -= 1
        # Sunk chests are placed in the order they sank.
        sunk = [int(e[1]) for e in run.events if e[0] == "sink"]
        washed = sum(1 for e in run.events if e[0] == "wash")
        run.events.append(("wash", sunk[washed] if washed < len(sunk) else -1, sq))
    elif c.kind == "order":
        a, t = (_ship_index(w) for w in opt.split())
        run.pending.remove((a, t))
        run.stack.append((ATTACK, a, t))
    else:
        run.decision = opt
    return run.run()


def _ship_index(word: str) -> int:
    return parse_ship(word)
