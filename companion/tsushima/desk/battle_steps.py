"""Steps of a battle-board engagement fought from the fleet ledger."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from ..battle import Engagement, FireOrder, FormationSpec
from ..errors import TsushimaError
from ..units import Side
from . import battles
from .game import Campaign, Lines, step
from .meeting import check_meeting


def parse_group(raw: Any) -> tuple[Side, tuple[str, ...], int]:
    """A recorded group: ``{"navy": "japan", "ships": [...], "column": 4}``."""
    try:
        side = Side(str(raw["navy"]).lower())
        ships = tuple(str(s) for s in raw["ships"])
        column = int(raw["column"])
    except (KeyError, TypeError, ValueError):
        raise TsushimaError(f"battle group {raw!r} needs a navy, ships and a column") from None
    return side, ships, column


def form(c: Campaign, groups: Sequence[Any]) -> list[tuple[Side, FormationSpec]]:
    """Turn the referee's groups (lead ship first) into formations, by the division rules."""
    out: list[tuple[Side, FormationSpec]] = []
    for raw in groups:
        side, ships, column = parse_group(raw)
        placed = [spec for s, spec in out if s is side]
        for spec in battles.division_specs(c.fleet, ships, column, placed):
            owner = c.fleet.berth(spec.ships[0]).ship.navy
            if owner is not side:
                raise TsushimaError(
                    f"{spec.ships[0]} belongs to the {owner.adjective} navy, "
                    f"not the {side.adjective}"
                )
            out.append((side, spec))
    return out


def _begin(c: Campaign, e: Engagement) -> tuple[Campaign, Lines]:
    used = c.current_marks().torpedoes
    e = dataclasses.replace(e, torpedoes_used=used)
    return c.replace(battle=e), [f"The battle board is set: {e.describe()[-1]}"]


@step("battle-start")
def battle_start(
    c: Campaign,
    groups: Sequence[Any],
    first: str | None = None,
    port: str | None = None,
    port_hexes: Mapping[str, str] | None = None,
) -> tuple[Campaign, Lines]:
    """Put the ledger's ships on the board, in the groups the referee formed. They must
    stand in one place (``port_hexes``: the hexes of ports the desk read from the map)."""
    c.check_no_battle()
    c.fleet.check_open()
    setup = form(c, groups)
    where = c.data.port(port).name if port else None
    check_meeting(c, [i for _, spec in setup for i in spec.ships], where, port_hexes)
    first_side = Side(first) if first else c.scenario.first_mover
    e = battles.battle_from_fleet(
        c.fleet,
        setup,
        first_side,
        port=where,
        surprise=c.surprised(),
        flight_salvos=c.flight_salvos,
    )
    return _begin(c, e)


@step("battle-scenario")
def battle_scenario(c: Campaign) -> tuple[Campaign, Lines]:
    """A battle-board scenario's own set-up."""
    c.check_no_battle()
    c.fleet.check_open()
    return _begin(c, battles.scenario_battle(c.fleet, c.scenario, c.flight_salvos))


def _board_step(c: Campaign, e: Engagement) -> tuple[Campaign, Lines]:
    before = len(c.battle_now().log)
    return c.replace(battle=e), list(e.log[before:])


@step("move")
def move(
    c: Campaign,
    moves: Mapping[str, int] | None = None,
    flight_die: int | None = None,
    detach: Sequence[str] = (),
    flee: bool = False,
    flee_merchants: bool = False,
) -> tuple[Campaign, Lines]:
    e = c.battle_now().move(dict(moves or {}), flight_die, tuple(detach), flee, flee_merchants)
    return _board_step(c, e)


@step("screen")
def screen(c: Campaign, screener: str, screened: str) -> tuple[Campaign, Lines]:
    e = c.battle_now().screen(screener, screened)
    return c.replace(battle=e), [f"{screener} screens {screened}."]


@step("declare")
def declare(c: Campaign, orders: Sequence[str]) -> tuple[Campaign, Lines]:
    """Fix the round's fire; ``orders`` like ``Mikasa:primary>Retvizan``."""
    parsed = [FireOrder.parse(o) for o in orders]
    for o in parsed:
        firer = c.battle_now().ship(o.firer).ident
        if firer in c.uncrewed:
            raise TsushimaError(
                f"{firer} has not yet reached a Japanese port: its guns may not fire"
            )
    e = c.battle_now().declare(parsed)
    lines = [
        f"Declared [{i}] {d.order}: modifier {d.shot.total_modifier:+d}, "
        f"{d.shot.salvos} salvo(s); each salvo "
        + ", ".join(f"{r.phrase} {p.numerator}/{p.denominator}" for r, p in d.shot.odds.items()
                    if p)
        + "."
        for i, d in enumerate(e.declared, 1)
    ]
    return c.replace(battle=e), lines or ["Every gun holds its fire."]


@step("roll")
def roll(c: Campaign, number: int, totals: Sequence[int]) -> tuple[Campaign, Lines]:
    """Two-dice totals (one per salvo) for declared fire ``number`` (from 1)."""
    return _board_step(c, c.battle_now().roll(int(number) - 1, [int(t) for t in totals]))


@step("end-round")
def end_round(c: Campaign) -> tuple[Campaign, Lines]:
    return _board_step(c, c.battle_now().end_fire_round())


@step("finish")
def finish(c: Campaign) -> tuple[Campaign, Lines]:
    """Carry the battle's damage back to the ledger and clear the board."""
    e = c.battle_now()
    fleet, lines = battles.carry_back(c.fleet, e)
    marks = c.current_marks()
    marks = dataclasses.replace(
        marks, torpedoes=tuple(dict.fromkeys(marks.torpedoes + e.torpedoes_used))
    )
    if c.scenario.kind == "battle_board":
        # the scenario is this one engagement: its end is the game's end
        fleet = dataclasses.replace(fleet, over=True)
        lines.append("The engagement ends the scenario.")
    return c.replace(fleet=fleet, battle=None, marks=marks, exits=c.exits + e.exits), lines


def default_orders(c: Campaign) -> tuple[FireOrder, ...]:
    """Lead on lead, ship on ship, leaving out the guns that may not fire yet (the Italian
    cruisers before their crews)."""
    return tuple(o for o in c.battle_now().default_orders() if o.firer not in c.uncrewed)
