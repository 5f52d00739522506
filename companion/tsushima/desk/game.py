"""The campaign as its record makes it: the fleet ledger, the battle board, and every other
thing the referee would otherwise keep on paper (the land campaign, mines, flying bases,
block ships, what was done in this naval phase).

Every procedure is a *step*: a function registered by name that takes the campaign and
JSON-ready arguments (dice included) and returns the new campaign and the lines to show.
A step refuses (``TsushimaError``) whatever the campaign makes impossible, and then nothing
changes. The record (:mod:`.record`) stores the steps; replaying them rebuilds the campaign.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..battle import Engagement
from ..calendar import GameTime
from ..campaign import LandCampaign
from ..data import DataSet
from ..errors import TsushimaError
from ..fire import FlightSalvos
from ..fleet import Fleet
from ..scenarios import Scenario, get_scenario
from ..units import Side

Lines = list[str]
SURPRISE_PHASES = 2
Step = Callable[..., tuple["Campaign", Lines]]
STEPS: dict[str, Step] = {}


def step(name: str) -> Callable[[Step], Step]:
    """Register a procedure under the name the record stores."""

    def register(fn: Step) -> Step:
        STEPS[name] = fn
        return fn

    return register


@dataclass(frozen=True)
class PhaseMarks:
    """What may happen once per naval phase, and who has done it in the current one."""

    turn: int = 0
    phase: int = 0
    torpedoes: tuple[str, ...] = ()  # boats that made their torpedo attack
    aground: tuple[str, ...] = ()  # ships already rolled for running aground
    sheltered: tuple[str, ...] = ()  # ports whose protection held against an attack
    zone_moves: tuple[str, ...] = ()  # one entry per zone-to-zone move of a ship
    moved: tuple[tuple[str, int], ...] = ()  # movement points each ship spent this phase
    stopped: tuple[str, ...] = ()  # ships that entered a hex holding enemy ships
    swept: tuple[str, ...] = ()  # mined hexes swept in this terminal phase
    block_tried: bool = False  # the Port Arthur channel tried in this terminal phase


@dataclass(frozen=True)
class Campaign:
    fleet: Fleet
    battle: Engagement | None = None
    flight_salvos: FlightSalvos = FlightSalvos.OWN
    chemulpo_loss: str = "hit"  # the reading of Japan's "no loss" at Chemulpo
    land: LandCampaign | None = None
    land_turns: tuple[int, ...] = ()  # turns whose shiploads were recorded
    marks: PhaseMarks = PhaseMarks()
    mines: tuple[tuple[str, Side], ...] = ()  # (hex, navy that laid it)
    mines_laid: tuple[tuple[Side, int], ...] = ()
    blocked: bool = False
    scuttled: tuple[str, ...] = ()  # ships sunk by their own crews
    scuttle_tried: tuple[str, ...] = ()
    merchants_called: int = 0
    raids: int = 0
    exits: tuple[tuple[str, int], ...] = ()  # ships that left a battle board, and past which edge
    evasions: tuple[tuple[int, Side], ...] = ()  # (turn, navy that chose to evade)
    uncrewed: tuple[str, ...] = ()  # Italian cruisers not yet at their home port for crews

    # ----- reading the campaign -------------------------------------------------------
    @property
    def data(self) -> DataSet:
        return self.fleet.data

    @property
    def scenario(self) -> Scenario:
        return get_scenario(self.fleet.scenario, self.data)

    def current_marks(self) -> PhaseMarks:
        t = self.fleet.time
        if (self.marks.turn, self.marks.phase) == (t.turn, t.phase):
            return self.marks
        return PhaseMarks(t.turn, t.phase)

    def mines_in_hand(self, side: Side) -> int:
        given = sum(p.mines for p in self.scenario.placements[side])
        given = min(given, int(self.data.markers.get(side.value, {}).get("mines", given)))
        laid = dict(self.mines_laid).get(side, 0)
        return given - laid

    @property
    def flying_bases(self) -> tuple[str, ...]:
        """Hexes holding a Japanese flying base (kept on the ledger: morale reads them)."""
        return self.fleet.bases

    def flying_bases_in_hand(self) -> int:
        """Japan's flying bases not yet placed: what the scenario gives, never more than the
        counter sheet holds."""
        given = sum(p.flying_bases for p in self.scenario.placements[Side.JAPAN])
        sheet = int(self.data.markers.get("japan", {}).get("flying_bases", given))
        return min(given, sheet) - len(self.flying_bases)

    def surprised(self) -> bool:
        """The campaign's first two naval phases: Russia neither moves nor (for the first
        firing rounds of each battle) fires."""
        t = self.fleet.time
        return (
            bool(self.scenario.raw.get("first_turn_surprise"))
            and t.turn == GameTime.parse(self.scenario.start).turn
            and not t.terminal
            and t.phase <= SURPRISE_PHASES
        )

    def battle_now(self) -> Engagement:
        if self.battle is None:
            raise TsushimaError("no battle is set up")
        return self.battle

    def check_off_board(self, ident: str) -> None:
        """Refuse map damage to a ship on the battle board: the battle carries its damage."""
        if self.battle is not None:
            name = self.fleet.berth(ident).ship.ident
            if any(s.ident == name for s in self.battle.on_board()):
                raise TsushimaError(
                    f"{name} is on the battle board: its damage comes from the battle until "
                    "the battle is finished"
                )

    def check_no_battle(self) -> None:
        if self.battle is not None:
            raise TsushimaError("a battle is in progress: finish it first (its damage goes to "
                                "the fleet ledger)")

    def replace(self, **changes: Any) -> Campaign:
        return dataclasses.replace(self, **changes)


def apply(c: Campaign, name: str, args: dict[str, Any]) -> tuple[Campaign, Lines]:
    """Run one recorded step by name."""
    fn = STEPS.get(name)
    if fn is None:
        raise TsushimaError(f"unknown step {name!r}")
    try:
        return fn(c, **args)
    except TypeError as exc:
        raise TsushimaError(f"step {name!r} cannot take these arguments ({exc})") from None
