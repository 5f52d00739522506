"""The one-line prompt of a position: whose move, and what they must or may do now (the
ships still to act, the excused ones, a Rigadoon's extra sail, and for a choice which
ship meets which chest or which sunk chest needs an island)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .chain import ship_name, train_moves
from .game import Phase
from .geometry import Direction

if TYPE_CHECKING:
    from .state import State


def choice_context(s: State) -> str:
    """Which ship meets which chest, or which chest sank: the table cannot answer a
    bare 'bump or stop' without knowing where the chain has got to."""
    assert s.chain is not None and s.chain.choice is not None
    b, c, kind = s.board, s.chain, s.chain.choice.kind
    if kind == "chest" and c.stack and c.stack[-1][0] == 1:
        ship, d = c.stack[-1][1], Direction(c.stack[-1][2])
        # Named from the square the table still has it on (the blast is told once decided).
        origin, crossed = c.stack[-1][7], bool(c.stack[-1][8])
        at = c.ships[ship]
        nxt = b.step(at, d)
        if nxt < 0:
            nxt, crossed = b.across(at, d), True
        stuck = train_moves(b, c.ships, c.chests, nxt, d) is None
        note = " (it cannot move: 'bump' ends the blast short of it)" if stuck else ""
        edge = ", across the edge" if crossed else ""
        return (
            f"{ship_name(ship)}, blasted {d.word} from {b.name(origin)}{edge}, meets the chest "
            f"at {b.name(nxt)}{note}; "
        )
    if kind == "island":
        sunk = [int(e[1]) for e in c.events if e[0] == "sink"]
        washed = sum(1 for e in c.events if e[0] == "wash")
        if washed < len(sunk):
            return f"the chest sunk at {b.name(sunk[washed])} needs an island; "
    return ""


def prompt_for(s: State) -> str:
    """What the player on turn (or the table) must do now, in one line."""
    p = s.phase
    if p is Phase.OVER:
        assert s.outcome is not None
        return f"{s.player(s.outcome.winner)} wins: {s.outcome.reason}"
    if p is Phase.FLEET:
        return (
            f"{s.game.players[0]} sails first: pick your fleet (fleet blue or fleet green)"
        )
    if p is Phase.OPENING:
        how = "turn the die to" if s.game.die else "pick from the deck the card of"
        return f"{s.game.players[1]}: {how} the opening wind (opening DIRECTION)"
    if p is Phase.WIND:
        how = "roll the wind die" if s.game.die else "draw a wind card"
        return f"{s.player()}: {how} and enter it (wind DIRECTION)"
    if p is Phase.CHOICE:
        assert s.chain is not None and s.chain.choice is not None
        c = s.chain.choice
        what = {
            "order": "which attack comes next (attacker target)",
            "chest": "bump the chest on, or stop on it",
            "island": "the island the sunk chest washes up on",
        }[c.kind]
        return f"{s.player()}: {choice_context(s)}choose {what}: {', '.join(c.options)}"
    parts = []
    if not s.changed:
        parts.append("change the wind once (never last)")
    need = s.required()
    if need:
        parts.append("sail or repair " + ", ".join(ship_name(x) for x in need))
    excused = s.excused()
    if excused:
        names = ", ".join(ship_name(x) for x in excused)
        parts.append(f"{names} excused (3 masts, no legal sail under this wind)")
    extra = [x for x in s.fleet_ships() if s.bonus & (1 << x)]
    if extra:
        parts.append("Rigadoon! " + ", ".join(ship_name(x) for x in extra) + " may sail again")
    if not parts or (s.changed and not need):
        if s._may_end(need):
            parts.append("end the turn when done (end)")
        else:
            ships = [x for x in s.fleet_ships() if s._optional(x) and s.sails(x)]
            names = ", ".join(ship_name(x) for x in ships)
            parts.append(f"the wind change cannot be your last action: sail {names}")
    return f"{s.player()}: " + "; ".join(parts)
