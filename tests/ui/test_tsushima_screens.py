"""The Tsushima screens headless: scenario set-up, a battle board engagement with the odds
shown before the dice, simultaneous damage, and a terminal phase with repairs and morale.

The environment (offscreen SDL, no Kivy arguments, temporary data) is set by this folder's
conftest before Kivy is imported. Each test builds its own app on the one Kivy window.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.core.dice import DiceService
from companion.tsushima import Conditions, Ship, default_data, gun_shot
from ui.testing import texts

sys.path.insert(0, str(Path(__file__).parents[1] / "tsushima"))  # the Tsushima tests' helpers
from tsushima_near_map import write_near_map
from tsushima_ui import screen


@pytest.fixture(autouse=True)
def near_map(tmp_path: Path) -> None:
    """Moves are counted on the owner's map: the app's map file holds the tests' map (ports
    a short sail apart, on the south edge), so a move asks no question."""
    write_near_map(tmp_path / "data" / "tsushima")


def seeded(h: Any) -> Any:
    h.app.tsushima.dice = DiceService(11)  # seeded virtual dice
    return h


@pytest.fixture
def h(h: Any) -> Any:
    """The conftest's app, with the Tsushima dice seeded."""
    return seeded(h)


def rows(box: Any) -> list[Any]:
    return list(reversed(box.children))  # Kivy keeps children last-added first


def row_for(box: Any, ident: str) -> Any:
    return next(r for r in rows(box) if getattr(r, "ident", None) == ident)


def press(widget: Any) -> None:
    """What a finger's release does (for rows scrolled out of sight)."""
    widget.dispatch("on_release")


def set_up_tsushima(h: Any) -> Any:
    """From the start screen to the Battle of Tsushima's fleets, by touch."""
    start = screen(h, "start")
    h.touch(start.ids.tsushima)
    return start_scenario(h, "Tsushima")


JAPAN_DIVISION = ("Mikasa", "Shikishima", "Asahi", "Fuji")


def meet(h: Any, ships: tuple[str, ...] = JAPAN_DIVISION, where: str = "China Sea") -> None:
    """The players sailed these ships to where the enemy is: recorded on the campaign screen
    (ships fight only where they meet)."""
    camp = h.show("tsushima-campaign")
    for ship in ships:
        camp.ids.ship.text = ship
        camp = screen(h, "tsushima-campaign")
        camp.ids.where.text = where
        h.touch(camp.ids.place)
        camp = screen(h, "tsushima-campaign")
        assert h.app.tsushima.fleet.berth(ship).location == where, camp.refused


def start_scenario(h: Any, title: str) -> Any:
    """On the set-up screen, start the scenario whose button names ``title``: its fleets."""
    setup = screen(h, "tsushima-setup")
    h.touch(next(b for b in rows(setup.ids.scenarios) if title in b.text))
    h.touch(setup.ids.start)
    return screen(h, "tsushima-fleets")


def test_every_scenario_is_offered_and_tsushima_sets_up_the_fleets(h: Any) -> None:
    start = screen(h, "start")
    h.touch(start.ids.tsushima)
    setup = screen(h, "tsushima-setup")
    titles = [b.text for b in rows(setup.ids.scenarios)]
    assert len(titles) == 5
    for name in ("Port Arthur", "Variag at Chemulpo", "Round Island", "Tsushima", "War at Sea"):
        assert any(name in t for t in titles), name
    # the provisional tables are flagged, and the full warnings are a touch away
    assert "Gunfire Table" in setup.ids.banner.text
    assert "Torpedo Table" in setup.ids.banner.text
    assert setup.ids.banner.height > 0
    h.touch(next(b for b in rows(setup.ids.scenarios) if "Round Island" in b.text))
    assert "The Battle off Round Island" in setup.ids.details.text
    h.touch(next(w for w in setup.walk() if getattr(w, "text", "") == "Other games"))
    fleets = set_up_tsushima(h)
    assert "May 1905" in fleets.clock_line
    japan = texts(fleets.ids.japan)
    russia = texts(fleets.ids.russia)
    assert "Mikasa" in japan and "Sasebo" in japan
    assert "Souvaroff" in russia and "China Sea" in russia and "morale -2" in russia
    assert len(rows(fleets.ids.japan)) == 29 and len(rows(fleets.ids.russia)) == 23
    assert "Gunfire Table" in fleets.ids.banner.text


