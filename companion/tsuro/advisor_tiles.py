"""Another player laying a tile in front of the advised ship: whether it can sink the ship,
and the exact chance it does, over the hands that player may hold and the placements they
may choose (:func:`_place` draws one the ship survives)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from math import comb

from companion.tsuro.advisor_plain import _TRIES, _settled, plain
from companion.tsuro.paths import End
from companion.tsuro.piles import UNKNOWN
from companion.tsuro.placement import CATCH_UP
from companion.tsuro.state import ROTATIONS, State

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
