"""``companion tsushima battle ...`` and ``fleet ...``: a single battle or a fleet ledger kept
in state files.

Each command loads the file, applies one step, and saves only if the step was accepted.
The rules that join the ledger and the board (which ships may fight, forming divisions,
carrying damage back, closing the naval phases) are the desk's
(:mod:`companion.tsushima.desk`); this module only reads arguments and prints.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from companion.cli import Handler
from companion.tsushima.battle import Engagement, FireOrder, FormationSpec, start_engagement
from companion.tsushima.data import DataSet
from companion.tsushima.desk import battles
from companion.tsushima.errors import TsushimaError
from companion.tsushima.fire import FlightSalvos
from companion.tsushima.fleet import Fleet
from companion.tsushima.scenarios import engagement_for
from companion.tsushima.small_craft import parse_small_craft
from companion.tsushima.state import (
    engagement_to_dict,
    fleet_to_dict,
    load_engagement,
    load_fleet,
    save,
)
from companion.tsushima.units import Side

from .tsushima_common import data_of, emit, frac, pct


def _spec(text: str) -> tuple[Side, FormationSpec]:
    """``japan:battle:Mikasa,Asahi,Hatsuse@3`` -> side and formation."""
    try:
        head, _, col = text.rpartition("@")
        side, kind, ships = head.split(":", 2)
        return Side(side.lower()), FormationSpec(
            kind, tuple(s.strip() for s in ships.split(",")), int(col), short_allowed=False
        )
    except ValueError:
        raise TsushimaError(
            f"formation {text!r} is not like japan:battle:Mikasa,Asahi,Fuji@3"
        ) from None


def _board_lines(e: Engagement) -> list[str]:
    lines = e.describe()
    for i, d in enumerate(e.declared, 1):
        s = d.shot
        state = (
            (
                "rolled "
                + ", ".join(map(str, d.rolls))
                + " -> "
                + ", ".join(r.phrase for r in d.results)
            )
            if d.rolls
            else "to roll"
        )
        odds = "; ".join(f"{r.phrase} {pct(p)}" for r, p in s.odds.items() if p)
        lines.append(
            f"  [{i}] {d.order}: modifier {s.total_modifier:+d}, {s.salvos} salvo(s); "
            f"each salvo {odds}; {state}"
        )
    return lines


def _board_body(e: Engagement) -> dict[str, Any]:
    body = engagement_to_dict(e)
    body["fire"] = [
        {
            "number": i,
            "order": str(d.order),
            "salvos": d.shot.salvos,
            "total_modifier": d.shot.total_modifier,
            "per_salvo": {r.phrase: frac(p) for r, p in d.shot.odds.items()},
            "rolls": list(d.rolls) if d.rolls else None,
            "results": [r.phrase for r in d.results],
        }
        for i, d in enumerate(e.declared, 1)
    ]
    body["pending_hits"] = e.pending_hits()
    return body


def _show(args: argparse.Namespace, e: Engagement, extra: list[str] | None = None) -> int:
    return emit(args, _board_body(e), (extra or []) + _board_lines(e))


def cmd_new(args: argparse.Namespace) -> int:
    d = data_of(args)
    if args.scenario:
        e = engagement_for(args.scenario, d, args.flight_salvos)
    elif not args.form:
        raise TsushimaError("give --scenario or at least one --form per navy")
    elif args.fleet:
        e = _from_fleet(args, load_fleet(args.fleet, d))
    else:
        specs = [_spec(f) for f in args.form]
        for side, spec in specs:
            for name in spec.ships:
                _check_navy(d, name, side)
        e = start_engagement(
            [s for _, s in specs],
            args.first,
            d,
            port=args.port,
            surprise=args.surprise,
            flight_salvos=FlightSalvos(args.flight_salvos),
        )
    save(e, args.state)
    return _show(args, e)


def _check_navy(d: DataSet, name: str, side: Side) -> None:
    numbered = parse_small_craft(name, d)
    real = numbered[1].nation if numbered else d.counter(name, None).nation
    if real is not side:
        raise TsushimaError(f"{name} belongs to the {real.adjective} navy, not the {side.adjective}")


def _from_fleet(args: argparse.Namespace, fleet: Fleet) -> Engagement:
    """The ledger's ships in the formations given; the kind named must be the one the
    division rules make of those ships."""
    setup: list[tuple[Side, FormationSpec]] = []
    for side, spec in (_spec(f) for f in args.form):
        placed = [s for n, s in setup if n is side]
        made = battles.division_specs(fleet, spec.ships, spec.column, placed)
        kinds = {m.kind for m in made}
        if spec.kind not in kinds:
            raise TsushimaError(
                f"{', '.join(spec.ships)} make a {' and '.join(sorted(kinds))} formation, "
                f"not {spec.kind}"
            )
        setup += [(side, m) for m in made]
    return battles.battle_from_fleet(
        fleet,
        setup,
        args.first,
        port=args.port,
        surprise=args.surprise,
        flight_salvos=FlightSalvos(args.flight_salvos),
    )


def _step(fn: Callable[[argparse.Namespace, Engagement], Engagement]) -> Handler:
    def run(args: argparse.Namespace) -> int:
        e = load_engagement(args.state, data_of(args))
        before = len(e.log)
        e = fn(args, e)
        save(e, args.state)
        return _show(args, e, list(e.log[before:]))

    return run


def _move(args: argparse.Namespace, e: Engagement) -> Engagement:
    moves: dict[str, int] = {}
    for item in args.move or []:
        key, sep, delta = item.partition("=")
        try:
            moves[key] = int(delta)
        except ValueError:
            raise TsushimaError(f"move {item!r} is not like JB1=+2") from None
        if not sep:
            raise TsushimaError(f"move {item!r} is not like JB1=+2")
    return e.move(moves, args.flight_die, args.detach or (), args.flee, args.flee_merchants)


def _declare(args: argparse.Namespace, e: Engagement) -> Engagement:
    orders = list(e.default_orders()) if args.default else []
    orders += [FireOrder.parse(o) for o in args.orders]
    if not orders:
        raise TsushimaError(
            "no fire declared: give orders like Mikasa:primary>Retvizan or --default"
        )
    return e.declare(orders)


def _roll(args: argparse.Namespace, e: Engagement) -> Engagement:
    return e.roll(args.number - 1, args.totals)


def _end(args: argparse.Namespace, e: Engagement) -> Engagement:
    return e.end_fire_round()


def _screen(args: argparse.Namespace, e: Engagement) -> Engagement:
    return e.screen(args.screener, args.screened)


def cmd_show(args: argparse.Namespace) -> int:
    return _show(args, load_engagement(args.state, data_of(args)))


def cmd_finish(args: argparse.Namespace) -> int:
    d = data_of(args)
    e = load_engagement(args.state, d)
    fleet, lines = battles.carry_back(load_fleet(args.fleet, d), e)
    save(fleet, args.fleet)
    return emit(args, fleet_to_dict(fleet), lines)


# ----- the fleet ledger -----------------------------------------------------------------
def _fleet_show(args: argparse.Namespace, f: Fleet, extra: list[str] | None = None) -> int:
    lines = (extra or []) + [f"{f.time.describe()}."] + f.roster(getattr(args, "navy", None))
    return emit(args, fleet_to_dict(f), lines)


def cmd_fleet_new(args: argparse.Namespace) -> int:
    f = Fleet.from_scenario(args.scenario, data_of(args))
    save(f, args.state)
    return _fleet_show(args, f)


def cmd_fleet_show(args: argparse.Namespace) -> int:
    return _fleet_show(args, load_fleet(args.state, data_of(args)))


def cmd_fleet_place(args: argparse.Namespace) -> int:
    f = load_fleet(args.state, data_of(args)).place(args.ship, args.location)
    save(f, args.state)
    return _fleet_show(
        args, f, [f"{f.berth(args.ship).ship.ident} is now at {f.berth(args.ship).location}."]
    )


def cmd_fleet_hits(args: argparse.Namespace) -> int:
    f = load_fleet(args.state, data_of(args)).apply_hits(args.ship, args.hits)
    save(f, args.state)
    b = f.berth(args.ship)
    return _fleet_show(args, f, [f"{b.ship.ident}: {b.ship.status()}."])


def cmd_fleet_next(args: argparse.Namespace) -> int:
    f = load_fleet(args.state, data_of(args))
    if f.time.terminal:
        raise TsushimaError("this is the terminal phase: use 'fleet terminal'")
    f, lines = battles.to_terminal(f) if args.to_terminal else battles.next_step(f)
    save(f, args.state)
    return _fleet_show(args, f, lines)


def cmd_fleet_terminal(args: argparse.Namespace) -> int:
    f = load_fleet(args.state, data_of(args))
    if not f.time.terminal:
        raise TsushimaError(
            f"it is {f.time.describe()}, not the terminal phase (use 'fleet next --to-terminal')"
        )
    repairs: dict[str, int] = {}
    for item in args.repair or []:
        name, sep, die = item.rpartition("=")
        try:
            repairs[f.berth(name).ship.ident if sep else item] = int(die)
        except ValueError:
            raise TsushimaError(f"repair {item!r} is not like Mikasa=4") from None
    f, lines = f.end_phase(repairs)
    save(f, args.state)
    return _fleet_show(args, f, lines)


step_move = _step(_move)
step_screen = _step(_screen)
step_declare = _step(_declare)
step_roll = _step(_roll)
step_end = _step(_end)
