"""Findings of a review of the desk against the rulebook, each a test citing its rule in our
own words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.tsushima import Side, TsushimaError, load_data
from companion.tsushima.campaign import LandCampaign
from companion.tsushima.desk import Desk

# moves are counted on the owner's map: these tests sail on the test map
pytestmark = pytest.mark.usefixtures("near_map")


def clock() -> str:
    return "2026-01-01T00:00:00+00:00"


def new(key: str, data_dir: Path | None = None) -> Desk:
    return Desk.new(key, load_data(data_dir) if data_dir else None, clock=clock)


def merchants(desk: Desk) -> list[str]:
    return [b.ship.ident for b in desk.fleet.berths if b.ship.type.value == "M"]


def test_every_second_merchant_lost_is_replaced() -> None:
    """Rule: one new merchant for every two sunk, so the fourth loss earns a second one even
    though the first replacement reused a lost counter."""
    desk = new("war-at-sea")
    desk.to_terminal()
    jm = merchants(desk)
    desk.hits(jm[0], 1)
    with pytest.raises(TsushimaError, match=r"1 merchant.s. lost and 0 called up"):
        desk.merchant_callup()
    desk.hits(jm[1], 1)
    assert "called up at Kure" in desk.merchant_callup()[0]
    desk.hits(jm[2], 1)
    with pytest.raises(TsushimaError, match=r"3 merchant.s. lost and 1 called up"):
        desk.merchant_callup()
    desk.hits(jm[3], 1)
    assert "called up at Kure" in desk.merchant_callup()[0]
    assert desk.campaign.merchants_called == 2


def test_a_town_raid_with_no_land_campaign_is_legal_and_harmless() -> None:
    """Rule: shelling only costs Japan a point while it rolls towards the fall of Port
    Arthur; otherwise (no plan at all, as off Round Island) it has no effect."""
    desk = new("round-island")
    for _ in range(2):
        desk.next()
    desk.place("Gromoboi", "Chemulpo")  # a Korean port
    desk.next()
    assert desk.town_raid("Gromoboi", 6) == ["Gromoboi shells the town (die 6): no effect."]
    with pytest.raises(TsushimaError, match="die"):
        desk.town_raid("Gromoboi", 7)


def test_a_raid_after_the_fall_costs_nothing() -> None:
    """Rule: the point is lost only while Japan is still rolling towards the fall."""
    fallen = LandCampaign("C", turns_met=3, points=14, opened=True, fallen=True)
    assert fallen.town_raid(6) == fallen
    rolling = LandCampaign("C", turns_met=3, points=5, opened=True)
    assert rolling.town_raid(5).points == 4


def test_round_island_base_goes_to_chemulpo_only() -> None:
    """Rule (Round Island): the Japanese flying base is placed at Chemulpo."""
    desk = new("round-island")
    with pytest.raises(TsushimaError, match="in Chemulpo; Sasebo is not there"):
        desk.flying_base("Sasebo")
    assert desk.flying_base("Chemulpo") == ["Flying base placed at Chemulpo; 0 left."]


def test_war_at_sea_bases_go_on_the_korean_coast(tmp_path: Path) -> None:
    """Rule (War at Sea): the two flying bases go in Korean coastal hexes."""
    (tmp_path / "map.json").write_text(
        json.dumps({"hexes": {"0808": {"coast": "korea"}, "0912": {"coast": "japan"}}})
    )
    desk = new("war-at-sea", tmp_path)
    with pytest.raises(TsushimaError, match="Korean coastal hex; 0912 is not there"):
        desk.flying_base("0912")
    with pytest.raises(TsushimaError, match="Korean coastal hex; Sasebo is not there"):
        desk.flying_base("Sasebo")
    desk.flying_base("0808")
    desk.flying_base("Fusan")  # a Korean port stands on the Korean coast
    assert desk.campaign.flying_bases == ("0808", "Fusan")
    # a label the map does not hold takes the referee's word
    with pytest.raises(TsushimaError, match="no flying base left"):
        desk.flying_base("K1", korean_coast=True)


def test_no_shelter_at_a_flying_base_that_was_never_placed() -> None:
    """Rule: only a placed flying base spares ships the morale loss at sea; the Battle of
    Tsushima gives Japan none."""
    desk = new("tsushima")
    with pytest.raises(TsushimaError, match="no flying base has been placed"):
        desk.place("Mikasa", "flying base")
    desk2 = new("round-island")
    desk2.flying_base("Chemulpo")
    assert desk2.place("Idzumo", "flying base") == ["Idzumo is now at flying base."]


def test_round_island_mine_goes_down_in_port_arthur_at_the_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rule (Round Island): Russia's mine may be put in the Port Arthur hex at the start,
    before the first terminal phase; any other mine waits for a terminal phase."""
    monkeypatch.delenv("TSUSHIMA_DATA")  # the built-in map: the port's hex is not known
    desk = new("round-island")
    with pytest.raises(TsushimaError, match="only in the terminal phase"):
        desk.lay_mine_on_map(Side.RUSSIA, "Vladivostok")
    assert desk.lay_mine_on_map(Side.RUSSIA, "Port Arthur") == [
        "Russian mine laid in Port Arthur; 0 left in hand."
    ]
    assert "strikes Novik" in desk.mine("Novik", "Port Arthur", 6, 1)[0]


