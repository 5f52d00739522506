"""Choose a scenario: every scenario of the rulebook, with its forces, length and notes."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import StringProperty

from companion.tsushima import Scenario, ShipType, Side

from .common import DeskScreen, desk, u

SHORT_KIND = {"battle_board": "battle board", "map": "map"}
KIND = {"battle_board": "fought on the battle board", "map": "played on the map"}


def short_title(title: str) -> str:
    for prefix in ("The Battle of ", "The Battle off ", "The Destruction of the ", "The "):
        if title.startswith(prefix):
            return title[len(prefix):]
    return title


def scenario_details(s: Scenario) -> str:
    year, month = s.start.split("-")
    import calendar

    when = f"{calendar.month_name[int(month)]} {year}"
    length = f"{s.turns} turns" if s.turns else "one engagement"
    lines = [f"[b]{s.title}[/b]", f"Starts {when}; {length}; {KIND.get(s.kind, s.kind)}."]
    for side in (Side.JAPAN, Side.RUSSIA):
        ships = s.ships(side)
        counts: dict[str, int] = {}
        for ship in ships:
            counts[ship.type.label] = counts.get(ship.type.label, 0) + 1
        force = ", ".join(f"{n} {label}{'s' if n > 1 else ''}" for label, n in counts.items())
        lines.append(f"[b]{side.adjective}[/b] ({len(ships)} counters): {force or 'none'}")
        for p in s.placements[side]:
            named = [x.ident for x in p.ships if x.type not in (ShipType.D, ShipType.T)]
            if p.ships:
                lines.append(f"  {p.describe()}: {', '.join(named[:8])}"
                             + (" ..." if len(named) > 8 else ""))
    if s.notes:
        lines.append("")
        lines += [f"- {n}" for n in s.notes]
    return "\n".join(lines)


class ScenarioScreen(DeskScreen):
    details = StringProperty("")
    chosen = StringProperty("")
    resume_text = StringProperty("")

    def refresh(self, d: Any) -> None:
        box = self.ids.scenarios
        box.clear_widgets()
        for s in d.scenarios():
            b = Factory.TsuButton(
                text=f"[b]{short_title(s.title)}[/b]\n{s.start} · {SHORT_KIND.get(s.kind, s.kind)}",
                font_size=u(15),
                markup=True,
                size_hint_y=None,
                height=u(44),
            )
            b.background_color = (0.55, 0.4, 0.05, 1) if s.key == d.scenario.key else (
                0.18, 0.21, 0.27, 1)
            b.bind(on_release=lambda _b, k=s.key: self.choose(k))
            b.key = s.key
            box.add_widget(b)
        self.chosen = d.scenario.title
        self.details = scenario_details(d.scenario)
        saved = d.saved() if d.fleet is None else ""
        self.resume_text = f"Resume {short_title(saved)}" if saved else ""

    def choose(self, key: str) -> None:
        desk().choose_scenario(key)

    def resume(self) -> None:
        d = desk()
        if d.resume():
            self.go("tsushima-battle" if d.engagement is not None else "tsushima-fleets")

    def start(self) -> None:
        if desk().start_scenario():
            self.go("tsushima-fleets")
