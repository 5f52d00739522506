"""The owner's map file in the app, headless: a step that needs a fact of the printed map asks
it in a pop-up, stores the answer in the owner's map file and goes on; the map facts page
lists and changes the facts. Pictures of both at both sizes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tsushima_ui import pictures, screen

from companion.core.dice import DiceService


@pytest.fixture
def h(h: Any) -> Any:
    h.app.tsushima.dice = DiceService(11)
    return h


def popups(h: Any, kind: str) -> list[Any]:
    """The pop-ups of class ``kind`` open over the window after two frames."""
    h.frames(2)
    return [w for w in h.Window.children if type(w).__name__ == kind]


def question(h: Any) -> Any:
    found = popups(h, "TsuMapQuestion")
    assert len(found) == 1, found  # one question at a time
    return found[0]


def no_question(h: Any) -> bool:
    return not popups(h, "TsuMapQuestion")


def button(box: Any, text: str) -> Any:
    return next(b for b in box.children if getattr(b, "text", "") == text)


def test_a_mine_asks_each_map_fact_once_by_touch(h: Any, tmp_path: Path) -> None:
    d = h.app.tsushima
    assert d.choose_scenario("round-island") and d.start_scenario() and d.to_terminal()
    h.show("tsushima-map")
    m = screen(h, "tsushima-map")
    m.ids.procedure.text = "Lay a mine"
    m = screen(h, "tsushima-map")
    h.touch(m.ids.navy)  # Russia holds Round Island's mine
    m = screen(h, "tsushima-map")
    assert m.ids.flags.height == 0  # nothing taken on the referee's word
    m.ids.place.text = "1204"  # typed, not confirmed with Enter
    h.touch(m.ids.roll)
    q = question(h)
    assert "whether hex 1204 is partial sea" in q.question
    assert {b.text for b in q.ids.answers.children} == {"yes", "no"} and not q.typed
    pictures(h, tmp_path, "tsushima-map-question", q)
    h.touch(button(question(h).ids.answers, "yes"))
    q = question(h)
    assert "which hex holds Port Arthur" in q.question and q.typed
    q.ids.typed.text = "1205"
    h.touch(q.ids.store)
    q = question(h)
    assert "how the map numbers its hexes" in q.question
    h.touch(button(q.ids.answers, "odd-q"))
    assert no_question(h)
    m = screen(h, "tsushima-map")
    assert "Russian mine laid in 1204" in m.results, m.refused
    stored = json.loads((d.map_dir / "map.json").read_text())
    assert stored["hexes"]["1204"]["partial_sea"] is True
    assert stored["port_hexes"] == {"Port Arthur": "1205"}
    # the record keeps the facts used; the map facts page shows the file
    assert d.desk.entries[-1].args["hexes_to_port"] == 1
    h.touch(m.ids.map_file)
    page = screen(h, "tsushima-mapfile")
    assert "Port Arthur is in hex 1205." in page.facts and "Hex 1204: partial sea." in page.facts


def test_not_now_leaves_the_step_unmade(h: Any) -> None:
    d = h.app.tsushima
    assert d.choose_scenario("round-island") and d.start_scenario() and d.to_terminal()
    h.show("tsushima-map")
    assert d.choose_procedure("lay-mine") and d.switch_navy() and d.set_map_place("1204")
    h.touch(screen(h, "tsushima-map").ids.roll)
    h.touch(question(h).ids.later)
    assert no_question(h)
    m = screen(h, "tsushima-map")
    assert "still unknown" in m.refused or "still unknown" in d.message
    assert not d.desk.campaign.mines and not (d.map_dir / "map.json").exists()


def test_the_map_facts_page_gives_and_changes_facts(h: Any, tmp_path: Path) -> None:
    d = h.app.tsushima
    assert d.choose_scenario("war-at-sea") and d.start_scenario()
    h.show("tsushima-mapfile")
    page = screen(h, "tsushima-mapfile")
    assert "Layout: not yet given." in page.facts and str(d.map_dir) in page.facts
    page.ids.kind.text = "coast"
    page = screen(h, "tsushima-mapfile")
    assert set(page.ids.value_pick.values) >= {"japan", "korea", "none"}
    page.ids.subject.text = "0912"
    page.ids.value_pick.text = "korea"
    h.touch(page.ids.store)
    page = screen(h, "tsushima-mapfile")
    assert "Hex 0912: coast of Korea." in page.facts, page.refused
    page.ids.kind.text = "port's hex"
    page = screen(h, "tsushima-mapfile")
    assert "Port Arthur" in page.ids.subject_pick.values and page.typed_value
    page.ids.subject_pick.text = "Port Arthur"
    page.ids.value.text = "12x5"
    h.touch(page.ids.store)
    page = screen(h, "tsushima-mapfile")
    assert "not four digits" in page.refused and "Port Arthur" not in page.facts
    page.ids.value.text = "1205"
    h.touch(page.ids.store)
    page = screen(h, "tsushima-mapfile")
    assert "Port Arthur is in hex 1205." in page.facts and not page.refused
    pictures(h, tmp_path, "tsushima-mapfile")
    # the flying base on a Korean coastal hex is now read from the file
    assert d.choose_procedure("flying-base") and d.set_map_place("0912")
    assert d.roll_map(), d.message
    assert "Flying base placed at 0912" in d.results[0]


def confirmation(h: Any) -> list[Any]:
    return popups(h, "TsuDeleteFact")


def test_the_map_facts_page_deletes_a_fact_after_confirming(h: Any, tmp_path: Path) -> None:
    """**Delete** asks first: **Keep it** changes nothing, **Delete it** removes the fact
    from the owner's file (the next step that needs it asks again)."""
    d = h.app.tsushima
    assert d.choose_scenario("war-at-sea") and d.start_scenario()
    assert d.set_map_fact("port-hex", "Port Arthur", "1205")
    h.show("tsushima-mapfile")
    page = screen(h, "tsushima-mapfile")
    page.ids.kind.text = "port's hex"
    page = screen(h, "tsushima-mapfile")
    page.ids.subject_pick.text = "Vladivostok"
    h.touch(page.ids.delete)
    page = screen(h, "tsushima-mapfile")
    assert "holds no port-hex of Vladivostok" in page.refused and not confirmation(h)
    page.ids.subject_pick.text = "Port Arthur"
    h.touch(page.ids.delete)
    (popup,) = confirmation(h)
    assert "Delete the port's hex of Port Arthur (1205)" in popup.question
    pictures(h, tmp_path, "tsushima-mapfile-delete", popup)
    h.touch(popup.ids.no)
    page = screen(h, "tsushima-mapfile")
    assert not confirmation(h) and "Port Arthur is in hex 1205." in page.facts
    h.touch(page.ids.delete)
    (popup,) = confirmation(h)
    h.touch(popup.ids.yes)
    page = screen(h, "tsushima-mapfile")
    assert not confirmation(h) and "Port Arthur is in hex" not in page.facts
    assert "Deleted: the port's hex of Port Arthur." in page.message
    assert json.loads((d.map_dir / "map.json").read_text())["port_hexes"] == {}


