"""Loading and checking the data files under ``data/``.

Every file is validated on load; a file that cannot describe a possible game raises
:class:`DataFileError` with one message naming the file and the field. An owner's edited
copies of any file can be placed in a directory given by ``override_dir`` (or the
``TSUSHIMA_DATA`` environment variable); files found there replace the built-in ones.

>>> data = default_data()
>>> data.counter("Mikasa").armour, data.counter("azumo").name
(7, 'Azuma')
>>> data.gunfire.provisional
True
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

# the data set's values, named here as before they had a module of their own
from .dataset import DataSet as DataSet
from .dataset import Port as Port
from .errors import DataFileError, TsushimaError
from .hexmap import map_from_json
from .scenario_data import check_scenarios
from .tables import Column, HitTable
from .units import Counter, Gun, ShipType, Side

FILES = (
    "counters.json",
    "tables.json",
    "geography.json",
    "gunfire.json",
    "torpedo.json",
    "scenarios.json",
    "map.json",
)
ENV_VAR = "TSUSHIMA_DATA"


def _fail(fname: str, where: str, problem: str) -> DataFileError:
    return DataFileError(f"{fname}: {where} {problem}")


def _int(fname: str, where: str, value: object, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _fail(fname, where, f"must be a whole number {lo}-{hi}, not {value!r}")
    return value


def _gun(fname: str, where: str, value: object) -> Gun | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2:
        raise _fail(fname, where, f"must be [factor, salvos] or null, not {value!r}")
    return Gun(
        _int(fname, where + " factor", value[0], 0, 15),
        _int(fname, where + " salvos", value[1], 1, 9),
    )


def _counters(raw: Any, fname: str) -> tuple[tuple[Counter, ...], dict[str, str], dict[str, Any]]:
    if not isinstance(raw, dict) or not isinstance(raw.get("counters"), list):
        raise _fail(fname, "top level", "must hold a 'counters' list")
    out: list[Counter] = []
    seen: set[tuple[str, str]] = set()
    for i, c in enumerate(raw["counters"]):
        where = f"counters[{i}]"
        if not isinstance(c, dict) or not isinstance(c.get("name"), str) or not c["name"]:
            raise _fail(fname, where, "needs a name")
        where = f"counter {c['name']!r}"
        try:
            nation = Side(str(c.get("nation")))
            typ = ShipType(str(c.get("type")))
        except ValueError:
            raise _fail(fname, where, "needs nation russia/japan and type A/B/C/D/T/M") from None
        if typ is ShipType.K:
            raise _fail(fname, where, "type K is reserved for coast batteries")
        key = (c["name"].casefold(), nation.value)
        if key in seen:
            raise _fail(fname, where, "appears twice")
        seen.add(key)
        counter = Counter(
            name=c["name"],
            nation=nation,
            type=typ,
            size=_int(fname, where + " size", c.get("size"), 1, 9),
            speed=_int(fname, where + " speed", c.get("speed"), 1, 9),
            armour=_int(fname, where + " armour", c.get("armour"), 0, 9),
            primary=_gun(fname, where + " primary", c.get("primary")),
            secondary=_gun(fname, where + " secondary", c.get("secondary")),
            torpedo_salvos=_int(fname, where + " torpedo_salvos", c.get("torpedo_salvos", 0), 0, 9),
            count=_int(fname, where + " count", c.get("count", 1), 1, 99),
            guns_checked=bool(c.get("guns_checked", False)),
        )
        if typ.small_craft != (counter.torpedo_salvos > 0):
            raise _fail(
                fname, where, "torpedoes belong to destroyer and torpedo boat counters only"
            )
        if typ in (ShipType.A, ShipType.B, ShipType.C) and counter.count != 1:
            raise _fail(fname, where, "a named ship is a single counter")
        if typ.small_craft and counter.primary is not None:
            raise _fail(fname, where, "small craft carry no primary guns")
        out.append(counter)
    aliases = raw.get("aliases", {})
    if not isinstance(aliases, dict):
        raise _fail(fname, "aliases", "must map names to counter names")
    names = {c.name for c in out}
    for alias, real in aliases.items():
        if real not in names:
            raise _fail(fname, f"alias {alias!r}", f"points at unknown counter {real!r}")
    return tuple(out), dict(aliases), dict(raw.get("markers", {}))


def _hit_table(raw: Any, fname: str, name: str, key: str, lo: int, source: str) -> HitTable:
    if not isinstance(raw, dict) or not isinstance(raw.get("columns"), dict):
        raise _fail(fname, "top level", "must hold 'columns'")
    if not isinstance(raw.get("provisional"), bool):
        raise _fail(fname, "provisional", "must be true or false")
    cols: list[tuple[int, Column]] = []
    for k, v in raw["columns"].items():
        where = f"column {k!r}"
        try:
            index = int(k)
        except ValueError:
            raise _fail(fname, where, f"is not a {key}") from None
        _int(fname, where, index, lo, 9)
        if not isinstance(v, dict):
            raise _fail(fname, where, "must map one_hit/two_hits/sunk to totals")
        vals = [
            _int(fname, f"{where} {r}", v.get(r), -20, 40) for r in ("one_hit", "two_hits", "sunk")
        ]
        try:
            cols.append((index, Column(*vals)))
        except TsushimaError as exc:
            raise _fail(fname, where, str(exc)) from None
    return HitTable(name, key, tuple(sorted(cols)), raw["provisional"], source)


def _geography(
    raw: Any, fname: str
) -> tuple[dict[str, Port], dict[str, str], tuple[str, ...], bool]:
    if not isinstance(raw, dict) or not isinstance(raw.get("ports"), dict):
        raise _fail(fname, "top level", "must hold 'ports'")
    ports: dict[str, Port] = {}
    for name, p in raw["ports"].items():
        try:
            owner = Side(p.get("owner"))
        except (ValueError, AttributeError):
            raise _fail(fname, f"port {name!r}", "needs owner russia or japan") from None
        ports[name] = Port(
            name,
            owner,
            _int(fname, f"port {name!r} repair", p.get("repair"), 0, 20),
            str(p.get("country", "")),
            p.get("zone"),
        )
    zones = raw.get("zones", {})
    chain = zones.get("chain", [])
    if not isinstance(chain, list) or not all(isinstance(z, str) for z in chain) or not chain:
        raise _fail(fname, "zones.chain", "must be a list of zone names")
    return ports, dict(raw.get("port_aliases", {})), tuple(chain), bool(zones.get("provisional"))


def _read(fname: str, override_dir: Path | None) -> tuple[Any, str]:
    if override_dir is not None and (override_dir / fname).is_file():
        path = override_dir / fname
        text, source = path.read_text(encoding="utf-8"), str(path)
    else:
        text = resources.files(__package__).joinpath("data", fname).read_text(encoding="utf-8")
        source = "built-in"
    try:
        return json.loads(text), source
    except json.JSONDecodeError as exc:
        raise DataFileError(f"{fname}: not valid JSON ({exc.msg} at line {exc.lineno})") from None


def load_data(override_dir: str | Path | None = None) -> DataSet:
    """Load and check every data file, preferring owner copies in ``override_dir``."""
    odir = Path(override_dir) if override_dir is not None else None
    if odir is not None and not odir.is_dir():
        raise DataFileError(f"data override directory {str(odir)!r} does not exist")
    raw = {f: _read(f, odir) for f in FILES}
    counters, aliases, markers = _counters(raw["counters.json"][0], "counters.json")
    tables = raw["tables.json"][0]
    if not isinstance(tables, dict) or "table2_spotting" not in tables:
        raise _fail("tables.json", "top level", "must hold the rule tables")
    ports, port_aliases, zones, zprov = _geography(raw["geography.json"][0], "geography.json")
    gunfire = _hit_table(
        raw["gunfire.json"][0],
        "gunfire.json",
        "Gunfire Table",
        "target size",
        1,
        raw["gunfire.json"][1],
    )
    torpedo = _hit_table(
        raw["torpedo.json"][0],
        "torpedo.json",
        "Torpedo Table",
        "armour class",
        0,
        raw["torpedo.json"][1],
    )
    scen = raw["scenarios.json"][0]
    if not isinstance(scen, dict) or not isinstance(scen.get("scenarios"), dict):
        raise _fail("scenarios.json", "top level", "must hold 'scenarios'")
    data = DataSet(
        counters,
        aliases,
        markers,
        tables,
        ports,
        port_aliases,
        zones,
        zprov,
        gunfire,
        torpedo,
        scen["scenarios"],
        {f: s for f, (_, s) in raw.items()},
        map_from_json(raw["map.json"][0], raw["map.json"][1], ports),
    )
    # Scenario forces are checked against the counters here so a bad edit fails on load.
    check_scenarios(data)
    return data


@lru_cache(maxsize=1)
def _cached_default(env: str | None) -> DataSet:
    return load_data(env)


def default_data() -> DataSet:
    """The data set in use: built-in files, or the owner's copies named by ``TSUSHIMA_DATA``."""
    return _cached_default(os.environ.get(ENV_VAR) or None)


