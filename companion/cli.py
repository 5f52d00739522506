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


def _groups(command: str | None = None) -> tuple[str, ...]:
    """Every command group, by module: each game's (the registry's order), then the
    camera's and the app's. The first group to define a command owns it; to run one
    command, a group named for it (``companion.commands.rigadoon`` for ``rigadoon``) is
    asked first, so that a game's commands do not load every other game's groups."""
    from .games import command_groups

    groups = tuple(dict.fromkeys((*command_groups(), *OUTER_GROUPS.values())))
    if command is None:
        return groups
    named = tuple(
        g for g in groups if g.rpartition(".")[2] == command or OUTER_GROUPS.get(command) == g
    )
    return (*named, *(g for g in groups if g not in named))


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


class _Skipped:
    """Stands in for the parser of a command that is not being run: it takes every call
    a group's ``register`` makes on a parser and builds nothing."""

    def __getattr__(self, _name: str) -> Callable[..., _Skipped]:
        return self._absorb

    def __setattr__(self, _name: str, _value: object) -> None:
        pass

    def _absorb(self, *_args: object, **_kwargs: object) -> _Skipped:
        return self


class _OnlyOne:
    """The ``COMMAND`` subparsers as a group sees them while one command runs: only that
    command's parser is built. Argparse takes a fraction of a millisecond per parser and
    the path games alone have thirty, which a referee would pay on every command."""

    def __init__(self, sub: Any, command: str) -> None:
        self.sub, self.command, self.found = sub, command, False

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        if name != self.command and self.command not in kwargs.get("aliases", ()):
            return _Skipped()
        self.found = True
        return self.sub.add_parser(name, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.sub, name)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; with ``command``, only that command's parser, built by the
    first group that defines it (the whole line again when none does, so that the error
    lists every command)."""
    parser = argparse.ArgumentParser(
        prog="companion", description="Dice roller, rules arbiter and bookkeeper for the table."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    only = _OnlyOne(sub, command) if command is not None else None
    for name in _groups(command):
        register = _registrar(name)
        if register is None:
            continue
        register(sub if only is None else only)
        if only is not None and only.found:
            return parser
    return parser if only is None else build_parser()


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
