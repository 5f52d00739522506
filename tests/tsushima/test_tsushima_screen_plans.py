"""The screens' desk (no Kivy) for what the command line could do and the screens could not:
a port battle and the side to move first chosen at set-up, merchants fleeing on their own,
each torpedo order's share of its boat's salvos, hits from another cause; and each of the
five scenarios refereed with the screens' intents alone from set-up to its verdict. Every
rule stays the desk's and the engine's: the screens pass on what was touched."""

from __future__ import annotations

import pytest

from companion.core.dice import DiceService
from companion.tsushima import Side
from companion.tsushima.desk import Desk
from ui.tsushima.controller import TsushimaDesk


def desk_for(scenario: str) -> TsushimaDesk:
    d = TsushimaDesk(dice=DiceService(3))
    assert d.choose_scenario(scenario) and d.start_scenario()
    return d


def division(d: TsushimaDesk, ships: tuple[str, ...], side: Side, column: int) -> None:
    for ship in ships:
        assert d.toggle_ship(ship), d.message
    d.column[side] = column
    assert d.form_division(), d.message


def test_a_port_battle_after_the_protection_is_broken() -> None:
    """Rule: ships sheltering in a port are attacked only once its protection is broken;
    the battle is then fought as a port battle (no flight; only the defender's exit is
    limited)."""
    d = desk_for("war-at-sea")
    for ship in ("Mikasa", "Asahi", "Fuji"):
        assert d.place(ship, "Port Arthur")  # the attackers sail into the port's hex
    assert d.next_segment()
    assert d.choose_procedure("port-attack") and d.set_map_place("Port Arthur")
    assert d.enter_map([5]), d.message  # 3-6 in the first-turn surprise
    division(d, ("Mikasa", "Asahi", "Fuji"), Side.JAPAN, 3)
    division(d, ("Retvizan", "Tsarevitch", "Sevastopol"), Side.RUSSIA, 9)
    assert d.battle_places() == ["open sea", "Port Arthur"]
    assert not d.set_battle_place("Atlantis") and "not a port of the map" in d.message
    assert d.set_battle_place("Port Arthur")
    assert d.first_mover() is Side.JAPAN and d.toggle_first()
    assert d.first_mover() is Side.RUSSIA
    assert d.start_battle(), d.message
    e = d.engagement
    assert e is not None and e.port == "Port Arthur" and e.mover is Side.RUSSIA
    assert d.desk is not None and d.desk.entries[-1].args["port"] == "Port Arthur"
    assert not d.may_flee()  # no flight in a port battle
    assert d.battle_port == "" and d.battle_first is None  # the next set-up starts afresh


def merchants_meet_a_cruiser(d: TsushimaDesk) -> None:
    for ship in ("JM1", "JM2"):
        assert d.place(ship, "sea")
    while d.fleet is not None and not (d.fleet.time.phase >= 3 and d.fleet.time.segment == 3):
        assert d.next_segment()  # past the surprise, to a Russian movement segment
    assert d.place("Gromoboi", "sea")
    division(d, ("JM1", "JM2"), Side.JAPAN, 6)
    division(d, ("JD1", "JD2"), Side.JAPAN, 6)
    division(d, ("Gromoboi",), Side.RUSSIA, 7)
    assert d.start_battle(), d.message


def test_merchants_flee_on_their_own() -> None:
    """Rule: merchants may take flight by themselves while the warships of their side stay
    and fight."""
    d = desk_for("war-at-sea")
    merchants_meet_a_cruiser(d)
    assert d.may_flee_merchants() and d.toggle_flee_merchants() and d.flee_merchants
    assert d.toggle_flee_merchants() and not d.flee_merchants  # withdrawn
    assert d.toggle_flee_merchants() and d.hold(), d.message
    e = d.engagement
    assert e is not None
    fleeing = {f.ident: f.fleeing for f in e.formations}
    assert fleeing == {"JM1": True, "JM2": True, "JD1": False, "JD2": False, "RC1": False}
    assert not d.flee_merchants and not d.may_flee_merchants()
    assert d.desk is not None and d.desk.entries[-1].args["flee_merchants"] is True


