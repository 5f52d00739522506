"""The Rigadoon screens: set-up, the board with its action bar and side panel, the end.

Widgets show the controller's state and raise its intents; every rule is the engine's.
The side panel shows, in this order of urgency: the instructions waiting for the table,
the choice the chain reaction waits for, the wind faces to enter, the move explorer, and
otherwise the ships of both fleets.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.rigadoon import Direction, Phase, ship_name
from companion.rigadoon.actions import FLEET_NAMES
from companion.rigadoon.view import ship_lines

from .controller import RigadoonController
from .picture import line_text, option_words

DEFAULTS_BANNER = ("The board layout and the wind templates are defaults (the rulebook's "
                   "pictures are lost): check them against your own copy. Touch for details.")
PICKED = (0.1, 0.5, 0.2, 1)
PLAIN = (0.18, 0.21, 0.27, 1)


def ctl() -> RigadoonController:
    c: RigadoonController = App.get_running_app().rigadoon
    return c


def u(v: float) -> float:
    app = App.get_running_app()
    return v * (app.u if app else 1)


def button(text: str, on: Any, height: float = 40, picked: bool = False,
           dim: bool = False, **kw: Any) -> Any:
    b = Factory.RigButton(text=text, size_hint_y=None, height=u(height), **kw)
    b.background_color = PICKED if picked else ((0.13, 0.14, 0.17, 1) if dim else PLAIN)
    b.bind(on_release=lambda _b: on())
    # a long line (an explorer result, an instruction) wraps: the row grows to hold it
    low = u(height)
    b.bind(texture_size=lambda w, ts: setattr(w, "height", max(low, ts[1] + u(8))))
    return b


def text_row(text: str, colour: tuple[float, ...] = (1, 1, 1, 1), size: float = 15) -> Any:
    return Factory.RigText(text=text, color=colour, font_size=u(size))


class RigScreen(Screen):
    message = StringProperty("")
    refused = BooleanProperty(False)
    banner = StringProperty(DEFAULTS_BANNER)

    def update(self, _c: Any = None, **_kw: Any) -> None:
        c = ctl()
        self.message = c.message
        self.refused = c.refused
        self.refresh(c)

    def refresh(self, c: RigadoonController) -> None:  # pragma: no cover - each screen's own
        pass

    def show_defaults(self) -> None:
        from companion.rigadoon import Game

        c = ctl()
        game = c.session.game if c.session is not None else Game.create(["a", "b"])
        popup = Factory.RigDefaults()
        popup.text = "\n\n".join(game.defaults_to_check()) or "No defaults in use."
        popup.open()

    @staticmethod
    def go(name: str) -> None:
        App.get_running_app().show(name)


class RigSetupScreen(RigScreen):
    players_line = StringProperty("")
    fleet_line = StringProperty("")
    opening_line = StringProperty("")
    resume_text = StringProperty("")

    def refresh(self, c: RigadoonController) -> None:
        first, second = c.players[0], c.players[1]
        self.players_line = (f"{first} sails first and picks a fleet; {second} sets the opening "
                             "wind. (Change the order on the start screen.)")
        self.fleet_line = f"{first} commands"
        self.opening_line = f"Opening wind ({second})"
        for n, name in enumerate(FLEET_NAMES):
            self.ids[f"fleet_{name}"].background_color = PICKED if c.first_fleet == n else PLAIN
        self.ids.deck.background_color = PLAIN if c.die else PICKED
        self.ids.die.background_color = PICKED if c.die else PLAIN
        box = self.ids.winds
        box.clear_widgets()
        for d in Direction:
            b = button(d.word, lambda d=d: ctl().set_up(opening=d), 44, picked=d == c.opening)
            b.halign = "center"
            box.add_widget(b)
        saved = c.saved()
        self.resume_text = f"Resume saved game {saved}" if saved is not None else ""

    def start(self) -> None:
        if ctl().start():
            self.go("rigadoon-play")

    def resume(self) -> None:
        if ctl().resume():
            self.go("rigadoon-play")


class RigPlayScreen(RigScreen):
    status = StringProperty("")
    prompt = StringProperty("")
    can_change = BooleanProperty(False)
    can_sail = BooleanProperty(False)
    can_repair = BooleanProperty(False)
    can_claim = BooleanProperty(False)
    can_end = BooleanProperty(False)
    panel_title = StringProperty("")

    def on_kv_post(self, _base: Any) -> None:
        self.ids.board.on_square = lambda name: ctl().touch_square(name)

    def refresh(self, c: RigadoonController) -> None:
        if c.session is None:
            return
        s = c.state
        wind = f"wind {s.wind.word}" if s.wind else "no wind yet"
        mode = "deck" if not s.game.die else "die"
        self.status = f"Turn {s.turn} · {wind} ({mode})"
        self.prompt = s.prompt()
        idle = not c.checking and s.phase is Phase.TURN
        self.can_change = idle and c.can_change
        self.can_sail = idle and c.can_sail
        self.can_repair = idle and c.can_repair
        self.can_claim = idle and c.can_claim
        self.can_end = idle and c.can_end
        self.ids.board.draw(c.picture())
        box = self.ids.panel
        box.clear_widgets()
        if c.checking:
            self._instructions(c, box)
        elif s.phase is Phase.CHOICE:
            self._choice(c, box)
        elif c.winding:
            self._wind(c, box)
        elif c.lines:
            self._explorer(c, box)
        else:
            self._ships(c, box)

    def _instructions(self, c: RigadoonController, box: Any) -> None:
        self.panel_title = "Do this with the pieces, in order, then Confirm"
        for n, line in enumerate(c.said, 1):
            box.add_widget(text_row(f"{n}. {line}", size=16))
        box.add_widget(text_row("Masts: make each ship show the masts drawn on the board.",
                                (0.8, 0.85, 1, 1), 14))
        for p in c.problems:
            box.add_widget(text_row("Out of place: " + p, (1, 0.5, 0.45, 1), 15))
        if c.problems:
            box.add_widget(button("Carry on anyway (the pieces are right)",
                                  lambda: ctl().table_done(anyway=True), 40))

    def _choice(self, c: RigadoonController, box: Any) -> None:
        s = c.state
        assert s.chain is not None and s.chain.choice is not None
        kind = s.chain.choice.kind
        self.panel_title = f"{s.player()} chooses"
        if c.said:
            box.add_widget(text_row("So far: " + "; ".join(c.said), (0.8, 0.85, 1, 1), 14))
        suggested = c.suggested()
        for o in s.chain.choice.options:
            tail = "  (as previewed: Confirm)" if o == suggested else ""
            b = button(option_words(kind, o) + tail, lambda o=o: ctl().choose(o), 44,
                       picked=o == suggested)
            b.option = o  # which engine option this row stands for
            box.add_widget(b)

    def _wind(self, c: RigadoonController, box: Any) -> None:
        how = "the die shows" if c.state.game.die else "the card shows"
        self.panel_title = f"Touch what {how}"
        grid = Factory.RigGrid()
        for d in c.wind_faces():
            grid.add_widget(button(d.word, lambda d=d: ctl().wind(d), 44))
        box.add_widget(grid)
        virtual = "Roll for me" if c.state.game.die else "Draw for me"
        box.add_widget(button(virtual + " (virtual)", lambda: ctl().wind(None), 44))

    def _explorer(self, c: RigadoonController, box: Any) -> None:
        shown = c.shown_lines()
        assert c.selected is not None
        what = "claims" if c.claims_only else "sails"
        self.panel_title = f"Move explorer: {ship_name(c.selected)}'s {what}, best first"
        for i, line in enumerate(shown):
            legal = c.line_legal(line)
            tail = "" if legal else "  (not now)"
            box.add_widget(button(f"{line.score:+d}  {line_text(line)}{tail}",
                                  lambda i=i: ctl().preview(i), 38,
                                  picked=i == c.previewed, dim=not legal))
        if not shown:
            box.add_widget(text_row("No sail under this wind."))

    def _ships(self, c: RigadoonController, box: Any) -> None:
        self.panel_title = "Ships (touch one, here or on the board)"
        s = c.state
        for n, line in enumerate(ship_lines(s)):
            mine = n // 4 == s.fleet
            box.add_widget(button(line, lambda n=n: ctl().select(n), 34, dim=not mine))


class RigEndScreen(RigScreen):
    result = StringProperty("")

    def refresh(self, c: RigadoonController) -> None:
        if c.session is None:
            return
        s = c.state
        self.result = s.prompt()
        self.ids.end_board.draw(c.picture())

    def new_game(self) -> None:
        self.go("rigadoon-setup")
