"""Taihou, mystic portal and Phoenix tiles on the game state.

These tiles are shuffled into the wake pile once the hands are dealt (the deal gives wake
tiles only: a default) and are always announced when drawn (``draw taihou``): a taihou is
shown by the rules anyway, and the companion cannot tell them from wake tiles unseen. A
hand's special tiles are counted in ``Vet.held`` beside its wake tiles; what counts
toward the three-tile hand is the data's choice.

The engine in :mod:`companion.tsuro.state` calls in here; see :mod:`.engine` for the tsunami.
"""

from __future__ import annotations

from dataclasses import replace as dc_replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from companion.core.events import Event
from companion.tsuro.placement import Movement
from companion.tsuro.state_parts import DRAWS, Phase
from companion.tsuro.state_value import State, replace
from companion.tsuro.veterans import taihou as taihou_rules
from companion.tsuro.veterans.actions import DrawPiece, FireTaihou, HoldTaihou, KeepTaihou, Phoenix
from companion.tsuro.veterans.data import VeteransData
from companion.tsuro.veterans.phoenix import check_reroll
from companion.tsuro.veterans.taihou import Use
from companion.tsuro.veterans.vet import Vet

if TYPE_CHECKING:
    from companion.tsuro.actions import Action

TAIHOU, PORTAL, PHOENIX = 0, 1, 2
KINDS = ("taihou", "portal", "phoenix")


class PiecesError(ValueError):
    """One of the expansion's tiles used where the rules do not allow it."""


def initial_pile(data: VeteransData, phoenix: bool) -> tuple[int, int, int]:
    return (data.taihou.count, data.portal.count, data.phoenix.count if phoenix else 0)


def _vet(s: State) -> Vet[State]:
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


def _set(s: State, **changes: Any) -> State:
    return replace(s, vet=dc_replace(_vet(s), **changes))


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
    specials = _vet(s).pile
    wake = [(DRAWS[t], q) for t, q in s.pile.draw_odds()] if s.pile.size else []
    total = s.pile.shuffled + sum(specials)
    if not sum(specials):
        return list(wake)
    share = Fraction(s.pile.shuffled, total)
    out: list[tuple[Action, Fraction]] = [(a, q * share) for a, q in wake] if share else []
    out += [(DrawPiece(KINDS[k]), Fraction(c, total)) for k, c in enumerate(specials) if c]
    return out


def draw_piece(s: State, a: DrawPiece) -> State:
    """A special tile drawn by the drawer: kept, or (taihou) decided on next."""
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
    return [Phoenix(s.game.players[seat]) for seat in range(len(s.game.players))
            if _may_reroll(s, seat)]


def _may_reroll(s: State, seat: int) -> bool:
    """Whether ``seat`` holds the Phoenix for the roll just made. A ship that roll sank
    still does: its hand left the game with it, but undoing the roll brings both back (the
    Phoenix is how a holder saves a ship from a losing tsunami roll)."""
    before = _vet(s).before_roll
    if before is None or held(before, seat, PHOENIX) == 0:
        return False
    return held(s, seat, PHOENIX) > 0 or (s.ships[seat] < 0 <= before.ships[seat])


def phoenix(s: State, a: Phoenix) -> State:
    """The roll is made again: back to the state before it, the Phoenix discarded."""
    if a.player not in s.game.players:
        raise PiecesError(f"there is no player {a.player!r} in this game")
    seat = s.game.players.index(a.player)
    before = _vet(s).before_roll
    sunk_by_roll = before is not None and s.ships[seat] < 0 <= before.ships[seat]
    check_reroll(held(s, seat, PHOENIX) > 0 or sunk_by_roll, before is not None)
    assert before is not None
    # the tile must have been in the hand when the die was rolled
    check_reroll(held(before, seat, PHOENIX) > 0, True)
    undone = _set(before, held=_with_held(before, seat, PHOENIX, -1), before_roll=None)
    return replace(undone, events=(Event("phoenix", seat=seat),))
