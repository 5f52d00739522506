"""What the Rigadoon screens draw and say, worked out without Kivy: the board as cells
(:class:`BoardPicture`), the camera the controller checks the table with, and the words
for choices, set-up and explorer lines."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from companion.rigadoon import Chain, Line, State, ship_name, template_squares
from companion.rigadoon.actions import FLEET_NAMES


class RigadoonCamera(Protocol):
    """A camera over the Rigadoon board: the simulated table, or a real camera's frames."""

    simulated: bool

    def carry_out(self, state: State) -> None:
        """The simulated players lay the pieces as ``state`` has them (real: nothing)."""

    def photo(self) -> Any: ...


@dataclass(frozen=True, slots=True)
class Cell:
    """One square as the board view draws it."""

    name: str
    terrain: str
    island: str = ""
    exit_of: str = ""
    """The island whose maelstrom comes out here."""
    to_exit: str = ""
    """For a maelstrom: the square of its exit."""
    start: str = ""
    compass: bool = False
    ship: int = -1
    masts: int = 0
    chest: bool = False
    wind: str = ""
    """``o`` (any ship with a mast) or ``y`` (only with 3 masts) of the wind template."""
    selected: bool = False
    holder: bool = False
    """The ship the wind template is drawn on."""
    arrived: bool = False
    """In a preview: a piece ends here that was elsewhere."""
    left: bool = False
    """In a preview: a piece was here and moves away."""


@dataclass(frozen=True, slots=True)
class BoardPicture:
    rows: int
    cols: int
    cells: tuple[Cell, ...]
    preview: bool = False


def option_words(kind: str, option: str) -> str:
    """A choice's option as a player reads it."""
    if kind == "order":
        a, _, t = option.partition(" ")
        return f"{a} attacks {t} next"
    if kind == "island":
        return f"wash up on the {option} island"
    return {"bump": "bump the chest on", "sink": "stop on it: the chest sinks",
            "aground": "stop on it: run aground"}.get(option, option)


def setup_lines(state: State) -> list[str]:
    """Laying out the pieces for a new game, from the board data."""
    b = state.board
    out = []
    for fleet in (0, 1):
        where = ", ".join(f"{n + 1} on {b.name(sq)}" for n, sq in enumerate(b.starts[fleet]))
        out.append(f"put the {FLEET_NAMES[fleet]} ships (3 masts each): {where}")
    out.append("put a chest on each of " + ", ".join(b.name(c) for c in b.chests))
    if state.wind is not None:
        out.append(f"set the wind to {state.wind.word}")
    return out


def board_picture(s: State, line: Line | None, holder: int | None,
                  selected: int | None) -> BoardPicture:
    """What the board view draws: the state, or the previewed ``line``'s result; the wind
    template on ship ``holder``, ship ``selected`` marked."""
    b = s.board
    ships, masts, chests = s.ships, s.masts, s.chests
    chain: Chain | None = line.chain if line is not None else s.chain
    if chain is not None:  # a preview, or a chain waiting for a choice: as it stands
        ships, masts, chests = chain.ships, chain.masts, chain.chests
    wind = template_squares(s, holder) if holder is not None else {}
    exits = {i.exit: i.name for i in b.islands}
    islands = {i.square: i.name for i in b.islands}
    to_exit = {i.maelstrom: b.name(i.exit) for i in b.islands}
    starts = {sq: FLEET_NAMES[f] for f in (0, 1) for sq in b.starts[f]}
    cells = []
    for sq in range(b.size):
        ship = ships.index(sq) if sq in ships else -1
        before = s.ship_at(sq)
        moved_in = line is not None and (
            (ship >= 0 and s.ships[ship] != sq) or (sq in chests and sq not in s.chests)
        )
        moved_out = line is not None and (
            (before >= 0 and ships[before] != sq) or (sq in s.chests and sq not in chests)
        )
        cells.append(Cell(
            b.name(sq), b.terrain[sq], islands.get(sq, ""), exits.get(sq, ""),
            to_exit.get(sq, ""), starts.get(sq, ""), sq == b.compass, ship,
            masts[ship] if ship >= 0 else 0, sq in chests, wind.get(b.name(sq), ""),
            ship >= 0 and ship == selected, ship >= 0 and ship == holder,
            moved_in, moved_out and not moved_in,
        ))
    return BoardPicture(b.rows, b.cols, tuple(cells), line is not None)


def sail_text(line: Line) -> str:
    to = f"r{line.sail.to[0]}c{line.sail.to[1]}"
    stop = {"sink": ", stopping on the chest (it sinks)",
            "aground": ", stopping on the chest (aground)"}.get(line.sail.stop, "")
    return f"{ship_name(line.sail.ship)} to {to}{stop}: {line.summary()}"


def line_text(line: Line) -> str:
    """One explorer line in words, with the choices it needs."""
    then = f"; choices: {' / '.join(line.choices)}" if line.choices else ""
    return sail_text(line) + then
