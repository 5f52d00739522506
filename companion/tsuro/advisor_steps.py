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
from collections.abc import Callable, Sequence
from math import comb

from companion.core.board import Side
from companion.tsuro.actions import Bonus, Die, Draw, Facing, Roll
from companion.tsuro.daikaiju import MOVES
from companion.tsuro.paths import End
from companion.tsuro.piles import UNKNOWN
from companion.tsuro.placement import CATCH_UP, FINE, resolve
from companion.tsuro.state import ROTATIONS, Daikaiju, Phase, State, replace

_ROLLS = tuple(Roll(g, b) for g in range(1, 7) for b in range(1, 7))
_DIE = tuple(Die(f) for f in range(1, 7))
_FACINGS = tuple(Facing(side) for side in Side)
_UNSEEN = Draw(None)
_WAKE = 16 / 36  # gold + blue shows 6, 7 or 8
_WAKE_ROLL = Roll(3, 3)  # only whether the total wakes the daikaiju counts
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


def _risky_faces(s: State, targets: set[int]) -> list[bool]:
    """For die faces 1-5: whether a daikaiju may arrive on one of ``targets``.

    Each daikaiju moves once in a phase, one square at most, from where it stood (one
    destroyed before its move does not move at all), so a face is safe when no daikaiju's
    move on it leads from its square onto a target. Only a screen: what a risky face does
    is the engine's to say.
    """
    return [not arrive.isdisjoint(targets) for arrive in _facts(s).arrive]


class _Facts:
    """What a set of daikaiju allows, asked at every daikaiju phase of every round: the
    squares they move onto on each die face 1-5, and how many of the throws naming a free
    square name each."""

    __slots__ = ("arrive", "counts", "free", "reach")

    def __init__(self, s: State) -> None:
        self.arrive = [set[int]() for _ in range(5)]
        for dk in s.daikaiju:
            for f, sq in enumerate(_arrivals(s, dk)):
                self.arrive[f].add(sq)
        self.reach = set[int]().union(*self.arrive)
        """Every square a daikaiju moves onto on some face."""
        taken = s.daikaiju_squares()
        free = [sq for sq in _named(s) if sq not in taken]
        self.free = len(free)
        self.counts = Counter(free)


_FACTS: dict[tuple[int, int], tuple[object, object, _Facts]] = {}


def _facts(s: State) -> _Facts:
    """:class:`_Facts` for the state's daikaiju, kept while their tuple lives on (states
    share it until a daikaiju moves)."""
    global _LAST
    dks, game = s.daikaiju, s.game
    last = _LAST  # one tuple, swapped whole: another thread sees the old one or the new
    if last is not None and last[0] is dks and last[1] is game:  # asked again within a step
        return last[2]
    key = (id(dks), id(game))
    found = _FACTS.get(key)
    if found is None or found[0] is not dks or found[1] is not game:
        if len(_FACTS) > 4096:
            _FACTS.clear()
        found = _FACTS[key] = (dks, game, _Facts(s))  # the objects kept: their ids stay theirs
    _LAST = found
    return found[2]


_LAST: tuple[object, object, _Facts] | None = None
"""The facts asked for last."""


_ARRIVALS: dict[tuple[tuple[str, ...], int, int, int, int], tuple[int, ...]] = {}


def _arrivals(s: State, dk: Daikaiju) -> tuple[int, ...]:
    """The square a daikaiju moves onto on each die face 1-5 (-1 when it turns or leaves)."""
    g, deck = s.grid, s.game.deck
    assert deck is not None  # a game with daikaiju has their deck
    faces = deck.card(dk.card).faces
    key = (faces, dk.square, dk.facing, g.rows, g.cols)
    found = _ARRIVALS.get(key)
    if found is None:
        found = tuple(
            -1 if act == "rotate" else g.neighbour(dk.square, (dk.facing + MOVES[act]) % 4)
            for act in faces[:5]
        )
        _ARRIVALS[key] = found
    return found


