"""The table screen: shows the controller's state; its buttons call the controller."""

from __future__ import annotations

import re
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.screenmanager import Screen

from companion.core.instruction import Instruction
from ui.adapt import game_title
from ui.model import SHIP_RGB
from ui.widgets.pickers import DicePopup, TilePicker

GREEN = [0.05, 0.45, 0.15, 1]
RED = [0.65, 0.08, 0.08, 1]
AMBER = [0.60, 0.42, 0.0, 1]
_NOTATION = re.compile(r"\s*\([^()]*'[^()]*\)")
"""A prompt's hint at the notation ("('uzushio roll')"): the buttons stand for it here."""


class TableScreen(Screen):
    picture = ObjectProperty(None, allownone=True)
    prompt = StringProperty("")
    prompt_colour = ListProperty([1, 1, 1, 1])
    status_line = StringProperty("")
    dice_text = StringProperty("")
    verdict_text = StringProperty("")
    verdict_bg = ListProperty([0, 0, 0, 0])
    message = StringProperty("")
    odds_text = StringProperty("")
    awaiting = StringProperty("")
    show_single = BooleanProperty(False)
    sim_lay = BooleanProperty(False)
    specials = StringProperty("")
    """Veterans of the Seas: the tsunami, and the special tiles in the pile and in hands."""
    choice_rows = NumericProperty(0)
    compact = BooleanProperty(False)
    """The expansion's buttons or a portal landing take room: smaller prompt and dice."""
    advice_on = BooleanProperty(False)
    advice_text = StringProperty("")
    advice_hand = NumericProperty(0)
    """Tiles the advisor asks to be shown (0: none); see ui/advice.py."""
    _advice_setting: bool | None = None

    _last_dice: Any = None
    popup: Any = None
    _hand_popup: Any = None

    def update(self, c: Any, animate: float = 0.0) -> None:
        snap = c.snapshot
        self.picture = snap.board
        self.awaiting = snap.awaiting
        buttons = bool(c.choices) or snap.awaiting == "land"
        self.prompt = _NOTATION.sub("", snap.prompt) if buttons else snap.prompt
        self.compact = buttons
        colour = snap.active_colour
        rgb = SHIP_RGB.get(colour or "", (1, 1, 1))
        # light text in the active ship's colour (black and dark ships stay readable)
        self.prompt_colour = [max(v, 0.55) for v in rgb] + [1] if colour != "black" else [1, 1, 1, 1]
        cam = "touch entry"
        if c.camera is not None:
            cam = c.camera.name if c.camera_ok else "camera unplugged: touch entry"
        self.status_line = (
            f"{game_title(snap.game)} · pile {snap.pile if snap.pile is not None else '-'}"
            f" · {cam}"
        )
        self.sim_lay = c.hand_entry == "sim"
        self._dice(snap, animate)
        v = c.verdict
        if v is None:
            self.verdict_text, self.verdict_bg = "", [0, 0, 0, 0]
        else:
            self.verdict_text = v.text
            self.verdict_bg = AMBER if v.needs_hand else (GREEN if v.legal else RED)
        lines = [c.message] if c.message else []
        if snap.awaiting == "land" and c.landing is None and snap.board.land is not None:
            lines.append(f"Touch a white dot on {snap.board.land}: the point where the ship "
                         "comes out of the portal.")
        # the dice themselves show the roll; other routine sentences are listed
        notices = [n for n in c.notices if not (isinstance(n, Instruction) and n.kind == "rolled")]
        lines += notices[: 1 if v is not None else 2]
        stepped = _stepped(c)
        if stepped:
            lines.insert(0, stepped)
        self.message = "\n".join(lines)
        if snap.odds:
            self.odds_text = "Danger next daikaiju phase: " + ", ".join(
                f"{name} {float(p):.0%}" + (
                    f" ({float(snap.phoenix_odds[name]):.0%} with the Phoenix)"
                    if name in snap.phoenix_odds else "")
                for name, p in snap.odds.items()
            )
        else:
            self.odds_text = ""
        self.specials = "  ·  ".join(snap.specials)
        self._advice(c)
        self._choices(c)
        if v is not None and v.needs_hand and self.popup is None:
            self.show_hand(c)
        elif v is not None and v.needs_hand and self.popup is self._hand_popup and c.message:
            self.popup.note = c.message  # what the camera saw of the hand
        else:
            self.drop_stale_hand(c)

    def _choices(self, c: Any) -> None:
        """One button for each decision of the expansion the rules allow now."""
        row = self.ids.choices
        shown = [(b.text, b.notation) for b in row.children[::-1]]
        wanted = [(ch.label, ch.notation) for ch in c.choices]
        chooser = getattr(c, "chooser", None)
        option = chooser.highlight() if chooser is not None else None
        if shown == wanted:
            for b in row.children:
                b.stepped = option is not None and b.notation == option.key
            return
        row.clear_widgets()
        row.cols = max(1, min(len(wanted), 3))
        self.choice_rows = (len(wanted) + row.cols - 1) // row.cols if wanted else 0
        for label, notation in wanted:
            button = Factory.ChoiceButton(text=label)
            button.notation = notation
            button.stepped = option is not None and notation == option.key
            button.bind(on_release=lambda b: App.get_running_app().controller.choose(b.notation))
            row.add_widget(button)

    def _advice(self, c: Any) -> None:
        """The advisor's list as the controller has it; the setting, when it changes, turns
        it on or off (the Advice button does so for this game only)."""
        app = App.get_running_app()
        desk = c.advice
        bridge = getattr(app, "bridge", None)
        if bridge is not None and desk.post is not bridge.post:
            desk.post = bridge.post  # the advice comes back through Kivy's clock
        setting = bool(app.loaded.config.display.show_advice)
        if setting != self._advice_setting:
            self._advice_setting = setting
            if setting != desk.on:
                c.set_show_advice(setting)  # notifies: this screen is updated again
                return
        view = desk.view
        self.advice_on = view.on
        self.advice_hand = view.needs_hand
        self.advice_text = "\n".join(view.lines())

    def toggle_advice(self) -> None:
        c = App.get_running_app().controller
        c.set_show_advice(not c.advice.on)

    def show_advice_hand(self) -> None:
        c = App.get_running_app().controller
        wanted = c.advice.view.needs_hand
        if not wanted:
            return
        popup = TilePicker(title="Show your hand to the advisor", wanted=wanted, hand=True)
        popup.note = "For this advice only: it is not written to the record."
        popup.on_done = lambda tiles: c.advice_hand(tiles)
        self.popup = popup
        popup.bind(on_dismiss=lambda *_: setattr(self, "popup", None))
        popup.open()

    def drop_stale_hand(self, c: Any) -> None:
        """Close the hand pop-up once no hand is awaited (shown another way, undone, or the
        game moved on): a stale question, which kept its 35 tiles drawn at every frame."""
        v = c.verdict
        if self.popup is not None and self.popup is self._hand_popup and (
            v is None or not v.needs_hand
        ):
            self.popup.dismiss(animation=False)

    def _dice(self, snap: Any, animate: float) -> None:
        """The gold and blue dice of the last roll; the single die in a daikaiju phase."""
        gold, blue, single = self.ids.gold, self.ids.blue, self.ids.single
        key = (snap.dice, snap.die, len(snap.history))
        changed = key != self._last_dice and self._last_dice is not None
        self._last_dice = key
        duration = animate if changed else 0
        last = snap.history[-1] if snap.history else ""
        die_now = snap.awaiting == "die" or (snap.die is not None and ": die " in last)
        self.show_single = die_now
        if die_now:
            single.roll_to(snap.die or 0, duration if ": die " in last else 0)
        if snap.dice:
            g, b = snap.dice
            if ": die " in last:  # only the single die was rolled
                gold.roll_to(g, 0)
                blue.roll_to(b, 0)
            else:
                gold.roll_to(g, duration)
                blue.roll_to(b, duration)
            total = f"= {g + b}"
        else:
            gold.roll_to(0, 0)
            blue.roll_to(0, 0)
            total = ""
        if die_now and snap.die and ": die " in last:
            total = f"die {snap.die}"
        self.dice_text = total

    # ------------------------------------------------------------------- touch entry

    def enter_dice(self) -> None:
        app = App.get_running_app()
        single = self.awaiting == "die"
        popup = DicePopup(mode="single" if single else "pair")
        if single:
            popup.on_done = lambda face: app.controller.enter_die(face)
        else:
            popup.on_done = lambda g, b: app.controller.enter_dice(g, b)
        self.popup = popup
        popup.bind(on_dismiss=lambda *_: setattr(self, "popup", None))
        popup.open()

    def pick_tile(self) -> None:
        app = App.get_running_app()
        c = app.controller
        target = self.picture.target if self.picture else None
        where = f" on {target}" if target else ""
        verb = "Lay a tile on the simulated table" if self.sim_lay else "Pick the tile"
        if c.landing is not None:  # a ship out of a portal: the tile laid from its hand
            verb, where = "Pick the tile from your hand", f" on {c.landing.square}"
        # instead of a wake tile: a portal, or a taihou fired at a daikaiju beside it
        extras = [(ch.label, ch.notation) for ch in c.choices
                  if ch.notation.split()[0] in ("portal", "taihou") and self.awaiting == "place"]
        popup = TilePicker(title=f"{verb}{where}", extras=extras)
        popup.on_extra = c.choose
        popup.on_done = lambda tiles: app.controller.choose_tile(tiles[0])
        self.popup = popup
        popup.bind(on_dismiss=lambda *_: setattr(self, "popup", None))
        popup.open()

    def show_hand(self, c: Any) -> None:
        rest = c.hand_wanted
        if rest == 0:
            c.show_hand([])
            return
        entry = c.hand_entry
        popup = TilePicker(title="Show the rest of your hand", wanted=rest, hand=True)
        if entry == "sim":
            popup.note = (f"Touch your other {rest} tiles: they are laid on empty squares of "
                          "the simulated table and the camera reads them.")
        elif entry == "camera":
            popup.note = (f"Lay your other {rest} tiles on empty squares, any way round, and "
                          "press Read with the camera (or Confirm), or touch them here.")
            popup.on_camera = c.read_hand  # the pop-up stays: update() shows the answer
        if c.message:
            popup.note = c.message  # what went wrong the last time the hand was shown
        popup.on_done = lambda tiles: c.choose_hand(tiles)
        self.popup = self._hand_popup = popup

        def closed(*_: Any) -> None:
            self.popup = self._hand_popup = None

        popup.bind(on_dismiss=closed)
        popup.open()


def _stepped(c: Any) -> str:
    """With the GPIO buttons: what Confirm takes now, and that Roll steps on."""
    chooser = getattr(c, "chooser", None)
    if chooser is None or c.panel is None:
        return ""
    options = chooser.options()
    option = chooser.highlight()
    if len(options) < 2 and option is None:
        return ""
    what = f"Confirm = {option.label}" if option is not None else "Confirm = nothing chosen yet"
    return f"Push buttons: {what}; Roll = the next of {len(options)} choices."
