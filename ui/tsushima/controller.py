"""The Tsushima desk: the state the screens show, and the intents their buttons raise.

Every rule is asked of ``companion.tsushima``; this class only keeps the current fleet
ledger and battle board, the referee's plans (moves, fire, repairs) before they are
committed, and the last message. A refused step leaves everything as it was and says why.
Dice are virtual (:class:`companion.dice.DiceService`) or entered from physical dice.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from companion.dice import DiceError, DiceService, read_face
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
    check_division,
    default_data,
    engagement_for,
    get_scenario,
    provisional_warnings,
    range_between,
    repair_odds,
    scenario_keys,
    start_engagement,
)
from companion.tsushima.battle import COLUMNS, DIVISIONS
from companion.tsushima.data import DataSet
from companion.tsushima.fleet import FLYING_BASE, SEA
from companion.tsushima.state import load_engagement, load_fleet, save

Listener = Callable[["TsushimaDesk"], None]
# Where a side's formations are put on the board by the quick set-up (range 3 between).
QUICK_COLUMNS = {Side.JAPAN: 4, Side.RUSSIA: 8}
DIVISION_TYPES = {"battle": (ShipType.B,), "cruiser": (ShipType.A, ShipType.C)}


@dataclass(frozen=True)
class PortUse:
    port: str
    asked: int
    used: int
    capacity: int

    @property
    def over(self) -> bool:
        return self.used + self.asked > self.capacity


class TsushimaDesk:
    """One referee's desk: a scenario, its fleet ledger, at most one battle board."""

    def __init__(
        self,
        data: DataSet | None = None,
        dice: DiceService | None = None,
        save_dir: Path | None = None,
    ) -> None:
        self.data = data or default_data()
        self.save_dir = save_dir
        """Where the fleet ledger and the battle board are saved after every accepted step
        (``None``: not saved)."""
        self.dice = dice or DiceService()
        self.listeners: list[Listener] = []
        self.scenario: Scenario = get_scenario("tsushima", self.data)
        self.fleet: Fleet | None = None
        self.engagement: Engagement | None = None
        # the battle set-up being built: (side, spec) in order of sail
        self.setup: list[tuple[Side, FormationSpec]] = []
        self.selected: list[str] = []
        self.column: dict[Side, int] = dict(QUICK_COLUMNS)
        # plans before they are committed
        self.moves: dict[str, int] = {}
        self.plan: list[FireOrder] = []
        self.faces: dict[int, tuple[tuple[int, int], ...]] = {}  # dice shown per declared fire
        self.dice_source: dict[int, str] = {}
        self.repairs: list[str] = []
        # what the last step changed, and the last refusal
        self.results: list[str] = []
        self.message = ""
        self.refused = False

    # ------------------------------------------------------------------ plumbing
    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener(self)

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
    def _files(self) -> tuple[Path, Path] | None:
        if self.save_dir is None:
            return None
        return self.save_dir / "tsushima-fleet.json", self.save_dir / "tsushima-battle.json"

    def _persist(self) -> None:
        files = self._files()
        if files is None or self.fleet is None:
            return
        fleet_file, battle_file = files
        try:
            self.save_dir.mkdir(parents=True, exist_ok=True)  # type: ignore[union-attr]
        except OSError as exc:
            raise TsushimaError(f"cannot make {self.save_dir}: {exc.strerror}") from None
        save(self.fleet, fleet_file)
        if self.engagement is not None:
            save(self.engagement, battle_file)
        else:
            battle_file.unlink(missing_ok=True)

    def saved(self) -> str:
        """A sentence naming the saved game, or "" when there is none to resume."""
        files = self._files()
        if files is None or not files[0].is_file():
            return ""
        try:
            fleet = load_fleet(files[0], self.data)
        except TsushimaError:
            return ""
        title = get_scenario(fleet.scenario, self.data).title if fleet.scenario else "game"
        battle = "; battle in progress" if files[1].is_file() else ""
        return f"{title}, {fleet.time.describe()}{battle}"

    def resume(self) -> bool:
        def step() -> None:
            files = self._files()
            if files is None or not files[0].is_file():
                raise TsushimaError("there is no saved Tsushima game")
            fleet = load_fleet(files[0], self.data)
            battle = load_engagement(files[1], self.data) if files[1].is_file() else None
            if fleet.scenario:
                self.scenario = get_scenario(fleet.scenario, self.data)
            self.fleet, self.engagement = fleet, battle
            self.setup, self.selected, self.repairs, self.moves = [], [], [], {}
            self.plan = list(battle.default_orders()) if (
                battle is not None and battle.stage == "fire" and not battle.declared
                and not battle.over) else []
            self.faces, self.dice_source = {}, {}
            self.results = [f"Resumed: {self.scenario.title}, {fleet.time.describe()}."]
            self._say("")

        return self._attempt(step)

    def _say(self, text: str) -> None:
        self.message = text

    @property
    def warnings(self) -> list[str]:
        return provisional_warnings(self.data)

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
            self.fleet = Fleet.from_scenario(self.scenario.key, self.data)
            self.engagement = None
            self.setup, self.selected, self.repairs = [], [], []
            self.column = dict(QUICK_COLUMNS)
            self.results = [f"{self.scenario.title} set up: {self.fleet.time.describe()}."]
            self._say("")

        return self._attempt(step)

    # ------------------------------------------------------------------ battle set-up
    def _fleet(self) -> Fleet:
        if self.fleet is None:
            raise TsushimaError("choose and start a scenario first")
        return self.fleet

    def in_setup(self) -> set[str]:
        return {i for _, spec in self.setup for i in spec.ships}

    def available(self, side: Side) -> list[str]:
        """Ships of a side that may still be put on the board (not sunk, not in the yard)."""
        f = self._fleet()
        taken = self.in_setup()
        return [
            b.ship.ident
            for b in f.berths
            if b.ship.side is side
            and not b.ship.sunk
            and not b.repairing
            and b.ship.ident not in taken
        ]

    def selection_side(self) -> Side:
        if self.selected:
            return self._fleet().berth(self.selected[0]).ship.side
        return Side.JAPAN

    def toggle_ship(self, ident: str) -> bool:
        def step() -> None:
            b = self._fleet().berth(ident)
            name = b.ship.ident
            if name in self.selected:
                self.selected.remove(name)
                self._say("")
                return
            if b.ship.sunk:
                raise TsushimaError(f"{name} is sunk")
            if b.repairing:
                raise TsushimaError(f"{name} is in the repair yard and takes no part in battle")
            if name in self.in_setup():
                raise TsushimaError(f"{name} is already set up for the battle")
            if self.selected and b.ship.side is not self.selection_side():
                raise TsushimaError("a division cannot mix the two navies")
            self.selected.append(name)
            self._say("Selected (lead first): " + ", ".join(self.selected))

        return self._attempt(step)

    def shift_column(self, delta: int) -> bool:
        def step() -> None:
            side = self.selection_side()
            self.column[side] = max(1, min(COLUMNS, self.column[side] + delta))

        return self._attempt(step)

    def _specs_for(self, side: Side, idents: Sequence[str], column: int) -> list[FormationSpec]:
        f = self._fleet()
        ships = [f.berth(i).ship for i in idents]
        types = {s.type for s in ships}
        if all(t.small_craft for t in types):
            return [FormationSpec("small", (s.ident,), column) for s in ships]
        if types == {ShipType.M}:
            return [FormationSpec("merchant", (s.ident,), column) for s in ships]
        if len(ships) == 1 and self.data.special(ships[0].counter.name).get("independent"):
            return [FormationSpec("independent", (ships[0].ident,), column)]
        kind = "battle" if types == {ShipType.B} else "cruiser"
        # a short division only when the side has no more ships of the type to hand
        like = [
            i for i in self.available(side) if f.berth(i).ship.type in DIVISION_TYPES[kind]
        ]
        short = len(like) < 3
        check_division(ships, kind, short)
        return [FormationSpec(kind, tuple(s.ident for s in ships), column, short_allowed=short)]

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
        """A first division of each navy (battleships, lead on the ledger's order)."""

        def step() -> None:
            f = self._fleet()
            self.setup, self.selected = [], []
            for side in (Side.JAPAN, Side.RUSSIA):
                like = [i for i in self.available(side) if f.berth(i).ship.type is ShipType.B]
                # the heaviest guns lead (a proposal only; the referee may form his own)
                like.sort(key=lambda i: -self._weight(i))
                if not like:
                    raise TsushimaError(f"the {side.adjective} navy has no battleship to set up")
                self.column[side] = QUICK_COLUMNS[side]
                self.setup += [
                    (side, s) for s in self._specs_for(side, like[:4], QUICK_COLUMNS[side])
                ]
            self._say("Quick set-up: the first battle division of each navy.")

        return self._attempt(step)

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
            f = self._fleet()
            if self.engagement is not None and not self.engagement.over:
                raise TsushimaError("a battle is in progress: finish it first")
            if not self.setup and self.scenario.kind == "battle_board":
                e = engagement_for(self.scenario.key, self.data)
                ships = {s.ident: s for s in f.ships()}
                e = dataclasses.replace(
                    e, ships=tuple(ships.get(s.ident, s) for s in e.ships)
                )
            else:
                sides = {side for side, _ in self.setup}
                if sides != {Side.JAPAN, Side.RUSSIA}:
                    raise TsushimaError("set up at least one formation of each navy")
                ships = {s.ident: s for s in f.ships()}
                e = start_engagement(
                    [s for _, s in self.setup],
                    self.scenario.first_mover,
                    self.data,
                    port=self.scenario.port_battle,
                    ships=ships,
                )
            self.engagement = e
            self.setup, self.selected, self.moves, self.plan = [], [], {}, []
            self.faces, self.dice_source = {}, {}
            self.results = [f"The battle board is set: {e.describe()[-1]}"]
            self._say("")

        return self._attempt(step)

    # ------------------------------------------------------------------ movement
    def _battle(self) -> Engagement:
        if self.engagement is None:
            raise TsushimaError("no battle is set up")
        return self.engagement

    def movers(self) -> list[Formation]:
        e = self._battle()
        return [
            f
            for f in e.formations
            if f.side is e.mover and f.kind is not Kind.COAST and e.live(f)
            and 1 <= f.column <= COLUMNS
        ]

    def nudge(self, formation: str, delta: int) -> bool:
        def step() -> None:
            e = self._battle()
            f = e.formation(formation)
            if f.side is not e.mover:
                raise TsushimaError(f"it is the {e.mover.adjective} movement round")
            limit = e.max_columns(f)
            new = self.moves.get(f.ident, 0) + delta
            if abs(new) > limit:
                raise TsushimaError(f"{f.ident} may move at most {limit} column(s) this round")
            self.moves[f.ident] = new
            self._say("")

        return self._attempt(step)

    def move(self) -> bool:
        def step() -> None:
            e = self._battle()
            before = len(e.log)
            e = e.move({k: v for k, v in self.moves.items() if v})
            self.engagement, self.moves = e, {}
            self.results = list(e.log[before:])
            self.plan = [] if e.over else list(e.default_orders())
            self.faces, self.dice_source = {}, {}
            self._say("Fire plan: lead on lead, ship on ship. Change targets, then Declare.")

        return self._attempt(step)

    def hold(self) -> bool:
        """The mover's formations all stay where they are."""
        self.moves = {}
        return self.move()

    # ------------------------------------------------------------------ fire
    def target_choices(self, order: FireOrder) -> list[str]:
        """Targets the engine names for this firer, and any small craft or merchant."""
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
            self.plan = list(self._battle().default_orders())
            self._say("Fire plan: lead on lead, ship on ship.")

        return self._attempt(step)

    def declare(self) -> bool:
        def step() -> None:
            e = self._battle()
            self.engagement = e.declare(self.plan)
            self.faces, self.dice_source = {}, {}
            self._say("Odds are shown for each gun: roll, or enter the dice you rolled.")

        return self._attempt(step)

    def _record(self, index: int, pairs: Sequence[tuple[int, int]], source: str) -> None:
        e = self._battle()
        if not 0 <= index < len(e.declared):
            raise TsushimaError(f"there is no declared fire number {index + 1}")
        faces = tuple((read_face(g), read_face(b)) for g, b in pairs)
        before = len(e.log)
        self.engagement = e.roll(index, [g + b for g, b in faces])
        self.faces[index] = faces
        self.dice_source[index] = source
        self.results = list(self.engagement.log[before:])
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
            e = self._battle()
            before = len(e.log)
            e = e.end_fire_round()
            self.engagement = e
            self.results = list(e.log[before:])
            self.plan, self.faces, self.dice_source = [], {}, {}
            self._say("Damage applied to every ship at once." if len(self.results) > 1
                      else "No damage this round.")

        return self._attempt(step)

    def finish_battle(self) -> bool:
        """Carry the battle damage back to the fleet ledger and clear the board."""

        def step() -> None:
            e = self._battle()
            f = self._fleet()
            lines = []
            for s in e.ships:
                if s.type is ShipType.K:
                    continue
                if f.berth(s.ident).ship.hits != s.hits:
                    f = f.update_ship(s)
                    lines.append(f"{s.ident}: {s.status()}.")
            self.fleet, self.engagement = f, None
            self.plan, self.moves, self.faces = [], {}, {}
            self.results = lines or ["No damage to carry back."]
            self._say("The battle's damage is on the fleet ledger.")

        return self._attempt(step)

    def pending(self) -> dict[str, int]:
        return self.engagement.pending_hits() if self.engagement else {}

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
        def step() -> None:
            f = self._fleet()
            if self.engagement is not None:
                raise TsushimaError("finish the battle first (its damage goes to the ledger)")
            lines: list[str] = []
            while not f.time.terminal:
                if f.time.segment < 4:
                    f = f.advance_segment()
                else:
                    f, more = f.end_phase()
                    lines += more
            self.fleet = f
            self.results = [ln for ln in lines if not ln.startswith("Now:")] + [
                f"Now: {f.time.describe()}."
            ]
            self._say("")

        return self._attempt(step)

    def repair_candidates(self) -> list[str]:
        f = self._fleet()
        return [b.ship.ident for b in f.berths if b.ship.hits and not b.ship.sunk]

    def places_for(self, ident: str) -> list[str]:
        """Where a ship may be recorded: its navy's ports, the zones, sea, a flying base."""
        f = self._fleet()
        b = f.berth(ident)
        ports = [p.name for p in self.data.ports.values() if p.owner is b.ship.side]
        extra = [FLYING_BASE] if b.ship.side is Side.JAPAN else []
        places = ports + list(self.data.zones) + [SEA] + extra
        return places if b.location in places else [b.location, *places]

    def place(self, ident: str, location: str) -> bool:
        def step() -> None:
            f = self._fleet()
            if f.berth(ident).location == location:
                return
            self.fleet = f.place(ident, location)
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
        f = self._fleet()
        if not f.time.terminal:
            raise TsushimaError(f"it is {f.time.describe()}, not the terminal phase")
        fleet, lines = f.end_phase(dict(dice))
        self.fleet, self.repairs = fleet, []
        self.results = lines
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
