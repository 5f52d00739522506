"""Camera setup: the screen shows :class:`ui.wizard.CameraSetup` and raises its steps."""

from __future__ import annotations

import logging
from typing import Any

from kivy.app import App
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.screenmanager import Screen
from kivy.uix.togglebutton import ToggleButton

from companion.core.config import DEFAULT_GAME
from companion.games import game_info
from ui.teach_sheets import (
    VETERANS_OPTION,
    box_words,
    kaiju_words,
    offers_veterans,
    veterans_words,
)
from ui.widgets.sheet import SheetView  # noqa: F401  (registers the class for kv)
from ui.wizard import SETUP_GAMES, CameraSetup, SetupError, default_profile_dir

log = logging.getLogger(__name__)

CAMERAS = (
    ("auto", "Automatic"),
    ("picamera", "Pi camera"),
    ("usb:0", "USB camera 0"),
    ("usb:1", "USB camera 1"),
    ("sim", "Simulated"),
    ("none", "No camera (touch)"),
)

PAUSED = "Camera setup is open: press Back there to play on."

GUIDE = {
    "camera": (
        "Choose the camera, then take a picture.\n\n"
        "The board should fill most of the picture, seen from above, with its four corner "
        "markers in view (print them with: companion vision markers --out markers.pdf). Each "
        "marker the camera finds is outlined in green."
    ),
    "calibrate": (
        "Take a picture, then drag the dots onto the outer corners of the grid: 1 top-left, "
        "2 top-right, 3 bottom-right, 4 bottom-left, with the board turned as the app "
        "draws it.\n\n"
        "The dots start where the printed marker sheet puts the corners. If they already "
        "sit on the corners your markers lie as printed and there is nothing to save; "
        "otherwise Save keeps the markers' real places."
    ),
    "ships": (
        "Measure the colours of your ships, so the camera can check them after each "
        "instruction.\n\n"
        "With a game going, put each ship where the board on the table screen shows it "
        "(the app knows their places from the game), then press Measure ships. Colours "
        "measured here are checked from then on; the others are not."
    ),
    "teach": (
        "Teach the camera your own pieces, one photo per sheet.\n\n"
        "Sheet {n} of {total}: lay the tiles as drawn, each turned as drawn{daikaiju}"
        "{veterans}; leave every other square empty. Then press Photograph. After the last sheet, "
        "press Learn: the camera then reads your pieces.{game}"
    ),
    "bare": (
        "Teach the camera your own pieces, one photo per sheet.\n\n"
        "Sheet {n} of {total}: clear the board, every square empty, so the camera learns "
        "how each bare square of your board looks. Then press Photograph. After the last "
        "sheet, press Learn: the camera reads your photos back and says how well it knows "
        "your pieces.{game}"
    ),
}


