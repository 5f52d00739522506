"""``companion tsushima map ...``: the owner's map file (``map.json`` in the data directory).

``show`` lists what is known; ``set`` stores one fact of the printed map (the answer to a
question a procedure asked); ``distance`` measures between two hexes.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.cli import Handler
from companion.tsushima.errors import TsushimaError
from companion.tsushima.hexmap import KINDS, Fact, HexMap

from .tsushima_common import add_step, data_of, emit

if TYPE_CHECKING:
    from companion.tsushima.data import DataSet

ENV_VAR = "TSUSHIMA_DATA"  # as companion.tsushima.data reads it


def data_dir(args: argparse.Namespace) -> Path:
    """The owner's data directory, where answers are stored."""
    given = getattr(args, "data", None) or os.environ.get(ENV_VAR)
    if not given:
        raise TsushimaError(
            "answers are stored in the owner's map file: give --data DIR "
            "(companion tsushima export-data DIR makes one) or set TSUSHIMA_DATA"
        )
    return Path(given)


def store(args: argparse.Namespace, fact: Fact, value: str) -> DataSet:
    """Answer one fact in the owner's map file and return the data set read afresh."""
    from companion.tsushima.data import load_data

    directory = data_dir(args)
    hexmap = load_data(directory).hexmap.answer(fact, value)
    hexmap.save(directory)
    return load_data(directory)


def answer_command(fact: Fact) -> str:
    subject = f" {fact.subject!r}" if " " in fact.subject else f" {fact.subject}"
    return f"companion tsushima map set --data DIR {fact.kind}{subject if fact.subject else ''} "


def _lines(m: HexMap) -> list[str]:
    return [f"Map file: {m.source}.", *m.describe()]


def cmd_show(args: argparse.Namespace) -> int:
    m = data_of(args).hexmap
    return emit(args, m.to_json() | {"source": m.source}, _lines(m))


def cmd_set(args: argparse.Namespace) -> int:
    if args.kind not in KINDS:
        raise TsushimaError(f"map fact {args.kind!r} is not one of {', '.join(KINDS)}")
    if args.kind == "layout":
        if len(args.rest) != 1:
            raise TsushimaError("give the layout alone: map set layout odd-q")
        fact, value = Fact("layout"), args.rest[0]
    else:
        if len(args.rest) != 2:
            raise TsushimaError(f"give what it is about and the answer: map set {args.kind} "
                                "SUBJECT VALUE")
        fact, value = Fact(args.kind, args.rest[0]), args.rest[1]
    data = store(args, fact, value)
    return emit(args, data.hexmap.to_json(), [f"Stored: {fact.kind} {' '.join(args.rest)}."])


def cmd_delete(args: argparse.Namespace) -> int:
    if args.kind not in KINDS:
        raise TsushimaError(f"map fact {args.kind!r} is not one of {', '.join(KINDS)}")
    if (args.kind == "layout") != (args.subject is None):
        raise TsushimaError("map delete layout | map delete FACT SUBJECT (a port or a hex)")
    from companion.tsushima.data import load_data

    fact = Fact(args.kind, args.subject or "")
    directory = data_dir(args)
    hexmap = load_data(directory).hexmap.forget(fact)
    hexmap.save(directory)
    about = f" {fact.subject}" if fact.subject else ""
    return emit(args, hexmap.to_json(), [f"Deleted: {fact.kind}{about}."])


def cmd_distance(args: argparse.Namespace) -> int:
    m = data_of(args).hexmap
    d = m.distance(args.a, args.b)
    return emit(args, {"distance": d}, [f"{args.a} to {args.b}: {d} hexes."])


def register_map(sub: Any) -> None:
    group = sub.add_parser("map", help="The owner's map file: facts of the printed map")
    msub = group.add_subparsers(dest="map_command", metavar="STEP", parser_class=type(group))

    def add_in(name: str, handler: Handler, text: str) -> Any:
        return add_step(msub, name, handler, text, data_help="the owner's data directory (holds map.json)")

    add_in("show", cmd_show, "What the map file knows")
    p = add_in("set", cmd_set, "Store one fact: layout L | port-hex PORT HEX | "
               "partial-sea HEX yes/no | coast HEX COUNTRY | edge HEX N")
    p.add_argument("kind", metavar="FACT")
    p.add_argument("rest", nargs="+", metavar="ARG")
    p = add_in("delete", cmd_delete, "Remove one fact (asked again when a step needs it)")
    p.add_argument("kind", metavar="FACT")
    p.add_argument("subject", nargs="?", metavar="SUBJECT")
    p = add_in("distance", cmd_distance, "Hexes between two hexes")
    p.add_argument("a")
    p.add_argument("b")
