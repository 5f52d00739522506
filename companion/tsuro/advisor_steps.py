"""One step of a sampled round, conditioned on the advised ship surviving it.

The advisor's sampled rounds are Rao-Blackwellised: where a step can sink the advised
ship (another player laying a tile, a daikaiju die, a new daikaiju's square, the roll that
opens the advised player's own turn), :func:`step` works out exactly the chance the ship
survives that step, and carries on from an outcome drawn among the ones it survives. A
round's estimate is the product of those chances: its expectation is the survival chance
itself (by induction over the steps: ``V(s) = q(s) * E[V(next) | survived]``), and it
varies far less than a 0-or-1 playout. Steps that cannot touch the ship are drawn as they
come. Leaving a step unconditioned never biases the estimate; it only keeps its variance.
"""

from __future__ import annotations

import random
from collections import Counter
from math import comb

from companion.core.board import Side
from companion.tsuro.actions import Bonus, Die, Draw, Facing, Roll
from companion.tsuro.paths import End
from companion.tsuro.piles import UNKNOWN
from companion.tsuro.placement import CATCH_UP
from companion.tsuro.state import ROTATIONS, Phase, State

_ROLLS = tuple(Roll(g, b) for g in range(1, 7) for b in range(1, 7))
_DIE = tuple(Die(f) for f in range(1, 7))
_FACINGS = tuple(Facing(side) for side in Side)
_UNSEEN = Draw(None)
_WAKE = 16 / 36  # gold + blue shows 6, 7 or 8
_DK_STEPS = frozenset({Phase.DAIKAIJU_DRAW, Phase.DAIKAIJU_FACING})
_TRIES = 10_000  # draws of a step's outcome before its survival counts as nil
_PHASE = frozenset({Phase.TURN_ROLL, Phase.DAIKAIJU_DIE, Phase.DAIKAIJU_ROLL, *_DK_STEPS})

Sig = tuple[int, ...]
"""For one pattern on the square: (placements, of which lethal) at rank 0, 1 and 2."""
Table = tuple[dict[int, Sig], dict[int, tuple[tuple[int, int, bool], ...]], bool]
"""Per pattern: its :data:`Sig`, its (oriented tile, rank, lethal) placements; and
whether any placement at all sinks the advised ship."""


class Tables:
    """What each tile would do on a square, kept for the positions rounds share."""

    def __init__(self) -> None:
        self._tables: dict[tuple[object, ...], Table] = {}
        self._odds: dict[tuple[object, ...], float] = {}

    def table(self, s: State, seat: int) -> Table:
        key = (s.board, s.ships, s.daikaiju_squares(), s.active, seat)
        found = self._tables.get(key)
        if found is None:
            found = self._tables[key] = _table(s, seat)
        return found

    def lethal_odds(self, s: State, seat: int, table: Table) -> float:
        hand = s.hands[s.active]
        key = (s.board, s.ships, s.daikaiju_squares(), s.active, seat, hand, s.pile.unseen)
        found = self._odds.get(key)
        if found is None:
            found = self._odds[key] = _lethal_odds(table[0], hand, s.pile.unseen)
        return found


def _table(s: State, seat: int) -> Table:
    ranks, ends = s._ranks_and_ends(range(len(ROTATIONS)))
    mine = s.ships[seat]
    catch = bool(s.game.meeting & CATCH_UP)
    sigs: dict[int, Sig] = {}
    places: dict[int, tuple[tuple[int, int, bool], ...]] = {}
    any_lethal = False
    for pattern, rotations in enumerate(ROTATIONS):
        counts = [0] * 6
        rows = []
        for o in rotations:
            found = ends[o]
            if isinstance(found[1], int):  # the mover alone at the square: where it stops
                end, point = found
                lethal = catch and end is End.STOP and point == mine
            else:
                lethal = seat in found[1]
            rank = ranks[o]
            counts[2 * rank] += 1
            counts[2 * rank + 1] += lethal
            any_lethal = any_lethal or lethal
            rows.append((o, rank, lethal))
        sigs[pattern] = tuple(counts)
        places[pattern] = tuple(rows)
    return sigs, places, any_lethal


