"""The path games on the command line: what each command does (the parsers are in
:mod:`companion.commands.play`, which loads this module only when a command runs).

Every command works on the current game (the last one started, resumed or imported)
unless ``--game ID`` names another; reading another game never makes it the current one.
Records live in the store of :mod:`companion.core.store`.

Every action's record notation is also a command (``companion place r1c3 67325401``,
``companion roll 3 4``), so each hint the companion prints can be pasted as it stands.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from companion.core.dice import DiceService
from companion.core.records import RecordError
from companion.core.store import RecordStore, StoreError
from companion.tsuro.actions import ActionError, Place
from companion.tsuro.game import GameError
from companion.tsuro.record import dump_lines, load_game, load_lines, replay, replay_lines
from companion.tsuro.render import render_board
from companion.tsuro.session import Session, SessionError
from companion.tsuro.state import Phase, State
from companion.tsuro.tiles import PATTERNS, TileError
from companion.tsuro.view import table_view, veterans_lines, view_json

from ..cli import Handler, refusing
from ..games import game_info
from .play_hints import command_hints, land_examples
from .typed_lines import typed_lines


class CliError(ValueError):
    """A request of the command line itself that cannot be met (a file, a word)."""


USER_ERRORS = (
    ActionError,
    GameError,
    SessionError,
    StoreError,
    RecordError,
    TileError,
    CliError,
    ValueError,
)
NOTATION = ("start", "relocate", "draw", "daikaiju", "facing", "bonus", "taihou", "portal",
            "land", "phoenix", "keep", "uzushio")
"""Record-notation verbs that are commands as they stand (roll, die, place have their own)."""


def _dice(game_id: int, entries: int) -> DiceService:
    # Tests and demonstrations can make the virtual dice repeat; at the table they never do.
    seed = os.environ.get("COMPANION_DICE_SEED")
    return DiceService(None if seed is None else int(seed) * 1_000_003 + game_id * 1009 + entries)


def _store(args: argparse.Namespace) -> RecordStore:
    return RecordStore.open(args.db)


def _game_id(args: argparse.Namespace, store: RecordStore) -> int:
    game_id: int | None = args.game if args.game is not None else store.current()
    if game_id is None:
        raise SessionError("no game yet: start one with 'companion new tsuro --players red,blue'")
    return game_id


def _session(args: argparse.Namespace, make_current: bool = False) -> Session:
    store = _store(args)
    game_id = _game_id(args, store)
    header, entries = load_game(store, game_id)
    s = Session.resume(store, game_id, _dice(game_id, len(entries)), make_current=make_current,
                       loaded=(header, entries))
    if s.missed:
        # JSON readers parse stdout: the table still hears about it, on stderr
        out = sys.stderr if getattr(args, "json", False) else sys.stdout
        print("The last command was cut short; the companion has now done the rest:", file=out)
        for line in s.missed:
            print(f"  {plain(line, s.state)}", file=out)
    return s


def _say(lines: list[str], state: State) -> None:
    for line in lines:
        print(plain(line, state))


def plain(text: str, state: State) -> str:
    """A message with its examples made real for this board, so pasting one works.

    The rules engine's messages carry fixed examples (``start r1c4:0``); here each is
    replaced by a legal one where there is one, and Tsuro's pieces are called markers.
    """
    legal = [a.notation() for a in state.legal_actions()]
    for verb in ("start", "relocate"):
        real = next((a for a in legal if a.startswith(verb + " ")), None)
        if real is not None:
            text = re.sub(rf"'{verb} r\d+c\d+:\d'", f"'{real}'", text)
    if state.phase is Phase.PORTAL_LAND and "'land r" in text:
        real = next(iter(land_examples(state)), None)
        if real is not None:
            text = re.sub(r"'land r\d+c\d+:\d TILE' or 'land r\d+c\d+:\d'", f"'{real}'", text)
    if state.phase is Phase.PLACE:
        front = state.grid.square(state.front_square(state.active))
        text = text.replace("'place SQUARE TILE'", f"'place {front} TILE'")
    text = text.replace(
        "'roll GOLD BLUE'", "'roll GOLD BLUE', e.g. 'roll 3 4', or 'roll' alone for virtual dice"
    ).replace("'die FACE'", "'die FACE', e.g. 'die 5', or 'die' alone for a virtual die")
    if not state.game.seas:
        text = re.sub(r"\bships?\b", lambda m: m.group(0).replace("ship", "marker"), text)
    return text


def _show(s: Session, as_json: bool = False, defaults: bool = False) -> None:
    view = s.view()
    if as_json:
        doc = view_json(view)
        doc["game_id"] = s.game_id
        doc["hand"] = s.hand()
        doc["integrity"] = s.header.integrity
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
    for line in veterans_lines(s.state):
        print(f"   {line}")
    if view.last_roll:
        die = f", single die {view.last_die}" if view.last_die else ""
        print(f"   last roll: gold {view.last_roll[0]}, blue {view.last_roll[1]}{die}")
    if defaults:
        for note in view.defaults:
            print(f"   default to check: {note}")
        if s.header.integrity != "verified":
            print(f"   record: {_INTEGRITY[s.header.integrity]}")
    print(f"Now: {plain(view.prompt, s.state)}")


_INTEGRITY = {
    "verified": "every checksum matched",
    "unverified": "unverified (a version 1 record, written before records had checksums)",
    "edited": "EDITED: its checksums did not match and it was read knowingly",
}


def cmd_new(args: argparse.Namespace) -> int:
    players = [p for p in args.players.split(",") if p.strip()]
    store = _store(args)
    s = Session.new(store, args.name, players, args.option or (), tiles=args.tiles)
    s.dice = _dice(s.game_id, len(s.entries))
    _say(s.settle(), s.state)
    print(f"Started game {s.game_id}.")
    _show(s, args.json, defaults=True)
    return 0


# ---- acting: one interpreter for the command line and the prompt -----------------------


def _is_square(word: str) -> bool:
    return re.fullmatch(r"[rR]\d+[cC]\d+", word) is not None


def act(s: Session, words: Sequence[str], hand: Sequence[str] | None = None) -> list[str]:
    """Carry out one command given as words (``roll``, ``roll 3 4``, ``place r1c3 T``...)."""
    if not words:
        raise CliError("an empty line is not a command")
    verb, rest = words[0].lower(), list(words[1:])
    if verb in ("roll", "die") and not rest:
        return s.roll()
    if verb == "dice":
        if len(rest) != 2:
            raise CliError("write the real dice as 'dice GOLD BLUE', for instance 'dice 3 4'")
        return s.enter(f"roll {rest[0]} {rest[1]}")
    if verb == "undo" and not rest:
        return s.undo()
    if verb == "do":
        return s.enter(" ".join(rest))
    if verb == "place":
        return _place(s, rest, hand)
    return s.enter(" ".join(words))


def _place(s: Session, rest: list[str], hand: Sequence[str] | None) -> list[str]:
    """``place TILE``, ``place SQUARE TILE``, each with ``hand T1 T2 T3`` or ``--hand``."""
    if "hand" in (w.lower() for w in rest):
        at = [w.lower() for w in rest].index("hand")
        rest, hand = rest[:at], [*(hand or ()), *rest[at + 1 :]]
    if len(rest) == 2 and _is_square(rest[0]):
        return s.enter("place " + " ".join(rest) + (" hand " + " ".join(hand) if hand else ""))
    if len(rest) != 1:
        raise CliError(
            "write the tile as it lies: 'place TILE' or 'place SQUARE TILE', "
            "with 'hand T1 T2 T3' (or --hand) when the ruling needs the whole hand"
        )
    return s.place(rest[0], list(hand) if hand else None)


def acting(words: Callable[[argparse.Namespace], list[str]]) -> Handler:
    def handler(args: argparse.Namespace) -> int:
        s = _session(args)
        try:
            said = act(s, words(args), getattr(args, "hand", None))
        except USER_ERRORS as exc:
            raise CliError(plain(str(exc), s.state)) from None
        _say(said, s.state)
        _show(s, getattr(args, "json", False))
        return 0

    return handler


# ---- reading ---------------------------------------------------------------------------


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
    hints = command_hints(s)
    if args.json:
        print(json.dumps({"awaiting": s.awaiting(), "moves": rows, "hints": hints}, indent=1))
        return 0
    print(f"Now: {plain(s.prompt(), s.state)}")
    if rows or hints:
        print("Type one of these after 'companion ' (or at the 'companion play' prompt):")
    for row in rows:
        risk = f"   # risk to your ship: {_pct(Fraction(row['risk']))}" if "risk" in row else ""
        print(f"  {row['action']}{risk}")
    for hint in hints:
        print(f"  {hint}")
    if not rows and not hints:
        print("  (no choice to make: the game is over)" if s.state.is_terminal() else
              "  (no choice to make now)")
    return 0


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}% = {p}"


NO_ODDS = """\
No daikaiju in this game: a marker is lost only by the tiles laid, so there
are no odds to give; 'companion moves' shows which placements are allowed."""


def cmd_odds(args: argparse.Namespace) -> int:
    s = _session(args)
    odds = s.odds()
    rerolled = _phoenix_odds(s)
    if args.json:
        doc: dict[str, dict[str, Any]] = {
            k: {"fraction": str(v), "probability": float(v)} for k, v in odds.items()}
        for k, v in rerolled.items():  # the Phoenix's holder, using it to save the ship
            doc[k]["with_phoenix"] = {"fraction": str(v), "probability": float(v)}
        print(json.dumps(doc, indent=1))
        return 0
    if not s.game.has_daikaiju:
        print(NO_ODDS)
        return 0
    tsunami = s.state.vet is not None and s.state.vet.tsunami is not None
    phases = "tsunami and daikaiju phases" if tsunami else "daikaiju phase"
    print(f"Chance each ship is lost in the next {phases}:")
    _print_odds(odds, rerolled)
    return 0


def _phoenix_odds(s: Session) -> dict[str, Fraction]:
    """The Phoenix holder's chance, rerolling the roll that would cost the ship most."""
    from companion.tsuro.odds import danger_with_phoenix

    names = s.game.players
    return {names[k]: v for k, v in danger_with_phoenix(s.state).items()}


