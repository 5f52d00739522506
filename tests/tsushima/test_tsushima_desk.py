"""The desk: one typed API over one append-only campaign record. Every procedure reads the
record, refuses what it makes impossible (nothing stored) and replays exactly."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from companion.tsushima import Side, TsushimaError, load_data
from companion.tsushima.desk import Desk, RecordError
from companion.tsushima.desk.record import load
from companion.tsushima.fleet import INTERNED

# moves are counted on the owner's map: these tests sail on the test map
pytestmark = pytest.mark.usefixtures("near_map")


def clock() -> str:
    return "2026-01-01T00:00:00+00:00"


def new(key: str) -> Desk:
    return Desk.new(key, clock=clock)


def refused(desk: Desk, match: str, fn: object, *args: object, **kw: object) -> None:
    """The step is refused with a line naming the rule, and nothing joins the record."""
    before, campaign = len(desk.entries), desk.campaign
    with pytest.raises(TsushimaError, match=match):
        fn(*args, **kw)  # type: ignore[operator]
    assert len(desk.entries) == before and desk.campaign == campaign


def replayed(desk: Desk) -> Desk:
    header, entries = load(desk.text())
    return Desk(header, entries)


def meet(desk: Desk, ships: list[str], where: str) -> None:
    """Record the ships' move to where the battle is (in their navy's movement segment)."""
    for ship in ships:
        if desk.fleet.berth(ship).location != where:
            desk.place(ship, where)


def tsushima_battle(desk: Desk) -> None:
    """Japan's battle division and a destroyer sail into the China Sea zone, where the
    Russians are, and the battle opens there."""
    meet(desk, ["Mikasa", "Shikishima", "Asahi", "Fuji", "JD1"], "China Sea")
    desk.battle_start(
        [
            (Side.JAPAN, ["Mikasa", "Shikishima", "Asahi", "Fuji"], 4),
            (Side.JAPAN, ["JD1"], 5),
            (Side.RUSSIA, ["Souvaroff", "Alexandr III", "Borodino", "Orel"], 6),
        ]
    )


# ----- the record ---------------------------------------------------------------------
def test_steps_join_the_record_and_replay_exactly(tmp_path: Path) -> None:
    desk = new("tsushima")
    desk.place("Mikasa", "China Sea")
    tsushima_battle(desk)
    desk.move({"JB1": 1})
    desk.declare(desk.default_orders())
    for i, d in enumerate(desk.battle.declared if desk.battle else (), 1):
        desk.roll(i, [9] * d.shot.salvos)
    desk.end_round()
    desk.finish()
    assert replayed(desk).campaign == desk.campaign
    path = tmp_path / "game.jsonl"
    desk.write(path)
    again = Desk.read(path)
    assert again.campaign == desk.campaign and again.header == desk.header
    assert [e.step for e in again.entries][4:7] == ["place", "battle-start", "move"]


def test_undo_is_an_entry_of_its_own() -> None:
    desk = new("round-island")
    desk.next()
    desk.next()  # Russian movement
    desk.place("Rurik", "sea")
    desk.place("Rossia", "sea")
    assert desk.undo() == ["Undone: place Rossia sea."]
    assert desk.fleet.berth("Rossia").location == "Vladivostok"
    assert [e.step for e in desk.entries] == ["next", "next", "place", "place", "undo"]
    desk.undo()
    assert desk.fleet.berth("Rurik").location == "Vladivostok"
    assert desk.undo() == ["Undone: next."] and desk.undo() == ["Undone: next."]
    with pytest.raises(TsushimaError, match="nothing to undo"):
        desk.undo()
    assert replayed(desk).campaign == desk.campaign


def test_a_damaged_record_names_its_line(tmp_path: Path) -> None:
    desk = new("round-island")
    desk.place("Mikasa", "sea")
    lines = desk.text().splitlines()
    path = tmp_path / "bad.jsonl"
    edited = lines[1].replace('"sea"', '"Atlantis"')
    path.write_text("\n".join([lines[0], edited]) + "\n")
    with pytest.raises(RecordError, match="line 2: the line was changed after it was written"):
        Desk.read(path)
    # a record written by hand carries no checksums; its steps are still checked on replay
    unsummed = [json.dumps({k: v for k, v in json.loads(x).items() if k != "sum"})
                for x in (lines[0], edited)]
    path.write_text("\n".join(unsummed) + "\n")
    with pytest.raises(RecordError, match="line 2: place: unknown port 'Atlantis'"):
        Desk.read(path)
    path.write_text(lines[0] + "\n{not json\n")
    with pytest.raises(RecordError, match="line 2: not JSON"):
        Desk.read(path)
    with pytest.raises(TsushimaError, match="does not exist"):
        desk.write(tmp_path / "missing" / "x.jsonl")


# ----- refusals the record makes ------------------------------------------------------
def test_a_ship_not_in_this_scenario_is_refused() -> None:
    desk = new("round-island")
    refused(desk, "unknown ship 'Yamato' in The Battle off Round Island",
            desk.place, "Yamato", "sea")
    refused(desk, "unknown ship 'Souvaroff'", desk.hits, "Souvaroff", 1)


def test_a_ship_on_the_battle_board_is_not_moved_on_the_map() -> None:
    desk = new("tsushima")
    tsushima_battle(desk)
    refused(desk, "on the battle board", desk.place, "Mikasa", "Kure")
    refused(desk, "its damage comes from the battle", desk.hits, "Mikasa", 1)
    refused(desk, "its damage comes from the battle", desk.aground, ["Fuji"], 6, [6], 1)
    desk.hits("Kasuga", 1)  # a ship off the board takes map damage as ever
    refused(desk, "finish it first", desk.to_terminal)
    refused(desk, "a battle is in progress", desk.battle_start,
            [(Side.JAPAN, ["Asahi", "Fuji", "Yashima"], 2), (Side.RUSSIA, ["Orel"], 9)])


def test_torpedoes_once_per_naval_phase_across_battles() -> None:
    desk = new("tsushima")
    tsushima_battle(desk)
    desk.move({})
    desk.declare(["JD1:torpedo>Souvaroff"])
    desk.roll(1, [2, 2, 2])
    desk.end_round()
    desk.finish()
    tsushima_battle(desk)  # a second battle in the same naval phase
    desk.move({})
    refused(desk, "already made its torpedo attack this phase", desk.declare,
            ["JD1:torpedo>Souvaroff"])
    desk.finish()
    for _ in range(4):  # the next naval phase: the boat may attack again
        desk.next()
    tsushima_battle(desk)
    desk.move({})
    desk.declare(["JD1:torpedo>Souvaroff"])


def test_aground_is_rolled_once_per_ship_per_phase() -> None:
    desk = new("round-island")
    assert desk.aground(["Rurik", "Rossia"], trigger=6, ship_dice=[6], damage_die=2) == [
        "Rurik runs aground and takes one hit.",
        "Rurik: 1 hit, morale normal.",
    ]
    refused(desk, "Rurik has already been rolled for running aground in this naval phase",
            desk.aground, ["Gromoboi", "Rurik"], trigger=1)
    for _ in range(4):
        desk.next()
    desk.aground(["Rurik"], trigger=3)


def test_a_date_past_the_end_is_refused() -> None:
    desk = new("round-island")
    for _ in range(3):
        desk.to_terminal()
        lines = desk.terminal()
    assert desk.fleet.over and "The game ends" in lines[-1]
    refused(desk, "the game is over: The Battle off Round Island lasts 3 turns", desk.next)
    refused(desk, "the game is over", desk.place, "Mikasa", "sea")


def test_zones_join_only_their_neighbours() -> None:
    desk = new("war-at-sea")
    for _ in range(10):  # past the first-turn surprise, to Russian movement
        desk.next()
    refused(desk, "the Mediterranean and China Sea zones do not join", desk.place,
            "Oslabia", "China Sea")
    refused(desk, "does not join the map", desk.place, "Oslabia", "sea")
    # a zone is a month's sailing: one zone in each terminal phase
    refused(desk, "only in the terminal phase", desk.place, "Oslabia", "Indian Ocean")
    desk.to_terminal()
    desk.place("Oslabia", "Indian Ocean")
    refused(desk, "already moved one zone", desk.place, "Oslabia", "China Sea")
    desk.terminal()
    desk.to_terminal()
    desk.place("Oslabia", "China Sea")
    desk.terminal()
    refused(desk, "Russian ships move in the Russian movement segment", desk.place,
            "Oslabia", "sea")
    desk.next()
    desk.next()
    desk.place("Oslabia", "sea")


def test_russia_does_not_move_in_the_surprised_first_phases() -> None:
    desk = new("war-at-sea")
    refused(desk, "first-turn surprise", desk.place, "Retvizan", "sea")
    desk.place("Mikasa", "Kure")
    for _ in range(2):
        desk.next()
    refused(desk, "first-turn surprise", desk.place, "Retvizan", "sea")
    for _ in range(8):
        desk.next()
    desk.place("Retvizan", "sea")


def test_baltic_squadrons_wait_for_their_release() -> None:
    desk = new("war-at-sea")
    for _ in range(10):
        desk.next()
    refused(desk, "First Baltic Squadron, which is not yet released", desk.place,
            "Souvaroff", "Baltic")


# ----- the campaign's side records -----------------------------------------------------
def play_turn(desk: Desk, delivered: int, die: int | None = None) -> list[str]:
    desk.to_terminal()
    lines = desk.land_turn(delivered, die)
    desk.terminal()
    return lines


def test_the_land_campaign_takes_port_arthur_and_shortens_the_war() -> None:
    desk = new("war-at-sea")
    refused(desk, "no plan yet", desk.land_turn, 8)
    desk.land_plan("B")
    for _ in range(5):
        play_turn(desk, 8)
    lines = play_turn(desk, 8)  # the sixth turn met: Japan starts rolling
    assert "The First Baltic Squadron is released and may move." in lines
    desk.to_terminal()
    desk.land_turn(8, 6)
    refused(desk, "already recorded", desk.land_turn, 8, 6)
    desk.terminal()
    for _ in range(2):
        play_turn(desk, 8, 6)
    desk.to_terminal()
    lines = desk.land_turn(8, 6)
    fall = desk.fleet.fall_turn
    assert fall == desk.fleet.time.turn and "Port Arthur falls" in lines[2]
    assert desk.fleet.last_turn() == fall + 6
    assert desk.fleet.port("Port Arthur").owner is Side.JAPAN
    # ships in the fallen port: scuttle (1-3) or capture
    assert desk.scuttle("Retvizan", 2) == ["Retvizan is scuttled (die 2)."]
    assert desk.fleet.berth("Retvizan").ship.sunk
    desk.scuttle("Poltava", 5)
    refused(desk, "already been rolled", desk.scuttle, "Poltava", 1)
    desk.capture("Poltava")
    taken = desk.fleet.berth("Poltava").ship
    assert taken.captured and taken.hits == 2
    desk.terminal()
    for _ in range(5):
        desk.to_terminal()
        desk.terminal()
    desk.to_terminal()
    assert "The game ends" in desk.terminal()[-1]
    assert desk.scenario.victory == "war_at_sea"
    out = desk.verdict()
    assert out.points[Side.JAPAN] >= 1  # the scuttled Retvizan scores


def test_mines_flying_bases_and_block_ships() -> None:
    desk = new("round-island")
    refused(desk, "only in the terminal phase", desk.lay_mine, Side.RUSSIA, "PA1", True, 0)
    desk.to_terminal()
    refused(desk, "open sea", desk.lay_mine, Side.RUSSIA, "PA1", False, 0)
    refused(desk, "10 hexes from a friendly port; at most 9", desk.lay_mine, Side.RUSSIA,
            "PA1", True, 10)
    desk.lay_mine(Side.RUSSIA, "PA1", True, 0)
    refused(desk, "no mine counters left", desk.lay_mine, Side.RUSSIA, "PA2", True, 0)
    refused(desk, "at least 6 ships", desk.sweep, "PA1", [1, 2], ["Idzumo", "Iwate"])
    desk.terminal()
    refused(desk, "no mine lies in PA9", desk.mine, "Mikasa", "PA9", 6, 4)
    assert desk.mine("Mikasa", "PA1", 6, 4)[-1] == "Mikasa: sunk."
    # Round Island gives its one base at Chemulpo, nowhere else
    refused(desk, "flying base.s. in Chemulpo; K7 is not there", desk.flying_base, "K7")
    desk.flying_base("chemulpo")
    refused(desk, "no flying base left", desk.flying_base, "K8")
    desk.to_terminal()
    # six ships recorded at sea: the hex the record does not name is the players' word
    at_sea = ["Idzumo", "Iwate", "Tokiwa", "Tsushima", "Azuma", "Takachiho"]
    assert desk.sweep("PA1", [1, 2, 3, 4, 5, 1], at_sea) == ["The mine in PA1 is swept away."]
    refused(desk, "does not join|no mine", desk.mine, "Asahi", "PA1", 1)


def test_block_ships_close_port_arthur() -> None:
    desk = new("war-at-sea")
    refused(desk, "kept the protection of Port Arthur", desk.blockships, ["JM1"], [6])
    # the first-turn surprise: 3-6 breaks the port's protection, so a 2 leaves it holding
    assert "protection holds" in desk.port_attack("Port Arthur", 2)[0]
    refused(desk, "protection already held", desk.port_attack, "Port Arthur", 6)
    refused(desk, "no Japanese ship shelters in Fusan", desk.port_attack, "Fusan", 6)
    refused(desk, "not a Japanese merchant", desk.blockships, ["Mikasa"], [6])
    lines = desk.blockships(["JM1", "JM2"], [6, 2])
    assert lines[-1] == "Port Arthur is blocked: no ship enters or leaves."
    assert desk.fleet.berth("JM1").ship.sunk
    for _ in range(10):
        desk.next()
    refused(desk, "block ship lies in the Port Arthur channel", desk.place, "Retvizan", "sea")
    desk.to_terminal()
    assert desk.clear_block(6) == ["The block ship is cleared: the channel is open."]


def test_merchants_are_called_up_one_for_two_lost() -> None:
    desk = new("war-at-sea")
    desk.hits("JM1", 1, "gunfire")
    desk.to_terminal()
    refused(desk, "none is due", desk.merchant_callup)
    desk.terminal()
    desk.hits("JM2", 1)
    desk.to_terminal()
    assert desk.merchant_callup() == ["A new merchant (JM1) is called up at Kure."]
    refused(desk, "none is due", desk.merchant_callup)


def test_italian_cruisers_through_the_desk() -> None:
    desk = new("war-at-sea")
    refused(desk, "roll Table 6A first", desk.place, "Nisshin", "Indian Ocean")
    desk.italy(2, 1)
    assert desk.fleet.berth("Nevelskoi").location == INTERNED
    refused(desk, "to Russian hands", desk.place, "Nisshin", "Indian Ocean")


# ----- the verdict of every scenario ---------------------------------------------------
def test_battle_board_scenarios_end_with_their_engagement() -> None:
    desk = new("chemulpo")
    desk.battle_scenario()
    assert desk.battle is not None and desk.battle.displacement is False
    desk.move({})
    desk.declare([])
    desk.end_round()
    desk.move({"RC1": -2})
    for _ in range(5):
        desk.declare([])
        desk.end_round()
        desk.move({})
        desk.declare([])
        desk.end_round()
        if desk.battle and desk.battle.over:
            break
        desk.move({"RC1": -2})
    desk.finish()
    assert desk.fleet.over
    assert desk.verdict().sentence().startswith("Russian decisive victory: the Variag broke out")


def test_port_arthur_shore_guns_stay_off_the_ledger() -> None:
    desk = new("port-arthur")
    desk.battle_scenario()
    e = desk.battle
    assert e is not None and any(s.ident.startswith("Coast gun") for s in e.ships)
    desk.move({})
    desk.finish()
    assert not any(b.ship.ident.startswith("Coast gun") for b in desk.fleet.berths)
    assert desk.verdict().winner is None


def test_round_island_scores_ships_brought_home() -> None:
    desk = new("round-island")
    for _ in range(10):
        desk.next()
    desk.place("Retvizan", "sea")
    desk.place("Retvizan", "Vladivostok")
    desk.place("Pallada", INTERNED)
    out = desk.verdict()
    assert out.points == {Side.RUSSIA: 3, Side.JAPAN: 1}


def test_spotting_reads_the_searchers_and_keeps_the_evasion_for_the_turn() -> None:
    desk = new("tsushima")
    refused(desk, "its own spotting and combat segment", desk.spot, Side.JAPAN, ["JT1"], 5)
    desk.next()  # Japanese spotting and combat
    # Table 2 from the ledger: one destroyer counter +1, partial sea +1, evading -2
    assert desk.spot_odds(Side.JAPAN, ["JD1"], partial_sea=True, evade=True) == Fraction(1, 3)
    with pytest.raises(TsushimaError, match="Souvaroff is not a Japanese ship"):
        desk.spot_odds(Side.JAPAN, ["Souvaroff"])
    lines = desk.spot(Side.JAPAN, ["JD1"], 3, partial_sea=True, evade=True)
    assert "nothing is seen" in lines[0]
    assert "Russian navy evades" in lines[1]
    desk.next()
    desk.next()  # Russian spotting and combat: Russia evaded this turn
    refused(desk, "chose to evade this turn", desk.spot, Side.RUSSIA, ["Souvaroff"], 6)
    desk.to_terminal()
    desk.terminal()
    for _ in range(3):
        desk.next()
    desk.spot(Side.RUSSIA, ["Souvaroff"], 6)  # a new turn: Russia may search again


def test_a_flying_base_hex_shelters_morale(tmp_path: Path) -> None:
    (tmp_path / "map.json").write_text(json.dumps({"port_hexes": {"Chemulpo": "0710"}}))
    desk = Desk.new("round-island", load_data(tmp_path), clock=clock)
    desk.place("Idzumo", "0710")
    desk.place("Iwate", "0711")
    desk.flying_base("0710")
    desk.to_terminal()
    lines = desk.terminal()
    assert "Iwate: morale falls to -1." in lines
    assert not any(line.startswith("Idzumo") for line in lines)
    assert desk.fleet.berth("Idzumo").ship.morale == 0


def test_italian_cruisers_need_crews_at_home() -> None:
    """Rule: Japan's cruisers from Italy fire only once they have reached a Japanese port;
    Russia's must go to Kronstadt for crews before they sail east."""
    desk = new("war-at-sea")
    desk.italy(5, 6)  # Japan, two zones before war
    assert list(desk.campaign.uncrewed) == ["Nisshin", "Kasuga"]
    desk.place("Nisshin", "Indian Ocean")  # sailed before the war, as Table 6B allows
    desk.place("Nisshin", "China Sea")
    for _ in range(8):
        desk.next()
    desk.place("Nisshin", "0712")  # alone in its hex: a division of one
    desk.next()
    desk.next()
    desk.place("Variag", "0712")
    desk.battle_start([(Side.JAPAN, ["Nisshin"], 5), (Side.RUSSIA, ["Variag"], 6)])
    desk.move({})
    refused(desk, "Nisshin has not yet reached a Japanese port", desk.declare,
            ["Nisshin:primary>Variag"])
    desk.finish()
    for _ in range(2):
        desk.next()
    desk.place("Nisshin", "Sasebo")
    assert list(desk.campaign.uncrewed) == ["Kasuga"]

    ru = new("war-at-sea")
    ru.italy(1, 3)  # Russia, one zone
    refused(ru, "must reach Kronstadt", ru.place, "Amurski", "Indian Ocean")
    ru.place("Amurski", "Baltic")  # its one zone before the war
    refused(ru, "Table 6B gave the cruisers in Italy 1 zone", ru.place, "Amurski",
            "Mediterranean")
    ru.place("Amurski", "Kronstadt")
    for _ in range(10):
        ru.next()
    ru.place("Amurski", "Baltic")
    ru.to_terminal()
    ru.place("Amurski", "Mediterranean")
    ru.terminal()
    ru.to_terminal()
    ru.place("Amurski", "Indian Ocean")


