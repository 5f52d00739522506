"""The fixed facts of one game: which game, who plays, the board, the tile set, the options.

>>> g = Game.create("tsuro-of-the-seas", ["red", "blue", "green"])
>>> g.board.name, len(g.tile_set), g.daikaiju_at_setup
('seas-7x7', 56, 6)
>>> Game.create("tsuro", ["red"])
Traceback (most recent call last):
...
companion.tsuro.game.GameError: tsuro is for 2-8 players, not 1
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.core.board import SEAS_6X6, SEAS_7X7, TSURO, BoardProfile
from companion.core.locations import read_data
from companion.games import Family, game_info, keys
from companion.tsuro.paths import Grid, grid
from companion.tsuro.placement import CATCH_UP, HEAD_ON, ONE_WAY_BAN
from companion.tsuro.tiles import PATTERNS, Tile, TileError

if TYPE_CHECKING:
    from companion.tsuro.daikaiju import DaikaijuDeck
    from companion.tsuro.veterans.data import VeteransData

PATTERN_INDEX: dict[Tile, int] = {p: i for i, p in enumerate(PATTERNS)}

# The path games this engine runs, and their options, as the registry declares them.
GAMES = keys(Family.PATH)

OPTIONS: dict[str, dict[str, str]] = {
    key: {o.name: o.help for o in game_info(key).options} for key in GAMES
}

COLOURS = ("red", "blue", "green", "yellow", "black", "white", "purple", "orange")


VETERANS = "companion.tsuro.veterans.turn"
"""The rules plug-in (companion/tsuro/rules_plugin.py) of Veterans of the Seas, the
Phoenix and the reference's bonus, named so that the engine imports it only when a game
has one of those options."""
_PLUGIN_OPTIONS = frozenset({"veterans", "phoenix", "reference-bonus"})


class GameError(ValueError):
    """A game that cannot be set up as asked."""


WAKE_TILES_FILE = "seas_wake_tiles.json"


def load_tile_set(path: str | Path | None = None) -> tuple[int, ...]:
    """The wake tiles from ``path``, else the owner's edited copy, else the shipped default."""
    doc, source = read_data(WAKE_TILES_FILE, path, GameError, "wake tile set")
    if source.startswith("built-in"):
        return _shipped_tile_set()
    return parse_tile_set(doc, source)


@cache
def _shipped_tile_set() -> tuple[int, ...]:
    # Parsing the set builds every tile; the shipped one never changes, so once will do.
    return parse_tile_set(*read_data(WAKE_TILES_FILE, None, GameError, "wake tile set"))


def parse_tile_set(doc: Any, source: str) -> tuple[int, ...]:
    """Pattern numbers of a tile set file, sorted."""
    if not isinstance(doc, dict) or not isinstance(doc.get("tiles"), list):
        raise GameError(f"{source}: expected an object with a list 'tiles'")
    out = []
    for n, text in enumerate(doc["tiles"], 1):
        try:
            out.append(PATTERN_INDEX[Tile.parse(str(text)).pattern()])
        except TileError as exc:
            raise GameError(f"{source}: tile {n}: {exc}") from None
    return tuple(sorted(out))


