"""The advisor, for players who ask: how likely each placement leaves their ship afloat.

For every legal placement of the active player, the chance that their ship survives the
next round of turns: from the placement until that player's next placement (at sea, the
daikaiju phase that opens that turn included). The other players choose uniformly among
their legal placements; the tiles nobody has shown, and at sea the dice, are chance.

It sees what the advised player sees: the board, the public facts, and their own hand
when they show it. Every other hand counts as unseen, even when the companion dealt it
(virtual tiles), so the advice never gives another player's tiles away.

Exact where the tree of what can happen is small (or where the answer is certain: a
placement that sinks the ship, or, where no tile can be taken off the board, no other
ship able to reach the square in front); otherwise sampled, from the ``random.Random``
passed in. The sampled rounds are conditioned on the ship surviving each step that could
sink it, and each counts the exact chance it survived those steps
(:mod:`companion.tsuro.advisor_steps`): an unbiased estimate with a small spread. Rounds are
added until the 95% interval (the central limit theorem on the rounds' sample variance,
after at least ``MIN_SAMPLES`` rounds) is at most ``error`` wide on either side, or
``max_samples`` rounds are spent. The engine itself draws nothing.

At sea the daikaiju phase that ends a round (the one opening the advised player's turn)
is worked out exactly (:func:`~companion.tsuro.advisor_phase_odds.own_opening`), and the
placements of the hand share the work of each round, not its outcome
(:mod:`companion.tsuro.advisor_share`).

This module plays the rounds; beside it are the answers known without playing
(``advisor_threats``), the exact walk (``advisor_exact``) and how many rounds to play
(``advisor_interval``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import partial
from typing import Any

from companion.tsuro.actions import Place
from companion.tsuro.advisor_advice import Advice as Advice
from companion.tsuro.advisor_exact import _exact, _round_over, _TooBig
from companion.tsuro.advisor_interval import MIN_SAMPLES, _rounds_wanted, half_width
from companion.tsuro.advisor_phase_odds import (
    new_daikaiju_odds_at,
    others_phase_odds,
    own_opening,
    own_opening_at,
)
from companion.tsuro.advisor_plain import _settled
from companion.tsuro.advisor_share import (
    Follower,
    Spot,
    as_follower,
    follower_phase_odds,
    followers,
    placement_leavers,
    taken_off,
)
from companion.tsuro.advisor_steps import Trace, step
from companion.tsuro.advisor_threats import (
    _certain,
    _done_after,
    _round_order,
    _still_to_play,
    _threats,
)
from companion.tsuro.advisor_tiles import Tables
from companion.tsuro.paths import ORIENTED
from companion.tsuro.piles import UNKNOWN, Pile
from companion.tsuro.state import IllegalAction, Phase, State, pattern_number, replace
from companion.tsuro.tiles import Tile


class AdvisorError(ValueError):
    """A position the advisor cannot advise on."""


def advise(
    state: State,
    rng: random.Random,
    hand: Sequence[Tile] | None = None,
    error: float = 0.02,
    max_samples: int = 4000,
    exact_budget: int = 300,
) -> list[Advice]:
    """Every legal placement of the active player, safest first.

    ``hand`` is the player's whole hand, when they show it to the advisor; without it only
    the tiles the companion has seen in that hand are advised on.
    """
    if state.phase is not Phase.PLACE:
        raise AdvisorError(
            f"the advisor speaks when a tile is to be laid, not now ({state.phase.value})"
        )
    seat = state.active
    if hand is not None:
        try:  # checked against all the companion knows, then kept to this player's view
            state = state.with_hand(seat, [pattern_number(t) for t in hand])
        except IllegalAction as exc:
            raise AdvisorError(str(exc)) from None
    s = _as_seen_by(state, seat)
    tiles = s.legal_tiles()
    if not tiles:
        raise AdvisorError("no placement is sure to be allowed: show the whole hand")
    square = s.grid.square(s.front_square(seat))
    found: dict[int, tuple[Fraction, float, int]] = {}
    open_: dict[int, tuple[State, frozenset[int]]] = {}
    try_exact = exact_budget > 0  # the trees are alike: once one is too big, sample the rest
    for tile in tiles:
        after = _settled(s.apply_tile(tile))
        sure = _certain(after, seat)
        threats = _threats(after, seat) if sure is None else None
        if threats == []:
            sure = Fraction(1)  # nobody can lay a tile in front of the ship this round
        if sure is None and try_exact:
            try:
                sure = _exact(after, seat, [exact_budget])
            except _TooBig:
                try_exact = False
        if sure is None:
            open_[tile] = (after, _done_after(seat, _round_order(after, seat), threats))
        else:
            found[tile] = (sure, 0.0, 0)
    units = [[t] for t in open_]
    if s.game.has_daikaiju and s.vet is None and len(open_) > 1:  # rounds shared at sea
        first = next(iter(open_))
        fols, alone = followers(first, s.front_square(seat), seat,
                                {t: after for t, (after, _) in open_.items()})
        units = [[first, *fols]] + [[t] for t in alone]
    found.update(_sample(open_, units, seat, s.front_square(seat), rng, error, max_samples))
    order = {t: i for i, t in enumerate(tiles)}
    ranked = sorted(found, key=lambda t: (-found[t][0], found[t][1], order[t]))
    return [Advice(Place(square, ORIENTED[t]), *found[t]) for t in ranked]


def _as_seen_by(s: State, seat: int) -> State:
    """The state with every other player's hand unseen, whatever the companion knows."""
    known: list[int] = []
    hands = []
    for other, hand in enumerate(s.hands):
        if other == seat:
            hands.append(hand)
            continue
        known += [t for t in hand if t != UNKNOWN]
        hands.append((UNKNOWN,) * len(hand))
    if not known:
        return s
    pile: Pile = s.pile.forget(known)
    return replace(s, hands=tuple(hands), pile=pile)


