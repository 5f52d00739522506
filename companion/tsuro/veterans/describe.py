"""Sentences for the table about the expansion's pieces, and what the game waits for.

:mod:`companion.tsuro.describe` asks here first for every event of a game with Veterans of the
Seas or the Phoenix; ``None`` means the event is not the expansion's. Each sentence that
rests on a default of ``veterans.json`` says so.

The expansion's event kinds: ``tsunami-placed`` (``card`` holds the blue tile's square),
``tsunami-moved``, ``tsunami-gone``, ``tsunami-roll`` (``detail``: the number),
``daikaiju-tucked`` (a taihou fired), ``daikaiju-anew``, ``portal-placed``,
``portal-roll`` (``detail``: ``lay`` or ``join``), ``portal-gone``, ``taihou-removed``,
``phoenix``; ``drew`` with ``detail`` ``taihou``, ``portal`` or ``phoenix``; and
``ship-lost`` for the reasons ``tsunami`` and ``portal``. The uzushio's moves are the
daikaiju's kinds with its card (``UZ``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.tsuro.state_parts import Phase
from companion.tsuro.veterans.actions import KeepTaihou
from companion.tsuro.veterans.engine import is_uzushio

if TYPE_CHECKING:
    from companion.core.events import Event
    from companion.tsuro.state_value import State

CHECK = "(default: check against your sheet)"
_PIECE = {"taihou": "a taihou", "portal": "a mystic portal tile", "phoenix": "the Phoenix tile"}


def sentence(e: Event, state: State) -> str | None:
    """The sentence for one of the expansion's events, else None."""
    g = state.grid
    names = state.game.players
    who = names[e.seat] if 0 <= e.seat < len(names) else ""
    sq = g.square(e.square).name() if e.square >= 0 else ""
    k = e.kind
    if k == "tsunami-placed":
        by = f", brought in by {who}" if who else ", at setup"
        return (
            f"Place the gold tsunami on {sq}, its arrow pointing {e.detail}{by}; put the blue "
            f"tsunami beyond the board's edge at {e.card}, the two 2s facing each other "
            f"{CHECK}."
        )
    if k == "tsunami-moved":
        dest = g.square(e.to).name()
        return f"Move the tsunami from {sq} one square {e.detail} to {dest}."
    if k == "tsunami-gone":
        return (
            f"The tsunami at {sq} leaves the board: take both tsunami tiles out of the game "
            "for good."
        )
    if k == "tsunami-roll":
        return f"{who.capitalize()} rolls a die: below {e.detail} loses the ship."
    if k == "ship-lost" and e.detail in ("tsunami", "portal"):
        why = "is swept away by the tsunami" if e.detail == "tsunami" else (
            "comes out of the portal onto a daikaiju"
        )
        return f"The {who} ship {why}: take it off the board. {who.capitalize()} is out."
    if k in ("daikaiju-moved", "daikaiju-turned", "daikaiju-gone", "daikaiju-destroyed") and (
        is_uzushio(e.card)
    ):
        return _uzushio(e, sq, state)
    if k == "daikaiju-placed" and is_uzushio(e.card):
        return f"Place the uzushio on {sq}, its forward arrow pointing {e.detail}."
    if k == "daikaiju-tucked":
        return (
            f"{who.capitalize()} discards a taihou: tuck the daikaiju {e.card} at {sq} face "
            "down beneath the daikaiju deck."
        )
    if k == "daikaiju-anew":
        return (
            f"The daikaiju {e.card} at {sq} is beside the portal: take it up; it comes into "
            "play anew (roll for its square)."
        )
    if k == "drew" and e.detail in _PIECE:
        extra = " Keep it, or show it and remove it from the game." if e.detail == "taihou" else ""
        return f"{who.capitalize()} drew {_PIECE[e.detail]}.{extra}"
    if k == "taihou-removed":
        return f"{who.capitalize()} shows the taihou and removes it from the game; draw again."
    if k == "portal-placed":
        return (
            f"{who.capitalize()} lays a mystic portal on {sq}: each ship touching it rolls the "
            "gold and blue dice in turn, the active player last."
        )
    if k == "portal-gone":
        return f"Take the mystic portal at {sq} out of the game {CHECK}."
    if k == "portal-roll":
        if e.detail == "lay":
            how = "lays a tile from the hand there and picks where it starts"
        else:  # landing on a tile is our reading of the reference
            how = f"picks a free point of the tile there to start from {CHECK}"
        return f"The {who} ship goes through the portal to {sq}: {who} {how}."
    if k == "phoenix":
        return f"{who.capitalize()} discards the Phoenix tile: that roll is made again."
    return None


