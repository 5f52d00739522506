"""The Rigadoon board: terrain, islands, maelstroms, start spaces, chests, compass.

The layout is editable data: the ``rigadoon`` object of the ``rigadoon-9x9`` profile in
``companion/data/boards.json``, which the owner replaces by putting an edited copy of that
file in the data directory (as for every board profile). The shipped layout is a default
(the rulebook's pictures are lost) and says so. Loading checks the layout against every
sentence of the rules about the board and names the first one it breaks, in one line.

>>> b = default_board()
>>> b.name(b.compass), len(b.shallows), [i.name for i in b.islands]
('r5c5', 21, ['skull', 'palm', 'anchor', 'bell'])
>>> b.name(b.exit_of[b.square("r3c1")])
'r9c5'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from companion.core.locations import read_data

from .geometry import Direction, RigadoonError

PROFILES_FILE = "boards.json"
PROFILE = "rigadoon-9x9"
FLEETS = ("blue", "green")

OPEN, SHALLOWS, ISLAND, MAELSTROM = "open", "shallows", "island", "maelstrom"
_PICTURE = {".": OPEN, "~": SHALLOWS, "I": ISLAND, "M": MAELSTROM}


class BoardFileError(RigadoonError):
    """A board layout that breaks a sentence of the rules, or cannot be read."""


@dataclass(frozen=True, slots=True)
class Island:
    name: str
    """The island's symbol, which also marks its maelstrom's exit."""
    square: int
    maelstrom: int
    exit: int


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int
    terrain: tuple[str, ...]
    islands: tuple[Island, ...]
    starts: tuple[tuple[int, ...], tuple[int, ...]]
    """Start squares of the blue fleet, then of the green fleet (ships 1-4 in order)."""
    chests: tuple[int, ...]
    compass: int
    default: bool
    note: str
    source: str

    def __post_init__(self) -> None:
        # Neighbour tables, built once: the engine steps through them millions of times.
        steps: list[tuple[int, ...]] = []
        for sq in range(self.rows * self.cols):
            r, c = divmod(sq, self.cols)
            row = []
            for d in Direction:
                dr, dc = d.step
                rr, cc = r + dr, c + dc
                inside = 0 <= rr < self.rows and 0 <= cc < self.cols
                row.append(rr * self.cols + cc if inside else -1)
            steps.append(tuple(row))
        object.__setattr__(self, "_steps", tuple(steps))
        object.__setattr__(self, "_islands", {i.square: i for i in self.islands})
        object.__setattr__(self, "_exits", {i.maelstrom: i.exit for i in self.islands})

    # ---- squares ---------------------------------------------------------------------

    @property
    def size(self) -> int:
        return self.rows * self.cols

    def name(self, sq: int) -> str:
        return f"r{sq // self.cols + 1}c{sq % self.cols + 1}"

    def rc(self, sq: int) -> tuple[int, int]:
        return sq // self.cols + 1, sq % self.cols + 1

    def square(self, text: str) -> int:
        t = text.strip().lower()
        if len(t) >= 4 and t[0] == "r" and "c" in t:
            r, _, c = t[1:].partition("c")
            if r.isdigit() and c.isdigit():
                row, col = int(r), int(c)
                if 1 <= row <= self.rows and 1 <= col <= self.cols:
                    return (row - 1) * self.cols + col - 1
                raise RigadoonError(f"{text.strip()} is off the {self.rows}x{self.cols} board")
        raise RigadoonError(f"{text.strip()!r} is not a square: write it like r5c5")

    def step(self, sq: int, d: Direction) -> int:
        """The next square in direction ``d``, or -1 past the edge."""
        steps: tuple[tuple[int, ...], ...] = self._steps  # type: ignore[attr-defined]
        return steps[sq][d]

    def across(self, sq: int, d: Direction) -> int:
        """The square on the far edge reached by leaving the board from ``sq`` towards ``d``."""
        r, c = divmod(sq, self.cols)
        if d is Direction.N:
            r = self.rows - 1
        elif d is Direction.S:
            r = 0
        elif d is Direction.E:
            c = 0
        elif d is Direction.W:
            c = self.cols - 1
        else:
            raise RigadoonError("only orthogonal blasts cross the edge")
        return r * self.cols + c

    # ---- features --------------------------------------------------------------------

    @property
    def shallows(self) -> tuple[int, ...]:
        return tuple(i for i, t in enumerate(self.terrain) if t == SHALLOWS)

    @property
    def island_at(self) -> dict[int, Island]:
        """Island square -> the island."""
        found: dict[int, Island] = self._islands  # type: ignore[attr-defined]
        return found

    @property
    def exit_of(self) -> dict[int, int]:
        """Maelstrom square -> its exit square."""
        found: dict[int, int] = self._exits  # type: ignore[attr-defined]
        return found

    def island(self, text: str) -> Island:
        t = text.strip().lower()
        for i in self.islands:
            if t in (i.name, self.name(i.square)):
                return i
        names = ", ".join(i.name for i in self.islands)
        raise RigadoonError(f"{text.strip()!r} is not an island (islands: {names})")

    def defaults_note(self) -> str:
        return f"Rigadoon board ({self.source}): {self.note}" if self.default else ""


# ---- loading and checking ------------------------------------------------------------


def load_board(path: str | Path | None = None) -> Board:
    """The layout from ``path``, else the owner's boards.json, else the shipped default."""
    doc, source = read_data(PROFILES_FILE, path, BoardFileError, "board profiles")
    if path is None and (source.startswith("built-in") or not _has_layout(doc)):
        # An owner's profiles file from before Rigadoon keeps the shipped layout.
        return default_board()
    return parse_board(doc, source)


