"""``companion tsushima`` procedures on their own: gunfire, torpedoes, spotting, running
aground, mines, repairs and the cruisers in Italy. Each shows its exact odds; give the dice
to resolve it. Nothing is saved."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from companion.tsushima import aground, mines, spotting
from companion.tsushima.campaign import italy, italy_odds
from companion.tsushima.data import DataSet, provisional_warnings
from companion.tsushima.errors import TsushimaError
from companion.tsushima.fire import Conditions, FlightSalvos, gun_shots, shot_to_dict, torpedo_shot
from companion.tsushima.repairs import check_repairs, repair_odds, resolve_repair
from companion.tsushima.units import Ship, Side

from .tsushima_common import data_of, emit, frac, pct


def _ship(d: DataSet, name: str, hits: int, morale: int) -> Ship:
    counter = d.counter(name)
    ship = Ship(counter.name, counter)
    if not 0 <= hits < ship.hit_limit:
        raise TsushimaError(
            f"{counter.name} cannot carry {hits} hits and still fight (0-{ship.hit_limit - 1})"
        )
    return ship.with_hits(hits).with_morale(morale)


def _rolled(
    body: dict[str, Any], lines: list[str], key: str, roll: int, ok: bool, said: tuple[str, str]
) -> None:
    """Add a roll's yes-or-no result to the answer: ``said`` is what each outcome means."""
    body[key] = ok
    lines.append(f"Rolled {roll}: " + (said[0] if ok else said[1]))


