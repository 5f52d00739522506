"""Veterans of the Seas on the game state: the tsunami and the uzushio as the engine plays them.

:mod:`companion.tsuro.state` calls in here at a few points of the turn when the game has the
``veterans`` option; the pure rules live in the sibling modules. The extra pieces live in
the daikaiju deck as cards of their own: :data:`TSUNAMI_CARD` (the gold-arrowed tsunami;
the blue one is set aside until it arrives) and the uzushio (``UZ``, or ``UZ1``, ``UZ2``
... when there are several). An uzushio on the board is kept with the daikaiju: it blocks
wakes and counts toward the three daikaiju, as the reference's "per normal daikaiju
movement rules" suggests, but it moves only on the turns the daikaiju sleep.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace as dc_replace
from typing import Any

from companion.core.board import Side
from companion.core.events import Event
from companion.tsuro.daikaiju_moves import clear_square, retire_daikaiju, swap_daikaiju
from companion.tsuro.losses import lose
from companion.tsuro.paths import Grid
from companion.tsuro.state_parts import Daikaiju, Phase
from companion.tsuro.state_value import State, replace
from companion.tsuro.veterans import tsunami as tsu
from companion.tsuro.veterans.data import VeteransData
from companion.tsuro.veterans.uzushio import step as uzushio_step
from companion.tsuro.veterans.vet import Vet

TSUNAMI_CARD = "TS"


def uzushio_ids(data: VeteransData) -> tuple[str, ...]:
    n = data.uzushio.count
    return ("UZ",) if n == 1 else tuple(f"UZ{k}" for k in range(1, n + 1))


def is_uzushio(card: str) -> bool:
    return card.startswith("UZ")


def extra_cards(data: VeteransData) -> tuple[str, ...]:
    """The cards the expansion shuffles into the daikaiju deck."""
    return (TSUNAMI_CARD, *uzushio_ids(data))


def _data(s: State) -> VeteransData:
    data = s.game.veterans
    assert data is not None, "a Veterans of the Seas step in a game without the expansion"
    return data


def _vet(s: State) -> Vet[State]:
    assert s.vet is not None
    return s.vet


def _set(s: State, **changes: Any) -> State:
    return replace(s, vet=dc_replace(_vet(s), **changes))


def tsunami_arrives(s: State, side: Side) -> State:
    """The gold tsunami has been turned up on ``s.target`` facing ``side``: blue goes out."""
    g = s.grid
    seat = s.active if s.turn > 0 else -1
    t = tsu.bring_in(s.target, side, g.rows, g.cols, _data(s).tsunami, seat)
    blue = t.blue_square(g.rows, g.cols)
    event = Event("tsunami-placed", seat=seat, square=s.target, card=str(blue), detail=t.heading.word)
    s = replace(s, events=(*s.events, event))
    return _set(s, tsunami=t)


def ship_squares(s: State) -> dict[int, int]:
    """Every ship afloat and the square it counts as in for the tsunami's line."""
    g = s.grid
    rule = _data(s).tsunami.ship_square
    return {
        seat: tsu.ship_square(pos, g.behind(pos), rule)
        for seat, pos in enumerate(s.ships)
        if pos >= 0
    }


def tsunami_phase(s: State) -> State:
    """The tsunami phase at the start of a turn: move, maybe leave, step on, call the rolls.

    Returns a state in the tsunami-die phase when ships must roll; otherwise the state
    with its phase untouched, for the turn to go on.
    """
    vet = _vet(s)
    assert vet.tsunami is not None
    g = s.grid
    step = tsu.advance(vet.tsunami, g.rows, g.cols)
    if step.tsunami is None:
        event = Event("tsunami-gone", square=step.frm)
        s = replace(s, events=(*s.events, event))
        return _set(s, tsunami=None, tsunami_gone=True)
    t = step.tsunami
    number = t.number(_data(s).tsunami)
    event = Event("tsunami-moved", square=step.frm, to=step.to, detail=t.heading.word)
    s = replace(s, events=(*s.events, event))
    s = _set(s, tsunami=t)
    seats = tsu.at_risk(t.line(g.rows, g.cols), ship_squares(s))
    return _call_rolls(s, seats, number, "turn") if seats else s


