"""The campaign: where the whole game stands (the desk's status lines and the verdict), and
the campaign steps that need no map: the next segment, the cruisers in Italy, the land
campaign's plan and each turn's shiploads."""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, StringProperty

from .common import DeskScreen


class CampaignScreen(DeskScreen):
    status_text = StringProperty("")
    verdict = StringProperty("")
    italy = BooleanProperty(False)
    plan = BooleanProperty(False)
    loads = BooleanProperty(False)
    need = BooleanProperty(False)

    def refresh(self, d: Any) -> None:
        offers = d.offers()
        self.italy, self.plan = "italy" in offers, "plan" in offers
        self.loads, self.need = "loads" in offers, "need" in offers
        self.status_text = "\n".join(d.status()) or "Set up a scenario first."
        self.verdict = d.verdict_line()
        if d.results:
            self.status_text = ("[b]Last step:[/b] " + "  ".join(d.results) + "\n\n"
                                + self.status_text)