def test_the_start_mine_is_not_laid_later_outside_the_terminal_phase() -> None:
    desk = new("round-island")
    desk.next()
    with pytest.raises(TsushimaError, match="only in the terminal phase"):
        desk.lay_mine_on_map(Side.RUSSIA, "Port Arthur")


def test_table1_type_letters() -> None:
    """Table 1: the six type letters of the counters and what each stands for."""
    from companion.tsushima.units import ShipType

    labels = {t.value: t.label for t in ShipType if t is not ShipType.K}
    assert labels == {
        "A": "armoured cruiser",
        "B": "battleship",
        "C": "protected cruiser",
        "D": "destroyer counter",
        "T": "torpedo boat counter",
        "M": "merchant",
    }


def test_morale_examples_minus_three_and_minus_one() -> None:
    """Example in the morale rule: a set of four phases in port, one of them terminal, lifts
    -3 to -2 and -1 to normal."""
    from companion.tsushima.morale import MoraleRecord, after_phase

    for start, after in ((-3, -2), (-1, 0)):
        rec = MoraleRecord(level=start)
        for terminal in (False, False, False, True):
            rec = after_phase(rec, "port", terminal)
        assert rec.level == after


def test_modified_totals_beyond_the_dice_are_read() -> None:
    """Example in the gunfire rule: a modifier may carry the total past 12 (12 + 3 = 15) or
    below it (12 - 3 = 9); the table is read at the modified total."""
    table = load_data().gunfire
    assert table.lookup(9, 12 + 3) == table.lookup(9, 15)
    assert table.lookup(9, 12 - 3) == table.lookup(9, 9)
    assert table.lookup(9, -10).symbol == "-"


def test_the_first_baltic_squadron_stays_released_after_a_switch() -> None:
    """Rule: the First Baltic Squadron is freed once Japan begins rolling towards the fall;
    falling back to an easier plan that needs more turns does not chain it up again."""
    from companion.tsushima.campaign import baltic_release

    lc = LandCampaign("C", turns_met=3, opened=True)
    assert baltic_release(lc) == ("First Baltic Squadron",)
    easier = lc.switch("B")
    assert not easier.rolling and easier.points == 0
    assert baltic_release(easier) == ("First Baltic Squadron",)
    assert baltic_release(LandCampaign("C", turns_met=2, opened=True).switch("B")) == ()


def test_spotting_in_a_strategic_zone_is_two_dice_ten_or_more() -> None:
    """Rule: where both navies have ships in the same strategic zone, a searcher spots them on
    ten or more with two dice, in its own spotting segment."""
    desk = new("tsushima")  # the Baltic Fleet and a Japanese torpedo boat in the China Sea
    with pytest.raises(TsushimaError, match="own spotting and combat segment"):
        desk.spot_zone(Side.JAPAN, "China Sea", 10)
    desk.next()
    with pytest.raises(TsushimaError, match="needs ships of both navies"):
        desk.spot_zone(Side.JAPAN, "Indian Ocean", 12)
    assert "nothing is seen" in desk.spot_zone(Side.JAPAN, "china sea", 9)[0]
    assert "spotted" in desk.spot_zone(Side.JAPAN, "China Sea", 10)[0]
    with pytest.raises(TsushimaError, match="outside 2-12"):
        desk.spot_zone(Side.JAPAN, "China Sea", 13)
    assert len(desk.history()) == 3