def test_battle_board_engagement_then_terminal_phase(h: Any) -> None:
    d = h.app.tsushima
    set_up_tsushima(h)
    meet(h)
    fleets = h.show("tsushima-fleets")
    # a division of two battleships is refused with the reason; nothing is set up
    for name in ("Mikasa", "Shikishima"):
        press(row_for(fleets.ids.japan, name))
    h.touch(fleets.ids.form)
    fleets = screen(h, "tsushima-fleets")
    assert "3-6 ships" in fleets.refused and d.setup == []
    for name in ("Asahi", "Fuji"):
        press(row_for(fleets.ids.japan, name))
    fleets = screen(h, "tsushima-fleets")
    assert "Jap column\n4" in fleets.ids.column.text
    h.touch(fleets.ids.form)
    for name in ("Souvaroff", "Borodino", "Orel", "Alexandr III"):
        press(row_for(fleets.ids.russia, name))
    fleets = screen(h, "tsushima-fleets")
    assert "Rus column\n8" in fleets.ids.column.text
    d.shift_column(-2)
    h.touch(fleets.ids.form)
    fleets = screen(h, "tsushima-fleets")
    assert "Jap battle @4: Mikasa, Shikishima, Asahi, Fuji" in fleets.setup_text
    assert "Rus battle @6: Souvaroff, Borodino, Orel, Alexandr III" in fleets.setup_text
    h.touch(fleets.ids.battle)

    # the board: twelve columns, the divisions in theirs, the range between them
    battle = screen(h, "tsushima-battle")
    columns = rows(battle.ids.board)
    assert len(columns) == 12
    assert "JB1" in texts(columns[3]) and "Mikasa" in texts(columns[3])
    assert "RB1" in texts(columns[5]) and "Alexandr III" in texts(columns[5])
    assert texts(columns[0]) == "[b]1[/b]"  # only its number
    assert "JB1-RB1 1" in battle.ranges_text
    assert "Japanese movement" in battle.stage_line
    assert "Gunfire Table" in battle.ids.banner.text
    h.touch(battle.ids.hold)
    battle = screen(h, "tsushima-battle")
    assert battle.stage == "plan"
    assert "Mikasa" in texts(battle.ids.actions) and "at Souvaroff" in texts(battle.ids.actions)
    h.touch(battle.ids.declare)
    battle = screen(h, "tsushima-battle")
    assert battle.stage == "rolls"

    # the exact odds are on the screen before any die is rolled
    e = d.engagement
    mikasa_at = e.order_index("Mikasa", "primary")
    data = default_data()
    expected = gun_shot(Ship("Mikasa", data.counter("Mikasa")),
                        Ship("Souvaroff", data.counter("Souvaroff"), morale=-2),
                        "primary", Conditions(range=1), data)
    fire_rows = rows(battle.ids.actions)
    row = next(r for r in fire_rows if getattr(r, "index", None) == mikasa_at and "head" in r.ids)
    assert "Mikasa primary -> Souvaroff" in row.ids.head.text
    assert "2 salvos" in row.ids.head.text and f"modifier {expected.total_modifier:+d}" in (
        row.ids.head.text)
    assert "effective 6" in row.ids.how.text and "target's morale +2" in row.ids.how.text
    for result, p in expected.odds.items():
        if p:
            assert f"{result.phrase} {round(float(p) * 100)}% ({p.numerator}/{p.denominator})" in (
                row.ids.odds.text), (result, row.ids.odds.text)
    assert row.ids.result.text == "" and row.ids.buttons.opacity == 1

    # a die showing 7 is refused, nothing recorded
    assert not d.enter(mikasa_at, [(7, 1), (1, 1)])
    battle = screen(h, "tsushima-battle")
    assert "1-6" in battle.refused and d.engagement.declared[mikasa_at].rolls is None

    # physical dice by touch: 3+4 and 4+4 with modifier +1 are two single hits
    row = next(r for r in rows(battle.ids.actions)
               if getattr(r, "index", None) == mikasa_at and "head" in r.ids)
    h.touch(row.ids.enter)
    popup = next(w for w in h.Window.children if type(w).__name__ == "TsuDiceEntry")
    faces = {b.text: b for b in popup.ids.faces.children}
    for face in "3444":
        h.touch(faces[face])
    battle = screen(h, "tsushima-battle")
    row = next(r for r in rows(battle.ids.actions)
               if getattr(r, "index", None) == mikasa_at and "head" in r.ids)
    assert "Rolled 3+4=7, 4+4=8 -> one hit, one hit" in row.ids.result.text
    assert "physical" in row.ids.result.text
    # Souvaroff answers at Mikasa: 6+6 and 6+5, modifier -2, two single hits
    souv_at = d.engagement.order_index("Souvaroff", "primary")
    assert d.enter(souv_at, [(6, 6), (6, 5)])
    assert d.engagement.ship("Souvaroff").hits == 0  # marked, not yet in effect
    battle = screen(h, "tsushima-battle")
    assert "Souvaroff [b][color=ffb84d][/color][/b] [color=ffd24d]+2" in texts(
        rows(battle.ids.board)[5])
    h.touch(battle.ids.roll_all)
    battle = screen(h, "tsushima-battle")
    assert all(x.rolls is not None for x in d.engagement.declared)
    pending = d.pending()
    assert pending["Souvaroff"] >= 2 and pending["Mikasa"] == 2
    before = {s.ident: s.hits for s in d.engagement.ships}
    assert "At the end of the round" in texts(battle.ids.actions)
    h.touch(battle.ids.end_round)
    battle = screen(h, "tsushima-battle")
    after = d.engagement
    for ident, n in pending.items():  # every hit of the round took effect at once
        assert after.ship(ident).hits == min(after.ship(ident).hit_limit, before[ident] + n)
    assert after.ship("Mikasa").hits == 2
    assert "XX" in texts(rows(battle.ids.board)[3])  # Mikasa's two hits on the board
    assert "End of firing round 1." in battle.results
    assert battle.stage == "move"
    h.touch(battle.ids.finish)

    # the damage is on the fleet ledger
    fleets = screen(h, "tsushima-fleets")
    assert "2 hits" in row_for(fleets.ids.japan, "Mikasa").text
    meet(h, ("Mikasa",), "Sasebo")  # still the Japanese movement segment: home to the yard
    fleets = h.show("tsushima-fleets")
    h.touch(next(w for w in fleets.walk() if getattr(w, "text", "") == "Terminal phase"))
    term = screen(h, "tsushima-terminal")
    assert not term.terminal
    h.touch(term.ids.to_terminal)
    term = screen(h, "tsushima-terminal")
    assert term.terminal and "terminal phase" in term.clock_line
    assert "one hit repaired 50% (1/2)" in term.ids.odds.text
    assert "-2 -> -3[/b] at China Sea" in term.morale_text and "Aurora" in term.morale_text
    mikasa = row_for(term.ids.repairs, "Mikasa")
    assert mikasa.ids.where.text == "Sasebo"
    press(mikasa.ids.repair)
    term = screen(h, "tsushima-terminal")
    assert "Sasebo: 1 of 4 repair attempts" in term.ports_text
    # no map movement in the terminal phase: the move is refused, nothing changes
    row_for(term.ids.repairs, "Mikasa").ids.where.text = "Ominato"
    term = screen(h, "tsushima-terminal")
    assert "Japanese ships move in the Japanese movement segment" in term.refused
    assert d.fleet.time.terminal and d.fleet.berth("Mikasa").location == "Sasebo"
    assert row_for(term.ids.repairs, "Mikasa").ids.where.text == "Sasebo"
    # the repair die entered by touch: 4 repairs one hit
    h.touch(term.ids.enter)
    popup = next(w for w in h.Window.children if type(w).__name__ == "TsuDiceEntry")
    h.touch(next(b for b in popup.ids.faces.children if b.text == "4"))
    term = screen(h, "tsushima-terminal")
    assert "Mikasa at Sasebo: repair die 4, 1 hit(s) repaired" in term.results
    assert "Aurora: morale falls to -3." in term.results
    assert "June 1905" in term.clock_line and not term.terminal
    h.touch(next(w for w in term.walk() if getattr(w, "text", "") == "Fleets"))
    fleets = screen(h, "tsushima-fleets")
    mikasa_row = row_for(fleets.ids.japan, "Mikasa").text
    assert "1 hit" in mikasa_row and "in the yard" in mikasa_row
    assert "morale -3" in row_for(fleets.ids.russia, "Aurora").text


