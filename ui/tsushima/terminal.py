"""The terminal phase: damaged ships sent to port and chosen for repair within each port's
capacity (odds shown before the dice), then morale; the phase ends all at once."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import BooleanProperty, StringProperty

from .common import SIDE_RGBA, DeskScreen, desk, make, pct
from .dice_entry import TsuDiceEntry


class TerminalScreen(DeskScreen):
    terminal = BooleanProperty(False)
    phase_note = StringProperty("")
    odds_line = StringProperty("")
    ports_text = StringProperty("")
    morale_text = StringProperty("")

    def refresh(self, d: Any) -> None:
        box = self.ids.repairs
        box.clear_widgets()
        f = d.fleet
        if f is None:
            self.phase_note = "Set up a scenario first."
            return
        self.terminal = f.time.terminal
        if self.terminal:
            self.phase_note = ("[b]Terminal phase.[/b] Send damaged ships to port, choose "
                               "repairs (one hit per ship, within the port's capacity), then "
                               "end the phase: repairs, then morale.")
        else:
            self.phase_note = (f"It is {f.time.describe()}. The terminal phase follows naval "
                               "phase 6: go to it when the naval phases are played.")
        odds = d.repair_odds(d.repair_candidates()[0]) if d.repair_candidates() else {}
        self.odds_line = "Repair die: " + " · ".join(f"{k} {pct(p)}" for k, p in odds.items())
        for ident in d.repair_candidates():
            b = f.berth(ident)
            row = make("TsuRepairRow", rgba=SIDE_RGBA[b.ship.side])
            chosen = ident in d.repairs
            row.ids.what.text = (f"[b]{ident}[/b]\n{b.ship.hits} hit{'s' * (b.ship.hits > 1)}"
                                 + (", in the yard" if b.repairing else ""))
            row.ids.where.values = d.places_for(ident)
            row.ids.where.text = b.location
            row.ids.where.bind(text=lambda sp, value, i=ident: desk().place(i, value))
            row.ids.repair.state = "down" if chosen else "normal"
            row.ids.repair.text = "Repair" if chosen else "Repair?"
            row.ids.repair.bind(on_release=lambda _b, i=ident: desk().toggle_repair(i))
            row.ident = ident
            box.add_widget(row)
        if not d.repair_candidates():
            box.add_widget(Factory.TsuText(text="No damaged ship afloat."))
        uses = d.port_use()
        self.ports_text = "\n".join(
            f"{u.port}: {u.used + u.asked} of {u.capacity} repair attempts this turn"
            + ("  [b][color=ff7766]over capacity[/color][/b]" if u.over else "")
            for u in uses
        )
        preview = d.morale_preview()
        if preview:
            groups: dict[tuple[str, int, int], list[str]] = {}
            for name, now, after, where in preview:
                groups.setdefault((where, now, after), []).append(name)
            self.morale_text = "\n".join(
                f"[b]{_lvl(now)} -> {_lvl(after)}[/b] at {where}: {', '.join(names)}"
                for (where, now, after), names in groups.items()
            )
        else:
            self.morale_text = "No morale changes at the end of this phase."

    def go_terminal(self) -> None:
        desk().to_terminal()

    def enter_dice(self) -> TsuDiceEntry | None:
        d = desk()
        ships = list(d.repairs)
        if not ships:
            d.enter_terminal({})
            return None
        popup = TsuDiceEntry(title="Enter the repair die of each ship",
                             labels=[f"{s}'s repair die" for s in ships])
        popup.on_done = lambda faces: d.enter_terminal(dict(zip(ships, faces, strict=True)))
        popup.open()
        return popup


def _lvl(level: int) -> str:
    return "normal" if level == 0 else str(level)
