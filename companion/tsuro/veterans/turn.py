"""Where Veterans of the Seas, the Phoenix and the reference's bonus reach the turn.

This module is the path engine's rules plug-in
(:class:`companion.tsuro.rules_plugin.RulesPlugin`): a game with the ``veterans``,
``phoenix`` or ``reference-bonus`` option names it, and :mod:`companion.tsuro.state` calls
its hooks at the points of the turn where the expansion acts, and its :data:`HANDLERS`
for the expansion's actions. The state never imports this module; this one builds on the
state. The rules themselves are in the sibling modules; the pieces of the turn used here
(losing ships, drawing, ending the turn) are the path engine's own, in the modules the
state is made of (:mod:`companion.tsuro.losses`, :mod:`companion.tsuro.turn_flow`, ...).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace as dc_replace
from typing import TYPE_CHECKING, Any

from companion.core.events import Event
from companion.tsuro.actions import Action, Die, Draw, DrawDaikaiju, Facing, Roll
from companion.tsuro.daikaiju_moves import clear_square
from companion.tsuro.game import Game
from companion.tsuro.losses import lose
from companion.tsuro.state import IllegalAction, Phase, State, replace
from companion.tsuro.state_parts import pattern_numbers, tiles_of, with_hand
from companion.tsuro.state_value import STEPS, drafted, finished
from companion.tsuro.turn_flow import (
    before_place,
    end_turn,
    seas_draw_or_end,
    start_draw,
    turn_check,
)
from companion.tsuro.veterans import engine as vet_engine
from companion.tsuro.veterans import pieces as vet_pieces
from companion.tsuro.veterans import portal_play as vet_portal
from companion.tsuro.veterans.actions import (
    DrawPiece,
    FireTaihou,
    HoldTaihou,
    Keep,
    KeepTaihou,
    Land,
    Phoenix,
    PlacePortal,
    RollUzushio,
    SkipUzushio,
)
from companion.tsuro.veterans.taihou import Use
from companion.tsuro.veterans.vet import Vet

if TYPE_CHECKING:
    from companion.tsuro.rules_plugin import RulesPlugin

# The hooks the state calls that the sibling modules answer as they stand.
TSUNAMI_CARD = vet_engine.TSUNAMI_CARD
tsunami_phase = vet_engine.tsunami_phase
uzushio_afloat = vet_engine.uzushio_afloat
is_uzushio = vet_engine.is_uzushio
entries_after_place = vet_engine.entries_after_place
draw_outcomes = vet_pieces.draw_outcomes
saving_seat = vet_pieces.saving_seat
drop_lost = vet_pieces.drop_lost
split_savable = vet_pieces.split_savable
hand_count = vet_pieces.hand_count
pile_size = vet_pieces.pile_size
portal_seat = vet_portal.portal_seat


def deck(game: Game, deck: tuple[str, ...]) -> tuple[str, ...]:
    if game.expansion and game.veterans is not None and deck:
        return tuple(sorted((*deck, *vet_engine.extra_cards(game.veterans))))
    return deck


def new(game: Game) -> Vet[State] | None:
    if game.veterans is None or not game.seas:
        return None
    pile = vet_pieces.initial_pile(game.veterans, "phoenix" in game.options)
    if not game.expansion:
        pile = (0, 0, pile[2])
    return Vet(pile=pile, held=tuple((0, 0, 0) for _ in game.players))


def place_choices(s: State) -> list[Action]:
    """Besides a tile: a mystic portal, or a taihou fired at a daikaiju beside the square."""
    out: list[Action] = []
    if s.ships[s.active] < 0:
        return out
    if vet_pieces.held(s, s.active, vet_pieces.PORTAL):
        out.append(PlacePortal(s.grid.square(s.front_square(s.active))))
    out += vet_pieces.clear_choices(s)
    return out


def keep_choices(s: State) -> list[tuple[int, ...]]:
    from companion.tsuro.veterans.bonus import keep_choices

    return keep_choices(s.hands[s.active], s.pool, _wake_tiles_kept(s))


def keep_actions(s: State) -> list[Action]:
    """The reference's bonus: each pair of tiles the active player may keep."""
    return [Keep(tiles_of(k)) for k in keep_choices(s)]


def holds_taihou(s: State, seat: int) -> bool:
    return bool(vet_pieces.held(s, seat, vet_pieces.TAIHOU))


