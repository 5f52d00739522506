"""The battle orders the command line had and the screens lacked, headless and by touch: a
port battle and the side to move first at set-up (fleets screen), merchants fleeing on their
own, and a torpedo order's share of its boat's salvos (battle screen). Pictures of each at
both sizes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tsushima_ui import pictures, screen

from companion.core.dice import DiceService
from companion.tsushima import Side


@pytest.fixture
def h(h: Any) -> Any:
    h.app.tsushima.dice = DiceService(11)
    return h


def test_a_port_battle_is_set_up_by_touch(h: Any, tmp_path: Path) -> None:
    d = h.app.tsushima
    assert d.choose_scenario("war-at-sea") and d.start_scenario()
    for ship in ("Mikasa", "Asahi", "Fuji"):
        assert d.place(ship, "Port Arthur")
    assert d.next_segment() and d.choose_procedure("port-attack")
    assert d.set_map_place("Port Arthur") and d.enter_map([5]), d.message
    f = h.show("tsushima-fleets")
    f = screen(h, "tsushima-fleets")
    assert f.ids.battle_place.parent.height == 0 and not f.building  # nothing set up yet
    for group, side, column in ((("Mikasa", "Asahi", "Fuji"), Side.JAPAN, 3),
                                (("Retvizan", "Tsarevitch", "Sevastopol"), Side.RUSSIA, 9)):
        for ship in group:
            assert d.toggle_ship(ship), d.message
        d.column[side] = column
        assert d.form_division(), d.message
    f = screen(h, "tsushima-fleets")
    assert f.building and f.ids.battle_place.values == ["open sea", "Port Arthur"]
    f.ids.battle_place.text = "Port Arthur"
    h.touch(screen(h, "tsushima-fleets").ids.first)
    f = screen(h, "tsushima-fleets")
    assert d.battle_port == "Port Arthur" and f.ids.first.text == "Russian side moves first"
    pictures(h, tmp_path, "tsushima-fleets-port-battle")
    h.touch(f.ids.battle)
    b = screen(h, "tsushima-battle")
    assert d.engagement.port == "Port Arthur" and not b.may_flee


def merchants_and_destroyers_meet_a_cruiser(d: Any) -> None:
    """War at Sea: two merchants and two destroyers at sea meet Gromoboi."""
    assert d.choose_scenario("war-at-sea") and d.start_scenario()
    for ship in ("JM1", "JM2"):
        assert d.place(ship, "sea")
    while "Russian movement" not in d.fleet.time.describe() or d.fleet.time.phase < 3:
        assert d.next_segment()
    assert d.place("Gromoboi", "sea")
    for group, side, column in ((("JM1", "JM2"), Side.JAPAN, 6), (("JD1", "JD2"), Side.JAPAN, 6),
                                (("Gromoboi",), Side.RUSSIA, 7)):
        for ship in group:
            assert d.toggle_ship(ship), d.message
        d.column[side] = column
        assert d.form_division(), d.message
    assert d.start_battle(), d.message


def test_merchants_flee_and_torpedo_salvos_are_counted_by_touch(h: Any, tmp_path: Path) -> None:
    d = h.app.tsushima
    merchants_and_destroyers_meet_a_cruiser(d)
    b = h.show("tsushima-battle")
    b = screen(h, "tsushima-battle")
    assert b.ids.flee_merchants.shown and b.ids.flee_merchants.text == "Merchants flee"
    h.touch(b.ids.flee_merchants)
    b = screen(h, "tsushima-battle")
    assert b.ids.flee_merchants.text == "Merchants flee: yes"
    pictures(h, tmp_path, "tsushima-battle-merchants")
    h.touch(b.ids.move)
    e = d.engagement
    fleeing = {f.ident: f.fleeing for f in e.formations}
    assert fleeing["JM1"] and fleeing["JM2"] and not fleeing["JD1"]
    b = screen(h, "tsushima-battle")
    boat = next(r for r in b.ids.actions.children if getattr(r, "boat", "") == "JD1")
    boat.ids.target.dispatch("on_release")
    b = screen(h, "tsushima-battle")
    rows = [r for r in b.ids.actions.children if getattr(r, "counted", False)]
    assert len(rows) == 1 and rows[0].ids.count.text == "all salvos"
    rows[0].ids.count.dispatch("on_release")  # a finger's release (the row may be scrolled)
    b = screen(h, "tsushima-battle")
    row = next(r for r in b.ids.actions.children if getattr(r, "counted", False))
    assert row.ids.count.text == "1 salvo"
    row.ids.count.dispatch("on_release")
    b = screen(h, "tsushima-battle")
    row = next(r for r in b.ids.actions.children if getattr(r, "counted", False))
    assert row.ids.count.text == "2 salvos"
    b.ids.actions.parent.scroll_y = 0  # the torpedo order is the plan's last row
    pictures(h, tmp_path, "tsushima-battle-torpedo-salvos")
    h.touch(b.ids.declare)
    screen(h, "tsushima-battle")
    torpedo = [x for x in d.engagement.declared if x.order.weapon == "torpedo"]
    assert [x.shot.salvos for x in torpedo] == [2]
