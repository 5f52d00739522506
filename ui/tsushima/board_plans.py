"""The battle board's optional orders on screen: damaged ships left behind in a movement
round, screens, and torpedo attacks added to the fire plan. What the board allows is the
engine's and the desk's answer (``Engagement.detachable``, ``Desk.screen_options``,
``Desk.torpedo_targets``); this keeps only the choices in hand (no Kivy)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.tsushima import Engagement, FireOrder, Formation, TsushimaError
from companion.tsushima.desk import Desk


class BoardPlans:
    """Mixed into :class:`~ui.tsushima.controller.TsushimaDesk`."""

    plan: list[FireOrder]
    moves: dict[str, int]
    detach: list[str]

    # provided by the desk class this is mixed into
    @property
    def engagement(self) -> Engagement | None:  # pragma: no cover - the controller's
        raise NotImplementedError

    def _desk(self) -> Desk:  # pragma: no cover
        raise NotImplementedError

    def _battle(self) -> Engagement:  # pragma: no cover
        raise NotImplementedError

    def _attempt(self, step: Callable[[], Any]) -> bool:  # pragma: no cover
        raise NotImplementedError

    def _desk_step(self, act: Callable[[Desk], list[str]]) -> bool:  # pragma: no cover
        raise NotImplementedError

    def _say(self, text: str) -> None:  # pragma: no cover
        raise NotImplementedError

    def move_limit(self, f: Formation) -> int:  # pragma: no cover
        raise NotImplementedError

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
