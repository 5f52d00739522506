"""Positions for rules tests, built square by square.

The pile is whatever of the tile set is not on the board or in a hand, so the tile
conservation invariant holds for every position built here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from companion.core.board import Point, Side, Square
from companion.tsuro.game import PATTERN_INDEX, Game
from companion.tsuro.paths import TILE_INDEX
from companion.tsuro.piles import Pile, remove_one
from companion.tsuro.state import Daikaiju, Phase, State, new_state
from companion.tsuro.tiles import Tile


def build(
    kind: str = "tsuro-of-the-seas",
    players: Sequence[str] = ("red", "blue"),
    *,
    board: Mapping[str, str] | None = None,
    ships: Mapping[str, str | None] | None = None,
    daikaiju: Iterable[tuple[str, str, str]] = (),
    hands: Mapping[str, Sequence[str]] | None = None,
    phase: Phase = Phase.PLACE,
    active: str | None = None,
    turn: int = 5,
    options: Sequence[str] = (),
) -> State:
    game = Game.create(kind, list(players), list(options))
    s = new_state(game)
    g = s.grid
    cells = list(s.board)
    used: list[int] = []
    for name, text in (board or {}).items():
        tile = Tile.parse(text)
        cells[g.index(Square.parse(name))] = TILE_INDEX[tile]
        used.append(PATTERN_INDEX[tile.pattern()])
    hand_list = []
    for p in players:
        h = tuple(sorted(PATTERN_INDEX[Tile.parse(t).pattern()] for t in (hands or {}).get(p, ())))
        used.extend(h)
        hand_list.append(h)
    pool = tuple(sorted(game.tile_set))
    for t in used:
        pool = remove_one(pool, t)
    positions = []
    for p in players:
        where = (ships or {}).get(p)
        positions.append(g.position(Point.parse(where)) if where else -1)
    dks = tuple(
        Daikaiju(card, g.index(Square.parse(sq)), int(Side.parse(facing)))
        for card, sq, facing in daikaiju
    )
    on_board = {d.card for d in dks}
    return replace(
        s,
        phase=phase,
        active=list(players).index(active) if active else 0,
        board=tuple(cells),
        ships=tuple(positions),
        hands=tuple(hand_list),
        pile=Pile.shuffled_from(pool),
        daikaiju=dks,
        dk_deck=tuple(c for c in s.dk_deck if c not in on_board),
        turn=turn,
    )


def square_of(state: State, position: int) -> str:
    return state.grid.point(position).name()
