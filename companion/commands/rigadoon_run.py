"""The ``companion rigadoon ...`` commands, and ``companion new rigadoon`` (:func:`new`).

Every command works on the current Rigadoon game unless ``--game ID`` names another.
Bad input ends in one line on stderr with exit code 2, and nothing is stored.
"""

from __future__ import annotations

import argparse
import json
import os
import random
from collections.abc import Callable
from pathlib import Path

from companion.core.records import RecordError
from companion.core.store import StoreError

from ..cli import Handler, refusing
from ..rigadoon.board import ISLAND
from ..rigadoon.chain import parse_ship, ship_name
from ..rigadoon.explore import explore
from ..rigadoon.geometry import Direction, RigadoonError
from ..rigadoon.record import RigadoonStore, dump_lines, load_lines, replay
from ..rigadoon.session import Session
from ..rigadoon.state import State
from ..rigadoon.view import LEGEND, render, ship_lines, view_json
from .typed_lines import typed_lines

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


def acting(fn: Callable[[Session, argparse.Namespace], list[str]]) -> Handler:
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
    if s.state.is_chance_node() or s.state.legal_actions():
        print("Type one of these after 'companion rigadoon ' (or at its 'play' prompt):")
    if s.state.is_chance_node():
        for outcome, p in s.state.chance_outcomes():  # after '#', so the line pastes as it is
            print(f"  {outcome.notation():<12} # chance {p}")
    for a in s.state.legal_actions():
        print(f"  {a.notation()}")
    return 0


def cmd_state(args: argparse.Namespace) -> int:
    s = _session(args)
    if not args.json:
        print(f"Legend: {LEGEND}")
        # the layout is shown: say when it is the shipped default (the pictures are lost)
        defaults = [d.split(" (", 1)[0] for d in s.game.defaults_to_check()]
        if defaults:
            print(f"Defaults to check against your set: {', '.join(defaults)}")
    show(s, args.json)
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    for line in _session(args).history():
        print(line)
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    s = _session(args)
    try:
        Path(args.file).write_text("\n".join(dump_lines(s.header, s.entries)) + "\n", "utf-8")
    except OSError as exc:  # a missing folder, a folder given as the file, no permission
        raise RigadoonError(f"cannot write {args.file}: {exc.strerror or exc}") from None
    print(f"Wrote Rigadoon game {s.game_id} ({len(s.entries)} entries) to {args.file}.")
    return 0


def _read(path: str) -> list[str]:
    try:
        return Path(path).read_text("utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(0, f"cannot read {path}: {exc}") from None


def cmd_import(args: argparse.Namespace) -> int:
    header, entries, numbers = load_lines(_read(args.file), args.accept_edited)
    state = replay(header, entries, numbers)
    store = _store(args)
    game_id = store.import_whole(header, entries, finished=state.is_terminal())
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
    for line in typed_lines():
        words = line.split()
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


guard = refusing(ERRORS, "companion rigadoon")
