"""Commands load only what they use (issue 10): the parser of the one command being run,
and of the engine only what the game and the command need. Speed itself is measured in
``benchmarks/cli.py``; here, which modules a command's process ends up holding."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent

PROBE = (
    "import json, sys, runpy, io, contextlib\n"
    "sys.argv = ['companion', *sys.argv[1:]]\n"
    "out = io.StringIO()\n"
    "with contextlib.redirect_stdout(out):\n"
    "    try:\n"
    "        runpy.run_module('companion.cli', run_name='__main__')\n"
    "    except SystemExit as exc:\n"
    "        code = exc.code\n"
    "print(json.dumps({'code': code, 'out': out.getvalue(), 'modules': sorted(sys.modules)}))\n"
)


def loaded(env: dict[str, str], *words: str) -> tuple[str, set[str]]:
    """What ``companion WORDS`` printed, and every module its process loaded."""
    done = subprocess.run([sys.executable, "-c", PROBE, *words], env=env, cwd=ROOT,
                          capture_output=True, text=True, check=True)
    doc = json.loads(done.stdout.splitlines()[-1])
    assert doc["code"] in (0, None), done.stderr
    return doc["out"], set(doc["modules"])


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    data = tmp_path_factory.mktemp("data")
    env = {**os.environ, "COMPANION_DATA_DIR": str(data), "COMPANION_DICE_SEED": "3"}
    for words in (["new", "tsuro", "--players", "red,blue", "--tiles", "virtual"],
                  ["new", "tsuro-of-the-seas", "--players", "red,blue", "--option", "veterans",
                   "--tiles", "virtual"]):
        subprocess.run([sys.executable, "-m", "companion.cli", *words], env=env, cwd=ROOT,
                       capture_output=True, check=True)
    return env


def _commands(parser: argparse.ArgumentParser) -> list[str]:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return list(sub.choices)


def test_a_command_builds_its_own_parser_and_an_unknown_word_all_of_them():
    assert _commands(build_parser("state")) == ["state"]
    assert build_parser("state").parse_args(["state", "--game", "2"]).game == 2
    everything = _commands(build_parser("no-such-command"))
    assert {"state", "place", "rigadoon", "tsushima", "games"} <= set(everything)
    assert everything == _commands(build_parser())


def _child(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    found: argparse.ArgumentParser = sub.choices[name]
    return found


def test_a_command_of_several_words_builds_one_parser_at_each_level():
    tsushima = _child(build_parser(["tsushima", "game", "show"]), "tsushima")
    assert _commands(tsushima) == ["game"]
    assert _commands(_child(tsushima, "game")) == ["show"]
    # a word that is no command at its level: everything, so that the error lists them all
    whole = _child(build_parser(["tsushima", "game", "shw"]), "tsushima")
    assert _commands(whole) == _commands(_child(build_parser(), "tsushima"))
    assert "show" in _commands(_child(whole, "game"))


def test_a_plain_tsuro_game_never_loads_the_expansion_the_odds_or_the_advisor(env):
    for words in (["state", "--game", "1"], ["moves", "--game", "1"],
                  ["history", "--game", "1"]):
        out, modules = loaded(env, *words)
        assert "Tsuro, game 1" in out or "start r1c1:0" in out or "1." in out, out
        assert "companion.tsuro.state" in modules
        heavy = {m for m in modules if m.startswith(("companion.tsuro.veterans",
                                                     "companion.tsuro.advisor"))}
        assert heavy == set(), (words, heavy)
        assert not {"companion.tsuro.odds", "companion.tsuro.daikaiju", "hashlib"} & modules


def test_a_veterans_game_loads_its_plug_in_when_it_is_played(env):
    out, modules = loaded(env, "state", "--game", "2")
    assert "Tsuro of the Seas, game 2" in out
    assert "companion.tsuro.veterans.turn" in modules


def test_listing_the_games_needs_the_store_alone(env):
    out, modules = loaded(env, "games")
    assert "tsuro-of-the-seas" in out
    assert not any(m.startswith("companion.tsuro") for m in modules)


def test_a_game_command_group_does_not_load_the_others(env):
    _out, modules = loaded(env, "rigadoon", "--help")
    assert "companion.commands.rigadoon" in modules
    assert not {"companion.commands.play", "companion.commands.tsushima"} & modules
