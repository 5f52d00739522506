"""The Tsushima desk: the referee's whole flow in one typed API over one campaign record.

Each method is one procedure: it reads the campaign, refuses what the record makes
impossible (one line naming the rule, nothing stored), or applies the step, appends it to
the record and returns the lines to show. The command line and the app's screens call these
methods and keep no rules of their own.

>>> desk = Desk.new("round-island")
>>> desk.place("Rurik", "sea")
Traceback (most recent call last):
...
companion.tsushima.errors.TsushimaError: Russian ships move in the Russian movement segment of a naval phase; it is August 1904, naval phase 1, Japanese movement
>>> desk.place("Mikasa", "sea")
['Mikasa is now at sea.']
>>> desk.undo()
['Undone: place Mikasa sea.']
>>> desk.fleet.berth("Mikasa").location
'Chemulpo'
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path
from typing import Any

from .. import spotting
from ..battle import Engagement, FireOrder, FormationSpec
from ..data import DataSet, default_data
from ..errors import TsushimaError
from ..fire import FlightSalvos
from ..fleet import Fleet
from ..hexmap import is_hex
from ..scenarios import Scenario, get_scenario
from ..units import Side
from ..victory import CHEMULPO_LOSS, Outcome
from . import battle_steps, battles, fleet_steps, map_steps, meeting, spot_steps  # noqa: F401
from .game import Campaign, apply
from .record import UNDO, Entry, Header, RecordError, dump, live, load
from .verdict import verdict

BLOCKSHIP_REACH = 6  # hexes from Port Arthur


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def start(header: Header, data: DataSet) -> Campaign:
    """The campaign before its first step."""
    try:
        fleet = Fleet.from_scenario(header.scenario, data)
        salvos = FlightSalvos(header.flight_salvos)
        if header.chemulpo_loss not in CHEMULPO_LOSS:
            raise ValueError(
                f"chemulpo loss {header.chemulpo_loss!r} is not one of {', '.join(CHEMULPO_LOSS)}"
            )
    except ValueError as exc:
        raise RecordError(1, str(exc)) from None
    return Campaign(fleet, flight_salvos=salvos, chemulpo_loss=header.chemulpo_loss)


def replay(header: Header, entries: Sequence[Entry], data: DataSet) -> Campaign:
    c = start(header, data)
    for n, e in enumerate(live(entries), 2):
        try:
            c, _ = apply(c, e.step, e.args)
        except TsushimaError as exc:
            raise RecordError(n, f"{e.step}: {exc}") from None
    return c


class Desk:
    """One campaign: its record and the campaign the record makes."""

    def __init__(
        self,
        header: Header,
        entries: Sequence[Entry] = (),
        data: DataSet | None = None,
    ) -> None:
        self.data = data or default_data()
        self.header = header
        self.entries: list[Entry] = list(entries)
        self.campaign = replay(header, self.entries, self.data)

    @classmethod
    def new(
        cls,
        scenario: str,
        data: DataSet | None = None,
        flight_salvos: str = FlightSalvos.OWN.value,
        clock: Callable[[], str] = _now,
        chemulpo_loss: str = "hit",
    ) -> Desk:
        d = data or default_data()
        get_scenario(scenario, d)
        try:
            FlightSalvos(flight_salvos)
        except ValueError:
            raise TsushimaError(
                f"flight salvos {flight_salvos!r} is not one of "
                f"{', '.join(v.value for v in FlightSalvos)}"
            ) from None
        if chemulpo_loss not in CHEMULPO_LOSS:
            raise TsushimaError(
                f"chemulpo loss {chemulpo_loss!r} is not one of {', '.join(CHEMULPO_LOSS)}"
            )
        return cls(Header(scenario, flight_salvos, clock(), chemulpo_loss), (), d)

    # ----- the record --------------------------------------------------------------------
    @classmethod
    def read(cls, path: str | Path, data: DataSet | None = None) -> Desk:
        p = Path(path)
        try:
            text = p.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise TsushimaError(f"no campaign record at {str(p)!r}") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise TsushimaError(f"cannot read {str(p)!r}: {exc}") from None
        header, entries = load(text)
        return cls(header, entries, data)

    def text(self) -> str:
        return dump(self.header, self.entries)

    def write(self, path: str | Path) -> None:
        """Save the record atomically: a half-written file never replaces a good one."""
        p = Path(path)
        if not p.parent.is_dir():
            raise TsushimaError(f"cannot write {str(p)!r}: the folder {str(p.parent)!r} "
                                "does not exist")
        if p.is_dir():
            raise TsushimaError(f"cannot write {str(p)!r}: it is a folder")
        tmp = p.with_name(p.name + ".tmp")
        try:
            tmp.write_text(self.text(), encoding="utf-8")
            os.replace(tmp, p)
        except OSError as exc:
            raise TsushimaError(f"cannot write {str(p)!r}: {exc.strerror}") from None

    def do(self, name: str, **args: Any) -> list[str]:
        """Apply one step; on success it joins the record."""
        args = json.loads(json.dumps(args))  # what the record will hold, exactly
        self.campaign, lines = apply(self.campaign, name, args)
        self.entries.append(Entry(name, args))
        return lines

    def undo(self) -> list[str]:
        standing = live(self.entries)
        if not standing:
            raise TsushimaError("nothing to undo")
        last = standing[-1]
        self.entries.append(Entry(UNDO, {}))
        self.campaign = replay(self.header, self.entries, self.data)
        what = " ".join(str(v) for v in last.args.values() if not isinstance(v, dict | list))
        return [f"Undone: {last.step}{' ' + what if what else ''}."]

    def history(self) -> list[str]:
        """One line per step still standing."""
        return [f"{i}. {e.step} {json.dumps(e.args)}" for i, e in enumerate(live(self.entries), 1)]

    # ----- reading -----------------------------------------------------------------------
    @property
    def fleet(self) -> Fleet:
        return self.campaign.fleet

    @property
    def battle(self) -> Engagement | None:
        return self.campaign.battle

    @property
    def scenario(self) -> Scenario:
        return self.campaign.scenario

    def verdict(self) -> Outcome:
        return verdict(self.campaign)

    def available(self, side: Side, taken: Sequence[str] = ()) -> list[str]:
        """Ships of a navy that may still be put on the battle board."""
        return battles.available(self.fleet, side, taken)

    def check_joinable(self, ident: str, group: Sequence[str], taken: Sequence[str] = ()) -> None:
        """Refuse a ship touched for a division being formed (a question; nothing is
        recorded)."""
        battles.check_joinable(self.fleet, ident, group, taken)

    def division_specs(
        self, idents: Sequence[str], column: int, placed: Sequence[FormationSpec] = ()
    ) -> list[FormationSpec]:
        """The formations these ships make (a question; nothing is recorded)."""
        return battles.division_specs(self.fleet, idents, column, placed)

    # ----- the fleet and the calendar ---------------------------------------------------------
    def place(self, ship: str, location: str) -> list[str]:
        return self.do("place", ship=ship, location=location)

    def hits(self, ship: str, hits: int, cause: str = "") -> list[str]:
        return self.do("hits", ship=ship, hits=hits, cause=cause)

    def next(self) -> list[str]:
        return self.do("next")

    def to_terminal(self) -> list[str]:
        return self.do("to-terminal")

    def terminal(self, repairs: Mapping[str, int] | None = None) -> list[str]:
        return self.do("terminal", repairs=dict(repairs or {}))

    def italy(self, die_6a: int, die_6b: int) -> list[str]:
        return self.do("italy", die_6a=die_6a, die_6b=die_6b)

    def declare_over(self) -> list[str]:
        return self.do("declare-over")

    # ----- the battle board ------------------------------------------------------------------
    def battle_start(
        self,
        groups: Sequence[tuple[Side, Sequence[str], int]],
        first: Side | None = None,
        port: str | None = None,
    ) -> list[str]:
        """Groups of ships (navy, ships lead first, column), formed by the division rules,
        all in one place: a port is matched with ships on map hexes by its hex, read from
        the owner's map file (a missing one is asked for: ``MissingMapFact``)."""
        raw = [{"navy": s.value, "ships": list(ships), "column": col} for s, ships, col in groups]
        hexes = self._port_hexes([i for _, ships, _ in groups for i in ships], port)
        return self.do(
            "battle-start", groups=raw, first=first.value if first else None, port=port,
            port_hexes=hexes,
        )

    def _port_hexes(self, ships: Sequence[str], port: str | None = None) -> dict[str, str]:
        try:
            where = self.data.port(port).name if port else None
            needed = meeting.ports_to_resolve(self.campaign, ships, where)
        except TsushimaError:
            return {}  # the step names the unknown ship or port
        return {p: self.data.hexmap.port_hex(p) for p in needed}

    def check_meeting(self, ships: Sequence[str], port: str | None = None) -> None:
        """Refuse ships the record places apart from each other (a question; nothing is
        recorded)."""
        where = self.data.port(port).name if port else None
        meeting.check_meeting(self.campaign, ships, where, self._port_hexes(ships, port))

    def battle_scenario(self) -> list[str]:
        return self.do("battle-scenario")

    def move(
        self,
        moves: Mapping[str, int] | None = None,
        flight_die: int | None = None,
        detach: Sequence[str] = (),
        flee: bool = False,
        flee_merchants: bool = False,
    ) -> list[str]:
        return self.do(
            "move",
            moves=dict(moves or {}),
            flight_die=flight_die,
            detach=list(detach),
            flee=flee,
            flee_merchants=flee_merchants,
        )

    def screen(self, screener: str, screened: str) -> list[str]:
        return self.do("screen", screener=screener, screened=screened)

    def declare(self, orders: Sequence[str]) -> list[str]:
        return self.do("declare", orders=[str(o) for o in orders])

    def fire_plan(self) -> list[FireOrder]:
        """The round's default fire (a question; nothing is recorded)."""
        return list(battle_steps.default_orders(self.campaign))

    def torpedo_targets(self) -> dict[str, tuple[str, ...]]:
        """Each boat on the board that may make its torpedo attack in this firing round,
        with the targets it may choose (a question; nothing is recorded)."""
        e = self.campaign.battle_now()
        used = set(self.campaign.current_marks().torpedoes) | set(e.torpedoes_used)
        out = {}
        for boat in e.on_board():
            if boat.ident in used:
                continue
            targets = e.torpedo_targets(boat.ident)
            if targets:
                out[boat.ident] = targets
        return out

    def screen_options(self) -> list[tuple[str, str]]:
        """(screener, screened) pairs the board allows now and not yet in place (a question;
        nothing is recorded)."""
        e = self.campaign.battle_now()
        out = []
        live = [f for f in e.formations if f.kind.value != "coast" and e.live(f)]
        for a in live:
            for b in live:
                if a.side is not b.side or a == b or (a.ident, b.ident) in e.screens:
                    continue
                try:
                    e.screen(a.ident, b.ident)
                except TsushimaError:
                    continue
                out.append((a.ident, b.ident))
        return out

    def default_orders(self) -> tuple[str, ...]:
        return tuple(str(o) for o in self.fire_plan())

    def roll(self, number: int, totals: Sequence[int]) -> list[str]:
        return self.do("roll", number=number, totals=list(totals))

    def end_round(self) -> list[str]:
        return self.do("end-round")

    def finish(self) -> list[str]:
        return self.do("finish")

    # ----- the map -----------------------------------------------------------------------------
    def aground(
        self,
        ships: Sequence[str],
        trigger: int,
        ship_dice: Sequence[int] = (),
        damage_die: int | None = None,
    ) -> list[str]:
        return self.do(
            "aground", ships=list(ships), trigger=trigger, ship_dice=list(ship_dice),
            damage_die=damage_die,
        )

    def spot(
        self,
        navy: Side,
        ships: Sequence[str],
        die: int,
        began_in_hex: bool = False,
        partial_sea: bool | None = None,
        evade: bool = False,
    ) -> list[str]:
        """A search by ``navy``'s ships in one hex; ``evade`` is the hidden navy's choice.
        Without ``partial_sea``, ships recorded on a map hex take it from the owner's map
        file, others search open sea."""
        if partial_sea is None:
            where = self.fleet.berth(ships[0]).location if ships else ""
            partial_sea = is_hex(where) and self.data.hexmap.partial_sea(where)
        return self.do(
            "spot", navy=navy.value, ships=list(ships), die=die, began_in_hex=began_in_hex,
            partial_sea=partial_sea, evade=evade,
        )

    def spot_zone(self, navy: Side, zone: str, total: int) -> list[str]:
        """A search of a strategic zone holding ships of both navies: two dice, 10 or more."""
        return self.do("spot-zone", navy=navy.value, zone=zone, total=total)

    def port_attack(self, port: str, die: int) -> list[str]:
        return self.do("port-attack", port=port, die=die)

    def spot_odds(
        self, navy: Side, ships: Sequence[str], began_in_hex: bool = False,
        partial_sea: bool = False, evade: bool = False,
    ) -> Fraction:
        """The chance a search would spot (a question; nothing is recorded)."""
        s, _ = spot_steps.situation(self.campaign, navy, ships, began_in_hex, partial_sea, evade)
        return spotting.spot_odds(s)

    def mine(self, ship: str, hex: str, die: int, damage_die: int | None = None) -> list[str]:
        return self.do("mine", ship=ship, hex=hex, die=die, damage_die=damage_die)

    def lay_mine(
        self,
        navy: Side,
        hex: str,
        partial_sea: bool,
        hexes_to_port: int,
        port: str | None = None,
    ) -> list[str]:
        return self.do(
            "lay-mine", navy=navy.value, hex=hex, partial_sea=partial_sea,
            hexes_to_port=hexes_to_port, port=port,
        )

    def lay_mine_on_map(self, navy: Side, hex: str) -> list[str]:
        """Lay a mine with the hex facts read from the owner's map file (a missing fact is
        asked for: :class:`~companion.tsushima.hexmap.MissingMapFact`).

        ``hex`` may name a port instead: its hex holds land, so it is partial sea, and a
        friendly port is no hexes from itself; the mine is labelled by the port's hex when
        the map knows it, else by the port's name."""
        m = self.data.hexmap
        if not is_hex(hex):
            try:
                found = self.data.port(hex)
            except TsushimaError:
                found = None
            if found is not None and self.fleet.port(found.name).owner is navy:
                label = m.port_hexes.get(found.name, found.name)
                return self.lay_mine(navy, label, True, 0, found.name)
        if not m.partial_sea(hex):
            # the rule refuses open sea before any distance matters; nothing is measured
            return self.lay_mine(navy, hex, False, 0)
        ports = [
            p.name
            for p in self.data.ports.values()
            if p.zone is None and self.fleet.port(p.name).owner is navy
        ]
        _, distance = m.nearest_port(hex, ports)
        return self.lay_mine(navy, hex, True, distance)

    def sweep(self, hex: str, dice: Sequence[int]) -> list[str]:
        return self.do("sweep", hex=hex, dice=list(dice))

    def flying_base(self, hex: str, korean_coast: bool = False) -> list[str]:
        """A base named by a port stands in that port's hex; one on a map hex is read from
        the owner's map file (the Korean coast, the port there) only as far as the scenario
        asks; any other label takes the referee's ``korean_coast``."""
        port: str | None = None
        if not is_hex(hex) and hex.strip().casefold() not in ("sea", "flying base"):
            try:
                found = self.data.port(hex)
            except TsushimaError:
                found = None
            if found is not None:
                hex, port, korean_coast = found.name, found.name, found.country == "korea"
        elif is_hex(hex):
            m = self.data.hexmap
            for p in self.scenario.placements[Side.JAPAN]:
                if not p.flying_bases:
                    continue
                if p.where == "port" and p.place:
                    if m.port_hex(p.place) == hex:
                        port = p.place
                elif p.where == "korean_coastal_hex":
                    korean_coast = m.coast(hex) == "korea"
        return self.do("flying-base", hex=hex, korean_coast=korean_coast, port=port)

    def blockships(self, ships: Sequence[str], dice: Sequence[int]) -> list[str]:
        """Merchants recorded on a map hex must lie within six hexes of Port Arthur (read
        from the owner's map file); those recorded only as ``sea`` are the players' word."""
        for ident in ships:
            where = self.fleet.berth(ident).location
            if is_hex(where):
                m = self.data.hexmap
                d = m.distance(where, m.port_hex("Port Arthur"))
                if d > BLOCKSHIP_REACH:
                    raise TsushimaError(
                        f"{ident} at {where} is {d} hexes from Port Arthur; block ships are "
                        f"chosen within {BLOCKSHIP_REACH}"
                    )
        hex = self.data.hexmap.port_hexes.get("Port Arthur")
        return self.do("blockships", ships=list(ships), dice=list(dice), hex=hex)

    def clear_block(self, die: int) -> list[str]:
        return self.do("clear-block", die=die)

    def land_plan(self, plan: str) -> list[str]:
        return self.do("land-plan", plan=plan)

    def land_need(self, die: int) -> list[str]:
        return self.do("land-need", die=die)

    def land_turn(self, delivered: int, die: int | None = None) -> list[str]:
        return self.do("land-turn", delivered=delivered, die=die)

    def town_raid(self, ship: str, die: int, coastal_hex: bool = False) -> list[str]:
        """A ship recorded on a map hex raids only if the owner's map puts that hex on the
        Japanese coast; one recorded as ``sea`` needs the referee's ``coastal_hex``."""
        where = self.fleet.berth(ship).location
        if is_hex(where):
            coastal_hex = self.data.hexmap.coast(where) == "japan"
        return self.do("town-raid", ship=ship, die=die, coastal_hex=coastal_hex)

    def scuttle(self, ship: str, die: int) -> list[str]:
        return self.do("scuttle", ship=ship, die=die)

    def capture(self, ship: str) -> list[str]:
        return self.do("capture", ship=ship)

    def merchant_callup(self, port: str = "Kure") -> list[str]:
        return self.do("merchant-callup", port=port)
