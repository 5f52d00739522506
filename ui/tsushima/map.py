"""The map procedures: searches, port attacks, running aground, mines, flying bases, block
ships and the channel, town raids, scuttling and capture, merchant call-ups, the land plan.
The screen shows the order in hand and raises intents; what each procedure asks for, its
choices, dice and odds come from the desk (``companion.tsushima.desk.orders``)."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.properties import BooleanProperty, ListProperty, StringProperty

from .common import SIDE_RGBA, DeskScreen, desk, u
from .dice_entry import TsuDiceEntry

PICKED = (0.85, 0.65, 0.1, 1)
PLAIN = (0.18, 0.21, 0.27, 1)


class MapScreen(DeskScreen):
    navy_label = StringProperty("")
    navy_rgba = ListProperty([0.62, 0.13, 0.13, 1])
    wants_navy = BooleanProperty(False)
    wants_place = BooleanProperty(False)
    has_flags = BooleanProperty(False)
    has_dice = BooleanProperty(True)
    odds_line = StringProperty("")
    roll_label = StringProperty("Roll")
    _shown_place = ""

    def refresh(self, d: Any) -> None:
        order, form = d.order, d.order.form
        titles = dict(d.map_procedures())
        self.ids.procedure.values = list(titles.values())
        self.ids.procedure.text = titles[order.name]
        self.wants_navy = form.navy
        self.navy_label = f"{order.navy.adjective} navy"
        self.navy_rgba = SIDE_RGBA[order.navy]
        self.wants_place = bool(form.place)
        places = d.map_place_choices()
        self.ids.place_pick.values = places
        self.ids.place_pick.text = order.place if order.place in places else "Place..."
        if order.place != self._shown_place:  # a hex being typed survives other touches
            self.ids.place.text = self._shown_place = order.place
        self.ids.place.hint_text = "or type a hex" if form.place == "hex" else ""
        self.ids.place.disabled = form.place != "hex"
        box = self.ids.flags
        box.clear_widgets()
        flags = d.map_flags()
        self.has_flags = bool(flags)
        for flag, label, on in flags:
            b = Factory.TsuMapFlag(text=label, state="down" if on else "normal")
            b.flag = flag
            b.bind(on_release=lambda w: desk().toggle_map_flag(w.flag))
            box.add_widget(b)
        grid = self.ids.ships
        grid.clear_widgets()
        for ident in d.map_ship_choices() if form.ships else []:
            where = d.fleet.berth(ident).location
            b = Factory.TsuMapShip(text=f"{ident} [size={int(u(11))}]{where}[/size]")
            b.ident = ident
            picked = ident in order.ships
            b.background_color = PICKED if picked else PLAIN
            b.color = (0, 0, 0, 1) if picked else (1, 1, 1, 1)
            b.bind(on_release=lambda w: desk().toggle_map_ship(w.ident))
            grid.add_widget(b)
        if form.ships and not grid.children:
            grid.add_widget(Factory.TsuText(text="No ship may take part now."))
        names = ", ".join(order.ships)
        odds = d.map_odds()
        self.odds_line = (f"[b]{form.title}[/b]" + (f": {names}" if names else "")
                          + (f" at {order.place}" if order.place else "")
                          + (f"\n{odds}" if odds else ""))
        self.has_dice = d.map_die_wanted([]) is not None
        self.roll_label = "Roll" if self.has_dice else "Record"

    def pick_procedure(self, title: str) -> None:
        d = desk()
        key = next((k for k, t in d.map_procedures() if t == title), None)
        if key is not None and key != d.order.name:
            d.choose_procedure(key)
            self.ids.ships_view.scroll_y = 1  # a new list starts at its top

    def pick_place(self, place: str) -> None:
        d = desk()
        if place and place != "Place..." and place != d.order.place:
            d.set_map_place(place)

    def _typed(self) -> None:
        """A hex typed but not yet confirmed with Enter counts as chosen."""
        d = desk()
        typed = self.ids.place.text.strip()
        if self.wants_place and typed and typed != d.order.place:
            d.set_map_place(typed)

    def roll(self) -> None:
        self._typed()
        desk().roll_map()

    def enter_dice(self) -> TsuDiceEntry | None:
        self._typed()
        d = desk()
        first = d.map_die_wanted([])
        if first is None:
            d.enter_map([])
            return None
        popup = TsuDiceEntry(title=f"Enter the dice: {d.order.form.title}", labels=[first])
        popup.ask = d.map_die_wanted
        popup.on_done = d.enter_map
        popup.open()
        return popup
