"""The game registry (companion/games.py): one entry per game, and the front ends loop over it.

A toy game registered here, and nowhere else, must appear in the command line: its own
command group, and `companion new toy`.  The start screen's half of the proof is in
tests/ui/test_ui_registry.py.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from toygame import TOY
from toygame import commands as toy

from companion import games
from companion.cli import _registrar, build_parser, main
from companion.games import Family, GameInfo, UnknownGame, game_info


@pytest.fixture
def toy_registered() -> Iterator[GameInfo]:
    games.register_game(TOY)
    _registrar.cache_clear()
    toy.STARTED.clear()
    yield TOY
    games.unregister_game(TOY.key)
    _registrar.cache_clear()


def test_a_registered_toy_game_brings_its_commands_and_starts_with_new(toy_registered, capsys):
    assert "toy-roll" in build_parser().format_help()
    assert main(["toy-roll"]) == 0
    assert "toy die: 4" in capsys.readouterr().out
    assert main(["new", "toy", "--players", "red,blue"]) == 0
    assert toy.STARTED == [("red", "blue")]
    assert "Toy game for red, blue." in capsys.readouterr().out


def test_without_its_entry_the_toy_game_is_unknown_everywhere(capsys):
    _registrar.cache_clear()
    assert "toy-roll" not in build_parser().format_help()
    with pytest.raises(SystemExit):
        main(["new", "toy", "--players", "red,blue"])
    assert "invalid choice: 'toy'" in capsys.readouterr().err
    with pytest.raises(UnknownGame, match="unknown game 'toy'"):
        game_info("toy")


def test_every_game_is_declared_once_with_a_sound_player_range():
    keys = [g.key for g in games.all_games()]
    assert len(keys) == len(set(keys)) and {"tsuro", "tsuro-of-the-seas", "tsushima"} <= set(keys)
    for g in games.all_games():
        assert 1 <= g.min_players <= g.max_players, g.key
        assert g.family is not Family.OWN or g.new_game or g.screens, g.key
        names = g.option_names
        assert len(names) == len(set(names)), g.key


def test_the_path_engine_takes_its_games_and_options_from_the_registry():
    from companion.tsuro.game import GAMES, OPTIONS, Game, GameError

    assert set(GAMES) == set(games.keys(Family.PATH))
    seas = game_info("tsuro-of-the-seas")
    assert set(OPTIONS["tsuro-of-the-seas"]) == set(seas.option_names)
    with pytest.raises(GameError, match="2-8 players, not 9"):
        Game.create("tsuro", [f"p{i}" for i in range(9)])


# Where a game's key may be written out: the registry itself, and each game's own code.
OWN_CODE = (
    "companion/games.py",
    "companion/tsushima/",
    "companion/rigadoon/",
    "companion/tsuro/",  # Tsuro's and the Seas' engine
    "companion/commands/tsushima",
    "companion/commands/rigadoon",
    "ui/tsushima/",
    "ui/rigadoon/",
    "vision/rigadoon.py",
)


def _key_literals(path, keys):
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in keys and id(node) not in docstrings
    ]


def test_no_game_key_is_spelled_out_beyond_the_registry_and_the_games_own_code():
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    keys = set(games.keys())
    found = []
    for pkg in ("companion", "vision", "hardware", "ui"):
        for path in sorted((root / pkg).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            if rel.startswith(OWN_CODE):
                continue
            found += [f"{rel}:{line}: {value!r}" for line, value in _key_literals(path, keys)]
    assert found == []
