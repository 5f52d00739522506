"""The seven rulings of issue 14 where the companion read the rulebook wrongly, and the
two readings of the flight sentence. Each test states the rule it rests on in our words."""

from __future__ import annotations

import pytest

from companion.tsushima import (
    FireOrder,
    FormationSpec,
    ShipType,
    Side,
    TsushimaError,
    default_data,
    italy,
    start_engagement,
)
from companion.tsushima.battle import Engagement
from companion.tsushima.fire import Conditions, FlightSalvos, gun_shot
from companion.tsushima.fleet import INTERNED, Fleet
from companion.tsushima.units import Ship

D = default_data()
JB = ("Mikasa", "Asahi", "Hatsuse")
RB = ("Retvizan", "Pobieda", "Peresviet")


def to_terminal(f: Fleet) -> Fleet:
    while not f.time.terminal:
        f = f.advance_segment() if f.time.segment < 4 else f.end_phase()[0]
    return f


# 1 -------------------------------------------------------------------------------------
def test_torpedo_salvos_may_be_split_among_targets() -> None:
    """Rule: when a boat attacks with torpedoes, its targets are chosen salvo by salvo, so
    each salvo may go to a different ship."""
    e = start_engagement(
        [
            FormationSpec("small", ("JD1",), 5),
            FormationSpec("battle", RB, 6),
        ],
        Side.JAPAN,
        D,
    ).move({})
    salvos = e.ship("JD1").torpedo_salvos
    assert salvos == 3
    e2 = e.declare(
        [FireOrder("JD1", "torpedo", "Retvizan"), FireOrder("JD1", "torpedo", "Pobieda", 2)]
    )
    assert [(d.order.target, d.shot.salvos) for d in e2.declared] == [
        ("Retvizan", 1),
        ("Pobieda", 2),
    ]
    # the share is kept in the saved order and rolled salvo by salvo
    assert str(e2.declared[1].order) == "JD1:torpedo*2>Pobieda"
    assert FireOrder.parse(str(e2.declared[1].order)) == e2.declared[1].order
    e2 = e2.roll(0, [7]).roll(1, [7, 8])
    e3 = e2.end_fire_round()
    assert e3.torpedoes_used == ("JD1",)  # one attack this phase, however it was shared
    # no more salvos than the boat has, and not the same target twice
    with pytest.raises(TsushimaError, match="3 torpedo salvo"):
        e.declare([FireOrder("JD1", "torpedo", "Retvizan", 2), FireOrder("JD1", "torpedo",
                                                                          "Pobieda", 2)])
    with pytest.raises(TsushimaError, match="same target twice"):
        e.declare([FireOrder("JD1", "torpedo", "Retvizan"), FireOrder("JD1", "torpedo",
                                                                      "Retvizan")])
    with pytest.raises(TsushimaError, match="only torpedo salvos"):
        FireOrder.parse("Mikasa:primary*1>Retvizan")


# 2 -------------------------------------------------------------------------------------
def test_round_island_ends_after_its_three_turns() -> None:
    """Rule: the Round Island scenario is three turns long, August to October 1904."""
    f = Fleet.from_scenario("round-island")
    assert (f.time.year, f.time.month) == (1904, 8)
    for month in (8, 9, 10):
        f = to_terminal(f)
        assert f.time.month == month
        f, lines = f.end_phase()
    assert f.over and "lasts 3 turns" in lines[-1]
    assert (f.time.year, f.time.month, f.time.terminal) == (1904, 10, True)
    for step in (f.advance_segment, f.end_phase, lambda: f.place("Rurik", "Vladivostok")):
        with pytest.raises(TsushimaError, match=r"the game is over: .*October 1904"):
            step()


@pytest.mark.parametrize(
    "key,turns",
    [("round-island", 3), ("tsushima", 3), ("war-at-sea", 23)],
)
def test_every_map_scenario_has_its_length(key: str, turns: int) -> None:
    """Rule: each map scenario states how many monthly turns it lasts."""
    f = Fleet.from_scenario(key)
    last = f.last_turn()
    assert last is not None and last - f.time.turn + 1 == turns
    from companion.tsushima.calendar import GameTime

    with pytest.raises(TsushimaError, match="past the end of the game"):
        f.check_time(GameTime(last + 1))
    f.check_time(GameTime(last))