def _print_odds(odds: dict[str, Fraction], rerolled: dict[str, Fraction]) -> None:
    for name, p in odds.items():
        print(f"  {name:<8} {_pct(p)}")
        if name in rerolled:
            print(f"  {'':<8} {_pct(rerolled[name])} if {name} rerolls with the Phoenix")


def cmd_history(args: argparse.Namespace) -> int:
    s = _session(args)
    _say(s.history(), s.state)
    return 0


def cmd_resume(args: argparse.Namespace) -> int:
    args.game = args.id
    s = _session(args, make_current=True)
    print(f"Resumed game {args.id} at entry {len(s.entries)}.")
    _show(s, defaults=True)
    return 0


# ---- files -----------------------------------------------------------------------------


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc)


def cmd_export(args: argparse.Namespace) -> int:
    store = _store(args)
    game_id = _game_id(args, store)
    header, entries = load_game(store, game_id)
    text = "\n".join(dump_lines(header, entries)) + "\n"
    try:
        Path(args.file).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise CliError(f"cannot write {args.file}: {_why(exc)}") from None
    print(f"Wrote game {game_id} ({len(entries)} entries) to {args.file}.")
    return 0


def _read_record(path: str) -> list[str]:
    try:
        return Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        why = _why(exc) if isinstance(exc, OSError) else "it is not UTF-8 text"
        raise RecordError(0, f"cannot read {path}: {why}") from None