def test_running_aground_is_one_roll_per_navy_per_phase() -> None:
    """Rule: each navy rolls for running aground once in a naval phase, one roll covering all
    its ships that entered partial sea hexes; a later roll for other ships is refused."""
    desk = new("round-island")
    desk.aground(["Idzumo", "Iwate"], 3)
    with pytest.raises(TsushimaError, match="Japanese navy has already rolled"):
        desk.aground(["Tokiwa"], 6, [6], 1)
    with pytest.raises(TsushimaError, match="one navy's ships at a time"):
        desk.aground(["Novik", "Naniwa"], 2)
    desk.aground(["Novik"], 2)  # Russia's own roll
    desk.to_terminal()
    desk.terminal()
    assert desk.aground(["Tokiwa"], 6, [6], 1)[0] == "Tokiwa runs aground and takes one hit."


def _fallen_war() -> Desk:
    desk = new("war-at-sea")
    desk.land_plan("C")
    desk.to_terminal()
    desk.land_turn(8)  # the opening landing at Yin-Kou
    desk.land_need(1)
    desk.terminal()
    for die in (None, None, None, 6, 6, 2):
        desk.to_terminal()
        desk.land_turn(2, die)
        if desk.fleet.fall_turn is None:
            desk.land_need(1)
            desk.terminal()
    assert desk.fleet.fall_turn is not None
    return desk


def test_a_captured_ship_changes_flag_once_repaired() -> None:
    """Rule: ships taken in a fallen port carry two hits; once repaired the captor may use
    them in combat, and never their former owner."""
    desk = _fallen_war()
    desk.capture("Poltava")
    assert desk.fleet.berth("Poltava").ship.navy is Side.JAPAN
    assert "Poltava" not in desk.available(Side.RUSSIA)
    assert "Poltava" not in desk.available(Side.JAPAN)  # two hits still on her
    with pytest.raises(TsushimaError, match="only once every hit is repaired"):
        desk.battle_start([(Side.JAPAN, ["Poltava"], 3), (Side.RUSSIA, ["Tsarevitch"], 8)])
    # the fallen port is Japan's now: the prize keeps her morale there
    desk.terminal()
    assert desk.fleet.berth("Poltava").ship.morale == 0
    desk.place("Poltava", "Sasebo")  # repaired only in a Japanese home port, on a 6
    for die in (6, 6):
        desk.to_terminal()
        desk.terminal({"Poltava": die})
    assert desk.fleet.berth("Poltava").ship.hits == 0
    assert "Poltava" in desk.available(Side.JAPAN)
    with pytest.raises(TsushimaError, match="Poltava belongs to the Japanese navy"):
        desk.battle_start([(Side.JAPAN, ["Mikasa", "Asahi", "Fuji"], 3),
                           (Side.RUSSIA, ["Poltava"], 8)])
    desk.place("Poltava", "0712")  # alone of her type there: a division of one
    desk.next()
    desk.next()  # Russian movement: the cruisers sail to meet her
    for ship in ("Gromoboi", "Rurik", "Rossia"):
        desk.place(ship, "0712")
    desk.battle_start([(Side.JAPAN, ["Poltava"], 3),
                       (Side.RUSSIA, ["Gromoboi", "Rurik", "Rossia"], 8)])
    battle = desk.battle
    assert battle is not None and battle.ship("Poltava").side is Side.JAPAN
    assert desk.default_orders()[0].startswith("Poltava:primary>Gromoboi")


def test_a_ship_entering_a_neutral_port_is_interned() -> None:
    """Rule: a neutral port interns the ships that enter it; off Round Island Japan scores one
    point for such a Russian ship instead of its hits."""
    desk = new("round-island")
    for _ in range(2):
        desk.next()
    assert desk.place("Pallada", "interned") == [
        "Pallada enters a neutral port and is interned, out of play."
    ]
    with pytest.raises(TsushimaError, match="interned in a neutral port"):
        desk.place("Pallada", "sea")
    assert desk.verdict().points[Side.JAPAN] == 1


