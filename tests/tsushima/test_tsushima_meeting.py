"""The desk checks a battle's place and a move's time against the record: ships fight only
where they meet (one hex, or one strategic zone), and a navy moves its ships only in its own
movement segment (a zone's step in the terminal phase). A refusal is one line naming the
rule, and nothing is stored."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.tsushima import Side, TsushimaError, load_data
from companion.tsushima.desk import Desk
from companion.tsushima.desk.record import load
from companion.tsushima.hexmap import MissingMapFact


def clock() -> str:
    return "2026-01-01T00:00:00+00:00"


def refused(desk: Desk, match: str, fn: object, *args: object, **kw: object) -> str:
    before, campaign = len(desk.entries), desk.campaign
    with pytest.raises(TsushimaError, match=match) as info:
        fn(*args, **kw)  # type: ignore[operator]
    assert len(desk.entries) == before and desk.campaign == campaign
    assert "\n" not in str(info.value)
    return str(info.value)


JAPAN = ["Mikasa", "Shikishima", "Asahi", "Fuji"]
RUSSIA = ["Souvaroff", "Alexandr III", "Borodino", "Orel"]


def groups(jp: list[str] = JAPAN, ru: list[str] = RUSSIA) -> list[tuple[Side, list[str], int]]:
    return [(Side.JAPAN, jp, 4), (Side.RUSSIA, ru, 6)]


def with_map(tmp_path: Path, scenario: str, facts: dict[str, object]) -> Desk:
    (tmp_path / "map.json").write_text(json.dumps(facts))
    return Desk.new(scenario, load_data(tmp_path), clock=clock)


# ----- the battle's place -------------------------------------------------------------------
@pytest.mark.usefixtures("near_map")  # the moves to the zone are counted on the test map
def test_ships_in_a_port_and_in_a_zone_do_not_meet() -> None:
    desk = Desk.new("tsushima", clock=clock)
    said = refused(desk, "ships fight only where they meet, in one hex or one strategic zone",
                   desk.battle_start, groups())
    assert said.endswith("Mikasa is at Sasebo, Souvaroff in the China Sea zone")
    refused(desk, "Mikasa is at Sasebo", desk.check_meeting, [*JAPAN, *RUSSIA])
    for ship in JAPAN:  # the Japanese division sails into the zone (Japanese movement)
        desk.place(ship, "China Sea")
    desk.check_meeting([*JAPAN, *RUSSIA])
    assert "battle board is set" in desk.battle_start(groups())[0]


@pytest.mark.usefixtures("near_map")
def test_hexes_must_be_the_same_and_sea_is_the_players_word() -> None:
    desk = Desk.new("tsushima", clock=clock)
    desk.place("Mikasa", "0712")
    desk.place("Shikishima", "0713")
    desk.place("Asahi", "sea")
    refused(desk, "Mikasa is at 0712, Shikishima at 0713", desk.check_meeting,
            ["Mikasa", "Shikishima"])
    desk.check_meeting(["Mikasa", "Asahi"])  # a ship recorded at sea: some hex, unnamed
    refused(desk, "Souvaroff is in the China Sea zone, Asahi at sea on the map",
            desk.check_meeting, ["Souvaroff", "Asahi"])


def test_a_port_meets_a_hex_through_the_map(tmp_path: Path) -> None:
    desk = with_map(tmp_path, "tsushima", {"layout": "odd-q", "port_hexes": {"Sasebo": "0710"}})
    desk.place("JD1", "0710")
    desk.place("JD2", "0711")
    desk.check_meeting(["Mikasa", "JD1"])  # Sasebo's hex is 0710
    refused(desk, "Mikasa is at Sasebo, JD2 at 0711", desk.check_meeting, ["Mikasa", "JD2"])
    bare = Desk.new("tsushima", clock=clock)
    bare.place("JD1", "sea")  # a move to an unnamed hex is not measured
    with pytest.raises(MissingMapFact, match="which hex holds Sasebo"):
        bare.place("JD2", "0710")  # counting the move needs the port's hex
    assert bare.fleet.berth("JD2").location == "Sasebo" and len(bare.entries) == 1


def test_the_record_keeps_the_port_hexes_it_used(tmp_path: Path) -> None:
    """The record replays without the map file: the step stores the port's hex."""
    desk = with_map(tmp_path, "tsushima", {"layout": "odd-q", "port_hexes": {"Sasebo": "0710"},
                                           "hexes": {"0710": {"edge": 3}}})
    desk.next()
    desk.next()  # Russia's division sails up to Sasebo's hex in its movement segment
    for ship in RUSSIA:
        desk.place(ship, "0710")
    desk.battle_start(groups(["Mikasa", "Shikishima", "Asahi"], RUSSIA))
    assert desk.entries[-1].args["port_hexes"] == {"Sasebo": "0710"}
    header, entries = load(desk.text())
    assert Desk(header, entries).campaign == desk.campaign  # the built-in map is empty


