"""The state the Tsushima screens show, and the intents their buttons raise.

Every rule and every step of the referee's flow is the desk's
(:class:`companion.tsushima.desk.Desk`, over one campaign record); the screens' desk keeps
only what is not yet committed (the ships touched, the set-up being built, planned moves, the
fire plan, the ships marked for repair, the map procedure in hand, a map fact being asked),
the dice and the last message. A refused step leaves everything as it was and says why. Dice
are virtual (:class:`companion.core.dice.DiceService`) or entered from physical dice.

This module joins the plan mixins, each in a file named for what it holds, and keeps the
game itself: scenarios, saving and resuming, undo, the verdict.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.tsushima import Fleet, Scenario, Side, TsushimaError, get_scenario, scenario_keys
from companion.tsushima import provisional_warnings as provisional_warnings
from companion.tsushima.desk import Desk
from companion.tsushima.desk.orders import MapOrder

from .campaign_plans import CampaignPlans
from .desk_state import QUICK_COLUMNS, RECORD, Listener
from .fire_plans import FirePlans
from .history_plans import HistoryPlans
from .map_facts import MapFacts
from .map_plans import MapPlans
from .setup_plans import SetupPlans
from .terminal_plans import PortUse, TerminalPlans

__all__ = ["QUICK_COLUMNS", "RECORD", "Listener", "PortUse", "TsushimaDesk", "ships_of"]


class TsushimaDesk(
    HistoryPlans, MapFacts, MapPlans, FirePlans, SetupPlans, CampaignPlans, TerminalPlans
):
    """One referee's desk on screen: a scenario, its campaign record, the plans in hand
    (the map procedures' order: :class:`~ui.tsushima.map_plans.MapPlans`; the owner's map
    facts: :class:`~ui.tsushima.map_facts.MapFacts`; the battle set-up:
    :class:`~ui.tsushima.setup_plans.SetupPlans`; moves, ships left behind, screens,
    torpedo attacks and fire: ``movement_plans``, ``board_plans``, ``fire_plans``; the
    campaign's steps and the terminal phase: ``campaign_plans``, ``terminal_plans``)."""

    # ------------------------------------------------------------------ saving
    def saved(self) -> str:
        """A sentence naming the saved game, or "" when there is none to resume."""
        path = self._file()
        if path is None or not path.is_file():
            return ""
        try:
            desk = Desk.read(path, self.data)
        except TsushimaError:
            return ""
        battle = "; battle in progress" if desk.battle is not None else ""
        return f"{desk.scenario.title}, {desk.fleet.time.describe()}{battle}"

    def resume(self) -> bool:
        def step() -> None:
            path = self._file()
            if path is None or not path.is_file():
                raise TsushimaError("there is no saved Tsushima game")
            self.desk = Desk.read(path, self.data)
            self.scenario = self.desk.scenario
            battle = self.desk.battle
            self.setup, self.selected, self.repairs, self.moves = [], [], [], {}
            self.flee, self.flee_merchants, self.flight_die, self.detach = False, False, None, []
            self.plan = (
                self.desk.fire_plan()
                if battle is not None
                and battle.stage == "fire"
                and not battle.declared
                and not battle.over
                else []
            )
            self.faces, self.dice_source = {}, {}
            self.battle_port, self.battle_first = "", None
            self.results = [f"Resumed: {self.scenario.title}, {self.desk.fleet.time.describe()}."]
            self._say("")

        return self._attempt(step)

    @property
    def warnings(self) -> list[str]:
        return provisional_warnings(self.data)

    def undo(self) -> bool:
        """Take back the last step of the record (plans in hand are dropped)."""

        def step() -> None:
            self.results = self._desk().undo()
            e = self.engagement
            self.setup, self.selected, self.moves, self.repairs = [], [], {}, []
            self.flee, self.flee_merchants, self.flight_die, self.detach = False, False, None, []
            self.plan = (
                self._desk().fire_plan()
                if e is not None and e.stage == "fire" and not e.declared and not e.over
                else []
            )
            self.faces, self.dice_source = {}, {}
            self.battle_port, self.battle_first = "", None
            self._say(self.results[0])

        return self._attempt(step)

    def verdict_line(self) -> str:
        """The scenario's victory verdict: final once the game is over."""
        if self.desk is None:
            return ""
        head = "Game over. " if self.desk.fleet.over else "If the game ended now: "
        return head + self.desk.verdict().sentence()

    # ------------------------------------------------------------------ scenarios
    def scenarios(self) -> list[Scenario]:
        return [get_scenario(k, self.data) for k in scenario_keys(self.data)]

    def choose_scenario(self, key: str) -> bool:
        def step() -> None:
            self.scenario = get_scenario(key, self.data)
            self._say(f"{self.scenario.title}: touch Start to set it up.")

        return self._attempt(step)

    def start_scenario(self) -> bool:
        def step() -> None:
            self.desk = Desk.new(self.scenario.key, self.data)
            self.setup, self.selected, self.repairs = [], [], []
            self.order = MapOrder("spot")
            self.column = dict(QUICK_COLUMNS)
            self.results = [f"{self.scenario.title} set up: {self.desk.fleet.time.describe()}."]
            self._say("")

        return self._attempt(step)


def ships_of(fleet: Fleet, side: Side) -> Iterable[Any]:
    return (b for b in fleet.berths if b.ship.side is side)
