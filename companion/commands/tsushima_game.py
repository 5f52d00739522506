"""``companion tsushima game ...``: a whole campaign kept in one record file.

Each command reads the record, asks the desk (:class:`companion.tsushima.desk.Desk`) for
one step, and writes the record back only when the step was accepted. ``undo`` takes back
the last step, ``history`` lists them, ``export`` copies the record, ``verdict`` scores the
game as it stands.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.cli import Handler
from companion.tsushima.errors import TsushimaError
from companion.tsushima.units import Side

from .tsushima_common import FLIGHT_SALVOS, add_step, data_of, emit, side_arg
from .tsushima_map import answer_command, store

if TYPE_CHECKING:
    from companion.tsushima.data import DataSet
    from companion.tsushima.desk import Desk
    from companion.tsushima.hexmap import MissingMapFact

Act = Callable[["Desk", argparse.Namespace], list[str]]
ASK: Callable[[str], str] = input  # tests put their own answers here


def _pairs(items: list[str] | None, what: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in items or []:
        key, sep, value = item.rpartition("=")
        try:
            if not sep:
                raise ValueError
            out[key] = int(value)
        except ValueError:
            raise TsushimaError(f"{what} {item!r} is not like {key or 'NAME'}=2") from None
    return out


def _group(text: str) -> tuple[Side, list[str], int]:
    """``japan:Mikasa,Asahi,Fuji@4`` -> navy, ships (lead first), column."""
    try:
        head, _, col = text.rpartition("@")
        navy, _, ships = head.partition(":")
        return Side(navy.strip().lower()), [s.strip() for s in ships.split(",")], int(col)
    except ValueError:
        raise TsushimaError(f"group {text!r} is not like japan:Mikasa,Asahi,Fuji@4") from None


def _body(desk: Desk, lines: list[str]) -> dict[str, Any]:
    c = desk.campaign
    return {
        "scenario": c.fleet.scenario,
        "time": str(c.fleet.time),
        "over": c.fleet.over,
        "steps": len(desk.entries),
        "lines": lines,
    }


def cmd_new(args: argparse.Namespace) -> int:
    from companion.tsushima.desk import Desk
    from companion.tsushima.desk.view import status_lines

    desk = Desk.new(
        args.scenario, data_of(args), args.flight_salvos, chemulpo_loss=args.chemulpo_loss
    )
    if args.force is False and _exists(args.record):
        raise TsushimaError(f"{args.record} already exists: give another file or --force")
    desk.write(args.record)
    return emit(args, _body(desk, []), status_lines(desk.campaign))


def _exists(path: str) -> bool:
    from pathlib import Path

    return Path(path).exists()


def _stepper(act: Act) -> Handler:
    def run(args: argparse.Namespace) -> int:
        from companion.tsushima.desk import Desk
        from companion.tsushima.hexmap import MissingMapFact

        data = data_of(args)
        while True:
            desk = Desk.read(args.record, data)
            try:
                lines = act(desk, args)
                break
            except MissingMapFact as missing:
                data = _ask(args, missing)
        desk.write(args.record)
        return emit(args, _body(desk, lines), lines)

    return run


def _ask(args: argparse.Namespace, missing: MissingMapFact) -> DataSet:
    """Ask the referee for a fact of the printed map and store it in the owner's map file;
    without ``--ask``, say what is missing and how to answer it."""
    if not args.ask:
        raise TsushimaError(f"{missing}; answer once with: {answer_command(missing.fact)}VALUE "
                            "(or run the step again with --ask)")
    reply = ASK(f"The map file does not say {missing.fact.question()}: ")
    return store(args, missing.fact, reply)


def cmd_show(args: argparse.Namespace) -> int:
    from companion.tsushima.desk import Desk
    from companion.tsushima.desk.view import status_lines
    from companion.tsushima.state import engagement_to_dict

    desk = Desk.read(args.record, data_of(args))
    lines = status_lines(desk.campaign, args.navy)
    # the battle board in the state files' shape, so a program reads it as it reads those
    board = engagement_to_dict(desk.battle) if desk.battle is not None else None
    return emit(args, _body(desk, lines) | {"battle": board}, lines)


def cmd_history(args: argparse.Namespace) -> int:
    from companion.tsushima.desk import Desk

    desk = Desk.read(args.record, data_of(args))
    lines = desk.history() or ["No steps yet."]
    return emit(args, _body(desk, lines), lines)


def cmd_verdict(args: argparse.Namespace) -> int:
    from companion.tsushima.desk import Desk

    desk = Desk.read(args.record, data_of(args))
    out = desk.verdict()
    when = "" if desk.fleet.over else " (if the game ended now)"
    lines = [out.sentence() + when]
    body = _body(desk, lines) | {
        "winner": out.winner.value if out.winner else None,
        "level": out.level,
        "points": {k.value: v for k, v in out.points.items()},
    }
    return emit(args, body, lines)


def cmd_export(args: argparse.Namespace) -> int:
    from companion.tsushima.desk import Desk

    desk = Desk.read(args.record, data_of(args))
    if _exists(args.file):
        raise TsushimaError(f"{args.file} already exists: export to a new file")
    desk.write(args.file)
    return emit(args, _body(desk, []), [f"Wrote {args.file} ({len(desk.entries)} entries)."])


STEPS: list[tuple[str, str, Act, Callable[[Any], None]]] = []


def _add(name: str, text: str, setup: Callable[[Any], None] = lambda p: None) -> Callable[
    [Act], Act
]:
    def reg(act: Act) -> Act:
        STEPS.append((name, text, act, setup))
        return act

    return reg


def _args(*specs: tuple[tuple[str, ...], dict[str, Any]]) -> Callable[[Any], None]:
    def setup(p: Any) -> None:
        for names, kw in specs:
            p.add_argument(*names, **kw)

    return setup


def a(*names: str, **kw: Any) -> tuple[tuple[str, ...], dict[str, Any]]:
    return names, kw


_add("undo", "Take back the last step")(lambda d, a_: d.undo())
_add("place", "Record where a ship (and its division) now is; moves are counted on the map",
     _args(a("ship"), a("location"),
           a("--with", dest="together", nargs="+", default=[], metavar="SHIP",
             help="the other ships of its division: they sail at the slowest one's pace")))(
    lambda d, x: d.place(x.ship, x.location, x.together)
)
_add("hits", "Hits from a cause the desk does not resolve",
     _args(a("ship"), a("hits", type=int), a("--cause", default="")))(
    lambda d, x: d.hits(x.ship, x.hits, x.cause)
)
_add("next", "The next segment, or the end of a naval phase")(lambda d, x: d.next())
_add("to-terminal", "Close the naval phases up to the terminal phase")(
    lambda d, x: d.to_terminal()
)
_add("terminal", "Run the terminal phase: repairs, morale, next turn",
     _args(a("--repair", action="append", metavar="SHIP=DIE")))(
    lambda d, x: d.terminal(_pairs(x.repair, "repair"))
)
_add("italy", "The cruisers in Italy: Tables 6A and 6B",
     _args(a("--die-6a", type=int, required=True), a("--die-6b", type=int, required=True)))(
    lambda d, x: d.italy(x.die_6a, x.die_6b)
)
_add("declare-over", "Russia ends the Battle of Tsushima (a ship is in Vladivostok)")(
    lambda d, x: d.declare_over()
)
_add("battle", "Put ships on the battle board, formed by the division rules",
     _args(a("--form", action="append", metavar="NAVY:SHIP,SHIP@COLUMN"),
           a("--scenario-setup", action="store_true", help="the scenario's own set-up"),
           a("--first", type=side_arg), a("--port")))(
    lambda d, x: d.battle_scenario() if x.scenario_setup
    else d.battle_start([_group(g) for g in x.form or []], x.first, x.port)
)
_add("move", "The movement round of the side to move",
     _args(a("--move", action="append", metavar="FORMATION=DELTA"),
           a("--detach", action="append", metavar="SHIP"), a("--flee", action="store_true"),
           a("--flee-merchants", action="store_true"), a("--flight-die", type=int)))(
    lambda d, x: d.move(_pairs(x.move, "move"), x.flight_die, x.detach or (), x.flee,
                        x.flee_merchants)
)
_add("screen", "Screen a formation with an adjacent one",
     _args(a("screener"), a("screened")))(lambda d, x: d.screen(x.screener, x.screened))
_add("declare", "Declare this firing round's fire",
     _args(a("orders", nargs="*", metavar="FIRER:WEAPON[*N]>TARGET"),
           a("--default", action="store_true", help="lead on lead, ship on ship")))(
    lambda d, x: d.declare([*(d.default_orders() if x.default else ()), *x.orders])
)
_add("roll", "Roll one declared fire (one two-dice total per salvo)",
     _args(a("number", type=int), a("totals", type=int, nargs="+")))(
    lambda d, x: d.roll(x.number, x.totals)
)
_add("end-round", "End the firing round: damage takes effect")(lambda d, x: d.end_round())
_add("finish", "Carry the battle's damage to the fleet and clear the board")(
    lambda d, x: d.finish()
)
_add("aground", "Ships that entered partial sea hexes, in rolling order",
     _args(a("ships", nargs="+"), a("--trigger", type=int, required=True),
           a("--ship-dice", type=int, nargs="+", default=[]), a("--damage-die", type=int)))(
    lambda d, x: d.aground(x.ships, x.trigger, x.ship_dice, x.damage_die)
)
_add("spot", "A search of one hex by the navy in its spotting segment (Table 2)",
     _args(a("navy", type=side_arg), a("ships", nargs="+", help="the searching ships"),
           a("--die", type=int, required=True), a("--began-in-hex", action="store_true"),
           a("--partial-sea", action="store_true", default=None,
             help="the hex is partial sea (ships on a map hex: read from the map file)"),
           a("--evade", action="store_true", help="the hidden navy evades (for the turn)")))(
    lambda d, x: d.spot(x.navy, x.ships, x.die, x.began_in_hex, x.partial_sea, x.evade)
)
_add("spot-zone", "A search of a strategic zone holding both navies (two dice, 10 or more)",
     _args(a("navy", type=side_arg), a("zone"), a("--total", type=int, required=True)))(
    lambda d, x: d.spot_zone(x.navy, x.zone, x.total)
)
_add("port-attack", "Attack ships sheltering in a port (a 6; 3-6 in the first-turn surprise)",
     _args(a("port"), a("--die", type=int, required=True)))(
    lambda d, x: d.port_attack(x.port, x.die)
)
_add("mine", "A ship entering a mined hex",
     _args(a("ship"), a("hex"), a("--die", type=int, required=True),
           a("--damage-die", type=int)))(
    lambda d, x: d.mine(x.ship, x.hex, x.die, x.damage_die)
)
_add("lay-mine", "Lay a mine (terminal phase, partial sea, near a friendly port); without "
     "--hexes-to-port the hex facts come from the owner's map file",
     _args(a("navy", type=side_arg), a("hex"), a("--partial-sea", action="store_true"),
           a("--hexes-to-port", type=int)))(
    lambda d, x: d.lay_mine_on_map(x.navy, x.hex) if x.hexes_to_port is None
    else d.lay_mine(x.navy, x.hex, x.partial_sea, x.hexes_to_port)
)
_add("sweep", "Sweep a mined hex: six ships or more staying in it, one die each",
     _args(a("hex"), a("ships", nargs="+", help="the sweeping ships, in the mined hex"),
           a("--dice", type=int, nargs="+", required=True)))(
    lambda d, x: d.sweep(x.hex, x.dice, x.ships)
)
_add("flying-base", "Place a Japanese flying base (never moved again) where the scenario "
     "allows: a port by name, a map hex, or another label with --korean-coast",
     _args(a("hex"), a("--korean-coast", action="store_true",
                       help="the place lies on the Korean coast (labels not on the map)")))(
    lambda d, x: d.flying_base(x.hex, x.korean_coast)
)
_add("blockships", "Japanese merchants sunk in the Port Arthur channel",
     _args(a("ships", nargs="+"), a("--dice", type=int, nargs="+", required=True)))(
    lambda d, x: d.blockships(x.ships, x.dice)
)
_add("clear-block", "Try to clear the Port Arthur channel (terminal phase, a 6)",
     _args(a("--die", type=int, required=True)))(lambda d, x: d.clear_block(x.die))
_add("land-plan", "Choose (or fall back to an easier) land campaign plan", _args(a("plan")))(
    lambda d, x: d.land_plan(x.plan)
)
_add("land-need", "Plan C: the die that sets next turn's shiploads",
     _args(a("--die", type=int, required=True)))(lambda d, x: d.land_need(x.die))
_add("land-turn", "The turn's shiploads delivered, and the die towards the fall",
     _args(a("delivered", type=int), a("--die", type=int)))(
    lambda d, x: d.land_turn(x.delivered, x.die)
)
_add("town-raid", "A Russian ship shells a town",
     _args(a("ship"), a("--die", type=int, required=True),
           a("--coastal-hex", action="store_true", help="the ship's hex is Japanese coast")))(
    lambda d, x: d.town_raid(x.ship, x.die, x.coastal_hex)
)
_add("scuttle", "Scuttle a ship in the port just captured (1-3)",
     _args(a("ship"), a("--die", type=int, required=True)))(
    lambda d, x: d.scuttle(x.ship, x.die)
)
_add("capture", "Take a ship in the fallen port", _args(a("ship")))(
    lambda d, x: d.capture(x.ship)
)
_add("merchant-callup", "A new merchant for every two lost", _args(a("--port", default="Kure")))(
    lambda d, x: d.merchant_callup(x.port)
)


def register_game(sub: Any) -> None:
    game = sub.add_parser("game", help="A whole campaign kept in one record file")
    gsub = game.add_subparsers(dest="game_command", metavar="STEP", parser_class=type(game))

    def add_in(name: str, handler: Handler, text: str) -> Any:
        return add_step(gsub, name, handler, text, ("--record", "the campaign record file"))

    p = add_in("new", cmd_new, "Start a campaign record for a scenario")
    p.add_argument("--scenario", required=True)
    p.add_argument(
        "--flight-salvos",
        choices=FLIGHT_SALVOS,
        default=FLIGHT_SALVOS[0],
        help="which salvos flight halves (see docs/tsushima.md)",
    )
    p.add_argument(
        "--chemulpo-loss",
        choices=("hit", "sunk"),
        default="hit",
        help="what counts as a Japanese loss at Chemulpo: any 'hit' (default) or a ship "
        "'sunk' (see docs/tsushima.md)",
    )
    p.add_argument("--force", action="store_true", help="replace an existing record")
    add_in("show", cmd_show, "Where the campaign stands").add_argument("--navy", type=side_arg)
    add_in("history", cmd_history, "Every step still standing")
    add_in("verdict", cmd_verdict, "The victory verdict")
    add_in("export", cmd_export, "Copy the record to a file").add_argument("file")
    for name, text, act, setup in STEPS:
        p = add_in(name, _stepper(act), text)
        p.add_argument("--ask", action="store_true",
                       help="ask for any fact of the printed map the step needs, and store it")
        setup(p)
