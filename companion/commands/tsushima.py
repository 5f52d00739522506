"""``companion tsushima``: the referee's desk on the command line.

Procedures show their odds; give the dice (``--die``, ``--roll``) to resolve them. Bad input
exits with status 2 and one line on stderr; nothing is saved. The campaign itself is kept
in one record (``tsushima game ...``); single battles and fleets may also be kept in state
files (``tsushima battle ...``, ``tsushima fleet ...``).

This module only declares the commands: each handler is imported when its command runs.
"""

from __future__ import annotations

from typing import Any

from companion.cli import Handler
from companion.tsushima.units import Side

from .tsushima_common import (
    DATA_HELP,
    OneLineParser,
    add_step,
    flight_salvos_arg,
    guarded,
    lazy,
    side_arg,
)


def _procedure(name: str) -> Handler:
    return lazy("companion.commands.tsushima_procedures", name)


def _data(name: str) -> Handler:
    return lazy("companion.commands.tsushima_data", name)


def _play(name: str) -> Handler:
    return lazy("companion.commands.tsushima_play", name)


def register(subparsers: Any) -> None:
    """Add ``tsushima`` and its commands to the ``companion`` command."""
    top = subparsers.add_parser(
        "tsushima", help="Tsushima: the referee's desk for the naval war", description=__doc__
    )
    top.error = OneLineParser.error.__get__(top)
    sub = top.add_subparsers(dest="tsushima_command", metavar="COMMAND", parser_class=OneLineParser)

    def add(name: str, handler: Handler, help_text: str, json_flag: bool = True) -> Any:
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.set_defaults(func=guarded(handler))
        p.add_argument("--data", help=DATA_HELP)
        if json_flag:
            p.add_argument("--json", action="store_true", help="print JSON")
        return p

    register_procedures(add)
    add("ships", _data("cmd_ships"), "The counter inventory").add_argument("--navy", type=side_arg)
    add("warnings", _data("cmd_warnings"), "Data still waiting for the owner's confirmation")
    add("tables", _data("cmd_tables"), "The Gunfire and Torpedo Tables in use")
    add("export-data", _data("cmd_export"), "Copy the data files out for the owner to edit").add_argument(
        "directory"
    )
    add("scenarios", _data("cmd_scenarios"), "List the scenarios")
    add("scenario", _data("cmd_scenario"), "Show a scenario's forces").add_argument("key")
    from .tsushima_game import register_game
    from .tsushima_map import register_map

    register_play(sub)
    register_game(sub)
    register_map(sub)


def register_procedures(add: Any) -> None:
    """The single procedures; ``add(name, handler, help)`` makes a parser."""
    p = add("fire", _procedure("cmd_fire"), "Gunfire odds (and results, with --roll) of one ship on another")
    p.add_argument("firer")
    p.add_argument("target")
    p.add_argument(
        "--range",
        type=int,
        required=True,
        help="columns between the two (0 = adjacent), as the worked example counts",
    )
    for who in ("firer", "target"):
        p.add_argument(f"--{who}-hits", type=int, default=0)
        p.add_argument(f"--{who}-morale", type=int, default=0)
    p.add_argument("--firer-screened", action="store_true")
    p.add_argument("--target-screened", action="store_true")
    p.add_argument("--shared", action="store_true", help="other ships fire on the same target")
    p.add_argument("--fleeing", action="store_true", help="the firer is in flight")
    p.add_argument("--target-fleeing", action="store_true", help="the target is in flight")
    flight_salvos_arg(p)
    p.add_argument(
        "--roll",
        action="append",
        metavar="GUN=T,T",
        help="two-dice totals rolled, e.g. primary=5,6",
    )

    p = add("torpedo", _procedure("cmd_torpedo"), "Torpedo attack odds of a destroyer or torpedo boat counter")
    p.add_argument("firer")
    p.add_argument("target")
    p.add_argument("--adjacent", action="store_true", help="attack from the adjacent column")
    p.add_argument("--firer-hits", type=int, default=0)
    p.add_argument("--target-hits", type=int, default=0)
    p.add_argument("--roll", type=int, nargs="+", metavar="TOTAL")

    p = add("spot", _procedure("cmd_spot"), "Spotting odds in a map hex (Table 2)")
    p.add_argument("--destroyers", type=int, default=0)
    p.add_argument("--two-hit-ships", type=int, default=0)
    p.add_argument("--low-morale-ships", type=int, default=0)
    p.add_argument("--began-in-hex", action="store_true")
    p.add_argument("--partial-sea", action="store_true")
    p.add_argument("--evade", action="store_true", help="the hidden side evades")
    p.add_argument("--die", type=int)

    p = add("spot-zone", _procedure("cmd_spot_zone"), "Spotting in a strategic movement zone")
    p.add_argument("--total", type=int, help="two-dice total rolled")

    p = add("port-attack", _procedure("cmd_port_attack"), "Breaking a port's protection")
    p.add_argument("--surprise", action="store_true")
    p.add_argument("--die", type=int)

    p = add("aground", _procedure("cmd_aground"), "Running aground after entering partial sea hexes")
    p.add_argument("ships", nargs="+", help="ships in the order they will be rolled for")
    p.add_argument("--trigger", type=int)
    p.add_argument("--ship-dice", type=int, nargs="+")
    p.add_argument("--damage-die", type=int)

    p = add("mine", _procedure("cmd_mine"), "A ship entering a mined hex")
    p.add_argument("--die", type=int)
    p.add_argument("--damage-die", type=int)

    p = add("sweep", _procedure("cmd_sweep"), "Sweeping a mine with a fleet of six or more")
    p.add_argument("--ships", type=int, required=True)
    p.add_argument("--dice", type=int, nargs="+")

    p = add("repair", _procedure("cmd_repair"), "Repair attempts at a port, within its capacity")
    p.add_argument("port")
    p.add_argument("ships", nargs="+", metavar="SHIP[=HITS]")
    p.add_argument("--used", type=int, default=0, help="attempts already made there this turn")
    p.add_argument("--dice", type=int, nargs="+")

    p = add("italy", _procedure("cmd_italy"), "The armoured cruisers in Italy (Tables 6A and 6B)")
    p.add_argument("--die-6a", type=int)
    p.add_argument("--die-6b", type=int)


