"""What a screen or the command line shows of a Rigadoon state: a text board and a JSON view.

>>> from companion.rigadoon.state import Game, new_state
>>> print(render(new_state(Game.create(["ann", "bob"]))).splitlines()[2])
 2   b1   I   .   .   .   .   .   I  g1
"""

from __future__ import annotations

from typing import Any

from .actions import FLEET_NAMES
from .board import ISLAND, MAELSTROM, SHALLOWS
from .chain import ship_name
from .instructions import instructions, say
from .state import State

LEGEND = (
    "b1-b4 blue ships, g1-g4 green ships (a $ after a ship: on a chest), $ chest, "
    "~ Shallows, I island, M maelstrom, @ maelstrom exit, + compass, . open water"
)


def render(s: State) -> str:
    """The board as text, north up, one four-character cell per square (a ship on a chest,
    ``b4$``, still leaves a space before it)."""
    b = s.board
    exits = {i.exit for i in b.islands}
    head = "   " + "".join(f"{c:>4}" for c in range(1, b.cols + 1))
    lines = [head]
    for r in range(b.rows):
        cells = []
        for c in range(b.cols):
            sq = r * b.cols + c
            ship = s.ship_at(sq)
            chest = sq in s.chests
            if ship >= 0:
                cell = ship_name(ship) + ("$" if chest else "")
            elif chest:
                cell = "$"
            elif b.terrain[sq] == ISLAND:
                cell = "I"
            elif b.terrain[sq] == MAELSTROM:
                cell = "M"
            elif sq in exits:
                cell = "@"
            elif sq == b.compass:
                cell = "+"
            elif b.terrain[sq] == SHALLOWS:
                cell = "~"
            else:
                cell = "."
            cells.append(f"{cell:>4}")
        lines.append(f"{r + 1:>2} " + "".join(cells))
    return "\n".join(lines)


def ship_lines(s: State) -> list[str]:
    b = s.board
    out = []
    for ship in range(8):
        notes = []
        if s.in_port(ship):
            notes.append(f"in port on {b.island_at[s.ships[ship]].name}")
        elif s.aground(ship):
            notes.append("aground")
        if s.phase.value == "turn" and ship // 4 == s.fleet:
            if s.bonus & (1 << ship):
                notes.append("may sail again")
            elif s.acted & (1 << ship):
                notes.append("done this turn")
        tail = f" ({', '.join(notes)})" if notes else ""
        out.append(f"{ship_name(ship)} {b.name(s.ships[ship]):<5} {s.masts[ship]} masts{tail}")
    return out


def template_squares(s: State, ship: int) -> dict[str, str]:
    """The current wind card laid on a ship: square -> ``o`` (orange) or ``y`` (yellow), for
    the squares on the board (whether or not a sail can reach them)."""
    if s.wind is None:
        return {}
    b = s.board
    r, c = b.rc(s.ships[ship])
    out = {}
    for (dr, dc), mark in s.game.wind.template(s.wind).marks().items():
        if 1 <= r + dr <= b.rows and 1 <= c + dc <= b.cols:
            out[f"r{r + dr}c{c + dc}"] = mark
    return out


def view_json(s: State) -> dict[str, Any]:
    """Everything a screen needs, as plain JSON values."""
    b = s.board
    return {
        "game": "rigadoon",
        "players": list(s.game.players),
        "options": sorted(s.game.options),
        "fleets": (
            [FLEET_NAMES[s.fleet_of_seat(0)], FLEET_NAMES[s.fleet_of_seat(1)]]
            if s.first_fleet >= 0
            else None
        ),
        "phase": s.phase.value,
        "turn": s.turn,
        "active": s.active,
        "wind": s.wind.short if s.wind is not None else None,
        "wind_changed": s.changed,
        "ships": [
            {
                "ship": ship_name(i),
                "fleet": FLEET_NAMES[i // 4],
                "square": b.name(s.ships[i]),
                "masts": s.masts[i],
                "in_port": s.in_port(i),
                "aground": s.aground(i),
                "acted": bool(s.acted & (1 << i)),
                "may_sail_again": bool(s.bonus & (1 << i)),
            }
            for i in range(8)
        ],
        "chests": [b.name(c) for c in s.chests],
        "choice": (
            {"kind": s.chain.choice.kind, "options": list(s.chain.choice.options)}
            if s.chain is not None and s.chain.choice is not None
            else None
        ),
        "legal": [a.notation() for a in s.legal_actions()] if not s.is_chance_node() else [],
        "chance": [{"action": a.notation(), "probability": str(p)} for a, p in s.chance_outcomes()],
        "instructions": [say(i) for i in instructions(b, s.events)],
        "prompt": s.prompt(),
        "outcome": (
            {"winner": s.outcome.winner, "reason": s.outcome.reason} if s.outcome else None
        ),
        "defaults": s.game.defaults_to_check(),
    }