def _die(s: State, seat: int, rng: random.Random, targets: set[int]) -> tuple[State, float]:
    """The daikaiju die on the advised player's own turn, drawn among the faces the ship
    survives. The six (a new daikaiju, whose throw is a step of its own) and the faces
    that bring no daikaiju onto the ship's squares are safe unless one stands on them
    already; only the other faces are played out before the draw."""
    if targets & s.daikaiju_squares():
        return _pick([(1 / 6, s.apply(d)) for d in _DIE], seat, rng)
    risky = _risky_faces(s, targets)
    safe = [5, *(f for f in range(5) if not risky[f])]
    alive = [(1 / 6, x) for f in range(5) if risky[f] for x in [s.apply(_DIE[f])]]
    alive = [(p, x) for p, x in alive if x.ships[seat] >= 0]
    q = (len(safe) + len(alive)) / 6
    if rng.random() * q < len(safe) / 6:
        return s.apply(_DIE[safe[rng.randrange(len(safe))]]), q
    return alive[rng.randrange(len(alive))][1], q


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


class Trace:
    """What a step tells the rounds shared between placements: whether it drew an outcome
    again because the ship did not survive the first (:mod:`companion.tsuro.advisor_share`)."""

    __slots__ = ("redrawn",)

    def __init__(self) -> None:
        self.redrawn = False


def step(
    s: State, seat: int, rng: random.Random, tables: Tables, trace: Trace | None = None
) -> tuple[State, float]:
    """The next state of a round, and the chance the advised ship survived the step (1.0
    where it cannot be touched); the state is drawn among the outcomes it survives.

    Another player's daikaiju phase is one step, from the turn's roll to the placement;
    the advised player's own is taken throw by throw.
    """
    if s.game.veterans is not None:
        return plain(s, rng), 1.0  # the expansion's pieces sink ships in ways not weighed here
    ph = s.phase
    if ph is Phase.PLACE:
        if s.active != seat and may_sink(s, seat):
            return _place(s, seat, rng, tables)
    elif ph is Phase.TURN_ROLL:
        if s.active != seat:
            return _others_phase(s, seat, rng, trace)
        wake, calm = s.apply(Roll(3, 3)), s.apply(Roll(1, 1))  # only the total counts
        return _pick([(_WAKE, wake), (1 - _WAKE, calm)], seat, rng)
    elif ph is Phase.DAIKAIJU_DIE:
        targets = _targets(s, seat)
        if _near(s, targets):
            return _die(s, seat, rng, targets)
    elif ph is Phase.DAIKAIJU_ROLL:
        if s.active != seat and s.to_place == 1:
            return _phase(s, seat, rng, new_daikaiju_odds(s, seat), trace)
        if s.active != seat:
            return _one_daikaiju(s, seat, rng, trace)
        return _dk_roll(s, seat, rng)
    return plain(s, rng), 1.0


def may_sink(s: State, seat: int) -> bool:
    """Whether the tile the active player lays can sink the advised ship: only when the
    ship stands at the square, or when a ship stopping on its point sinks both and the
    wake behind it (cut short by a daikaiju) leads back out to that square."""
    return may_sink_at(s, s.ships[seat], s.board)


def may_sink_at(s: State, pos: int, board: Sequence[int]) -> bool:
    """:func:`may_sink` for the advised ship at ``pos`` on ``board`` (the state's own
    board, or one with another tile on a square: a placement following another's)."""
    square = s.front_square(s.active)
    if square == pos >> 3:
        return True
    if not s.game.meeting & CATCH_UP or not s.game.has_daikaiju:
        return False  # the wake behind the ship runs whole back to its start mark
    g = s.grid
    back = g.across[pos]
    if back < 0:  # on its start mark: nothing can stop on its point from behind
        return False
    end, point = g.walk_end(board, s.daikaiju_squares(), back)
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


def new_daikaiju_odds(s: State, seat: int) -> float:
    """The chance a new daikaiju, at the throw of the dice, misses the square the advised
    ship stands on (the one whose tile would go, with the ship)."""
    return new_daikaiju_odds_at(s, s.grid.behind(s.ships[seat]))


def new_daikaiju_odds_at(s: State, behind: int) -> float:
    """:func:`new_daikaiju_odds` for a ship standing on ``behind`` (-1: on its mark)."""
    if behind < 0 or not s.deck_left() or behind in s.daikaiju_squares():
        return 1.0
    facts = _facts(s)
    return 1.0 - facts.counts[behind] / facts.free


