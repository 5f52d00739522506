"""Plain data about a game for screens and JSON output."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from companion.core.board import Side
from companion.tsuro.actions import Relocate, Start
from companion.tsuro.describe import outcome_sentence, prompt
from companion.tsuro.paths import ORIENTED
from companion.tsuro.state import Phase, State

AWAITING = {
    Phase.DEAL: "draw",
    Phase.DRAW: "draw",
    Phase.DAIKAIJU_ROLL: "roll",
    Phase.TURN_ROLL: "roll",
    Phase.DAIKAIJU_DIE: "die",
    Phase.DAIKAIJU_DRAW: "daikaiju",
    Phase.DAIKAIJU_FACING: "facing",
    Phase.START: "start",
    Phase.RELOCATE: "relocate",
    Phase.PLACE: "place",
    Phase.BONUS: "bonus",
    Phase.OVER: "over",
    Phase.TSUNAMI_DIE: "die",
    Phase.UZUSHIO: "uzushio",
    Phase.UZUSHIO_DIE: "die",
    Phase.TAIHOU_CHECK: "taihou",
    Phase.TAIHOU_KEEP: "taihou",
    Phase.TAIHOU_SAVE: "taihou",
    Phase.PORTAL_ROLL: "roll",
    Phase.PORTAL_LAND: "land",
}


@dataclass(frozen=True, slots=True)
class SquareView:
    name: str
    content: str
    """``empty``, ``tile`` or ``daikaiju``."""
    tile: str | None = None
    card: str | None = None
    facing: str | None = None


@dataclass(frozen=True, slots=True)
class ShipView:
    name: str
    point: str | None
    alive: bool
    hand: int
    active: bool


@dataclass(frozen=True, slots=True)
class TableView:
    game: str
    rows: int
    cols: int
    squares: tuple[SquareView, ...]
    ships: tuple[ShipView, ...]
    turn: int
    active: str
    awaiting: str
    prompt: str
    last_roll: tuple[int, int] | None
    last_die: int | None
    pile: int
    daikaiju_left: int
    defaults: tuple[str, ...]
    outcome: str | None
    winners: tuple[str, ...]
    start_marks: tuple[str, ...] = ()
    """Where the active ship may be put now (a free start mark, or when a daikaiju blocks
    it, a free mark on the same edge): the rules' own answer, for screens to show."""
    veterans: tuple[str, ...] = ()
    """Veterans of the Seas and the Phoenix: where the tsunami is, the special tiles in
    the pile and in each hand, one line each (the uzushio is a ``daikaiju`` square, card
    ``UZ``)."""


def table_view(s: State) -> TableView:
    g = s.grid
    dks = {d.square: d for d in s.daikaiju}
    squares = []
    for i, tile in enumerate(s.board):
        name = g.square(i).name()
        if i in dks:
            d = dks[i]
            squares.append(SquareView(name, "daikaiju", card=d.card, facing=Side(d.facing).word))
        elif tile >= 0:
            squares.append(SquareView(name, "tile", tile=ORIENTED[tile].notation()))
        else:
            squares.append(SquareView(name, "empty"))
    ships = tuple(
        ShipView(
            name,
            g.point(pos).name() if pos >= 0 else None,
            pos >= 0,
            len(s.hands[i]),
            i == s.active and s.phase is not Phase.OVER,
        )
        for i, (name, pos) in enumerate(zip(s.game.players, s.ships, strict=True))
    )
    return TableView(
        game=s.game.kind,
        rows=g.rows,
        cols=g.cols,
        squares=tuple(squares),
        ships=ships,
        turn=s.turn,
        active=s.game.players[s.active],
        awaiting=AWAITING[s.phase],
        prompt=prompt(s),
        last_roll=(s.last_roll.gold, s.last_roll.blue) if s.last_roll else None,
        last_die=s.last_die or None,
        pile=s.pile.size,
        daikaiju_left=s.deck_left(),
        defaults=tuple(s.game.defaults_to_check()),
        outcome=outcome_sentence(s) if s.outcome else None,
        winners=tuple(s.game.players[w] for w in s.outcome.winners) if s.outcome else (),
        start_marks=tuple(
            str(a.point) for a in s.legal_actions() if isinstance(a, Start | Relocate)
        ) if s.phase in (Phase.START, Phase.RELOCATE) else (),
        veterans=tuple(veterans_lines(s)),
    )


def veterans_lines(s: State) -> list[str]:
    """What the state display adds for Veterans of the Seas and the Phoenix (their module
    loads only for a game that has them)."""
    if s.vet is None:
        return []
    from companion.tsuro.veterans.describe import veterans_lines as lines

    return lines(s)


def view_json(view: TableView) -> dict[str, Any]:
    return asdict(view)