def provisional_warnings(data: DataSet | None = None) -> list[str]:
    """What the app must show until the owner has confirmed the stand-in data.

    >>> any("Gunfire Table" in w for w in provisional_warnings())
    True
    """
    d = default_data() if data is None else data
    out: list[str] = []
    for table in (d.gunfire, d.torpedo):
        if table.provisional:
            out.append(
                f"The {table.name} in use is a provisional stand-in, not the printed table: "
                f"results may differ from the board game until the owner enters the printed "
                f"values and sets provisional to false."
            )
    out += worked_example_conflicts(d.gunfire)
    unchecked = [
        c.name
        for c in d.counters
        if not c.guns_checked and (c.primary is not None or c.secondary is not None)
    ]
    if unchecked:
        out.append(
            f"Gun factors of {len(unchecked)} counters come from a damaged copy of the counter "
            f"sheet and are unconfirmed (e.g. {', '.join(unchecked[:3])}); check them against "
            f"the printed counters."
        )
    if d.zones_provisional:
        out.append(
            "The strategic movement zone chain is a provisional reading "
            f"({' - '.join(d.zones)}); check it against the map."
        )
    return out


def worked_example_conflicts(table: HitTable) -> list[str]:
    """Disagreements between a gunfire table and the points the worked example fixes
    (target size 9: a modified 8 is one hit; 0, 1 and 3 have no effect).

    >>> worked_example_conflicts(default_data().gunfire)
    []
    """
    from .tables import Result

    fixed = {8: Result.ONE_HIT, 0: Result.NO_EFFECT, 1: Result.NO_EFFECT, 3: Result.NO_EFFECT}
    try:
        wrong = [t for t, r in fixed.items() if table.lookup(9, t) is not r]
    except TsushimaError:
        return ["The Gunfire Table in use has no column for target size 9."]
    if not wrong:
        return []
    return [
        f"The Gunfire Table in use disagrees with the rulebook's worked example at target "
        f"size 9 for modified total(s) {', '.join(map(str, wrong))}; check the entries."
    ]


