"""The wind: sailing templates for the eight winds, the Wind Direction deck and die.

A template says, for the ship about to sail, how far it may go in each of the eight
directions: ``orange[d]`` squares for any ship with a mast, ``yellow[d]`` (at least as far)
for a ship with all three masts. The two printed patterns (an orthogonal and a diagonal
wind) are editable data in ``companion/data/rigadoon_wind.json``, drawn for a north and a
northeast wind and turned here for the other six. The owner's copy in the data directory
replaces the shipped one.

>>> w = default_wind()
>>> t = w.template(Direction.S)
>>> t.orange[Direction.S], t.yellow[Direction.N], t.orange[Direction.N]
(3, 2, 0)
>>> w.template(Direction.SE).reach(Direction.SE, masts=2)
3
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from companion.core.locations import read_data

from .geometry import Direction, RigadoonError, direction_between

WIND_FILE = "rigadoon_wind.json"


class WindFileError(RigadoonError):
    """A wind data file that cannot be used, naming what is wrong."""


@dataclass(frozen=True, slots=True)
class Template:
    """How far a ship may sail in each direction (indexed by :class:`Direction`)."""

    wind: Direction
    orange: tuple[int, ...]
    yellow: tuple[int, ...]

    def reach(self, d: Direction, masts: int) -> int:
        if masts <= 0:
            return 0
        return self.yellow[d] if masts >= 3 else self.orange[d]

    def marks(self, masts: int = 3) -> dict[tuple[int, int], str]:
        """(row offset, col offset) -> 'o' or 'y' for every square the card shows."""
        out: dict[tuple[int, int], str] = {}
        for d in Direction:
            dr, dc = d.step
            for k in range(1, self.yellow[d] + 1):
                out[(dr * k, dc * k)] = "o" if k <= self.orange[d] else "y"
        return out


@dataclass(frozen=True)
class Wind:
    templates: tuple[Template, ...]
    """One template per wind direction, indexed by :class:`Direction`."""
    deck: tuple[int, ...]
    """How many cards of each direction the Wind Direction deck holds."""
    die: tuple[Direction, ...]
    """The faces of the Wind Direction die."""
    default: bool
    note: str
    source: str

    def template(self, wind: Direction) -> Template:
        return self.templates[wind]

    def die_outcomes(self) -> list[tuple[Direction, Fraction]]:
        """Each direction the die can show, with its exact chance."""
        n = len(self.die)
        return [(d, Fraction(self.die.count(d), n)) for d in Direction if d in self.die]

    def defaults_note(self) -> str:
        return f"Wind ({self.source}): {self.note}" if self.default else ""


def load_wind(path: str | Path | None = None) -> Wind:
    doc, source = read_data(WIND_FILE, path, WindFileError, "Rigadoon wind")
    if source.startswith("built-in"):
        return default_wind()
    return parse_wind(doc, source)


@cache
def default_wind() -> Wind:
    return parse_wind(*read_data(WIND_FILE, None, WindFileError, "Rigadoon wind"))


def parse_wind(doc: Any, source: str) -> Wind:
    if not isinstance(doc, dict):
        raise WindFileError(f"{source}: expected a JSON object")
    try:
        ortho = _picture(doc["orthogonal"], Direction.N, source)
        diag = _picture(doc["diagonal"], Direction.NE, source)
        deck_doc = doc["deck"]
        deck = tuple(int(deck_doc.get(d.short, 0)) for d in Direction)
        die = tuple(Direction.parse(str(f)) for f in doc["die"])
    except WindFileError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise WindFileError(f"{source}: missing or malformed {exc}") from None
    if any(n < 0 for n in deck) or sum(deck) < 2:
        raise WindFileError(f"{source}: the deck needs at least two cards")
    if not die:
        raise WindFileError(f"{source}: the die needs faces")
    templates = tuple(_turned(ortho if d.orthogonal else diag, d) for d in Direction)
    return Wind(
        templates, deck, die, bool(doc.get("default", False)), str(doc.get("note", "")), source
    )


def _picture(lines: Any, wind: Direction, source: str) -> Template:
    pic = [str(x).replace(" ", "") for x in lines]
    size = len(pic)
    if size % 2 == 0 or any(len(x) != size for x in pic):
        raise WindFileError(f"{source}: a template must be an odd square of marks")
    mid = size // 2
    if pic[mid][mid] != "D":
        raise WindFileError(f"{source}: the ship 'D' must be in the middle of the template")
    orange, yellow = [0] * 8, [0] * 8
    marks: dict[tuple[Direction, int], str] = {}
    for r, line in enumerate(pic):
        for c, ch in enumerate(line):
            if ch in ".D":
                continue
            if ch not in "oy":
                raise WindFileError(f"{source}: {ch!r} in a template is none of . o y D")
            found = direction_between((mid, mid), (r, c))
            if found is None:
                raise WindFileError(
                    f"{source}: the mark at row {r + 1}, column {c + 1} of a template is not "
                    "in a straight line from the ship"
                )
            marks[found] = ch
    for (d, k), ch in marks.items():
        yellow[d] = max(yellow[d], k)
        if ch == "o":
            orange[d] = max(orange[d], k)
    for d in Direction:
        for k in range(1, yellow[d] + 1):
            want = "o" if k <= orange[d] else "y"
            if marks.get((d, k)) != want:
                raise WindFileError(
                    f"{source}: going {d.word} the template must show orange squares, then "
                    "yellow circles, with no gap"
                )
    return Template(wind, tuple(orange), tuple(yellow))


def _turned(t: Template, wind: Direction) -> Template:
    turn = wind - t.wind
    orange = [0] * 8
    yellow = [0] * 8
    for d in Direction:
        orange[d.turned(turn)] = t.orange[d]
        yellow[d.turned(turn)] = t.yellow[d]
    return Template(wind, tuple(orange), tuple(yellow))
