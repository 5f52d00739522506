"""Rounds shared between the placements of one hand, at sea.

The placements of a hand all go on the square in front of the advised ship; what follows
each differs at first only in the tile on that square and where the ship stopped. Most
of a round's work (the other players' hands, placements and draws, the daikaiju dice)
goes the same way after any of them, to the last draw of the seeded random numbers, as
long as nothing in it reads those differences. So the advisor plays each round once, for
the first placement (the *lead*), and the others *follow* it: each step adds their own
chance of surviving it (worked out on their own position, :func:`as_follower`), and a
follower whose round might go otherwise at a step leaves the lead there and plays on
alone, from the state before that step and the random numbers as they stood. The step
might go otherwise for a follower when:

- the player laying a tile faces its ship, or might sink it (:func:`placement_leavers`:
  also a wake walked for that placement, or to rank it, that runs through a path of the
  square its tile joins otherwise, or that ends on the point its ship or the lead's holds);
- a daikaiju phase brings a daikaiju onto the square its ship stands on (which it would
  not survive, so its own round draws that phase again), or the lead's round had to draw
  the phase again. A daikaiju that takes the tiles off the square puts each under the
  pile at the same place (:func:`taken_off`; where that cannot be told, all leave), and
  the followers go on until a draw reaches the bottom of the pile;
- the step is any other than those, another player's draw, or the own opening worked out
  for each (:func:`~companion.tsuro.advisor_phase_odds.own_opening`).

A follower's value is therefore the one its own round would give (a test checks this
round by round): the sharing only saves the work.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from companion.tsuro.advisor_phase_odds import (
    _WAKE_ROLL,
    _phase_odds,
    _risky_faces,
    new_daikaiju_odds_at,
    others_phase_odds_at,
)
from companion.tsuro.advisor_plain import _DIE
from companion.tsuro.advisor_tiles import may_sink, may_sink_at
from companion.tsuro.paths import EXIT
from companion.tsuro.piles import Pile
from companion.tsuro.state import PATTERN_OF, State, replace

# what a follower's state shares with the lead's besides board, ships and hands
_SHARED = tuple(
    f.name
    for f in fields(State)
    if f.name not in ("board", "ships", "hands", "events") and f.name[0] != "_"
)


@dataclass(frozen=True, slots=True)
class Follower:
    """A placement whose rounds follow the lead's: its tile on the square, where the
    advised ship stopped, and the points a wake leaves the square by, in the lead's tile,
    where this tile joins the points otherwise."""

    tile: int
    pos: int
    exits: frozenset[int]


def followers(
    lead_tile: int, sq: int, seat: int, after: dict[int, State]
) -> tuple[dict[int, Follower], list[int]]:
    """Which of the placements on ``sq`` (``after``: oriented tile to the state it leads
    to, the lead's among them) can follow the lead's rounds, and which cannot (another
    ship moved otherwise, say)."""
    lead = after[lead_tile]
    out: dict[int, Follower] = {}
    alone: list[int] = []
    for tile, s in after.items():
        if tile == lead_tile:
            continue
        if _alike(lead, s, sq, seat):
            exits = frozenset(
                (sq << 3) | EXIT[(lead_tile << 3) | p]
                for p in range(8)
                if EXIT[(lead_tile << 3) | p] != EXIT[(tile << 3) | p]
            )
            out[tile] = Follower(tile, s.ships[seat], exits)
        else:
            alone.append(tile)
    return out, alone


def _alike(a: State, b: State, sq: int, seat: int) -> bool:
    if any(getattr(a, n) != getattr(b, n) for n in _SHARED):
        return False
    if a.board[:sq] != b.board[:sq] or a.board[sq + 1 :] != b.board[sq + 1 :]:
        return False
    if a.ships[:seat] != b.ships[:seat] or a.ships[seat + 1 :] != b.ships[seat + 1 :]:
        return False
    return all(
        x == y or (i == seat and len(x) == len(y))
        for i, (x, y) in enumerate(zip(a.hands, b.hands, strict=True))
    )


@dataclass(frozen=True, slots=True)
class Spot:
    """Where the placements' tiles are: on square ``sq``, or (once a daikaiju took the
    lead's off) in the pile's bottom at ``bottom``, the followers' there too."""

    sq: int
    bottom: int = -1


def as_follower(s: State, f: Follower, spot: Spot, seat: int) -> State:
    """The lead's state as it stands for a follower: its tile and its ship in place (the
    hand it kept does not matter in the round, so the lead's stands in for it)."""
    ships = (*s.ships[:seat], f.pos, *s.ships[seat + 1 :])
    if spot.bottom < 0:
        sq, board = spot.sq, s.board
        return replace(s, board=(*board[:sq], f.tile, *board[sq + 1 :]), ships=ships)
    p, i = s.pile, spot.bottom
    bottom = (*p.bottom[:i], PATTERN_OF[f.tile], *p.bottom[i + 1 :])
    return replace(s, ships=ships, pile=Pile(p.shuffled, bottom, p.unseen))


def _board(s: State, f: Follower, spot: Spot) -> list[int] | tuple[int, ...]:
    """The board as it stands for a follower (:func:`as_follower`'s, without the state)."""
    if spot.bottom >= 0:
        return s.board
    board = list(s.board)
    board[spot.sq] = f.tile
    return board


def taken_off(before: State, after: State, lead: int) -> int:
    """Where in the pile's bottom the lead's tile went when a daikaiju took it off the
    square in this step (-1 when that cannot be told: discarded, or put under with
    another of its pattern); the followers' tiles went to the same place."""
    if after.discarded != before.discarded or after.pile.shuffled != before.pile.shuffled:
        return -1
    n = len(before.pile.bottom)
    if after.pile.bottom[:n] != before.pile.bottom:
        return -1
    added = after.pile.bottom[n:]
    pattern = PATTERN_OF[lead]
    return n + added.index(pattern) if added.count(pattern) == 1 else -1


def placement_leavers(
    s: State, seat: int, spot: Spot, following: dict[int, Follower]
) -> set[int]:
    """The followers whose round might go otherwise at the placement about to be made by
    another player than ``seat`` (all of them when it might sink the lead's ship)."""
    if may_sink(s, seat):
        return set(following)
    g = s.grid
    across, board, blocked = g.across, s.board, s.daikaiju_squares()
    watch = frozenset().union(*(f.exits for f in following.values()))
    base = s.front_square(s.active) << 3
    read: set[int] = set()
    ends: set[int] = set()
    for x in range(8):
        p = across[base | x]
        if p >= 0:
            _, end, seen = g.walk_watch(board, blocked, p, watch)
            read.update(seen)
            ends.add(end)
    lead = s.ships[seat]
    out = set()
    for t, f in following.items():
        # a wake ending on a point one ship holds and the other does not is ranked otherwise
        held = any((end == lead) != (end == f.pos) for end in ends)
        if held or not read.isdisjoint(f.exits) or may_sink_at(s, f.pos, _board(s, f, spot)):
            out.add(t)
    return out


def follower_phase_odds(
    s: State, seat: int, spot: Spot, f: Follower, faces: dict[int, State]
) -> float:
    """``others_phase_odds`` for a follower, about to share another player's daikaiju
    phase with the lead (``s``), to the last bit.

    A die face the follower's ship might not survive is looked up in the lead's state
    after that face (``faces``, filled as needed, shared by the followers): where the
    lead's ship came through, the daikaiju moved alike for the follower, and its ship is
    lost exactly when one of them stands on its square now. Where the lead's ship did not,
    the face is played on the follower's own state.
    """
    behind = s.grid.behind(f.pos)
    quick = others_phase_odds_at(s, behind)
    if quick is not None:
        return quick
    risky = _risky_faces(s, {behind})
    ok = 0
    own: State | None = None
    for face in range(5):
        if not risky[face]:
            ok += 1
            continue
        x = faces.get(face)
        if x is None:
            wake = faces.get(-1)
            if wake is None:
                wake = faces[-1] = s.apply(_WAKE_ROLL)
            x = faces[face] = wake.apply(_DIE[face])
        if x.ships[seat] >= 0:
            ok += behind not in x.daikaiju_squares()
            continue
        if own is None:
            own = as_follower(s, f, spot, seat).apply(_WAKE_ROLL)
        ok += own.apply(_DIE[face]).ships[seat] >= 0
    return _phase_odds(ok, new_daikaiju_odds_at(s, behind))
