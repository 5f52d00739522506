"""The camera setup's teaching sheets: what each holds, how the screen draws it and how the
simulated table lays it. No Kivy here; the vision package is imported only when used.

A sheet maps every square of the board to a tile as it lies, a daikaiju, a piece of
Veterans of the Seas (:class:`vision.reading.VetPiece`) or None (left bare).
"""

from __future__ import annotations

from collections import Counter
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
    kaiju_names: Mapping[Square, str] = field(default_factory=dict)
    """The daikaiju tile to lay on each daikaiju square, as :func:`deck_names` names it
    ("1 gold"): each of the box's tiles prints its own arrows, and the camera is shown all."""


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
                  others: frozenset[Square] = frozenset(),
                  kaiju_names: Mapping[Square, str] | None = None) -> SheetPicture:
    """A sheet as the board view draws it (tiles, daikaiju and Veterans pieces where to lay
    them); ``others``: the squares that take the other piece of their tile; ``kaiju_names``:
    which daikaiju tile goes on each daikaiju square (:func:`daikaiju_names`)."""
    tiles = {sq: p for sq, p in sheet.items() if isinstance(p, Tile)}
    daikaiju = {sq: p.facing for sq, p in sheet.items() if is_daikaiju(p)}
    veterans = {sq: m for sq, p in sheet.items() if (m := vet_mark(p)) is not None}
    names = {sq: name for sq, name in (kaiju_names or {}).items() if sq in daikaiju and name}
    return SheetPicture(board.rows, board.cols, tiles=tiles, daikaiju=daikaiju,
                        veterans=veterans, others=frozenset(sq for sq in others if sq in tiles),
                        kaiju_names=names)


def deck_names(count: int) -> tuple[str, ...]:
    """The box's ``count`` daikaiju tiles as an owner tells them apart, by rotation number
    and arrow colour ("1 gold"), in the order of the daikaiju deck as the game loads it (the
    owner's edited copy, else the shipped one); "" for a piece the deck does not list.

    >>> deck_names(3)
    ('1 gold', '1 blue', '2 gold')
    """
    from companion.tsuro.daikaiju import load_deck

    try:
        cards = load_deck().cards
    except (ValueError, OSError):  # a broken deck file: the game says so; here, no names
        cards = ()
    names = [f"{c.rotation} {c.colour}" for c in cards][:max(count, 0)]
    return (*names, *[""] * (count - len(names)))


def daikaiju_names(sheets: Sequence[Mapping[Square, Any]], names: Sequence[str]
                   ) -> list[dict[Square, str]]:
    """Per sheet, the name of the daikaiju tile for each of its daikaiju squares: ``names``
    handed out in reading order, sheet by sheet, so a sheet reads "1 gold, 1 blue" left to
    right and the next goes on from there (squares past the last name get none).

    >>> from companion.core.board import Side, Square
    >>> from vision.reading import Daikaiju
    >>> one = {Square(2, 1): Daikaiju(Side.NORTH), Square(1, 3): Daikaiju(Side.NORTH)}
    >>> [{sq.name(): n for sq, n in s.items()} for s in daikaiju_names([one, one], ["1 gold", "1 blue", "2 gold"])]
    [{'r1c3': '1 gold', 'r2c1': '1 blue'}, {'r1c3': '2 gold'}]
    """
    left = iter(names)
    out = []
    for sheet in sheets:
        kaiju = sorted(sq for sq, p in sheet.items() if is_daikaiju(p))
        out.append({sq: name for sq, name in zip(kaiju, left, strict=False)})
    return out