def cmd_import(args: argparse.Namespace) -> int:
    loaded = load_lines(_read_record(args.file), args.accept_edited)
    state = replay(loaded.header, loaded.entries, loaded.numbers)
    store = _store(args)
    game_id = store.import_game(loaded.header, loaded.entries, finished=state.is_terminal())
    s = Session.resume(store, game_id)
    print(f"Imported {args.file} as game {game_id}.")
    if loaded.integrity != "verified":
        print(f"Record: {_INTEGRITY[loaded.integrity]}" + (
            f" ({loaded.problem})" if loaded.problem else ""))
    _show(s)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        loaded, state = replay_lines(_read_record(args.record), args.accept_edited)
    except RecordError as exc:
        print(f"{args.record}: {exc}", file=sys.stderr)
        return 1
    if args.json:
        doc = view_json(table_view(state))
        doc["entries"] = len(loaded.entries)
        doc["integrity"] = loaded.integrity
        doc["hands"] = {
            name: [PATTERNS[t].notation() if t >= 0 else None for t in hand]
            for name, hand in zip(state.game.players, state.hands, strict=True)
        }
        print(json.dumps(doc, indent=1))
    else:
        if loaded.integrity != "verified":
            print(f"Record: {_INTEGRITY[loaded.integrity]}")
        print(render_board(state))
        print(plain(table_view(state).prompt, state))
    return 0


# ---- the prompt ------------------------------------------------------------------------

PLAY_HELP = """\
Commands (one a line):
  roll                 roll the dice the game waits for (virtual dice)
  roll GOLD BLUE       enter real dice (roll 3 4); die FACE for the single die
  start POINT          put the next piece on a start mark (see 'moves')
  place TILE           lay a tile, as it lies, in front of the active piece
  place TILE hand T1 T2 T3   ... with the whole hand, when the companion asks for it
  moves                what can be typed now
  state / odds / history     the board / the chances / the record
  undo                 take back the last decision or roll
  help / quit"""


def cmd_play(args: argparse.Namespace) -> int:
    """A prompt loop: the commands of ``companion`` without the word, one a line."""
    s = _session(args)
    _show(s)
    print("Type a command ('help' lists them, 'quit' leaves; the game is saved as you go).")
    try:
        for line in typed_lines(lambda: not s.state.is_terminal()):
            if not _play_line(s, line):
                break
    except KeyboardInterrupt:
        print("\nLeft the prompt; the game is saved ('companion play' goes on with it).")
    return 0


def _play_line(s: Session, line: str) -> bool:
    """One line at the prompt; False to leave."""
    words = line.split("#", 1)[0].split()
    if not words:
        return True
    verb = words[0].lower()
    if verb in ("quit", "exit"):
        return False
    if verb in ("help", "?"):
        print(PLAY_HELP)
    elif verb == "state":
        _show(s, defaults=True)
    elif verb == "moves":
        print(f"Now: {plain(s.prompt(), s.state)}")
        for a in s.state.legal_actions():
            print(f"  {a.notation()}")
        for hint in command_hints(s):
            print(f"  {hint}")
    elif verb == "odds":
        if s.game.has_daikaiju:
            _print_odds(s.odds(), _phoenix_odds(s))
        else:
            print(NO_ODDS.replace("'companion moves'", "'moves'"))
    elif verb == "history":
        _say(s.history(), s.state)
    else:
        try:
            said = act(s, words)
        except USER_ERRORS as exc:
            print(f"Refused: {plain(str(exc), s.state)}")
            return True
        _say(said, s.state)
        _show(s)
    return True


guard = refusing(USER_ERRORS, "companion")
