"""What the companion already knows about the board, in a read (issue 9).

Squares that look as they did are not read again: their reading is carried over from the
board the companion holds (or, without it, from the last reading). A square read afresh
that differs from what the companion holds is an :class:`Observation`, with whether a legal
move could have put it there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.core.board import Square
from companion.tsuro.tiles import Tile

from .read_decide import EMPTY
from .reading import BoardReading, Content, Daikaiju, Observation, Piece, SquareReading, VetPiece
from .veterans import carried as vet_carried


def carried(sq: Square, known: Mapping[Square, Piece] | None,
            previous: BoardReading | None) -> SquareReading:
    """Square ``sq`` as it was: as the companion holds it, else as last read."""
    before = previous.squares[sq] if previous is not None else None
    conf = before.confidence if before is not None else 0.9
    if known is not None and sq in known:
        piece = known[sq]
        if piece is None:
            return SquareReading(Content.EMPTY, conf, changed=False)
        if isinstance(piece, Daikaiju):
            return SquareReading(Content.DAIKAIJU, conf, facing=piece.facing, changed=False)
        if isinstance(piece, VetPiece):
            return vet_carried(piece, conf)
        return SquareReading(Content.TILE, conf, tile=piece, changed=False)
    assert before is not None
    return SquareReading(before.content, before.confidence, before.tile, before.facing,
                         changed=False)


def observe(reading: BoardReading, known: Mapping[Square, Piece],
            legal: Mapping[Square, Sequence[Tile]] | None) -> list[Observation]:
    """Squares read afresh that differ from what the companion holds."""
    out = []
    for sq, r in reading.squares.items():
        if not r.changed or r.content is Content.UNKNOWN:
            continue
        before = known.get(sq)
        if r.piece() == before:
            continue
        fits: bool | None = None
        if legal is not None:
            fits = r.content is Content.TILE and r.tile in tuple(legal.get(sq, ()))
        out.append(Observation(sq, before, r, fits))
    return out


def label_of(r: SquareReading) -> str:
    """A reading's tile as a label, or :data:`vision.read_decide.EMPTY` for anything else
    (what the box counts against: a square held with a tile uses that tile up)."""
    piece = r.piece()
    return piece.notation() if isinstance(piece, Tile) else EMPTY
