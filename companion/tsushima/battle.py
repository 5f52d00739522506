"""The battle board: twelve columns, alternating movement rounds, simultaneous firing rounds.

An :class:`Engagement` is immutable; every step returns a new one. The sequence is: the
spotting side moves, both sides fire; the other side moves, both fire; and so on. In a
firing round the players declare their fire (which fixes every modifier, including the
penalty for several ships on one target), roll each declared weapon, and only at the end of
the round does damage take effect: a ship sunk in the round still fires in it.

Japan's own edge is column 1 and Russia's column 12.

>>> from .data import default_data
>>> d = default_data()
>>> e = start_engagement(
...     [FormationSpec("battle", ("Mikasa", "Asahi", "Hatsuse"), 3),
...      FormationSpec("battle", ("Retvizan", "Pobieda", "Peresviet"), 8)], Side.JAPAN, d)
>>> e = e.move({})                      # Japan holds its course
>>> e = e.declare(e.default_orders())   # lead on lead, ship on ship
>>> o = e.order_index("Mikasa", "primary")
>>> e.declared[o].shot.effective, e.declared[o].shot.combat_die_modifier
(3, -5)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from .dice import check_die
from .divisions import check_division
from .errors import TsushimaError
from .fire import (
    Conditions,
    FlightSalvos,
    Shot,
    Weapon,
    coast_battery,
    gun_shot,
    range_between,
    torpedo_shot,
)
from .tables import Result
from .units import GUN_SLOTS, Ship, ShipType, Side

if TYPE_CHECKING:
    from .data import DataSet

COLUMNS = 12
HOME_EDGE = {Side.JAPAN: 1, Side.RUSSIA: COLUMNS}
FLIGHT_FACES = (1, 2, 3)
FLIGHT_SUCCESSES = 3
PORT_EXITS_PER_ROUND = 4


class Kind(StrEnum):
    BATTLE = "battle"
    CRUISER = "cruiser"
    INDEPENDENT = "independent"  # Novik, Boyarin, Izumrud sailing alone
    STRAGGLER = "straggler"  # a damaged ship dropped from its division
    SMALL = "small"  # one destroyer or torpedo boat counter
    MERCHANT = "merchant"
    COAST = "coast"  # the shore guns of a port battle, off the board


DIVISIONS = (Kind.BATTLE, Kind.CRUISER)


@dataclass(frozen=True)
class FormationSpec:
    """What a player sets up: a division (lead ship first) or a lone counter, and its column."""

    kind: str
    ships: tuple[str, ...]
    column: int
    short_allowed: bool = False


@dataclass(frozen=True)
class Formation:
    ident: str
    side: Side
    kind: Kind
    ships: tuple[str, ...]  # lead first; sunk ships stay listed so positions keep their meaning
    column: int
    fleeing: bool = False


@dataclass(frozen=True)
class FireOrder:
    """``firer``'s ``weapon`` (primary, secondary or torpedo) aimed at ``target``.

    >>> FireOrder.parse("Mikasa:primary>Retvizan")
    FireOrder(firer='Mikasa', weapon='primary', target='Retvizan', salvos=None)
    >>> str(FireOrder("JD1", "torpedo", "Variag"))
    'JD1:torpedo>Variag'
    """

    firer: str
    weapon: Weapon
    target: str
    salvos: int | None = None  # torpedoes only: salvos given to this target (None: all left)

    @classmethod
    def parse(cls, text: str) -> FireOrder:
        """``JD1:torpedo*2>Variag`` gives two of JD1's torpedo salvos to Variag.

        >>> FireOrder.parse("JD1:torpedo*1>Variag").salvos
        1
        """
        left, sep, target = text.partition(">")
        firer, _, weapon = left.partition(":")
        weapon, star, count = (weapon.strip() or "primary").partition("*")
        if not sep or not firer.strip() or not target.strip():
            raise TsushimaError(f"fire order {text!r} is not like 'Mikasa:primary>Retvizan'")
        if weapon not in ("primary", "secondary", "torpedo"):
            raise TsushimaError(f"weapon {weapon!r} is not primary, secondary or torpedo")
        salvos = None
        if star:
            if weapon != "torpedo":
                raise TsushimaError("only torpedo salvos may be split among targets")
            if not count.isdigit() or int(count) < 1:
                raise TsushimaError(f"salvo count {count!r} in {text!r} is not a whole number")
            salvos = int(count)
        return cls(firer.strip(), weapon, target.strip(), salvos)  # type: ignore[arg-type]

    def __str__(self) -> str:
        count = f"*{self.salvos}" if self.salvos is not None else ""
        return f"{self.firer}:{self.weapon}{count}>{self.target}"


@dataclass(frozen=True)
class Declared:
    order: FireOrder
    shot: Shot
    rolls: tuple[int, ...] | None = None
    results: tuple[Result, ...] = ()


@dataclass(frozen=True)
class Engagement:
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

    def _replace(self, **changes: Any) -> Engagement:
        return dataclasses.replace(self, **changes)

    # ----- movement --------------------------------------------------------------------
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
    ) -> Engagement:
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

    def detached(self, idents: Sequence[str]) -> Engagement:
        """The board as it would stand with these ships left behind (a question: what the
        rest of each division may then do)."""
        e = self
        for ident in idents:
            e = e._detach(ident, self.mover)
        return e

    def _detach(self, ident: str, side: Side) -> Engagement:
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

    def _begin_flight(self, side: Side, merchants_only: bool) -> Engagement:
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

    def _exits(self) -> Engagement:
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

    def _displace(self) -> Engagement:
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

    def screen(self, screener: str, screened: str) -> Engagement:
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

    # ----- firing ----------------------------------------------------------------------
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

    def declare(self, orders: Sequence[FireOrder]) -> Engagement:
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

    def roll(self, index: int, totals: Sequence[int]) -> Engagement:
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

    def end_fire_round(self) -> Engagement:
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

    def _leave_damaged_behind(self, hit: set[str]) -> Engagement:
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


def _new_ship(name: str, data: DataSet, placed: Sequence[Ship]) -> Ship:
    """A ship named in a custom set-up. Destroyers, torpedo boats and merchants are numbered
    per navy as in fleet files (``JD1``, ``JD2`` ...): a numbered name is taken as given, a
    bare counter name (``japan:Destroyer``) takes the next free number."""
    from .scenarios import parse_small_craft, small_craft_ident

    numbered = parse_small_craft(name, data)
    if numbered is not None:
        return Ship(numbered[0], numbered[1])
    counter = data.counter(name)
    if counter.count > 1 and (counter.type.small_craft or counter.type is ShipType.M):
        taken = {s.ident for s in placed}
        for n in range(1, counter.count + 1):
            ident = small_craft_ident(counter.nation, counter.type, n)
            if ident not in taken:
                return Ship(ident, counter)
        raise TsushimaError(
            f"the {counter.nation.adjective} counter sheet holds only {counter.count} "
            f"{counter.type.label} counters"
        )
    return Ship(counter.name, counter)


def start_engagement(
    specs: Sequence[FormationSpec],
    first_mover: Side,
    data: DataSet,
    port: str | None = None,
    surprise: bool = False,
    ships: Mapping[str, Ship] | None = None,
    displacement: bool = True,
    flight_salvos: FlightSalvos = FlightSalvos.OWN,
) -> Engagement:
    """Put formations on the board. ``ships`` supplies damage and morale carried in from the
    map; ships not given start undamaged at normal morale. ``displacement=False`` lets
    counters leave past either edge at once (the Chemulpo break-out)."""
    known = dict(ships or {})
    all_ships: list[Ship] = []
    forms: list[Formation] = []
    counters: dict[tuple[Side, Kind], int] = {}
    for spec in specs:
        members: list[Ship] = []
        for name in spec.ships:
            ship = known[name] if name in known else _new_ship(name, data, all_ships)
            if any(s.ident == ship.ident for s in all_ships):
                raise TsushimaError(f"{ship.ident} is placed twice")
            members.append(ship)
        if not members:
            raise TsushimaError("a formation needs at least one ship")
        if not 1 <= spec.column <= COLUMNS:
            raise TsushimaError(f"column {spec.column} is off the 12-column board")
        side = members[0].side
        kind = Kind(spec.kind)
        if kind in DIVISIONS:
            check_division(members, kind.value, spec.short_allowed)
            if kind is Kind.BATTLE and counters.get((side, Kind.CRUISER)):
                raise TsushimaError(
                    f"{side.adjective} divisions are placed battle divisions first, then "
                    f"cruiser divisions: the battle division led by {members[0].ident} "
                    f"comes after a cruiser division"
                )
        elif kind is Kind.INDEPENDENT:
            if len(members) != 1 or not data.special(members[0].counter.name).get("independent"):
                raise TsushimaError(
                    f"{members[0].ident} may not sail independently; only "
                    f"Novik, Boyarin and Izumrud may"
                )
        elif kind is Kind.SMALL:
            if len(members) != 1 or not members[0].type.small_craft:
                raise TsushimaError("destroyer and torpedo boat counters are placed one by one")
        elif kind is Kind.MERCHANT:
            if len(members) != 1 or members[0].type is not ShipType.M:
                raise TsushimaError("merchants are placed one by one")
        else:
            raise TsushimaError(f"formation kind {spec.kind!r} cannot be set up")
        counters[(side, kind)] = counters.get((side, kind), 0) + 1
        ident = f"{side.value[0].upper()}{kind.value[0].upper()}{counters[(side, kind)]}"
        if kind in (Kind.SMALL, Kind.MERCHANT, Kind.INDEPENDENT):
            ident = members[0].ident
        all_ships.extend(members)
        forms.append(Formation(ident, side, kind, tuple(s.ident for s in members), spec.column))
    port_owner = None
    if port is not None:
        port_owner = data.port(port).owner
        guns = [coast_battery(port_owner, n, data) for n in (1, 2)]
        all_ships.extend(guns)
        forms.append(
            Formation(
                "coast", port_owner, Kind.COAST, tuple(g.ident for g in guns), HOME_EDGE[port_owner]
            )
        )
    silent = Side.RUSSIA if surprise else None
    rounds = int(data.tables["surprise"]["silent_firing_rounds"]) if surprise else 0
    return Engagement(
        tuple(all_ships),
        tuple(forms),
        first_mover,
        data,
        port=port,
        port_owner=port_owner,
        silent_side=silent,
        silent_firing_rounds=rounds,
        displacement=displacement,
        flight_salvos=flight_salvos,
    )
