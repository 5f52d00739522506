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
    """A group's subparsers as the group sees them while one command runs: only the parser
    of the command's word at this level is built, and below it, for a command of several
    words (``tsushima game show``), the same again at each level. Argparse takes a
    fraction of a millisecond per parser and the groups have a hundred and more, which a
    referee would pay on every command."""

    def __init__(self, sub: Any, path: Sequence[str]) -> None:
        self.__dict__.update(sub=sub, path=tuple(path), found=False, below=[])

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        word = self.path[0]
        if name != word and word not in kwargs.get("aliases", ()):
            return _Skipped()
        self.found = True
        parser = self.sub.add_parser(name, **kwargs)
        if len(self.path) > 1:
            self._filter_below(parser)
        return parser

    def _filter_below(self, parser: argparse.ArgumentParser) -> None:
        # The parser itself stays a real one of its own class (groups pass type(parser) on
        # as the class of the parsers below); only its add_subparsers is wrapped.
        plain = parser.add_subparsers

        def add_subparsers(**kwargs: Any) -> _OnlyOne:
            only = _OnlyOne(plain(**kwargs), self.path[1:])
            self.below.append(only)
            return only

        parser.__dict__["add_subparsers"] = add_subparsers

    def complete(self) -> bool:
        """Whether each level that has subcommands found the word asked of it."""
        return bool(self.found) and all(b.complete() for b in self.below)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.sub, name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name in self.__dict__:  # its own state
            self.__dict__[name] = value
        else:  # what a group sets on its subparsers (``required``...) is theirs
            setattr(self.sub, name, value)


def build_parser(command: str | Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The whole command line; with ``command`` (its words, up to the first option), only
    the parsers on that command's path, built by the first group that defines it (the
    whole line again when a word is not found, so that the error lists every choice)."""
    parser = argparse.ArgumentParser(
        prog="companion", description="Dice roller, rules arbiter and bookkeeper for the table."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    path = (command,) if isinstance(command, str) else tuple(command or ())
    only = _OnlyOne(sub, path) if path else None
    for name in _groups(path[0] if path else None):
        register = _registrar(name)
        if register is None:
            continue
        register(sub if only is None else only)
        if only is not None and only.found:
            return parser if only.complete() else build_parser()
    return parser if only is None else build_parser()


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    path = []
    for word in words:  # the command's words, up to its first option
        if word.startswith("-"):
            break
        path.append(word)
    parser = build_parser(path)
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