def _has_layout(doc: Any) -> bool:
    profiles = doc.get("profiles") if isinstance(doc, dict) else None
    return any(
        isinstance(p, dict) and p.get("name") == PROFILE and "rigadoon" in p for p in profiles or ()
    )


@cache
def default_board() -> Board:
    return parse_board(*read_data(PROFILES_FILE, None, BoardFileError, "board profiles"))


def parse_board(doc: Any, source: str) -> Board:
    """The Rigadoon layout inside a board-profiles document, checked against the rules."""
    profiles = doc.get("profiles") if isinstance(doc, dict) else None
    prof = next(
        (p for p in profiles or () if isinstance(p, dict) and p.get("name") == PROFILE), None
    )
    if prof is None or not isinstance(prof.get("rigadoon"), dict):
        raise BoardFileError(f"{source}: no {PROFILE} profile with a 'rigadoon' layout")
    try:
        return _parse(prof, prof["rigadoon"], source)
    except BoardFileError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        why = str(exc) if isinstance(exc, RigadoonError) else f"missing or malformed {exc}"
        raise BoardFileError(f"{source}: {PROFILE}: {why}") from None


def _parse(prof: dict[str, Any], lay: dict[str, Any], source: str) -> Board:
    rows, cols = int(prof["rows"]), int(prof["cols"])
    pic = [str(line).replace(" ", "") for line in lay["picture"]]

    def bad(why: str) -> BoardFileError:
        return BoardFileError(f"{source}: {PROFILE}: {why}")

    if len(pic) != rows or any(len(line) != cols for line in pic):
        raise bad(f"the picture must be {rows} lines of {cols} squares")
    terrain = []
    for line in pic:
        for ch in line:
            if ch not in _PICTURE:
                raise bad(f"{ch!r} in the picture is none of . ~ I M")
            terrain.append(_PICTURE[ch])
    probe = Board(rows, cols, tuple(terrain), (), ((), ()), (), 0, True, "", source)
    sq = probe.square
    islands = tuple(
        Island(
            str(i["name"]).strip().lower(),
            sq(str(i["square"])),
            sq(str(i["maelstrom"])),
            sq(str(i["exit"])),
        )
        for i in lay["islands"]
    )
    starts_doc = lay["starts"]
    starts = (
        tuple(sq(str(s)) for s in starts_doc["blue"]),
        tuple(sq(str(s)) for s in starts_doc["green"]),
    )
    chests = tuple(sq(str(s)) for s in lay["chests"])
    compass = sq(str(lay["compass"]))
    board = Board(
        rows,
        cols,
        tuple(terrain),
        islands,
        starts,
        chests,
        compass,
        bool(prof.get("default", False)),
        str(prof.get("note", "")),
        source,
    )
    problem = check_board(board)
    if problem:
        raise bad(problem)
    return board


