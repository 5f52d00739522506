"""Taihou, mystic portal and Phoenix tiles on the game state.

These tiles are shuffled into the wake pile once the hands are dealt (the deal gives wake
tiles only: a default) and are always announced when drawn (``draw taihou``): a taihou is
shown by the rules anyway, and the companion cannot tell them from wake tiles unseen. A
hand's special tiles are counted in ``Vet.held`` beside its wake tiles; what counts
toward the three-tile hand is the data's choice.

The engine in :mod:`companion.state` calls in here; see :mod:`.engine` for the tsunami.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from dataclasses import replace as dc_replace
from typing import TYPE_CHECKING

from ..board import Square
from ..events import Event
from ..paths import ORIENTED, TILE_INDEX
from ..piles import remove_one
from ..placement import Movement, resolve
from . import portal as portal_rules
from . import taihou as taihou_rules
from .actions import DrawPiece, FireTaihou, HoldTaihou, KeepTaihou, Land, Phoenix
from .data import VeteransData
from .engine import PortalStep, Vet
from .phoenix import check_reroll
from .taihou import Use

if TYPE_CHECKING:
    from ..actions import Action
    from ..state import State

TAIHOU, PORTAL, PHOENIX = 0, 1, 2
KINDS = ("taihou", "portal", "phoenix")


class PiecesError(ValueError):
    """One of the expansion's tiles used where the rules do not allow it."""


def initial_pile(data: VeteransData, phoenix: bool) -> tuple[int, int, int]:
    return (data.taihou.count, data.portal.count, data.phoenix.count if phoenix else 0)


def _vet(s: State) -> Vet:
    assert s.vet is not None
    return s.vet


def _data(s: State) -> VeteransData:
    assert s.game.veterans is not None
    return s.game.veterans


def held(s: State, seat: int, kind: int) -> int:
    h = _vet(s).held
    return h[seat][kind] if h else 0


def _with_held(s: State, seat: int, kind: int, delta: int) -> tuple[tuple[int, int, int], ...]:
    h = _vet(s).held or tuple((0, 0, 0) for _ in s.game.players)
    row = list(h[seat])
    row[kind] += delta
    return (*h[:seat], (row[0], row[1], row[2]), *h[seat + 1 :])


def _set(s: State, **changes: object) -> State:
    from ..state import replace

    return replace(s, vet=dc_replace(_vet(s), **changes))  # type: ignore[arg-type]


# ---- the hand and the pile -------------------------------------------------------------


def drop_lost(s: State) -> State:
    """A lost ship's special tiles leave the game with it (the reference does not say)."""
    vet = _vet(s)
    if not vet.held:
        return s
    held = tuple((0, 0, 0) if s.ships[i] < 0 else h for i, h in enumerate(vet.held))
    return s if held == vet.held else _set(s, held=held)


def hand_count(s: State, seat: int) -> int:
    """Tiles in the hand as the three-tile limit counts them."""
    n = len(s.hands[seat])
    h = _vet(s).held
    if not h:
        return n
    data = _data(s)
    t, p, ph = h[seat]
    return n + p + (t if data.taihou.counts_toward_hand else 0) + (
        ph if data.phoenix.counts_toward_hand else 0
    )


def pile_size(s: State) -> int:
    return s.pile.size + sum(_vet(s).pile)


def draw_outcomes(s: State) -> list[tuple[Action, Fraction]]:
    """The next draw with the special tiles shuffled in: each with its exact chance."""
    from ..state import _DRAWS

    specials = _vet(s).pile
    wake = [(_DRAWS[t], q) for t, q in s.pile.draw_odds()] if s.pile.size else []
    total = s.pile.shuffled + sum(specials)
    if not sum(specials):
        return list(wake)
    share = Fraction(s.pile.shuffled, total)
    out: list[tuple[Action, Fraction]] = [(a, q * share) for a, q in wake] if share else []
    out += [(DrawPiece(KINDS[k]), Fraction(c, total)) for k, c in enumerate(specials) if c]
    return out