def _wake_tiles_kept(s: State) -> int:
    """Two in all: special tiles that count toward the hand take their places."""
    if s.vet is None:
        return 2
    return max(0, 2 - (vet_pieces.hand_count(s, s.active) - len(s.hands[s.active])))


def choices(s: State) -> list[Action]:
    p = s.phase
    if p is Phase.UZUSHIO:
        return [RollUzushio(), SkipUzushio()]
    if p is Phase.TAIHOU_CHECK:
        return vet_pieces.check_choices(s)
    if p is Phase.TAIHOU_KEEP:
        return list(vet_pieces.keep_choices(s))
    if p is Phase.PORTAL_LAND:
        return list(vet_portal.land_choices(s))
    if p is Phase.TAIHOU_SAVE:
        return vet_pieces.saving_choices(s)
    return []


_ROLL_STEPS = (DrawDaikaiju, Facing, Draw, DrawPiece)
"""Chance steps that follow a roll on their own: a Phoenix may still undo the roll."""


def apply(s: State, action: Action) -> State:
    """``apply`` with the expansion: its actions, the Phoenix, its errors as one line."""
    if isinstance(action, Phoenix):
        try:
            return finished(vet_pieces.phoenix(drafted(s), action))
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
    key = (s.phase, type(action))
    handler = STEPS.get(key) or HANDLERS.get(key)
    if handler is None:
        raise IllegalAction(f"{action.notation()!r} is not possible now: {s.expecting()}")
    try:
        new = finished(handler(drafted(s), action))
    except IllegalAction:
        raise
    except ValueError as exc:  # the expansion's own refusals
        raise IllegalAction(str(exc)) from None
    if "phoenix" not in s.game.options or new.vet is None:
        return new
    before: State | None
    if isinstance(action, (Roll, Die)):
        assert s.vet is not None
        before = replace(s, vet=dc_replace(s.vet, before_roll=None))
    elif isinstance(action, _ROLL_STEPS):
        before = s.vet.before_roll if s.vet is not None else None
    else:
        before = None
    if new.vet.before_roll is before:
        return new
    return finished(replace(new, vet=dc_replace(new.vet, before_roll=before)))


def tsunami_arrives(s: State, a: Facing) -> State:
    sq = s.target
    s = vet_engine.tsunami_arrives(s, a.side)
    s = clear_square(s, sq)
    return replace(s, to_place=s.to_place - 1, target=-1, card="")


def anew_next(s: State) -> State:
    assert s.vet is not None
    rest = s.vet.anew[1:]
    s = replace(s, vet=dc_replace(s.vet, anew=rest))
    if s.phase is Phase.OVER:
        return s
    if rest:
        return replace(s, phase=Phase.DAIKAIJU_ROLL, card=rest[0])
    return start_draw(replace(s, to_place=0))


def _after_placement(s: State) -> State:
    """The bonus (the active ship still afloat), then the draw."""
    if s.pool and s.ships[s.active] >= 0:
        return replace(s, phase=Phase.BONUS)
    if s.pool:
        s = replace(s, pile=s.pile.to_bottom_unordered(s.pool), pool=())
    return start_draw(s)


def _apply_tsunami_die(s: State, a: Die) -> State:
    s = vet_engine.tsunami_die(s, a.face)
    assert s.vet is not None
    if s.phase is Phase.OVER or s.vet.rolls:
        return s
    if s.vet.after == "place":
        return _after_placement(s)
    if s.ships[s.active] < 0:
        return end_turn(s)
    return turn_check(s)


def _apply_uzushio_choice(s: State, a: RollUzushio | SkipUzushio) -> State:
    if isinstance(a, RollUzushio):
        return replace(s, phase=Phase.UZUSHIO_DIE)
    return before_place(s)


def _apply_uzushio_die(s: State, a: Die) -> State:
    s = vet_engine.uzushio_die(replace(s, last_die=a.face), a.face)
    return s if s.phase is Phase.OVER else before_place(s)


def _apply_taihou_check(s: State, a: FireTaihou | HoldTaihou) -> State:
    if isinstance(a, HoldTaihou):
        return end_turn(lose(s, [(s.active, "daikaiju")]))
    return before_place(vet_pieces.fire(s, a))