def test_battle_board_scenario_starts_from_its_own_set_up(h: Any) -> None:
    d = h.app.tsushima
    h.app.show("tsushima-setup")
    fleets = start_scenario(h, "Port Arthur")
    h.touch(fleets.ids.battle)
    battle = screen(h, "tsushima-battle")
    shown = texts(battle.ids.board)
    assert d.engagement is not None and d.engagement.port == "Port Arthur"
    assert "Petropavlovsk" in shown and "Mikasa" in shown
    # a move beyond the formation's limit is refused with the reason
    mover = d.movers()[0]
    limit = d.engagement.max_columns(mover)
    for _ in range(limit + 1):
        d.nudge(mover.ident, 1)
    battle = screen(h, "tsushima-battle")
    assert f"at most {limit} column" in battle.refused
    assert d.moves[mover.ident] == limit


def test_undo_and_the_verdict_on_the_fleets_screen(h: Any) -> None:
    d = h.app.tsushima
    fleets = set_up_tsushima(h)
    assert "If the game ended now:" in fleets.ids.verdict.text
    # Japan's battleships are in port, Russia's in the China Sea: no place where both meet
    assert not d.quick_setup() and "ships fight only where they meet" in d.message
    meet(h)
    assert d.quick_setup() and d.start_battle() and d.hold() and d.declare()
    assert d.roll_all() and d.end_round() and d.finish_battle()
    damaged = {b.ship.ident: b.ship.hits for b in d.fleet.berths if b.ship.hits}
    assert damaged
    h.app.show("tsushima-fleets")
    fleets = screen(h, "tsushima-fleets")
    h.touch(fleets.ids.undo)  # takes back carrying the damage: the board is open again
    fleets = screen(h, "tsushima-fleets")
    assert d.engagement is not None and not any(b.ship.hits for b in d.fleet.berths)
    assert "Undone: finish" in fleets.message
    assert "Back to the battle" in fleets.ids.battle.text
    # the record on disk was written after the undo: a restart finds the battle open
    from companion.tsushima.desk import Desk

    saved = Desk.read(d.save_dir / "tsushima-game.jsonl")
    assert saved.battle is not None and saved.campaign == d.desk.campaign


