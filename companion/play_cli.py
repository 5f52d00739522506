"""The text-mode companion: play a game from the command line, with no screen.

Every command works on the current game (the last one started or resumed) unless
``--game ID`` names another. Records live in the store of :mod:`companion.store`.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from .actions import ActionError, Place
from .cli import Handler, refusing
from .dice import DiceService
from .game import GameError
from .games import Family, game_info, table_games
from .record import RecordError, dump_lines, load_lines, replay, replay_lines
from .render import render_board
from .session import Session, SessionError
from .store import RecordStore, StoreError
from .tiles import PATTERNS, TileError
from .view import table_view, view_json

USER_ERRORS = (ActionError, GameError, SessionError, StoreError, RecordError, TileError, ValueError)


def _dice(game_id: int, entries: int) -> DiceService:
    # Tests and demonstrations can make the virtual dice repeat; at the table they never do.
    seed = os.environ.get("COMPANION_DICE_SEED")
    return DiceService(None if seed is None else int(seed) * 1_000_003 + game_id * 1009 + entries)


def _store(args: argparse.Namespace) -> RecordStore:
    return RecordStore.open(args.db)


def _game_id(args: argparse.Namespace, store: RecordStore) -> int:
    game_id: int | None = args.game if args.game is not None else store.current()
    if game_id is None:
        raise SessionError("no game yet: start one with 'companion new GAME --players a,b'")
    return game_id


def _session(args: argparse.Namespace) -> Session:
    store = _store(args)
    game_id = _game_id(args, store)
    _header, entries = store.load(game_id)
    return Session.resume(store, game_id, _dice(game_id, len(entries)))


def _say(lines: list[str]) -> None:
    for line in lines:
        print(line)


def _show(s: Session, as_json: bool = False, defaults: bool = False) -> None:
    view = s.view()
    if as_json:
        doc = view_json(view)
        doc["game_id"] = s.game_id
        doc["hand"] = s.hand()
        print(json.dumps(doc, indent=1))
        return
    title = game_info(view.game).title
    print(f"{title}, game {s.game_id}, turn {view.turn}")
    print(render_board(s.state))
    for ship in view.ships:
        where = ship.point if ship.alive else ("out" if view.turn else "not placed")
        mark = "*" if ship.active else " "
        print(f" {mark} {ship.name:<8} {where:<10} {ship.hand} tiles in hand")
    hand = [t or "?" for t in s.hand()]
    if s.header.tiles == "virtual" and view.outcome is None:
        print(f"   {view.active}'s hand: {' '.join(hand) or 'empty'}")
    extra = f", daikaiju deck {view.daikaiju_left}" if s.game.has_daikaiju else ""
    print(f"   draw pile {view.pile}{extra}")
    if view.last_roll:
        die = f", single die {view.last_die}" if view.last_die else ""
        print(f"   last roll: gold {view.last_roll[0]}, blue {view.last_roll[1]}{die}")
    if defaults:
        for note in view.defaults:
            print(f"   default to check: {note}")
    print(f"Now: {view.prompt}")


def cmd_new(args: argparse.Namespace) -> int:
    info = game_info(args.name)
    if info.family is not Family.PATH:
        # A game with an engine of its own starts through the function its entry names.
        module, _, func = info.new_game.partition(":")
        start: Handler = getattr(importlib.import_module(module), func)
        return start(args)
    players = [p for p in args.players.split(",") if p.strip()]
    store = _store(args)
    s = Session.new(store, args.name, players, args.option or (), tiles=args.tiles)
    s.dice = _dice(s.game_id, len(s.entries))
    _say(s.settle())
    print(f"Started game {s.game_id}.")
    _show(s, args.json, defaults=True)
    return 0


def _acting(fn: Callable[[Session, argparse.Namespace], list[str]]) -> Handler:
    def handler(args: argparse.Namespace) -> int:
        s = _session(args)
        _say(fn(s, args))
        _show(s, getattr(args, "json", False))
        return 0

    return handler


def cmd_state(args: argparse.Namespace) -> int:
    _show(_session(args), args.json, defaults=True)
    return 0


def cmd_moves(args: argparse.Namespace) -> int:
    s = _session(args)
    risks = {p: r for p, r in s.placement_odds()} if s.game.has_daikaiju else {}
    rows = []
    for a in s.state.legal_actions():
        row: dict[str, Any] = {"action": a.notation()}
        if isinstance(a, Place) and a in risks:
            row["risk"] = str(risks[a])
        rows.append(row)
    if args.json:
        print(json.dumps({"awaiting": s.awaiting(), "moves": rows}, indent=1))
    else:
        print(f"Now: {s.prompt()}")
        for row in rows:
            risk = f"  (risk to your ship: {_pct(Fraction(row['risk']))})" if "risk" in row else ""
            print(f"  {row['action']}{risk}")
        if not rows:
            print("  (no choice to make: roll, or enter what happened)")
    return 0


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}% = {p}"


def cmd_odds(args: argparse.Namespace) -> int:
    s = _session(args)
    odds = s.odds()
    if args.json:
        print(
            json.dumps(
                {k: {"fraction": str(v), "probability": float(v)} for k, v in odds.items()},
                indent=1,
            )
        )
        return 0
    print("Chance each ship is lost in the next daikaiju phase:")
    for name, p in odds.items():
        print(f"  {name:<8} {_pct(p)}")
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    _say(_session(args).history())
    return 0


def cmd_games(args: argparse.Namespace) -> int:
    store = _store(args)
    current = store.current()
    for g in store.games():
        state = "finished" if g.finished else "unfinished"
        mark = "*" if g.game_id == current else " "
        print(
            f"{mark}{g.game_id:>4}  {g.game:<18} {','.join(g.players):<30} {state}, {g.entries} entries, {g.updated}"
        )
    return 0


def cmd_resume(args: argparse.Namespace) -> int:
    store = _store(args)
    _header, entries = store.load(args.id)
    s = Session.resume(store, args.id, _dice(args.id, len(entries)))
    print(f"Resumed game {args.id} at entry {len(s.entries)}.")
    _show(s, defaults=True)
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    store = _store(args)
    game_id = _game_id(args, store)
    header, entries = store.load(game_id)
    Path(args.file).write_text("\n".join(dump_lines(header, entries)) + "\n", encoding="utf-8")
    print(f"Wrote game {game_id} ({len(entries)} entries) to {args.file}.")
    return 0


def _read_record(path: str) -> list[str]:
    try:
        return Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(0, f"cannot read {path}: {exc}") from None


def cmd_import(args: argparse.Namespace) -> int:
    header, entries, numbers = load_lines(_read_record(args.file))
    replay(header, entries, numbers)
    store = _store(args)
    game_id = store.create(header)
    for e in entries:
        store.append(game_id, e)
    s = Session.resume(store, game_id)
    print(f"Imported {args.file} as game {game_id}.")
    _show(s)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        _header, entries, state = replay_lines(_read_record(args.record))
    except RecordError as exc:
        print(f"{args.record}: {exc}", file=sys.stderr)
        return 1
    if args.json:
        doc = view_json(table_view(state))
        doc["entries"] = len(entries)
        doc["hands"] = {
            name: [PATTERNS[t].notation() if t >= 0 else None for t in hand]
            for name, hand in zip(state.game.players, state.hands, strict=True)
        }
        print(json.dumps(doc, indent=1))
    else:
        print(render_board(state))
        print(table_view(state).prompt)
    return 0


def _short_place(line: str) -> bool:
    """``place TILE [hand ...]``: the square is always the one in front of the ship."""
    words = line.split()
    return len(words) >= 2 and words[0] == "place" and words[1].isdigit()


def cmd_play(args: argparse.Namespace) -> int:
    """A prompt loop: type commands ('roll', 'place TILE', 'undo', 'state', 'moves', 'quit')."""
    s = _session(args)
    _show(s)
    for raw in sys.stdin:
        line = raw.strip()
        if not line:
            continue
        if line in ("quit", "exit"):
            break
        try:
            if line == "roll":
                _say(s.roll())
            elif line == "undo":
                _say(s.undo())
            elif line == "state":
                pass
            elif _short_place(line):
                words = line.split()
                _say(s.place(words[1], words[3:] if "hand" in words else None))
            else:
                _say(s.enter(line))
        except USER_ERRORS as exc:
            print(f"Refused: {exc}")
        _show(s)
        if s.state.is_terminal():
            break
    return 0


_guard = refusing(USER_ERRORS, "companion")


def register(sub: Any) -> None:
    def add(name: str, fn: Handler, help_: str) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = sub.add_parser(name, help=help_, description=help_)
        p.add_argument("--db", help="record store file (default: the platform data directory)")
        p.set_defaults(func=_guard(fn))
        return p

    def on_game(p: argparse.ArgumentParser, json_flag: bool = True) -> None:
        p.add_argument("--game", type=int, help="game number (default: the current game)")
        if json_flag:
            p.add_argument("--json", action="store_true", help="print the state as JSON")

    p = add("new", cmd_new, "start a game")
    names = tuple(g.key for g in table_games())
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
        "roll", _acting(lambda s, a: s.roll()), "roll the dice the game waits for (virtual dice)"
    )
    on_game(p)
    p = add(
        "dice",
        _acting(lambda s, a: s.enter(f"roll {a.gold} {a.blue}")),
        "enter real gold and blue dice",
    )
    p.add_argument("gold")
    p.add_argument("blue")
    on_game(p)
    p = add("die", _acting(lambda s, a: s.enter(f"die {a.face}")), "enter the real single die")
    p.add_argument("face")
    on_game(p)
    p = add(
        "start", _acting(lambda s, a: s.enter(f"start {a.point}")), "put the ship on a start mark"
    )
    p.add_argument("point", help="an edge point such as r1c4:0")
    on_game(p)
    p = add(
        "place",
        _acting(lambda s, a: s.place(a.tile, a.hand)),
        "lay a tile in front of the active ship",
    )
    p.add_argument("tile", help="the tile as it lies, 8 digits")
    p.add_argument("--hand", nargs="+", help="the whole hand, when the ruling needs it")
    on_game(p)
    p = add(
        "do",
        _acting(lambda s, a: s.enter(" ".join(a.action))),
        "apply any action in record notation",
    )
    p.add_argument("action", nargs="+")
    on_game(p)
    p = add("undo", _acting(lambda s, a: s.undo()), "take back the last decision or roll")
    on_game(p)
    p = add("state", cmd_state, "show the game")
    on_game(p)
    p = add("moves", cmd_moves, "list the legal choices now, with the risk of each placement")
    on_game(p)
    p = add("odds", cmd_odds, "each ship's chance of being lost in the next daikaiju phase")
    on_game(p)
    p = add("history", cmd_history, "list the record of the game")
    on_game(p, json_flag=False)
    add("games", cmd_games, "list the games in the store")
    p = add("resume", cmd_resume, "make a stored game the current one")
    p.add_argument("id", type=int)
    p = add("export", cmd_export, "write a game's record as JSON Lines")
    p.add_argument("file")
    on_game(p, json_flag=False)
    p = add("import", cmd_import, "read a JSON Lines record into the store")
    p.add_argument("file")
    p = add("replay", cmd_replay, "rebuild a game from a record file and print its state")
    p.add_argument("record")
    p.add_argument("--json", action="store_true")
    p = add("play", cmd_play, "play from a prompt, one command a line")
    on_game(p, json_flag=False)
