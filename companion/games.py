"""The game registry: every game the companion serves, declared once.

Each game is one :class:`GameInfo`: its fixed facts (key, title, player range, rule
options with their help, board profiles, what its pieces are called, its phases, whether
the camera reads its board) and where its parts live, named by module string so that
this module imports none of them: the rules engine, the command groups of ``companion``,
the screens of the app. The command line, the start screen, the settings, the camera's
teach plans and the config loop over :func:`all_games`; adding a game is one
:func:`register_game` call and one package (see ``docs/architecture.md``).

>>> game_info("tsuro").players
range(2, 9)
>>> [g.key for g in all_games()][:2]
['tsuro', 'tsuro-of-the-seas']
>>> game_info("chess")
Traceback (most recent call last):
...
companion.games.UnknownGame: unknown game 'chess'; choose one of tsuro, tsuro-of-the-seas, \
tsushima, rigadoon
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class UnknownGame(ValueError):
    """A game key the registry does not hold."""


class Family(StrEnum):
    """How a game is played through the companion: which session kind runs it."""

    PATH = "path"
    """Tile-laying path games on the shared path engine (one record, one ``Session``)."""
    OWN = "own"
    """A game with its own engine and its own ``new`` command."""


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """A named rule option: off unless a table switches it on."""

    name: str
    help: str


@dataclass(frozen=True, slots=True)
class TeachPlan:
    """What the camera's teaching sheets lay out for a game that has tiles."""

    tile_set: str
    """``all-patterns`` (each of the 35 patterns once) or ``wake-tiles`` (the Seas set)."""
    daikaiju: int = 0
    """How many daikaiju pieces the box holds: the camera setup lays each once, facing
    north (each tile prints its own arrows and rotation number, so the camera is shown
    them all; ``ui.teach_sheets`` names them from the daikaiju deck)."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    """The fixed facts of one game and the module strings of its parts."""

    key: str
    title: str
    min_players: int
    max_players: int
    family: Family
    engine: str
    """The module holding the rules (imported only when a game is played)."""
    options: tuple[OptionInfo, ...] = ()
    boards: tuple[str, ...] = ()
    """Board profile names (companion/data/boards.json); the first is the default."""
    piece: str = "ship"
    """What one player's piece is called in instructions ("marker" in Tsuro)."""
    pieces: tuple[str, ...] = ()
    """The other pieces on the board, as the camera and the instructions name them."""
    phases: tuple[str, ...] = ()
    camera: bool = False
    """Whether the camera reads this game's board."""
    teach: TeachPlan | None = None
    camera_reader: str = ""
    """``module:function`` that ``vision read`` hands a board of pieces other than path
    tiles (empty: the path-tile reader)."""
    commands: tuple[str, ...] = ()
    """Command-group modules (each with ``register(subparsers)``) this game adds."""
    new_game: str = ""
    """For games of their own family: ``module:function`` that ``companion new`` calls."""
    screens: str = ""
    """The app's plug-in module for this game's own screens, if any."""
    defaults_note: str = ""
    """Facts the rulebook leaves out that this game ships as defaults to check."""
    extra: dict[str, str] = field(default_factory=dict, compare=False)

    @property
    def players(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def option(self, name: str) -> OptionInfo:
        for o in self.options:
            if o.name == name:
                return o
        known = ", ".join(o.name for o in self.options) or "none"
        raise UnknownGame(f"{self.key} has no option {name!r} (options: {known})")

    @property
    def option_names(self) -> tuple[str, ...]:
        return tuple(o.name for o in self.options)


_REGISTRY: dict[str, GameInfo] = {}


def register_game(info: GameInfo) -> GameInfo:
    """Add a game (or replace the one with the same key) and return it."""
    _REGISTRY[info.key] = info
    return info


def unregister_game(key: str) -> None:
    """Take a game out again (tests register toy games and remove them)."""
    _REGISTRY.pop(key, None)


def game_info(key: str) -> GameInfo:
    try:
        return _REGISTRY[key]
    except KeyError:
        raise UnknownGame(f"unknown game {key!r}; choose one of {', '.join(_REGISTRY)}") from None


def all_games() -> tuple[GameInfo, ...]:
    """Every registered game, in the order they were registered."""
    return tuple(_REGISTRY.values())


def keys(family: Family | None = None) -> tuple[str, ...]:
    """The keys of every game, or of one family's games."""
    return tuple(g.key for g in _REGISTRY.values() if family is None or g.family is family)


def camera_games() -> tuple[GameInfo, ...]:
    """The games whose boards the camera reads and can be taught."""
    return tuple(g for g in _REGISTRY.values() if g.camera)


def table_games() -> tuple[GameInfo, ...]:
    """The games started with players from the start screen and ``companion new``."""
    return tuple(g for g in _REGISTRY.values() if g.family is Family.PATH or g.new_game)


def command_groups() -> tuple[str, ...]:
    """Every command-group module of every game, each once, in registration order."""
    seen: dict[str, None] = {}
    for g in _REGISTRY.values():
        for m in g.commands:
            seen.setdefault(m, None)
    return tuple(seen)


# ---------------------------------------------------------------------------- the games

_PATH_COMMANDS = "companion.commands.play"
_ADVISE = "companion.commands.advise"  # the advisor, asked for by a player

TSURO = register_game(
    GameInfo(
        key="tsuro",
        title="Tsuro",
        min_players=2,
        max_players=8,
        family=Family.PATH,
        engine="companion.tsuro.game",
        boards=("tsuro-6x6",),
        piece="marker",
        pieces=("dragon",),
        phases=("place", "move"),
        camera=True,
        teach=TeachPlan("all-patterns"),
        commands=(_PATH_COMMANDS, _ADVISE),
    )
)

SEAS = register_game(
    GameInfo(
        key="tsuro-of-the-seas",
        title="Tsuro of the Seas",
        min_players=2,
        max_players=8,
        family=Family.PATH,
        engine="companion.tsuro.game",
        options=(
            OptionInfo(
                "no-daikaiju",
                "No Daikaiju: play without daikaiju (the official optional rule).",
            ),
            OptionInfo("board-6x6", "Play on the 6x6 board profile instead of the 7x7 one."),
            OptionInfo(
                "reference-collisions",
                "Reference manual: ships that meet on a wake are both lost "
                "(the official rules let them pass each other).",
            ),
            OptionInfo(
                "reference-tuck-daikaiju",
                "Reference manual: daikaiju that leave the board or are destroyed go face down "
                "under the daikaiju deck and can come back (officially they are out of play).",
            ),
            OptionInfo(
                "reference-setup-order",
                "Reference manual: ships go on their start marks before the setup daikaiju "
                "are placed (officially the daikaiju come first).",
            ),
            OptionInfo(
                "reference-removed-tiles",
                "Reference manual: a wake tile a daikaiju takes off the board with ships on it "
                "leaves the game (officially it goes under the draw pile).",
            ),
            OptionInfo(
                "veterans",
                "Veterans of the Seas: the tsunami, the uzushio, taihou and mystic portal tiles "
                "(how many, and what the text leaves out, are defaults: check your sheet).",
            ),
            OptionInfo(
                "uzushio-must-move",
                "With Veterans of the Seas: the uzushio must move on every roll that leaves the "
                "daikaiju asleep (the reference says it may).",
            ),
            OptionInfo(
                "phoenix",
                "The Phoenix bonus tile: whoever holds it may discard it after any die roll "
                "to have that roll made again.",
            ),
            OptionInfo(
                "reference-bonus",
                "Reference manual's elimination bonus: take tiles from the eliminated hands, "
                "then keep only two in all (officially: swap tiles one for one).",
            ),
        ),
        boards=("seas-7x7", "seas-6x6"),
        piece="ship",
        pieces=("daikaiju",),
        phases=("daikaiju", "place", "move"),
        camera=True,
        teach=TeachPlan("wake-tiles", daikaiju=10),  # the box's ten daikaiju tiles
        commands=(_PATH_COMMANDS, _ADVISE),
    )
)

TSUSHIMA = register_game(
    GameInfo(
        key="tsushima",
        title="Tsushima",
        min_players=2,
        max_players=2,
        family=Family.OWN,
        engine="companion.tsushima",
        boards=("tsushima-battle",),
        piece="counter",
        phases=("strategic", "naval", "battle", "terminal"),
        camera=False,
        commands=("companion.commands.tsushima",),
        screens="ui.tsushima",
    )
)

RIGADOON = register_game(
    GameInfo(
        key="rigadoon",
        title="Rigadoon",
        min_players=2,
        max_players=2,
        family=Family.OWN,
        engine="companion.rigadoon",
        options=(
            OptionInfo(
                "wind-die",
                'Change the wind with the Wind Direction die instead of the deck (advanced).',
            ),
            OptionInfo(
                "quiet-maelstrom",
                "Read 'its turn ends abruptly' strictly: a ship coming out of a maelstrom "
                'attacks no one (by default it lands on the exit and attacks like any ship).',
            ),
            OptionInfo(
                "attack-in-passing",
                'A ship that sails past a square beside another ship must stop there and attack '
                '(by default only the square it ends on counts).',
            ),
            OptionInfo(
                "win-by-claims",
                'Claims on two different islands win even if the first chest was left or lost '
                'meanwhile (by default the fleet must hold both at once).',
            ),
            OptionInfo(
                "chest-stops-blast",
                'A blasted ship that meets a chest it cannot push may stop short of it, nothing '
                'happening (by default it stops on the chest: sinks it or runs aground).',
            ),
        ),
        boards=("rigadoon-9x9",),
        piece="ship",
        pieces=("chest",),
        phases=("fleet", "opening", "turn", "wind", "choice", "over"),
        camera=False,
        commands=("companion.commands.rigadoon",),
        new_game="companion.commands.rigadoon:new",
        screens="ui.rigadoon",
        camera_reader="vision.rigadoon:cmd_read",
        defaults_note="The board layout and the wind cards are defaults: the rulebook's pictures are lost.",
    )
)
