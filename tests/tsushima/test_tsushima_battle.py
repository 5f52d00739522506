"""The battle board: movement, fire assignment, screening, torpedoes, flight, ports."""

from __future__ import annotations

import dataclasses

import pytest

from companion.tsushima import (
    Engagement,
    FireOrder,
    FormationSpec,
    Result,
    Side,
    TsushimaError,
    default_data,
    start_engagement,
)

D = default_data()
JB = ("Mikasa", "Asahi", "Hatsuse")
RB = ("Retvizan", "Pobieda", "Peresviet")


def setup(*specs: FormationSpec, first: Side = Side.JAPAN, **kw: object) -> Engagement:
    return start_engagement(list(specs), first, D, **kw)  # type: ignore[arg-type]


def hit(e: Engagement, ident: str, hits: int) -> Engagement:
    ships = tuple(s.with_hits(hits) if s.ident == ident else s for s in e.ships)
    return dataclasses.replace(e, ships=ships)


def test_division_rules_on_setup() -> None:
    with pytest.raises(TsushimaError, match="cannot join a battle division"):
        setup(FormationSpec("battle", ("Mikasa", "Asahi", "Idzumo"), 1))
    with pytest.raises(TsushimaError, match="3-6 ships, not 7"):
        setup(
            FormationSpec(
                "battle",
                ("Mikasa", "Asahi", "Hatsuse", "Shikishima", "Fuji", "Yashima", "Chin Yen"),
                1,
            )
        )
    with pytest.raises(TsushimaError, match="sails outside divisions"):
        setup(
            FormationSpec("cruiser", ("Idzumo", "Iwate", "JD1"), 1),
            ships={
                "JD1": __import__("companion.tsushima", fromlist=["Ship"]).Ship(
                    "JD1", D.counter("Destroyer", Side.JAPAN)
                )
            },
        )
    with pytest.raises(TsushimaError, match="only Novik, Boyarin and Izumrud"):
        setup(FormationSpec("independent", ("Askold",), 9))
    e = setup(FormationSpec("independent", ("Novik",), 9))
    assert e.formation("Novik").kind.value == "independent"


def test_movement_limits() -> None:
    e = setup(FormationSpec("battle", JB, 3), FormationSpec("battle", RB, 9))
    with pytest.raises(TsushimaError, match="at most 2"):
        e.move({"JB1": 3})
    with pytest.raises(TsushimaError, match="Russian; it is the Japanese"):
        e.move({"RB1": -1})
    crippled = hit(e, "Asahi", 2)
    with pytest.raises(TsushimaError, match="at most 1"):
        crippled.move({"JB1": 2})
    # dropping the damaged ship lets the division move faster
    moved = crippled.move({"JB1": 2}, detach=["Asahi"])
    assert moved.formation("JB1").column == 5
    assert moved.formation("JB1-Asahi").column == 3


def test_detach_rules() -> None:
    e = setup(FormationSpec("battle", JB, 3), FormationSpec("battle", RB, 9))
    with pytest.raises(TsushimaError, match="undamaged"):
        e.move({}, detach=["Asahi"])
    with pytest.raises(TsushimaError, match="never be left behind"):
        hit(e, "Mikasa", 2).move({}, detach=["Mikasa"])


def test_fire_is_refused_in_a_movement_round_and_vice_versa() -> None:
    e = setup(FormationSpec("battle", JB, 3), FormationSpec("battle", RB, 9))
    with pytest.raises(TsushimaError, match="movement round"):
        e.declare([])
    e = e.move({})
    with pytest.raises(TsushimaError, match="firing round"):
        e.move({})


def test_lead_on_lead_and_ship_on_ship() -> None:
    e = setup(FormationSpec("battle", JB, 5), FormationSpec("battle", RB, 6)).move({})
    assert e.required_targets("Mikasa") == ("Retvizan",)
    assert e.required_targets("Asahi") == ("Pobieda",)
    with pytest.raises(TsushimaError, match="must fire on Pobieda"):
        e.declare([FireOrder("Asahi", "primary", "Retvizan")])


def test_division_on_division_and_excess_divisions() -> None:
    specs = [
        FormationSpec("battle", JB, 5),
        FormationSpec("cruiser", ("Idzumo", "Iwate", "Tokiwa"), 5),
        FormationSpec("cruiser", ("Asama", "Azuma", "Yakumo"), 5),
        FormationSpec("cruiser", ("Chitose", "Kasagi", "Takasago"), 5),
        FormationSpec("cruiser", ("Yoshino", "Otawa", "Naniwa"), 5),
        FormationSpec("battle", RB, 6),
    ]
    e = setup(*specs).move({})
    assert e.required_targets("Mikasa") == ("Retvizan",)
    # divisions 2-4 exceed the enemy's one division by up to three: free among its ships
    assert set(e.required_targets("Idzumo") or ()) == set(RB)
    assert set(e.required_targets("Chitose") or ()) == set(RB)
    # the fifth division is beyond the enemy's count plus three and stays silent
    assert e.required_targets("Yoshino") == ()
    with pytest.raises(TsushimaError, match="more than three"):
        e.declare([FireOrder("Naniwa", "primary", "Retvizan")])


