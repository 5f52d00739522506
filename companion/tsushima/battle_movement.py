"""The movement rounds of an engagement: moving, leaving ships behind, flight and screens."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Self

from .battle_board import EngagementBoard
from .battle_types import (
    COLUMNS,
    DIVISIONS,
    FLIGHT_FACES,
    FLIGHT_SUCCESSES,
    HOME_EDGE,
    PORT_EXITS_PER_ROUND,
    Formation,
    Kind,
)
from .dice import check_die
from .errors import TsushimaError
from .units import ShipType, Side


class EngagementMoves(EngagementBoard):
    """The board with its movement rounds (and the screens formed between them)."""

    def max_columns(self, f: Formation, three: bool = False) -> int:
        """Columns the formation may move this round (Table 3; flight may raise it to 3)."""
        if f.kind is Kind.COAST:
            return 0
        if f.kind is Kind.SMALL:
            return 3
        if three and f.fleeing:
            return 3
        if f.kind is Kind.MERCHANT:
            return 2
        crippled = any(self.ship(i).hits >= 2 for i in self.live(f))
        return 1 if crippled else 2

    def move(
        self,
        moves: Mapping[str, int],
        flight_die: int | None = None,
        detach: Sequence[str] = (),
        flee: bool = False,
        flee_merchants: bool = False,
    ) -> Self:
        """The mover's movement round. ``moves`` maps formation to a signed column change
        (positive towards column 12); formations not named stay put.

        ``detach`` drops damaged ships (never the lead) from their divisions first; ``flee``
        starts the flight of the whole side; ``flight_die`` is the die a fleeing side rolls.
        """
        if self.stage != "move":
            raise TsushimaError("it is a firing round: declare and roll fire, then end the round")
        if self.over:
            raise TsushimaError("the engagement is over")
        side = self.mover
        e = self
        for ident in detach:
            e = e._detach(ident, side)
        already = e.flight_successes(side) is not None
        if flee or flee_merchants:
            e = e._begin_flight(side, merchants_only=not flee)
        successes = e.flight_successes(side)
        three = False
        if successes is not None and not already:
            # the flight die belongs to the fleeing side's later movement rounds
            if flight_die is not None:
                raise TsushimaError(
                    "the flight die is rolled in each movement round after flight is declared, "
                    "not in the round it begins"
                )
        elif successes is not None and successes < FLIGHT_SUCCESSES:
            if flight_die is None:
                if any(e.formation(k).fleeing for k in moves if moves[k]):
                    raise TsushimaError(
                        f"the {side.adjective} side is fleeing: roll the flight die"
                    )
            elif check_die(flight_die, "flight die") in FLIGHT_FACES:
                successes += 1
                three = True
            e = e._replace(flight=tuple((s, successes if s is side else n) for s, n in e.flight))
        elif successes is not None:
            three = True
        elif flight_die is not None:
            raise TsushimaError(f"the {side.adjective} side is not fleeing: no flight die")
        if (
            side is e.silent_side
            and e.firing_rounds < e.silent_firing_rounds
            and any(moves.values())
        ):
            raise TsushimaError(f"surprise: the {side.adjective} side may not move yet")
        new = list(e.formations)
        exits_from_port = 0
        for key, delta in moves.items():
            f = e.formation(key)
            if f.side is not side:
                raise TsushimaError(
                    f"{f.ident} is {f.side.adjective}; it is the {side.adjective} movement round"
                )
            if isinstance(delta, bool) or not isinstance(delta, int):
                raise TsushimaError(f"move for {f.ident} must be a whole number of columns")
            limit = e.max_columns(f, three)
            if abs(delta) > limit:
                raise TsushimaError(
                    f"{f.ident} may move at most {limit} column(s) this round, not {abs(delta)}"
                )
            away = 1 if HOME_EDGE[side] == COLUMNS else -1
            if f.fleeing and delta and (delta > 0) != (away > 0):
                raise TsushimaError(f"{f.ident} is fleeing: flight is for escape, not for chase")
            if f.fleeing and abs(delta) > 2 and f.kind is not Kind.SMALL and not three:
                raise TsushimaError(f"{f.ident} has not earned a three-column move")
            col = f.column + delta
            if e.port is not None and not 1 <= col <= COLUMNS:
                # no displacement in port: each side may sail off its own end only, and only
                # the defender's exits are counted against the limit
                if (col - HOME_EDGE[side]) * away <= 0:
                    raise TsushimaError(
                        f"in a port battle {f.ident} may leave only off its own end "
                        f"(past column {HOME_EDGE[side]})"
                    )
                if side is e.port_owner:
                    exits_from_port += len(e.live(f))
            new[new.index(f)] = dataclasses.replace(f, column=col)
        if exits_from_port > PORT_EXITS_PER_ROUND:
            raise TsushimaError(
                f"the defender may take at most {PORT_EXITS_PER_ROUND} counters "
                f"off the board per movement round, not {exits_from_port} (from its own end "
                "column a division may leave ships behind to follow: detach them)"
            )
        e = e._replace(formations=tuple(new))
        e = e._exits()
        moved = ", ".join(f"{k} {v:+d}" for k, v in moves.items() if v) or "no movement"
        return e._replace(
            stage="fire",
            movement_rounds=e.movement_rounds + 1,
            log=(*e.log, f"{side.adjective} movement: {moved}."),
        )

    def detachable(self) -> tuple[str, ...]:
        """Ships the side to move may leave behind this round (a question, by the same checks
        as ``move(detach=...)``)."""
        out: list[str] = []
        if self.stage != "move" or self.over:
            return ()
        for f in self.formations:
            if f.side is not self.mover or f.kind not in DIVISIONS:
                continue
            for ident in self.live(f):
                try:
                    self._detach(ident, self.mover)
                except TsushimaError:
                    continue
                out.append(ident)
        return tuple(out)

    def detached(self, idents: Sequence[str]) -> Self:
        """The board as it would stand with these ships left behind (a question: what the
        rest of each division may then do)."""
        e = self
        for ident in idents:
            e = e._detach(ident, self.mover)
        return e

    def _detach(self, ident: str, side: Side) -> Self:
        ship = self.ship(ident)
        f = self.formation_of(ship.ident)
        if f.side is not side:
            raise TsushimaError(f"{ship.ident} is not a {side.adjective} ship")
        if f.kind not in DIVISIONS:
            raise TsushimaError(f"{ship.ident} is not sailing in a division")
        if ship.sunk:
            raise TsushimaError(f"{ship.ident} is sunk")
        # at a port the defender's end takes four counters a round: a division queued on its
        # own end column may leave its tail to follow in a later round
        queued = self.port is not None and side is self.port_owner and f.column == HOME_EDGE[side]
        if ship.hits == 0 and not queued:
            raise TsushimaError(
                f"{ship.ident} is undamaged: undamaged ships may not be left behind"
            )
        if self.live(f)[0] == ship.ident:
            raise TsushimaError(f"{ship.ident} leads its division and may never be left behind")
        rest = dataclasses.replace(f, ships=tuple(i for i in f.ships if i != ship.ident))
        alone = Formation(f"{f.ident}-{ship.ident}", side, Kind.STRAGGLER, (ship.ident,), f.column)
        forms = list(self.formations)
        forms[forms.index(f)] = rest
        forms.append(alone)
        return self._replace(
            formations=tuple(forms), log=(*self.log, f"{ship.ident} drops out of {f.ident}.")
        )

    def _begin_flight(self, side: Side, merchants_only: bool) -> Self:
        if self.port is not None:
            raise TsushimaError("flight may not be used in a port battle")
        forms = list(self.formations)
        notes: list[str] = []
        for i, f in enumerate(list(forms)):
            if f.side is not side or f.fleeing or f.kind is Kind.COAST:
                continue
            if merchants_only != (f.kind is Kind.MERCHANT):
                continue
            live = self.live(f)
            if not live:
                continue
            if f.kind in DIVISIONS and self.ship(live[0]).hits >= 2:
                notes.append(f"{f.ident} cannot flee while its lead ship {live[0]} has two hits.")
                continue
            cripples = [s for s in live if self.ship(s).hits >= 2]
            forms[i] = dataclasses.replace(
                f, fleeing=True, ships=tuple(s for s in f.ships if s not in cripples)
            )
            for s in cripples:
                forms.append(Formation(f"{f.ident}-{s}", side, Kind.STRAGGLER, (s,), f.column))
                notes.append(f"{s} is left behind.")
        flight = (
            self.flight if self.flight_successes(side) is not None else (*self.flight, (side, 0))
        )
        return self._replace(
            formations=tuple(forms),
            flight=flight,
            log=(*self.log, f"The {side.adjective} side takes flight.", *notes),
        )

    def _exits(self) -> Self:
        e = self
        if e.port is None and e.displacement:
            e = e._displace()
        gone = [
            f for f in e.formations if f.kind is not Kind.COAST and not 1 <= f.column <= COLUMNS
        ]
        if not gone:
            return e
        escaped = e.escaped + tuple((i, f.fleeing) for f in gone for i in e.live(f))
        exits = e.exits + tuple(
            (i, 1 if f.column < 1 else COLUMNS) for f in gone for i in e.live(f)
        )
        names = ", ".join(i for f in gone for i in e.live(f))
        fled = any(f.fleeing for f in gone)
        note = " Ships that fled return to their hex and retreat one hex at the segment's end."
        return e._replace(
            formations=tuple(f for f in e.formations if f not in gone),
            escaped=escaped,
            exits=exits,
            log=(*e.log, f"Off the board: {names}.{note if fled else ''}"),
        )

    def _displace(self) -> Self:
        board = [f for f in self.formations if f.kind is not Kind.COAST]
        if not board:
            return self
        shift = 0
        if any(f.column > COLUMNS for f in board):
            shift = -(min(f.column for f in board) - 1)
        elif any(f.column < 1 for f in board):
            shift = COLUMNS - max(f.column for f in board)
        if shift == 0:
            return self
        forms = tuple(
            f if f.kind is Kind.COAST else dataclasses.replace(f, column=f.column + shift)
            for f in self.formations
        )
        return self._replace(
            formations=forms,
            log=(
                *self.log,
                f"Displacement: every counter shifts {abs(shift)} column(s) "
                f"{'down' if shift < 0 else 'up'} the board.",
            ),
        )

    def screen(self, screener: str, screened: str) -> Self:
        """Place a ship or destroyer formation as a screen for an adjacent friendly formation."""
        a, b = self.formation(screener), self.formation(screened)
        if a.side is not b.side or a == b:
            raise TsushimaError("a screen shelters another formation of its own navy")
        kinds = {self.ship(i).type for i in self.live(a)}
        if ShipType.T in kinds or ShipType.M in kinds:
            raise TsushimaError("torpedo boats and merchants cannot screen")
        if abs(a.column - b.column) != 1:
            raise TsushimaError(f"{a.ident} must be in a column next to {b.ident} to screen it")
        screens = (*tuple(p for p in self.screens if p[1] != b.ident), (a.ident, b.ident))
        return self._replace(screens=screens)

    def screened(self, f: Formation) -> bool:
        for a, b in self.screens:
            if b == f.ident:
                try:
                    sa = self.formation(a)
                except TsushimaError:
                    continue
                if self.live(sa) and self.live(f) and abs(sa.column - f.column) == 1:
                    return True
        return False
