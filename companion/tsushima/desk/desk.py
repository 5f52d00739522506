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
from pathlib import Path
from typing import Any

from ..battle import Engagement, FireOrder, FormationSpec
from ..data import DataSet, default_data
from ..errors import TsushimaError
from ..fire import FlightSalvos
from ..fleet import Fleet
from ..scenarios import Scenario, get_scenario
from ..units import Side
from ..victory import CHEMULPO_LOSS, Outcome
from . import (  # noqa: F401  (each module registers its steps)
    battle_steps,
    battles,
    fleet_steps,
    land_steps,
    map_steps,
    meeting,
    movement,
    spot_steps,
)
from .game import Campaign, apply
from .history import UNCOUNTED, plain_lines, uncounted
from .map_desk import MapDesk
from .record import UNDO, Entry, Header, RecordError, dump, live, load
from .verdict import verdict


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


class Desk(MapDesk):
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
        what = " ".join(
            str(v)
            for k, v in last.args.items()
            if k != "points" and not isinstance(v, dict | list)
        )
        return [f"Undone: {last.step}{' ' + what if what else ''}."]

    def history(self) -> list[str]:
        """One line per step still standing, as the record holds it."""
        return [
            f"{i}. {e.step} {json.dumps(e.args)}" + (f" {UNCOUNTED}" if uncounted(e) else "")
            for i, e in enumerate(live(self.entries), 1)
        ]

    def history_lines(self) -> list[str]:
        """The same steps in plain words, each with what the desk said of it."""
        return plain_lines(start(self.header, self.data), live(self.entries))

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
    def place(self, ship: str, location: str, together: Sequence[str] = ()) -> list[str]:
        """Record a move (``together``: the other ships of its division, which sail at the
        slowest one's pace). The move is first checked as the record stands, then measured
        on the owner's map file (a missing fact is asked for: ``MissingMapFact``) and the
        points it costs are checked against what the ships have left this naval phase."""
        args: dict[str, Any] = {"ship": ship, "location": location}
        if together:
            args["together"] = list(together)
        apply(self.campaign, "place", args)  # refused before any map fact is asked for
        f = self.fleet
        old, new = f.berth(ship).location, f.check_location(location)
        args["points"] = movement.points(self.campaign, self.data.hexmap, old, new)
        if movement.enemies_in(self.campaign, self.data.hexmap, new, ship):
            args["enemy_hex"] = True  # kept only when true: other moves' records unchanged
        return self.do("place", **args)

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
