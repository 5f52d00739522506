"""``companion rigadoon ...``: Rigadoon on the command line (the parsers).

What each command does is in :mod:`companion.commands.rigadoon_run`, imported only when a
command runs, so that ``companion --help`` and the other games' commands do not load the
Rigadoon engine. ``new`` is also what ``companion new rigadoon`` calls (the registry
entry names it).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..cli import Handler
from ..games import game_info

if TYPE_CHECKING:
    from ..rigadoon.session import Session

Acting = Callable[["Session", argparse.Namespace], list[str]]


def _run(name: str) -> Handler:
    """The handler ``name`` of rigadoon_run, loaded on first use and guarded."""

    def handler(args: argparse.Namespace) -> int:
        from . import rigadoon_run

        return rigadoon_run.guard(getattr(rigadoon_run, name))(args)

    return handler


def _acting(fn: Acting) -> Handler:
    def handler(args: argparse.Namespace) -> int:
        from . import rigadoon_run

        return rigadoon_run.guard(rigadoon_run.acting(fn))(args)

    return handler


def _later(name: str) -> Acting:
    """An action of rigadoon_run that needs the engine to build its words."""

    def fn(s: Session, a: argparse.Namespace) -> list[str]:
        from . import rigadoon_run

        step: Acting = getattr(rigadoon_run, name)
        return step(s, a)

    return fn


def new(args: argparse.Namespace) -> int:
    """Start a Rigadoon game (``companion rigadoon new``, ``companion new rigadoon``)."""
    return _run("new")(args)


def register(sub: Any) -> None:
    top: argparse.ArgumentParser = sub.add_parser(
        "rigadoon", help="play Rigadoon (new, wind, sail, explore ...)"
    )
    rsub = top.add_subparsers(dest="rigadoon_command", metavar="COMMAND")

    def explain(_args: argparse.Namespace) -> int:
        top.print_help()
        return 2

    top.set_defaults(func=explain)

    def add(name: str, fn: Handler, help_: str, game: bool = True) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = rsub.add_parser(name, help=help_, description=help_)
        p.add_argument("--db", help="record store file (default: the platform data directory)")
        if game:
            p.add_argument("--game", type=int, help="game number (default: the current game)")
            p.add_argument("--json", action="store_true", help="print JSON")
        p.set_defaults(func=fn)
        return p

    def act(name: str, fn: Acting, help_: str) -> argparse.ArgumentParser:
        return add(name, _acting(fn), help_)

    p = add("new", new, "start a game; the first player named sails first", game=False)
    p.add_argument("--players", required=True, help="FIRST,SECOND")
    p.add_argument("--option", action="append", choices=sorted(o.name for o in game_info("rigadoon").options), help="a rule option")
    p.add_argument("--json", action="store_true")
    p = act("fleet", lambda s, a: s.enter(f"fleet {a.colour}"), "the first player picks a fleet")
    p.add_argument("colour", choices=("blue", "green"))
    p = act(
        "opening",
        lambda s, a: s.enter(f"opening {a.direction}"),
        "the second player sets the opening wind",
    )
    p.add_argument("direction", help="n, ne, e, se, s, sw, w or nw")
    act("change", lambda s, a: s.enter("change"), "change the wind; then enter it with 'wind'")
    p = act("wind", _later("_wind"), "change the wind: the real card or die shown, or a virtual draw")
    p.add_argument("direction", nargs="?", help="what the real card or die shows")
    p = act("sail", _later("_sail"), "sail a ship in a straight line to a square")
    p.add_argument("ship", help="b1-b4 or g1-g4")
    p.add_argument("square", help="where it ends, such as r6c6")
    p.add_argument("stop", nargs="?", choices=("sink", "aground"), help="stop on the chest there")
    p = act("claim", _later("_claim"), "sail a ship onto an island to claim its chest")
    p.add_argument("ship")
    p.add_argument("square", help="the island's square")
    p = act("repair", lambda s, a: s.enter(f"repair {a.ship}"), "add a mast to a ship")
    p.add_argument("ship")
    p = act(
        "choose", lambda s, a: s.enter("choose " + " ".join(a.option)), "answer the choice asked"
    )
    p.add_argument("option", nargs="+")
    act("end", lambda s, a: s.enter("end"), "end the turn (when ships in port could still sail)")
    p = act("do", lambda s, a: s.enter(" ".join(a.action)), "apply any action in record notation")
    p.add_argument("action", nargs="+")
    act("undo", lambda s, a: s.undo(), "take back the last action")
    add("state", _run("cmd_state"), "show the game")
    add("play", _run("cmd_play"), "play from a prompt, one command a line")
    add("moves", _run("cmd_moves"), "list the legal actions now")
    p = add("explore", _run("cmd_explore"), "every legal sail of a ship with its result, best first")
    p.add_argument("ship")
    add("history", _run("cmd_history"), "list the record of the game")
    p = add("export", _run("cmd_export"), "write the game's record as JSON Lines")
    p.add_argument("file")
    accept = "read a record whose checksums do not match (damaged or edited)"
    p = add("import", _run("cmd_import"), "read a JSON Lines record into the store", game=False)
    p.add_argument("file")
    p.add_argument("--accept-edited", action="store_true", help=accept)
    p = add("replay", _run("cmd_replay"), "rebuild a game from a record file and show it", game=False)
    p.add_argument("record")
    p.add_argument("--json", action="store_true")
    p.add_argument("--accept-edited", action="store_true", help=accept)
