"""The campaign's own steps on screen: where the game stands, the steps that apply now (Tables
6A/6B, the land plan, the turn's shiploads, plan C's loads, Russia ending the war), the next
segment, and where a ship is recorded. The steps and their refusals are the desk's; this
keeps no rule (no Kivy)."""

from __future__ import annotations

from companion.tsushima import Side, TsushimaError
from companion.tsushima.calendar import GameTime
from companion.tsushima.desk.view import status_lines
from companion.tsushima.fleet import FLYING_BASE, INTERNED, SEA
from companion.tsushima.hexmap import is_hex

from .desk_state import DeskState


class CampaignPlans(DeskState):
    """Mixed into :class:`~ui.tsushima.controller.TsushimaDesk`."""

    # ------------------------------------------------------------------ the campaign
    def status(self) -> list[str]:
        """Where the campaign stands, in the desk's own lines."""
        return status_lines(self.desk.campaign) if self.desk is not None else []

    def offers(self) -> set[str]:
        """Which campaign steps apply now: ``italy``, ``plan``, ``loads``, ``need``, ``over``."""
        if self.desk is None or self.desk.fleet.over:
            return set()
        c, f, out = self.desk.campaign, self.desk.fleet, set()
        start = GameTime.parse(c.scenario.start)
        if c.scenario.raw.get("italian_cruisers") and f.italy is None and f.time == start:
            out.add("italy")
        if c.scenario.kind == "campaign" and c.land is None:
            out.add("plan")
        if c.scenario.raw.get("port_arthur_fallen") and any(
            b.ship.side is Side.RUSSIA and b.location == "Vladivostok" and not b.ship.sunk
            for b in f.berths
        ):
            out.add("over")
        land = c.land
        if land is not None and not land.fallen and f.time.terminal:
            if f.time.turn not in c.land_turns and land.loads_needed() is not None:
                out.add("loads")
            if land.plan == "C" and land.opened and land.need is None:
                out.add("need")
        return out

    def next_segment(self) -> bool:
        return self._desk_step(lambda d: d.next())

    def declare_over(self) -> bool:
        return self._desk_step(lambda d: d.declare_over())

    def movable(self) -> list[str]:
        """Ships that may be recorded somewhere else: afloat, not interned, off the board."""
        f = self._fleet()
        board = {s.ident for s in self.engagement.on_board()} if self.engagement else set()
        return [
            b.ship.ident for b in f.berths
            if not b.ship.sunk and b.location != INTERNED and b.ship.ident not in board
        ]

    def roll_italy(self) -> bool:
        """Tables 6A and 6B with virtual dice."""

        return self._desk_step(lambda d: d.italy(self.dice.d6(), self.dice.d6()))

    def choose_plan(self, plan: str) -> bool:
        return self._desk_step(lambda d: d.land_plan(plan))

    def shiploads(self, met: bool) -> bool:
        """This turn's shiploads delivered in full (or not); the die towards the fall is
        rolled (virtual) when the plan has earned it."""

        def step() -> None:
            land = self._desk().campaign.land
            if land is None:
                raise TsushimaError("choose a land campaign plan first")
            need = land.loads_needed()
            if need is None:
                raise TsushimaError("plan C: roll this turn's shiploads first")
            opening = land.plan == "C" and not land.opened
            die = self.dice.d6() if met and land.rolling and not opening else None
            self.results = self._desk().land_turn(need if met else 0, die)
            self._say("")

        return self._attempt(step)

    def roll_need(self) -> bool:
        return self._desk_step(lambda d: d.land_need(self.dice.d6()))


    def places_for(self, ident: str) -> list[str]:
        """Where a ship may be recorded: its navy's ports, the zones, sea, the hexes where
        ships are recorded, a flying base."""
        f = self._fleet()
        b = f.berth(ident)
        ports = [p.name for p in self.data.ports.values() if f.port(p.name).owner is b.ship.side]
        extra = [FLYING_BASE] if b.ship.side is Side.JAPAN and f.bases else []
        hexes = sorted({x.location for x in f.berths if is_hex(x.location)})
        places = ports + list(self.data.zones) + [SEA] + hexes + extra + [INTERNED]
        return places if b.location in places else [b.location, *places]

    def place(self, ident: str, location: str) -> bool:
        def step() -> None:
            desk = self._desk()
            if desk.fleet.berth(ident).location == location:
                return
            desk.place(ident, location)
            self._say(f"{ident} is now at {location}.")

        return self._attempt(step)