def test_flight_from_the_battle_screen(h: Any) -> None:
    d = h.app.tsushima
    set_up_tsushima(h)
    meet(h)
    assert d.quick_setup() and d.start_battle()
    h.app.show("tsushima-battle")

    def quiet_round() -> None:
        assert d.declare() and d.roll_all() and d.end_round()

    battle = screen(h, "tsushima-battle")
    assert battle.ids.flee.shown and not battle.ids.flight_die.shown
    assert d.hold()
    quiet_round()
    battle = screen(h, "tsushima-battle")
    assert "Russian movement" in battle.stage_line
    h.touch(battle.ids.flee)
    battle = screen(h, "tsushima-battle")
    assert d.flee and battle.flee_label == "Flee: yes"
    assert d.nudge("RB1", 1) and d.move()  # flight declared: no die this round
    assert d.engagement is not None and d.engagement.formation("RB1").fleeing
    quiet_round()
    assert d.hold()
    quiet_round()
    battle = screen(h, "tsushima-battle")
    assert battle.ids.flight_die.shown and not battle.ids.flee.shown
    assert not d.nudge("RB1", 3)  # three columns only after a 1-3 on the flight die
    assert not d.move() and "flight die before it moves" in d.message
    assert d.enter_flight_die(2)
    battle = screen(h, "tsushima-battle")
    assert not battle.ids.flight_die.shown and "Flight die 2." in texts(battle.ids.actions)
    column = d.engagement.formation("RB1").column if d.engagement else 0
    assert d.nudge("RB1", 3) and d.move()
    e = d.engagement
    assert e is not None and e.flight_successes(e.first_mover.enemy) == 1
    assert "RB1 +3" in " ".join(d.results)
    assert e.formation("RB1").column == column + 3 and e.formation("RB1").fleeing


def test_the_war_at_sea_campaign_screen(h: Any) -> None:
    d = h.app.tsushima
    h.app.show("tsushima-setup")
    fleets = start_scenario(h, "War at Sea")
    h.touch(fleets.ids.campaign)
    camp = screen(h, "tsushima-campaign")
    assert "lasts 23 turns" in camp.ids.status.text
    assert camp.ids.italy.shown and camp.ids.plan_b.shown and not camp.ids.loads_met.shown
    h.touch(camp.ids.italy)
    camp = screen(h, "tsushima-campaign")
    assert not camp.ids.italy.shown and "Table 6A" in camp.ids.status.text
    assert d.fleet is not None and d.fleet.italy is not None
    h.touch(camp.ids.plan_b)
    camp = screen(h, "tsushima-campaign")
    assert "Plan B to Chemulpo: 0 of 6 turns met" in camp.ids.status.text
    h.touch(camp.ids.next)
    camp = screen(h, "tsushima-campaign")
    assert "Japanese spotting and combat" in camp.clock_line
    assert d.to_terminal()
    camp = screen(h, "tsushima-campaign")
    assert camp.ids.loads_met.shown
    h.touch(camp.ids.loads_met)
    camp = screen(h, "tsushima-campaign")
    assert "1 of 6 turns met" in camp.ids.status.text and not camp.ids.loads_met.shown
    h.touch(camp.ids.undo)
    camp = screen(h, "tsushima-campaign")
    assert camp.ids.loads_met.shown and "0 of 6 turns met" in camp.ids.status.text


