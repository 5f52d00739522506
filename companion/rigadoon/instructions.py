"""What the table must do with the pieces after an action, in the order to do it.

The engine's events become typed :class:`Instruction` values (kind, piece, from, to, ...);
:func:`say` words one of them for people, once, at the edge.

>>> i = Instruction("blast", "green ship 2", "r6c4", "r6c6", "east", 2, masts=-1)
>>> say(i)
'blast green ship 2 from r6c4 two spaces east to r6c6; remove one of its masts'
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import FLEET_NAMES
from .board import Board
from .chain import Event
from .geometry import Direction

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


@dataclass(frozen=True, slots=True)
class Instruction:
    kind: str
    """wind, sail, blast, hold, bump, sink, wash, aground, claim, rigadoon, repair, loop."""
    piece: str
    """``blue ship 1``, ``chest``, ``wind``."""
    frm: str = ""
    to: str = ""
    direction: str = ""
    spaces: int = 0
    across: bool = False
    via: str = ""
    """The maelstrom passed through, if any."""
    masts: int = 0
    """Masts to add (positive) or remove (negative)."""
    island: str = ""


def piece(ship: int) -> str:
    return f"{FLEET_NAMES[ship // 4]} ship {ship % 4 + 1}"


def instructions(board: Board, events: tuple[Event, ...]) -> list[Instruction]:
    n = board.name
    out = []
    for ev in events:
        kind = str(ev[0])
        if kind == "wind":
            out.append(Instruction("wind", "wind", direction=Direction(int(ev[1])).word))
        elif kind in ("sail", "blast"):
            ship, frm, to, d, k, via = (int(x) for x in ev[1:7])
            across = bool(ev[7]) if kind == "blast" else False
            lost = -1 if kind == "blast" and ev[8] else 0
            out.append(
                Instruction(
                    kind,
                    piece(ship),
                    n(frm),
                    n(to),
                    Direction(d).word,
                    k,
                    across,
                    n(via) if via >= 0 else "",
                    lost,
                )
            )
        elif kind == "hold":
            ship, at, d = (int(x) for x in ev[1:4])
            out.append(
                Instruction(
                    "hold", piece(ship), n(at), n(at), Direction(d).word, masts=-1 if ev[4] else 0
                )
            )
        elif kind == "bump":
            frm, to, d, via = (int(x) for x in ev[1:5])
            out.append(
                Instruction(
                    "bump",
                    "chest",
                    n(frm),
                    n(to),
                    Direction(d).word,
                    1,
                    via=n(via) if via >= 0 else "",
                )
            )
        elif kind == "sink":
            out.append(Instruction("sink", "chest", n(int(ev[1]))))
        elif kind == "wash":
            frm, isl = int(ev[1]), int(ev[2])
            out.append(
                Instruction(
                    "wash",
                    "chest",
                    n(frm) if frm >= 0 else "",
                    n(isl),
                    island=board.island_at[isl].name,
                )
            )
        elif kind == "aground":
            ship, at = int(ev[1]), int(ev[2])
            out.append(Instruction("aground", piece(ship), n(at), n(at)))
        elif kind == "claim":
            ship, at, before = (int(x) for x in ev[1:4])
            out.append(
                Instruction(
                    "claim",
                    piece(ship),
                    n(at),
                    n(at),
                    masts=3 - before,
                    island=board.island_at[at].name,
                )
            )
        elif kind == "rigadoon":
            ship, before = int(ev[1]), int(ev[2])
            out.append(Instruction("rigadoon", piece(ship), masts=3 - before))
        elif kind == "repair":
            ship = int(ev[1])
            out.append(Instruction("repair", piece(ship), masts=1))
        elif kind == "loop":
            a, t = int(ev[1]), int(ev[2])
            out.append(Instruction("loop", piece(a), to=piece(t)))
    return out


def _spaces(k: int) -> str:
    return f"{_NUMBERS[k] if k < len(_NUMBERS) else k} space{'s' if k != 1 else ''}"


def _masts(k: int) -> str:
    if k == 0:
        return ""
    word = "one of its masts" if k == -1 else f"{_NUMBERS[-k]} of its masts"
    return f"; remove {word}" if k < 0 else ""


def say(i: Instruction) -> str:
    """One instruction in plain words."""
    k = i.kind
    if k == "wind":
        return f"set the wind to {i.direction}"
    if k in ("sail", "blast"):
        if i.via:
            path = f"{_spaces(i.spaces)} {i.direction} into the maelstrom at {i.via}, out at its exit {i.to}"
        else:
            edge = ", across the edge," if i.across else ""
            path = f"{_spaces(i.spaces)} {i.direction}{edge} to {i.to}"
        return f"{k} {i.piece} from {i.frm} {path}{_masts(i.masts)}"
    if k == "hold":
        return f"{i.piece} at {i.frm} cannot be blasted {i.direction}: it stays{_masts(i.masts)}; the attack backfires"
    if k == "bump":
        if i.via:
            return f"push the chest from {i.frm} {i.direction} into the maelstrom at {i.via}: put it on the exit {i.to}"
        return f"push the chest from {i.frm} one space {i.direction} to {i.to}"
    if k == "sink":
        return f"the chest at {i.frm} sinks: lift it off the board"
    if k == "wash":
        return f"put the chest that sank at {i.frm} on the {i.island} island at {i.to}"
    if k == "aground":
        return f"{i.piece} runs aground: leave it on top of the chest at {i.frm}"
    if k == "claim":
        extra = (
            f"; give it back {_NUMBERS[i.masts]} mast{'s' if i.masts != 1 else ''}"
            if i.masts
            else ""
        )
        return f"{i.piece} weighs anchor on the {i.island} island at {i.frm} and claims its chest{extra}"
    if k == "rigadoon":
        extra = (
            f"give it back {_NUMBERS[i.masts]} mast{'s' if i.masts != 1 else ''}; "
            if i.masts
            else ""
        )
        return f"Rigadoon! {i.piece} hit all four enemy ships: {extra}it may sail again"
    if k == "repair":
        return f"add a mast to {i.piece}"
    if k == "loop":
        return f"endless loop of attacks between {i.piece} and {i.to}"
    return f"{k} {i.piece}"


def table_lines(board: Board, events: tuple[Event, ...]) -> list[str]:
    return [say(i) for i in instructions(board, events)]
