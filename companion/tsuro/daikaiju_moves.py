"""The daikaiju on the board: arriving on a square, moving by the die, leaving.

What a daikaiju does to the board and the ships; the phases that bring one into play are
in :mod:`.turn_steps`. The Veterans uzushio moves through the same helpers.
"""

from __future__ import annotations

from companion.core.board import Side
from companion.core.events import Event
from companion.tsuro.losses import lose
from companion.tsuro.state_parts import PATTERN_OF, Daikaiju, Phase
from companion.tsuro.state_value import State, replace, rules_of


def clear_square(s: State, sq: int) -> State:
    """A daikaiju arrives on ``sq``: a wake tile there goes under the pile with its ships."""
    tile = s.board[sq]
    if tile < 0:
        return s
    board = (*s.board[:sq], -1, *s.board[sq + 1 :])
    g = s.grid
    doomed = [
        (seat, "daikaiju") for seat, pos in enumerate(s.ships) if pos >= 0 and g.behind(pos) == sq
    ]
    if doomed and s.game.discard_removed:  # 001's FAQ: removed in an elimination, discarded
        s = replace(
            s,
            board=board,
            discarded=(*s.discarded, PATTERN_OF[tile]),
            events=(*s.events, Event("tile-removed", square=sq, detail="discarded")),
        )
    else:
        s = replace(
            s,
            board=board,
            pile=s.pile.to_bottom([PATTERN_OF[tile]]),
            events=(*s.events, Event("tile-removed", square=sq)),
        )
    return lose(s, doomed) if doomed else s


def retire_daikaiju(s: State, dk: Daikaiju, why: str) -> State:
    kept = tuple(d for d in s.daikaiju if d is not dk)
    event = Event(
        "daikaiju-gone" if why == "edge" else "daikaiju-destroyed", square=dk.square, card=dk.card
    )
    s = replace(s, daikaiju=kept, events=(*s.events, event))
    if s.game.tuck_daikaiju:
        return replace(s, dk_bottom=(*s.dk_bottom, dk.card))
    return replace(s, dk_out=(*s.dk_out, dk.card))


def move_daikaiju(s: State, face: int) -> State:
    from companion.tsuro.daikaiju import MOVES  # a game with daikaiju has loaded it (its deck)

    assert s.game.deck is not None
    g = s.grid
    ids = [d.card for d in s.daikaiju]
    if s.vet is not None:  # the uzushio moves only when the daikaiju sleep
        ids = [c for c in ids if not rules_of(s).is_uzushio(c)]
    for card in s.game.deck.movement_order(ids):
        dk = next((d for d in s.daikaiju if d.card == card.id), None)
        if dk is None:
            continue  # destroyed earlier in this phase
        act = card.action(face)
        if act == "rotate":
            turned = Daikaiju(dk.card, dk.square, (dk.facing + card.turn) % 4)
            event = Event(
                "daikaiju-turned", square=dk.square, card=dk.card, detail=Side(turned.facing).word
            )
            s = swap_daikaiju(s, dk, turned, event)
            continue
        side = (dk.facing + MOVES[act]) % 4
        target = g.neighbour(dk.square, side)
        if target < 0:
            s = retire_daikaiju(s, dk, "edge")
            s = _displace(s, dk.square, side)
            continue
        victim = next((d for d in s.daikaiju if d.square == target), None)
        moved = Daikaiju(dk.card, target, dk.facing)
        event = Event(
            "daikaiju-moved", square=dk.square, to=target, card=dk.card, detail=Side(side).word
        )
        s = swap_daikaiju(s, dk, moved, event)
        if victim is not None:
            s = retire_daikaiju(s, victim, "destroyed")
        s = clear_square(s, target)
        if s.phase is Phase.OVER:
            return s
    return s


def _displace(s: State, square: int, side: int) -> State:
    """000: a daikaiju that leaves the board where a ship still waits on its start mark
    lets that ship move to another start mark of the same edge at its first move."""
    hit = [
        x
        for x, pos in enumerate(s.ships)
        if pos >= 0 and pos >> 3 == square and (pos & 7) >> 1 == side and x not in s.displaced
    ]
    return replace(s, displaced=(*s.displaced, *hit)) if hit else s


def swap_daikaiju(s: State, old: Daikaiju, new: Daikaiju, event: Event | None = None) -> State:
    """``old`` becomes ``new`` on the board; ``event``, if given, tells of it."""
    s = replace(s, daikaiju=tuple(new if d is old else d for d in s.daikaiju))
    return s if event is None else replace(s, events=(*s.events, event))