def kaiju_words(picture: BoardPicture) -> str:
    """The guide's words for a sheet's daikaiju ("" when none): each one named where the
    sheet names it (its rotation number on a disc of its arrow colour).

    >>> from companion.core.board import Side, Square
    >>> pic = SheetPicture(7, 7, daikaiju={Square(1, 1): Side.NORTH, Square(1, 2): Side.NORTH},
    ...                    kaiju_names={Square(1, 1): "1 gold", Square(1, 2): "1 blue"})
    >>> kaiju_words(pic)
    ', and each daikaiju facing as drawn, on the square with its rotation number in its arrow colour (here 1 gold and 1 blue)'
    >>> kaiju_words(SheetPicture(7, 7, daikaiju={Square(1, 1): Side.NORTH}))
    ', and the daikaiju facing as its arrow'
    """
    if not picture.daikaiju:
        return ""
    names = [n for _, n in sorted(getattr(picture, "kaiju_names", {}).items())]
    if not names:
        return ", and the daikaiju facing as its arrow"
    return (", and each daikaiju facing as drawn, on the square with its rotation number in "
            f"its arrow colour (here {_listed(names)})")


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


def box_words(picture: BoardPicture, more_to_come: bool) -> str:
    """The camera setup's short words on the pieces of a sheet when the box takes more than
    one sheet ("" when there is nothing to say): which tiles are the second piece of a pair
    (the sheet view marks them "2"), and, while sheets of pieces are still to come, that the
    pieces just photographed are put aside, so "the other piece" is simply the one left.

    >>> from companion.core.board import Square
    >>> from companion.tsuro.tiles import PATTERNS
    >>> pic = SheetPicture(7, 7, tiles={Square(1, 2): PATTERNS[0]}, others=frozenset({Square(1, 2)}))
    >>> box_words(pic, False)
    '; a tile marked 2 is the second piece of a tile your box holds twice: lay the one not photographed yet'
    >>> box_words(SheetPicture(7, 7), True)
    '; after the photo, put these pieces aside: the next sheet takes pieces still in the box'
    """
    out = ""
    if getattr(picture, "others", frozenset()):
        out += ("; a tile marked 2 is the second piece of a tile your box holds twice: lay the "
                "one not photographed yet")
    if more_to_come:
        out += "; after the photo, put these pieces aside: the next sheet takes pieces still in the box"
    return out


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
    """The older two teaching photos: every pattern of the set once (a pattern the box holds
    twice: one of its pieces) with the daikaiju and Veterans pieces, then the bare board; None
    when they do not fit on one sheet with a square to spare. The camera setup now lays the
    whole box (:func:`box_photos`); this plan stays to compare lessons with.

    >>> from companion.core.board import GAME_BOARDS
    >>> from companion.tsuro.tiles import PATTERNS
    >>> first, bare = two_photos(GAME_BOARDS["tsuro"], PATTERNS, 0)
    >>> sum(p is not None for p in first.values()), sum(p is not None for p in bare.values())
    (35, 0)
    """
    one_each = list(dict.fromkeys(t.pattern() for t in patterns))
    sheets = box_photos(board, one_each, daikaiju, veterans)
    return sheets if sheets is not None and len(sheets) == 2 else None