def test_shifting_fire_after_a_sinking() -> None:
    e = setup(FormationSpec("battle", JB, 5), FormationSpec("battle", RB, 6))
    e = hit(e, "Pobieda", 3).move({})
    assert set(e.required_targets("Asahi") or ()) == {"Retvizan", "Peresviet"}
    assert e.required_targets("Mikasa") == ("Retvizan",)  # its own target still afloat


def test_several_ships_on_one_target() -> None:
    e = setup(FormationSpec("battle", JB, 5), FormationSpec("battle", RB, 6))
    e = hit(hit(e, "Pobieda", 3), "Peresviet", 3).move({})
    e = e.declare(
        [FireOrder("Mikasa", "primary", "Retvizan"), FireOrder("Asahi", "primary", "Retvizan")]
    )
    for d in e.declared:
        assert ("several ships on one target", -2) in d.shot.modifiers
    single = e.declare([FireOrder("Mikasa", "primary", "Retvizan")])
    assert ("several ships on one target", -2) not in single.declared[0].shot.modifiers


def test_secondaries_only_against_small_craft() -> None:
    from companion.tsushima import Ship

    dd = Ship("RD1", D.counter("Destroyer", Side.RUSSIA))
    e = setup(
        FormationSpec("battle", JB, 5),
        FormationSpec("battle", RB, 7),
        FormationSpec("small", ("RD1",), 6),
        ships={"RD1": dd},
    ).move({})
    with pytest.raises(TsushimaError, match="secondary guns alone"):
        e.declare([FireOrder("Mikasa", "primary", "RD1")])
    e = e.declare(
        [FireOrder("Mikasa", "primary", "Retvizan"), FireOrder("Mikasa", "secondary", "RD1")]
    )
    assert len(e.declared) == 2


def test_torpedoes() -> None:
    from companion.tsushima import Ship

    tb = Ship("JT1", D.counter("Torpedo Boat", Side.JAPAN))
    e = setup(
        FormationSpec("small", ("JT1",), 5), FormationSpec("battle", RB, 6), ships={"JT1": tb}
    ).move({})
    e = e.declare([FireOrder("JT1", "torpedo", "Retvizan")])
    shot = e.declared[0].shot
    assert shot.salvos == 3 and shot.total_modifier == -3 and shot.column == 8
    e = e.roll(0, [12, 12, 2]).end_fire_round()
    e = e.move({}).declare([]).end_fire_round()
    e = e.move({})
    with pytest.raises(TsushimaError, match="already made its torpedo attack"):
        e.declare([FireOrder("JT1", "torpedo", "Pobieda")])
    far = setup(
        FormationSpec("small", ("JT1",), 3), FormationSpec("battle", RB, 6), ships={"JT1": tb}
    ).move({})
    with pytest.raises(TsushimaError, match="same or the adjacent column"):
        far.declare([FireOrder("JT1", "torpedo", "Retvizan")])


def test_screening() -> None:
    e = setup(
        FormationSpec("battle", JB, 5),
        FormationSpec("cruiser", ("Idzumo", "Iwate", "Tokiwa"), 4),
        FormationSpec("battle", RB, 6),
    )
    e = e.screen("JC1", "JB1").move({})
    e = e.declare(
        [FireOrder("Retvizan", "primary", "Mikasa"), FireOrder("Mikasa", "primary", "Retvizan")]
    )
    mods = {d.order.firer: dict(d.shot.modifiers) for d in e.declared}
    assert mods["Retvizan"]["target screened"] == -2
    assert mods["Mikasa"]["firing ship screened"] == -2
    with pytest.raises(TsushimaError, match="next to"):
        setup(
            FormationSpec("battle", JB, 5),
            FormationSpec("cruiser", ("Idzumo", "Iwate", "Tokiwa"), 2),
            FormationSpec("battle", RB, 6),
        ).screen("JC1", "JB1")


def test_damage_takes_effect_at_end_of_round() -> None:
    e = setup(FormationSpec("battle", JB, 5), FormationSpec("battle", RB, 6)).move({})
    e = e.declare(
        [FireOrder("Retvizan", "primary", "Mikasa"), FireOrder("Mikasa", "primary", "Retvizan")]
    )
    e = e.roll(e.order_index("Retvizan", "primary"), [12, 12])
    assert e.pending_hits() == {"Mikasa": 6}
    assert e.ship("Mikasa").hits == 0
    with pytest.raises(TsushimaError, match="not yet rolled"):
        e.end_fire_round()
    e = e.roll(e.order_index("Mikasa", "primary"), [12, 12]).end_fire_round()
    assert e.ship("Mikasa").sunk and e.ship("Mikasa").hits == 3
    assert e.ship("Retvizan").hits == 3


