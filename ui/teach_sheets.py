"""The camera setup's teaching sheets: what each holds, how the screen draws it and how the
simulated table lays it. No Kivy here; the vision package is imported only when used.

A sheet maps every square of the board to a tile as it lies, a daikaiju, a piece of
Veterans of the Seas (:class:`vision.reading.VetPiece`) or None (left bare).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core.board import BoardProfile, Side, Square
from companion.games import UnknownGame, game_info
from companion.tsuro.tiles import Tile

from .camera import Piece, VetMark
from .model import BoardPicture

VETERANS_OPTION = "veterans"
"""The rule option of the Seas engine that brings the expansion's pieces to the table."""


def offers_veterans(game: str) -> bool:
    """Whether the game can be played with Veterans of the Seas (its pieces can then lie
    on the board, so the camera may be taught them)."""
    try:
        return any(o.name == VETERANS_OPTION for o in game_info(game).options)
    except UnknownGame:
        return False


def veterans_pieces() -> tuple[Any, ...]:
    """One of each Veterans piece the camera learns, as the command line's teach plan
    lays them (:data:`vision.veterans.PIECES`): the gold and the blue tsunami, the uzushio
    and a mystic portal, each facing north."""
    from vision.veterans import PIECES

    return PIECES


@dataclass(frozen=True)
class SheetPicture(BoardPicture):
    """A teaching sheet as the screen draws it: the board picture's tiles and daikaiju,
    and the Veterans pieces, which a game's board picture has no room for (two tsunami on
    squares at once, say)."""

    veterans: Mapping[Square, VetMark] = field(default_factory=dict)
    others: frozenset[Square] = frozenset()
    """Squares whose tile is to be the other piece of it (the box holds two): copies of a
    tile differ in print, so the camera is shown both (:func:`vision.teach_plan.other_pieces`)."""


def is_daikaiju(piece: object) -> bool:
    """A daikaiju piece (a Veterans piece has a facing too, so the type decides)."""
    from vision.reading import Daikaiju

    return isinstance(piece, Daikaiju)


def vet_mark(piece: object) -> VetMark | None:
    """A Veterans piece as the app's table and board view know it (None: not one)."""
    from vision.reading import VetPiece

    if not isinstance(piece, VetPiece):
        return None
    return VetMark(piece.kind, piece.arrow, piece.facing)


def sheet_picture(board: BoardProfile, sheet: Mapping[Square, Any],
                  others: frozenset[Square] = frozenset()) -> SheetPicture:
    """A sheet as the board view draws it (tiles, daikaiju and Veterans pieces where to lay
    them); ``others``: the squares that take the other piece of their tile."""
    tiles = {sq: p for sq, p in sheet.items() if isinstance(p, Tile)}
    daikaiju = {sq: p.facing for sq, p in sheet.items() if is_daikaiju(p)}
    veterans = {sq: m for sq, p in sheet.items() if (m := vet_mark(p)) is not None}
    return SheetPicture(board.rows, board.cols, tiles=tiles, daikaiju=daikaiju,
                        veterans=veterans, others=frozenset(sq for sq in others if sq in tiles))


def _listed(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def others_words(picture: BoardPicture) -> str:
    """The guide's words for the squares of a sheet that take the other piece of their tile
    ("" when none): the box holds two pieces of those tiles and the camera learns both.

    >>> from companion.core.board import Square
    >>> from companion.tsuro.tiles import PATTERNS
    >>> pic = SheetPicture(7, 7, tiles={Square(1, 2): PATTERNS[0], Square(3, 1): PATTERNS[1]},
    ...                    others=frozenset({Square(3, 1), Square(1, 2)}))
    >>> others_words(pic)
    '; on r1c2 and r3c1 lay the other piece of this tile, not the one an earlier sheet showed (your box holds two)'
    """
    names = [sq.name() for sq in sorted(getattr(picture, "others", frozenset()))]
    if not names:
        return ""
    return (f"; on {_listed(names)} lay the other piece of this tile, not the one an earlier sheet "
            "showed (your box holds two)")


def table_pieces(sheet: Mapping[Square, Any]) -> dict[Square, Piece]:
    """A sheet as the simulated table holds pieces (a daikaiju is the side it faces)."""
    pieces: dict[Square, Piece] = {}
    for sq, p in sheet.items():
        if p is None:
            continue
        if isinstance(p, Tile):
            pieces[sq] = p
        elif (mark := vet_mark(p)) is not None:
            pieces[sq] = mark
        else:
            pieces[sq] = p.facing
    return pieces


NAMES = {("tsunami", "gold"): "the gold-arrowed tsunami (drawn gold)",
         ("tsunami", "blue"): "the blue-arrowed tsunami (drawn blue)",
         ("uzushio", None): "the uzushio (drawn teal, with rings)",
         ("portal", None): "a mystic portal tile (drawn purple, with rings)"}


def veterans_words(picture: BoardPicture) -> str:
    """The guide's words for the Veterans pieces a sheet asks for ("" when none): those
    with an arrow, which points up as drawn, then the portal.

    >>> from companion.core.board import Square
    >>> pic = SheetPicture(7, 7, veterans={Square(1, 1): VetMark("uzushio"),
    ...                                    Square(1, 2): VetMark("portal")})
    >>> veterans_words(pic)
    '; the uzushio (drawn teal, with rings), its arrow pointing up as drawn; and a mystic portal tile (drawn purple, with rings)'
    """
    marks = sorted(getattr(picture, "veterans", {}).values(),
                   key=lambda m: list(NAMES).index((m.kind, m.arrow)))
    arrowed = [NAMES[(m.kind, m.arrow)] for m in marks if m.kind != "portal"]
    out = ""
    if arrowed:
        out = (f"; {_listed(arrowed)}, {'its arrow' if len(arrowed) == 1 else 'their arrows'} "
               "pointing up as drawn")
    if any(m.kind == "portal" for m in marks):
        out += f"; {'and ' if arrowed else ''}{NAMES[('portal', None)]}"
    return out


def two_photos(board: BoardProfile, patterns: list[Tile] | tuple[Tile, ...],
               daikaiju: int, veterans: Sequence[Any] = ()) -> list[dict[Square, Any]] | None:
    """The two teaching photos of issue 9: every pattern of the set once (turned this way
    and that) with the daikaiju pieces and the Veterans pieces in ``veterans`` (each once,
    as given: facing north), then the bare board, so each empty square's own look is
    learned. None when the pieces do not fit on the board with a square to spare. Of a
    pattern the box holds twice (listed twice), one piece is laid: the sheets of
    :func:`vision.teach_plan.teach_sheets` show both.

    >>> from companion.core.board import GAME_BOARDS
    >>> from companion.tsuro.tiles import PATTERNS
    >>> first, bare = two_photos(GAME_BOARDS["tsuro"], PATTERNS, 0)
    >>> sum(p is not None for p in first.values()), sum(p is not None for p in bare.values())
    (35, 0)
    """
    from vision.reading import Daikaiju

    distinct = list(dict.fromkeys(t.pattern() for t in patterns))
    pieces: list[Any] = [t.rotated(i) for i, t in enumerate(distinct)]
    pieces += [Daikaiju(Side.NORTH)] * daikaiju
    pieces += list(dict.fromkeys(veterans))
    squares = board.squares()
    if len(pieces) >= len(squares):
        return None
    first: dict[Square, Any] = dict.fromkeys(squares)
    first.update(zip(squares, pieces, strict=False))
    return [first, dict.fromkeys(squares)]
