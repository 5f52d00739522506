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


def _groups() -> tuple[str, ...]:
    """Every command group, by module: each game's (the registry's order), then the
    camera's and the app's. The first group to define a command owns it."""
    from .games import command_groups

    return tuple(dict.fromkeys((*command_groups(), *OUTER_GROUPS.values())))


@cache
def _registrar(name: str) -> Register | None:
    """The ``register`` function of a group module (None: a game's module not installed);
    an outer package that cannot load gives a stand-in command that says why."""
    command = next((c for c, module in OUTER_GROUPS.items() if module == name), None)
    try:
        module = importlib.import_module(name)
    except Exception as exc:
        if command is not None:  # an outer package that cannot load must not take the CLI down
            return _unavailable(command, str(exc))
        if isinstance(exc, ModuleNotFoundError) and exc.name == name:
            return None
        raise
    register: Register = module.register
    return register


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


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; with ``command``, only the groups up to the one that
    defines it (a referee's command need not build a hundred parsers it will not use)."""
    parser = argparse.ArgumentParser(
        prog="companion", description="Dice roller, rules arbiter and bookkeeper for the table."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in _groups():
        register = _registrar(name)
        if register is None:
            continue
        register(sub)
        if command is not None and command in sub.choices:
            break
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    first = words[0] if words and not words[0].startswith("-") else None
    parser = build_parser(first)
    args = parser.parse_args(words)
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
