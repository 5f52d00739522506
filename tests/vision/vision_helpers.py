"""Shared helpers for the camera tests: boards drawn by the simulated camera."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from companion.core.board import Side, Square
from companion.tsuro.tiles import Tile
from vision.reading import BoardReading, Content, Daikaiju, VetPiece

Piece = Tile | Daikaiju | None


def score(reading: BoardReading, truth: Mapping[Square, Piece]) -> tuple[int, int, list[str]]:
    """(right, unknown, wrong descriptions) of a reading against the true board."""
    right = unknown = 0
    wrong: list[str] = []
    for sq, piece in truth.items():
        got = reading.squares[sq]
        if got.content is Content.UNKNOWN:
            unknown += 1
        elif got.piece() == piece:
            right += 1
        else:
            wrong.append(f"{sq}: {piece} read as {got.to_json()}")
    return right, unknown, wrong


def spread(tiles: list[Tile | Daikaiju | None], squares: tuple[Square, ...]
           ) -> list[dict[Square, Piece]]:
    """Lay the pieces out over as many boards as it takes."""
    boards: list[dict[Square, Piece]] = []
    for start in range(0, len(tiles), len(squares)):
        chunk = tiles[start : start + len(squares)]
        board: dict[Square, Piece] = {sq: None for sq in squares}
        board.update(dict(zip(squares, chunk, strict=False)))
        boards.append(board)
    return boards


def blank(h: int = 480, w: int = 640, value: int = 128) -> np.ndarray:
    return np.full((h, w, 3), value, np.uint8)


VET_AT = {VetPiece("tsunami", "gold", Side.EAST): Square(2, 3),
          VetPiece("tsunami", "blue", Side.SOUTH): Square(4, 6),
          VetPiece("uzushio", facing=Side.WEST): Square(6, 2),
          VetPiece("portal"): Square(5, 4)}
"""Where the Veterans tests lay one of each piece on the Seas board."""
