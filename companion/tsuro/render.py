"""The board drawn in text, for the command line."""

from __future__ import annotations

from companion.core.board import Side
from companion.tsuro.paths import ORIENTED
from companion.tsuro.state import State

_ARROW = {Side.NORTH: "^", Side.EAST: ">", Side.SOUTH: "v", Side.WEST: "<"}


def render_board(state: State) -> str:
    """One cell per square: a laid tile's notation, ``DK`` + tile + facing arrow, or dots.

    Ships are listed beside the board rather than drawn: a ship stands on a point of a
    square's side, which a text grid cannot show clearly.
    """
    g = state.grid
    dks = {d.square: d for d in state.daikaiju}
    fronts = {pos >> 3 for pos in state.ships if pos >= 0}
    header = "     " + "".join(f"c{c:<9}" for c in range(1, g.cols + 1))
    lines = [header.rstrip()]
    for r in range(g.rows):
        cells = []
        for c in range(g.cols):
            i = r * g.cols + c
            if i in dks:
                d = dks[i]
                cells.append(f"DK{d.card}{_ARROW[Side(d.facing)]}".ljust(9))
            elif state.board[i] >= 0:
                cells.append(ORIENTED[state.board[i]].notation().ljust(9))
            elif i in fronts:
                cells.append("   ++    ")
            else:
                cells.append("   ..    ")
        lines.append(f"r{r + 1:<3} " + " ".join(cells).rstrip())
    lines.append(f"(++ marks an empty square a {'ship' if state.game.seas else 'marker'} faces)")
    return "\n".join(lines)
