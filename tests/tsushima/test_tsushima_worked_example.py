"""The rulebook's worked examples, played through the rules core."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.tsushima import (
    Conditions,
    FireOrder,
    FormationSpec,
    Result,
    Ship,
    Side,
    default_data,
    gun_shots,
    start_engagement,
)
from companion.tsushima.fire import range_between

D = default_data()


def ship(name: str, hits: int = 0) -> Ship:
    c = D.counter(name)
    return Ship(c.name, c, hits=hits)


def board() -> object:
    # Mikasa and Retvizan four columns apart as the example counts range (columns between).
    return start_engagement(
        [
            FormationSpec("battle", ("Mikasa",), 3, short_allowed=True),
            FormationSpec("battle", ("Retvizan",), 8, short_allowed=True),
        ],
        Side.JAPAN,
        D,
    )


def test_counters_named_in_the_example() -> None:
    assert (D.counter("Mikasa").armour, D.counter("Mikasa").size) == (7, 9)
    assert (D.counter("Retvizan").armour, D.counter("Retvizan").size) == (8, 9)


def test_range_is_counted_as_columns_between() -> None:
    assert range_between(3, 8) == 4
    assert range_between(4, 5) == 0  # adjacent: the gun factor applies unaltered


def test_effective_gun_factors_and_modifiers() -> None:
    mikasa, retvizan = ship("Mikasa"), ship("Retvizan")
    m = {s.weapon: s for s in gun_shots(mikasa, retvizan, Conditions(range=4), D)}
    r = {s.weapon: s for s in gun_shots(retvizan, mikasa, Conditions(range=4), D)}
    assert (m["primary"].effective, m["primary"].combat_die_modifier) == (3, -5)
    assert (r["primary"].effective, r["primary"].combat_die_modifier) == (4, -3)
    assert m["primary"].column == r["primary"].column == 9
    # secondaries fall below zero at this range and may not be applied
    assert m["secondary"].effective < 0 and not m["secondary"].usable
    assert r["secondary"].effective < 0 and not r["secondary"].usable
    assert m["primary"].salvos == r["primary"].salvos == 2


def test_the_gunfire_points_the_example_fixes() -> None:
    col = D.gunfire.column(9)
    assert col.lookup(8) is Result.ONE_HIT
    for total in (0, 1, 3):
        assert col.lookup(total) is Result.NO_EFFECT


def test_the_exchange_in_full() -> None:
    e = board().move({})  # type: ignore[attr-defined]
    e = e.declare(
        [FireOrder("Retvizan", "primary", "Mikasa"), FireOrder("Mikasa", "primary", "Retvizan")]
    )
    # Retvizan fires first and hits: Mikasa still fires all its salvos this round.
    e = e.roll(e.order_index("Retvizan", "primary"), [6, 11])
    assert [r for d in e.declared for r in d.results] == [Result.NO_EFFECT, Result.ONE_HIT]
    assert e.ship("Mikasa").hits == 0  # noted, not yet in effect
    assert e.pending_hits() == {"Mikasa": 1}
    mikasa_order = e.order_index("Mikasa", "primary")
    assert e.declared[mikasa_order].shot.salvos == 2
    e = e.roll(mikasa_order, [5, 6])
    assert e.declared[mikasa_order].results == (Result.NO_EFFECT, Result.NO_EFFECT)
    e = e.end_fire_round()
    assert e.ship("Mikasa").hits == 1
    assert e.ship("Retvizan").hits == 0
    assert e.stage == "move"  # a movement round follows the firing round
    assert e.mover is Side.RUSSIA


def test_mikasa_cannot_roll_the_wrong_number_of_salvos() -> None:
    e = board().move({}).declare([FireOrder("Mikasa", "primary", "Retvizan")])  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="2 salvo"):
        e.roll(0, [5])


def test_gun_factor_minus_armour_example() -> None:
    # an effective factor of 5 against armour 6 is a -1 modifier
    mikasa = ship("Mikasa")  # primary 7
    bayan = ship("Bayan")  # armour 6
    shot = gun_shots(mikasa, bayan, Conditions(range=2), D)[0]
    assert (shot.effective, shot.combat_die_modifier) == (5, -1)


def test_hit_effect_examples() -> None:
    from companion.tsushima.units import Counter, Gun, ShipType

    c = Counter("Example", Side.RUSSIA, ShipType.B, 9, 6, 5, Gun(5, 3), Gun(2, 4))
    one = Ship("Example", c, hits=1)
    assert (one.salvos("primary"), one.salvos("secondary")) == (1, 2)
    two = Ship("Example", c, hits=2)
    assert (two.salvos("primary"), two.salvos("secondary"), two.movement) == (1, 1, 3)
    five = Ship("E5", Counter("E5", Side.RUSSIA, ShipType.B, 9, 5, 5, Gun(5, 1), None), hits=2)
    assert five.movement == 2
    assert Ship("Example", c, hits=3).sunk


def test_destroyer_counter_salvos_fall_one_per_hit() -> None:
    dd = Ship("JD1", D.counter("Destroyer", Side.JAPAN))
    assert [dd.with_hits(h).torpedo_salvos for h in range(4)] == [3, 2, 1, 0]
    assert dd.with_hits(2).movement == dd.counter.speed
    assert dd.with_hits(3).sunk


def test_merchant_sinks_on_one_hit() -> None:
    m = Ship("JM1", D.counter("Merchant"))
    assert m.with_hits(1).sunk


def test_division_speed_example() -> None:
    from companion.tsushima.units import Counter, Gun, ShipType

    fast = Counter("F", Side.JAPAN, ShipType.C, 6, 6, 3, None, Gun(2, 2))
    slow = Counter("S", Side.JAPAN, ShipType.C, 6, 4, 3, None, Gun(2, 2))
    from companion.tsushima import division_speed

    ships = [Ship(f"F{i}", fast) for i in range(3)] + [Ship("S", slow)]
    assert division_speed(ships) == 4


def test_displacement_example() -> None:
    # Japanese on column 7, the Russians leave past column 12: the board shifts under them.
    e = start_engagement(
        [
            FormationSpec("battle", ("Mikasa", "Asahi", "Hatsuse"), 7),
            FormationSpec("battle", ("Retvizan", "Pobieda", "Peresviet"), 12),
        ],
        Side.RUSSIA,
        D,
    )
    e = e.move({"RB1": +1})
    assert e.formation("JB1").column == 1
    assert e.formation("RB1").column == 7
    assert not e.escaped


def test_escape_when_the_board_is_used_up() -> None:
    e = start_engagement(
        [
            FormationSpec("battle", ("Mikasa", "Asahi", "Hatsuse"), 1),
            FormationSpec("battle", ("Retvizan", "Pobieda", "Peresviet"), 12),
        ],
        Side.RUSSIA,
        D,
    )
    e = e.move({"RB1": +1})
    assert {i for i, _ in e.escaped} == {"Retvizan", "Pobieda", "Peresviet"}
    assert e.over


def test_odds_before_the_roll_are_exact() -> None:
    r = gun_shots(ship("Retvizan"), ship("Mikasa"), Conditions(range=4), D)[0]
    assert sum(r.odds.values()) == 1
    # with the stand-in table: a hit needs a modified 8, i.e. 11 or 12 on the dice
    assert r.odds[Result.ONE_HIT] == Fraction(3, 36)