def test_war_at_sea_ends_six_turns_after_port_arthur_falls() -> None:
    """Rule: the War at Sea runs 23 turns, or ends six turns after the fall of Port Arthur
    if that comes first."""
    f = Fleet.from_scenario("war-at-sea")
    assert f.last_turn() == 23
    for _ in range(4):  # February to May 1904
        f = to_terminal(f)
        f = f.end_phase()[0]
    fallen = f.port_arthur_falls()
    assert fallen.fall_turn == 5 and fallen.last_turn() == 11
    assert "Port Arthur fell in June 1904" in fallen.length_rule()
    with pytest.raises(TsushimaError, match="already fell"):
        fallen.port_arthur_falls()


# 3 -------------------------------------------------------------------------------------
def test_war_at_sea_table_6a_gives_the_italian_cruisers() -> None:
    """Rule: in the campaign one die on Table 6A decides which navy receives the two armoured
    cruisers in Italy, which start in the Mediterranean; Table 6B says how far they sail
    before war, and none at all means they are interned."""
    f = Fleet.from_scenario("war-at-sea")
    with pytest.raises(TsushimaError, match="roll Table 6A first"):
        f.place("Nisshin", "Mediterranean")
    jp = f.take_italian_cruisers(italy(3, 5))
    assert jp.berth("Nisshin").location == "Mediterranean"
    assert jp.berth("Kasuga").ship.side is Side.JAPAN
    moved = jp.place("Nisshin", "Indian Ocean")
    assert moved.berth("Nisshin").location == "Indian Ocean"
    with pytest.raises(TsushimaError, match="to Japanese hands"):
        jp.berth("Nevelskoi")
    with pytest.raises(TsushimaError, match="already rolled"):
        jp.take_italian_cruisers(italy(1, 5))
    ru = f.take_italian_cruisers(italy(2, 1))
    assert {ru.berth(n).location for n in ("Nevelskoi", "Amurski")} == {INTERNED}
    with pytest.raises(TsushimaError, match="interned"):
        ru.place("Amurski", "Baltic")
    with pytest.raises(TsushimaError, match="only the War at Sea"):
        Fleet.from_scenario("round-island").take_italian_cruisers(italy(3, 5))


# 4 -------------------------------------------------------------------------------------
def test_battle_divisions_are_placed_before_cruiser_divisions() -> None:
    """Rule: each navy puts its battle divisions on the board first, then its cruiser
    divisions, in the order of sail it chooses within each."""
    cruisers = ("Idzumo", "Iwate", "Tokiwa")
    with pytest.raises(TsushimaError, match="battle divisions first"):
        start_engagement(
            [
                FormationSpec("cruiser", cruisers, 3),
                FormationSpec("battle", JB, 3),
                FormationSpec("battle", RB, 8),
            ],
            Side.JAPAN,
            D,
        )
    e = start_engagement(
        [FormationSpec("battle", JB, 3), FormationSpec("cruiser", cruisers, 3),
         FormationSpec("battle", RB, 8)],
        Side.JAPAN,
        D,
    )
    assert [f.kind.value for f in e.divisions(Side.JAPAN)] == ["battle", "cruiser"]


# 5 -------------------------------------------------------------------------------------
def fleeing_russians() -> Engagement:
    e = start_engagement(
        [FormationSpec("battle", JB, 5), FormationSpec("battle", RB, 8)], Side.RUSSIA, D
    )
    return e


def test_flight_die_only_in_later_movement_rounds() -> None:
    """Rule: a side that takes flight rolls the flight die in each of its movement rounds
    after the one in which it declared flight."""
    e = fleeing_russians()
    with pytest.raises(TsushimaError, match="not in the round it begins"):
        e.move({"RB1": 2}, flee=True, flight_die=2)
    e = e.move({"RB1": 2}, flee=True)
    assert e.flight_successes(Side.RUSSIA) == 0
    e = e.declare([]).end_fire_round().move({}).declare([]).end_fire_round()
    with pytest.raises(TsushimaError, match="roll the flight die"):
        e.move({"RB1": 1})
    e = e.move({"RB1": 1}, flight_die=3)
    assert e.flight_successes(Side.RUSSIA) == 1


