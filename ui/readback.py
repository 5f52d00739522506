"""How well the camera setup's lesson reads its own teaching photos back: no Kivy here.

:class:`ReadBack` counts squares read as their sheet says, read ``unknown`` and read as
something else. The tiles and daikaiju are counted by ``vision teach`` itself (its
teach.json); the pieces of Veterans of the Seas are read back here, with the looks just
taught, because that count leaves them out (:func:`compare_veterans`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.board import Square

SQUARES = "squares of the teaching photos"
VETERANS = "Veterans pieces"


@dataclass(frozen=True)
class ReadBack:
    """How the teaching photos read with the profile learned from them: squares read as
    their sheet says, read ``unknown``, and read as something else."""

    right: int
    unknown: int
    wrong: int

    GOOD = 0.98
    """Below this share right (or with any square wrong) the owner is asked to retake."""

    @classmethod
    def compare(cls, results: list[tuple[Mapping[Square, Any], Mapping[Square, Any]]]
                ) -> ReadBack:
        """Count from (sheet, reading) pairs: sheet square -> piece or None; reading square
        -> a :class:`vision.reading.SquareReading`.

        >>> from vision.reading import Content, SquareReading
        >>> from companion.tsuro.tiles import Tile
        >>> t = Tile.parse("10325476")
        >>> sheet = {Square(1, 1): t, Square(1, 2): None, Square(1, 3): t}
        >>> read = {Square(1, 1): SquareReading(Content.TILE, 0.9, t),
        ...         Square(1, 2): SquareReading(Content.UNKNOWN, 0.2),
        ...         Square(1, 3): SquareReading(Content.EMPTY, 0.8)}
        >>> ReadBack.compare([(sheet, read)])
        ReadBack(right=1, unknown=1, wrong=1)
        """
        right = unknown = wrong = 0
        for sheet, squares in results:
            for sq, want in sheet.items():
                got = squares[sq]
                if getattr(got.content, "value", got.content) == "unknown":
                    unknown += 1
                elif got.piece() == want:
                    right += 1
                else:
                    wrong += 1
        return cls(right, unknown, wrong)

    @property
    def total(self) -> int:
        return self.right + self.unknown + self.wrong

    @property
    def share(self) -> float:
        return self.right / self.total if self.total else 0.0

    def good(self) -> bool:
        return self.wrong == 0 and self.share >= self.GOOD

    def sentence(self, of: str = SQUARES, advice: bool = True) -> str:
        """What the owner is told (``of``: what was counted; ``advice``: what to do when
        it is not good enough, else the caller says it once for several figures).

        >>> ReadBack(70, 1, 0).sentence()
        'Read back: 70 of 71 squares of the teaching photos right (98.6%), 1 unsure, 0 wrong.'
        """
        out = (f"Read back: {self.right} of {self.total} {of} right "
               f"({self.share:.1%}), {self.unknown} unsure, {self.wrong} wrong.")
        if advice and not self.good():
            out += " " + RETAKE
        return out


RETAKE = ("That is not good enough to play by: photograph the sheets again in even light, "
          "the camera square above the board and each piece square on its square, then "
          "press Learn again.")


def read_name(got: Any) -> str:
    """A square reading in the teach layout's words for a Veterans piece
    (``tsunami:gold:east``, ``uzushio:north``, ``portal``), without the facing when the
    reader was unsure of it; otherwise the content (``tile``, ``empty``, ``unknown`` ...).

    >>> from vision.reading import Content, SquareReading
    >>> from companion.core.board import Side
    >>> read_name(SquareReading(Content.TSUNAMI, 0.9, facing=Side.EAST, arrow="gold"))
    'tsunami:gold:east'
    >>> read_name(SquareReading(Content.UZUSHIO, 0.9))
    'uzushio'
    """
    content = str(getattr(got.content, "value", got.content))
    if content == "tile" and getattr(got, "portal", False):
        return "portal"
    if content not in ("tsunami", "uzushio"):
        return content
    head = f"tsunami:{got.arrow}" if content == "tsunami" else "uzushio"
    return f"{head}:{got.facing.word}" if got.facing is not None else head


def compare_veterans(results: list[tuple[Mapping[Square, Any], Mapping[Square, Any]]]
                     ) -> ReadBack:
    """Count the Veterans pieces of (sheet, reading) pairs as :meth:`ReadBack.compare` does
    the rest: a piece read as itself facing its way is right; read ``unknown``, or as
    itself with the facing left open, unsure; anything else wrong. The sheets hold only
    Veterans pieces (:class:`vision.reading.VetPiece`).

    >>> from vision.reading import Content, SquareReading, VetPiece
    >>> from companion.core.board import Side
    >>> sheet = {Square(1, 1): VetPiece("uzushio"), Square(1, 2): VetPiece("portal"),
    ...          Square(1, 3): VetPiece("tsunami", "blue")}
    >>> read = {Square(1, 1): SquareReading(Content.UZUSHIO, 0.7),
    ...         Square(1, 2): SquareReading(Content.TILE, 0.8, portal=True),
    ...         Square(1, 3): SquareReading(Content.TSUNAMI, 0.8, facing=Side.NORTH,
    ...                                     arrow="gold")}
    >>> compare_veterans([(sheet, read)])
    ReadBack(right=1, unknown=1, wrong=1)
    """
    from vision.veterans import label

    right = unknown = wrong = 0
    for sheet, squares in results:
        for sq, want in sheet.items():
            name, wanted = read_name(squares[sq]), label(want)
            if name == wanted:
                right += 1
            elif name == "unknown" or wanted.startswith(name + ":"):
                unknown += 1
            else:
                wrong += 1
    return ReadBack(right, unknown, wrong)