def _call_rolls(s: State, seats: Sequence[int], number: int, after: str) -> State:
    events = tuple(Event("tsunami-roll", seat=seat, detail=str(number)) for seat in seats)
    s = replace(s, phase=Phase.TSUNAMI_DIE, events=(*s.events, *events))
    return _set(s, rolls=tuple(seats), number=number, after=after)


def tsunami_die(s: State, face: int) -> State:
    """The next ship's die against the tsunami; the ship is lost below the number.

    The caller goes on with ``vet.after`` once ``vet.rolls`` is empty.
    """
    vet = _vet(s)
    seat = vet.rolls[0]
    lost = tsu.is_lost(face, vet.number)
    # a ship lost here rolls no more (it may have been called twice, entering twice)
    rest = tuple(x for x in vet.rolls[1:] if not (lost and x == seat))
    s = _set(s, rolls=rest)
    if lost:
        s = lose(s, [(seat, "tsunami")])
    return s


def path_squares(grid: Grid, board: Sequence[int], blocked: frozenset[int], start: int,
                 rule: str) -> list[int]:
    """The squares a ship leaving ``start`` counts as in, in order, as it follows its wake."""
    walk = grid.walk(board, blocked, start)
    if rule == "facing":
        return [start >> 3] + [grid.across[e] >> 3 for e in walk.exits if grid.across[e] >= 0]
    return [tsu.ship_square(start, grid.behind(start), rule)] + [e >> 3 for e in walk.exits]


def entries_after_place(s: State, moved: Sequence[tuple[int, int, int]]) -> State:
    """Call a roll for each time a ship that moved (and survived) entered the line."""
    vet = _vet(s)
    if vet.tsunami is None:
        return s
    g = s.grid
    line = vet.tsunami.line(g.rows, g.cols)
    rule = _data(s).tsunami.ship_square
    blocked = s.daikaiju_squares()
    seats: list[int] = []
    for seat, frm, _to in moved:
        if s.ships[seat] < 0:
            continue
        seats += [seat] * tsu.entries(path_squares(g, s.board, blocked, frm, rule), line)
    if not seats:
        return s
    return _call_rolls(s, seats, vet.tsunami.number(_data(s).tsunami), "place")


def uzushio_die(s: State, face: int) -> State:
    """The uzushio moves or turns by its arrow for ``face`` (a 6 leaves it be)."""
    uz = next((d for d in s.daikaiju if is_uzushio(d.card)), None)
    if uz is None:
        return s
    g = s.grid
    move = uzushio_step(uz.square, Side(uz.facing), _data(s).uzushio, face, g.rows, g.cols)
    if move.kind == "still":
        return s
    if move.kind == "gone":
        return retire_daikaiju(s, uz, "edge")
    if move.kind == "turned":
        ev = Event("daikaiju-turned", square=uz.square, card=uz.card, detail=move.facing.word)
        return swap_daikaiju(s, uz, Daikaiju(uz.card, uz.square, int(move.facing)), ev)
    assert move.side is not None
    victim = next((d for d in s.daikaiju if d.square == move.square), None)
    ev = Event(
        "daikaiju-moved", square=uz.square, to=move.square, card=uz.card, detail=move.side.word
    )
    s = swap_daikaiju(s, uz, Daikaiju(uz.card, move.square, uz.facing), ev)
    if victim is not None:
        s = retire_daikaiju(s, victim, "destroyed")
    return clear_square(s, move.square)


def uzushio_afloat(s: State) -> bool:
    return any(is_uzushio(d.card) for d in s.daikaiju)