def register_play(sub: Any) -> None:
    """``battle ...`` and ``fleet ...``: a single battle or a fleet ledger in state files."""
    battle = sub.add_parser("battle", help="A battle-board engagement kept in a state file")
    bsub = battle.add_subparsers(dest="battle_command", metavar="STEP", parser_class=type(battle))
    fleet = sub.add_parser("fleet", help="The fleet ledger: damage, morale, terminal phase")
    fsub = fleet.add_subparsers(dest="fleet_command", metavar="STEP", parser_class=type(fleet))

    def add_in(group: Any, name: str, handler: Handler, text: str) -> Any:
        return add_step(group, name, handler, text, ("--state", "the state file"))

    p = add_in(bsub, "new", _play("cmd_new"), "Set up an engagement")
    p.add_argument("--scenario", help="port-arthur or chemulpo")
    p.add_argument(
        "--form",
        action="append",
        help="navy:kind:ship,ship,...@column; kind is battle, cruiser, independent, "
        "small or merchant; lead ship first; order of sail as given",
    )
    p.add_argument("--first", type=side_arg, default=Side.JAPAN, help="the spotting navy")
    p.add_argument("--port", help="a port battle at this port")
    p.add_argument("--surprise", action="store_true", help="first-turn surprise")
    p.add_argument("--fleet", help="fleet state file to take damage and morale from")
    flight_salvos_arg(p)
    add_in(bsub, "show", _play("cmd_show"), "Show the board")
    p = add_in(bsub, "move", _play("step_move"), "The movement round of the side to move")
    p.add_argument(
        "--move",
        action="append",
        metavar="FORMATION=DELTA",
        help="signed columns, + towards column 12",
    )
    p.add_argument("--detach", action="append", metavar="SHIP")
    p.add_argument("--flee", action="store_true")
    p.add_argument("--flee-merchants", action="store_true")
    p.add_argument("--flight-die", type=int)
    p = add_in(bsub, "screen", _play("step_screen"), "Screen a formation with an adjacent one")
    p.add_argument("screener")
    p.add_argument("screened")
    p = add_in(bsub, "declare", _play("step_declare"), "Declare this firing round's fire")
    p.add_argument("orders", nargs="*", metavar="FIRER:WEAPON>TARGET")
    p.add_argument("--default", action="store_true", help="lead on lead, ship on ship")
    p = add_in(bsub, "roll", _play("step_roll"), "Roll one declared fire (one total per salvo)")
    p.add_argument("number", type=int)
    p.add_argument("totals", type=int, nargs="+")
    add_in(bsub, "end-round", _play("step_end"), "End the firing round: damage takes effect")
    p = add_in(bsub, "finish", _play("cmd_finish"), "Carry the battle damage back to a fleet ledger")
    p.add_argument("--fleet", required=True)

    p = add_in(fsub, "new", _play("cmd_fleet_new"), "Start a fleet ledger from a scenario")
    p.add_argument("--scenario", required=True)
    add_in(fsub, "show", _play("cmd_fleet_show"), "Fleets with damage and morale").add_argument(
        "--navy", type=side_arg
    )
    p = add_in(fsub, "place", _play("cmd_fleet_place"), "Record where a ship is")
    p.add_argument("ship")
    p.add_argument("location", help="a port, a strategic zone, 'sea' or 'flying base'")
    p = add_in(fsub, "hits", _play("cmd_fleet_hits"), "Record hits from mines, grounding, etc.")
    p.add_argument("ship")
    p.add_argument("hits", type=int)
    p = add_in(fsub, "next", _play("cmd_fleet_next"), "Advance to the next segment")
    p.add_argument("--to-terminal", action="store_true")
    p = add_in(fsub, "terminal", _play("cmd_fleet_terminal"), "Run the terminal phase")
    p.add_argument("--repair", action="append", metavar="SHIP=DIE")