def hit_table_to_json(table: HitTable, about: str = "") -> dict[str, Any]:
    """The JSON form of a gunfire or torpedo table, e.g. for an editor to save."""
    return {
        "schema": "tsushima-gunfire/1" if table.key == "target size" else "tsushima-torpedo/1",
        "provisional": table.provisional,
        "about": about,
        "columns": {
            str(k): {"one_hit": c.one_hit, "two_hits": c.two_hits, "sunk": c.sunk}
            for k, c in table.columns
        },
    }


def export_data(target_dir: str | Path) -> list[Path]:
    """Copy the built-in data files into ``target_dir`` for the owner to edit; existing
    files there are left alone so an owner's edits are never overwritten."""
    out_dir = Path(target_dir)
    if out_dir.exists() and not out_dir.is_dir():
        raise TsushimaError(f"{str(out_dir)!r} is a file, not a folder for the data files")
    if not out_dir.exists() and not out_dir.parent.is_dir():
        # a mistyped path must not grow a tree of new folders
        raise TsushimaError(f"the folder {str(out_dir.parent)!r} does not exist")
    written: list[Path] = []
    try:
        out_dir.mkdir(exist_ok=True)
        for fname in FILES:
            dest = out_dir / fname
            if dest.exists():
                continue
            dest.write_text(
                resources.files(__package__).joinpath("data", fname).read_text(encoding="utf-8"),
                encoding="utf-8",
            )
            written.append(dest)
    except OSError as exc:
        raise TsushimaError(f"cannot write the data files to {str(out_dir)!r}: "
                            f"{exc.strerror}") from None
    return written
