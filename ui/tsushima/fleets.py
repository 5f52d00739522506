"""The fleets with damage and morale, and the battle set-up: touch ships (lead first) to
form divisions, put them in a column, start the battle board."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from companion.tsushima import Side

from .common import SIDE_RGBA, DeskScreen, desk

DAMAGE_RGBA = {0: (0.16, 0.19, 0.24, 1), 1: (0.45, 0.34, 0.05, 1), 2: (0.55, 0.2, 0.05, 1)}
SUNK_RGBA = (0.1, 0.1, 0.1, 1)


def berth_text(b: Any) -> str:
    s = b.ship
    if s.sunk:
        damage = "[b]SUNK[/b]"
    else:
        damage = "undamaged" if s.hits == 0 else f"[b]{s.hits} hit{'s' if s.hits > 1 else ''}[/b]"
    morale = "morale normal" if b.morale.level == 0 else f"[b]morale {b.morale.level}[/b]"
    yard = " · in the yard" if b.repairing else ""
    return f"[b]{s.ident}[/b] {s.type.value} · {b.location} · {damage} · {morale}{yard}"


class FleetsScreen(DeskScreen):
    setup_text = StringProperty("")
    column = NumericProperty(4)
    side_name = StringProperty("Japanese")
    japan_head = StringProperty("")
    russia_head = StringProperty("")
    battle_label = StringProperty("Start battle")
    verdict = StringProperty("")
    building = BooleanProperty(False)
    first_label = StringProperty("")

    def refresh(self, d: Any) -> None:
        if d.fleet is None:
            return
        for side, box in ((Side.JAPAN, self.ids.japan), (Side.RUSSIA, self.ids.russia)):
            box.clear_widgets()
            berths = [b for b in d.fleet.berths if b.ship.side is side]
            afloat = [b for b in berths if not b.ship.sunk]
            hits = sum(b.ship.hits for b in afloat)
            head = (f"{side.value.title()}: {len(afloat)} afloat · {len(berths) - len(afloat)}"
                    f" sunk · {hits} hit{'s' * (hits != 1)} to repair")
            if side is Side.JAPAN:
                self.japan_head = head
            else:
                self.russia_head = head
            for b in berths:
                row = Factory.TsuShipRow(text=berth_text(b))
                picked = b.ship.ident in d.selected
                taken = b.ship.ident in d.in_setup()
                rgba: Any = SUNK_RGBA if b.ship.sunk else DAMAGE_RGBA[min(2, b.ship.hits)]
                if taken:
                    rgba = [c * 0.6 + s * 0.4 for c, s in zip(rgba, SIDE_RGBA[side], strict=True)]
                if picked:
                    rgba = (0.85, 0.65, 0.1, 1)
                row.background_color = rgba
                row.color = (0, 0, 0, 1) if picked else (1, 1, 1, 1)
                row.ident = b.ship.ident
                row.bind(on_release=lambda r: desk().toggle_ship(r.ident))
                box.add_widget(row)
        side = d.selection_side()
        self.side_name = side.adjective
        self.column = d.column[side]
        parts = []
        for s, spec in d.setup:
            parts.append(f"{s.adjective[:3]} {spec.kind} @{spec.column}: {', '.join(spec.ships)}")
        chosen = f"Picked: {', '.join(d.selected)}. " if d.selected else ""
        self.setup_text = chosen + ("Board: " + " | ".join(parts) if parts else (
            "" if chosen else "Touch ships, lead first, then Form division; or Quick set-up."))
        e = d.engagement
        self.battle_label = "Back to the battle" if e is not None else "Start battle"
        self.verdict = d.verdict_line()
        self.building = e is None and bool(d.setup or d.selected)
        if self.building:
            self.ids.battle_place.values = d.battle_places()
            self.ids.battle_place.text = d.battle_port or d.OPEN_SEA
            self.first_label = f"{d.first_mover().adjective} side moves first"

    def pick_place(self, place: str) -> None:
        d = desk()
        if self.building and place and place != (d.battle_port or d.OPEN_SEA):
            d.set_battle_place(place)

    def battle(self) -> None:
        d = desk()
        if d.engagement is not None or d.start_battle():
            self.go("tsushima-battle")

    def terminal(self) -> None:
        self.go("tsushima-terminal")
