"""Spotting, grounding, mines, morale, repairs, the calendar, the campaign and victory."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.tsushima import (
    GameTime,
    LandCampaign,
    MineField,
    MoraleRecord,
    Ship,
    Side,
    SpottingSituation,
    TsushimaError,
    after_phase,
    aground_odds,
    check_repairs,
    default_data,
    entry_odds,
    italy,
    resolve_aground,
    resolve_entry,
    resolve_repair,
    resolve_spotting,
    resolve_sweep,
    spot_odds,
    sweep_odds,
    victory,
)
from companion.tsushima.dice import check_die
from companion.tsushima.fleet import Fleet
from companion.tsushima.spotting import (
    EvasionRecord,
    port_attack_odds,
    resolve_port_attack,
    zone_spot_odds,
)

D = default_data()


def ship(name: str, hits: int = 0, morale: int = 0) -> Ship:
    c = D.counter(name)
    return Ship(c.name, c, hits=hits, morale=morale)


# ----- spotting --------------------------------------------------------------------------
def test_spotting_modifiers_accumulate() -> None:
    s = SpottingSituation(
        destroyers=3,
        two_hit_ships=1,
        low_morale_ships=2,
        began_in_hex=True,
        partial_sea=True,
        hidden_evades=True,
    )
    assert s.modifier == 3 - 1 - 2 + 2 + 1 - 2
    assert spot_odds(s) == Fraction(3, 6)  # a net +1 needs 4 or more on the die


def test_spotting_from_ships() -> None:
    searchers = [
        ship("Mikasa", hits=2),
        ship("Asahi", morale=-2),
        Ship("JD1", D.counter("Destroyer", Side.JAPAN)),
    ]
    s = SpottingSituation.from_ships(searchers)
    assert (s.destroyers, s.two_hit_ships, s.low_morale_ships) == (1, 1, 1)


@pytest.mark.parametrize(
    "mod,odds",
    [
        (0, Fraction(1, 3)),
        (-4, Fraction(0)),
        (4, Fraction(1)),
        (-3, Fraction(0)),
        (-2, Fraction(0)),
        (-1, Fraction(1, 6)),
    ],
)
def test_spotting_odds_match_resolution(mod: int, odds: Fraction) -> None:
    s = SpottingSituation(destroyers=mod) if mod >= 0 else SpottingSituation(two_hit_ships=-mod)
    assert spot_odds(s) == odds
    assert Fraction(sum(resolve_spotting(s, d) for d in range(1, 7)), 6) == odds


def test_port_and_zone_spotting() -> None:
    assert port_attack_odds() == Fraction(1, 6)
    assert port_attack_odds(surprise=True) == Fraction(2, 3)
    assert resolve_port_attack(3, surprise=True) and not resolve_port_attack(3)
    assert zone_spot_odds(1) == Fraction(6, 36)


def test_evading_stops_searching_for_the_turn() -> None:
    rec = EvasionRecord(turn=4).evade("russia")
    with pytest.raises(TsushimaError, match="evade"):
        rec.check_search("russia", 4)
    assert rec.may_search("russia", 5) and rec.may_search("japan", 4)


@pytest.mark.parametrize("bad", [0, 7, -1, 2.5, "6"])
def test_die_values_outside_one_to_six(bad: object) -> None:
    with pytest.raises(TsushimaError):
        check_die(bad)
    with pytest.raises(TsushimaError):
        resolve_spotting(SpottingSituation(), bad)  # type: ignore[arg-type]


# ----- grounding and mines ----------------------------------------------------------------
def test_aground_odds_and_resolution() -> None:
    odds = aground_odds(2)
    assert odds[0] == Fraction(1, 36) and odds[1] == Fraction(5, 216)
    assert resolve_aground(["A", "B"], trigger=3).ship is None
    r = resolve_aground(["Mikasa", "Fuji"], trigger=6, ship_dice=[6], damage_die=5)
    assert (r.ship, r.hits) == ("Mikasa", 3)
    r = resolve_aground(["JD1", "Fuji"], trigger=6, ship_dice=[6], small_craft={"JD1"})
    assert (r.ship, r.hits) == ("JD1", 1)
    assert resolve_aground(["A", "B"], trigger=6, ship_dice=[1, 2]).ship is None
    with pytest.raises(TsushimaError, match="extra dice"):
        resolve_aground(["A", "B"], trigger=6, ship_dice=[6, 2], damage_die=1)
    with pytest.raises(TsushimaError, match="damage die"):
        resolve_aground(["A"], trigger=6, ship_dice=[6])


def test_mine_entry() -> None:
    odds = entry_odds()
    assert odds == {0: Fraction(32, 36), 1: Fraction(1, 36), 2: Fraction(2, 36), 3: Fraction(1, 36)}
    assert [resolve_entry(6, d) for d in range(1, 7)] == [1, 2, 2, 3, 0, 0]
    assert resolve_entry(5) == 0
    with pytest.raises(TsushimaError):
        resolve_entry(6)


def test_mine_laying_rules() -> None:
    field = MineField(in_hand=2)
    field = field.lay("0712", partial_sea=True, hexes_to_friendly_port=9, terminal_phase=True)
    assert field.hexes == {"0712"} and field.in_hand == 1
    for kwargs, msg in [
        ({"partial_sea": False, "hexes_to_friendly_port": 1, "terminal_phase": True}, "partial"),
        ({"partial_sea": True, "hexes_to_friendly_port": 10, "terminal_phase": True}, "at most 9"),
        ({"partial_sea": True, "hexes_to_friendly_port": 1, "terminal_phase": False}, "terminal"),
    ]:
        with pytest.raises(TsushimaError, match=msg):
            field.lay("0800", **kwargs)  # type: ignore[arg-type]
    with pytest.raises(TsushimaError, match="already"):
        field.lay("0712", True, 1, True)


def test_sweeping() -> None:
    assert sweep_odds(6) == 1 - Fraction(2, 3) ** 6
    assert resolve_sweep(6, [1, 2, 3, 4, 1, 5])
    assert not resolve_sweep(6, [1, 2, 3, 4, 1, 4])
    with pytest.raises(TsushimaError, match="at least 6"):
        sweep_odds(5)


# ----- morale ----------------------------------------------------------------------------
def test_morale_falls_each_terminal_at_sea() -> None:
    rec = MoraleRecord()
    for expected in (-1, -2, -3):
        rec = after_phase(after_phase(rec, "sea", False), "sea", True)
        assert rec.level == expected


def test_morale_recovery_needs_four_phases_with_a_terminal() -> None:
    rec = MoraleRecord(level=-3)
    for _ in range(4):
        rec = after_phase(rec, "port", False)
    assert rec.level == -3  # four phases but no terminal phase among them
    rec = after_phase(rec, "port", True)
    assert rec.level == -2
    rec = after_phase(rec, "sea", False)  # leaving port breaks the run
    for t in (False, False, True):
        rec = after_phase(rec, "port", t)
    assert rec.level == -2


def test_flying_base_only_avoids_the_loss() -> None:
    rec = after_phase(MoraleRecord(level=-1), "flying_base", True)
    assert rec.level == -1


def test_morale_in_gunfire() -> None:
    from companion.tsushima import Conditions, gun_shot

    plain = gun_shot(ship("Mikasa"), ship("Retvizan"), "primary", Conditions(), D)
    tired = gun_shot(
        ship("Mikasa", morale=-2), ship("Retvizan", morale=-1), "primary", Conditions(), D
    )
    assert tired.total_modifier == plain.total_modifier - 2 + 1


# ----- repairs ---------------------------------------------------------------------------
def test_repairs() -> None:
    port = D.port("Maizuru")
    hurt = [ship(n, hits=1) for n in ("Mikasa", "Asahi", "Fuji")]
    check_repairs(hurt, port, Side.JAPAN)
    with pytest.raises(TsushimaError, match="3 repair attempt"):
        check_repairs([*hurt, ship("Hatsuse", hits=2)], port, Side.JAPAN)
    with pytest.raises(TsushimaError, match="not a Japanese port"):
        check_repairs(hurt[:1], D.port("Vladivostok"), Side.JAPAN)
    with pytest.raises(TsushimaError, match="no repair facilities"):
        check_repairs(hurt[:1], D.port("Chemulpo"), Side.JAPAN)
    with pytest.raises(TsushimaError, match="cannot be repaired"):
        check_repairs([Ship("JD1", D.counter("Destroyer", Side.JAPAN), hits=1)], port, Side.JAPAN)
    two = ship("Mikasa", hits=2)
    assert [resolve_repair(two, d).hits for d in range(1, 7)] == [2, 2, 1, 1, 1, 0]


def test_captured_ship_repairs_only_at_home_on_a_six() -> None:
    prize = Ship("Retvizan", D.counter("Retvizan"), hits=2, captured=True)
    check_repairs([prize], D.port("Kure"), Side.JAPAN)
    assert [resolve_repair(prize, d).hits for d in range(1, 7)] == [2, 2, 2, 2, 2, 1]


def test_terminal_phase_with_repairs_and_morale() -> None:
    f = Fleet.from_scenario("tsushima")
    f = f.place("Mikasa", "Sasebo").apply_hits("Mikasa", 2).place("Souvaroff", "sea")
    while not f.time.terminal:
        f = f.advance_segment() if f.time.segment < 4 else f.end_phase()[0]
    before = f
    with pytest.raises(TsushimaError, match="4 repair attempt"):
        f.end_phase({"Mikasa": 4, "Shikishima": 3, "Asahi": 3, "Fuji": 3, "Idzumo": 3})
    assert f == before  # nothing recorded
    with pytest.raises(TsushimaError):
        f.end_phase({"Shikishima": 4})  # undamaged
    f2, lines = f.end_phase({"Mikasa": 4})
    assert f2.berth("Mikasa").ship.hits == 1 and f2.berth("Mikasa").repairing
    assert f2.berth("Souvaroff").ship.morale == -3  # a terminal at sea from -2
    assert f2.time == GameTime.parse("1905-06 1.1")
    with pytest.raises(TsushimaError, match="under repair"):
        f2.place("Mikasa", "sea")
    assert any("Mikasa" in line for line in lines)


# ----- calendar --------------------------------------------------------------------------
def test_calendar() -> None:
    t = GameTime.parse("1904-12 T")
    assert t.advance() == GameTime.parse("1905-01 1.1")
    assert GameTime.parse("1905-12 T").turn == 23
    assert [GameTime(1, 1, s).segment_name for s in (1, 2, 3, 4)] == [
        "Japanese movement",
        "Japanese spotting and combat",
        "Russian movement",
        "Russian spotting and combat",
    ]
    steps, t = 0, GameTime(1, 1, 1)
    while t.turn == 1:
        t, steps = t.advance(), steps + 1
    assert steps == 6 * 4 + 1
    with pytest.raises(TsushimaError):
        GameTime.parse("1904-01 1.1")
    assert str(GameTime.parse("1904-02 3.2")) == "1904-02 3.2"


# ----- campaign --------------------------------------------------------------------------
def test_plan_a_fall() -> None:
    lc = LandCampaign("A")
    for _ in range(6):
        lc = lc.record_turn(15)
    lc = lc.record_turn(14)  # short: the turn is lost
    assert lc.turns_met == 6 and lc.points == 0
    for die in (6, 6, 6, 6):
        lc = lc.record_turn(15, die)
    assert lc.points == 24 and not lc.fallen
    lc = lc.record_turn(15, 4)
    assert lc.fallen


def test_plan_c_and_switching() -> None:
    lc = LandCampaign("C").record_turn(8)
    assert lc.opened and lc.loads_needed() is None
    lc = lc.roll_need(3)
    assert lc.loads_needed() == 4
    lc = lc.record_turn(4)
    assert lc.turns_met == 1
    easier = lc.switch("A")
    assert easier.turns_met == 1 and easier.points == 0
    with pytest.raises(TsushimaError, match="easier"):
        LandCampaign("A").switch("C")


def test_town_raid_only_bites_while_rolling() -> None:
    lc = LandCampaign("B", turns_met=6, points=5)
    assert lc.town_raid(5).points == 4 and lc.town_raid(4).points == 5
    assert LandCampaign("B").town_raid(6).points == 0


def test_italian_cruisers() -> None:
    assert italy(1, 6).side is Side.RUSSIA and italy(1, 6).ships == ("Nevelskoi", "Amurski")
    r = italy(4, 2)
    assert r.side is Side.JAPAN and r.interned


# ----- victory ---------------------------------------------------------------------------
def test_port_arthur_victory() -> None:
    r = [ship("Pobieda", 3), ship("Poltava", 3), ship("Diana", 3), ship("Novik", 1)]
    j = [ship("Mikasa", 3), ship("Fuji", 1)]
    assert victory.port_arthur(r, j).winner is Side.JAPAN  # 10 given, 4 taken
    j.append(ship("Asahi", 1))
    assert victory.port_arthur(r, j).winner is None  # 5 taken is not under half
    assert victory.port_arthur([ship("Pobieda", 1)], j).winner is Side.RUSSIA


def test_chemulpo_victory() -> None:
    tb = Ship("JT1", D.counter("Torpedo Boat", Side.JAPAN), hits=3)
    assert victory.chemulpo(ship("Variag", 3), [ship("Asama")], False).winner is Side.JAPAN
    out = victory.chemulpo(ship("Variag", 3), [ship("Asama", 1)], False)
    assert (out.winner, out.level) == (Side.RUSSIA, "marginal")
    out = victory.chemulpo(ship("Variag", 1), [ship("Naniwa", 3)], False)
    assert out.level == "decisive"
    assert victory.chemulpo(ship("Variag", 3), [tb], False).level == "marginal"
    assert victory.chemulpo(ship("Variag"), [], True).level == "decisive"


def test_map_scenario_victories() -> None:
    out = victory.tsushima([ship("Oleg"), ship("Orel")], [ship("Borodino", 3)], [ship("Fuji", 1)])
    assert out.points == {Side.RUSSIA: 1 + 3, Side.JAPAN: 3 - 1}
    assert out.winner is Side.RUSSIA
    out = victory.round_island(
        [ship("Tsarevitch")], [ship("Askold", 2), ship("Diana")], interned=["Diana"]
    )
    assert out.points == {Side.RUSSIA: 3, Side.JAPAN: 3}
    out = victory.war_at_sea(
        [ship("Retvizan", 3), ship("Bayan", 1)], [ship("Mikasa", 1)], scuttled=["Retvizan"]
    )
    assert out.points == {Side.JAPAN: 1 + 2, Side.RUSSIA: 3}
    assert out.winner is None