# 6 -------------------------------------------------------------------------------------
def test_port_battle_limits_only_the_defenders_exit() -> None:
    """Rule: in a battle at a port the defender may take no more than four counters off his
    own end per movement round; nothing limits the attacker leaving off its own edge."""
    e = start_engagement(
        [FormationSpec("battle", JB, 1), FormationSpec("battle", RB, 12)],
        Side.JAPAN,
        D,
        port="Port Arthur",
    )
    out = e.move({"JB1": -1})
    assert "JB1" not in {f.ident for f in out.formations}
    assert {i for i, _ in out.escaped} == set(JB)
    near = start_engagement(
        [FormationSpec("battle", JB, 3), FormationSpec("battle", RB, 2)],
        Side.RUSSIA,
        D,
        port="Port Arthur",
    )
    with pytest.raises(TsushimaError, match="only off its own end"):
        near.move({"RB1": -2})
    # five Russian counters leaving at once are too many for the defender
    many = start_engagement(
        [
            FormationSpec("battle", JB, 1),
            FormationSpec("battle", ("Retvizan", "Pobieda", "Peresviet", "Poltava",
                                     "Sevastopol"), 12),
        ],
        Side.RUSSIA,
        D,
        port="Port Arthur",
    )
    with pytest.raises(TsushimaError, match="at most 4 counters"):
        many.move({"RB1": 1})


# 7 -------------------------------------------------------------------------------------
def test_custom_battles_take_several_destroyers_per_navy() -> None:
    """Rule (counter sheet): a navy has many destroyer counters; each is its own counter,
    named JD1, JD2 ... as in fleet files."""
    e = start_engagement(
        [
            FormationSpec("battle", JB, 3),
            FormationSpec("small", ("JD1",), 4),
            FormationSpec("small", ("JD2",), 4),
            FormationSpec("small", ("japan:Destroyer",), 4),
            FormationSpec("battle", RB, 8),
            FormationSpec("small", ("RT1",), 8),
        ],
        Side.JAPAN,
        D,
    )
    small = [s.ident for s in e.ships if s.type in (ShipType.D, ShipType.T)]
    assert small == ["JD1", "JD2", "JD3", "RT1"]
    with pytest.raises(TsushimaError, match="placed twice"):
        start_engagement(
            [FormationSpec("small", ("JD1",), 4), FormationSpec("small", ("jd1",), 5),
             FormationSpec("battle", RB, 8)],
            Side.JAPAN,
            D,
        )
    with pytest.raises(TsushimaError, match="holds 13 destroyer"):
        start_engagement([FormationSpec("small", ("RD14",), 4)], Side.JAPAN, D)


# the two readings ------------------------------------------------------------------------
def test_flight_salvos_two_readings() -> None:
    """Rule: flight halves gunnery salvos "on fleeing ships". By default the fleeing ships
    fire half their salvos (as the bow-turret ships losing their primaries in flight
    suggest); the other reading halves the salvos fired at fleeing ships."""
    mikasa, retvizan = Ship("Mikasa", D.counter("Mikasa")), Ship("Retvizan", D.counter("Retvizan"))
    full = gun_shot(mikasa, retvizan, "primary", Conditions(range=1), D).salvos
    own = Conditions(range=1, firer_fleeing=True)
    assert gun_shot(mikasa, retvizan, "primary", own, D).salvos == full // 2
    at_fleeing = Conditions(range=1, target_fleeing=True)
    assert gun_shot(mikasa, retvizan, "primary", at_fleeing, D).salvos == full
    against = Conditions(range=1, target_fleeing=True, flight_salvos=FlightSalvos.AGAINST)
    assert gun_shot(mikasa, retvizan, "primary", against, D).salvos == full // 2
    fleeing_firer = Conditions(range=1, firer_fleeing=True, flight_salvos=FlightSalvos.AGAINST)
    assert gun_shot(mikasa, retvizan, "primary", fleeing_firer, D).salvos == full

    # on the board: the Russians flee; under "against" Japan's fire on them is halved
    for reading, jp, ru in ((FlightSalvos.OWN, full, full // 2),
                            (FlightSalvos.AGAINST, full // 2, full)):
        e = start_engagement(
            [FormationSpec("battle", JB, 5), FormationSpec("battle", RB, 7)],
            Side.RUSSIA,
            D,
            flight_salvos=reading,
        ).move({"RB1": 1}, flee=True)
        e = e.declare([FireOrder("Mikasa", "primary", "Retvizan"),
                       FireOrder("Retvizan", "primary", "Mikasa")])
        assert [d.shot.salvos for d in e.declared] == [jp, ru]
