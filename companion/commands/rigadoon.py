"""The ``companion rigadoon ...`` commands, and ``companion new rigadoon`` (:func:`new`).

Every command works on the current Rigadoon game unless ``--game ID`` names another.
Bad input ends in one line on stderr with exit code 2, and nothing is stored.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..cli import Handler, refusing
from ..record import RecordError
from ..rigadoon.board import ISLAND
from ..rigadoon.chain import parse_ship, ship_name
from ..rigadoon.explore import explore
from ..rigadoon.geometry import Direction, RigadoonError
from ..rigadoon.record import RigadoonStore, dump_lines, load_lines, replay
from ..rigadoon.session import Session
from ..rigadoon.state import OPTIONS, State
from ..rigadoon.view import LEGEND, render, ship_lines, view_json
from ..store import StoreError

ERRORS = (RigadoonError, StoreError, RecordError, ValueError)


def _rng(game_id: int, entries: int) -> random.Random:
    # Tests and demonstrations can make the virtual wind repeat; at the table it never does.
    seed = os.environ.get("COMPANION_DICE_SEED")
    if seed is None:
        return random.Random()
    return random.Random(int(seed) * 1_000_003 + game_id * 1009 + entries)


def _store(args: argparse.Namespace) -> RigadoonStore:
    return RigadoonStore.open_store(getattr(args, "db", None))


def _session(args: argparse.Namespace) -> Session:
    store = _store(args)
    game_id = getattr(args, "game", None) or store.current_rigadoon()
    if game_id is None:
        raise RigadoonError(
            "no Rigadoon game yet: start one with 'companion rigadoon new --players a,b'"
        )
    _header, entries = store.load_game(game_id)
    return Session.resume(store, game_id, _rng(game_id, len(entries)))


def show(s: Session | State, as_json: bool = False, game_id: int | None = None) -> None:
    state = s.state if isinstance(s, Session) else s
    if as_json:
        doc = view_json(state)
        if isinstance(s, Session):
            doc["game_id"] = s.game_id
        print(json.dumps(doc, indent=1))
        return
    gid = f", game {s.game_id}" if isinstance(s, Session) else ""
    wind = f", wind {state.wind.word}" if state.wind is not None else ""
    opts = f", options {', '.join(sorted(state.game.options))}" if state.game.options else ""
    print(f"Rigadoon{gid}, turn {state.turn}{wind}{opts}")
    print(render(state))
    for line in ship_lines(state):
        print(f"   {line}")
    print(f"Now: {state.prompt()}")


def _say(lines: list[str]) -> None:
    for n, line in enumerate(lines, 1):
        print(f" {n}. {line}")


def new(args: argparse.Namespace) -> int:
    """``companion new rigadoon --players FIRST,SECOND``: FIRST sails first."""
    players = [p for p in args.players.split(",") if p.strip()]
    store = _store(args)
    s = Session.new(store, players, getattr(args, "option", None) or ())
    print(f"Started Rigadoon game {s.game_id}: {players[0]} sails first.")
    for note in s.game.defaults_to_check():
        print(f"   default to check: {note}")
    show(s, getattr(args, "json", False))
    return 0


def _acting(fn: Callable[[Session, argparse.Namespace], list[str]]) -> Handler:
    def handler(args: argparse.Namespace) -> int:
        s = _session(args)
        lines = fn(s, args)
        if lines:
            print("On the table:")
            _say(lines)
        show(s, getattr(args, "json", False))
        return 0

    return handler


def _wind(s: Session, a: argparse.Namespace) -> list[str]:
    return s.change_wind(Direction.parse(a.direction) if a.direction else None)


def _claim(s: Session, a: argparse.Namespace) -> list[str]:
    b = s.game.board
    sq = b.square(a.square)
    if b.terrain[sq] != ISLAND:
        raise RigadoonError(f"{b.name(sq)} is not an island: claim names the island's square")
    return s.enter(f"sail {a.ship} {a.square}")


def _sail(s: Session, a: argparse.Namespace) -> list[str]:
    return s.enter(f"sail {a.ship} {a.square} {a.stop or ''}")


def cmd_explore(args: argparse.Namespace) -> int:
    s = _session(args)
    ship = parse_ship(args.ship)
    lines = explore(s.state, ship)
    if args.json:
        rows = [
            {
                "sail": ln.sail.notation(),
                "choices": list(ln.choices),
                "score": ln.score,
                "summary": ln.summary(),
                "wins": ln.wins,
                "loses": ln.loses,
            }
            for ln in lines
        ]
        print(json.dumps({"ship": ship_name(ship), "lines": rows}, indent=1))
        return 0
    wind = s.state.wind.word if s.state.wind is not None else "no"
    print(f"Every sail of {ship_name(ship)} under the {wind} wind, best first:")
    for ln in lines:
        then = f"  then choose {' / '.join(ln.choices)}" if ln.choices else ""
        print(f"  {ln.score:>5}  {ln.sail.notation():<24} {ln.summary()}{then}")
    if not lines:
        print("  (no legal sail)")
    return 0


def cmd_moves(args: argparse.Namespace) -> int:
    s = _session(args)
    print(f"Now: {s.state.prompt()}")
    if s.state.is_chance_node():
        for outcome, p in s.state.chance_outcomes():
            print(f"  {outcome.notation():<12} chance {p}")
    for a in s.state.legal_actions():
        print(f"  {a.notation()}")
    return 0


def cmd_state(args: argparse.Namespace) -> int:
    s = _session(args)
    if not args.json:
        print(f"Legend: {LEGEND}")
    show(s, args.json)
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    for line in _session(args).history():
        print(line)
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    s = _session(args)
    Path(args.file).write_text("\n".join(dump_lines(s.header, s.entries)) + "\n", "utf-8")
    print(f"Wrote Rigadoon game {s.game_id} ({len(s.entries)} entries) to {args.file}.")
    return 0


def _read(path: str) -> list[str]:
    try:
        return Path(path).read_text("utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(0, f"cannot read {path}: {exc}") from None


def cmd_import(args: argparse.Namespace) -> int:
    header, entries, numbers = load_lines(_read(args.file), args.accept_edited)
    replay(header, entries, numbers)
    store = _store(args)
    game_id = store.create_game(header)
    for e in entries:
        store.append(game_id, e)
    s = Session.resume(store, game_id)
    print(f"Imported {args.file} as Rigadoon game {game_id}.")
    show(s)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    header, entries, numbers = load_lines(_read(args.record), args.accept_edited)
    state = replay(header, entries, numbers)
    if args.json:
        doc = view_json(state)
        doc["entries"] = len(entries)
        print(json.dumps(doc, indent=1))
    else:
        show(state)
    return 0


PLAY_HELP = """Commands, one a line:
  sail SHIP SQUARE [sink|aground]   sail in a straight line (sail b1 r6c6)
  claim SHIP SQUARE                 sail onto an island to claim its chest
  repair SHIP                       add one mast
  wind [DIRECTION]                  change the wind: a virtual card or die, or the real one
  change                            change now, enter the card later with 'wind DIRECTION'
  choose OPTION                     answer the choice the chain waits for
  end                               end the turn (when a ship in port could still sail)
  explore SHIP | moves | state | undo | help | quit"""


def cmd_play(args: argparse.Namespace) -> int:
    """A prompt loop: one command a line ('sail b1 r6c6', 'wind', 'wind n', 'explore b1',
    'choose palm', 'undo', 'state', 'moves', 'quit'); refusals do not end it."""
    s = _session(args)
    show(s)
    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        verb = words[0].lower()
        if verb in ("quit", "exit"):
            break
        if verb in ("help", "?"):
            print(PLAY_HELP)
            continue
        try:
            if verb == "wind" and len(words) <= 2:
                lines = s.change_wind(Direction.parse(words[1]) if len(words) == 2 else None)
            elif verb == "undo":
                lines = s.undo()
            elif verb == "explore" and len(words) == 2:
                for ln in explore(s.state, parse_ship(words[1])):
                    then = f"  then choose {' / '.join(ln.choices)}" if ln.choices else ""
                    print(f"  {ln.score:>5}  {ln.sail.notation():<24} {ln.summary()}{then}")
                continue
            elif verb == "moves":
                print("  " + ", ".join(a.notation() for a in s.state.legal_actions()))
                continue
            elif verb == "state":
                lines = []
            else:
                lines = s.enter(" ".join(["sail", *words[1:]] if verb == "claim" else words))
        except ERRORS as exc:
            print(f"Refused: {exc}")
            continue
        if lines:
            print("On the table:")
            _say(lines)
        show(s)
        if s.state.is_terminal():
            break
    return 0


_guard = refusing(ERRORS, "companion rigadoon")


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
        p.set_defaults(func=_guard(fn))
        return p

    def act(
        name: str, fn: Callable[[Session, argparse.Namespace], list[str]], help_: str
    ) -> argparse.ArgumentParser:
        return add(name, _acting(fn), help_)

    p = add("new", new, "start a game; the first player named sails first", game=False)
    p.add_argument("--players", required=True, help="FIRST,SECOND")
    p.add_argument("--option", action="append", choices=sorted(OPTIONS), help="a rule option")
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
    p = act("wind", _wind, "change the wind: the real card or die shown, or a virtual draw")
    p.add_argument("direction", nargs="?", help="what the real card or die shows")
    p = act("sail", _sail, "sail a ship in a straight line to a square")
    p.add_argument("ship", help="b1-b4 or g1-g4")
    p.add_argument("square", help="where it ends, such as r6c6")
    p.add_argument("stop", nargs="?", choices=("sink", "aground"), help="stop on the chest there")
    p = act("claim", _claim, "sail a ship onto an island to claim its chest")
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
    add("state", cmd_state, "show the game")
    add("play", cmd_play, "play from a prompt, one command a line")
    add("moves", cmd_moves, "list the legal actions now")
    p = add("explore", cmd_explore, "every legal sail of a ship with its result, best first")
    p.add_argument("ship")
    add("history", cmd_history, "list the record of the game")
    p = add("export", cmd_export, "write the game's record as JSON Lines")
    p.add_argument("file")
    accept = "read a record whose checksums do not match (damaged or edited)"
    p = add("import", cmd_import, "read a JSON Lines record into the store", game=False)
    p.add_argument("file")
    p.add_argument("--accept-edited", action="store_true", help=accept)
    p = add("replay", cmd_replay, "rebuild a game from a record file and show it", game=False)
    p.add_argument("record")
    p.add_argument("--json", action="store_true")
    p.add_argument("--accept-edited", action="store_true", help=accept)
