"""Game time: monthly turns from February 1904, six naval phases and a terminal phase,
four segments in each naval phase; and the strategic movement zones.

Notation: ``1904-02 3.2`` is February 1904, naval phase 3, segment 2; ``1904-02 T`` is the
terminal phase of that turn.

>>> t = GameTime.parse("1904-02 6.4")
>>> t.advance()
GameTime(turn=1, phase=7, segment=0)
>>> str(t.advance().advance())
'1904-03 1.1'
>>> GameTime.parse("1905-12 T").turn
23
>>> GameTime(1, 2, 2).segment_name
'Japanese spotting and combat'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .errors import TsushimaError
from .units import Side

START_YEAR, START_MONTH = 1904, 2
NAVAL_PHASES = 6
TERMINAL = 7
MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
SEGMENTS = (
    (Side.JAPAN, "movement"),
    (Side.JAPAN, "spotting and combat"),
    (Side.RUSSIA, "movement"),
    (Side.RUSSIA, "spotting and combat"),
)


def turn_of(year: int, month: int) -> int:
    """Turn number (1 = February 1904) of a month.

    >>> turn_of(1905, 5)
    16
    """
    if not 1 <= month <= 12:
        raise TsushimaError(f"month {month} is not 1-12")
    turn = (year - START_YEAR) * 12 + month - START_MONTH + 1
    if turn < 1:
        raise TsushimaError(f"{MONTHS[month - 1]} {year} is before the war (February 1904)")
    return turn


def month_name(turn: int) -> str:
    """The month and year of a turn.

    >>> month_name(7)
    'August 1904'
    """
    t = GameTime(turn, TERMINAL, 0)
    return f"{MONTHS[t.month - 1]} {t.year}"


@dataclass(frozen=True, order=True)
class GameTime:
    turn: int = 1
    phase: int = 1  # 1-6 naval, 7 terminal
    segment: int = 1  # 1-4 in naval phases, 0 in the terminal phase

    def __post_init__(self) -> None:
        if self.turn < 1:
            raise TsushimaError(f"turn {self.turn} is before February 1904")
        if not 1 <= self.phase <= TERMINAL:
            raise TsushimaError(f"phase {self.phase} is not 1-6 or 7 (terminal)")
        if self.phase == TERMINAL and self.segment != 0:
            raise TsushimaError("the terminal phase has no segments")
        if self.phase != TERMINAL and not 1 <= self.segment <= 4:
            raise TsushimaError(f"segment {self.segment} is not 1-4")

    @property
    def year(self) -> int:
        return START_YEAR + (START_MONTH - 1 + self.turn - 1) // 12

    @property
    def month(self) -> int:
        return (START_MONTH - 1 + self.turn - 1) % 12 + 1

    @property
    def terminal(self) -> bool:
        return self.phase == TERMINAL

    @property
    def active_side(self) -> Side | None:
        return None if self.terminal else SEGMENTS[self.segment - 1][0]

    @property
    def segment_name(self) -> str:
        if self.terminal:
            return "terminal phase"
        side, what = SEGMENTS[self.segment - 1]
        return f"{side.adjective} {what}"

    def advance(self) -> GameTime:
        """The next segment (or phase, or turn)."""
        if self.terminal:
            return GameTime(self.turn + 1, 1, 1)
        if self.segment < 4:
            return dataclasses.replace(self, segment=self.segment + 1)
        if self.phase < NAVAL_PHASES:
            return GameTime(self.turn, self.phase + 1, 1)
        return GameTime(self.turn, TERMINAL, 0)

    def next_phase(self) -> GameTime:
        if self.terminal:
            return GameTime(self.turn + 1, 1, 1)
        if self.phase < NAVAL_PHASES:
            return GameTime(self.turn, self.phase + 1, 1)
        return GameTime(self.turn, TERMINAL, 0)

    def __str__(self) -> str:
        where = "T" if self.terminal else f"{self.phase}.{self.segment}"
        return f"{self.year}-{self.month:02d} {where}"

    def describe(self) -> str:
        if self.terminal:
            return f"{MONTHS[self.month - 1]} {self.year}, terminal phase"
        return (
            f"{MONTHS[self.month - 1]} {self.year}, naval phase {self.phase}, {self.segment_name}"
        )

    @classmethod
    def parse(cls, text: str) -> GameTime:
        try:
            date, _, where = text.strip().partition(" ")
            year, month = (int(x) for x in date.split("-"))
            if where in ("", "T", "t"):
                return cls(turn_of(year, month), TERMINAL if where else 1, 0 if where else 1)
            phase, segment = (int(x) for x in where.split("."))
        except ValueError:
            raise TsushimaError(
                f"game time {text!r} is not like '1904-02 3.2' or '1904-02 T'"
            ) from None
        return cls(turn_of(year, month), phase, segment)


def zone_moves(zones: tuple[str, ...], start: str, steps: int) -> str:
    """Zone reached after ``steps`` moves along the chain (towards the map's edge).

    >>> zone_moves(("Baltic", "Mediterranean", "Indian Ocean", "China Sea"), "Mediterranean", 2)
    'China Sea'
    """
    if start not in zones:
        raise TsushimaError(f"unknown strategic zone {start!r}")
    return zones[min(len(zones) - 1, zones.index(start) + steps)]


def adjacent_zones(zones: tuple[str, ...], zone: str) -> tuple[str, ...]:
    if zone not in zones:
        raise TsushimaError(f"unknown strategic zone {zone!r}")
    i = zones.index(zone)
    return tuple(zones[j] for j in (i - 1, i + 1) if 0 <= j < len(zones))