def _apply_taihou_clear(s: State, a: FireTaihou) -> State:
    if a.use is not Use.CLEAR:
        raise IllegalAction(
            f"{a.notation()!r}: instead of a tile a taihou clears a daikaiju beside the square "
            "('taihou clear SQUARE')"
        )
    return start_draw(vet_pieces.fire(s, a))


def _apply_taihou_save(s: State, a: FireTaihou | HoldTaihou) -> State:
    s = vet_pieces.save(s, a)
    assert s.vet is not None
    if s.vet.saving:
        return s
    lost = s.vet.pending
    if lost:
        s = replace(s, vet=dc_replace(s.vet, pending=()))
        bonus = any(x != s.active for x, _ in lost) and all(x != s.active for x, _ in lost)
        s = lose(s, lost, pool_hands=bonus)
        if s.phase is Phase.OVER:
            return s
    assert s.vet is not None
    rolls = tuple(x for x in s.vet.rolls if s.ships[x] >= 0)
    s = replace(s, vet=dc_replace(s.vet, rolls=rolls))
    if rolls:
        return replace(s, phase=Phase.TSUNAMI_DIE)
    return _after_placement(s)


def _apply_keep_taihou(s: State, a: KeepTaihou) -> State:
    return seas_draw_or_end(vet_pieces.keep_taihou(s, a))


def _apply_draw_piece(s: State, a: DrawPiece) -> State:
    s = vet_pieces.draw_piece(s, a)
    return s if s.phase is Phase.TAIHOU_KEEP else seas_draw_or_end(s)


def _portal_done(s: State) -> State:
    assert s.vet is not None
    if s.phase is Phase.OVER or s.vet.portal is not None or s.vet.anew:
        return s
    return start_draw(s)


def _apply_portal(s: State, a: PlacePortal) -> State:
    return vet_portal.place_portal(s, a.square)


def _apply_portal_roll(s: State, a: Roll) -> State:
    return _portal_done(vet_portal.portal_roll(replace(s, last_roll=a), a.gold, a.blue))


def _apply_land(s: State, a: Land) -> State:
    return _portal_done(vet_portal.land(s, a))


def _apply_keep(s: State, a: Keep) -> State:
    """The reference's bonus: keep two of hand and eliminated tiles, the rest under the pile."""
    from companion.tsuro.veterans.bonus import leftovers

    if "reference-bonus" not in s.game.options:
        raise IllegalAction("the bonus here is a swap: 'bonus none' or 'bonus give T take T'")

    kept = pattern_numbers(a.tiles)
    rest = leftovers(s.hands[s.active], s.pool, kept, _wake_tiles_kept(s))
    s = replace(
        s,
        hands=with_hand(s.hands, s.active, tuple(sorted(kept))),
        pile=s.pile.to_bottom_unordered(rest),
        pool=(),
        events=(Event("bonus", seat=s.active, detail=str(len(rest))),),
    )
    return start_draw(s)


HANDLERS: dict[tuple[Phase, type], Callable[[State, Any], State]] = {
    (Phase.TSUNAMI_DIE, Die): _apply_tsunami_die,
    (Phase.UZUSHIO, RollUzushio): _apply_uzushio_choice,
    (Phase.UZUSHIO, SkipUzushio): _apply_uzushio_choice,
    (Phase.UZUSHIO_DIE, Die): _apply_uzushio_die,
    (Phase.TAIHOU_CHECK, FireTaihou): _apply_taihou_check,
    (Phase.TAIHOU_CHECK, HoldTaihou): _apply_taihou_check,
    (Phase.PLACE, FireTaihou): _apply_taihou_clear,
    (Phase.PLACE, PlacePortal): _apply_portal,
    (Phase.TAIHOU_KEEP, KeepTaihou): _apply_keep_taihou,
    (Phase.TAIHOU_SAVE, FireTaihou): _apply_taihou_save,
    (Phase.TAIHOU_SAVE, HoldTaihou): _apply_taihou_save,
    (Phase.DRAW, DrawPiece): _apply_draw_piece,
    (Phase.PORTAL_ROLL, Roll): _apply_portal_roll,
    (Phase.PORTAL_LAND, Land): _apply_land,
    (Phase.BONUS, Keep): _apply_keep,
}
"""The expansion's (phase, action) pairs; the state's own table holds the base game's."""

if TYPE_CHECKING:  # mypy checks that this module is a whole plug-in
    import companion.tsuro.veterans.turn as _this

    _PLUGIN: RulesPlugin[State] = _this
