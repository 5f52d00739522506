"""The table compared with the record, in words for the players.

What the camera saw on each square (and where it saw the ships) against what the record
says should be there: "r3c4 should be empty", "the red ship should stand at r2c5:3".
Squares the camera could not make out, and ships of colours it cannot tell apart, are
never reported.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.core.board import Point, Square

from .camera import Seen, vet_marks
from .model import BoardPicture


def _expected(picture: BoardPicture, square: Square) -> str:
    """What the camera should see on a square: the record's content, or the piece of
    Veterans of the Seas lying on top."""
    mark = vet_marks(picture).get(square)
    return mark.kind if mark is not None else picture.content(square)


def differences(picture: BoardPicture, seen: dict[Square, Seen], squares: Iterable[Square]
                ) -> list[str]:
    """Where the table differs from the record, in words ("r3c4 should be empty")."""
    out = []
    for sq in squares:
        s = seen.get(sq)
        if s is None or s.content == "unknown":
            continue
        want = _expected(picture, sq)
        got = "portal" if s.content == "tile" and s.portal else s.content
        # a reader that cannot tell the uzushio from a daikaiju, or a portal from a tile,
        # is not contradicted by them
        if got != want and (want, got) not in (("uzushio", "daikaiju"), ("portal", "tile")):
            holds = {"empty": "be empty", "tile": "hold a wake tile", "daikaiju": "hold a daikaiju",
                     "tsunami": "hold the gold tsunami", "uzushio": "hold the uzushio",
                     "portal": "hold the mystic portal"}
            out.append(f"{sq} should {holds[want]}")
        elif want == "tile" and s.tile is not None and s.tile != picture.tiles[sq]:
            out.append(f"the tile on {sq} is not the one recorded")
    return out


def ship_differences(picture: BoardPicture, seen: dict[Point, str] | None,
                     colours: Iterable[str], piece: str = "ship") -> list[str]:
    """Where the ships on the table differ from the record, for the colours the camera
    can tell apart: a ship missing from its point, or a lost ship still on the board."""
    if seen is None:
        return []
    known = set(colours)
    where: dict[str, set[Point]] = {}
    for point, colour in seen.items():
        where.setdefault(colour, set()).update({point, point.across()})
    # two ships side by side on one point show as one: any of them seen there will do
    sharing: dict[Point, set[str]] = {}
    for mark in picture.ships:
        if mark.alive and mark.point is not None:
            for spot in (mark.point, mark.point.across()):
                sharing.setdefault(spot, set()).add(mark.colour)
    out = []
    for mark in picture.ships:
        if mark.colour not in known:
            continue
        if mark.alive and mark.point is not None:
            here = sharing[mark.point]
            if not any(mark.point in where.get(c, set()) for c in here):
                out.append(f"the {mark.colour} {piece} should stand at {mark.point}, as "
                           "the board on the screen shows")
        elif not mark.alive and mark.colour in where:
            out.append(f"the {mark.colour} {piece} is out of the game: take it off the board")
    return out