def draw_piece(s: State, a: DrawPiece) -> State:
    """A special tile drawn by the drawer: kept, or (taihou) decided on next."""
    from ..state import Phase, replace

    kind = KINDS.index(a.kind)
    left = _vet(s).pile
    if not left[kind]:
        raise PiecesError(f"no {a.kind} tile is left in the draw pile")
    pile = tuple(c - (k == kind) for k, c in enumerate(left))
    seat = s.drawer
    s = _set(s, pile=pile, held=_with_held(s, seat, kind, 1))
    s = replace(s, events=(*s.events, Event("drew", seat=seat, detail=a.kind)))
    if kind == TAIHOU:
        return replace(s, phase=Phase.TAIHOU_KEEP)
    return s


def keep_choices(s: State) -> list[KeepTaihou]:
    n = held(s, s.drawer, TAIHOU)
    keep = taihou_rules.after_draw(n, _data(s).taihou, keep=True) == "keep"
    return [KeepTaihou(True), KeepTaihou(False)] if keep else [KeepTaihou(False)]


def keep_taihou(s: State, a: KeepTaihou) -> State:
    """Keep the taihou just drawn, or show it and take it out of the game."""
    from ..state import replace

    if a not in keep_choices(s):
        raise PiecesError(
            f"a hand keeps at most {_data(s).taihou.keep_limit} taihou: show this one "
            "and remove it ('taihou remove')"
        )
    if a.keep:
        return s
    s = _set(s, held=_with_held(s, s.drawer, TAIHOU, -1))
    return replace(s, events=(*s.events, Event("taihou-removed", seat=s.drawer)))


# ---- firing a taihou -------------------------------------------------------------------


def check_choices(s: State) -> list[Action]:
    """At the daikaiju check with a taihou in hand: fire it, or hold it and lose the ship."""
    sq = s.grid.square(s.front_square(s.active))
    return [FireTaihou(Use.CHECK, sq), HoldTaihou()]


def clear_choices(s: State) -> list[FireTaihou]:
    """Instead of a tile: a taihou for each daikaiju beside the square in front."""
    if not held(s, s.active, TAIHOU):
        return []
    g = s.grid
    front = s.front_square(s.active)
    return [
        FireTaihou(Use.CLEAR, g.square(sq))
        for sq in taihou_rules.clear_targets(front, s.daikaiju_squares(), g.rows, g.cols)
    ]


def fire(s: State, a: FireTaihou) -> State:
    """Discard a taihou: the daikaiju on ``a.square`` goes face down under the deck."""
    from ..state import replace

    seat = s.active
    taihou_rules.check_use(a.use, seat, seat, s.active, held(s, seat, TAIHOU))
    allowed = check_choices(s) if a.use is Use.CHECK else clear_choices(s)
    if a not in allowed:
        raise PiecesError(f"there is no daikaiju for a taihou to fire at on {a.square}")
    sq = s.grid.index(a.square)
    dk = next(d for d in s.daikaiju if d.square == sq)
    s = _set(s, held=_with_held(s, seat, TAIHOU, -1))
    return replace(
        s,
        daikaiju=tuple(d for d in s.daikaiju if d is not dk),
        dk_bottom=(*s.dk_bottom, dk.card),
        events=(*s.events, Event("daikaiju-tucked", seat=seat, square=sq, card=dk.card)),
    )


def split_savable(s: State, move: Movement) -> tuple[Movement, tuple[tuple[int, int], ...]]:
    """Ships run into a daikaiju whose owners hold a taihou wait for their owners' choice.

    Returns the movement without them among the lost, and (seat, start position) for each.
    """
    saving = tuple(
        (seat, s.ships[seat])
        for seat, why in move.lost
        if why == "daikaiju" and held(s, seat, TAIHOU)
    )
    if not saving:
        return move, ()
    waiting = {seat for seat, _ in saving}
    lost = tuple(x for x in move.lost if x[0] not in waiting)
    # they keep their places until their owners choose
    ships = tuple(s.ships[i] if i in waiting else p for i, p in enumerate(move.ships))
    return dc_replace(move, lost=lost, ships=ships), saving


def _met(s: State) -> tuple[int, int, int]:
    """(seat, where its wake meets the daikaiju, the daikaiju's square) for the ship to save."""
    seat, start = _vet(s).saving[0]
    walk = s.grid.walk(s.board, s.daikaiju_squares(), start)
    return seat, walk.position, walk.position >> 3


def saving_seat(s: State) -> int:
    return _vet(s).saving[0][0]


def saving_choices(s: State) -> list[Action]:
    _seat, _pos, square = _met(s)
    return [FireTaihou(Use.MOVING, s.grid.square(square)), HoldTaihou()]