def test_flight() -> None:
    e = setup(FormationSpec("battle", JB, 5), FormationSpec("battle", RB, 8), first=Side.RUSSIA)
    e = hit(e, "Pobieda", 2)
    e = e.move({"RB1": 2}, flee=True)  # no flight die in the round flight begins
    assert e.formation("RB1").fleeing and "Pobieda" not in e.formation("RB1").ships
    assert e.formation("RB1-Pobieda").column == 8
    assert e.flight_successes(Side.RUSSIA) == 0
    e = e.declare([FireOrder("Retvizan", "primary", "Mikasa")])
    assert e.declared[0].shot.salvos == 1  # halved in flight
    e = e.end_fire_round() if False else e.roll(0, [2]).end_fire_round()
    e = e.move({}).declare([]).end_fire_round()
    with pytest.raises(TsushimaError, match="not for chase"):
        e.move({"RB1": -1}, flight_die=5)
    with pytest.raises(TsushimaError, match="at most 2"):
        e.move({"RB1": 3}, flight_die=5)


def test_flight_lead_with_two_hits_stays() -> None:
    e = hit(
        setup(FormationSpec("battle", JB, 5), FormationSpec("battle", RB, 8), first=Side.RUSSIA),
        "Retvizan",
        2,
    )
    e = e.move({}, flee=True)
    assert not e.formation("RB1").fleeing


def test_bow_turret_ships_lose_primaries_in_flight() -> None:
    from companion.tsushima import Conditions, Ship, gun_shot

    it = Ship("Itsukushima", D.counter("Itsukushima"))
    shot = gun_shot(
        it, Ship("Novik", D.counter("Novik")), "primary", Conditions(firer_fleeing=True), D
    )
    assert shot.salvos == 0 and not shot.usable


def test_tsarevitch_mounts() -> None:
    from companion.tsushima import Conditions, Ship, gun_shot

    t = gun_shot(
        Ship("Tsarevitch", D.counter("Tsarevitch")),
        Ship("Fuji", D.counter("Fuji")),
        "primary",
        Conditions(),
        D,
    )
    assert t.total_modifier == t.combat_die_modifier - 4


def test_port_battle() -> None:
    e = setup(
        FormationSpec("battle", JB, 1),
        FormationSpec("battle", RB, 11),
        FormationSpec("cruiser", ("Askold", "Diana", "Pallada"), 12),
        first=Side.RUSSIA,
        port="Port Arthur",
    )
    with pytest.raises(TsushimaError, match="at most 4 counters"):
        e.move({"RB1": 2, "RC1": 1})
    with pytest.raises(TsushimaError, match="flight may not be used"):
        e.move({}, flee=True)
    e = e.move({"RC1": 1})
    assert {i for i, _ in e.escaped} == {"Askold", "Diana", "Pallada"}
    assert e.formation("JB1").column == 1  # no displacement in a port battle
    with pytest.raises(TsushimaError, match="out of range"):
        e.declare([FireOrder("Coast gun 1", "primary", "Mikasa")])
    near = setup(
        FormationSpec("battle", JB, 5),
        FormationSpec("battle", RB, 11),
        first=Side.JAPAN,
        port="Port Arthur",
    ).move({})
    near = near.declare([FireOrder("Coast gun 1", "primary", "Mikasa")])
    assert near.declared[0].shot.effective == 9 - 7  # the guns sit just past column 12


def test_first_turn_surprise() -> None:
    e = setup(FormationSpec("battle", JB, 1), FormationSpec("battle", RB, 3), surprise=True)
    e = e.move({})
    with pytest.raises(TsushimaError, match="hold fire"):
        e.declare([FireOrder("Retvizan", "primary", "Mikasa")])
    assert all(o.firer in JB for o in e.default_orders())
    for _ in range(5):
        e = e.declare([]).end_fire_round().move({})
    assert e.declare([FireOrder("Retvizan", "primary", "Mikasa")]).declared


def test_results_pass_through_the_table() -> None:
    e = setup(FormationSpec("battle", JB, 5), FormationSpec("battle", RB, 6)).move({})
    e = e.declare([FireOrder("Mikasa", "primary", "Retvizan")])
    e = e.roll(0, [7, 2])
    mod = e.declared[0].shot.total_modifier
    assert e.declared[0].results == tuple(D.gunfire.lookup(9, t + mod) for t in (7, 2))
    assert Result.NO_EFFECT in e.declared[0].results
