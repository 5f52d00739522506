"""From the Session's :class:`~companion.session.TableView` to what the screens draw."""

from __future__ import annotations

import logging
from typing import Any

from companion.board import Point, Side, Square
from companion.games import UnknownGame, game_info
from companion.instruction import waits
from companion.tiles import Tile

from .model import BoardPicture, ShipMark, Snapshot

log = logging.getLogger(__name__)

def game_title(game: str) -> str:
    try:
        return game_info(game).title
    except UnknownGame:
        return game


def is_minor(line: str) -> bool:
    """Whether an instruction is routine (shown in passing) rather than a stop: the
    rules say so with each :class:`~companion.instruction.Instruction`.

    >>> from companion.instruction import Instruction
    >>> is_minor(Instruction("Move the red ship along its path to r2c3:4.", "ship-moved",
    ...                      waits=False))
    True
    >>> is_minor(Instruction("Move the daikaiju 3G at r3c4 one square west to r3c3.",
    ...                      "daikaiju-moved"))
    False
    >>> is_minor("a plain sentence, from nobody knows where")
    False
    """
    return not waits(line)


def snapshot(session: Any, show_odds: bool = False) -> Snapshot:
    view = session.view()
    profile = session.game.board
    tiles: dict[Square, Tile] = {}
    daikaiju: dict[Square, Side] = {}
    for sv in view.squares:
        sq = Square.parse(sv.name)
        if sv.content == "tile" and sv.tile:
            tiles[sq] = Tile.parse(sv.tile)
        elif sv.content == "daikaiju":
            daikaiju[sq] = Side.parse(sv.facing or "north")
    ships = tuple(
        ShipMark(s.name, Point.parse(s.point) if s.point else None, s.alive, s.active)
        for s in view.ships
    )
    target = None
    active_seat = None
    for i, s in enumerate(view.ships):
        if s.active:
            active_seat = i
            if view.awaiting == "place" and s.point:
                target = Point.parse(s.point).square
    if active_seat is None and view.active in session.game.players:
        active_seat = list(session.game.players).index(view.active)
    start_marks = tuple(Point.parse(m) for m in view.start_marks)
    picture = BoardPicture(
        rows=view.rows,
        cols=view.cols,
        tiles=tiles,
        daikaiju=daikaiju,
        ships=ships,
        target=target,
        start_marks=start_marks,
        gold_columns=tuple(profile.gold_columns),
        blue_rows=tuple(profile.blue_rows),
    )
    odds = {}
    if show_odds and getattr(session.game, "has_daikaiju", False) and view.outcome is None:
        try:
            odds = dict(session.odds())
        except Exception:  # odds are a help, never a reason to stop the game
            log.exception("odds failed")
    return Snapshot(
        game=view.game,
        game_id=str(session.game_id),
        players=tuple(s.name for s in view.ships),
        active=active_seat if view.outcome is None else None,
        awaiting=view.awaiting,
        prompt=view.prompt,
        board=picture,
        dice=view.last_roll,
        die=view.last_die,
        hands=tuple(s.hand for s in view.ships),
        pile=view.pile,
        odds=odds,
        history=tuple(session.history()),
        over=view.outcome is not None,
        winners=tuple(view.winners),
        notes=tuple(view.defaults),
    )
