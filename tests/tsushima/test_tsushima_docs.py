"""The Tsushima docs name no command that does not exist, and every example line in their
code blocks is one the command line accepts."""

from __future__ import annotations

import argparse
import re
import shlex
from functools import cache
from pathlib import Path

import pytest

from companion.cli import build_parser

DOCS = Path(__file__).resolve().parents[2] / "docs"
NAMED = re.compile(r"companion tsushima ((?:game|battle|fleet) )?([a-z-]+(?: \| [a-z-]+)*)")


@cache
def parser_choices(*path: str) -> set[str]:
    """The subcommand names at ``companion tsushima [group]``."""
    p: argparse.ArgumentParser = build_parser()
    for name in ("tsushima", *path):
        p = subparsers(p)[name]
    return set(subparsers(p))


def subparsers(p: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in p._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError(f"{p.prog} has no subcommands")


def example_lines(text: str) -> list[str]:
    """Command lines in fenced blocks, continuation lines joined, comments dropped."""
    out: list[str] = []
    for block in re.findall(r"```\n(.*?)```", text, re.S):
        joined = block.replace("\\\n", " ")
        for line in joined.splitlines():
            line = line.split("  #")[0].strip()
            if line.startswith("companion tsushima") and "|" not in line and "..." not in line:
                out.append(line)
    return out


@pytest.mark.parametrize("doc", ["tsushima.md", "tsushima-app.md"])
def test_every_named_command_exists(doc: str) -> None:
    text = (DOCS / doc).read_text(encoding="utf-8")
    found = NAMED.findall(text)
    assert found
    for group, names in found:
        choices = parser_choices(*([group.strip()] if group else []))
        for name in names.split(" | "):
            assert name in choices, f"{doc} names 'companion tsushima {group}{name}'"


def test_every_example_line_parses() -> None:
    lines = example_lines((DOCS / "tsushima.md").read_text(encoding="utf-8"))
    assert len(lines) > 40
    parser = build_parser()
    for line in lines:
        argv = shlex.split(line)[1:]
        args = parser.parse_args(argv)
        assert callable(getattr(args, "func", None)), line


def test_the_app_page_names_only_screens_pictures_and_intents_that_exist() -> None:
    """docs/tsushima-app.md: every ``tsushima-...`` name is a screen or a picture of
    ``companion screenshots``, and every intent or query in its code map is a method of the
    screens' desk."""
    import inspect

    import ui.tsushima as screens
    from ui.tsushima.controller import TsushimaDesk

    text = (DOCS / "tsushima-app.md").read_text(encoding="utf-8")
    pictures = set(re.findall(r'yield "(tsushima-[a-z-]+)"', inspect.getsource(screens)))
    named = set(re.findall(r"`(tsushima-[a-z-]+)`", text))
    assert {"tsushima-map", "tsushima-campaign"} <= named
    assert named <= set(screens.SCREEN_NAMES) | pictures, named - set(screens.SCREEN_NAMES)
    assert set(screens.SCREEN_NAMES) <= named  # and every screen is described
    rows = [ln for ln in text.splitlines() if ln.startswith("| `ui/tsushima/")]
    methods = [m for ln in rows for m in re.findall(r"(?:intents|queries) ([^;|]+)", ln)]
    names = {n for group in methods for n in re.findall(r"`([a-z_]+)`", group)}
    assert len(names) > 40
    missing = {n for n in names if not callable(getattr(TsushimaDesk, n, None))}
    assert not missing, missing
