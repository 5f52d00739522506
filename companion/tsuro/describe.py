"""Sentences for the table: what to do with the physical pieces, and what to do next."""

from __future__ import annotations

from companion.core.events import Event
from companion.core.instruction import Instruction
from companion.tsuro.state import Phase, State

_LOSS = {
    "edge": "went off the edge of the board",
    "loop": "is caught in an endless loop",
    "daikaiju": "was destroyed by a daikaiju",
    "collision": "collided with another {thing}",
    "no free start mark on its edge": "is blocked by a daikaiju with no free start mark to move to",
}
_SEAS_LOSS = {"edge": "sailed off the edge of the board"}


def piece(state: State) -> str:
    return "ship" if state.game.seas else "marker"


# Events whose sentence is shown in passing: nothing on the table waits for them.
_ROUTINE = frozenset({"ship-moved", "reroll", "passed", "dragon", "game-over"})


def _instruction(text: str, e: Event, state: State) -> Instruction:
    g = state.grid
    pieces: tuple[str, ...] = (state.game.players[e.seat],) if e.seat >= 0 else ()
    if e.card:
        pieces += (f"daikaiju {e.card}",)
    squares: tuple[str, ...] = (g.square(e.square).name(),) if e.square >= 0 else ()
    points: tuple[str, ...] = ()
    if e.kind in ("ship-moved", "relocated") and e.to >= 0:
        points = (str(g.point(e.to)),)
    elif e.kind == "daikaiju-moved" and e.to >= 0:
        squares += (g.square(e.to).name(),)
    return Instruction(text, e.kind, waits=e.kind not in _ROUTINE, pieces=pieces,
                       squares=squares, points=points)


def instructions(state: State, events: tuple[Event, ...] | None = None) -> list[str]:
    """What the table must do with the pieces after the last action, one sentence each."""
    g = state.grid
    names = state.game.players
    thing = piece(state)
    out: list[str] = []
    e: Event

    def add(text: str) -> None:  # the sentence of the event at hand
        out.append(_instruction(text, e, state))

    for e in state.events if events is None else events:
        if state.vet is not None and (said := _expansion_sentence(e, state)) is not None:
            add(said)
            continue
        k = e.kind
        who = names[e.seat] if e.seat >= 0 else ""
        sq = g.square(e.square).name() if e.square >= 0 else ""
        if k == "ship-moved":
            add(f"Move the {who} {thing} along its path to {g.point(e.to)}.")
        elif k == "ship-lost":
            why = (_SEAS_LOSS if state.game.seas else {}).get(e.detail) or _LOSS.get(
                e.detail, e.detail
            ).replace("{thing}", thing)
            add(
                f"The {who} {thing} {why}: take it off the board. {who.capitalize()} is out."
            )
        elif k == "hand-freed":
            tiles = f"{who}'s {e.to} tile{'s' if e.to != 1 else ''}"
            if e.detail == "shuffle":
                add(f"Shuffle {tiles} into the draw pile.")
            elif e.detail == "bottom":
                add(f"Put {tiles} under the draw pile.")
            elif state.phase is not Phase.OVER:  # the bonus: only if play goes on
                add(f"Set {tiles} aside face down for the bonus.")
        elif k == "tile-removed" and e.detail == "discarded":  # reference-removed-tiles
            add(f"Remove the wake tile at {sq}: it leaves the game.")
        elif k == "tile-removed":
            add(f"Remove the wake tile at {sq} and put it at the bottom of the draw pile.")
        elif k == "daikaiju-moved":
            dest = g.square(e.to).name()
            add(f"Move the daikaiju {e.card} at {sq} one square {e.detail} to {dest}.")
        elif k == "daikaiju-turned":
            add(f"Turn the daikaiju {e.card} at {sq} a quarter turn to face {e.detail}.")
        elif k in ("daikaiju-gone", "daikaiju-destroyed"):
            how = "leaves the board" if k == "daikaiju-gone" else "is destroyed"
            where = (
                "tuck it, face down, beneath the daikaiju deck"
                if state.game.tuck_daikaiju
                else "it is out of play"
            )
            add(f"The daikaiju {e.card} at {sq} {how}: take it away; {where}.")
        elif k == "daikaiju-placed":
            add(f"Place daikaiju {e.card} on {sq}, its forward arrow pointing {e.detail}.")
        elif k == "reroll":
            add(f"{sq} already holds a daikaiju: roll the gold and blue dice again.")
        elif k == "relocated" and e.detail != "start":
            add(f"Move the {who} {thing} to the start mark {g.point(e.to)}.")
        elif k == "dragon":
            add(f"{who.capitalize()} takes the dragon tile: the draw pile is empty.")
        elif k == "dragon-aside":
            lost = state.ships[e.seat] < 0
            add(f"{who.capitalize()} puts the dragon tile aside" + (
                "." if lost else ", and draws first now that there are tiles again."))
        elif k == "passed":
            add(f"{who.capitalize()} has no tile to lay and passes.")
        elif k == "bonus":
            n = int(e.detail or 0)
            given = f" with the {n} tile{'s' if n > 1 else ''} {who} gave up" if n else ""
            add(f"Put the set-aside tiles{given} at the bottom of the draw pile.")
        elif k == "game-over" and state.outcome is not None:
            add(outcome_sentence(state))
    return out


