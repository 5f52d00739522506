"""The battle board's firing round on screen: the fire plan (targets the engine allows, held
fire), the declaration, the dice (virtual or entered) and the end of the round; the ranges
shown between divisions (no Kivy)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from companion.core.dice import read_face
from companion.tsushima import FireOrder, Kind, ShipType, Side, TsushimaError, range_between
from companion.tsushima.battle import DIVISIONS

from .board_plans import BoardPlans


class FirePlans(BoardPlans):
    """Mixed into :class:`~ui.tsushima.controller.TsushimaDesk`."""

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
            # a torpedo order keeps the salvos given to it
            self.plan[index] = dataclasses.replace(order, target=choices[at % len(choices)])
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
            self.flee, self.flee_merchants, self.flight_die, self.detach = False, False, None, []
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
