"""The mystic portal on the game state: laid, each touching ship sent away, then the daikaiju.

The pure rules (who goes, in what order, where a ship may land and start) are in
:mod:`.portal`; :mod:`companion.tsuro.state` calls in here at the portal's phases.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.board import Square
from companion.core.events import Event
from companion.tsuro.losses import lose
from companion.tsuro.paths import ORIENTED, TILE_INDEX
from companion.tsuro.piles import UNKNOWN, remove_one
from companion.tsuro.placement import resolve
from companion.tsuro.state_parts import PATTERN_OF, ROTATIONS, Phase, with_hand
from companion.tsuro.state_value import State, replace
from companion.tsuro.veterans import portal as portal_rules
from companion.tsuro.veterans.actions import Land
from companion.tsuro.veterans.pieces import PORTAL, PiecesError, _set, _vet, _with_held, held
from companion.tsuro.veterans.vet import PortalStep


def place_portal(s: State, square: Square) -> State:
    """The active player lays a portal in front of the ship; the touching ships will go."""
    seat = s.active
    if not held(s, seat, PORTAL):
        raise PiecesError(f"there is no mystic portal in the {s.game.players[seat]} hand")
    front = s.front_square(seat)
    if s.grid.index(square) != front:
        raise PiecesError(f"the portal goes on {s.grid.square(front)}, in front of the ship")
    queue = portal_rules.order(seat, portal_rules.touching(front, s.ships), s.seats)
    s = _set(s, held=_with_held(s, seat, PORTAL, -1), portal=PortalStep(front, queue))
    s = replace(s, events=(*s.events, Event("portal-placed", seat=seat, square=front)))
    return replace(s, phase=Phase.PORTAL_ROLL)


def portal_seat(s: State) -> int:
    step = _vet(s).portal
    assert step is not None
    return step.queue[0]


def portal_roll(s: State, gold: int, blue: int) -> State:
    """The dice name where the next ship goes: lost, rolled again, or a start to choose."""
    step = _vet(s).portal
    assert step is not None
    seat = step.queue[0]
    sq = s.grid.index(s.game.board.dice_square(gold, blue))
    others = [p for i, p in enumerate(s.ships) if p >= 0 and i != seat]
    what = portal_rules.landing(
        sq, step.square, s.daikaiju_squares(), s.board, len(s.hands[seat]), step.used, others
    )
    if what == "reroll":
        return replace(s, events=(*s.events, Event("reroll", square=sq)))
    if what == "lost":
        s = replace(s, events=(*s.events, Event("portal-roll", seat=seat, square=sq)))
        s = lose(s, [(seat, "portal")])
        return next_portal_ship(s)
    s = _set(s, portal=PortalStep(step.square, step.queue, step.used, sq))
    ev = Event("portal-roll", seat=seat, square=sq, detail=what)
    return replace(s, phase=Phase.PORTAL_LAND, events=(*s.events, ev))


def land_choices(s: State) -> list[Land]:
    step = _vet(s).portal
    assert step is not None and step.target >= 0
    seat = step.queue[0]
    g = s.grid
    others = [p for i, p in enumerate(s.ships) if p >= 0 and i != seat]
    starts = portal_rules.free_starts(step.target, step.used, others)
    points = [g.point(p) for p in starts]
    if s.board[step.target] >= 0:
        return [Land(pt) for pt in points]
    tiles = sorted({t for t in s.hands[seat] if t >= 0})
    return [Land(pt, ORIENTED[o]) for t in tiles for o in ROTATIONS[t] for pt in points]


def land(s: State, a: Land) -> State:
    """The ship starts at ``a.point`` (on a tile laid from its hand, or one already there)."""
    step = _vet(s).portal
    assert step is not None
    seat = step.queue[0]
    g = s.grid
    pos = g.position(a.point)
    others = [p for i, p in enumerate(s.ships) if p >= 0 and i != seat]
    portal_rules.check_start(step.target, pos, step.used, others)
    laid = s.board[step.target] < 0
    if laid != (a.tile is not None):
        need = "a tile from the hand" if laid else "no tile: the square already holds one"
        raise PiecesError(f"{g.square(step.target)} takes {need}")
    ships = (*s.ships[:seat], pos, *s.ships[seat + 1 :])
    blocked = s.daikaiju_squares()
    s = _set(s, portal=PortalStep(step.square, step.queue, (*step.used, pos), -1))
    if a.tile is not None:
        o = TILE_INDEX[a.tile]
        hand, pile = s.hands[seat], s.pile
        if PATTERN_OF[o] not in hand:
            # a tile the companion has not seen: one of the hand's unseen tiles, if it can be
            if UNKNOWN not in hand or PATTERN_OF[o] not in pile.unseen:
                raise PiecesError(f"tile {a.tile} is not in the {s.game.players[seat]} hand")
            hand = (*remove_one(hand, UNKNOWN), PATTERN_OF[o])
            s = replace(s, pile=pile.learn([PATTERN_OF[o]]))
        move = resolve(g, s.board, blocked, ships, seat, step.target, o, s.game.meeting)
        board = (*s.board[: step.target], o, *s.board[step.target + 1 :])
        events = [Event("tile-placed", seat=seat, square=step.target, detail=str(a.tile))]
        events += [Event("ship-moved", seat=m, square=f, to=t) for m, f, t in move.moved]
        after = tuple(
            ships[i] if i in move.lost_seats() else p for i, p in enumerate(move.ships)
        )
        s = replace(
            s,
            board=board,
            ships=after,
            hands=with_hand(s.hands, seat, remove_one(hand, PATTERN_OF[o])),
            events=(*s.events, *events),
        )
        lost: Sequence[tuple[int, str]] = move.lost
    else:
        walk = g.walk(s.board, blocked, pos)
        end = walk.end.value
        if end == "stop":
            s = replace(
                s,
                ships=(*ships[:seat], walk.position, *ships[seat + 1 :]),
                events=(*s.events, Event("ship-moved", seat=seat, square=pos, to=walk.position)),
            )
            lost = ()
        else:
            s = replace(s, ships=ships)
            lost = [(seat, end)]
    if lost:
        s = lose(s, lost)
    return next_portal_ship(s)


def next_portal_ship(s: State) -> State:
    """The next ship through the portal; when none is left, the daikaiju beside it."""
    if s.phase is Phase.OVER:
        return s
    step = _vet(s).portal
    assert step is not None
    queue = tuple(x for x in step.queue[1:] if s.ships[x] >= 0)
    if queue:
        s = _set(s, portal=PortalStep(step.square, queue, step.used))
        return replace(s, phase=Phase.PORTAL_ROLL)
    g = s.grid
    beside = portal_rules.daikaiju_beside(step.square, s.daikaiju_squares(), g.rows, g.cols)
    cards = tuple(d.card for sq in beside for d in s.daikaiju if d.square == sq)
    anew = [Event("daikaiju-anew", square=d.square, card=d.card)
            for d in s.daikaiju if d.card in cards]
    events = (Event("portal-gone", square=step.square), *anew)
    s = _set(s, portal=None, anew=cards)
    s = replace(
        s,
        daikaiju=tuple(d for d in s.daikaiju if d.card not in cards),
        events=(*s.events, *events),
    )
    if cards:
        return replace(s, phase=Phase.DAIKAIJU_ROLL, to_place=len(cards), card=cards[0])
    return s