def outcome_sentence(state: State) -> str:
    assert state.outcome is not None
    names = [state.game.players[s] for s in state.outcome.winners]
    reason = state.outcome.reason
    if not state.game.seas:
        reason = reason.replace("ship", "marker")
    if len(names) == 1:
        return f"{names[0].capitalize()} wins ({reason})."
    return f"{' and '.join(n.capitalize() for n in names)} tie for the win ({reason})."


def _expansion_sentence(e: Event, state: State) -> str | None:
    # The expansion's sentences load with the first game that has it.
    from companion.tsuro.veterans.describe import sentence

    return sentence(e, state)


def _expansion_prompt(state: State) -> str | None:
    from companion.tsuro.veterans.describe import prompt as vet_prompt

    return vet_prompt(state)


def prompt(state: State) -> str:
    """One sentence: what the table should do now."""
    p = state.phase
    who = state.game.players[state.active].capitalize()
    if p is Phase.OVER:
        return outcome_sentence(state)
    if state.vet is not None and (said := _expansion_prompt(state)) is not None:
        return said
    if p is Phase.DEAL:
        return "Shuffle the tiles and deal three to each player."
    if p is Phase.DAIKAIJU_ROLL:
        return "Roll the gold and blue dice to place a daikaiju."
    if p is Phase.DAIKAIJU_DRAW:
        return "Turn up the next daikaiju tile."
    if p is Phase.DAIKAIJU_FACING:
        return "Turn the new daikaiju to face a random way."
    if p is Phase.START:
        return f"{who}: put your {piece(state)} on a free start mark."
    if p is Phase.TURN_ROLL:
        return f"{who}: roll the gold and blue dice."
    if p is Phase.DAIKAIJU_DIE:
        total = state.last_roll.total if state.last_roll else 0
        return f"{total} on the dice: the daikaiju stir. Roll the single die."
    if p is Phase.RELOCATE and state.front_square(state.active) not in state.daikaiju_squares():
        return (  # 000: a daikaiju left the board over the ship's start mark
            f"{who}: a daikaiju left the board at your start; you may move your "
            f"{piece(state)} to another start mark on the same edge, or stay."
        )
    if p is Phase.RELOCATE:
        return (
            f"{who}: a daikaiju blocks your start; move your {piece(state)} to another start "
            "mark on the same edge."
        )
    if p is Phase.PLACE:
        sq = state.grid.square(state.front_square(state.active))
        return f"{who}: lay a tile on {sq}, in front of your {piece(state)}."
    if p is Phase.BONUS:
        return f"{who}: you may swap tiles from your hand for tiles of the eliminated players."
    drawer = state.game.players[state.drawer].capitalize()
    return f"{drawer}: draw a tile."
