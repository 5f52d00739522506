"""The text-mode companion: play a path game (Tsuro, Tsuro of the Seas) from the command
line, with no screen.

Every command works on the current game (the last one started, resumed or imported)
unless ``--game ID`` names another; reading another game never makes it the current one.
Records live in the store of :mod:`companion.core.store`.

Every action's record notation is also a command (``companion place r1c3 67325401``,
``companion roll 3 4``), so each hint the companion prints can be pasted as it stands.

This module only builds the parsers: what a command does lives in
:mod:`companion.commands.play_run`, imported when a command runs, so that
``companion --help`` and the commands of other games do not pay for the path engine.
``companion new`` starts every game of the registry: a game with an engine of its own
through the function its entry names.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from typing import Any

from ..cli import Handler
from ..games import Family, game_info, table_games

Words = Callable[[argparse.Namespace], list[str]]


def _run(name: str) -> Handler:
    """The handler ``name`` of play_run, loaded on first use and guarded (one line, exit 2)."""

    def handler(args: argparse.Namespace) -> int:
        from . import play_run

        return play_run.guard(getattr(play_run, name))(args)

    return handler


def _games(args: argparse.Namespace) -> int:
    from .play_games import cmd_games  # the store alone: no engine to load

    return cmd_games(args)


def _acting(words: Words) -> Handler:
    """A command that acts on the game: its words go through play_run's one interpreter."""

    def handler(args: argparse.Namespace) -> int:
        from . import play_run

        return play_run.guard(play_run.acting(words))(args)

    return handler


def cmd_new(args: argparse.Namespace) -> int:
    info = game_info(args.name)
    if info.family is not Family.PATH:
        # A game with an engine of its own starts through the function its entry names.
        module, _, func = info.new_game.partition(":")
        start: Handler = getattr(importlib.import_module(module), func)
        return start(args)
    return _run("cmd_new")(args)


def _verb(verb: str) -> Words:
    return lambda a: [verb, *a.words]


def register(sub: Any) -> None:
    def add(name: str, fn: Handler, help_: str) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = sub.add_parser(name, help=help_, description=help_)
        p.add_argument("--db", help="record store file (default: the platform data directory)")
        p.set_defaults(func=fn)
        return p

    def on_game(p: argparse.ArgumentParser, json_flag: bool = True) -> None:
        p.add_argument("--game", type=int, help="game number (default: the current game)")
        if json_flag:
            p.add_argument("--json", action="store_true", help="print the state as JSON")

    names = tuple(g.key for g in table_games())
    p = add("new", cmd_new, "start a game")
    p.add_argument("name", choices=names, metavar="GAME", help=" or ".join(names))
    p.add_argument("--players", required=True, help="seat order, comma separated: red,blue,green")
    all_opts = sorted({o.name for g in table_games() for o in g.options})
    p.add_argument("--option", action="append", choices=all_opts, help="a rule option (repeatable)")
    p.add_argument(
        "--tiles",
        choices=("hidden", "virtual"),
        default="hidden",
        help="hidden: real tiles drawn unseen (default); virtual: the companion deals them",
    )
    p.add_argument("--json", action="store_true")
    p = add(
        "roll",
        _acting(lambda a: ["roll", *a.dice]),
        "roll the dice the game waits for (virtual), or enter real ones: roll 3 4",
    )
    p.add_argument("dice", nargs="*", metavar="GOLD BLUE", help="the real dice, when given")
    on_game(p)
    p = add("dice", _acting(lambda a: ["dice", a.gold, a.blue]), "enter real gold and blue dice")
    p.add_argument("gold")
    p.add_argument("blue")
    on_game(p)
    p = add(
        "die",
        _acting(lambda a: ["die", *a.face]),
        "roll the single die (virtual), or enter the real one: die 5",
    )
    p.add_argument("face", nargs="*", metavar="FACE")
    on_game(p)
    p = add(
        "place",
        _acting(lambda a: ["place", *a.words]),
        "lay a tile in front of the active ship or marker: place TILE or place SQUARE TILE",
    )
    p.add_argument("words", nargs="+", metavar="TILE", help="the tile as it lies, 8 digits")
    p.add_argument("--hand", nargs="+", help="the whole hand, when the ruling needs it")
    on_game(p)
    for verb, what in (
        ("start", "put the next ship or marker on a start mark: start r1c3:0"),
        ("relocate", "move a blocked ship to another start mark of its edge"),
        ("draw", "a tile drawn into the hand to draw: draw TILE, or draw ? unseen"),
        ("daikaiju", "the daikaiju tile turned up: daikaiju 3G"),
        ("facing", "the way the new daikaiju faces: facing north"),
        ("bonus", "the elimination bonus: bonus none, or bonus give T take T"),
        # Veterans of the Seas, the Phoenix, the reference's bonus (docs/records.md)
        ("taihou", "a taihou: taihou check|moving|clear SQUARE, taihou hold, taihou keep|remove"),
        ("portal", "lay a mystic portal in front of the active ship: portal SQUARE"),
        ("land", "where a ship sent through a portal starts: land POINT [TILE]"),
        ("phoenix", "discard the Phoenix to have the last roll made again: phoenix PLAYER"),
        ("keep", "the reference's bonus: the two tiles kept, keep T1 T2"),
        ("uzushio", "when the daikaiju sleep: uzushio roll, or uzushio skip"),
    ):
        p = add(verb, _acting(_verb(verb)), what)
        p.add_argument("words", nargs="+", metavar="WORD")
        on_game(p)
    p = add("do", _acting(lambda a: ["do", *a.action]), "apply any action in record notation")
    p.add_argument("action", nargs="+")
    on_game(p)
    p = add("undo", _acting(lambda a: ["undo"]), "take back the last decision or roll")
    on_game(p)
    p = add("state", _run("cmd_state"), "show the game")
    on_game(p)
    p = add("moves", _run("cmd_moves"), "what can be typed now, with the risk of each placement")
    on_game(p)
    p = add("odds", _run("cmd_odds"), "each ship's chance of being lost in the next daikaiju phase")
    on_game(p)
    p = add("history", _run("cmd_history"), "list the record of the game")
    on_game(p, json_flag=False)
    add("games", _games, "list the games in the store")
    p = add("resume", _run("cmd_resume"), "make a stored game the current one")
    p.add_argument("id", type=int)
    p = add("export", _run("cmd_export"), "write a game's record as JSON Lines")
    p.add_argument("file")
    on_game(p, json_flag=False)
    accept = "read a record whose checksums do not match (damaged or edited), marked as such"
    p = add("import", _run("cmd_import"), "read a JSON Lines record into the store")
    p.add_argument("file")
    p.add_argument("--accept-edited", action="store_true", help=accept)
    p = add("replay", _run("cmd_replay"), "rebuild a game from a record file and print its state")
    p.add_argument("record")
    p.add_argument("--json", action="store_true")
    p.add_argument("--accept-edited", action="store_true", help=accept)
    p = add("play", _run("cmd_play"), "play from a prompt, one command a line")
    on_game(p, json_flag=False)