def _lethal_odds(sigs: dict[int, Sig], hand: tuple[int, ...], unseen: tuple[int, ...]) -> float:
    """The chance that the mover sinks the advised ship: its unseen tiles drawn from
    ``unseen``, each set of them as likely, then one of its legal placements, each as
    likely.

    Taken rank by rank: the hands whose best placements have rank ``b`` are those made
    of patterns with no placement ranked better, holding one ranked ``b``. Over those,
    only how many placements of rank ``b`` the hand has, and how many of them are lethal,
    matter, so the hands are counted by those two numbers, the patterns grouped alike.
    """
    known = {t for t in hand if t != UNKNOWN}
    k = hand.count(UNKNOWN)
    mults = Counter(unseen)
    lethal = 0.0
    for b in range(3):
        if any(sigs[t][2 * r] for t in known for r in range(b)):
            break  # a known tile has a better placement: no hand's best is this rank
        start = (0, sum(sigs[t][2 * b] for t in known), sum(sigs[t][2 * b + 1] for t in known))
        groups: Counter[tuple[int, int, int]] = Counter()  # (placements, lethal, copies)
        for t, m in mults.items():
            sig = sigs[t]
            if t in known:
                groups[(0, 0, m)] += 1  # another copy adds no placement
            elif not any(sig[2 * r] for r in range(b)):
                groups[(sig[2 * b], sig[2 * b + 1], m)] += 1
        ways = {start: 1}  # (tiles drawn, placements of rank b, lethal ones) -> hands
        for (n, dead, m), c in groups.items():
            options = _options(m, c, k)
            nxt: dict[tuple[int, int, int], int] = {}
            for (a, tot, lost), w in ways.items():
                for da, d, v in options:
                    if a + da <= k:
                        key = (a + da, tot + d * n, lost + d * dead)
                        nxt[key] = nxt.get(key, 0) + w * v
            ways = nxt
        for (a, tot, lost), w in ways.items():
            if a == k and tot:
                lethal += w * lost / tot
    return lethal / comb(len(unseen), k)


def _options(m: int, c: int, k: int) -> list[tuple[int, int, int]]:
    """(tiles, distinct patterns, ways) for drawing up to ``k`` tiles from ``c`` patterns
    of ``m`` copies each.

    >>> _options(1, 3, 2)
    [(0, 0, 1), (1, 1, 3), (2, 2, 3)]
    >>> sorted(_options(2, 1, 3))
    [(0, 0, 1), (1, 1, 2), (2, 1, 1)]
    """
    one = [comb(m, i) for i in range(k + 1)]  # copies of one pattern, at least one drawn
    one[0] = 0
    out = []
    power = [1] + [0] * k  # ways to draw a tiles from d chosen patterns, each drawn
    for d in range(min(c, k) + 1):
        for a in range(k + 1):
            if power[a]:
                out.append((a, d, comb(c, d) * power[a]))
        power = [sum(power[i] * one[a - i] for i in range(a + 1)) for a in range(k + 1)]
    return out


def _place(s: State, seat: int, rng: random.Random, tables: Tables) -> tuple[State, float]:
    table = tables.table(s, seat)
    if not table[2]:
        return plain(s, rng), 1.0
    q = 1.0 - tables.lethal_odds(s, seat, table)
    if q <= 0.0:
        return s, 0.0
    sigs, places, _ = table
    mover = s.active
    for _ in range(_TRIES):  # a hand and a placement, drawn until the ship survives it
        pool = list(s.pile.unseen)
        hand = [t if t != UNKNOWN else pool.pop(rng.randrange(len(pool))) for t in s.hands[mover]]
        total = [0] * 6
        for t in set(hand):
            total = [a + b for a, b in zip(total, sigs[t], strict=True)]
        best = next(r for r in range(3) if total[2 * r])
        legal = [(o, dead) for t in set(hand) for o, r, dead in places[t] if r == best]
        o, dead = legal[rng.randrange(len(legal))]
        if not dead:
            return _settled(s.with_hand(mover, hand).apply_tile(o)), q
    return s, 0.0  # a survival this unlikely weighs nothing in the estimate