def _sample(
    open_: dict[int, tuple[State, frozenset[int]]],
    units: list[list[int]],
    seat: int,
    sq: int,
    rng: random.Random,
    error: float,
    max_samples: int,
) -> dict[int, tuple[Fraction, float, int]]:
    """(estimate, 95% half-width, rounds) for each placement, sampled in batches until
    its interval is narrow enough.

    Round ``i`` of every placement is played from the same seed (common random numbers):
    the placements are told apart by what differs between them, not by the luck of the
    draw. The placements of a unit share the work of their rounds
    (:mod:`companion.tsuro.advisor_share`): each batch is led by the one whose ship has
    fared best so far (a lead's outcome drawn again sends its followers on alone), and
    each leaves the unit once its interval is narrow enough.
    """
    tables = Tables()
    seeds: list[int] = []
    stats = {t: [0, 0.0, 0.0] for t in open_}  # rounds, sum, sum of squares
    batch = dict.fromkeys(range(len(units)), min(MIN_SAMPLES, max_samples))
    todo = list(batch)
    while todo:
        for u in todo:
            members = units[u]
            n = int(stats[members[0]][0])
            lead, fols = members[0], {}
            if len(members) > 1:
                lead = max(members, key=lambda t: _lead_score(open_[t][0], seat, stats[t]))
                fols = followers(lead, sq, seat, {t: open_[t][0] for t in members})[0]
            while len(seeds) < n + batch[u]:
                seeds.append(rng.getrandbits(64))
            for i in range(n, n + batch[u]):
                if fols:
                    values = _rounds_together(open_, lead, fols, sq, seat, seeds[i], tables)
                else:
                    start, done = open_[lead]
                    values = {lead: _rollout(start, seat, done, random.Random(seeds[i]), tables)}
                for tile, v in values.items():
                    st = stats[tile]
                    st[0] += 1
                    st[1] += v
                    st[2] += v * v
        nxt = []
        for u in todo:
            want = 0
            n = int(stats[units[u][0]][0])
            for tile in list(units[u]):
                _, total, squares = stats[tile]
                if n < max_samples and half_width(n, total, squares) > error:
                    want = max(want, _rounds_wanted(n, total, squares, error, max_samples))
                else:
                    units[u].remove(tile)  # narrow enough: its rounds end here
            if want:
                # at most doubled: the spread is known better each time, and the rounds
                # asked for last are not overshot by much
                batch[u] = max(8, min(want - n, n, max_samples - n))
                nxt.append(u)
        todo = nxt
    out = {}
    for tile, (n_, total, squares) in stats.items():
        n = int(n_)
        mean = min(1.0, max(0.0, total / n))
        out[tile] = (Fraction(mean), half_width(n, total, squares), n)
    return out


def _lead_score(s: State, seat: int, st: list[float]) -> float:
    """How well a placement's ship has fared in its rounds so far (before any, its chance
    through one daikaiju phase of another player's)."""
    return st[1] / st[0] if st[0] else others_phase_odds(s, seat)


def _rollout(
    s: State, seat: int, done: frozenset[int], rng: random.Random, tables: Tables | None = None
) -> float:
    """One round played out at random, conditioned on the ship surviving each step that
    could sink it; the product of the chances it survived those steps (see
    :mod:`companion.tsuro.advisor_steps`), 0.0 when the round sank it anyway.

    The turn of a seat in ``done`` opening ends it early: nobody left to play can reach
    the ship then. ``done`` was worked out for the ship where it stood; once it has been
    moved, the threats are worked out again for the players still to come.
    """
    return _play_on(s, seat, done, rng, Tables() if tables is None else tables)


def _play_on(
    s: State,
    seat: int,
    done: frozenset[int],
    rng: random.Random,
    tables: Tables,
    weight: float = 1.0,
    turn_seen: bool = False,
) -> float:
    """:func:`_rollout` from a point within the round: the weight so far, and whether the
    advised player's turn has opened (a placement leaving the lead's round goes on so)."""
    where = s.ships[seat]
    while True:
        over = _round_over(s, seat, turn_seen)
        if over is not None:
            return weight if over else 0.0
        if turn_seen and s.game.has_daikaiju:  # the advised player's own opening
            last = own_opening(s, seat)
            if last is not None:
                return weight * last
        s, q = step(s, seat, rng, tables)
        if q <= 0.0:
            return 0.0
        weight *= q
        if turn_seen:
            continue
        for e in s.events:
            if e.kind != "turn":
                continue
            if e.seat == seat:
                turn_seen = True
                break
            if s.ships[seat] < 0:
                return 0.0
            if s.ships[seat] != where:
                order = _still_to_play(s, seat, e.seat)
                done = _done_after(seat, order, _threats(s, seat, order))
                where = s.ships[seat]
            if e.seat in done:
                return weight