def test_plan_c_loads_are_rolled_once_for_the_coming_turn() -> None:
    """Rule (plan C): the die for a turn's loads is rolled in the terminal phase before that
    turn; it is rolled once, after the present turn's shiploads are counted."""
    desk = new("war-at-sea")
    desk.land_plan("C")
    desk.to_terminal()
    desk.land_turn(8)  # the opening landing at Yin-Kou
    assert "3 loads needed" in desk.land_need(2)[0]
    with pytest.raises(TsushimaError, match=r"already rolled \(3\)"):
        desk.land_need(6)
    desk.terminal()
    desk.to_terminal()
    with pytest.raises(TsushimaError, match="record this turn's shiploads first"):
        desk.land_need(1)
    desk.land_turn(3)
    desk.land_need(1)


def test_channel_and_sweep_are_tried_once_a_terminal_phase() -> None:
    """Rule: clearing the Port Arthur channel is a die in the terminal phase, sweeping a mine
    is the sweeping fleet's dice in the terminal phase: once each per terminal phase."""
    desk = new("war-at-sea")
    sweepers = ["JM2", "JM3", "JM4", "JM5", "JM6", "JM7"]
    for ship in sweepers:  # Japanese movement: they stay in the hex through the terminal
        desk.place(ship, "0909")
    desk.next()
    desk.port_attack("Port Arthur", 2)
    desk.blockships(["JM1"], [6])
    desk.to_terminal()
    desk.lay_mine(Side.JAPAN, "0909", True, 2)
    assert desk.clear_block(3) == ["Die 3: the block ship stays in the channel."]
    with pytest.raises(TsushimaError, match="already been tried this terminal phase"):
        desk.clear_block(6)
    assert desk.sweep("0909", [1, 1, 1, 1, 1, 1], sweepers) == ["The mine in 0909 remains."]
    with pytest.raises(TsushimaError, match="already been swept this terminal phase"):
        desk.sweep("0909", [6, 6, 6, 6, 6, 6], sweepers)
    desk.terminal()
    desk.to_terminal()
    assert "cleared" in desk.clear_block(6)[0]
    assert desk.sweep("0909", [6, 1, 1, 1, 1, 1], sweepers) == [
        "The mine in 0909 is swept away."]


def test_a_block_ship_that_fails_stays_in_the_port_arthur_hex(tmp_path: Path) -> None:
    """Rule: block ships are moved at once to the Port Arthur hex before their dice; one that
    does not sink in the channel is left there, not back where it came from."""
    (tmp_path / "map.json").write_text(
        json.dumps({"layout": "odd-q", "port_hexes": {"Port Arthur": "1205", "Kure": "1208"}})
    )
    desk = new("war-at-sea", tmp_path)
    desk.place("JM1", "1207")
    desk.next()
    desk.port_attack("Port Arthur", 1)
    lines = desk.blockships(["JM1"], [4])
    assert lines[0] == "JM1 fails to sink in the channel (die 4) and stays at 1205."
    assert desk.fleet.berth("JM1").location == "1205"
    assert not desk.campaign.blocked


def test_chemulpo_no_loss_has_two_readings() -> None:
    """Rule (Chemulpo): Japan wins by destroying the Variag at no loss. By default any hit on
    a Japanese ship is a loss (Russia's marginal win); the option ``sunk`` counts only ships
    sunk, and the choice is kept in the record's header."""
    from companion.tsushima.desk.record import load

    for loss, winner in (("hit", Side.RUSSIA), ("sunk", Side.JAPAN)):
        desk = Desk.new("chemulpo", clock=clock, chemulpo_loss=loss)
        desk.hits("Asama", 1, "the Variag's fire")
        desk.hits("Variag", 3, "the Japanese squadron")
        assert desk.verdict().winner is winner
        header, _ = load(desk.text())
        assert header.chemulpo_loss == loss
        assert ('"chemulpo_loss"' in desk.text().splitlines()[0]) is (loss == "sunk")
    with pytest.raises(TsushimaError, match="chemulpo loss 'some'"):
        Desk.new("chemulpo", chemulpo_loss="some")


