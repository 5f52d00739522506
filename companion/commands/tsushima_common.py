"""Shared pieces of the ``companion tsushima`` command groups: one-line refusals, JSON or
sentences, the data set, argument types, and handlers loaded on first use (registering the
commands imports no rules, so ``companion --help`` and each command stay quick)."""

from __future__ import annotations

import argparse
import importlib
import json
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NoReturn

from companion.cli import Handler, refusing
from companion.tsushima.errors import TsushimaError
from companion.tsushima.units import Side

if TYPE_CHECKING:
    from companion.tsushima.data import DataSet

FLIGHT_SALVOS = ("own", "against")  # companion.tsushima.fire.FlightSalvos, by value


class OneLineParser(argparse.ArgumentParser):
    """Argument errors as one line on stderr, exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def frac(p: Fraction) -> dict[str, Any]:
    return {"fraction": f"{p.numerator}/{p.denominator}", "float": float(p)}


def pct(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator} ({float(p):.1%})"


def emit(args: argparse.Namespace, body: dict[str, Any], lines: Sequence[str]) -> int:
    if getattr(args, "json", False):
        print(json.dumps(body, indent=2))
    else:
        for line in lines:
            print(line)
    return 0


def data_of(args: argparse.Namespace) -> DataSet:
    from companion.tsushima.data import default_data, load_data

    if getattr(args, "data", None):
        return load_data(args.data)
    return default_data()


def lazy(module: str, name: str) -> Handler:
    """The handler ``name`` of ``module``, imported when the command runs."""

    def run(args: argparse.Namespace) -> int:
        handler: Handler = getattr(importlib.import_module(module), name)
        return handler(args)

    return run


guarded = refusing((TsushimaError,), "companion tsushima: error")


DATA_HELP = "directory holding the owner's edited data files"


def add_step(
    group: Any,
    name: str,
    handler: Handler,
    text: str,
    file: tuple[str, str] | None = None,
    data_help: str = DATA_HELP,
) -> Any:
    """One step of a command group, with the options every step of it takes: the file it
    keeps (``file``: the option and its help) when it keeps one, ``--data`` and ``--json``."""
    p = group.add_parser(name, help=text, description=text)
    p.set_defaults(func=guarded(handler))
    if file is not None:
        p.add_argument(file[0], required=True, help=file[1])
    p.add_argument("--data", help=data_help)
    p.add_argument("--json", action="store_true")
    return p


def side_arg(text: str) -> Side:
    try:
        return Side(text.lower())
    except ValueError:
        raise argparse.ArgumentTypeError(f"navy {text!r} is not russia or japan") from None


def flight_salvos_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--flight-salvos",
        choices=FLIGHT_SALVOS,
        default=FLIGHT_SALVOS[0],
        help="which salvos flight halves: 'own' (default), the fleeing ships' own, or "
        "'against', those fired at fleeing ships (see docs/tsushima.md)",
    )
