"""Saving and loading engagements and fleets as JSON, for play across CLI invocations.

Fire already declared in a round is stored as orders and rolls and replayed on load, so a
saved game always obeys the same checks as a live one.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from .battle import Engagement, FireOrder, Formation, Kind
from .calendar import GameTime
from .data import DataSet
from .errors import TsushimaError
from .fire import FlightSalvos, coast_battery
from .fleet import Berth, Fleet
from .morale import MoraleRecord
from .units import Ship, Side

T = TypeVar("T")

FORMAT = "tsushima-state/1"


def ship_to_dict(s: Ship) -> dict[str, Any]:
    return {
        "ident": s.ident,
        "counter": s.counter.name,
        "nation": s.side.value,
        "hits": s.hits,
        "morale": s.morale,
        "captured": s.captured,
    }


def ship_from_dict(raw: dict[str, Any], data: DataSet) -> Ship:
    side = Side(raw["nation"])
    if str(raw["counter"]).startswith("Coast gun "):
        return coast_battery(side, int(str(raw["counter"]).rsplit(" ", 1)[1]), data)
    return Ship(
        raw["ident"],
        data.counter(raw["counter"], side),
        int(raw["hits"]),
        int(raw["morale"]),
        bool(raw.get("captured", False)),
    )


def engagement_to_dict(e: Engagement) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "kind": "engagement",
        "ships": [ship_to_dict(s) for s in e.ships],
        "formations": [
            {
                "ident": f.ident,
                "side": f.side.value,
                "kind": f.kind.value,
                "ships": list(f.ships),
                "column": f.column,
                "fleeing": f.fleeing,
            }
            for f in e.formations
        ],
        "first_mover": e.first_mover.value,
        "stage": e.stage,
        "movement_rounds": e.movement_rounds,
        "firing_rounds": e.firing_rounds,
        "declared": [
            {"order": str(d.order), "rolls": list(d.rolls) if d.rolls else None} for d in e.declared
        ],
        "escaped": [[i, b] for i, b in e.escaped],
        "exits": [[i, c] for i, c in e.exits],
        "displacement": e.displacement,
        "flight": [[s.value, n] for s, n in e.flight],
        "torpedoes_used": list(e.torpedoes_used),
        "screens": [list(p) for p in e.screens],
        "port": e.port,
        "port_owner": e.port_owner.value if e.port_owner else None,
        "silent_side": e.silent_side.value if e.silent_side else None,
        "silent_firing_rounds": e.silent_firing_rounds,
        "log": list(e.log),
        "flight_salvos": e.flight_salvos.value,
    }


def engagement_from_dict(raw: dict[str, Any], data: DataSet) -> Engagement:
    e = Engagement(
        ships=tuple(ship_from_dict(s, data) for s in raw["ships"]),
        formations=tuple(
            Formation(
                f["ident"],
                Side(f["side"]),
                Kind(f["kind"]),
                tuple(f["ships"]),
                int(f["column"]),
                bool(f["fleeing"]),
            )
            for f in raw["formations"]
        ),
        first_mover=Side(raw["first_mover"]),
        data=data,
        stage=str(raw["stage"]),
        movement_rounds=int(raw["movement_rounds"]),
        firing_rounds=int(raw["firing_rounds"]),
        escaped=tuple((str(i), bool(b)) for i, b in raw["escaped"]),
        exits=tuple((str(i), int(c)) for i, c in raw.get("exits", [])),
        displacement=bool(raw.get("displacement", True)),
        flight=tuple((Side(s), int(n)) for s, n in raw["flight"]),
        torpedoes_used=tuple(raw["torpedoes_used"]),
        screens=tuple((str(a), str(b)) for a, b in raw["screens"]),
        port=raw["port"],
        port_owner=Side(raw["port_owner"]) if raw["port_owner"] else None,
        silent_side=Side(raw["silent_side"]) if raw["silent_side"] else None,
        silent_firing_rounds=int(raw["silent_firing_rounds"]),
        log=tuple(raw["log"]),
        flight_salvos=FlightSalvos(raw.get("flight_salvos", "own")),
    )
    declared = raw.get("declared") or []
    if declared:
        e = e.declare([FireOrder.parse(d["order"]) for d in declared])
        for i, d in enumerate(declared):
            if d["rolls"] is not None:
                e = e.roll(i, d["rolls"])
        e = dataclasses.replace(e, log=tuple(raw["log"]))
    return e


def fleet_to_dict(f: Fleet) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "kind": "fleet",
        "scenario": f.scenario,
        "time": str(f.time),
        "repairs_used": [[p, n] for p, n in f.repairs_used],
        "fall_turn": f.fall_turn,
        "italy": [f.italy[0].value, f.italy[1]] if f.italy else None,
        "bases": list(f.bases),
        "over": f.over,
        "berths": [
            {
                **ship_to_dict(b.ship),
                "location": b.location,
                "morale_record": dataclasses.asdict(b.morale),
                "repairing": b.repairing,
            }
            for b in f.berths
        ],
    }


def fleet_from_dict(raw: dict[str, Any], data: DataSet) -> Fleet:
    berths = tuple(
        Berth(
            ship_from_dict(b, data),
            str(b["location"]),
            MoraleRecord(**b["morale_record"]),
            bool(b["repairing"]),
        )
        for b in raw["berths"]
    )
    return Fleet(
        GameTime.parse(raw["time"]),
        berths,
        data,
        tuple((str(p), int(n)) for p, n in raw["repairs_used"]),
        str(raw["scenario"]),
        fall_turn=int(raw["fall_turn"]) if raw.get("fall_turn") is not None else None,
        over=bool(raw.get("over", False)),
        italy=(Side(raw["italy"][0]), int(raw["italy"][1])) if raw.get("italy") else None,
        bases=tuple(str(h) for h in raw.get("bases", ())),
    )


def save(obj: Engagement | Fleet, path: str | Path) -> None:
    body = engagement_to_dict(obj) if isinstance(obj, Engagement) else fleet_to_dict(obj)
    tmp = Path(str(path) + ".tmp")
    try:
        tmp.write_text(json.dumps(body, indent=1) + "\n", encoding="utf-8")
        tmp.replace(path)  # a half-written file must never replace a good one
    except OSError as exc:
        raise TsushimaError(f"cannot write the state file {str(path)!r}: {exc.strerror}") from None


def _load_raw(path: str | Path, kind: str) -> dict[str, Any]:
    p = Path(path)
    if not p.is_file():
        raise TsushimaError(f"no saved {kind} at {str(p)!r}")
    try:
        raw = json.loads(p.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise TsushimaError(f"{p}: not a saved game ({exc.msg})") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise TsushimaError(f"cannot read {str(p)!r}: {exc}") from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT or raw.get("kind") != kind:
        raise TsushimaError(f"{p} is not a saved Tsushima {kind}")
    return raw


def _load(
    path: str | Path, kind: str, build: Callable[[dict[str, Any], DataSet], T], data: DataSet
) -> T:
    raw = _load_raw(path, kind)
    try:
        return build(raw, data)
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, TsushimaError):
            raise
        raise TsushimaError(f"{path}: damaged saved {kind} ({exc})") from None


def load_engagement(path: str | Path, data: DataSet) -> Engagement:
    return _load(path, "engagement", engagement_from_dict, data)


def load_fleet(path: str | Path, data: DataSet) -> Fleet:
    return _load(path, "fleet", fleet_from_dict, data)