def _roll_map(items: Sequence[str]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for item in items:
        gun, sep, rest = item.partition("=")
        if not sep:
            raise TsushimaError(f"roll {item!r} is not like primary=5,6")
        try:
            out[gun.strip()] = [int(x) for x in rest.split(",") if x.strip()]
        except ValueError:
            raise TsushimaError(f"roll {item!r} holds something other than whole numbers") from None
    return out


# ----- fire and torpedoes ---------------------------------------------------------------
def cmd_fire(args: argparse.Namespace) -> int:
    d = data_of(args)
    firer = _ship(d, args.firer, args.firer_hits, args.firer_morale)
    target = _ship(d, args.target, args.target_hits, args.target_morale)
    cond = Conditions(
        range=args.range,
        firer_screened=args.firer_screened,
        target_screened=args.target_screened,
        shared_target=args.shared,
        firer_fleeing=args.fleeing,
        target_fleeing=args.target_fleeing,
        flight_salvos=FlightSalvos(args.flight_salvos),
    )
    shots = gun_shots(firer, target, cond, d)
    if not shots:
        raise TsushimaError(f"{firer.ident} carries no guns")
    if not any(s.usable for s in shots):
        reasons = "; ".join(f"{s.weapon}: {s.reason}" for s in shots)
        raise TsushimaError(
            f"{firer.ident} cannot fire at {target.ident} at range {args.range}: {reasons}"
        )
    rolls = _roll_map(args.roll or [])
    for gun in rolls:
        if gun not in {s.weapon for s in shots if s.usable}:
            raise TsushimaError(f"no usable {gun} guns to roll for")
    results = {s.weapon: s.resolve(rolls[s.weapon]) for s in shots if s.weapon in rolls}
    body: dict[str, Any] = {
        "firer": firer.ident,
        "target": target.ident,
        "range": args.range,
        "range_counts": "columns between firer and target (0 = adjacent)",
        "target_size": target.counter.size,
        "target_armour": target.counter.armour,
        "table_provisional": d.gunfire.provisional,
        "guns": [
            shot_to_dict(s)
            | (
                {"rolls": rolls[s.weapon], "results": [r.phrase for r in results[s.weapon]]}
                if s.weapon in results
                else {}
            )
            for s in shots
        ],
        "warnings": provisional_warnings(d),
    }
    lines = [
        f"{firer.ident} firing on {target.ident} (size {target.counter.size}, armour "
        f"{target.counter.armour}) at range {args.range}:"
    ]
    for s in shots:
        if not s.usable:
            lines.append(f"  {s.weapon.capitalize()} guns cannot fire: {s.reason}.")
            continue
        mods = ", ".join(f"{k} {v:+d}" for k, v in s.modifiers)
        lines.append(
            f"  {s.weapon.capitalize()} guns: factor {s.factor}, effective {s.effective}, "
            f"combat die modifier {s.combat_die_modifier:+d}; total modifier "
            f"{s.total_modifier:+d} ({mods}); {s.salvos} salvo(s)."
        )
        lines.append(
            "    Each salvo: " + "; ".join(f"{r.phrase} {pct(p)}" for r, p in s.odds.items() if p)
        )
        if s.weapon in results:
            lines.append(
                f"    Rolled {', '.join(map(str, rolls[s.weapon]))}: "
                + ", ".join(r.phrase for r in results[s.weapon])
                + "."
            )
    if d.gunfire.provisional:
        lines.append("Note: the Gunfire Table in use is provisional, not the printed one.")
    return emit(args, body, lines)


def cmd_torpedo(args: argparse.Namespace) -> int:
    d = data_of(args)
    firer = _ship(d, args.firer, args.firer_hits, 0)
    target = _ship(d, args.target, args.target_hits, 0)
    shot = torpedo_shot(firer, target, args.adjacent, d)
    if not shot.usable:
        raise TsushimaError(f"{firer.ident} cannot fire torpedoes: {shot.reason}")
    results = shot.resolve(args.roll) if args.roll else None
    body = shot_to_dict(shot) | {
        "firer": firer.ident,
        "target": target.ident,
        "table_provisional": d.torpedo.provisional,
    }
    if results:
        body["results"] = [r.phrase for r in results]
    lines = [
        f"{firer.ident} torpedo attack on {target.ident} (armour {target.counter.armour})"
        f"{' from the adjacent column (-3)' if args.adjacent else ' from the same column'}:"
        f" {shot.salvos} salvo(s).",
        "  Each salvo: " + "; ".join(f"{r.phrase} {pct(p)}" for r, p in shot.odds.items() if p),
    ]
    if results:
        lines.append(
            "  Rolled "
            + ", ".join(map(str, args.roll))
            + ": "
            + ", ".join(r.phrase for r in results)
            + "."
        )
    if d.torpedo.provisional:
        lines.append("Note: the Torpedo Table in use is provisional, not the printed one.")
    return emit(args, body, lines)


# ----- spotting, hazards, repairs --------------------------------------------------------
def cmd_spot(args: argparse.Namespace) -> int:
    s = spotting.SpottingSituation(
        args.destroyers,
        args.two_hit_ships,
        args.low_morale_ships,
        args.began_in_hex,
        args.partial_sea,
        args.evade,
    )
    p = spotting.spot_odds(s)
    body: dict[str, Any] = {
        "modifiers": [{"reason": k, "value": v} for k, v in s.modifiers],
        "total_modifier": s.modifier,
        "needed": spotting.TARGET,
        "chance": frac(p),
    }
    lines = [
        f"Spotting: one die {s.modifier:+d}, needs {spotting.TARGET} or more: chance {pct(p)}."
    ]
    lines += [f"  {v:+d} {k}" for k, v in s.modifiers]
    if args.die is not None:
        _rolled(
            body,
            lines,
            "spotted",
            args.die,
            spotting.resolve_spotting(s, args.die),
            ("the enemy is spotted; to the battle board.", "nothing is seen."),
        )
    return emit(args, body, lines)


def cmd_spot_zone(args: argparse.Namespace) -> int:
    one, both = spotting.zone_spot_odds(1), spotting.zone_spot_odds(2)
    body: dict[str, Any] = {"one_roll": frac(one), "either_of_two": frac(both)}
    lines = [
        f"Strategic zone: two dice, 10 or more spots: {pct(one)} per roll, {pct(both)} "
        f"that either player succeeds."
    ]
    if args.total is not None:
        ok = spotting.resolve_zone_spotting(args.total)
        _rolled(body, lines, "spotted", args.total, ok, ("spotted.", "not spotted."))
    return emit(args, body, lines)


def cmd_port_attack(args: argparse.Namespace) -> int:
    p = spotting.port_attack_odds(args.surprise)
    body: dict[str, Any] = {"chance": frac(p)}
    lines = [
        f"Attacking ships sheltering in port: chance {pct(p)}"
        + (" (first-turn surprise: 3-6)." if args.surprise else " (a 6).")
    ]
    if args.die is not None:
        _rolled(
            body,
            lines,
            "attack",
            args.die,
            spotting.resolve_port_attack(args.die, args.surprise),
            ("the attack goes in.", "the port's protection holds."),
        )
    return emit(args, body, lines)


def cmd_aground(args: argparse.Namespace) -> int:
    d = data_of(args)
    names = [n.upper() if _small_ident(n) else d.counter(n).name for n in args.ships]
    small = {n for n in names if _small_ident(n)}
    odds = aground.aground_odds(len(names))
    body: dict[str, Any] = {
        "per_ship": {n: frac(odds[i]) for i, n in enumerate(names)},
        "damage": {str(k): frac(v) for k, v in aground.damage_odds().items()},
    }
    lines = [
        "Running aground (ships in rolling order): "
        + "; ".join(f"{n} {pct(odds[i])}" for i, n in enumerate(names))
        + ".",
        "Damage if aground: one hit 1/3, two hits 1/3, sunk 1/3; a small-craft counter "
        "takes one hit.",
    ]
    if args.trigger is not None:
        r = aground.resolve_aground(
            names, args.trigger, args.ship_dice or (), args.damage_die, small
        )
        body["result"] = {"ship": r.ship, "hits": r.hits}
        lines.append(r.sentence())
    return emit(args, body, lines)


def _small_ident(text: str) -> bool:
    return text[:2].upper() in ("RD", "RT", "JD", "JT") and text[2:].isdigit()


def cmd_mine(args: argparse.Namespace) -> int:
    odds = mines.entry_odds()
    body: dict[str, Any] = {"hits": {str(k): frac(v) for k, v in odds.items()}}
    lines = [
        "Entering a mined hex: "
        + "; ".join(
            f"{['no damage', 'one hit', 'two hits', 'sunk'][k]} {pct(v)}" for k, v in odds.items()
        )
        + "."
    ]
    if args.die is not None:
        hits = mines.resolve_entry(args.die, args.damage_die)
        body["result"] = hits
        lines.append(
            f"Rolled {args.die}"
            + (f" then {args.damage_die}" if args.damage_die else "")
            + ": "
            + ["the ship passes safely.", "one hit.", "two hits.", "the ship is sunk."][hits]
        )
    return emit(args, body, lines)


def cmd_sweep(args: argparse.Namespace) -> int:
    p = mines.sweep_odds(args.ships)
    body: dict[str, Any] = {"chance": frac(p)}
    lines = [
        f"Sweeping with {args.ships} ships (each first rolls for the mine, then a sweep die;"
        f" any 5-6 clears): chance {pct(p)}."
    ]
    if args.dice:
        ok = mines.resolve_sweep(args.ships, args.dice)
        body["cleared"] = ok
        lines.append("The mine is cleared." if ok else "The mine remains.")
    return emit(args, body, lines)


def cmd_repair(args: argparse.Namespace) -> int:
    d = data_of(args)
    port = d.port(args.port)
    ships = [_ship(d, n, h, 0) for n, h in (_ship_hits(x) for x in args.ships)]
    check_repairs(ships, port, port.owner, args.used)
    odds = repair_odds()
    body: dict[str, Any] = {
        "port": port.name,
        "capacity": port.repair,
        "odds": {k: frac(v) for k, v in odds.items()},
        "results": {},
    }
    lines = [
        f"{port.name} can take {port.repair} repair attempt(s) this turn; "
        f"{args.used + len(ships)} used. Each attempt: "
        + "; ".join(f"{k} {pct(v)}" for k, v in odds.items())
        + "."
    ]
    if args.dice:
        if len(args.dice) != len(ships):
            raise TsushimaError(f"{len(ships)} ship(s) to repair but {len(args.dice)} dice")
        for ship, die in zip(ships, args.dice, strict=True):
            after = resolve_repair(ship, die)
            body["results"][ship.ident] = after.hits
            lines.append(
                f"{ship.ident}: die {die}, {ship.hits - after.hits} hit(s) repaired, "
                f"{after.hits} left."
            )
    return emit(args, body, lines)


def _ship_hits(text: str) -> tuple[str, int]:
    name, sep, hits = text.rpartition("=")
    if not sep:
        return text, 1
    try:
        return name, int(hits)
    except ValueError:
        raise TsushimaError(f"{text!r} is not like Mikasa=2") from None


def cmd_italy(args: argparse.Namespace) -> int:
    odds = italy_odds()
    body: dict[str, Any] = {"odds": {k.value: frac(v) for k, v in odds.items()}}
    lines = [
        "Cruisers in Italy: Russia "
        + pct(odds[Side.RUSSIA])
        + ", Japan "
        + pct(odds[Side.JAPAN])
        + "; then 0, 1 or 2 zones before war, a third each."
    ]
    if args.die_6a is not None:
        if args.die_6b is None:
            raise TsushimaError("give both --die-6a and --die-6b")
        r = italy(args.die_6a, args.die_6b)
        body["result"] = {
            "navy": r.side.value,
            "ships": list(r.ships),
            "zones": r.zones,
            "interned": r.interned,
        }
        lines.append(
            f"{' and '.join(r.ships)} go to {r.side.adjective} hands; "
            + (
                "they are interned and take no part."
                if r.interned
                else f"they sail {r.zones} zone(s) before war begins."
            )
        )
    return emit(args, body, lines)
