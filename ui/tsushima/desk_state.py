"""What the Tsushima screens hold that the record does not: the plans in hand, the dice, the
last message, and how one intent runs (a refusal changes nothing and says why; an accepted
step is saved at once). The intents themselves live in the plan mixins
(``campaign_plans``, ``setup_plans``, ``movement_plans``, ``board_plans``, ``fire_plans``,
``terminal_plans``, ``map_plans``, ``map_facts``), joined in
:class:`~ui.tsushima.controller.TsushimaDesk`. No Kivy, and no rule: every rule is the
desk's (:class:`companion.tsushima.desk.Desk`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.core.dice import DiceError, DiceService
from companion.tsushima import (
    Engagement,
    FireOrder,
    Fleet,
    FormationSpec,
    Scenario,
    Side,
    TsushimaError,
    default_data,
    get_scenario,
)
from companion.tsushima.data import DataSet
from companion.tsushima.desk import Desk
from companion.tsushima.desk.orders import MapOrder
from companion.tsushima.hexmap import Fact, MissingMapFact

Listener = Callable[[Any], None]
# Where a side's formations are put on the board by the quick set-up (range 3 between).
QUICK_COLUMNS = {Side.JAPAN: 4, Side.RUSSIA: 8}
RECORD = "tsushima-game.jsonl"


class DeskState:
    """The state shared by every plan mixin, and the plumbing of an intent."""

    def __init__(
        self,
        data: DataSet | None = None,
        dice: DiceService | None = None,
        save_dir: Path | None = None,
        map_dir: Path | None = None,
    ) -> None:
        self.data = data or default_data()
        self.save_dir = save_dir
        """Where the campaign record is saved after every accepted step (``None``: not
        saved)."""
        self.map_dir = map_dir
        """The owner's data directory where answers about the printed map are stored
        (``map.json``); ``None``: answers hold for this session only."""
        self.dice = dice or DiceService()
        self.listeners: list[Listener] = []
        self.scenario: Scenario = get_scenario("tsushima", self.data)
        self.desk: Desk | None = None
        # the battle set-up being built: (side, spec) in order of sail
        self.setup: list[tuple[Side, FormationSpec]] = []
        self.selected: list[str] = []
        self.column: dict[Side, int] = dict(QUICK_COLUMNS)
        self.battle_port = ""  # a port battle's port ("" in open sea)
        self.battle_first: Side | None = None  # who moves first (None: the scenario says)
        # plans before they are committed
        self.moves: dict[str, int] = {}
        self.flee = False  # the mover declares flight with this round's move
        self.flee_merchants = False  # only the mover's merchants take flight with this move
        self.detach: list[str] = []  # damaged ships the mover leaves behind this round
        self.flight_die: int | None = None  # the fleeing side's die, rolled before it plans
        self.plan: list[FireOrder] = []
        self.faces: dict[int, tuple[tuple[int, int], ...]] = {}  # dice shown per declared fire
        self.dice_source: dict[int, str] = {}
        self.repairs: list[str] = []
        self.order = MapOrder("spot")
        # a fact of the printed map a refused step asked for, and the intent to run again
        # once it is answered
        self.question: Fact | None = None
        self.asked_step: Callable[[], Any] | None = None
        # what the last step changed, and the last refusal
        self.results: list[str] = []
        self.message = ""
        self.refused = False

    # ------------------------------------------------------------------ plumbing
    @property
    def fleet(self) -> Fleet | None:
        return self.desk.fleet if self.desk is not None else None

    @property
    def engagement(self) -> Engagement | None:
        return self.desk.battle if self.desk is not None else None

    def _desk(self) -> Desk:
        if self.desk is None:
            raise TsushimaError("choose and start a scenario first")
        return self.desk

    def _fleet(self) -> Fleet:
        return self._desk().fleet

    def _battle(self) -> Engagement:
        e = self.engagement
        if e is None:
            raise TsushimaError("no battle is set up")
        return e

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener(self)

    def _say(self, text: str) -> None:
        self.message = text

    def _desk_step(self, act: Callable[[Desk], list[str]]) -> bool:
        """Run one step of the desk whose result lines are all it has to show."""

        def step() -> None:
            self.results = act(self._desk())
            self._say("")

        return self._attempt(step)

    def _attempt(self, step: Callable[[], Any]) -> bool:
        """Run one intent; a refusal changes nothing and is shown with its reason. A step
        that needs a fact of the printed map the owner's file lacks is kept, and the fact
        is asked (:mod:`ui.tsushima.map_facts`): the answer stores it and runs the step
        again."""
        try:
            step()
        except MissingMapFact as missing:
            self.question, self.asked_step = missing.fact, step
            self.message, self.refused = str(missing), True
            self._changed()
            return False
        except (TsushimaError, DiceError) as exc:
            self.message, self.refused = str(exc), True
            self._changed()
            return False
        self.refused = False
        self.question, self.asked_step = None, None
        try:
            self._persist()
        except TsushimaError as exc:
            self.message = f"Not saved: {exc}"
        self._changed()
        return True

    # ------------------------------------------------------------------ saving
    def _file(self) -> Path | None:
        return None if self.save_dir is None else self.save_dir / RECORD

    def _persist(self) -> None:
        path = self._file()
        if path is None or self.desk is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise TsushimaError(f"cannot make {path.parent}: {exc.strerror}") from None
        self.desk.write(path)
