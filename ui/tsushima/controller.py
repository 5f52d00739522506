"""The state the Tsushima screens show, and the intents their buttons raise.

Every rule and every step of the referee's flow is the desk's
(:class:`companion.tsushima.desk.Desk`, over one campaign record); this class keeps only
what is not yet committed (the ships touched, the set-up being built, planned moves, the
fire plan, the ships marked for repair), the dice and the last message. A refused step
leaves everything as it was and says why. Dice are virtual
(:class:`companion.core.dice.DiceService`) or entered from physical dice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from companion.core.dice import DiceError, DiceService, read_face
from companion.tsushima import (
    Engagement,
    FireOrder,
    Fleet,
    Formation,
    FormationSpec,
    Kind,
    Scenario,
    ShipType,
    Side,
    TsushimaError,
    after_phase,
    default_data,
    get_scenario,
    provisional_warnings,
    range_between,
    repair_odds,
    scenario_keys,
)
from companion.tsushima.battle import COLUMNS, DIVISIONS, FLIGHT_FACES, FLIGHT_SUCCESSES
from companion.tsushima.calendar import GameTime
from companion.tsushima.data import DataSet
from companion.tsushima.desk import Desk
from companion.tsushima.desk.orders import MapOrder
from companion.tsushima.desk.view import status_lines
from companion.tsushima.fleet import FLYING_BASE, INTERNED, SEA
from companion.tsushima.hexmap import is_hex

from .board_plans import BoardPlans
from .map_plans import MapPlans

Listener = Callable[["TsushimaDesk"], None]
# Where a side's formations are put on the board by the quick set-up (range 3 between).
QUICK_COLUMNS = {Side.JAPAN: 4, Side.RUSSIA: 8}
RECORD = "tsushima-game.jsonl"


@dataclass(frozen=True)
class PortUse:
    port: str
    asked: int
    used: int
    capacity: int

    @property
    def over(self) -> bool:
        return self.used + self.asked > self.capacity


class TsushimaDesk(MapPlans, BoardPlans):
    """One referee's desk on screen: a scenario, its campaign record, the plans in hand
    (the map procedures' order: :class:`~ui.tsushima.map_plans.MapPlans`; ships left
    behind, screens and torpedo attacks: :class:`~ui.tsushima.board_plans.BoardPlans`)."""

    def __init__(
        self,
        data: DataSet | None = None,
        dice: DiceService | None = None,
        save_dir: Path | None = None,
    ) -> None:
        self.data = data or default_data()
        self.save_dir = save_dir
        """Where the campaign record is saved after every accepted step (``None``: not
        saved)."""
        self.dice = dice or DiceService()
        self.listeners: list[Listener] = []
        self.scenario: Scenario = get_scenario("tsushima", self.data)
        self.desk: Desk | None = None
        # the battle set-up being built: (side, spec) in order of sail
        self.setup: list[tuple[Side, FormationSpec]] = []
        self.selected: list[str] = []
        self.column: dict[Side, int] = dict(QUICK_COLUMNS)
        # plans before they are committed
        self.moves: dict[str, int] = {}
        self.flee = False  # the mover declares flight with this round's move
        self.detach: list[str] = []  # damaged ships the mover leaves behind this round
        self.flight_die: int | None = None  # the fleeing side's die, rolled before it plans
        self.plan: list[FireOrder] = []
        self.faces: dict[int, tuple[tuple[int, int], ...]] = {}  # dice shown per declared fire
        self.dice_source: dict[int, str] = {}
        self.repairs: list[str] = []
        self.order = MapOrder("spot")
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

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener(self)

    def _desk_step(self, act: Callable[[Desk], list[str]]) -> bool:
        """Run one step of the desk whose result lines are all it has to show."""

        def step() -> None:
            self.results = act(self._desk())
            self._say("")

        return self._attempt(step)

    def _attempt(self, step: Callable[[], Any]) -> bool:
        """Run one intent; a refusal changes nothing and is shown with its reason."""
        try:
            step()
        except (TsushimaError, DiceError) as exc:
            self.message, self.refused = str(exc), True
            self._changed()
            return False
        self.refused = False
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
            self.flee, self.flight_die, self.detach = False, None, []
            self.plan = (
                self.desk.fire_plan()
                if battle is not None
                and battle.stage == "fire"
                and not battle.declared
                and not battle.over
                else []
            )
            self.faces, self.dice_source = {}, {}
            self.results = [f"Resumed: {self.scenario.title}, {self.desk.fleet.time.describe()}."]
            self._say("")

        return self._attempt(step)

    def _say(self, text: str) -> None:
        self.message = text

    @property
    def warnings(self) -> list[str]:
        return provisional_warnings(self.data)

    def undo(self) -> bool:
        """Take back the last step of the record (plans in hand are dropped)."""

        def step() -> None:
            self.results = self._desk().undo()
            e = self.engagement
            self.setup, self.selected, self.moves, self.repairs = [], [], {}, []
            self.flee, self.flight_die, self.detach = False, None, []
            self.plan = (
                self._desk().fire_plan()
                if e is not None and e.stage == "fire" and not e.declared and not e.over
                else []
            )
            self.faces, self.dice_source = {}, {}
            self._say(self.results[0])

        return self._attempt(step)

    def verdict_line(self) -> str:
        """The scenario's victory verdict: final once the game is over."""
        if self.desk is None:
            return ""
        head = "Game over. " if self.desk.fleet.over else "If the game ended now: "
        return head + self.desk.verdict().sentence()

    # ------------------------------------------------------------------ the campaign
    def status(self) -> list[str]:
        """Where the campaign stands, in the desk's own lines."""
        return status_lines(self.desk.campaign) if self.desk is not None else []

    def offers(self) -> set[str]:
        """Which campaign steps apply now: ``italy``, ``plan``, ``loads``, ``need``, ``over``."""
        if self.desk is None or self.desk.fleet.over:
            return set()
        c, f, out = self.desk.campaign, self.desk.fleet, set()
        start = GameTime.parse(c.scenario.start)
        if c.scenario.raw.get("italian_cruisers") and f.italy is None and f.time == start:
            out.add("italy")
        if c.scenario.kind == "campaign" and c.land is None:
            out.add("plan")
        if c.scenario.raw.get("port_arthur_fallen") and any(
            b.ship.side is Side.RUSSIA and b.location == "Vladivostok" and not b.ship.sunk
            for b in f.berths
        ):
            out.add("over")
        land = c.land
        if land is not None and not land.fallen and f.time.terminal:
            if f.time.turn not in c.land_turns and land.loads_needed() is not None:
                out.add("loads")
            if land.plan == "C" and land.opened and land.need is None:
                out.add("need")
        return out

    def next_segment(self) -> bool:
        return self._desk_step(lambda d: d.next())

    def declare_over(self) -> bool:
        return self._desk_step(lambda d: d.declare_over())

    def movable(self) -> list[str]:
        """Ships that may be recorded somewhere else: afloat, not interned, off the board."""
        f = self._fleet()
        board = {s.ident for s in self.engagement.on_board()} if self.engagement else set()
        return [
            b.ship.ident for b in f.berths
            if not b.ship.sunk and b.location != INTERNED and b.ship.ident not in board
        ]

    def roll_italy(self) -> bool:
        """Tables 6A and 6B with virtual dice."""

        return self._desk_step(lambda d: d.italy(self.dice.d6(), self.dice.d6()))

    def choose_plan(self, plan: str) -> bool:
        return self._desk_step(lambda d: d.land_plan(plan))

    def shiploads(self, met: bool) -> bool:
        """This turn's shiploads delivered in full (or not); the die towards the fall is
        rolled (virtual) when the plan has earned it."""

        def step() -> None:
            land = self._desk().campaign.land
            if land is None:
                raise TsushimaError("choose a land campaign plan first")
            need = land.loads_needed()
            if need is None:
                raise TsushimaError("plan C: roll this turn's shiploads first")
            opening = land.plan == "C" and not land.opened
            die = self.dice.d6() if met and land.rolling and not opening else None
            self.results = self._desk().land_turn(need if met else 0, die)
            self._say("")

        return self._attempt(step)

    def roll_need(self) -> bool:
        return self._desk_step(lambda d: d.land_need(self.dice.d6()))

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

    # ------------------------------------------------------------------ battle set-up
    def _fleet(self) -> Fleet:
        return self._desk().fleet

    def in_setup(self) -> set[str]:
        return {i for _, spec in self.setup for i in spec.ships}

    def available(self, side: Side) -> list[str]:
        """Ships of a side that may still be put on the board (not sunk, not in the yard)."""
        return self._desk().available(side, sorted(self.in_setup()))

    def selection_side(self) -> Side:
        if self.selected:
            return self._fleet().berth(self.selected[0]).ship.side
        return Side.JAPAN

    def toggle_ship(self, ident: str) -> bool:
        def step() -> None:
            desk = self._desk()
            b = desk.fleet.berth(ident)
            name = b.ship.ident
            if name in self.selected:
                self.selected.remove(name)
                self._say("")
                return
            desk.check_joinable(name, self.selected, sorted(self.in_setup()))
            self.selected.append(name)
            self._say("Selected (lead first): " + ", ".join(self.selected))

        return self._attempt(step)

    def shift_column(self, delta: int) -> bool:
        def step() -> None:
            side = self.selection_side()
            self.column[side] = max(1, min(COLUMNS, self.column[side] + delta))

        return self._attempt(step)

    def _specs_for(self, side: Side, idents: Sequence[str], column: int) -> list[FormationSpec]:
        placed = [spec for s, spec in self.setup if s is side]
        return self._desk().division_specs(idents, column, placed)

    def form_division(self) -> bool:
        def step() -> None:
            if not self.selected:
                raise TsushimaError("touch the ships of the division first, lead ship first")
            side = self.selection_side()
            specs = self._specs_for(side, self.selected, self.column[side])
            self.setup += [(side, s) for s in specs]
            self._say(
                f"{side.adjective} {specs[0].kind} at column {self.column[side]}: "
                + ", ".join(self.selected)
            )
            self.selected = []

        return self._attempt(step)

    def quick_setup(self) -> bool:
        """A first division of each navy (battleships, heaviest guns leading)."""

        def step() -> None:
            f = self._fleet()
            self.setup, self.selected = [], []
            like = {}
            for side in (Side.JAPAN, Side.RUSSIA):
                like[side] = [i for i in self.available(side)
                              if f.berth(i).ship.type is ShipType.B]
                if not like[side]:
                    raise TsushimaError(f"the {side.adjective} navy has no battleship to set up")
            chosen = self._meeting(like[Side.JAPAN], like[Side.RUSSIA])
            for side, ships in zip((Side.JAPAN, Side.RUSSIA), chosen, strict=True):
                # the heaviest guns lead (a proposal only; the referee may form his own)
                ships.sort(key=lambda i: -self._weight(i))
                self.column[side] = QUICK_COLUMNS[side]
                self.setup += [
                    (side, s) for s in self._specs_for(side, ships[:4], QUICK_COLUMNS[side])
                ]
            self._say("Quick set-up: the first battle division of each navy, where they meet.")

        return self._attempt(step)

    def _meeting(self, japan: list[str], russia: list[str]) -> tuple[list[str], list[str]]:
        """The first place (in ledger order) where battleships of both navies stand, as the
        desk's rule on a battle's place reads it: the ships of each navy there."""
        desk, f = self._desk(), self._fleet()
        by_place: dict[str, list[str]] = {}
        for ident in japan + russia:
            by_place.setdefault(f.berth(ident).location, []).append(ident)
        for jp in {f.berth(i).location: None for i in japan}:
            for ru in {f.berth(i).location: None for i in russia}:
                a, b = by_place[jp], by_place[ru]
                try:
                    desk.check_meeting([a[0], b[0]])
                except TsushimaError:
                    continue
                return [i for i in a if i in japan], [i for i in b if i in russia]
        raise TsushimaError("no place holds battleships of both navies: ships fight only where "
                            "they meet (record the moves on the Campaign screen first)")

    def _weight(self, ident: str) -> int:
        c = self._fleet().berth(ident).ship.counter
        return sum(g.factor * g.salvos for g in (c.primary, c.secondary) if g) + c.armour

    def clear_setup(self) -> bool:
        def step() -> None:
            self.setup, self.selected = [], []
            self._say("Battle set-up cleared.")

        return self._attempt(step)

    def start_battle(self) -> bool:
        def step() -> None:
            desk = self._desk()
            if not self.setup and self.scenario.kind == "battle_board":
                desk.battle_scenario()
            else:
                desk.battle_start([(side, spec.ships, spec.column) for side, spec in self.setup])
            e = self._battle()
            self.setup, self.selected, self.moves, self.plan = [], [], {}, []
            self.flee, self.flight_die, self.detach = False, None, []
            self.faces, self.dice_source = {}, {}
            self.results = [f"The battle board is set: {e.describe()[-1]}"]
            self._say("")

        return self._attempt(step)

    # ------------------------------------------------------------------ movement
    def _battle(self) -> Engagement:
        e = self.engagement
        if e is None:
            raise TsushimaError("no battle is set up")
        return e

    def movers(self) -> list[Formation]:
        e = self._battle()
        return [
            f
            for f in e.formations
            if f.side is e.mover and f.kind is not Kind.COAST and e.live(f)
            and 1 <= f.column <= COLUMNS
        ]

    def flight_die_needed(self) -> bool:
        """The mover fled in an earlier round and has not yet earned free three-column moves:
        it rolls the flight die before it moves."""
        e = self.engagement
        if e is None or e.stage != "move" or e.over:
            return False
        done = e.flight_successes(e.mover)
        return done is not None and done < FLIGHT_SUCCESSES

    def may_flee(self) -> bool:
        e = self.engagement
        return (
            e is not None and e.stage == "move" and not e.over and e.port is None
            and e.flight_successes(e.mover) is None
        )

    def toggle_flee(self) -> bool:
        """Declare (or withdraw) the mover's flight with this round's move."""

        def step() -> None:
            e = self._battle()
            if not self.may_flee():
                raise TsushimaError(
                    "flight may not be used in a port battle" if e.port is not None
                    else f"the {e.mover.adjective} side cannot begin flight now"
                )
            self.flee = not self.flee
            self._say(f"The {e.mover.adjective} side will take flight with this move: fleeing "
                      "divisions may only move away; the flight die comes next round."
                      if self.flee else "No flight.")

        return self._attempt(step)

    def _set_flight_die(self, face: int) -> None:
        if not self.flight_die_needed():
            raise TsushimaError("no flight die is due this round")
        if self.flight_die is not None:
            raise TsushimaError(f"the flight die is already rolled: {self.flight_die}")
        self.flight_die = read_face(face)
        self.moves = {}
        three = self.flight_die in FLIGHT_FACES
        self._say(f"Flight die {self.flight_die}: "
                  + ("fleeing ships may move three columns." if three
                     else "no three-column move this round."))

    def roll_flight_die(self) -> bool:
        return self._attempt(lambda: self._set_flight_die(self.dice.d6()))

    def enter_flight_die(self, face: int) -> bool:
        return self._attempt(lambda: self._set_flight_die(face))

    def move_limit(self, f: Formation) -> int:
        """Columns the formation may move this round, the flight die and the ships left
        behind included."""
        e = self._battle().detached(self.detach)
        f = e.formation(f.ident)
        return e.max_columns(f, self.flight_die in FLIGHT_FACES or (
            f.fleeing and not self.flight_die_needed() and e.flight_successes(f.side) is not None
        ))

    def nudge(self, formation: str, delta: int) -> bool:
        def step() -> None:
            e = self._battle()
            f = e.formation(formation)
            if f.side is not e.mover:
                raise TsushimaError(f"it is the {e.mover.adjective} movement round")
            limit = self.move_limit(f)
            new = self.moves.get(f.ident, 0) + delta
            if abs(new) > limit:
                raise TsushimaError(f"{f.ident} may move at most {limit} column(s) this round")
            self.moves[f.ident] = new
            self._say("")

        return self._attempt(step)

    def move(self) -> bool:
        def step() -> None:
            if self.flight_die_needed() and self.flight_die is None:
                raise TsushimaError("the fleeing side rolls its flight die before it moves")
            self.results = self._desk().move(
                {k: v for k, v in self.moves.items() if v},
                flight_die=self.flight_die,
                detach=self.detach,
                flee=self.flee,
            )
            e = self._battle()
            self.moves, self.flee, self.flight_die, self.detach = {}, False, None, []
            self.plan = [] if e.over else self._desk().fire_plan()
            self.faces, self.dice_source = {}, {}
            self._say("Fire plan: lead on lead, ship on ship. Change targets, then Declare.")

        return self._attempt(step)

    def hold(self) -> bool:
        """The mover's formations all stay where they are."""
        self.moves, self.detach = {}, []
        return self.move()

    # ------------------------------------------------------------------ fire
    def target_choices(self, order: FireOrder) -> list[str]:
        """Targets the engine names for this firer, and any small craft or merchant."""
        if order.weapon == "torpedo":
            return list(self.torpedo_boats().get(order.firer, ()))
        e = self._battle()
        enemy = e.on_board(e.ship(order.firer).side.enemy)
        allowed = e.required_targets(order.firer)
        big = list(allowed) if allowed is not None else [
            s.ident for s in enemy if not s.type.small_craft and s.type is not ShipType.M
        ]
        small = [s.ident for s in enemy if s.type.small_craft or s.type is ShipType.M]
        return big + [s for s in small if s not in big]

    def retarget(self, index: int) -> bool:
        def step() -> None:
            order = self.plan[index]
            choices = self.target_choices(order)
            if not choices:
                raise TsushimaError(f"{order.firer} has no target it may fire on")
            at = choices.index(order.target) + 1 if order.target in choices else 0
            self.plan[index] = FireOrder(order.firer, order.weapon, choices[at % len(choices)])
            self._say("")

        return self._attempt(step)

    def drop_order(self, index: int) -> bool:
        def step() -> None:
            order = self.plan.pop(index)
            self._say(f"{order.firer}'s {order.weapon} holds fire.")

        return self._attempt(step)

    def reset_plan(self) -> bool:
        def step() -> None:
            self.plan = self._desk().fire_plan()
            self._say("Fire plan: lead on lead, ship on ship.")

        return self._attempt(step)

    def declare(self) -> bool:
        def step() -> None:
            self._desk().declare([str(o) for o in self.plan])
            self.faces, self.dice_source = {}, {}
            self._say("Odds are shown for each gun: roll, or enter the dice you rolled.")

        return self._attempt(step)

    def _record(self, index: int, pairs: Sequence[tuple[int, int]], source: str) -> None:
        e = self._battle()
        if not 0 <= index < len(e.declared):
            raise TsushimaError(f"there is no declared fire number {index + 1}")
        faces = tuple((read_face(g), read_face(b)) for g, b in pairs)
        self.results = self._desk().roll(index + 1, [g + b for g, b in faces])
        self.faces[index] = faces
        self.dice_source[index] = source
        self._say("")

    def roll(self, index: int) -> bool:
        """Virtual dice: two per salvo."""

        def step() -> None:
            d = self._battle().declared[index]
            self._record(index, [self.dice.gold_blue() for _ in range(d.shot.salvos)], "virtual")

        return self._attempt(step)

    def enter(self, index: int, pairs: Sequence[tuple[int, int]]) -> bool:
        """Physical dice entered by touch: one (die, die) pair per salvo."""
        return self._attempt(lambda: self._record(index, pairs, "physical"))

    def roll_all(self) -> bool:
        def step() -> None:
            e = self._battle()
            lines: list[str] = []
            for i, d in enumerate(e.declared):
                if d.rolls is None:
                    pairs = [self.dice.gold_blue() for _ in range(d.shot.salvos)]
                    self._record(i, pairs, "virtual")
                    lines += self.results
            self.results = lines

        return self._attempt(step)

    def end_round(self) -> bool:
        def step() -> None:
            self.results = self._desk().end_round()
            self.plan, self.faces, self.dice_source = [], {}, {}
            self._say("Damage applied to every ship at once." if len(self.results) > 1
                      else "No damage this round.")

        return self._attempt(step)

    def finish_battle(self) -> bool:
        """Carry the battle damage back to the fleet ledger and clear the board."""

        def step() -> None:
            self.results = self._desk().finish()
            self.plan, self.moves, self.faces = [], {}, {}
            self.flee, self.flight_die, self.detach = False, None, []
            self._say("The battle's damage is on the fleet ledger.")

        return self._attempt(step)

    def pending(self) -> dict[str, int]:
        e = self.engagement
        return e.pending_hits() if e else {}

    def ranges(self) -> list[tuple[str, str, int]]:
        """Range between each pair of opposing divisions (n-th against n-th)."""
        e = self.engagement
        if e is None:
            return []
        out = []
        jap, rus = e.divisions(Side.JAPAN), e.divisions(Side.RUSSIA)
        for a, b in zip(jap, rus, strict=False):
            out.append((a.ident, b.ident, range_between(a.column, b.column)))
        others = [
            f for f in e.formations
            if f.kind not in DIVISIONS and f.kind is not Kind.COAST and e.live(f)
        ]
        for f in others[:4]:
            enemy = [g for g in e.formations if g.side is f.side.enemy
                     and g.kind is not Kind.COAST and e.live(g)]
            if enemy:
                near = min(enemy, key=lambda g: abs(g.column - f.column))
                out.append((f.ident, near.ident, range_between(f.column, near.column)))
        return out

    # ------------------------------------------------------------------ terminal phase
    def to_terminal(self) -> bool:
        return self._desk_step(lambda d: d.to_terminal())

    def repair_candidates(self) -> list[str]:
        f = self._fleet()
        return [b.ship.ident for b in f.berths if b.ship.hits and not b.ship.sunk]

    def places_for(self, ident: str) -> list[str]:
        """Where a ship may be recorded: its navy's ports, the zones, sea, the hexes where
        ships are recorded, a flying base."""
        f = self._fleet()
        b = f.berth(ident)
        ports = [p.name for p in self.data.ports.values() if f.port(p.name).owner is b.ship.side]
        extra = [FLYING_BASE] if b.ship.side is Side.JAPAN and f.bases else []
        hexes = sorted({x.location for x in f.berths if is_hex(x.location)})
        places = ports + list(self.data.zones) + [SEA] + hexes + extra + [INTERNED]
        return places if b.location in places else [b.location, *places]

    def place(self, ident: str, location: str) -> bool:
        def step() -> None:
            desk = self._desk()
            if desk.fleet.berth(ident).location == location:
                return
            desk.place(ident, location)
            self._say(f"{ident} is now at {location}.")

        return self._attempt(step)

    def toggle_repair(self, ident: str) -> bool:
        def step() -> None:
            name = self._fleet().berth(ident).ship.ident
            if name in self.repairs:
                self.repairs.remove(name)
            else:
                self.repairs.append(name)
            self._say("")

        return self._attempt(step)

    def port_use(self) -> list[PortUse]:
        f = self._fleet()
        asked: dict[str, int] = {}
        for ident in self.repairs:
            loc = f.berth(ident).location
            asked[loc] = asked.get(loc, 0) + 1
        used = dict(f.repairs_used)
        out = []
        for name, n in asked.items():
            port = self.data.ports.get(name)
            out.append(PortUse(name, n, used.get(name, 0), port.repair if port else 0))
        return out

    def repair_odds(self, ident: str) -> dict[str, Fraction]:
        return repair_odds(self._fleet().berth(ident).ship.captured)

    def morale_preview(self) -> list[tuple[str, int, int, str]]:
        """(ship, level now, level after this phase, where) for every ship that changes."""
        f = self._fleet()
        out = []
        for b in f.berths:
            if b.ship.sunk:
                continue
            where = f.morale_location(b)
            after = after_phase(b.morale, where, f.time.terminal)
            if after.level != b.morale.level:
                out.append((b.ship.ident, b.morale.level, after.level, b.location))
        return out

    def _end_phase(self, dice: Mapping[str, int]) -> None:
        self.results = self._desk().terminal(dict(dice))
        self.repairs = []
        self._say("Terminal phase done: repairs and morale are on the ledger.")

    def run_terminal(self) -> bool:
        """Virtual repair dice for the ships chosen, then morale; all or nothing."""

        def step() -> None:
            dice = {ident: self.dice.d6() for ident in self.repairs}
            self._end_phase(dice)

        return self._attempt(step)

    def enter_terminal(self, dice: Mapping[str, int]) -> bool:
        def step() -> None:
            faces = {k: read_face(v) for k, v in dice.items()}
            if set(faces) != set(self.repairs):
                raise TsushimaError("enter one repair die for each ship chosen for repair")
            self._end_phase(faces)

        return self._attempt(step)


def ships_of(fleet: Fleet, side: Side) -> Iterable[Any]:
    return (b for b in fleet.berths if b.ship.side is side)