def save(s: State, a: FireTaihou | HoldTaihou) -> State:
    """The owner fires a taihou and the ship waits before the emptied square, or is lost."""
    from ..state import replace

    seat, pos, square = _met(s)
    vet = _vet(s)
    if isinstance(a, HoldTaihou):  # lost with the others of this placement, all at once
        return _set(s, saving=vet.saving[1:], pending=(*vet.pending, (seat, "daikaiju")))
    s = _set(s, saving=vet.saving[1:])
    if a != FireTaihou(Use.MOVING, s.grid.square(square)):
        raise PiecesError(f"the {s.game.players[seat]} ship met the daikaiju on "
                          f"{s.grid.square(square)}: 'taihou moving {s.grid.square(square)}'")
    dk = next(d for d in s.daikaiju if d.square == square)
    s = _set(s, held=_with_held(s, seat, TAIHOU, -1))
    return replace(
        s,
        ships=(*s.ships[:seat], pos, *s.ships[seat + 1 :]),
        daikaiju=tuple(d for d in s.daikaiju if d is not dk),
        dk_bottom=(*s.dk_bottom, dk.card),
        events=(
            *s.events,
            Event("daikaiju-tucked", seat=seat, square=square, card=dk.card),
            Event("ship-moved", seat=seat, square=s.ships[seat], to=pos),
        ),
    )


# ---- the Phoenix -----------------------------------------------------------------------


def phoenix_choices(s: State) -> list[Phoenix]:
    """Who may discard the Phoenix now (straight after a roll)."""
    vet = s.vet
    if vet is None or vet.before_roll is None or not vet.held:
        return []
    return [Phoenix(s.game.players[seat]) for seat, h in enumerate(vet.held) if h[PHOENIX]]


def phoenix(s: State, a: Phoenix) -> State:
    """The roll is made again: back to the state before it, the Phoenix discarded."""
    from ..state import replace

    if a.player not in s.game.players:
        raise PiecesError(f"there is no player {a.player!r} in this game")
    seat = s.game.players.index(a.player)
    before = _vet(s).before_roll
    check_reroll(held(s, seat, PHOENIX) > 0, before is not None)
    assert before is not None
    # the tile must have been in the hand when the die was rolled
    check_reroll(held(before, seat, PHOENIX) > 0, True)
    undone = _set(before, held=_with_held(before, seat, PHOENIX, -1), before_roll=None)
    return replace(undone, events=(Event("phoenix", seat=seat),))


# ---- the mystic portal -----------------------------------------------------------------


def place_portal(s: State, square: Square) -> State:
    """The active player lays a portal in front of the ship; the touching ships will go."""
    from ..state import Phase, replace

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
    from ..state import Phase, _lose, replace

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
        s = _lose(s, [(seat, "portal")])
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
    from ..state import ROTATIONS

    tiles = sorted({t for t in s.hands[seat] if t >= 0})
    return [Land(pt, ORIENTED[o]) for t in tiles for o in ROTATIONS[t] for pt in points]


def land(s: State, a: Land) -> State:
    """The ship starts at ``a.point`` (on a tile laid from its hand, or one already there)."""
    from ..state import PATTERN_OF, _lose, _with_hand, replace

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
        hand = s.hands[seat]
        if PATTERN_OF[o] not in hand:
            raise PiecesError(f"tile {a.tile} is not in the {s.game.players[seat]} hand")
        move = resolve(g, s.board, blocked, ships, seat, step.target, o, s.game.collisions)
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
            hands=_with_hand(s.hands, seat, remove_one(hand, PATTERN_OF[o])),
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
        s = _lose(s, lost)
    return next_portal_ship(s)


def next_portal_ship(s: State) -> State:
    """The next ship through the portal; when none is left, the daikaiju beside it."""
    from ..state import Phase, replace

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
    events = tuple(
        Event("daikaiju-anew", square=d.square, card=d.card) for d in s.daikaiju if d.card in cards
    )
    s = _set(s, portal=None, anew=cards)
    s = replace(
        s,
        daikaiju=tuple(d for d in s.daikaiju if d.card not in cards),
        events=(*s.events, *events),
    )
    if cards:
        return replace(s, phase=Phase.DAIKAIJU_ROLL, to_place=len(cards), card=cards[0])
    return s