def test_a_port_battle_is_fought_in_the_port(tmp_path: Path) -> None:
    desk = with_map(tmp_path, "war-at-sea", {"port_hexes": {"Port Arthur": "1205"}})
    for _ in range(8):  # past the first-turn surprise
        desk.next()
    for ship in ("Mikasa", "Asahi", "Fuji"):
        desk.place(ship, "1205")
    desk.place("Hatsuse", "1206")
    attack = [(Side.JAPAN, ["Mikasa", "Asahi", "Fuji"], 4),
              (Side.RUSSIA, ["Retvizan", "Tsarevitch", "Poltava"], 8)]
    lines = desk.battle_start(attack, port="Port Arthur")
    assert "battle board is set" in lines[0] and desk.battle is not None
    desk.undo()
    away = [(Side.JAPAN, ["Hatsuse", "Mikasa", "Asahi"], 4), attack[1]]
    refused(desk, "the port battle is at Port Arthur, Hatsuse at 1206", desk.battle_start,
            away, port="Port Arthur")


def test_a_battle_board_scenario_fights_from_its_own_set_up() -> None:
    desk = Desk.new("port-arthur", clock=clock)
    assert "battle board is set" in desk.battle_scenario()[0]


# ----- a move's time ----------------------------------------------------------------------
def test_a_navy_moves_in_its_own_movement_segment() -> None:
    desk = Desk.new("round-island", clock=clock)
    refused(desk, "Russian ships move in the Russian movement segment of a naval phase; "
            "it is August 1904, naval phase 1, Japanese movement", desk.place, "Rurik", "sea")
    desk.place("Mikasa", "sea")
    desk.next()  # Japanese spotting and combat: no movement
    refused(desk, "Japanese ships move in the Japanese movement segment", desk.place,
            "Fuji", "sea")
    desk.next()
    desk.place("Rurik", "sea")
    refused(desk, "Japanese ships move in the Japanese movement segment", desk.place,
            "Fuji", "sea")
    desk.to_terminal()  # no map movement in the terminal phase
    refused(desk, "it is October 1904, terminal phase|August 1904, terminal phase",
            desk.place, "Rurik", "Vladivostok")


def test_zone_steps_belong_to_the_terminal_phase_and_join_only_neighbours() -> None:
    desk = Desk.new("war-at-sea", clock=clock)
    refused(desk, "first-turn surprise", desk.place, "Oslabia", "Indian Ocean")
    for _ in range(10):
        desk.next()  # naval phase 3, Russian movement
    refused(desk, "the Mediterranean and China Sea zones do not join", desk.place,
            "Oslabia", "China Sea")
    refused(desk, "only in the terminal phase", desk.place, "Oslabia", "Indian Ocean")
    desk.to_terminal()
    assert desk.place("Oslabia", "Indian Ocean") == ["Oslabia is now at Indian Ocean."]


def test_the_italian_cruisers_sail_their_zones_before_the_war() -> None:
    desk = Desk.new("war-at-sea", clock=clock)
    desk.italy(1, 3)  # Russia's pair, one zone, sailed at the set-up (Japanese movement)
    assert desk.place("Amurski", "Baltic") == ["Amurski is now at Baltic."]


def test_the_map_orders_of_the_screens_ask_the_desk() -> None:
    """The screens' map procedures: choices from the record, dice one at a time, odds before
    the dice, and the desk's own step (and refusal) at the end."""
    from companion.tsushima.desk import orders
    from companion.tsushima.desk.orders import MapOrder

    desk = Desk.new("tsushima", clock=clock)
    c = desk.campaign
    search = MapOrder("spot", Side.JAPAN, ("JD1",), flags=frozenset({"partial_sea"}))
    assert "JD1" in orders.ship_choices(c, search)
    assert "Souvaroff" not in orders.ship_choices(c, search)
    assert orders.dice_wanted(c, search, []) == "the die"
    assert orders.dice_wanted(c, search, [3]) is None
    refused(desk, "searches in its own spotting and combat segment", orders.run, desk,
            search, [3])
    desk.next()
    assert "Chance to spot: 67% (2/3)" in orders.odds_line(desk, search)
    assert "the enemy is spotted" in orders.run(desk, search, [3])[0]
    # a small craft that runs aground takes its hit without a damage die
    aground = MapOrder("aground", Side.JAPAN, ("Mikasa", "JD2"))
    assert orders.dice_wanted(c, aground, [6, 1, 6]) is None
    assert orders.dice_wanted(c, aground, [6, 6]) == "damage die"
    assert orders.run(desk, aground, [6, 1, 6])[0] == "JD2 runs aground and takes one hit."
    assert orders.place_choices(c, MapOrder("spot-zone")) == list(c.data.zones)
    with pytest.raises(TsushimaError, match="touch the ships first"):
        orders.run(desk, MapOrder("town-raid"), [5])
