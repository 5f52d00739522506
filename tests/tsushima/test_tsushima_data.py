"""The data files against the rulebook, and refusal of impossible data."""

from __future__ import annotations

import json
import shutil
from importlib import resources
from pathlib import Path

import pytest

from companion.tsushima import DataFileError, ShipType, Side, default_data, load_data
from companion.tsushima.data import provisional_warnings

D = default_data()
DATA_DIR = Path(str(resources.files("companion.tsushima").joinpath("data")))


def test_table2_spotting_modifiers() -> None:
    t = D.tables["table2_spotting"]
    m = {k: v["value"] for k, v in t["modifiers"].items()}
    assert m == {
        "searcher_destroyer_counter": 1,
        "searcher_ship_with_two_hits": -1,
        "searcher_ship_morale_minus_two_or_worse": -1,
        "searcher_began_previous_movement_in_hex": 2,
        "partial_sea_hex": 1,
        "hidden_side_evades": -2,
    }
    assert t["target"] == 5 and t["ships_in_port_spotted"] is True
    assert t["strategic_zone"] == {"dice": 2, "target": 10}


def test_table3_movement_rates() -> None:
    t = D.tables["table3_board_movement"]
    assert t["destroyer_or_torpedo_boat"] == [1, 2, 3]
    assert t["no_hits"] == t["one_hit"] == [1, 2]
    assert t["two_hits"] == [1]
    assert t["merchant"] == [1, 2]


def test_table5_port_repair_capacity() -> None:
    cap = {n: p.repair for n, p in D.ports.items()}
    assert {
        k: cap[k]
        for k in (
            "Vladivostok",
            "Port Arthur",
            "Kronstadt",
            "Yokosuka",
            "Sasebo",
            "Kure",
            "Maizuru",
        )
    } == {
        "Vladivostok": 5,
        "Port Arthur": 4,
        "Kronstadt": 10,
        "Yokosuka": 5,
        "Sasebo": 4,
        "Kure": 5,
        "Maizuru": 3,
    }
    assert all(cap[k] == 0 for k in ("Chemulpo", "Fusan", "Ominato", "Tsushima", "Yin-Kou"))
    assert D.port("Vladovostock").name == "Vladivostok"


def test_port_owners() -> None:
    russian = {n for n, p in D.ports.items() if p.owner is Side.RUSSIA}
    assert russian == {"Port Arthur", "Vladivostok", "Kronstadt"}


def test_tables_6a_6b() -> None:
    assert D.tables["table6a_cruisers_in_italy"] == {
        "1": "russia",
        "2": "russia",
        "3": "japan",
        "4": "japan",
        "5": "japan",
        "6": "japan",
    }
    assert D.tables["table6b_prewar_zones"] == {"1": 0, "2": 0, "3": 1, "4": 1, "5": 2, "6": 2}


def test_table4_and_die_tables() -> None:
    assert D.tables["aground"]["damage"] == {"1": 1, "2": 1, "3": 2, "4": 2, "5": 3, "6": 3}
    assert D.tables["mines"]["damage"] == {"1": 1, "2": 2, "3": 2, "4": 3, "5": 0, "6": 0}
    assert D.tables["repairs"]["6"] == "all" and D.tables["repairs"]["2"] == "none"
    assert D.tables["coast_guns"] == {"count": 2, "factor": 9, "salvos": 2}


def test_counter_inventory_sizes() -> None:
    big = [c for c in D.counters if c.type in (ShipType.A, ShipType.B, ShipType.C)]
    assert sum(c.nation is Side.RUSSIA for c in big) == 40
    assert sum(c.nation is Side.JAPAN for c in big) == 34
    counts = {(c.nation, c.type): c.count for c in D.counters if c.count > 1}
    assert counts == {
        (Side.RUSSIA, ShipType.D): 13,
        (Side.RUSSIA, ShipType.T): 3,
        (Side.JAPAN, ShipType.D): 6,
        (Side.JAPAN, ShipType.T): 10,
        (Side.JAPAN, ShipType.M): 10,
    }


@pytest.mark.parametrize(
    "name,typ,size,speed,armour",
    [
        ("Tsarevitch", "B", 8, 5, 7),
        ("Bayan", "A", 7, 5, 6),
        ("Novik", "C", 6, 6, 2),
        ("Gromoboi", "A", 9, 6, 5),
        ("Apraxine", "B", 5, 5, 4),
        ("Fuso", "B", 7, 3, 3),
        ("Chin Yen", "B", 7, 4, 5),
        ("Saiyen", "C", 6, 4, 2),
        ("Idzumi", "C", 5, 5, 1),
        ("Kasuga", "A", 7, 6, 4),
        ("Destroyer", "D", 3, 6, 1),
        ("Torpedo Boat", "T", 2, 4, 0),
        ("Merchant", "M", 1, 4, 0),
    ],
)
def test_counter_printed_values(name: str, typ: str, size: int, speed: int, armour: int) -> None:
    nation = Side.JAPAN if name in ("Destroyer", "Torpedo Boat") else None
    c = D.counter(name, nation)
    assert (c.type.value, c.size, c.speed, c.armour) == (typ, size, speed, armour)