def check_board(b: Board) -> str:
    """The first sentence of the rules the layout breaks, or '' when it fits them all."""
    n = b.name
    shallows = b.shallows
    if len(shallows) != 21:
        return f"{len(shallows)} Shallows squares; the rules have 21"
    edge = [s for s in shallows if _on_edge(b, s)]
    if edge:
        return f"Shallows square {n(edge[0])} is on the edge; the Shallows lie in the middle"
    if not _connected(b, set(shallows)):
        return "the Shallows are not one block in the middle of the board"
    centre = (b.rows // 2) * b.cols + b.cols // 2
    if b.compass != centre or b.terrain[b.compass] != SHALLOWS:
        return f"the compass must be on the centre square {n(centre)}, in the Shallows"
    if len(b.islands) != 4:
        return f"{len(b.islands)} islands; the rules have 4"
    picture_islands = sorted(i for i, t in enumerate(b.terrain) if t == ISLAND)
    if picture_islands != sorted(i.square for i in b.islands):
        return "the islands listed do not match the I squares of the picture"
    picture_m = sorted(i for i, t in enumerate(b.terrain) if t == MAELSTROM)
    if picture_m != sorted(i.maelstrom for i in b.islands):
        return "the maelstroms listed do not match the M squares of the picture"
    if len({i.name for i in b.islands}) != 4 or not all(i.name for i in b.islands):
        return "each island needs its own symbol"
    corners = set()
    for i in b.islands:
        r, c = b.rc(i.square)
        near = (r <= 3 or r > b.rows - 3) and (c <= 3 or c > b.cols - 3)
        if not near:
            return f"island {i.name} at {n(i.square)} is not near a corner"
        corners.add((r <= 3, c <= 3))
        if i.maelstrom not in [b.step(i.square, d) for d in Direction if not d.orthogonal]:
            return f"the maelstrom of island {i.name} is not diagonally next to it"
        if b.terrain[i.exit] != OPEN:
            return f"the exit of island {i.name}'s maelstrom ({n(i.exit)}) is not in open water"
    if len(corners) != 4:
        return "there must be one island near each corner"
    if len({i.exit for i in b.islands}) != 4:
        return "two maelstroms share an exit"
    return _check_pieces(b)


def _check_pieces(b: Board) -> str:
    n = b.name
    exits = {i.exit for i in b.islands}
    every = [*b.starts[0], *b.starts[1]]
    if len(b.starts[0]) != 4 or len(b.starts[1]) != 4:
        return "each fleet needs 4 start squares"
    if len(set(every)) != 8:
        return "two ships share a start square"
    for s in every:
        if b.terrain[s] != OPEN or s in exits:
            return f"start square {n(s)} must be open water and no maelstrom exit"
        for d in (Direction.N, Direction.E, Direction.S, Direction.W):
            if b.step(s, d) in every:
                return f"start squares {n(s)} and {n(b.step(s, d))} touch: the ships would fight"
    if len(set(b.chests)) != 4:
        return "there must be 4 chest squares"
    for s in b.chests:
        if b.terrain[s] != SHALLOWS:
            return f"chest square {n(s)} is not in the Shallows"
    return ""


def _on_edge(b: Board, sq: int) -> bool:
    r, c = b.rc(sq)
    return r in (1, b.rows) or c in (1, b.cols)


def _connected(b: Board, squares: set[int]) -> bool:
    start = next(iter(squares))
    seen, todo = {start}, [start]
    while todo:
        s = todo.pop()
        for d in (Direction.N, Direction.E, Direction.S, Direction.W):
            t = b.step(s, d)
            if t in squares and t not in seen:
                seen.add(t)
                todo.append(t)
    return seen == squares