@dataclass(frozen=True)
class Game:
    kind: str
    players: tuple[str, ...]
    board: BoardProfile
    tile_set: tuple[int, ...]
    options: frozenset[str] = frozenset()
    deck: DaikaijuDeck | None = field(default=None, compare=False)
    veterans: VeteransData | None = field(default=None, compare=False)
    """Veterans of the Seas and Phoenix data, with the ``veterans`` or ``phoenix`` option."""

    @classmethod
    def create(
        cls,
        kind: str,
        players: list[str] | tuple[str, ...],
        options: list[str] | tuple[str, ...] | frozenset[str] = (),
        deck: DaikaijuDeck | None = None,
        veterans: VeteransData | None = None,
    ) -> Game:
        if kind not in GAMES:
            raise GameError(f"unknown game {kind!r}; choose one of {', '.join(GAMES)}")
        players = tuple(p.strip().lower() for p in players)
        info = game_info(kind)
        if len(players) not in info.players:
            raise GameError(
                f"{kind} is for {info.min_players}-{info.max_players} players, not {len(players)}"
            )
        if len(set(players)) != len(players) or not all(players):
            raise GameError("each player needs a different, non-empty name or colour")
        bad = set(options) - set(OPTIONS[kind])
        if bad:
            known = ", ".join(OPTIONS[kind]) or "none"
            raise GameError(f"{kind} has no option {sorted(bad)[0]!r} (options: {known})")
        opts = frozenset(options)
        if kind == "tsuro":
            return cls(kind, players, TSURO, tuple(range(len(PATTERNS))), opts)
        board = SEAS_6X6 if "board-6x6" in opts else SEAS_7X7
        if "no-daikaiju" not in opts and deck is None:
            from companion.tsuro.daikaiju import load_deck  # only the games that have them

            deck = load_deck()
        if opts & {"veterans", "phoenix"}:
            if veterans is None:
                from companion.tsuro.veterans.data import load_veterans  # only these games

                veterans = load_veterans()
        else:
            veterans = None
        return cls(kind, players, board, load_tile_set(), opts, deck, veterans)

    @cached_property
    def plugin(self) -> str:
        """The module of the rules this game's options add to the turn ("" for none), see
        :mod:`companion.tsuro.rules_plugin`."""
        return VETERANS if self.options & _PLUGIN_OPTIONS else ""

    @cached_property
    def grid(self) -> Grid:
        """Neighbour tables of the board, built once per game."""
        return grid(self.board)

    @cached_property
    def start_positions(self) -> tuple[int, ...]:
        """The start marks as engine positions, in the board profile's order."""
        return tuple(self.grid.position(m) for m in self.board.start_marks)

    @cached_property  # asked on every turn
    def seas(self) -> bool:
        return self.kind == "tsuro-of-the-seas"

    @cached_property
    def has_daikaiju(self) -> bool:
        return self.seas and "no-daikaiju" not in self.options

    @cached_property
    def collisions(self) -> bool:
        """Markers that meet are both lost: always in Tsuro, an option at sea."""
        return not self.seas or "reference-collisions" in self.options

    @cached_property
    def meeting(self) -> int:
        """How ships that meet are ruled (bits of companion.tsuro.placement): in Tsuro markers
        meeting head on or on one point are lost; at sea two ships may never be sent down
        one wake the same way, and with the reference manual's collisions two that end up
        so are both lost, while ships meeting head on pass (docs/rules.md)."""
        if not self.seas:
            return HEAD_ON | CATCH_UP
        return ONE_WAY_BAN | (CATCH_UP if "reference-collisions" in self.options else 0)

    @cached_property
    def ships_first(self) -> bool:
        """001's setup order: ships on their start marks before the daikaiju are placed."""
        return "reference-setup-order" in self.options

    @cached_property
    def discard_removed(self) -> bool:
        """001's FAQ: a wake tile taken off with ships on it leaves the game."""
        return "reference-removed-tiles" in self.options

    @cached_property
    def tuck_daikaiju(self) -> bool:
        return "reference-tuck-daikaiju" in self.options

    @cached_property
    def expansion(self) -> bool:
        """Veterans of the Seas: tsunami, uzushio, taihou and mystic portal tiles."""
        return "veterans" in self.options and self.seas

    @cached_property
    def daikaiju_at_setup(self) -> int:
        if not self.has_daikaiju:
            return 0
        n = len(self.players)
        return 6 if n <= 4 else 5 if n <= 6 else 4

    @cached_property
    def hand_size(self) -> int:
        return 3

    def defaults_to_check(self) -> list[str]:
        """Facts the rulebooks leave out, shipped as defaults the owner should check."""
        notes = []
        if self.board.note:
            notes.append(f"Board {self.board.name}: {self.board.note}")
        if self.deck is not None and self.deck.default:
            notes.append(
                "Daikaiju arrows are the built-in default: check each tile against your copy."
            )
        if self.deck is not None:  # played as the file says, but the owner should know
            notes += [f"{n} (the daikaiju act in order of that face)" for n in self.deck.mismatches()]
        if self.seas:
            notes.append("The mix of the 56 wake tiles is a default: check it against your set.")
        if self.veterans is not None:
            notes += self.veterans.defaults_to_check()
        return notes

    def to_json(self) -> dict[str, Any]:
        return {"game": self.kind, "players": list(self.players), "options": sorted(self.options)}
