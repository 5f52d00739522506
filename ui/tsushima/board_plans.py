"""The battle board's optional orders on screen: damaged ships left behind in a movement
round, screens, and torpedo attacks added to the fire plan. What the board allows is the
engine's and the desk's answer (``Engagement.detachable``, ``Desk.screen_options``,
``Desk.torpedo_targets``); this keeps only the choices in hand (no Kivy)."""

from __future__ import annotations

import dataclasses

from companion.tsushima import FireOrder, TsushimaError

from .movement_plans import MovementPlans


class BoardPlans(MovementPlans):
    """Mixed into :class:`~ui.tsushima.controller.TsushimaDesk`."""

    def detachable(self) -> list[str]:
        """Damaged ships the mover may leave behind this round (the board's own answer)."""
        e = self.engagement
        return list(e.detachable()) if e is not None else []

    def toggle_detach(self, ident: str) -> bool:
        """Leave a damaged ship behind with this round's move (or take it back); planned moves
        beyond the lighter limit are dropped."""

        def step() -> None:
            name = self._battle().ship(ident).ident
            if name in self.detach:
                self.detach.remove(name)
            elif name not in self.detachable():
                self._battle().detached([name])  # says why
                raise TsushimaError(f"{name} may not be left behind now")
            else:
                self.detach.append(name)
            e = self._battle()
            for k, v in list(self.moves.items()):
                if abs(v) > self.move_limit(e.formation(k)):
                    del self.moves[k]
            self._say(f"Left behind this round: {', '.join(self.detach)}." if self.detach
                      else "No ship left behind.")

        return self._attempt(step)

    def torpedo_boats(self) -> dict[str, tuple[str, ...]]:
        """Boats that may still make their torpedo attack, with their targets (the desk's)."""
        e = self.engagement
        if e is None or e.stage != "fire" or e.declared or e.over:
            return {}
        return self._desk().torpedo_targets()

    def screen_options(self) -> list[tuple[str, str]]:
        """Formations that may screen an adjacent friendly one before the fire is declared."""
        e = self.engagement
        if e is None or e.stage != "fire" or e.declared or e.over:
            return []
        return self._desk().screen_options()

    def screen_formation(self, screener: str, screened: str) -> bool:
        return self._desk_step(lambda d: d.screen(screener, screened))

    def add_torpedo(self, boat: str) -> bool:
        """Give the boat a torpedo order at the next target it may choose (several orders:
        its salvos are shared among the targets, one each)."""

        def step() -> None:
            targets = self.torpedo_boats().get(boat, ())
            aimed = {o.target for o in self.plan if o.firer == boat and o.weapon == "torpedo"}
            free = [t for t in targets if t not in aimed]
            if not free:
                raise TsushimaError(f"{boat} has no further target for its torpedoes")
            self.plan.append(FireOrder(boat, "torpedo", free[0]))
            self._say(f"{boat} will make its torpedo attack: touch the target to change it.")

        return self._attempt(step)

    def torpedo_count_label(self, index: int) -> str:
        """How many of the boat's salvos this torpedo order takes, as the button says it."""
        order = self.plan[index]
        if order.salvos is not None:
            return f"{order.salvos} salvo{'s' * (order.salvos > 1)}"
        shared = sum(1 for o in self.plan if o.firer == order.firer and o.weapon == "torpedo")
        return "one each" if shared > 1 else "all salvos"

    def cycle_torpedo_salvos(self, index: int) -> bool:
        """Give a torpedo order one salvo more of the boat's salvos (after the last, back to
        the engine's share: all salvos, or one each among several targets). The split itself
        is checked by the engine when the fire is declared."""

        def step() -> None:
            order = self.plan[index]
            if order.weapon != "torpedo":
                raise TsushimaError("only torpedo salvos may be split among targets")
            most = self._battle().ship(order.firer).torpedo_salvos
            count = (order.salvos or 0) + 1
            self.plan[index] = dataclasses.replace(order, salvos=count if count <= most else None)
            self._say(f"{order.firer} at {order.target}: {self.torpedo_count_label(index)}.")

        return self._attempt(step)