def test_the_default_fire_plan_leaves_out_guns_without_crews() -> None:
    desk = new("war-at-sea")
    desk.italy(5, 6)
    for place in ("Indian Ocean", "China Sea"):  # Table 6B's two zones before the war
        desk.place("Nisshin", place)
    for _ in range(8):
        desk.next()
    desk.place("Nisshin", "0712")
    desk.place("Mikasa", "0712")
    desk.next()
    desk.next()
    desk.place("Variag", "0712")
    desk.battle_start([(Side.JAPAN, ["Mikasa"], 5), (Side.JAPAN, ["Nisshin"], 5),
                       (Side.RUSSIA, ["Variag"], 6)])
    desk.move({})
    plan = desk.default_orders()
    assert plan and not any(o.startswith("Nisshin") for o in plan)
    desk.declare(plan)


def test_torpedo_targets_are_asked_of_the_desk() -> None:
    """Rule: a boat's torpedoes reach its own and the adjacent column, once a naval phase."""
    desk = new("tsushima")
    tsushima_battle(desk)  # JD1 at column 5, the Russian division at 6
    desk.move({})
    reach = desk.torpedo_targets()
    assert set(reach) == {"JD1"} and "Souvaroff" in reach["JD1"]
    desk.declare(["JD1:torpedo>Souvaroff"])
    desk.roll(1, [2, 2, 2])
    desk.end_round()
    desk.move({})  # the next firing round of the same naval phase
    assert desk.torpedo_targets() == {}
    assert desk.entries[-1].step == "move"  # a question records nothing


def test_screen_options_are_asked_of_the_desk() -> None:
    """Rule: a ship or destroyer counter screens a friendly formation in the next column."""
    desk = new("tsushima")
    tsushima_battle(desk)  # JB1 at column 4, JD1 at 5
    options = desk.screen_options()
    assert ("JD1", "JB1") in options and ("JB1", "JD1") in options
    assert not any("RB1" in pair for pair in options)  # alone on its side
    desk.screen("JD1", "JB1")
    assert ("JD1", "JB1") not in desk.screen_options()


def test_the_board_names_the_ships_that_may_be_left_behind() -> None:
    """Rule: damaged ships other than the lead may drop out so the division moves faster."""
    desk = new("tsushima")
    desk.hits("Asahi", 2)
    tsushima_battle(desk)
    e = desk.battle
    assert e is not None and e.detachable() == ("Asahi",)
    jb1 = e.formation("JB1")
    assert e.max_columns(jb1) == 1
    lighter = e.detached(["Asahi"])
    assert lighter.max_columns(lighter.formation("JB1")) == 2 and e.formation("JB1") == jb1
    desk.move({"JB1": 2}, detach=["Asahi"])
    assert desk.battle is not None and desk.battle.formation_of("Asahi").column == 4
