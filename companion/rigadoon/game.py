"""Rigadoon's fixed facts for one game (:class:`Game`: players, board, wind, options) and
the small values a position is described by (:class:`Phase`, :class:`Outcome`).

>>> g = Game.create(["Ann", "Bob"], ["wind-die"])
>>> g.players, g.die, g.quiet_exits
(('ann', 'bob'), True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ..core.records import check_players
from ..games import game_info
from .board import Board, default_board, load_board, parse_board
from .geometry import RigadoonError
from .wind import Wind, default_wind, load_wind, parse_wind

CHANCE = -1
TERMINAL = -4

OPTIONS: dict[str, str] = {o.name: o.help for o in game_info("rigadoon").options}
"""The named rule options, as the game registry declares them (companion/games.py)."""


class Phase(StrEnum):
    FLEET = "fleet"
    OPENING = "opening"
    TURN = "turn"
    WIND = "wind"
    CHOICE = "choice"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Outcome:
    winner: int
    """The winning seat."""
    reason: str


@dataclass(frozen=True)
class Game:
    players: tuple[str, str]
    """Seat 0 sails first (decided at the table, by any method)."""
    board: Board = field(default_factory=default_board)
    wind: Wind = field(default_factory=default_wind)
    options: frozenset[str] = frozenset()

    @classmethod
    def create(
        cls,
        players: list[str] | tuple[str, ...],
        options: list[str] | tuple[str, ...] | frozenset[str] = (),
        board: Board | None = None,
        wind: Wind | None = None,
    ) -> Game:
        try:
            check_players(players)  # text without escapes: names are printed on every line
        except ValueError as exc:
            raise RigadoonError(str(exc)) from None
        names = tuple(p.strip().lower() for p in players)
        if len(names) != 2:
            raise RigadoonError(f"Rigadoon is for 2 players, not {len(names)}")
        if len(set(names)) != 2 or not all(names):
            raise RigadoonError("each player needs a different, non-empty name")
        bad = sorted(set(options) - set(OPTIONS))
        if bad:
            raise RigadoonError(
                f"rigadoon has no option {bad[0]!r} (options: {', '.join(OPTIONS)})"
            )
        return cls(
            (names[0], names[1]),
            board or load_board(),
            wind or load_wind(),
            frozenset(options),
        )

    @property
    def die(self) -> bool:
        return "wind-die" in self.options

    @property
    def quiet_exits(self) -> bool:
        return "quiet-maelstrom" in self.options

    @property
    def stop_beside(self) -> bool:
        return "attack-in-passing" in self.options

    @property
    def short_chests(self) -> bool:
        return "chest-stops-blast" in self.options

    @property
    def cumulative(self) -> bool:
        return "win-by-claims" in self.options

    def defaults_to_check(self) -> list[str]:
        return [n for n in (self.board.defaults_note(), self.wind.defaults_note()) if n]

    def to_json(self) -> dict[str, Any]:
        from .data import board_json, wind_json

        return {
            "game": "rigadoon",
            "players": list(self.players),
            "options": sorted(self.options),
            "board": board_json(self.board),
            "wind": wind_json(self.wind),
        }

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Game:
        board = (
            parse_board({"profiles": [doc["board"]]}, "record header") if "board" in doc else None
        )
        wind = parse_wind(doc["wind"], "record header") if "wind" in doc else None
        if not isinstance(doc["players"], list):  # a string would pass as its letters
            raise RigadoonError("players must be a list of names")
        return cls.create(doc["players"], list(doc.get("options", [])), board, wind)
