"""The start screen: game, ships in seat order, rule options; resume offered first."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.checkbox import CheckBox
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen
from kivy.uix.togglebutton import ToggleButton

from companion.core.config import COLOURS, DEFAULT_GAME
from companion.games import Family, all_games, game_info, table_games
from ui.adapt import game_title
from ui.model import SHIP_RGB


def _game_facts() -> tuple[dict[str, dict[str, str]], dict[str, list[str]]]:
    """Each table game's options with their help, and the defaults it asks to check."""
    from companion.tsuro.game import Game

    options: dict[str, dict[str, str]] = {}
    notes: dict[str, list[str]] = {}
    for info in table_games():
        options[info.key] = {o.name: o.help for o in info.options}
        notes[info.key] = [info.defaults_note] if info.defaults_note else []
        if info.family is Family.PATH:
            try:
                notes[info.key] = Game.create(info.key, ["red", "blue"]).defaults_to_check()
            except Exception:
                notes[info.key] = []
    return options, notes


def _tint(colour: str) -> tuple[float, float, float]:
    """The colour of a ship's button; black is lifted so it shows on the dark screen."""
    return (0.32, 0.32, 0.36) if colour == "black" else SHIP_RGB[colour]


class StartScreen(Screen):
    game = StringProperty(DEFAULT_GAME)
    players = ListProperty([])
    options = ListProperty([])
    notes = StringProperty("")
    message = StringProperty("")

    def on_kv_post(self, base_widget: Any) -> None:
        self._options, self._notes = _game_facts()
        self._game_buttons()
        grid = self.ids.colours
        self._colour_buttons: dict[str, ToggleButton] = {}
        for colour in COLOURS:
            rgb = _tint(colour)
            b = ToggleButton(
                text=colour,
                background_normal="",
                background_down="",
                background_color=[*rgb, 0.45],
                color=(0, 0, 0, 1) if sum(rgb) > 1.6 else (1, 1, 1, 1),
                font_size=self._u(15),
            )
            b.bind(on_release=lambda btn, c=colour: self.toggle_player(c, btn))
            grid.add_widget(b)
            self._colour_buttons[colour] = b
        self._build_options()

    def _game_buttons(self) -> None:
        """A toggle for each game started with players here; a plain button for each game
        with screens of its own (the referee's desks). Each is ``ids[key]``."""
        box = self.ids.games
        box.clear_widgets()
        self._toggles: dict[str, ToggleButton] = {}
        for info in all_games():
            if info in table_games():
                b: Button = ToggleButton(text=info.title, group="game", font_size=self._u(22),
                                         allow_no_selection=False)
                b.bind(on_release=lambda _b, k=info.key: self.choose_game(k))
                self._toggles[info.key] = b
            elif info.screens:
                b = Button(text=info.title, font_size=self._u(22))
                b.bind(on_release=lambda _b, k=info.key: App.get_running_app().open_game(k))
            else:
                continue
            box.add_widget(b)
            self.ids[info.key] = b
        self.on_game(self, self.game)

    def on_game(self, _screen: Any, game: str) -> None:
        for key, b in getattr(self, "_toggles", {}).items():
            b.state = "down" if key == game else "normal"

    def _u(self, v: float) -> float:
        app = App.get_running_app()
        return v * (app.u if app else 1)

    def preset(self, game: str, players: list[str], options: list[str]) -> None:
        self.game = game
        self.players = list(players)
        self.preset_options(options)
        self._paint()

    def preset_options(self, options: list[str]) -> None:
        """The options new games start with (each game takes those it knows)."""
        self._defaults = list(options)
        self.options = self._valid(options)
        self._build_options()

    def _valid(self, options: list[str]) -> list[str]:
        known = getattr(self, "_options", {}).get(self.game)
        if known is None:
            from companion.tsuro.game import OPTIONS

            known = OPTIONS.get(self.game, {})
        return [o for o in options if o in known]

    def choose_game(self, game: str) -> None:
        self.game = game
        self.options = self._valid(getattr(self, "_defaults", []))
        self._build_options()

    def toggle_player(self, colour: str, button: Any = None) -> None:
        if colour in self.players:
            self.players = [p for p in self.players if p != colour]
        else:
            self.players = [*self.players, colour]
        self._paint()

    def _paint(self) -> None:
        for colour, b in getattr(self, "_colour_buttons", {}).items():
            on = colour in self.players
            b.state = "down" if on else "normal"
            b.background_color = [*_tint(colour), 1.0 if on else 0.35]
            b.text = f"{self.players.index(colour) + 1}. {colour}" if on else colour

    def _build_options(self) -> None:
        box = self.ids.options
        box.clear_widgets()
        for name, text in getattr(self, "_options", {}).get(self.game, {}).items():
            row = BoxLayout(size_hint_y=None, height=self._u(30))
            cb = CheckBox(active=name in self.options, size_hint_x=None, width=self._u(40))
            cb.bind(active=lambda _cb, on, n=name: self.set_option(n, on))
            row.add_widget(cb)
            label = Label(text=text, font_size=self._u(14), halign="left", valign="middle")
            label.bind(size=lambda lbl, size: setattr(lbl, "text_size", size))
            row.add_widget(label)
            box.add_widget(row)
        self.notes = "\n".join(self._notes_for(self.game))

    def _notes_for(self, game: str) -> list[str]:
        notes: dict[str, list[str]] = getattr(self, "_notes", {})
        if self.options and game_info(game).family is Family.PATH:
            # an option can bring defaults of its own (Veterans of the Seas' pieces)
            from companion.tsuro.game import Game

            try:
                return Game.create(game, ["red", "blue"], list(self.options)).defaults_to_check()
            except ValueError:  # options that do not go together: the game's own notes
                pass
        return notes.get(game, [])

    def set_option(self, name: str, on: bool) -> None:
        opts = [o for o in self.options if o != name]
        self.options = [*opts, name] if on else opts
        self.notes = "\n".join(self._notes_for(self.game))

    def update(self, c: Any) -> None:
        box = self.ids.resume
        box.clear_widgets()
        for g in c.unfinished()[:2]:
            b = Button(
                text=f"Resume {game_title(g.game)}: {', '.join(g.players)} "
                f"({g.entries} actions, {str(g.updated)[:16].replace('T', ' ')})",
                font_size=self._u(20),
                bold=True,
                size_hint_y=None,
                height=self._u(52),
                background_normal="",
                background_color=(0.7, 0.5, 0.05, 1),
            )
            b.bind(on_release=lambda _b, gid=g.game_id: App.get_running_app().resume(gid))
            box.add_widget(b)
        self.message = c.message if c.session is None else ""

    def start(self) -> None:
        app = App.get_running_app()
        if len(self.players) < 2:
            self.message = "Touch at least two ship colours, in seat order."
            return
        options = self._valid(list(self.options))
        if game_info(self.game).family is Family.PATH:
            app.new_game(self.game, list(self.players), options)
        else:
            app.open_game(self.game, list(self.players), options)