def test_ships_placed_from_the_campaign_screen_and_russia_ends_the_war(h: Any) -> None:
    d = h.app.tsushima
    set_up_tsushima(h)
    h.app.show("tsushima-campaign")
    camp = screen(h, "tsushima-campaign")
    assert not camp.ids.over.shown
    # Russian ships move in the Russian movement segment: refused in Japan's, nothing stored
    camp.ids.ship.text = "Souvaroff"
    camp = screen(h, "tsushima-campaign")
    camp.ids.where.text = "sea"
    h.touch(camp.ids.place)
    camp = screen(h, "tsushima-campaign")
    assert "Russian ships move in the Russian movement segment" in camp.refused
    assert d.fleet is not None and d.fleet.berth("Souvaroff").location == "China Sea"
    for _ in range(2):
        h.touch(camp.ids.next)
    camp = screen(h, "tsushima-campaign")
    assert "Russian movement" in camp.clock_line
    for where in ("sea", "Vladivostok"):
        camp.ids.ship.text = "Souvaroff"
        camp = screen(h, "tsushima-campaign")
        assert where in camp.ids.where.values
        camp.ids.where.text = where
        h.touch(camp.ids.place)
        camp = screen(h, "tsushima-campaign")
    assert d.fleet is not None and d.fleet.berth("Souvaroff").location == "Vladivostok"
    # a refused move is shown, nothing changes: the Baltic does not join the China Sea
    camp.ids.ship.text = "Orel"
    camp.ids.where.text = "Baltic"
    h.touch(camp.ids.place)
    camp = screen(h, "tsushima-campaign")
    assert "China Sea and Baltic zones do not join" in camp.refused
    assert d.fleet.berth("Orel").location == "China Sea"
    assert camp.ids.over.shown
    h.touch(camp.ids.over)
    camp = screen(h, "tsushima-campaign")
    assert d.fleet.over and camp.verdict.startswith("Game over. Russian")


def test_no_banner_once_the_owner_has_confirmed_the_data(h: Any, monkeypatch: Any) -> None:
    import ui.tsushima.controller as controller

    monkeypatch.setattr(controller, "provisional_warnings", lambda data=None: [])
    h.app.show("tsushima-setup")
    setup = screen(h, "tsushima-setup")
    h.frames(3)
    assert setup.ids.banner.text == "" and setup.ids.banner.height == 0


def test_pictures_of_every_tsushima_screen_at_both_sizes(h: Any, tmp_path: Path) -> None:
    from ui.screenshots import blank
    from ui.tsushima import screenshot_states

    names = []
    for name in screenshot_states(h.app):
        names.append(name)
        # both sizes for the busiest screen; the rest at the small one (the command does all)
        sizes = ((800, 480), (1280, 720)) if name == "tsushima-battle-fire" else ((800, 480),)
        for size in sizes:
            h.resize(size)
            path = h.shoot(tmp_path / f"{name}-{size[0]}x{size[1]}.png")
            assert not blank(path), path
        h.resize((800, 480))
        assert not h.app.tsushima.refused, (name, h.app.tsushima.message)
    assert {"tsushima-setup", "tsushima-fleets", "tsushima-battle-fire",
            "tsushima-terminal", "tsushima-campaign"} <= set(names)


def test_a_restarted_app_resumes_the_saved_battle(make_app: Callable[[], Any]) -> None:
    first = seeded(make_app())
    try:
        d = first.app.tsushima
        set_up_tsushima(first)
        meet(first)
        assert d.quick_setup() and d.start_battle() and d.hold() and d.declare()
        assert d.roll_all() and d.end_round()
        hits = {s.ident: s.hits for s in d.engagement.ships}
        assert any(hits.values())
    finally:
        first.stop()  # like a power cut: nothing is saved on the way out
        first.app.ctx.close()
    h = seeded(make_app())
    try:
        h.touch(screen(h, "start").ids.tsushima)
        setup = screen(h, "tsushima-setup")
        assert "Resume Tsushima, May 1905" in setup.ids.resume.text
        assert "battle in progress" in setup.ids.resume.text
        h.touch(setup.ids.resume)
        battle = screen(h, "tsushima-battle")
        e = h.app.tsushima.engagement
        assert {s.ident: s.hits for s in e.ships} == hits
        assert e.firing_rounds == 1 and battle.stage == "move"
    finally:
        h.stop()
        h.app.ctx.close()


