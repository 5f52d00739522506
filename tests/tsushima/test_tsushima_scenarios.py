"""Every scenario loads with the forces the rulebook lists."""

from __future__ import annotations

import pytest

from companion.tsushima import ShipType, Side, engagement_for, get_scenario, scenario_keys
from companion.tsushima.fleet import Fleet


def big(scen_key: str, side: Side) -> list[str]:
    return [
        s.ident
        for s in get_scenario(scen_key).ships(side)
        if not s.type.small_craft and s.type is not ShipType.M
    ]


def small(scen_key: str, side: Side, kind: ShipType) -> int:
    return sum(s.type is kind for s in get_scenario(scen_key).ships(side))


def test_all_five_scenarios() -> None:
    assert set(scenario_keys()) == {
        "port-arthur",
        "chemulpo",
        "round-island",
        "tsushima",
        "war-at-sea",
    }


def test_port_arthur() -> None:
    s = get_scenario("port-arthur")
    assert sorted(big("port-arthur", Side.RUSSIA)) == sorted(
        [
            "Petropavlovsk",
            "Pobieda",
            "Poltava",
            "Peresviet",
            "Sevastopol",
            "Bayan",
            "Diana",
            "Askold",
            "Novik",
        ]
    )
    assert len(big("port-arthur", Side.JAPAN)) == 15 and "Azuma" in big("port-arthur", Side.JAPAN)
    assert s.placements[Side.RUSSIA][0].columns == (9, 10)
    assert s.placements[Side.JAPAN][0].columns == (1,)
    assert s.port_battle == "Port Arthur"


def test_chemulpo() -> None:
    assert big("chemulpo", Side.RUSSIA) == ["Variag"]
    assert sorted(big("chemulpo", Side.JAPAN)) == sorted(
        ["Asama", "Naniwa", "Takachiho", "Chiyoda", "Niitaka", "Akashi"]
    )
    assert small("chemulpo", Side.JAPAN, ShipType.T) == 1
    assert get_scenario("chemulpo").placements[Side.RUSSIA][0].columns == (12,)


def test_round_island() -> None:
    s = get_scenario("round-island")
    assert s.turns == 3 and s.start == "1904-08"
    vlad, pa = s.placements[Side.RUSSIA]
    assert vlad.place == "Vladivostok" and len(vlad.ships) == 4
    assert pa.place == "Port Arthur" and len(pa.ships) == 11 and pa.mines == 1
    at_sea, chemulpo = s.placements[Side.JAPAN]
    assert len(at_sea.ships) == 9
    assert chemulpo.place == "Chemulpo" and chemulpo.flying_bases == 1
    assert sum(x.type is ShipType.D for x in chemulpo.ships) == 4
    assert len(chemulpo.ships) == 17 + 4 + 2


def test_tsushima() -> None:
    s = get_scenario("tsushima")
    assert s.turns == 3 and s.start == "1905-05"
    assert len(big("tsushima", Side.RUSSIA)) == 20
    assert small("tsushima", Side.RUSSIA, ShipType.D) == 3
    assert all(x.morale == -2 for x in s.ships(Side.RUSSIA))
    assert len(big("tsushima", Side.JAPAN)) == 19
    assert small("tsushima", Side.JAPAN, ShipType.D) == 3
    assert small("tsushima", Side.JAPAN, ShipType.T) == 7


def test_war_at_sea() -> None:
    s = get_scenario("war-at-sea")
    assert s.turns == 23
    assert small("war-at-sea", Side.RUSSIA, ShipType.D) == 13
    assert small("war-at-sea", Side.RUSSIA, ShipType.T) == 2
    assert small("war-at-sea", Side.JAPAN, ShipType.T) == 10
    assert small("war-at-sea", Side.JAPAN, ShipType.M) == 10
    assert small("war-at-sea", Side.JAPAN, ShipType.D) == 6
    assert len(big("war-at-sea", Side.JAPAN)) == 32
    assert "Nisshin" not in big("war-at-sea", Side.JAPAN)  # they come from Italy
    squadrons = {p.squadron: len(p.ships) for p in s.placements[Side.RUSSIA] if p.squadron}
    assert squadrons == {"First Baltic Squadron": 13, "Second Baltic Squadron": 6}
    assert sum(p.mines for side in Side for p in s.placements[side]) == 4
    assert s.raw["unplaced_in_text"] == ["Pobieda", "Peresviet", "Bayan", "Diana"]


def test_unknown_scenario_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown scenario 'midway'"):
        get_scenario("midway")


@pytest.mark.parametrize("key", ["port-arthur", "chemulpo"])
def test_battle_board_scenarios_set_up(key: str) -> None:
    e = engagement_for(key)
    for f in e.formations:
        assert 1 <= len(f.ships) <= 6
    assert {s.ident for s in e.on_board()} == {
        s.ident for side in Side for s in get_scenario(key).ships(side)
    }


def test_port_arthur_has_coast_guns() -> None:
    e = engagement_for("port-arthur")
    guns = [s for s in e.ships if s.type is ShipType.K]
    assert len(guns) == 2 and all(g.side is Side.RUSSIA for g in guns)
    assert all(str(g.counter.primary) == "9-2" for g in guns)


def test_map_scenarios_refuse_the_board() -> None:
    with pytest.raises(ValueError, match="played on the map"):
        engagement_for("tsushima")


def test_fleet_from_every_scenario() -> None:
    for key in scenario_keys():
        f = Fleet.from_scenario(key)
        assert len(f.berths) == sum(len(get_scenario(key).ships(s)) for s in Side)


def test_variag_breaks_out_past_column_1() -> None:
    from companion.tsushima import victory

    e = engagement_for("chemulpo")
    assert not e.displacement
    e = e.move({})  # Japan holds
    e = e.declare([]).end_fire_round()
    for _ in range(14):
        col = e.formation("RC1").column
        e = e.move({"RC1": -min(2, col)}) if e.mover is Side.RUSSIA else e.move({})
        e = e.declare([]).end_fire_round()
        if e.exits:
            break
    assert e.exits == (("Variag", 1),)
    out = victory.chemulpo(e.ship("Variag"), e.on_board(Side.JAPAN), ("Variag", 1) in e.exits)
    assert (out.winner, out.level) == (Side.RUSSIA, "decisive")
