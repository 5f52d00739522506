"""The firing rounds of an engagement: who may aim at whom, the fire declared, the dice
rolled, and the hits that take effect when the round ends."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Self

from .battle_movement import EngagementMoves
from .battle_types import COLUMNS, DIVISIONS, HOME_EDGE, Declared, FireOrder, Formation, Kind
from .errors import TsushimaError
from .fire import Conditions, Shot, gun_shot, range_between, torpedo_shot
from .units import GUN_SLOTS, Ship, ShipType, Side


class EngagementFire(EngagementMoves):
    """The board with its movement and firing rounds."""

    def required_targets(self, firer: str) -> tuple[str, ...] | None:
        """Enemy ships (not small craft) the firer's guns may choose among; ``None`` when free."""
        ship = self.ship(firer)
        f = self.formation_of(ship.ident)
        if f.kind not in DIVISIONS:
            return None
        mine, theirs = self.divisions(f.side), self.divisions(f.side.enemy)
        if not theirs:
            return None
        i = mine.index(f)
        if i >= len(theirs) + 3:
            return ()
        if i >= len(theirs):
            return tuple(s for d in theirs for s in self.live(d))
        target_div = theirs[i]
        j = f.ships.index(ship.ident)
        live = self.live(target_div)
        reach = max(
            (g.factor for g in (ship.counter.primary, ship.counter.secondary) if g), default=0
        )
        if j < len(target_div.ships):
            default = target_div.ships[j]
            rng = range_between(f.column, target_div.column)
            if default in live and reach - rng > 0:
                return (default,)
        return live

    def _column(self, ship: Ship) -> int:
        if ship.type is ShipType.K:
            return HOME_EDGE[ship.side] + (1 if HOME_EDGE[ship.side] == COLUMNS else -1)
        return self.formation_of(ship.ident).column

    def _shot(self, order: FireOrder, shared: bool) -> Shot:
        firer, target = self.ship(order.firer), self.ship(order.target)
        if order.weapon == "torpedo":
            dist = abs(self._column(firer) - self._column(target))
            if dist > 1:
                raise TsushimaError(
                    f"{firer.ident}'s torpedoes reach only the same or the "
                    f"adjacent column; {target.ident} is {dist} columns away"
                )
            return torpedo_shot(firer, target, dist == 1, self.data, order.salvos)
        ff = None if firer.type is ShipType.K else self.formation_of(firer.ident)
        tf = self.formation_of(target.ident)
        cond = Conditions(
            range=range_between(self._column(firer), tf.column),
            firer_screened=ff is not None and self.screened(ff),
            target_screened=self.screened(tf),
            shared_target=shared,
            firer_fleeing=ff is not None and ff.fleeing,
            target_fleeing=tf.fleeing,
            flight_salvos=self.flight_salvos,
        )
        return gun_shot(firer, target, order.weapon, cond, self.data)

    def torpedo_targets(self, boat: str) -> tuple[str, ...]:
        """The enemy ships ``boat`` may aim its torpedo attack at now: none once it has made
        its attack this phase or has no torpedo salvos left; else those in its own or the
        adjacent column (a question, by the same checks as a declared order)."""
        firer = self.ship(boat)
        if firer.torpedo_salvos <= 0:
            return ()
        out: list[str] = []
        for target in self.on_board(firer.side.enemy):
            order = FireOrder(firer.ident, "torpedo", target.ident)
            try:
                self.check_order(order)
                self._shot(order, False)
            except TsushimaError:
                continue
            out.append(target.ident)
        return tuple(out)

    def check_order(self, order: FireOrder) -> None:
        """Refuse an order the targeting rules forbid."""
        firer, target = self.ship(order.firer), self.ship(order.target)
        if firer.sunk:
            raise TsushimaError(f"{firer.ident} sank in an earlier round")
        if firer.type is not ShipType.K and firer not in self.on_board():
            raise TsushimaError(f"{firer.ident} is not on the battle board")
        if target not in self.on_board():
            raise TsushimaError(f"{target.ident} is not on the battle board")
        if firer.side is target.side:
            raise TsushimaError(f"{firer.ident} may not fire on its own side's {target.ident}")
        if firer.side is self.silent_side and self.firing_rounds < self.silent_firing_rounds:
            raise TsushimaError(
                f"surprise: {firer.side.adjective} ships hold fire for the first "
                f"{self.silent_firing_rounds} firing rounds"
            )
        if order.weapon == "torpedo":
            if firer.ident in self.torpedoes_used:
                raise TsushimaError(f"{firer.ident} has already made its torpedo attack this phase")
            return
        if target.type.small_craft or target.type is ShipType.M:
            return
        allowed = self.required_targets(firer.ident)
        if allowed is not None and target.ident not in allowed:
            if not allowed:
                raise TsushimaError(
                    f"{firer.ident}'s division is in excess of the enemy's "
                    f"divisions by more than three and may not fire"
                )
            raise TsushimaError(
                f"{firer.ident} must fire on {' or '.join(allowed)}, not {target.ident}"
            )

    def declare(self, orders: Sequence[FireOrder]) -> Self:
        """Fix the fire of both sides for this firing round (replacing any earlier plan)."""
        if self.stage != "fire":
            raise TsushimaError(
                f"it is the {self.mover.adjective} movement round, not a firing round"
            )
        if any(d.rolls is not None for d in self.declared):
            raise TsushimaError("dice have been rolled this round: the fire plan is fixed")
        resolved: list[FireOrder] = []
        seen: set[tuple[str, str, str]] = set()
        for order in orders:
            o = FireOrder(
                self.ship(order.firer).ident,
                order.weapon,
                self.ship(order.target).ident,
                order.salvos,
            )
            # torpedo salvos may go to several targets, one order per target
            key = (o.firer, o.weapon, o.target if o.weapon == "torpedo" else "")
            if key in seen:
                raise TsushimaError(
                    f"{o.firer}'s {o.weapon} is given "
                    + ("the same target twice" if o.weapon == "torpedo" else "two targets")
                )
            seen.add(key)
            self.check_order(o)
            resolved.append(o)
        resolved = self._split_torpedoes(resolved)
        gun_firers: dict[str, set[str]] = {}
        for o in resolved:
            if o.weapon != "torpedo":
                gun_firers.setdefault(o.target, set()).add(o.firer)
        out: list[Declared] = []
        for o in resolved:
            shot = self._shot(o, o.weapon != "torpedo" and len(gun_firers[o.target]) > 1)
            if not shot.usable:
                raise TsushimaError(
                    f"{o.firer}'s {o.weapon} cannot fire at {o.target}: {shot.reason}"
                )
            out.append(Declared(o, shot))
        return self._replace(declared=tuple(out))

    def _split_torpedoes(self, orders: list[FireOrder]) -> list[FireOrder]:
        """Share each boat's torpedo salvos among its targets (rule: a torpedo attack may
        pick its targets salvo by salvo). One order alone takes every salvo unless it names
        a count; several orders without counts take one salvo each."""
        by_firer: dict[str, list[int]] = {}
        for i, o in enumerate(orders):
            if o.weapon == "torpedo":
                by_firer.setdefault(o.firer, []).append(i)
        out = list(orders)
        for firer, idx in by_firer.items():
            available = self.ship(firer).torpedo_salvos
            counts = [orders[i].salvos for i in idx]
            if len(idx) == 1 and counts[0] is None:
                filled = [available]
            else:
                filled = [c if c is not None else 1 for c in counts]
            if sum(filled) > available:
                raise TsushimaError(
                    f"{firer} has {available} torpedo salvo(s); {sum(filled)} are given"
                )
            for i, n in zip(idx, filled, strict=True):
                out[i] = dataclasses.replace(orders[i], salvos=n)
        return out

    def default_orders(self, side: Side | None = None) -> tuple[FireOrder, ...]:
        """Lead on lead, ship on ship, every gun that reaches; secondaries left to the player
        when the primary's target is out of their range."""
        orders: list[FireOrder] = []
        aimed: dict[str, int] = {}
        guns = tuple(
            s
            for s in self.ships
            if s.type is ShipType.K and not s.sunk and (side is None or s.side is side)
        )
        for ship in self.on_board(side) + guns:
            if ship.side is self.silent_side and self.firing_rounds < self.silent_firing_rounds:
                continue
            allowed = self.required_targets(ship.ident)
            if allowed is None:  # free choice: the nearest enemy ship primaries may engage
                col = self._column(ship)
                allowed = tuple(
                    sorted(
                        (
                            t.ident
                            for t in self.on_board(ship.side.enemy)
                            if not t.type.small_craft and t.type is not ShipType.M
                        ),
                        key=lambda i: abs(self.formation_of(i).column - col),
                    )
                )[:1]
            if not allowed:
                continue
            # a ship with a choice takes the target fewest others are already firing on
            target = self.ship(min(allowed, key=lambda i: aimed.get(i, 0)))
            aimed[target.ident] = aimed.get(target.ident, 0) + 1
            for slot in GUN_SLOTS:
                if ship.counter.gun(slot) is None:
                    continue
                try:
                    shot = self._shot(FireOrder(ship.ident, slot, target.ident), False)
                except TsushimaError:
                    continue
                if shot.usable:
                    orders.append(FireOrder(ship.ident, slot, target.ident))
        return tuple(orders)

    def roll(self, index: int, totals: Sequence[int]) -> Self:
        """Record the two-dice totals (one per salvo) for declared order ``index``."""
        if not 0 <= index < len(self.declared):
            raise TsushimaError(f"there is no declared fire number {index + 1}")
        d = self.declared[index]
        if d.rolls is not None:
            raise TsushimaError(f"{d.order} has already been rolled")
        results = d.shot.resolve(list(totals))
        new = list(self.declared)
        new[index] = dataclasses.replace(d, rolls=tuple(totals), results=results)
        line = (
            f"{d.order.firer} fires {d.order.weapon} at {d.order.target}: rolls "
            f"{', '.join(map(str, totals))} -> {', '.join(r.phrase for r in results)}."
        )
        return self._replace(declared=tuple(new), log=(*self.log, line))

    def pending_hits(self) -> dict[str, int]:
        """Hits marked this round, to take effect when the round ends."""
        out: dict[str, int] = {}
        for d in self.declared:
            for r in d.results:
                if r.hits:
                    out[d.order.target] = out.get(d.order.target, 0) + r.hits
        return out

    def end_fire_round(self) -> Self:
        """Apply every hit of the round at once; left-behind and sinking follow."""
        if self.stage != "fire":
            raise TsushimaError("no firing round is in progress")
        waiting = [str(d.order) for d in self.declared if d.rolls is None]
        if waiting:
            raise TsushimaError(f"declared fire not yet rolled: {', '.join(waiting)}")
        pending = self.pending_hits()
        ships = tuple(
            s.with_hits(pending[s.ident]) if s.ident in pending else s for s in self.ships
        )
        lines = []
        for old, new in zip(self.ships, ships, strict=True):
            if new.hits != old.hits:
                lines.append(f"{new.ident}: {new.status()}.")
        torps = tuple(
            dict.fromkeys(
                self.torpedoes_used
                + tuple(d.order.firer for d in self.declared if d.order.weapon == "torpedo")
            )
        )
        e = self._replace(
            ships=ships,
            stage="move",
            declared=(),
            torpedoes_used=torps,
            firing_rounds=self.firing_rounds + 1,
            log=(*self.log, f"End of firing round {self.firing_rounds + 1}.", *lines),
        )
        return e._leave_damaged_behind(set(pending))

    def _leave_damaged_behind(self, hit: set[str]) -> Self:
        forms = list(self.formations)
        for i, f in enumerate(list(forms)):
            if not f.fleeing or f.kind in (Kind.SMALL, Kind.STRAGGLER):
                continue
            dropped = [s for s in self.live(f) if s in hit]
            if not dropped:
                continue
            forms[i] = dataclasses.replace(f, ships=tuple(s for s in f.ships if s not in dropped))
            for s in dropped:
                forms.append(Formation(f"{f.ident}-{s}", f.side, Kind.STRAGGLER, (s,), f.column))
        return self._replace(formations=tuple(forms))
