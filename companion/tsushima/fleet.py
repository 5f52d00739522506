"""The fleet ledger: every ship's damage, morale record and whereabouts, and the terminal
phase that repairs ships and settles morale.

A ship's location is a port name, a strategic zone name, ``sea`` (a map hex), or
``flying base`` (a hex holding a Japanese flying base).

>>> f = Fleet.from_scenario("tsushima")
>>> f.time.describe()
'May 1905, naval phase 1, Japanese movement'
>>> f.berth("Souvaroff").ship.morale, f.berth("Souvaroff").location
(-2, 'China Sea')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .calendar import GameTime, month_name, turn_of
from .campaign import CRUISERS, ItalianCruisers
from .data import DataSet, Port, default_data
from .errors import TsushimaError
from .hexmap import is_hex
from .morale import Location, MoraleRecord, after_phase
from .repairs import check_repairs, resolve_repair
from .scenarios import get_scenario
from .units import Ship, Side

SEA = "sea"
FLYING_BASE = "flying base"
INTERNED = "interned"
FALLING_PORT = "Port Arthur"  # the port the land campaign takes
DEFAULT_PORT = {"any_japanese_or_korean_port": "Sasebo"}


@dataclass(frozen=True)
class Berth:
    ship: Ship
    location: str
    morale: MoraleRecord
    repairing: bool = False


@dataclass(frozen=True)
class Fleet:
    time: GameTime
    berths: tuple[Berth, ...]
    data: DataSet = dataclasses.field(repr=False, compare=False)
    repairs_used: tuple[tuple[str, int], ...] = ()
    scenario: str = ""
    fall_turn: int | None = None  # the turn Port Arthur fell, if it has
    italy: tuple[Side, int] | None = None  # Table 6A's navy and Table 6B's zones, once rolled
    over: bool = False  # the scenario's last terminal phase has ended
    bases: tuple[str, ...] = ()  # hexes holding a Japanese flying base, never moved

    @classmethod
    def from_scenario(cls, key: str, data: DataSet | None = None) -> Fleet:
        d = data or default_data()
        scen = get_scenario(key, d)
        year, month = (int(x) for x in scen.start.split("-"))
        berths: list[Berth] = []
        for side in Side:
            for p in scen.placements[side]:
                where = (
                    p.place
                    if p.where in ("port", "zone") and p.place
                    else DEFAULT_PORT.get(p.where, SEA)
                )
                if where == "Kure or Sasebo":
                    where = "Kure"
                for s in p.ships:
                    berths.append(Berth(s, where, MoraleRecord(level=s.morale)))
        start = turn_of(year, month)
        fallen = start - 1 if scen.raw.get("port_arthur_fallen") else None
        return cls(GameTime(start), tuple(berths), d, scenario=key, fall_turn=fallen)

    # ----- the scenario's length --------------------------------------------------------
    def last_turn(self) -> int | None:
        """The scenario's last turn: its length, cut short (War at Sea) a set number of turns
        after Port Arthur falls. ``None`` when the ledger has no calendar end."""
        if not self.scenario:
            return None
        scen = get_scenario(self.scenario, self.data)
        if scen.turns is None:
            return None
        year, month = (int(x) for x in scen.start.split("-"))
        last = turn_of(year, month) + scen.turns - 1
        after = scen.raw.get("ends_after_port_arthur_falls")
        if isinstance(after, int) and self.fall_turn is not None:
            last = min(last, self.fall_turn + after)
        return last

    def length_rule(self) -> str:
        """The scenario's length in one phrase, for refusals and the end of the game.

        >>> Fleet.from_scenario("round-island").length_rule()
        'The Battle off Round Island lasts 3 turns, August 1904 to October 1904'
        """
        last = self.last_turn()
        if last is None:
            return "this game has no calendar end"
        scen = get_scenario(self.scenario, self.data)
        first = GameTime.parse(scen.start).turn
        text = (
            f"{scen.title} lasts {scen.turns} turns, {month_name(first)} to "
            f"{month_name(first + (scen.turns or 1) - 1)}"
        )
        if self.fall_turn is not None and last < first + (scen.turns or 1) - 1:
            text += (
                f", cut short to {month_name(last)}: Port Arthur fell in {month_name(self.fall_turn)}"
            )
        return text

    def check_open(self) -> None:
        """Refuse any step once the scenario has ended."""
        if self.over:
            raise TsushimaError(f"the game is over: {self.length_rule()}")

    def check_time(self, time: GameTime) -> None:
        """Refuse a date past the scenario's end."""
        last = self.last_turn()
        if last is not None and time.turn > last:
            raise TsushimaError(
                f"{time.describe()} is past the end of the game: {self.length_rule()}"
            )

    def port_arthur_falls(self) -> Fleet:
        """Record the fall of Port Arthur in the current turn (it may shorten the game)."""
        self.check_open()
        if self.fall_turn is not None:
            raise TsushimaError(f"Port Arthur already fell in {month_name(self.fall_turn)}")
        return dataclasses.replace(self, fall_turn=self.time.turn)

    # ----- the cruisers in Italy (War at Sea) --------------------------------------------
    def take_italian_cruisers(self, result: ItalianCruisers) -> Fleet:
        """Put the two Italian cruisers on the ledger for the navy Table 6A named: in the
        Mediterranean, or interned (out of play) when Table 6B allowed them no sailing."""
        self.check_open()
        scen = get_scenario(self.scenario, self.data) if self.scenario else None
        if scen is None or not scen.raw.get("italian_cruisers"):
            raise TsushimaError("only the War at Sea rolls for the cruisers in Italy")
        if self.italy is not None:
            raise TsushimaError(
                f"Table 6A was already rolled: the cruisers went to {self.italy[0].adjective} hands"
            )
        start = GameTime.parse(scen.start)
        if self.time != start:
            raise TsushimaError("Table 6A is rolled at set-up, before the first naval phase")
        where = INTERNED if result.interned else "Mediterranean"
        added = tuple(
            Berth(Ship(c.name, c), where, MoraleRecord())
            for c in (self.data.counter(n, result.side) for n in result.ships)
        )
        return dataclasses.replace(
            self, berths=self.berths + added, italy=(result.side, result.zones)
        )

    def _missing(self, ident: str) -> TsushimaError:
        """Why a ship is not on the ledger, naming the rule when it is an Italian cruiser."""
        scen = get_scenario(self.scenario, self.data) if self.scenario else None
        italian = {n.casefold(): side for side, names in CRUISERS.items() for n in names}
        side = italian.get(ident.strip().casefold())
        if scen is not None and scen.raw.get("italian_cruisers") and side is not None:
            if self.italy is None:
                return TsushimaError(
                    f"{ident.strip()} is one of the cruisers in Italy: roll Table 6A first "
                    f"(it decides which navy receives them)"
                )
            return TsushimaError(
                f"{ident.strip()} is not in this game: Table 6A gave the cruisers in Italy to "
                f"{self.italy[0].adjective} hands"
            )
        title = scen.title if scen is not None else "this fleet"
        return TsushimaError(f"unknown ship {ident!r} in {title}")

    def berth(self, ident: str) -> Berth:
        wanted = ident.strip().casefold()
        for b in self.berths:
            if b.ship.ident.casefold() == wanted:
                return b
        try:
            name = self.data.counter(ident).name
        except TsushimaError:
            name = ""
        for b in self.berths:
            if b.ship.ident == name:
                return b
        raise self._missing(ident)

    def ships(self, side: Side | None = None) -> tuple[Ship, ...]:
        return tuple(b.ship for b in self.berths if side is None or b.ship.side is side)

    def with_berth(self, berth: Berth) -> Fleet:
        """The ledger with one ship's berth replaced (the desk's steps check the rules)."""
        return self._with(berth)

    def _with(self, berth: Berth) -> Fleet:
        return dataclasses.replace(
            self,
            berths=tuple(berth if b.ship.ident == berth.ship.ident else b for b in self.berths),
        )

    def check_location(self, location: str) -> str:
        if location in (SEA, FLYING_BASE, INTERNED) or location in self.data.zones:
            return location
        if is_hex(location.strip()):
            return location.strip()  # a hex of the printed map, named CCRR
        return self.data.port(location).name

    def place(self, ident: str, location: str) -> Fleet:
        """Record where a ship is now (after map movement the players carried out)."""
        self.check_open()
        b = self.berth(ident)
        if b.ship.sunk:
            raise TsushimaError(f"{b.ship.ident} is sunk")
        if b.location == INTERNED:
            raise TsushimaError(f"{b.ship.ident} is interned in a neutral port, out of play")
        if b.repairing and location != b.location:
            raise TsushimaError(
                f"{b.ship.ident} is under repair and may not move until fully repaired"
            )
        return self._with(dataclasses.replace(b, location=self.check_location(location)))

    def update_ship(self, ship: Ship) -> Fleet:
        """Take back a ship's damage from a battle (morale stays with the ledger)."""
        b = self.berth(ship.ident)
        return self._with(dataclasses.replace(b, ship=dataclasses.replace(b.ship, hits=ship.hits)))

    def port(self, name: str) -> Port:
        """A port as it stands now: Port Arthur is Japan's, and usable at once, after its fall."""
        port = self.data.ports.get(name) or self.data.port(name)
        if self.fall_turn is not None and port.name == FALLING_PORT:
            return dataclasses.replace(port, owner=Side.JAPAN)
        return port

    def morale_location(self, b: Berth) -> Location:
        side = b.ship.navy
        # a friendly port restores morale as well as sheltering it, so it comes before a
        # flying base standing at the same place
        if b.location in self.data.ports and self.port(b.location).owner is side:
            return "port"
        if (b.location == FLYING_BASE or b.location in self.bases) and side is Side.JAPAN:
            return "flying_base"
        if b.location in self.data.zones:
            friendly = any(
                p.zone == b.location and self.port(p.name).owner is side
                for p in self.data.ports.values()
            )
            return "port" if friendly else "sea"
        if b.location in self.data.ports:
            return "port" if self.port(b.location).owner is side else "sea"
        return "sea"

    def end_phase(self, repairs: Mapping[str, int] | None = None) -> tuple[Fleet, list[str]]:
        """Close the current phase. In the terminal phase ``repairs`` maps ship to repair
        die; repairs are checked in full first, so a refused list changes nothing."""
        repairs = dict(repairs or {})
        self.check_open()
        if not self.time.terminal and self.time.segment != 4:
            raise TsushimaError(f"the phase is not over: it is {self.time.describe()}")
        if repairs and not self.time.terminal:
            raise TsushimaError("repairs are made only in the terminal phase")
        lines: list[str] = []
        fleet = self
        if repairs:
            fleet, lines = self._repair(repairs)
        new: list[Berth] = []
        for b in fleet.berths:
            if b.ship.sunk or b.location == INTERNED:
                new.append(b)
                continue
            rec = after_phase(b.morale, fleet.morale_location(b), fleet.time.terminal)
            if rec == b.morale and rec.level == b.ship.morale:
                new.append(b)
                continue
            if rec.level != b.morale.level:
                lines.append(
                    f"{b.ship.ident}: morale {'falls' if rec.level < b.morale.level else 'rises'}"
                    f" to {'normal' if rec.level == 0 else rec.level}."
                )
            ship = b.ship if rec.level == b.ship.morale else b.ship.with_morale(rec.level)
            new.append(Berth(ship, b.location, rec, b.repairing))
        if fleet.time.terminal:
            for b in fleet.berths:
                if (
                    b.location in fleet.data.zones
                    and not b.ship.sunk
                    and fleet.morale_location(b) == "sea"
                ):
                    lines.append(
                        f"{b.ship.ident} has no friendly port in the {b.location} zone "
                        f"and must move on to a neighbouring zone."
                    )
        last = fleet.last_turn()
        if fleet.time.terminal and last is not None and fleet.time.turn >= last:
            # the calendar stops at the last terminal phase: nothing follows it
            lines.append(f"The game ends: {fleet.length_rule()}.")
            return dataclasses.replace(fleet, berths=tuple(new), over=True), lines
        nxt = fleet.time.next_phase()
        lines.append(f"Now: {nxt.describe()}.")
        used = () if nxt.turn != fleet.time.turn else fleet.repairs_used
        return dataclasses.replace(fleet, berths=tuple(new), time=nxt, repairs_used=used), lines

    def _repair(self, repairs: Mapping[str, int]) -> tuple[Fleet, list[str]]:
        by_port: dict[str, list[Ship]] = {}
        for ident in repairs:
            b = self.berth(ident)
            if b.location not in self.data.ports:
                raise TsushimaError(f"{b.ship.ident} is not in port ({b.location})")
            by_port.setdefault(b.location, []).append(b.ship)
        used = dict(self.repairs_used)
        for port, ships in by_port.items():
            side = ships[0].side
            check_repairs(
                ships,
                self.port(port),
                side if not ships[0].captured else side.enemy,
                used.get(port, 0),
            )
            used[port] = used.get(port, 0) + len(ships)
        fleet, lines = self, []
        for ident, die in repairs.items():
            b = fleet.berth(ident)
            ship = resolve_repair(b.ship, die)
            fixed = b.ship.hits - ship.hits
            lines.append(
                f"{ship.ident} at {b.location}: repair die {die}, "
                + (f"{fixed} hit(s) repaired" if fixed else "no success")
                + (
                    "."
                    if ship.hits == 0
                    else f"; {ship.hits} hit(s) remain, the ship stays in the yard."
                )
            )
            fleet = fleet._with(dataclasses.replace(b, ship=ship, repairing=ship.hits > 0))
        return dataclasses.replace(fleet, repairs_used=tuple(used.items())), lines

    def advance_segment(self) -> Fleet:
        """Step to the next segment inside a naval phase (use :meth:`end_phase` after the 4th)."""
        self.check_open()
        if self.time.terminal or self.time.segment == 4:
            raise TsushimaError("the phase ends here: use end_phase")
        return dataclasses.replace(self, time=self.time.advance())

    def roster(self, side: Side | None = None) -> list[str]:
        """One readable line per ship: where, damage, morale."""
        lines = []
        for b in self.berths:
            if side is not None and b.ship.side is not side:
                continue
            extra = " (in the repair yard)" if b.repairing else ""
            lines.append(
                f"{b.ship.side.adjective} {b.ship.ident} ({b.ship.counter.type.label}) at "
                f"{b.location}: {b.ship.status()}{extra}"
            )
        return lines

    def apply_hits(self, ident: str, hits: int) -> Fleet:
        self.check_open()
        b = self.berth(ident)
        return self._with(dataclasses.replace(b, ship=b.ship.with_hits(hits)))

    def sunk(self) -> Sequence[str]:
        return [b.ship.ident for b in self.berths if b.ship.sunk]
