"""The ``companion`` command: the text-mode companion and the subcommands plugged into it.

Subcommand groups are modules with a ``register(subparsers)`` function: each game's come
from the game registry (:mod:`companion.games`); the camera's and the app's are named here
by module string, so no import statement of this package points outward, and a group that
cannot load leaves a stand-in command that says why. Group modules build parsers only and
load what a command needs when it runs, so ``companion --help`` stays quick
(``benchmarks/cli.py``).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

# Groups that belong to no one game; each game's own groups come from the registry.
CORE_GROUPS: tuple[str, ...] = ()

OUTER_GROUPS = {"vision": "vision.cli", "app": "ui.cli"}
"""The camera's and the app's command groups, by the command they add and their module."""

Register = Callable[[Any], None]
Handler = Callable[[argparse.Namespace], int]


def refusing(errors: tuple[type[Exception], ...], prefix: str) -> Callable[[Handler], Handler]:
    """Wrap a command so that bad input ends in one line on stderr and exit code 2."""

    def wrap(handler: Handler) -> Handler:
        def run(args: argparse.Namespace) -> int:
            try:
                return handler(args)
            except errors as exc:
                print(f"{prefix}: {exc}", file=sys.stderr)
                return 2

        return run

    return wrap


@cache
def _registrars() -> list[tuple[str, Register]]:
    from .games import command_groups

    found: list[tuple[str, Register]] = []
    for name in dict.fromkeys((*command_groups(), *CORE_GROUPS)):
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        found.append((name, module.register))
    for command, name in OUTER_GROUPS.items():
        try:
            found.append((command, importlib.import_module(name).register))
        except Exception as exc:  # an outer package that cannot load must not take the CLI down
            found.append((command, _unavailable(command, str(exc))))
    return found


def _unavailable(name: str, why: str) -> Register:
    """A stand-in command that says why the real one could not be loaded."""

    def register(sub: Any) -> None:
        def explain(_args: argparse.Namespace) -> int:
            print(f"companion: the {name} commands are unavailable: {why}", file=sys.stderr)
            return 2

        p = sub.add_parser(name, help=f"(unavailable: {why})", add_help=False)
        p.add_argument("rest", nargs=argparse.REMAINDER)
        p.set_defaults(func=explain)

    return register


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion", description="Dice roller, rules arbiter and bookkeeper for the table."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for _name, register in _registrars():
        register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    try:
        result = func(args)
    except KeyboardInterrupt:
        print("\ncompanion: stopped (everything already shown is saved)", file=sys.stderr)
        return 130
    except BrokenPipeError:
        _quiet_stdout()  # the reader (| head) has gone: nothing more to say to it
        return 141
    return int(result or 0)


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so that Python's final flush meets no closed pipe."""
    import contextlib
    import os

    with contextlib.suppress(OSError, ValueError, AttributeError):  # not a real file
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())