def _faces_survived(base: Callable[[], State], risky: list[bool], seat: int) -> int:
    """Of die faces 1-5 after a wake, how many leave the ship afloat: a face not risky
    does; a risky one is played through the engine (the wake thrown on ``base()`` once)."""
    ok = 0
    wake: State | None = None
    for f in range(5):
        if not risky[f]:
            ok += 1
            continue
        if wake is None:
            wake = base().apply(_WAKE_ROLL)
        ok += wake.apply(_DIE[f]).ships[seat] >= 0
    return ok


def own_opening(s: State, seat: int) -> float | None:
    """The chance the advised ship comes through the daikaiju phase that opens its own
    turn (the last part of the round), exactly; None where that is not worked out here
    (the phase begins with new daikaiju, the ship waits on its start mark, Veterans).

    A calm throw spares it unless a daikaiju stands in front of it. On a wake, a die face
    is played through the engine only when a daikaiju stands in front or one's move on it
    leads onto the ship's square or the one in front (:func:`_risky_faces`); a six brings
    a new daikaiju, which sinks the ship by landing on either square.
    """
    return own_opening_at(s, seat, s.ships[seat], lambda: s)


def own_opening_at(s: State, seat: int, pos: int, mine: Callable[[], State]) -> float | None:
    """:func:`own_opening` for the advised ship at ``pos``; ``mine`` gives the state with
    it there, asked for only when a die face must be played through the engine."""
    if s.phase is not Phase.TURN_ROLL or s.active != seat or s.game.veterans is not None:
        return None
    behind = s.grid.behind(pos)
    if behind < 0:  # on its start mark, a daikaiju in front may let it move instead
        return None
    front = pos >> 3
    taken = s.daikaiju_squares()
    blocked = front in taken
    risky = [True] * 5 if blocked else _risky_faces(s, {behind, front})
    ok = _faces_survived(mine, risky, seat)
    six = 0.0 if blocked else 1.0
    if not blocked and s.deck_left():
        facts = _facts(s)
        six = 1.0 - (facts.counts[behind] + facts.counts[front]) / facts.free
    return (1 - _WAKE) * (not blocked) + _WAKE / 6 * (ok + six)


def others_phase_odds(s: State, seat: int) -> float:
    """The chance the advised ship survives another player's daikaiju phase, about to
    begin: a wake (16 throws in 36), then a die that moves every daikaiju a square or, on
    a six, brings a new one; only a daikaiju arriving on the ship's square sinks it. A die
    face is played through the engine only when a daikaiju's move on it leads there."""
    behind = s.grid.behind(s.ships[seat])
    quick = others_phase_odds_at(s, behind)
    if quick is not None:
        return quick
    risky = _risky_faces(s, {behind})
    if s.phase is not Phase.TURN_ROLL:
        # a tile still to be drawn (a hidden draw) comes before the throw, so the dice
        # cannot be played through yet: a risky face counts as lost, a lower bound
        return _phase_odds(risky.count(False), new_daikaiju_odds_at(s, behind))
    ok = _faces_survived(lambda: s, risky, seat)
    return _phase_odds(ok, new_daikaiju_odds_at(s, behind))


def others_phase_odds_at(s: State, behind: int) -> float | None:
    """:func:`others_phase_odds` for a ship standing on ``behind``, where no die face can
    bring a daikaiju onto it (None where one might: then the engine is asked)."""
    if behind < 0:  # on its start mark: only its own turn can trouble it
        return 1.0
    if behind in _facts(s).reach:
        return None
    return _phase_odds(5, new_daikaiju_odds_at(s, behind))


def _phase_odds(moved: int, new: float) -> float:
    """Another player's phase survived: a calm throw, or a wake then a moving face the
    ship survives (``moved`` of five) or a six whose new daikaiju misses it."""
    return (1 - _WAKE) + _WAKE / 6 * (moved + new)