def test_a_plain_win_reads_as_a_victory() -> None:
    """Wording: a scenario without degrees of victory names the winner plainly."""
    desk = new("tsushima")
    for _ in range(2):
        desk.next()
    desk.place("Souvaroff", "Vladivostok")
    assert desk.verdict().sentence() == (
        "Russian victory: ships in Vladivostok against net hits; 3 points to 0"
    )


def test_a_long_division_leaves_a_port_four_counters_a_round() -> None:
    """Rule: at a port the defender takes at most four counters a round off its end; a
    division of five queued on that end column leaves its fifth ship to follow next round
    (elsewhere undamaged ships are never left behind)."""
    from companion.tsushima.battle import FormationSpec, start_engagement

    five = ("Retvizan", "Pobieda", "Peresviet", "Poltava", "Sevastopol")
    jb = ("Mikasa", "Asahi", "Hatsuse")
    e = start_engagement(
        [FormationSpec("battle", jb, 1), FormationSpec("battle", five, 11)],
        Side.RUSSIA, load_data(), port="Port Arthur",
    )
    with pytest.raises(TsushimaError, match="undamaged ships may not be left behind"):
        e.move({"RB1": 1}, detach=["Sevastopol"])  # column 11 is not yet the end
    e = e.move({"RB1": 1})
    e = e.declare([]).end_fire_round().move({}).declare([]).end_fire_round()
    with pytest.raises(TsushimaError, match=r"at most 4 counters.*detach them"):
        e.move({"RB1": 1})
    e = e.move({"RB1": 1}, detach=["Sevastopol"])
    assert {i for i, _ in e.escaped} == set(five[:4])
    e = e.declare([]).end_fire_round().move({}).declare([]).end_fire_round()
    e = e.move({"RB1-Sevastopol": 1})
    assert {i for i, _ in e.escaped} == set(five)
    open_sea = start_engagement(
        [FormationSpec("battle", jb, 1), FormationSpec("battle", five, 12)],
        Side.RUSSIA, load_data(),
    )
    with pytest.raises(TsushimaError, match="undamaged ships may not be left behind"):
        open_sea.move({"RB1": 1}, detach=["Sevastopol"])


def test_a_base_in_a_friendly_port_does_not_stop_recovery() -> None:
    """Rule: four phases in a friendly port, one of them terminal, restore a morale level; a
    flying base placed at the same port takes nothing away from that."""
    desk = new("round-island")
    desk.flying_base("Chemulpo")
    desk.to_terminal()
    desk.terminal()  # Idzumo at sea falls to -1
    desk.place("Idzumo", "Chemulpo")
    desk.to_terminal()
    lines = desk.terminal()
    assert "Idzumo: morale rises to normal." in lines


def test_a_port_is_attacked_once_a_phase_in_the_attackers_turn() -> None:
    """Rule: the attacker rolls once against a port's protection; if it holds, the ships are
    safe for that naval phase. The attack is made in the attacker's part of the phase."""
    desk = new("war-at-sea")
    desk.port_attack("Port Arthur", 2)  # surprise: 3-6 needed, so it holds
    with pytest.raises(TsushimaError, match="protection already held"):
        desk.port_attack("Port Arthur", 6)
    for _ in range(2):
        desk.next()  # the Russian movement segment
    with pytest.raises(TsushimaError, match="attacked by the Japanese navy in its own"):
        desk.port_attack("Port Arthur", 6)


def test_a_japanese_port_hex_is_japanese_coast_for_a_raid() -> None:
    """Rule: Russian ships in any Japanese coastal hex may shell the town; a port of Japan
    stands on that coast, while Vladivostok does not."""
    desk = new("round-island")
    for _ in range(2):
        desk.next()
    desk.place("Gromoboi", "Maizuru")
    desk.next()
    assert desk.town_raid("Gromoboi", 5) == ["Gromoboi shells the town (die 5): no effect."]
    with pytest.raises(TsushimaError, match="needs a Japanese coastal hex or a Korean port"):
        desk.town_raid("Rurik", 5)