def test_confirmed_guns() -> None:
    assert str(D.counter("Mikasa").primary) == "7-2"
    assert str(D.counter("Retvizan").primary) == "8-2"
    assert {c.name for c in D.counters if c.guns_checked and c.primary} == {"Mikasa", "Retvizan"}


def test_provisional_tables_and_warnings() -> None:
    assert D.gunfire.provisional and D.torpedo.provisional
    text = " ".join(provisional_warnings(D))
    assert "Gunfire Table" in text and "Torpedo Table" in text and "counters" in text


def _copy(tmp: Path) -> Path:
    for f in DATA_DIR.iterdir():
        if f.suffix == ".json":
            shutil.copy(f, tmp / f.name)
    return tmp


def test_owner_copy_replaces_the_stand_in(tmp_path: Path) -> None:
    g = json.loads((DATA_DIR / "gunfire.json").read_text())
    g["provisional"] = False
    g["columns"]["9"] = {"one_hit": 7, "two_hits": 10, "sunk": 12}
    (tmp_path / "gunfire.json").write_text(json.dumps(g))
    d = load_data(tmp_path)
    assert not d.gunfire.provisional
    assert d.gunfire.column(9).one_hit == 7
    assert not any("Gunfire" in w for w in provisional_warnings(d))
    assert d.sources["gunfire.json"].endswith("gunfire.json")
    assert d.sources["counters.json"] == "built-in"


@pytest.mark.parametrize(
    "fname,mutate,message",
    [
        ("gunfire.json", lambda g: g["columns"]["9"].update(two_hits=5), "thresholds must rise"),
        ("gunfire.json", lambda g: g.pop("provisional"), "provisional"),
        ("counters.json", lambda c: c["counters"][0].update(armour=12), "armour"),
        ("counters.json", lambda c: c["counters"][0].update(type="Z"), "type"),
        ("counters.json", lambda c: c["counters"].append(dict(c["counters"][0])), "appears twice"),
        (
            "scenarios.json",
            lambda s: s["scenarios"]["tsushima"]["forces"]["russia"][0]["ships"].append("Yamato"),
            "unknown ship 'Yamato'",
        ),
        (
            "scenarios.json",
            lambda s: s["scenarios"]["chemulpo"]["forces"]["japan"][0].update(torpedo_boats=11),
            "more torpedo boat counters",
        ),
    ],
)
def test_impossible_data_is_refused(
    tmp_path: Path, fname: str, mutate: object, message: str
) -> None:
    _copy(tmp_path)
    raw = json.loads((tmp_path / fname).read_text())
    mutate(raw)  # type: ignore[operator]
    (tmp_path / fname).write_text(json.dumps(raw))
    with pytest.raises(DataFileError, match=message) as info:
        load_data(tmp_path)
    assert str(info.value).startswith(fname)
    assert "\n" not in str(info.value)


def test_broken_json_is_one_message(tmp_path: Path) -> None:
    (tmp_path / "torpedo.json").write_text("{not json")
    with pytest.raises(DataFileError, match=r"torpedo\.json: not valid JSON"):
        load_data(tmp_path)


def test_missing_override_dir() -> None:
    with pytest.raises(DataFileError, match="does not exist"):
        load_data("/nonexistent/tsushima")


def test_no_rulebook_sentence_is_copied() -> None:
    """No run of twelve words from the rulebook appears in our data, code or docs."""
    book = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "004_a3867a6f2f0d11cc.txt"
    if not book.exists():
        pytest.skip("rulebook text not available")
    words = book.read_text().lower().split()
    grams = {" ".join(words[i : i + 12]) for i in range(len(words) - 11)}
    root = Path(__file__).resolve().parents[2]
    files = [
        *(root / "companion" / "tsushima").rglob("*.py"),
        *(root / "companion" / "tsushima").rglob("*.json"),
        root / "docs" / "tsushima.md",
    ]
    for f in files:
        if not f.exists():
            continue
        ws = f.read_text().lower().split()
        for i in range(len(ws) - 11):
            assert " ".join(ws[i : i + 12]) not in grams, f"{f.name} copies the rulebook"