def _others_phase(
    s: State, seat: int, rng: random.Random, trace: Trace | None
) -> tuple[State, float]:
    """Another player's daikaiju phase, from the turn's roll to the placement, as one
    step: played as it comes, and played again from its roll until the ship survives it
    (:func:`others_phase_odds` is the chance it does)."""
    if s.grid.behind(s.ships[seat]) < 0:
        return _play_phase(s, rng), 1.0
    q = others_phase_odds(s, seat)
    for _ in range(_TRIES):
        x = s.apply(_ROLLS[rng.randrange(36)])
        if x.phase is Phase.DAIKAIJU_DIE:
            face = rng.randrange(6)
            x = x.apply(_DIE[face])
            if face == 5 and x.phase is Phase.DAIKAIJU_ROLL and x.turn == s.turn:
                # the new daikaiju's throw, among those naming a free square
                taken = x.daikaiju_squares()
                throws = [r for r, sq in zip(_ROLLS, _named(x), strict=True) if sq not in taken]
                x = x.apply(throws[rng.randrange(len(throws))])
                while x.phase in _DK_STEPS:  # the tile turned up and its facing
                    x = plain(x, rng)
        if x.ships[seat] >= 0:
            return x, q
        if trace is not None:
            trace.redrawn = True
    return s, 0.0


def _play_phase(s: State, rng: random.Random) -> State:
    """The daikaiju phase under way played to its end, every outcome as it comes."""
    x = s
    while x.turn == s.turn and x.phase in _PHASE:
        x = plain(x, rng)
    return x


def _phase(
    s: State, seat: int, rng: random.Random, q: float, trace: Trace | None
) -> tuple[State, float]:
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
        if trace is not None:
            trace.redrawn = True
    return s, 0.0


def _one_daikaiju(
    s: State, seat: int, rng: random.Random, trace: Trace | None
) -> tuple[State, float]:
    """One new daikaiju of several at the start of another player's turn: its throw (again
    on a square a daikaiju holds), tile and facing, drawn until it misses the ship."""
    q = new_daikaiju_odds(s, seat)
    if q <= 0.0:
        return s, 0.0
    for _ in range(_TRIES):
        x = s
        while x.turn == s.turn and (
            x.phase in _DK_STEPS or (x.phase is Phase.DAIKAIJU_ROLL and x.to_place == s.to_place)
        ):
            x = plain(x, rng)
        if x.ships[seat] >= 0:
            return x, q
        if trace is not None:
            trace.redrawn = True
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
            s = _dealt(s, hand, rng)
        return _settled(s.apply_tile(_any_legal(s, rng)))
    if ph in (Phase.TURN_ROLL, Phase.DAIKAIJU_ROLL):
        return s.apply(rng.choice(_ROLLS))
    if ph is Phase.DAIKAIJU_DIE:
        return s.apply(rng.choice(_DIE))
    if ph is Phase.DAIKAIJU_FACING:
        return s.apply(rng.choice(_FACINGS))
    if ph is Phase.DAIKAIJU_DRAW:
        return s.apply(rng.choice(s.chance_outcomes())[0])  # an even chance each
    return _settled(s.apply(rng.choice(s.legal_actions())))


def _dealt(s: State, hand: tuple[int, ...], rng: random.Random) -> State:
    """The active hand's unseen tiles drawn from the unseen ones, each set as likely:
    ``State.with_hand`` without its checks, which tiles taken from ``unseen`` always pass."""
    pool = list(s.pile.unseen)
    drawn = [pool.pop(rng.randrange(len(pool))) for t in hand if t == UNKNOWN]
    known = tuple(sorted([t for t in hand if t != UNKNOWN] + drawn))
    a = s.active
    hands = (*s.hands[:a], known, *s.hands[a + 1 :])
    return replace(s, hands=hands, pile=s.pile.learn(drawn))



def _any_legal(s: State, rng: random.Random) -> int:
    """One of ``s.legal_tiles()``, each as likely, mostly without ranking the whole hand.

    The placements are tried in an order drawn at random until one keeps the mover's ship
    afloat (rank 0): the first such in a random order is any of them as likely. Only a
    hand with none (then the legal set is of its best rank) is ranked whole.
    """
    if s.vet is not None:
        return rng.choice(s.legal_tiles())
    tiles = [o for t in sorted(set(s.hands[s.active])) for o in ROTATIONS[t]]
    g, board, ships, active = s.grid, s.board, s.ships, s.active
    sq, blocked, meeting = s.front_square(active), s.daikaiju_squares(), s.game.meeting
    while tiles:
        i = rng.randrange(len(tiles))
        o = tiles[i]
        tiles[i] = tiles[-1]
        tiles.pop()
        if resolve(g, board, blocked, ships, active, sq, o, meeting).rank == FINE:
            return o
    return rng.choice(s.legal_tiles())
