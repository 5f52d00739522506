"""The desk's map procedures: searches, port attacks, running aground, mines, flying bases,
block ships and the land campaign, town raids, scuttling and capture, merchant call-ups.

Each reads what the step needs and the record does not hold from the owner's map file
(``data.hexmap``), asking for a fact it lacks (:class:`~companion.tsushima.hexmap.MissingMapFact`),
and records the facts it used with the step, so a record replays without the map file.
Mixed into :class:`~companion.tsushima.desk.desk.Desk`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from .. import spotting
from ..data import DataSet
from ..errors import TsushimaError
from ..hexmap import is_hex
from ..mines import LAY_RANGE
from ..units import Side
from . import spot_steps
from .game import Campaign

BLOCKSHIP_REACH = 6  # hexes from Port Arthur


class MapDesk:
    """The map procedures of :class:`~companion.tsushima.desk.desk.Desk`."""

    data: DataSet
    campaign: Campaign

    def do(self, name: str, **args: Any) -> list[str]:  # pragma: no cover - the desk's own
        raise NotImplementedError

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
            where = self.campaign.fleet.berth(ships[0]).location if ships else ""
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
            if found is not None and self.campaign.fleet.port(found.name).owner is navy:
                label = m.port_hexes.get(found.name, found.name)
                return self.lay_mine(navy, label, True, 0, found.name)
            if found is not None:
                raise TsushimaError(f"{found.name} is not a {navy.adjective} port: a mine goes "
                                    "in a hex of the map, or in a friendly port")
        if not m.partial_sea(hex):
            # the rule refuses open sea before any distance matters; nothing is measured
            return self.lay_mine(navy, hex, False, 0)
        ports = [
            p.name
            for p in self.data.ports.values()
            if p.zone is None and self.campaign.fleet.port(p.name).owner is navy
        ]
        return self.lay_mine(navy, hex, True, self._hexes_to_port(hex, ports))

    def _hexes_to_port(self, hex: str, ports: Sequence[str]) -> int:
        """How far the nearest of ``ports`` is, counted on the owner's map. A port whose hex
        the map lacks is asked for only when no port it knows lies within mine-laying
        range (the answer could then change the ruling)."""
        m = self.data.hexmap
        known = [m.distance(hex, m.port_hexes[p]) for p in ports if p in m.port_hexes]
        if not known or min(known) > LAY_RANGE:
            for p in ports:
                m.port_hex(p)  # the first one missing is asked for
        if not known:
            raise TsushimaError("there is no friendly port to measure from")
        return min(known)

    def sweep(self, hex: str, dice: Sequence[int], ships: Sequence[str]) -> list[str]:
        """The ships sweeping a mined hex, one die each. A sweeper in a port stands in the
        port's hex: when the mine is on a map hex, the port's hex is read from the owner's
        map file (a missing one is asked for)."""
        hexes: dict[str, str] = {}
        if is_hex(hex):
            for ident in ships:
                try:
                    where = self.campaign.fleet.berth(ident).location
                except TsushimaError:
                    continue  # the step names the unknown ship
                if where in self.data.ports and self.data.ports[where].zone is None:
                    hexes[where] = self.data.hexmap.port_hex(where)
        return self.do("sweep", hex=hex, dice=list(dice), ships=list(ships), port_hexes=hexes)

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
            for p in self.campaign.scenario.placements[Side.JAPAN]:
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
            where = self.campaign.fleet.berth(ident).location
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
        where = self.campaign.fleet.berth(ship).location
        if is_hex(where):
            coastal_hex = self.data.hexmap.coast(where) == "japan"
        return self.do("town-raid", ship=ship, die=die, coastal_hex=coastal_hex)

    def scuttle(self, ship: str, die: int) -> list[str]:
        return self.do("scuttle", ship=ship, die=die)

    def capture(self, ship: str) -> list[str]:
        return self.do("capture", ship=ship)

    def merchant_callup(self, port: str = "Kure") -> list[str]:
        return self.do("merchant-callup", port=port)