def _rounds_together(
    open_: dict[int, tuple[State, frozenset[int]]],
    lead: int,
    fols: dict[int, Follower],
    sq: int,
    seat: int,
    seed: int,
    tables: Tables,
) -> dict[int, float]:
    """Round ``seed`` of the lead placement and of the placements following it, each the
    value its own :func:`_rollout` from that seed gives (at sea, where ``done`` is the
    advised seat's own turn for all): the lead's round is played once, and a follower
    leaves it to play its own where a step might go otherwise for it
    (:mod:`companion.tsuro.advisor_share`)."""
    s, done = open_[lead]
    rng = random.Random(seed)
    trace = Trace()
    following = dict(fols)
    weights = dict.fromkeys(following, 1.0)
    out: dict[int, float] = {}
    weight = 1.0
    turn_seen = False
    where = s.ships[seat]
    spot = was = Spot(sq)
    before, drawn = s, rng.getstate()  # the lead's state before its last step

    def leave(tiles: Iterable[int], at: State, drawn: tuple[Any, ...], spot: Spot) -> None:
        """Followers that go on alone from ``at`` (the lead's state before the step that
        might go otherwise for them), the random numbers where they stood then."""
        for t in list(tiles):
            f = following.pop(t, None)
            if f is not None:
                fork = random.Random()
                fork.setstate(drawn)
                out[t] = _play_on(as_follower(at, f, spot, seat), seat, open_[t][1], fork,
                                  tables, weights.pop(t), turn_seen)

    def end(lead_value: float) -> dict[int, float]:
        for t in following:
            out[t] = weights[t]  # the round ended alike for them
        out[lead] = lead_value
        return out

    while True:
        over = _round_over(s, seat, turn_seen)
        if over is not None:
            if not over:
                leave(following, before, drawn, was)  # lost in its last step: theirs alone
            return end(weight if over else 0.0)
        if turn_seen and s.game.has_daikaiju:  # the own opening, each on its own position
            for t, f in list(following.items()):
                last = own_opening_at(s, seat, f.pos, partial(as_follower, s, f, spot, seat))
                if last is None:
                    leave([t], s, rng.getstate(), spot)
                else:
                    out[t] = weights.pop(t) * last
                    del following[t]
            last = own_opening(s, seat)
            if last is not None:
                return end(weight * last)
        qs: dict[int, float] = {}
        before, drawn = s, rng.getstate() if following else ()
        if following:
            ph, other = s.phase, s.active != seat
            if ph is Phase.PLACE and other:
                leave(placement_leavers(s, seat, spot, following), s, drawn, spot)
            elif ph in (Phase.TURN_ROLL, Phase.DAIKAIJU_ROLL) and other:
                on_mark = s.grid.behind(s.ships[seat]) < 0
                faces: dict[int, State] = {}
                for t, f in list(following.items()):
                    behind = s.grid.behind(f.pos)
                    if (behind < 0) != on_mark:
                        leave([t], s, drawn, spot)  # its step is played otherwise
                    elif ph is Phase.DAIKAIJU_ROLL:
                        qs[t] = new_daikaiju_odds_at(s, behind)
                    else:
                        qs[t] = follower_phase_odds(s, seat, spot, f, faces)
            elif ph is not Phase.DRAW or (spot.bottom >= 0 and not s.pile.shuffled):
                leave(following, s, drawn, spot)  # (a draw from the bottom reads the tiles)
        trace.redrawn = False
        s, q = step(s, seat, rng, tables, trace)
        if q <= 0.0:
            leave(following, before, drawn, spot)
            return end(0.0)
        weight *= q
        was = spot
        if following:
            if spot.bottom < 0 and s.board[sq] != lead:  # a daikaiju took the tiles off
                spot = Spot(sq, taken_off(before, s, lead))
                if spot.bottom < 0:
                    leave(following, before, drawn, was)
            if trace.redrawn:
                leave(following, before, drawn, was)  # the lead's step was drawn again
            taken = s.daikaiju_squares()
            for t, f in list(following.items()):
                if s.grid.behind(f.pos) in taken:
                    leave([t], before, drawn, was)  # a daikaiju came onto its ship
                else:
                    weights[t] *= qs.get(t, 1.0)
        if turn_seen:
            continue
        for e in s.events:
            if e.kind != "turn":
                continue
            if e.seat == seat:
                turn_seen = True
                break
            if s.ships[seat] < 0:
                leave(following, before, drawn, was)
                return end(0.0)
            if s.ships[seat] != where:
                leave(following, before, drawn, was)
                order = _still_to_play(s, seat, e.seat)
                done = _done_after(seat, order, _threats(s, seat, order))
                where = s.ships[seat]
            if e.seat in done:
                return end(weight)
