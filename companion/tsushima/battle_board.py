"""The engagement as it stands: the ships, the formations and where they are.

:class:`EngagementBoard` holds every fact of an engagement, as one frozen value, and answers
questions about it. The rounds are added above it, movement in
:mod:`companion.tsushima.battle_movement` and firing in :mod:`companion.tsushima.battle_fire`,
and :class:`~companion.tsushima.battle.Engagement` is the whole. The layers between add
methods only, as plain subclasses: making each a dataclass again would rebuild the same
twenty fields' methods, a millisecond of every command that loads the battle.
Every step returns a new value of the caller's own class (``Self``), so a movement step of
an ``Engagement`` gives an ``Engagement``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self

from .battle_types import COLUMNS, DIVISIONS, Declared, Formation, Kind
from .errors import TsushimaError
from .fire import FlightSalvos
from .units import Ship, Side

if TYPE_CHECKING:
    from .dataset import DataSet


@dataclass(frozen=True)
class EngagementBoard:
    ships: tuple[Ship, ...]
    formations: tuple[Formation, ...]
    first_mover: Side
    data: DataSet = dataclasses.field(repr=False, compare=False)
    stage: str = "move"  # "move" or "fire"
    movement_rounds: int = 0
    firing_rounds: int = 0
    declared: tuple[Declared, ...] = ()
    escaped: tuple[tuple[str, bool], ...] = ()  # (ship, escaped by flight)
    exits: tuple[tuple[str, int], ...] = ()  # (ship, edge column it left past)
    displacement: bool = True
    flight: tuple[tuple[Side, int], ...] = ()  # sides in flight, 3-column moves so far
    torpedoes_used: tuple[str, ...] = ()
    screens: tuple[tuple[str, str], ...] = ()  # (screening formation, screened formation)
    port: str | None = None
    port_owner: Side | None = None
    silent_side: Side | None = None  # first-turn surprise
    silent_firing_rounds: int = 0
    log: tuple[str, ...] = ()
    flight_salvos: FlightSalvos = FlightSalvos.OWN

    # ----- looking things up -------------------------------------------------------------
    def ship(self, ident: str) -> Ship:
        for s in self.ships:
            if s.ident.casefold() == ident.strip().casefold():
                return s
        try:
            name = self.data.counter(ident).name
        except TsushimaError:
            name = ident
        for s in self.ships:
            if s.ident == name:
                return s
        raise TsushimaError(f"unknown ship {ident!r} in this engagement")

    def formation(self, ident: str) -> Formation:
        for f in self.formations:
            if f.ident.casefold() == ident.strip().casefold():
                return f
        raise TsushimaError(
            f"unknown formation {ident!r}; formations are "
            f"{', '.join(f.ident for f in self.formations)}"
        )

    def formation_of(self, ship_ident: str) -> Formation:
        ident = self.ship(ship_ident).ident
        for f in self.formations:
            if ident in f.ships:
                return f
        raise TsushimaError(f"{ident} is not on the battle board")

    def on_board(self, side: Side | None = None) -> tuple[Ship, ...]:
        idents = {i for f in self.formations if f.kind is not Kind.COAST for i in f.ships}
        return tuple(
            s
            for s in self.ships
            if s.ident in idents and not s.sunk and (side is None or s.side is side)
        )

    def live(self, f: Formation) -> tuple[str, ...]:
        return tuple(i for i in f.ships if not self.ship(i).sunk)

    @property
    def mover(self) -> Side:
        return self.first_mover if self.movement_rounds % 2 == 0 else self.first_mover.enemy

    @property
    def over(self) -> bool:
        return not self.on_board(Side.RUSSIA) or not self.on_board(Side.JAPAN)

    def flight_successes(self, side: Side) -> int | None:
        for s, n in self.flight:
            if s is side:
                return n
        return None

    def divisions(self, side: Side) -> tuple[Formation, ...]:
        """The side's divisions still afloat, in order of sail."""
        return tuple(
            f for f in self.formations if f.side is side and f.kind in DIVISIONS and self.live(f)
        )

    def order_index(self, firer: str, weapon: str) -> int:
        ident = self.ship(firer).ident
        for i, d in enumerate(self.declared):
            if d.order.firer == ident and d.order.weapon == weapon:
                return i
        raise TsushimaError(f"no {weapon} fire declared for {ident}")

    def _replace(self, **changes: Any) -> Self:
        return dataclasses.replace(self, **changes)

    # ----- reading the board -----------------------------------------------------------
    def columns(self) -> dict[int, list[Formation]]:
        out: dict[int, list[Formation]] = {c: [] for c in range(1, COLUMNS + 1)}
        for f in self.formations:
            if f.kind is not Kind.COAST and self.live(f):
                out[f.column].append(f)
        return out

    def describe(self) -> list[str]:
        """Readable lines: where each formation is, with damage, then whose turn it is."""
        lines: list[str] = []
        for f in self.formations:
            live = self.live(f)
            if not live:
                continue
            where = "off the coast" if f.kind is Kind.COAST else f"column {f.column}"
            ships = "; ".join(f"{i} ({self.ship(i).status()})" for i in live)
            tag = " fleeing" if f.fleeing else ""
            lines.append(f"{f.side.adjective} {f.kind.value}{tag} {f.ident}, {where}: {ships}")
        for i, by_flight in self.escaped:
            lines.append(f"{i} has left the board{' in flight' if by_flight else ''}.")
        if self.over:
            lines.append("The engagement is over.")
        elif self.stage == "move":
            lines.append(f"Next: {self.mover.adjective} movement round.")
        else:
            lines.append(f"Next: firing round {self.firing_rounds + 1} (both sides fire).")
        return lines