class CameraSetupScreen(Screen):
    step = StringProperty("camera")
    photo = ObjectProperty(None, allownone=True)
    corners = ListProperty([])
    sheet = ObjectProperty(None, allownone=True)
    sheet_index = NumericProperty(0)
    game = StringProperty(DEFAULT_GAME)
    other_title = StringProperty("")
    """The title of the game the switch button offers instead."""
    camera_name = StringProperty("")
    guide = StringProperty("")
    message = StringProperty("")
    action_text = StringProperty("")
    second_text = StringProperty("")
    read_back = StringProperty("")
    """How the last lesson read its own teaching photos back (empty: none this sitting)."""
    read_back_good = BooleanProperty(True)
    offers_veterans = BooleanProperty(False)
    """The game shown can be played with Veterans of the Seas: the teach step offers
    the switch that puts its pieces on the sheets."""
    veterans = BooleanProperty(False)
    """The sheets hold the Veterans pieces (the switch is on)."""

    setup: CameraSetup | None = None

    # ------------------------------------------------------------------- showing

    def update(self, c: Any) -> None:
        """Opened: a fresh setup, and the game waits (its board is in other use)."""
        game = c.snapshot.game if c.session is not None else ""
        if game not in SETUP_GAMES:
            game = App.get_running_app().loaded.config.game.default
        c.paused = PAUSED
        self.veterans = self._owns_veterans(c)
        self._start(game if game in SETUP_GAMES else SETUP_GAMES[0], c.camera)
        self._camera_buttons()

    def _owns_veterans(self, c: Any) -> bool:
        """Whether the table plays with Veterans of the Seas: the game going says so when
        it is a game that offers it, else the settings' rule options for new games."""
        game = c.snapshot.game if c.session is not None else ""
        if game and offers_veterans(game):
            options = getattr(getattr(c.session, "game", None), "options", ())
            return VETERANS_OPTION in options
        return VETERANS_OPTION in App.get_running_app().loaded.config.game.options

    def refresh(self, c: Any) -> None:
        """Something happened elsewhere (a button pressed): the setup keeps its progress."""
        self.camera_name = self._camera_line(c.camera)

    def _camera_line(self, camera: Any) -> str:
        where = self.setup.board_dir if self.setup is not None else ""
        return ("Camera: " + (camera.name if camera is not None else "none (touch)")
                + f" · profile {where}")

    def _start(self, game: str, camera: Any) -> None:
        app = App.get_running_app()
        if self.setup is not None:
            self.setup.finish()
        profile = default_profile_dir(app.loaded.config.camera.profile)
        self.setup = CameraSetup(camera, game, profile, veterans=self.veterans)
        self.game = game
        self.offers_veterans = offers_veterans(game)
        self.other_title = game_info(self._other_game()).title
        self.sheet_index = 0
        self.read_back = ""
        self.photo = None
        self.corners = []
        self.message = ""
        self.camera_name = self._camera_line(camera)
        self._show_step()

    def _camera_buttons(self) -> None:
        grid = self.ids.choices
        grid.clear_widgets()
        current = App.get_running_app().loaded.config.camera.source
        u = App.get_running_app().u
        for spec, label in CAMERAS:
            b = ToggleButton(text=label, group="camera-source", font_size=15 * u,
                             state="down" if spec == current else "normal",
                             allow_no_selection=False)
            b.bind(on_release=lambda _b, s=spec: self.choose_camera(s))
            grid.add_widget(b)

    def go(self, step: str) -> None:
        self.step = step
        self.message = ""
        self._show_step()

    def _show_step(self) -> None:
        setup = self.setup
        if setup is None:
            return
        if self.step == "camera":
            self.guide = GUIDE["camera"]
            self.action_text, self.second_text = "Take a picture", ""
        elif self.step == "ships":
            self.guide = GUIDE["ships"]
            self.action_text, self.second_text = "Measure ships", ""
        elif self.step == "calibrate":
            self.guide = GUIDE["calibrate"]
            self.action_text = "Save calibration" if self.corners else "Take a picture"
            self.second_text = "New picture" if self.corners else ""
        else:
            self._show_sheet()

    def _show_sheet(self) -> None:
        setup = self.setup
        assert setup is not None
        try:
            total = len(setup.sheets)
            self.sheet = setup.sheet_picture(self.sheet_index)
        except Exception as exc:  # the vision package is missing or broken
            log.exception("teach sheets")
            self.guide = f"The camera cannot be taught here: {exc}"
            self.action_text, self.second_text = "", ""
            return
        daikaiju = kaiju_words(self.sheet)
        # put aside after the photo while a later sheet still lays pieces (the whole box
        # goes round once, so "the other piece" of a pair is the one left in the box)
        later = any(p is not None for sheet in setup.sheets[self.sheet_index + 1:]
                    for p in sheet.values())
        veterans = veterans_words(self.sheet) + box_words(self.sheet, later)
        playing = App.get_running_app().controller.session is not None
        game = ("\n\nYour game's pieces come off the board for this; when you press Back "
                "the app checks the board against the game." if playing else "")
        bare = not (self.sheet.tiles or self.sheet.daikaiju or veterans)
        self.guide = GUIDE["bare" if bare else "teach"].format(
            n=self.sheet_index + 1, total=total, daikaiju=daikaiju, veterans=veterans,
            game=game)
        if setup.lay_sheet_on_simulated_table(self.sheet_index):
            self.guide += "\n\nSimulated table: the sheet has been laid for you."
        done = sorted(setup.photographed)
        self.guide += "\n\nPhotographed: " + (
            "sheet " + ", ".join(str(i + 1) for i in done) if done else "none yet") + "."
        self.action_text = "Photograph again" if self.sheet_index in done else "Photograph"
        self.second_text = "Learn" if len(done) >= total else ""

    # ------------------------------------------------------------------- intents

    def choose_camera(self, spec: str) -> None:
        app = App.get_running_app()
        note = app.switch_camera(spec)
        self._start(self.game, app.controller.camera)
        self._camera_buttons()
        self.message = note  # after _start, which clears the message

    def act(self) -> None:
        setup = self.setup
        if setup is None:
            return
        try:
            if self.step == "camera" or (self.step == "calibrate" and not self.corners):
                self._take_photo()
            elif self.step == "calibrate":
                self.message = setup.calibrate(self.corners)
                self._remember_profile()
            elif self.step == "ships":
                self._take_photo_for_ships()
            else:
                self.message = setup.photograph_sheet(self.sheet_index)
                missing = [i for i in range(len(setup.sheets)) if i not in setup.photographed]
                if missing:
                    self.sheet_index = missing[0]
        except SetupError as exc:
            self.message = str(exc)
        except Exception as exc:  # never lose the app over a setup step
            log.exception("camera setup")
            self.message = f"That did not work ({exc}); it is in the log."
        self._show_step()

    def act_second(self) -> None:
        setup = self.setup
        if setup is None:
            return
        try:
            if self.step == "calibrate":
                self._take_photo()
            elif self.step == "teach":
                self.message = setup.learn()
                self.read_back = setup.read_back_sentences()
                self.read_back_good = setup.read_back_good()
                self._remember_profile()
        except SetupError as exc:
            self.message = str(exc)
        except Exception as exc:
            log.exception("camera setup")
            self.message = f"That did not work ({exc}); it is in the log."
        self._show_step()

    def turn_sheet(self, by: int) -> None:
        if self.setup is None:
            return
        try:
            total = len(self.setup.sheets)
        except Exception as exc:  # the vision package is missing or broken
            self.message = f"The camera cannot be taught here: {exc}"
            return
        self.sheet_index = (self.sheet_index + by) % total
        self._show_sheet()

    def set_veterans(self, on: bool) -> None:
        """The switch: the sheets with the Veterans pieces or without them (a new plan:
        a sheet photographed under the other one is asked for again)."""
        if on == self.veterans or self.setup is None:
            return
        self.veterans = on
        self._start(self.game, App.get_running_app().controller.camera)
        self.message = "Veterans pieces on the sheets." if on else "No Veterans pieces."

    def switch_game(self) -> None:
        self._start(self._other_game(), App.get_running_app().controller.camera)

    def _other_game(self) -> str:
        """The next game the camera can be taught, after the one shown."""
        games = list(SETUP_GAMES)
        return games[(games.index(self.game) + 1) % len(games)] if self.game in games else games[0]

    def leave(self) -> None:
        app = App.get_running_app()
        c = app.controller
        if self.setup is not None:
            self.setup.finish()
        taught = self.setup is not None and bool(self.setup.photographed)
        c.paused = ""
        c.message = ""
        app.show("settings")
        if c.session is not None and (taught or self.step == "teach"):
            c.check_board()  # the owner's teaching pieces may still lie on the board

    # ------------------------------------------------------------------- helpers

    def _take_photo(self) -> None:
        assert self.setup is not None
        photo = self.setup.take_photo()
        self.photo = photo
        self.message = photo.summary()
        self.corners = []  # dots from an earlier picture mean nothing on this one
        if self.step == "calibrate":
            if photo.corners is not None:
                self.corners = [[float(x), float(y)] for x, y in photo.corners]
            else:
                w, h = photo.size
                self.corners = [[w * 0.2, h * 0.2], [w * 0.8, h * 0.2], [w * 0.8, h * 0.8],
                                [w * 0.2, h * 0.8]]

    def _take_photo_for_ships(self) -> None:
        assert self.setup is not None
        c = App.get_running_app().controller
        board = c.snapshot.board if c.session is not None else None
        if board is not None and (board.rows, board.cols) != (
                self.setup.board.rows, self.setup.board.cols):
            other = game_info(self._other_game()).title
            raise SetupError(f"The game on the table is on another board: press Teach "
                             f"{other} instead on step 4 to switch, then measure.")
        ships = {m.point: m.colour for m in board.ships if m.alive and m.point} if board else {}
        self.message = self.setup.measure_ships(ships)
        self.photo = self.setup.photo
        self.corners = []  # the marker dots belong to the Markers step's picture
        self._remember_profile()

    def _remember_profile(self) -> None:
        assert self.setup is not None
        self.message += App.get_running_app().remember_camera_profile(
            str(self.setup.profile_dir))
