"""Laying a tile: the ruling on it, the hand shown to rule, and the elimination bonus."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace as dc_replace

from companion.core.events import Event
from companion.tsuro.actions import Bonus, Place
from companion.tsuro.losses import lose
from companion.tsuro.paths import NOTATIONS, ORIENTED, TILE_INDEX
from companion.tsuro.piles import UNKNOWN, Pile, remove_one
from companion.tsuro.placement import FINE, movement_alone, movement_of, resolve, standing_at
from companion.tsuro.state_parts import (
    PATTERN_OF,
    IllegalAction,
    Phase,
    pattern_number,
    pattern_numbers,
    with_hand,
)
from companion.tsuro.state_value import State, replace, revealed_numbers, rules_of
from companion.tsuro.tiles import Tile
from companion.tsuro.turn_flow import start_draw

# ---- placing ---------------------------------------------------------------------------


def apply_place(s: State, a: Place) -> State:
    front = s.front_square(s.active)
    r, c = divmod(front, s.grid.cols)
    if (a.square.row, a.square.col) != (r + 1, c + 1):
        raise IllegalAction(
            f"the tile must go on {s.grid.square(front)}, the square in front of the "
            f"{s.game.players[s.active]} ship, not on {a.square}"
        )
    return place_tile(s, front, TILE_INDEX[a.tile], a.hand)


def place_oriented(s: State, tile: int) -> State:
    """Lay oriented ``tile`` in front of the active ship (``State.apply_tile``)."""
    return place_tile(s, s.front_square(s.active), tile, None)


def place_tile(s: State, sq: int, tile: int, shown: Sequence[Tile] | None) -> State:
    """Lay oriented ``tile`` on ``sq``, the square in front of the active ship."""
    seat = s.active
    pattern = PATTERN_OF[tile]
    hand = s.hands[seat]
    pile = s.pile
    ranked = s._ranked  # the ranks of the legal set, when they were asked for
    if shown is not None:
        hand, pile = _revealed(s, seat, shown)
    if pattern not in hand:
        if UNKNOWN not in hand or pattern not in pile.unseen:
            raise IllegalAction(f"tile {ORIENTED[tile]} is not in the {s.game.players[seat]} hand")
        hand = (*remove_one(hand, UNKNOWN), pattern)
        pile = pile.learn([pattern])
    if hand is not s.hands[seat]:
        ranked = None  # ranked for another hand than this one
    found = ranked.ends.get(tile) if ranked is not None else None
    if found is not None:  # the walks were taken for the legal set
        if isinstance(found[1], int):
            end, point = found
            move = movement_alone(s.ships, seat, sq, tile, end, point, s.game.meeting)
        else:
            movers = standing_at(s.ships, sq)
            move = movement_of(s.ships, seat, sq, tile, movers, found)
    else:
        move = resolve(
            s.grid, s.board, s.daikaiju_squares(), s.ships, seat, sq, tile, s.game.meeting
        )
    if move.rank != FINE:
        if UNKNOWN in hand:
            where = f"{s.grid.square(sq)} {ORIENTED[tile]}"
            raise IllegalAction(
                why_not(move.rank)
                + f"; show the whole hand to rule on it ('place {where} hand T1 T2 T3')"
            )
        best = ranked.best if ranked is not None else s.best_rank(hand)
        if move.rank != best:
            raise IllegalAction(why_not(move.rank) + " while the hand allows a better placement")
    saving: tuple[tuple[int, int], ...] = ()
    if s.vet is not None:  # a taihou may yet save a ship run into a daikaiju
        move, saving = rules_of(s).split_savable(s, move)
    hand = remove_one(hand, pattern)
    board = s.board
    board = (*board[:sq], tile, *board[sq + 1 :])
    # events built positionally: (kind, seat, square, to, card, detail)
    events = [Event("tile-placed", seat, sq, -1, "", NOTATIONS[tile])]
    events += [Event("ship-moved", m, frm, to) for m, frm, to in move.moved]
    ships = move.ships
    lost = move.lost
    if lost:  # lost ships keep their place until lose takes them off
        lost_now = move.lost_seats()
        ships = tuple(s.ships[i] if i in lost_now else pos for i, pos in enumerate(ships))
    s = replace(
        s,
        board=board,
        hands=with_hand(s.hands, seat, hand),
        pile=pile,
        ships=ships,
        events=tuple(events),
    )
    if saving:  # the owners choose first; every ship of this placement is lost at once
        assert s.vet is not None
        if s.vet.tsunami is not None:
            s = rules_of(s).entries_after_place(s, move.moved)
        assert s.vet is not None
        vet = dc_replace(s.vet, saving=saving, pending=lost)
        return replace(s, phase=Phase.TAIHOU_SAVE, vet=vet)
    if lost:
        others = [x for x, _ in lost if x != seat]
        bonus = s.game.seas and bool(others) and seat not in lost_now
        s = lose(s, lost, pool_hands=bonus)
    else:
        bonus = False
    if s.phase is Phase.OVER:
        return s
    if s.vet is not None and s.vet.tsunami is not None:
        s = rules_of(s).entries_after_place(s, move.moved)
        if s.vet is not None and s.vet.rolls:
            return s
    if bonus and s.pool:
        return replace(s, phase=Phase.BONUS)
    return start_draw(s)


def why_not(rank: int) -> str:
    """Why a placement of this rank needs ruling on, for the table."""
    if rank == 1:
        return "that placement loses your own ship"
    return "that placement puts two ships on one wake going the same way"


def shown_hand_problem(s: State, shown: Sequence[Tile]) -> str | None:
    """Why a hand shown by the active player cannot be theirs, or None when it can be.

    The laid tile counts as part of the hand, as in :class:`~companion.tsuro.actions.Place`.
    """
    try:
        _revealed(s, s.active, shown)
    except IllegalAction as exc:
        return str(exc)
    return None


def _revealed(s: State, seat: int, shown: Sequence[Tile]) -> tuple[tuple[int, ...], Pile]:
    """The hand as shown, checked against what the companion already knows of it."""
    return revealed_numbers(s, seat, [pattern_number(t) for t in shown])


def apply_bonus(s: State, a: Bonus) -> State:
    if "reference-bonus" in s.game.options:
        raise IllegalAction("with reference-bonus the active player keeps two: 'keep T1 T2'")
    seat = s.active
    give, take = pattern_numbers(a.give), pattern_numbers(a.take)
    hand, pool = list(s.hands[seat]), list(s.pool)
    try:
        for t in give:
            hand.remove(t)
        for t in take:
            pool.remove(t)
    except ValueError:
        raise IllegalAction(
            f"{a.notation()!r}: those tiles are not in the hand and the eliminated hands"
        ) from None
    hand += take
    pool += give
    s = replace(
        s,
        hands=with_hand(s.hands, seat, tuple(hand)),
        pile=s.pile.to_bottom_unordered(pool),
        pool=(),
        events=(Event("bonus", seat=seat, detail=str(len(give))),),
    )
    return start_draw(s)

