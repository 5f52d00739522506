"""``companion tsushima`` data commands: the counters, the tables in use, the warnings, the
scenarios, and copying the data files out for the owner."""

from __future__ import annotations

import argparse
from typing import Any

from companion.tsushima.data import export_data, hit_table_to_json, provisional_warnings
from companion.tsushima.scenarios import get_scenario, scenario_keys
from companion.tsushima.units import Side, format_counter

from .tsushima_common import data_of, emit


def cmd_ships(args: argparse.Namespace) -> int:
    d = data_of(args)
    cs = [c for c in d.counters if args.navy is None or c.nation is args.navy]
    body = {
        "counters": [
            {
                "name": c.name,
                "navy": c.nation.value,
                "type": c.type.value,
                "size": c.size,
                "speed": c.speed,
                "armour": c.armour,
                "primary": str(c.primary) if c.primary else None,
                "secondary": str(c.secondary) if c.secondary else None,
                "torpedo_salvos": c.torpedo_salvos,
                "count": c.count,
                "guns_checked": c.guns_checked,
            }
            for c in cs
        ]
    }
    lines = [
        f"{c.nation.adjective:8} {format_counter(c)}"
        + (f" x{c.count}" if c.count > 1 else "")
        + ("" if c.guns_checked else "  (guns unconfirmed)")
        for c in cs
    ]
    return emit(args, body, lines)


def cmd_warnings(args: argparse.Namespace) -> int:
    w = provisional_warnings(data_of(args))
    return emit(args, {"warnings": w}, w or ["All data confirmed by the owner."])


def cmd_tables(args: argparse.Namespace) -> int:
    d = data_of(args)
    body: dict[str, Any] = {}
    lines: list[str] = []
    for t in (d.gunfire, d.torpedo):
        body[t.name] = hit_table_to_json(t) | {"source": t.source}
        lines.append(
            f"{t.name} ({'PROVISIONAL stand-in' if t.provisional else 'confirmed'}, "
            f"from {t.source}); lowest modified total for one hit / two hits / sunk:"
        )
        lines += [f"  {t.key} {k}: {c.one_hit} / {c.two_hits} / {c.sunk}" for k, c in t.columns]
    return emit(args, body, lines)


def cmd_export(args: argparse.Namespace) -> int:
    written = export_data(args.directory)
    lines = [f"Wrote {p}" for p in written] or [
        "Every data file is already there; nothing was overwritten."
    ]
    lines.append(f"Edit them, then pass --data {args.directory} or set TSUSHIMA_DATA.")
    return emit(args, {"written": [str(p) for p in written]}, lines)


def cmd_scenarios(args: argparse.Namespace) -> int:
    d = data_of(args)
    scens = [get_scenario(k, d) for k in scenario_keys(d)]
    body = {
        "scenarios": [
            {"key": s.key, "title": s.title, "start": s.start, "kind": s.kind, "turns": s.turns}
            for s in scens
        ]
    }
    lines = [
        f"{s.key:13} {s.title} ({s.start}" + (f", {s.turns} turns" if s.turns else "") + ")"
        for s in scens
    ]
    return emit(args, body, lines)


def cmd_scenario(args: argparse.Namespace) -> int:
    d = data_of(args)
    s = get_scenario(args.key, d)
    body: dict[str, Any] = {
        "key": s.key,
        "title": s.title,
        "start": s.start,
        "turns": s.turns,
        "victory": s.victory,
        "notes": list(s.notes),
        "forces": {},
    }
    lines = [f"{s.title}, from {s.start}" + (f", {s.turns} turns." if s.turns else ".")]
    for side in Side:
        body["forces"][side.value] = []
        lines.append(f"{side.adjective} forces:")
        for p in s.placements[side]:
            names = [f"{x.type}{x.counter.size} {x.ident}" for x in p.ships]
            body["forces"][side.value].append(
                {
                    "where": p.describe(),
                    "ships": [x.ident for x in p.ships],
                    "mines": p.mines,
                    "flying_bases": p.flying_bases,
                }
            )
            extras = [
                f"{n} {w}"
                for n, w in ((p.mines, "mine(s)"), (p.flying_bases, "flying base(s)"))
                if n
            ]
            lines.append(f"  {p.describe()}: " + ", ".join(names + extras))
    lines += [f"Note: {n}" for n in s.notes]
    return emit(args, body, lines)
