"""The simulated boxes hold the pieces their games hold (issue 9's test material).

A Tsuro box has every tile once: the tile on the board is the very piece the owner taught, so
it must be drawn with the same texture wherever it lies. A Seas box holds two of some tiles,
each its own physical piece, and both copies turn up on boards.
"""

from __future__ import annotations

from companion.core.board import Square
from companion.tsuro.tiles import Tile
from vision import looks


def _patterns(game: str) -> dict[Tile, int]:
    counts: dict[Tile, int] = {}
    for piece in looks.inventory(game):
        if isinstance(piece, Tile):
            counts[piece.pattern()] = counts.get(piece.pattern(), 0) + 1
    return counts


SQUARES = [Square(r, c) for r in range(1, 8) for c in range(1, 8)]


def test_a_tsuro_tile_is_one_piece_wherever_it_lies() -> None:
    for tile in _patterns("tsuro"):
        copies = {looks._copy_of(tile.rotated(1), sq, "tsuro") for sq in SQUARES}
        assert copies == {0}, tile.notation()


def test_a_seas_pattern_held_twice_shows_both_of_its_pieces() -> None:
    counts = _patterns("tsuro-of-the-seas")
    twice = [t for t, n in counts.items() if n == 2]
    assert twice, "the Seas box holds two of some tiles"
    for tile in twice:
        assert {looks._copy_of(tile, sq, "tsuro-of-the-seas") for sq in SQUARES} == {0, 1}
    for tile in (t for t, n in counts.items() if n == 1):
        assert {looks._copy_of(tile, sq, "tsuro-of-the-seas") for sq in SQUARES} == {0}


def test_a_tsuro_board_photo_differs_from_one_drawn_as_from_a_seas_box() -> None:
    # the same position, seed and look: only the copies drawn differ
    twice = next(t for t, n in _patterns("tsuro-of-the-seas").items() if n == 2)
    sq = next(s for s in SQUARES[:36] if looks._copy_of(twice, s) == 1)
    position = {sq: twice}
    as_tsuro, _ = looks.board_photo("mottled", 6, 6, position, 5, game="tsuro")
    as_seas, _ = looks.board_photo("mottled", 6, 6, position, 5)
    assert (as_tsuro != as_seas).any()
