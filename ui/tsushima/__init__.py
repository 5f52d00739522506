"""The Tsushima screens of the table app: scenario, fleets, battle board, terminal phase,
campaign.

The app calls :func:`install` once its ScreenManager exists; the screens are then reached
with ``app.show("tsushima-setup")`` (the start screen's Tsushima button). The state lives in
``app.tsushima``, a :class:`~ui.tsushima.controller.TsushimaDesk`; every rule is asked of
``companion.tsushima``. See ``docs/tsushima-app.md``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .controller import TsushimaDesk

KV_DIR = Path(__file__).parent / "kv"
KV_FILES = (
    "tsushima.kv", "setup.kv", "fleets.kv", "battle.kv", "terminal.kv", "campaign.kv", "map.kv",
    "map_file.kv", "history.kv",
)
SCREEN_NAMES = (
    "tsushima-setup",
    "tsushima-fleets",
    "tsushima-battle",
    "tsushima-terminal",
    "tsushima-campaign",
    "tsushima-map",
    "tsushima-mapfile",
    "tsushima-history",
)


def load_kv() -> None:
    from kivy.lang import Builder

    for name in KV_FILES:
        path = str(KV_DIR / name)
        Builder.unload_file(path)  # a second app in one process must not double the rules
        Builder.load_file(path)


def tsushima_screens() -> list[Any]:
    """The eight screens (their kv rules must be loaded first: :func:`load_kv`)."""
    from .battle import BattleScreen
    from .campaign import CampaignScreen
    from .fleets import FleetsScreen
    from .history import TsuHistoryScreen
    from .map import MapScreen
    from .map_file import MapFileScreen
    from .setup import ScenarioScreen
    from .terminal import TerminalScreen

    return [ScenarioScreen(), FleetsScreen(), BattleScreen(), TerminalScreen(), CampaignScreen(),
            MapScreen(), MapFileScreen(), TsuHistoryScreen()]


def install(app: Any, desk: TsushimaDesk | None = None) -> TsushimaDesk:
    """Give the app its Tsushima desk and screens; the current screen redraws on change."""
    load_kv()
    if desk is None:
        from companion.core.locations import data_dir

        from .map_facts import owner_data, owner_dir

        # the owner's data (and the map file the app fills in) sit beside the saved game
        # unless TSUSHIMA_DATA names another folder
        folder = data_dir() / "tsushima"
        mine = owner_dir(folder)
        data, problem = owner_data(mine)
        desk = TsushimaDesk(data=data, save_dir=folder, map_dir=mine)
        desk.message = problem
    app.tsushima = desk
    for screen in tsushima_screens():
        app.sm.add_widget(screen)

    from kivy.clock import Clock

    def redraw_now(_dt: float = 0) -> None:
        current = app.sm.current
        if current in SCREEN_NAMES:
            app.sm.get_screen(current).update()

    # several intents in one frame (Roll all, then End round) make one redraw
    trigger = Clock.create_trigger(redraw_now, 0)
    app.tsushima.listeners.append(lambda _desk: trigger())
    installed: TsushimaDesk = app.tsushima
    return installed


ENTRY_SCREEN = "tsushima-setup"


def open_game(app: Any, players: list[str] | None, options: list[str]) -> None:
    """The app's entry for the registry's Tsushima button: the scenario screen (the desk
    sets its own sides; players and options from the start screen are not used)."""
    _ = app.tsushima  # builds the screens on first use
    app.show(ENTRY_SCREEN)


def screenshot_states(app: Any, seed: int = 5) -> Iterator[str]:
    """Drive a seeded desk through each screen; yields the picture name once it is shown.

    Used by ``companion screenshots``: the caller takes the picture at each yield.
    """
    from companion.core.dice import DiceService

    d = TsushimaDesk(dice=DiceService(seed))
    listeners = app.tsushima.listeners
    d.listeners = listeners
    app.tsushima = d
    app.show("tsushima-setup")
    yield "tsushima-setup"
    d.start_scenario()
    d.place("Mikasa", "China Sea")  # ships fight only where they meet
    # the move is counted on the map: the demo answers the two facts it asks (Sasebo's hex,
    # how far that hex is from the south edge) with placeholders, kept for this desk only
    d.answer_map("0720")
    d.answer_map("1")
    for ship in ("Shikishima", "Asahi", "Fuji"):
        d.place(ship, "China Sea")
    d.quick_setup()
    app.show("tsushima-fleets")
    yield "tsushima-fleets"
    d.start_battle()
    d.nudge("JB1", 2)
    app.show("tsushima-battle")
    yield "tsushima-battle-move"
    d.move()
    d.declare()
    d.roll(0)
    d.roll(1)
    yield "tsushima-battle-fire"
    d.roll_all()
    d.end_round()
    d.hold()
    yield "tsushima-battle-plan"
    d.finish_battle()
    assert d.fleet is not None
    home = [i for i in d.repair_candidates() if d.fleet.berth(i).ship.side.value == "japan"]
    for ident in home:
        d.place(ident, "Sasebo")  # Japanese movement: the damaged ships make for port
    d.to_terminal()
    for ident in home[:1]:
        d.toggle_repair(ident)
    app.show("tsushima-terminal")
    yield "tsushima-terminal"
    d.run_terminal()
    yield "tsushima-terminal-after"
    app.show("tsushima-fleets")
    yield "tsushima-fleets-after"
    d.choose_scenario("war-at-sea")
    d.start_scenario()
    d.roll_italy()
    d.choose_plan("B")
    app.show("tsushima-campaign")
    yield "tsushima-campaign"
    app.show("tsushima-history")
    yield "tsushima-history"
    for _ in range(9):
        d.next_segment()  # past the first-turn surprise, to Japanese spotting and combat
    d.choose_procedure("port-attack")
    d.set_map_place("Port Arthur")
    app.show("tsushima-map")
    yield "tsushima-map"
    d.roll_map()
    d.choose_procedure("spot")
    for ship in ("Mikasa", "JD1"):
        d.toggle_map_ship(ship)
    d.toggle_map_flag("partial_sea")
    yield "tsushima-map-search"
    app.show("tsushima-mapfile")
    yield "tsushima-mapfile"