def test_a_torpedo_attack_from_the_fire_plan(h: Any) -> None:
    """Rule: a boat fires its torpedoes at ships in its own or the adjacent column, once a
    naval phase; the plan offers the attack and the odds show once it is declared."""
    d = h.app.tsushima
    set_up_tsushima(h)
    meet(h, (*JAPAN_DIVISION, "JD1"))
    assert d.quick_setup()
    assert d.toggle_ship("JD1") and d.shift_column(3) and d.form_division()  # column 7
    assert d.start_battle() and d.hold()
    battle = h.show("tsushima-battle")
    assert battle.stage == "plan" and "JD1" in d.torpedo_boats(), d.message
    row = next(r for r in rows(battle.ids.actions) if getattr(r, "boat", "") == "JD1")
    assert "JD1[/b] torpedoes, 3 salvos" in row.ids.what.text
    press(row.ids.target)  # the row may lie below the fold of the plan
    battle = screen(h, "tsushima-battle")
    order = next(o for o in d.plan if o.weapon == "torpedo")
    assert order.firer == "JD1" and order.target in d.torpedo_boats()["JD1"]
    assert "JD1[/b] torpedo" in texts(battle.ids.actions)
    h.touch(battle.ids.declare)
    battle = screen(h, "tsushima-battle")
    assert battle.stage == "rolls" and "JD1 torpedo ->" in texts(battle.ids.actions)
    assert d.roll_all() and d.end_round() and d.hold()
    assert "JD1" not in d.torpedo_boats()  # its attack is made for this naval phase


def test_a_screen_placed_from_the_fire_plan(h: Any) -> None:
    """Rule: a ship or destroyer counter in the next column may screen friendly ships; the
    screened ships fire and are fired on at -2."""
    d = h.app.tsushima
    set_up_tsushima(h)
    meet(h, (*JAPAN_DIVISION, "JD1"))
    assert d.quick_setup()
    assert d.toggle_ship("JD1") and d.shift_column(1) and d.form_division()  # column 5
    assert d.start_battle() and d.hold()
    battle = h.show("tsushima-battle")
    assert ("JD1", "JB1") in d.screen_options()
    row = next(r for r in rows(battle.ids.actions) if getattr(r, "screen", ()) == ("JD1", "JB1"))
    assert "JD1[/b] may screen JB1" in row.ids.what.text
    press(row.ids.target)
    battle = screen(h, "tsushima-battle")
    e = d.engagement
    assert e is not None and ("JD1", "JB1") in e.screens and "JD1 screens JB1." in battle.results
    assert ("JD1", "JB1") not in d.screen_options() and d.desk.entries[-1].step == "screen"
    h.touch(battle.ids.declare)
    e = d.engagement
    shot = e.declared[e.order_index("Mikasa", "primary")].shot
    assert any("screen" in label for label, _ in shot.modifiers), shot.modifiers


def test_a_damaged_ship_left_behind_from_the_movement_round(h: Any) -> None:
    """Rule: a division with a ship of two hits moves one column; a damaged ship other than
    the lead may be left behind so the rest sail at their own limit."""
    d = h.app.tsushima
    set_up_tsushima(h)
    meet(h)
    d.desk.hits("Shikishima", 2, "shore battery")
    assert d.quick_setup() and d.start_battle()
    battle = h.show("tsushima-battle")
    e = d.engagement
    assert e is not None and e.mover.value == "japan" and battle.stage == "move"
    assert d.detachable() == ["Shikishima"]  # the lead, and undamaged ships, never
    assert not d.nudge("JB1", 2) and "at most 1 column" in d.message
    row = next(r for r in rows(battle.ids.actions) if getattr(r, "detach", "") == "Shikishima")
    press(row.ids.target)
    battle = screen(h, "tsushima-battle")
    assert d.detach == ["Shikishima"] and "Left behind this round: Shikishima." in d.message
    assert d.nudge("JB1", 2)
    h.touch(battle.ids.move)
    e = d.engagement
    column = e.formation("JB1").column
    assert "Shikishima" not in e.formation("JB1").ships
    assert e.formation_of("Shikishima").column == column - 2 and d.detach == []