def _pick(
    branches: list[tuple[float, State]], seat: int, rng: random.Random
) -> tuple[State, float]:
    alive = [(p, x) for p, x in branches if x.ships[seat] >= 0]
    q = sum(p for p, _ in alive)
    if not alive:
        return branches[0][1], 0.0
    r = rng.random() * q
    for p, x in alive:
        r -= p
        if r < 0:
            return x, q
    return alive[-1][1], q


def _targets(s: State, seat: int) -> set[int]:
    """The squares a daikaiju arriving on can sink the advised ship: the one it stands on,
    and on its own turn the one in front of it."""
    out = {s.grid.behind(s.ships[seat])} - {-1}
    if s.active == seat:
        out.add(s.front_square(seat))
    return out


_REACH: dict[tuple[frozenset[int], int, int], frozenset[int]] = {}


def _near(s: State, squares: set[int]) -> bool:
    """Whether a daikaiju stands on one of ``squares`` or next to it (a die can bring it
    there: each moves one square at most)."""
    taken = s.daikaiju_squares()
    g = s.grid
    key = (taken, g.rows, g.cols)
    reach = _REACH.get(key)
    if reach is None:
        around = {g.neighbour(sq, side) for sq in taken for side in range(4)}
        reach = _REACH[key] = frozenset(taken | around)
    return not reach.isdisjoint(squares)


def _dk_roll(s: State, seat: int, rng: random.Random) -> tuple[State, float]:
    targets = _targets(s, seat)
    taken = s.daikaiju_squares()
    rolls: dict[int, list[Roll]] = {}
    for roll, sq in zip(_ROLLS, _named(s), strict=True):
        if sq not in taken:
            rolls.setdefault(sq, []).append(roll)
    if not targets & rolls.keys():
        return plain(s, rng), 1.0
    n = sum(len(v) for v in rolls.values())
    rest = [r for sq, v in rolls.items() if sq not in targets for r in v]
    branches: list[tuple[float, State]] = []
    for sq in targets & rolls.keys():
        x = s.apply(rolls[sq][0])
        while x.phase in _DK_STEPS and x.ships[seat] >= 0:  # the tile and its facing drawn
            x = plain(x, rng)
        branches.append((len(rolls[sq]) / n, x))
    if rest:  # the other squares share one branch: a throw drawn among them
        branches.append((len(rest) / n, s.apply(rest[rng.randrange(len(rest))])))
    return _pick(branches, seat, rng)


def step(s: State, seat: int, rng: random.Random, tables: Tables) -> tuple[State, float]:
    """The next state of a round, and the chance the advised ship survived the step (1.0
    where it cannot be touched); the state is drawn among the outcomes it survives.

    Another player's daikaiju phase is one step, from the turn's roll to the placement;
    the advised player's own is taken throw by throw.
    """
    if s.game.veterans is not None:
        return plain(s, rng), 1.0  # the expansion's pieces sink ships in ways not weighed here
    ph = s.phase
    if ph is Phase.PLACE:
        if s.active != seat and _may_sink(s, seat):
            return _place(s, seat, rng, tables)
    elif ph is Phase.TURN_ROLL:
        if s.active != seat:
            return _phase(s, seat, rng, _turn_roll_odds(s, seat))
        wake, calm = s.apply(Roll(3, 3)), s.apply(Roll(1, 1))  # only the total counts
        return _pick([(_WAKE, wake), (1 - _WAKE, calm)], seat, rng)
    elif ph is Phase.DAIKAIJU_DIE:
        if _near(s, _targets(s, seat)):
            return _pick([(1 / 6, s.apply(d)) for d in _DIE], seat, rng)
    elif ph is Phase.DAIKAIJU_ROLL:
        if s.active != seat and s.to_place == 1:
            return _phase(s, seat, rng, _new_daikaiju_odds(s, seat))
        return _dk_roll(s, seat, rng)
    return plain(s, rng), 1.0


