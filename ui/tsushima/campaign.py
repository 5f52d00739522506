"""The campaign: where the whole game stands (the desk's status lines and the verdict), and
the campaign steps that need no map: where a ship now is, the next segment, the cruisers in
Italy, the land campaign's plan and each turn's shiploads, Russia ending the Tsushima war."""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, StringProperty

from .common import DeskScreen, desk


class CampaignScreen(DeskScreen):
    status_text = StringProperty("")
    verdict = StringProperty("")
    italy = BooleanProperty(False)
    plan = BooleanProperty(False)
    loads = BooleanProperty(False)
    need = BooleanProperty(False)
    over = BooleanProperty(False)

    def refresh(self, d: Any) -> None:
        offers = d.offers()
        self.italy, self.plan = "italy" in offers, "plan" in offers
        self.loads, self.need = "loads" in offers, "need" in offers
        self.over = "over" in offers
        ships = d.movable() if d.fleet is not None else []
        picker = self.ids.ship
        picker.values = ships
        if picker.text not in ships:
            picker.text = ships[0] if ships else ""
        self.ids.where.values = d.places_for(picker.text) if picker.text else []
        if picker.text and self.ids.where.text not in self.ids.where.values:
            self.ids.where.text = d.fleet.berth(picker.text).location
        self.status_text = "\n".join(d.status()) or "Set up a scenario first."
        self.verdict = d.verdict_line()
        if d.results:
            self.status_text = ("[b]Last step:[/b] " + "  ".join(d.results) + "\n\n"
                                + self.status_text)

    def pick(self) -> None:
        """A ship chosen: offer the places it may be recorded at."""
        d = desk()
        ship = self.ids.ship.text
        if not ship or d.fleet is None:
            self.ids.where.values = []
            return
        self.ids.where.values = d.places_for(ship)
        self.ids.where.text = d.fleet.berth(ship).location  # where it is now

    def place(self) -> None:
        """Record the ship at the place picked, or at the hex typed (which wins)."""
        ship, where = self.ids.ship.text, self.ids.hex.text.strip() or self.ids.where.text
        if ship and where and desk().place(ship, where):
            self.ids.hex.text = ""
