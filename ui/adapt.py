"""From the Session's :class:`~companion.tsuro.session.TableView` to what the screens draw."""

from __future__ import annotations

import logging
from fractions import Fraction
from typing import Any

from companion.core.board import Point, Side, Square
from companion.core.instruction import waits
from companion.games import UnknownGame, game_info
from companion.tsuro.tiles import Tile

from .model import BoardPicture, Choice, ShipMark, Snapshot, TsunamiMark

log = logging.getLogger(__name__)

def game_title(game: str) -> str:
    try:
        return game_info(game).title
    except UnknownGame:
        return game


def is_minor(line: str) -> bool:
    """Whether an instruction is routine (shown in passing) rather than a stop: the
    rules say so with each :class:`~companion.core.instruction.Instruction`.

    >>> from companion.core.instruction import Instruction
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


_BUTTONS = {
    "draw ?": "Drew a wake tile",
    "draw taihou": "Drew a taihou",
    "draw portal": "Drew a portal",
    "draw phoenix": "Drew the Phoenix",
    "taihou keep": "Keep the taihou",
    "taihou remove": "Show it, remove it",
    "taihou hold": "Hold it: lose the ship",
    "uzushio roll": "Move the uzushio",
    "uzushio skip": "Leave the uzushio",
}
BUTTON_HEADS = ("draw", "taihou", "portal", "uzushio", "phoenix")
"""The decisions offered as buttons; placements, starts, landings and the bonus have
controls of their own."""


def button_label(notation: str) -> str:
    """The words on the button for one of the expansion's decisions.

    >>> button_label("taihou clear r3c4"), button_label("phoenix red")
    ('Fire a taihou at r3c4', 'Phoenix: red rerolls')
    >>> button_label("taihou moving r2c2"), button_label("portal r1c5")
    ('Fire a taihou at r2c2: save the ship', 'Lay a portal on r1c5')
    """
    if notation in _BUTTONS:
        return _BUTTONS[notation]
    words = notation.split()
    if words[0] == "taihou":
        return f"Fire a taihou at {words[2]}" + (": save the ship" if words[1] == "moving" else "")
    if words[0] == "portal":
        return f"Lay a portal on {words[1]}"
    if words[0] == "phoenix":
        return f"Phoenix: {words[1]} rerolls"
    return notation


def choices(session: Any) -> list[Choice]:
    """The expansion's decisions the rules allow now, as the session lists them."""
    listed = getattr(session, "choices", None)
    if listed is None or getattr(getattr(session, "state", None), "vet", None) is None:
        return []  # not the expansion: spare listing every placement after each action
    return [Choice(button_label(n), n) for n in listed() if n.split()[0] in BUTTON_HEADS]


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
    landing = getattr(session, "landing", None)
    land = None
    if view.awaiting == "land" and landing is not None:
        start_marks = tuple(Point.parse(m) for m in landing()[0])  # touched like start marks
        land = start_marks[0].square if start_marks else None
    uzushio = frozenset(
        Square.parse(sv.name) for sv in view.squares
        if sv.content == "daikaiju" and (sv.card or "").startswith("UZ")
    )
    tsunami, portal = _veterans_pieces(session)
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
        tsunami=tsunami,
        portal=portal,
        uzushio=uzushio,
        land=land,
        game=session.game.kind,
        options=frozenset(getattr(session.game, "options", ())),
    )
    odds: dict[str, Fraction] = {}
    phoenix_odds: dict[str, Fraction] = {}
    if show_odds and getattr(session.game, "has_daikaiju", False) and view.outcome is None:
        try:
            odds = dict(session.odds())
            phoenix_odds = _phoenix_odds(session)
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
        phoenix_odds=phoenix_odds,
        history=tuple(session.history()),
        over=view.outcome is not None,
        winners=tuple(view.winners),
        notes=tuple(view.defaults),
        specials=tuple(getattr(view, "veterans", ())),
    )


def _phoenix_odds(session: Any) -> dict[str, Fraction]:
    """The Phoenix holder's chance of losing its ship when it rerolls to save it."""
    state = getattr(session, "state", None)
    if state is None or getattr(state, "vet", None) is None:
        return {}
    from companion.tsuro.odds import danger_with_phoenix

    names = session.game.players
    return {names[k]: v for k, v in danger_with_phoenix(state).items()}


def _veterans_pieces(session: Any) -> tuple[TsunamiMark | None, Square | None]:
    """The tsunami and a portal at work, read off the game state (the view gives them only
    as sentences); (None, None) in a game without Veterans of the Seas."""
    state = getattr(session, "state", None)
    vet = getattr(state, "vet", None)
    if state is None or vet is None:
        return None, None
    g = state.grid
    tsunami = None
    if vet.tsunami is not None and state.game.veterans is not None:
        t = vet.tsunami
        tsunami = TsunamiMark(
            g.square(t.square), t.heading, t.number(state.game.veterans.tsunami),
            t.blue_square(g.rows, g.cols),
        )
    portal = g.square(vet.portal.square) if vet.portal is not None else None
    return tsunami, portal
