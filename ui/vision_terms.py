"""The app's board in the ``vision`` package's terms, and vision's readings in the app's.

Both cameras (the simulated one photographing the simulated table, and a real one) hand
the record to the vision reader as the pieces it expects, and turn what it read back
into the app's :class:`~ui.camera.Seen`. The vision package is imported only when a
camera reads, so the app starts without it.
"""

from __future__ import annotations

from typing import Any

from companion.core.board import Side, Square

from .camera import CameraFault, Piece, Seen, VetMark, vet_marks
from .model import BoardPicture


def vision_piece(piece: Piece) -> Any:
    """A piece of the simulated table as the vision package draws it."""
    from vision.reading import Daikaiju, VetPiece

    if isinstance(piece, Side):
        return Daikaiju(piece)
    if isinstance(piece, VetMark):
        return VetPiece(piece.kind, piece.arrow, piece.facing)
    return piece


def board_profile(rows: int, cols: int) -> Any:
    """The board of the app's size as the vision package measures it."""
    from companion.core.board import BoardProfile

    return BoardProfile(f"app-{rows}x{cols}", rows, cols, ())


def known_pieces(picture: BoardPicture) -> dict[Square, Any]:
    """The record's board in the vision package's terms (tile, daikaiju or None)."""
    from vision.reading import Daikaiju

    known: dict[Square, Any] = {sq: None for sq in _squares(picture)}
    known.update(picture.tiles)
    known.update({sq: Daikaiju(side) for sq, side in picture.daikaiju.items()})
    known.update({sq: vision_piece(mark) for sq, mark in vet_marks(picture).items()})
    return known


def _squares(picture: BoardPicture) -> list[Square]:
    return [Square(r, c) for r in range(1, picture.rows + 1) for c in range(1, picture.cols + 1)]


def seen_from_reading(reading: Any) -> dict[Square, Seen]:
    """Convert a :class:`vision.reading.BoardReading` to the app's :class:`Seen`."""
    if not getattr(reading, "found", True):
        raise CameraFault(f"The camera cannot find the board ({reading.status}).")
    out: dict[Square, Seen] = {}
    for sq, r in reading.squares.items():
        content = getattr(r.content, "value", r.content)
        out[sq] = Seen(content, tile=r.tile, facing=r.facing, confidence=float(r.confidence),
                       arrow=getattr(r, "arrow", None), portal=bool(getattr(r, "portal", False)))
    return out