def test_a_move_is_counted_on_the_map_asking_each_fact_once(h: Any, tmp_path: Path) -> None:
    """The campaign screen's **Place** counts the move: the pop-up asks the facts the count
    needs (Vladivostok's hex, how far it lies from the south edge), then the rule refuses a
    move from the China Sea zone beyond the ship's factor; the facts stay in the file, so
    the next move asks only for the hex it adds."""
    d = h.app.tsushima
    assert d.choose_scenario("tsushima") and d.start_scenario()
    assert d.next_segment() and d.next_segment()  # Russian movement
    h.show("tsushima-campaign")
    camp = screen(h, "tsushima-campaign")
    camp.ids.ship.text = "Souvaroff"
    camp = screen(h, "tsushima-campaign")
    camp.ids.where.text = "Vladivostok"
    h.touch(camp.ids.place)
    q = question(h)
    assert "which hex holds Vladivostok" in q.question and q.typed
    q.ids.typed.text = "1002"
    h.touch(q.ids.store)
    q = question(h)
    assert "how many hexes hex 1002 lies from the map's south edge" in q.question
    assert q.typed and q.hint.startswith("a number")
    pictures(h, tmp_path, "tsushima-move-question", q)
    q.ids.typed.text = "20"
    h.touch(q.ids.store)
    assert no_question(h)
    camp = screen(h, "tsushima-campaign")
    assert "this move costs 21 movement point(s)" in camp.refused
    assert d.fleet.berth("Souvaroff").location == "China Sea"
    stored = json.loads((d.map_dir / "map.json").read_text())
    assert stored["port_hexes"] == {"Vladivostok": "1002"}
    assert stored["hexes"]["1002"]["edge"] == 20
    camp.ids.hex.text = "0722"
    h.touch(camp.ids.place)
    q = question(h)
    assert "hex 0722 lies from the map's south edge" in q.question
    q.ids.typed.text = "0"
    h.touch(q.ids.store)
    assert no_question(h)
    camp = screen(h, "tsushima-campaign")
    assert d.fleet.berth("Souvaroff").location == "0722", camp.refused
    assert d.desk.entries[-1].args["points"] == 1