def box_photos(board: BoardProfile, patterns: Sequence[Tile], daikaiju: int,
               veterans: Sequence[Any] = ()) -> list[dict[Square, Any]] | None:
    """The camera setup's teaching photos: every piece of the owner's box laid out once, on
    as few sheets as hold them with a square to spare on each, then the bare board (each
    empty square's own look is learned from it). The first sheet is the set as it always
    was: every pattern once, pattern ``i`` turned ``i`` quarter turns, then two of the
    ``daikaiju`` pieces facing north and the Veterans pieces in ``veterans`` (each once, as
    given), in board order from r1c1; the box's other daikaiju, facing north too, go on the
    emptiest sheet with room (:func:`daikaiju_names` says which is which). A pattern listed
    twice in ``patterns`` is one the box holds twice:
    its other piece goes on a later sheet, laid from the far end and turned otherwise
    (:func:`vision.teach_plan.other_pieces` names its square), because copies of a tile
    differ in print and a piece never shown reads only by its likeness to its twin. No sheet
    asks for a pattern twice. None when the board cannot hold a sheet.

    So a Tsuro box (every tile once) gives the one sheet it always did, and a Seas box one
    sheet more, of the other pieces.

    >>> from companion.core.board import GAME_BOARDS
    >>> from companion.tsuro.tiles import PATTERNS
    >>> sheets = box_photos(GAME_BOARDS["tsuro"], [PATTERNS[4], PATTERNS[4], PATTERNS[1]], 0)
    >>> [{sq.name(): p.pattern() == PATTERNS[4] for sq, p in s.items() if p} for s in sheets]
    [{'r1c1': True, 'r1c2': False}, {'r6c6': True}, {}]
    """
    from vision.reading import Daikaiju

    held = Counter(t.pattern() for t in patterns)
    distinct = list(held)
    squares = board.squares()
    room = len(squares) - 1  # a square to spare on every sheet
    if room < 1:
        return None
    # (piece, its pattern): each pattern's first piece, the daikaiju and the Veterans pieces
    # (the set as one sheet always laid it), then each further piece of a pattern. An even
    # share of the box over two sheets was tried: taught so on the app's simulated camera,
    # four bare squares of a game read `unknown`; with the set kept on one sheet, none did,
    # and a sheet 1 photographed for an older lesson is still sheet 1.
    first_kaiju = min(max(daikaiju, 0), FIRST_SHEET_DAIKAIJU)
    pieces: list[tuple[Any, Tile | None]] = [(t.rotated(i), t) for i, t in enumerate(distinct)]
    pieces += [(Daikaiju(Side.NORTH), None)] * first_kaiju
    pieces += [(v, None) for v in dict.fromkeys(veterans)]
    pieces += [(_turned(t, i, k), t) for k in range(1, max(held.values(), default=1))
               for i, t in enumerate(distinct) if held[t] > k]
    shared: list[list[Any]] = []
    on: list[set[Tile]] = []

    def lay(piece: Any, n: int | None, pattern: Tile | None = None) -> None:
        if n is None:  # no sheet with room: a new one
            shared.append([])
            on.append(set())
            n = len(shared) - 1
        shared[n].append(piece)
        if pattern is not None:
            on[n].add(pattern)

    for piece, pattern in pieces:  # on the first sheet with room that lacks its pattern
        lay(piece, next((n for n, items in enumerate(shared)
                         if len(items) < room and pattern not in on[n]), None), pattern)
    # The box's other daikaiju (each prints its own arrows and number) go last, each on the
    # emptiest sheet with room: for the Seas the sheet of second pieces (21 of 49 squares).
    for _ in range(max(daikaiju, 0) - first_kaiju):
        lay(Daikaiju(Side.NORTH), min((n for n, items in enumerate(shared) if len(items) < room),
                                      key=lambda n: len(shared[n]), default=None))
    sheets = []
    for n, items in enumerate(shared or [[]]):
        # every other sheet fills from the far end: a pattern's two pieces then lie in
        # different places on the board, under different light
        where = squares[::-1] if n % 2 else squares
        sheet: dict[Square, Any] = dict.fromkeys(squares)
        sheet.update(zip(where, items, strict=False))
        sheets.append(sheet)
    return [*sheets, dict.fromkeys(squares)]


FIRST_SHEET_DAIKAIJU = 2
"""Daikaiju on the first sheet, as it always laid them: a sheet 1 photographed for an older
lesson is then still sheet 1 (the layout names every daikaiju alike, ``daikaiju``)."""


def _turned(pattern: Tile, i: int, k: int) -> Tile:
    """The ``k``-th further piece of pattern number ``i``: turned half a turn from the first
    (``i`` quarter turns) where the tile has four orientations, else a quarter turn on, so
    the camera sees the pattern turned otherwise."""
    turns = pattern.rotations()
    step = len(turns) // 2 if len(turns) == 4 else 1
    return turns[((i % 4) + k * step) % len(turns)]