def _may_sink(s: State, seat: int) -> bool:
    """Whether the tile the active player lays can sink the advised ship: only when the
    ship stands at the square, or when a ship stopping on its point sinks both and the
    wake behind it (cut short by a daikaiju) leads back out to that square."""
    square = s.front_square(s.active)
    if square == s.front_square(seat):
        return True
    if not s.game.meeting & CATCH_UP or not s.game.has_daikaiju:
        return False  # the wake behind the ship runs whole back to its start mark
    g = s.grid
    back = g.across[s.ships[seat]]
    if back < 0:  # on its start mark: nothing can stop on its point from behind
        return False
    end, point = g.walk_end(s.board, s.daikaiju_squares(), back)
    return end is End.STOP and point >> 3 == square


_NAMED: dict[tuple[int, tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}


def _named(s: State) -> tuple[int, ...]:
    """The square each of the 36 throws of the dice names, for this game's board."""
    board = s.game.board
    key = (board.cols, board.gold_columns, board.blue_rows)  # all a throw's square rests on
    found = _NAMED.get(key)
    if found is None:
        found = tuple(s.grid.index(board.dice_square(r.gold, r.blue)) for r in _ROLLS)
        _NAMED[key] = found
    return found


def _new_daikaiju_odds(s: State, seat: int) -> float:
    """The chance a new daikaiju, at the throw of the dice, misses the square the advised
    ship stands on (the one whose tile would go, with the ship)."""
    behind = s.grid.behind(s.ships[seat])
    if behind < 0 or not s.deck_left():
        return 1.0
    taken = s.daikaiju_squares()
    if behind in taken:
        return 1.0
    free = [sq for sq in _named(s) if sq not in taken]
    return 1.0 - free.count(behind) / len(free)


def _turn_roll_odds(s: State, seat: int) -> float:
    """The chance the advised ship survives another player's daikaiju phase: a wake (16
    throws in 36), then a die that moves every daikaiju a square or, on a six, brings a
    new one. Only a daikaiju arriving on the ship's square sinks it."""
    behind = s.grid.behind(s.ships[seat])
    if behind < 0:
        return 1.0
    moved = 5
    if _near(s, {behind}):
        wake = s.apply(Roll(3, 3))
        moved = sum(wake.apply(d).ships[seat] >= 0 for d in _DIE[:5])
    new = _new_daikaiju_odds(s, seat)
    return 1.0 - _WAKE + _WAKE * (moved + new) / 6


def _phase(s: State, seat: int, rng: random.Random, q: float) -> tuple[State, float]:
    """The daikaiju phase under way played to its end, drawn until the ship survives it
    (``q`` is the chance it does, worked out beforehand)."""
    if q <= 0.0:
        return s, 0.0
    for _ in range(_TRIES):
        x = s
        while x.turn == s.turn and x.phase in _PHASE and x.ships[seat] >= 0:
            x = plain(x, rng)
        if x.ships[seat] >= 0:
            return x, q
    return s, 0.0


def _settled(s: State) -> State:
    """Past the elimination bonus, which the advice does not weigh: the hand is kept."""
    return s.apply(Bonus()) if s.phase is Phase.BONUS else s


def plain(s: State, rng: random.Random) -> State:
    """The next state, drawn as the game would go."""
    ph = s.phase
    if ph in (Phase.DEAL, Phase.DRAW):
        return s.apply(_UNSEEN)
    if ph is Phase.PLACE:
        hand = s.hands[s.active]
        if UNKNOWN in hand:  # the tiles this player holds, as far as anyone can tell
            pool = list(s.pile.unseen)
            known = [t if t != UNKNOWN else pool.pop(rng.randrange(len(pool))) for t in hand]
            s = s.with_hand(s.active, known)
        return _settled(s.apply_tile(rng.choice(s.legal_tiles())))
    if ph in (Phase.TURN_ROLL, Phase.DAIKAIJU_ROLL):
        return s.apply(rng.choice(_ROLLS))
    if ph is Phase.DAIKAIJU_DIE:
        return s.apply(rng.choice(_DIE))
    if ph is Phase.DAIKAIJU_FACING:
        return s.apply(rng.choice(_FACINGS))
    if ph is Phase.DAIKAIJU_DRAW:
        return s.apply(rng.choice(s.chance_outcomes())[0])  # an even chance each
    return _settled(s.apply(rng.choice(s.legal_actions())))