def test_a_boat_gives_its_salvos_to_a_target_by_count() -> None:
    """Ruling 1: a torpedo attack picks its targets salvo by salvo; a count gives one
    target that many of the boat's salvos, never more than it has."""
    d = desk_for("war-at-sea")
    merchants_meet_a_cruiser(d)
    assert d.hold()
    assert d.add_torpedo("JD1"), d.message
    i = next(k for k, o in enumerate(d.plan) if o.weapon == "torpedo")
    assert d.torpedo_count_label(i) == "all salvos"
    labels = []
    for _ in range(4):  # JD1 has three torpedo salvos: 1, 2, 3, then the even share again
        assert d.cycle_torpedo_salvos(i)
        labels.append(d.torpedo_count_label(i))
    assert labels == ["1 salvo", "2 salvos", "3 salvos", "all salvos"]
    assert d.cycle_torpedo_salvos(i) and d.cycle_torpedo_salvos(i)
    assert d.retarget(i) and d.plan[i].salvos == 2  # a new target keeps the count
    gun = next(k for k, o in enumerate(d.plan) if o.weapon != "torpedo")
    assert not d.cycle_torpedo_salvos(gun) and "only torpedo salvos" in d.message
    assert d.declare(), d.message
    e = d.engagement
    assert e is not None
    assert [x.shot.salvos for x in e.declared if x.order.weapon == "torpedo"] == [2]
    assert d.desk is not None and "JD1:torpedo*2>Gromoboi" in d.desk.entries[-1].args["orders"]


def test_hits_from_another_cause_on_the_map_screen() -> None:
    """The command line's ``game hits`` on screen: damage no procedure resolves, on the
    referee's word, recorded (and undone) like any step."""
    d = desk_for("round-island")
    assert d.choose_procedure("hits") and d.map_place_choices() == ["1 hit", "2 hits", "3 hits"]
    assert d.map_die_wanted([]) is None  # no dice: the screen's button reads Record
    assert not d.roll_map() and "touch the ships first" in d.message
    assert d.toggle_map_ship("Mikasa") and d.set_map_place("2 hits") and d.roll_map()
    assert d.fleet is not None and d.fleet.berth("Mikasa").ship.hits == 2
    assert d.results == ["Mikasa (the referee's word): 2 hits, morale normal."]
    assert d.toggle_map_ship("Mikasa") and d.set_map_place("many")
    assert not d.roll_map() and "not a number of hits" in d.message
    assert d.undo() and d.fleet.berth("Mikasa").ship.hits == 0


def fight_to_the_end(d: TsushimaDesk) -> None:
    """Both navies close in, fire every gun the plan offers, until the board is over."""
    for _ in range(200):
        e = d.engagement
        assert e is not None
        if e.over:
            return
        if e.stage == "move":
            for f in d.movers():
                d.nudge(f.ident, 1 if f.side is Side.JAPAN else -1)  # refused at a limit
            if not d.move():
                assert d.hold(), d.message
        else:
            assert d.declare() and d.roll_all() and d.end_round(), d.message
    raise AssertionError("the battle did not end")


@pytest.mark.parametrize("key", ["port-arthur", "chemulpo", "round-island", "tsushima",
                                 "war-at-sea"])
def test_each_scenario_is_refereed_on_screen_to_its_verdict(key: str) -> None:
    """Done when: from set-up to the victory verdict with the screens' intents alone (virtual
    dice), the record standing throughout; a step after the end is refused."""
    d = desk_for(key)
    if d.scenario.kind == "battle_board":
        assert d.start_battle(), d.message  # the scenario's own set-up
        fight_to_the_end(d)
        assert d.finish_battle(), d.message
    else:
        if "italy" in d.offers():
            assert d.roll_italy(), d.message
        if "plan" in d.offers():
            assert d.choose_plan("B"), d.message
        for _ in range(30):
            if d.fleet is None or d.fleet.over:
                break
            assert d.to_terminal(), d.message
            if "loads" in d.offers():
                assert d.shiploads(True), d.message
            if "need" in d.offers():
                assert d.roll_need(), d.message
            assert d.run_terminal(), d.message
        assert not d.next_segment() and "over" in d.message
    assert d.verdict_line().startswith("Game over. "), d.verdict_line()
    assert d.desk is not None
    assert Desk(d.desk.header, d.desk.entries).verdict() == d.desk.verdict()  # replayed