def _uzushio(e: Event, sq: str, state: State) -> str:
    g = state.grid
    arrows = "by its arrows " + CHECK
    if e.kind == "daikaiju-moved":
        dest = g.square(e.to).name()
        return f"Move the uzushio at {sq} one square {e.detail} to {dest}, {arrows}."
    if e.kind == "daikaiju-turned":
        return f"Turn the uzushio at {sq} a quarter turn to face {e.detail}, {arrows}."
    how = "leaves the board" if e.kind == "daikaiju-gone" else "is destroyed"
    return f"The uzushio at {sq} {how}: take it away."


def prompt(state: State) -> str | None:
    """What the table should do now, for the expansion's phases; else None."""
    p = state.phase
    who = state.game.players[state.active].capitalize()
    vet = state.vet
    if vet is None:
        return None
    if p is Phase.DRAW and any(vet.pile):
        drawer = state.game.players[state.drawer].capitalize()
        # only the pieces still in the pile: the prompt's commands are typed as they stand
        left = [k for k, count in zip(("taihou", "portal", "phoenix"), vet.pile, strict=True)
                if count]
        names = {"taihou": "a taihou", "portal": "a mystic portal", "phoenix": "the Phoenix tile"}
        wake = "'draw ?' for a wake tile; " if state.pile.size else ""
        return (
            f"{drawer}: draw a tile ({wake}{' or '.join(names[k] for k in left)} is announced: "
            f"{', '.join(repr(f'draw {k}') for k in left)})."
        )
    if p is Phase.TSUNAMI_DIE and vet.rolls:
        roller = state.game.players[vet.rolls[0]].capitalize()
        return f"{roller}: roll a die against the tsunami; below {vet.number} loses the ship."
    if p is Phase.UZUSHIO:
        return (
            f"{who}: the daikaiju sleep; the uzushio may move ('uzushio roll') or stay "
            "('uzushio skip')."
        )
    if p is Phase.UZUSHIO_DIE:
        return "Roll the single die for the uzushio."
    if p is Phase.TAIHOU_CHECK:
        return (
            f"{who}: a daikaiju is in front of your ship. Fire a taihou to tuck it under the "
            "deck, or hold it and lose the ship."
        )
    if p is Phase.TAIHOU_SAVE and vet.saving:
        owner = state.game.players[vet.saving[0][0]].capitalize()
        return (
            f"{owner}: your ship's wake runs into a daikaiju. Fire a taihou to tuck it under "
            "the deck ('taihou moving SQUARE'), or hold it ('taihou hold') and lose the ship."
        )
    if p is Phase.TAIHOU_KEEP:
        drawer = state.game.players[state.drawer].capitalize()
        assert state.game.veterans is not None
        limit = state.game.veterans.taihou.keep_limit
        if state.legal_actions() == [KeepTaihou(False)]:
            return (
                f"{drawer}: a hand keeps at most {limit} taihou {CHECK}: show this one and "
                "remove it from the game ('taihou remove'), then draw again."
            )
        return f"{drawer}: keep the taihou, or show it and remove it from the game."
    if p is Phase.PORTAL_ROLL and vet.portal is not None and vet.portal.queue:
        seat = state.game.players[vet.portal.queue[0]].capitalize()
        return f"{seat}: roll the gold and blue dice for where your ship comes out of the portal."
    if p is Phase.PORTAL_LAND and vet.portal is not None and vet.portal.queue:
        seat = state.game.players[vet.portal.queue[0]].capitalize()
        where = state.grid.square(vet.portal.target)
        return f"{seat}: choose where on {where} your ship starts ('land POINT TILE' or 'land POINT')."
    return None


def veterans_lines(state: State) -> list[str]:
    """What the state display adds for the expansion: the tsunami and the special tiles."""
    vet = state.vet
    if vet is None:
        return []
    out = []
    g = state.grid
    if vet.tsunami is not None:
        t = vet.tsunami
        assert state.game.veterans is not None
        number = t.number(state.game.veterans.tsunami)
        out.append(
            f"tsunami: gold on {g.square(t.square)} heading {t.heading.word}, blue beyond the "
            f"edge at {t.blue_square(g.rows, g.cols)}; connecting number {number}"
        )
    elif vet.tsunami_gone:
        out.append("tsunami: gone for the rest of the game")
    kinds = ("taihou", "portal", "Phoenix")
    if any(vet.pile):
        left = ", ".join(f"{n} {k}" for n, k in zip(vet.pile, kinds, strict=True) if n)
        out.append(f"shuffled into the draw pile: {left}")
    for seat, held in enumerate(vet.held):
        if any(held):
            has = ", ".join(f"{n} {k}" for n, k in zip(held, kinds, strict=True) if n)
            out.append(f"{state.game.players[seat]} holds {has}")
    return out
