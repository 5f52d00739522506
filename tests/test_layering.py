"""Imports point inward (docs/architecture.md): checked for every package.

- ``ui`` may use everything;
- ``vision`` and ``hardware`` use the core and the games, never ``ui`` or each other;
- the games use the core, never another game or an outer package;
- the core (registry, dice, records store, locations, config, command entry) uses no game;
- nothing under ``companion`` imports a camera, screen, pin or array library.

The static check reads every module's import statements (so an import inside a function
counts too); the runtime check imports every ``companion`` module and looks at what
Python actually loaded.
"""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import companion

ROOT = Path(__file__).resolve().parent.parent
OUTER_LIBRARIES = ("cv2", "kivy", "gpiozero", "picamera2", "numpy")

# One package per game family (Tsuro and the Seas share one engine); the shared core is
# ``companion.core`` plus the registry and the command entry, which name games only as
# module strings.
GAME_PACKAGES = ("companion.tsuro", "companion.tsushima", "companion.rigadoon")
CORE_PACKAGE = "companion.core"
CORE_MODULES = frozenset({"companion", "companion.games", "companion.cli"})


def _is_core(module: str) -> bool:
    return module in CORE_MODULES or module == CORE_PACKAGE or module.startswith(CORE_PACKAGE + ".")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """Every module a file imports, relative imports resolved."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                mod = ".".join([*base, node.module] if node.module else base)
            else:
                mod = node.module or ""
            out.add(mod)
            out.update(f"{mod}.{a.name}" for a in node.names)  # `from pkg import module`
    return out


def _game_of(module: str) -> str | None:
    for pkg in GAME_PACKAGES:
        if module == pkg or module.startswith(pkg + "."):
            return pkg
    return None


def _root(module: str) -> str:
    """The package a module belongs to, for reporting each reach once."""
    return _game_of(module) or _top(module)


def _top(module: str) -> str:
    return module.split(".")[0]


def violations(files: list[Path]) -> list[str]:
    """One line for each module and each package it must not reach."""
    bad: dict[tuple[str, str], str] = {}
    for path in files:
        me = _module_name(path)
        top, game = _top(me), _game_of(me)
        for imp in sorted(_imports(path)):
            there = _top(imp)
            if top == "companion" and there in ("vision", "ui", "hardware", *OUTER_LIBRARIES):
                bad.setdefault((me, _root(imp)), f"{me} imports {imp}: the rules core uses no outer package")
            elif top == "vision" and there in ("ui", "hardware", "kivy", "gpiozero"):
                bad.setdefault((me, _root(imp)), f"{me} imports {imp}: vision uses only the core and the games")
            elif top == "hardware" and there in ("ui", "vision", "kivy", "cv2", "picamera2"):
                bad.setdefault((me, _root(imp)), f"{me} imports {imp}: hardware uses only the core and the games")
            elif top == "companion":
                other = _game_of(imp)
                if _is_core(me) and other is not None:
                    bad.setdefault((me, _root(imp)), f"{me} imports {imp}: the core uses no game")
                elif (_is_core(me) or game is not None) and imp.startswith("companion.commands"):
                    bad.setdefault((me, _root(imp)),
                                   f"{me} imports {imp}: rules and core use no command line")
                elif game is not None and other is not None and other != game:
                    bad.setdefault((me, _root(imp)), f"{me} imports {imp}: a game uses no other game")
    return list(bad.values())


def _sources() -> list[Path]:
    return sorted(
        p for pkg in ("companion", "vision", "hardware", "ui") for p in (ROOT / pkg).rglob("*.py")
    )


def test_every_package_imports_only_inward():
    files = _sources()
    assert len(files) > 80 and any(f.parts[-2] == "tsushima" for f in files)
    assert violations(files) == []


def test_the_static_check_catches_each_kind_of_arrow_that_runs_back(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    cases = {
        "companion/core/dice.py": "import cv2\n",
        "companion/games.py": "from .tsushima import battle\n",
        "companion/tsushima/fire.py": "from companion.tsuro import state\n",
        "companion/tsuro/state.py": "from ..rigadoon.chain import sail\n",
        "companion/core/store.py": "from companion.commands import play\n",
        "vision/read.py": "from ui.app import TableApp\n",
        "hardware/leds.py": "def f():\n    import kivy\n",
        "companion/tsushima/ok.py": "from companion.core.dice import DiceService\n",
    }
    for rel, text in cases.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    found = violations(sorted(tmp_path.rglob("*.py")))
    assert len(found) == 7, found
    assert not any(line.startswith("companion.tsushima.ok") for line in found)


def test_importing_every_companion_module_loads_no_outer_library():
    modules = sorted(m.name for m in pkgutil.walk_packages(companion.__path__, "companion."))
    assert "companion.tsuro.state" in modules and len(modules) > 15
    forbidden = ("vision", "ui", "hardware", *OUTER_LIBRARIES)
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "from companion.cli import build_parser\n"
        f"bad = sorted(n for n in sys.modules if n.split('.')[0] in {forbidden!r})\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"companion pulled in: {out.stdout}"


def test_the_runtime_check_would_catch_a_forbidden_import():
    code = "import sys, json\nimport numpy\nprint([n for n in sys.modules if n == 'numpy'])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "numpy" in out.stdout


# ---- import cycles ----------------------------------------------------------------------
# A module that imports another which imports it back works only in one loading order;
# each arrow must point one way. Counted here: the imports made when a module loads (its
# top level, outside ``if TYPE_CHECKING:``); an import inside a function is a deferred
# use, made after both modules have loaded, and is left out.


def _load_time_imports(path: Path, modules: set[str]) -> set[str]:
    """The modules of ``modules`` that loading ``path`` imports."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.If):
                test = ast.unparse(node.test)
                if test not in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                for part in (node.body, *(h.body for h in node.handlers), node.orelse,
                             node.finalbody):
                    visit(part)
            elif isinstance(node, ast.Import):
                out.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - node.level + 1]
                    mod = ".".join([*base, node.module] if node.module else base)
                else:
                    mod = node.module or ""
                names = [f"{mod}.{a.name}" for a in node.names]
                # `from pkg import module` loads that module; `from pkg import name`, pkg
                out.update(n for n in names if n in modules)
                if not all(n in modules for n in names):
                    out.add(mod)

    visit(ast.parse(path.read_text(encoding="utf-8")).body)
    # a module's own packages are always loaded before it: no arrow back to them counts
    ancestors = {name.rsplit(".", k)[0] for k in range(1, name.count(".") + 1)}
    return {m for m in out if m in modules and m != name and m not in ancestors}


def import_cycles(files: list[Path]) -> list[list[str]]:
    """Each group of modules that import one another at load time (Tarjan's algorithm)."""
    names = {_module_name(p): p for p in files}
    graph = {m: sorted(_load_time_imports(p, set(names))) for m, p in names.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return sorted(groups)


def test_the_path_engine_imports_in_one_direction():
    """The Veterans plug-in builds on the state; the state knows it only by module name,
    through the game (companion/tsuro/rules_plugin.py), and never imports it."""
    files = sorted((ROOT / "companion").rglob("*.py"))
    modules = {_module_name(f) for f in files}
    state, plugin = ROOT / "companion/tsuro/state.py", "companion.tsuro.veterans.turn"
    assert plugin in modules
    assert not any(m == plugin or m.startswith(plugin + ".") for m in _imports(state))
    assert "companion.tsuro.state" in _load_time_imports(ROOT / "companion/tsuro/veterans/turn.py", modules)
    engine = [f for f in files if _module_name(f).startswith("companion.tsuro")]
    assert import_cycles(engine) == []


def test_no_package_has_an_import_cycle():
    assert import_cycles(sorted((ROOT / "companion").rglob("*.py"))) == []


def test_the_cycle_check_finds_a_cycle_and_ignores_deferred_imports(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    cases = {
        "pkg/a.py": "from pkg import b\n",
        "pkg/b.py": "from pkg.c import thing\n",
        "pkg/c.py": "import pkg.a\n",
        "pkg/d.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import e\n",
        "pkg/e.py": "def f():\n    from pkg import d\n",
    }
    for rel, text in cases.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    assert import_cycles(sorted(tmp_path.rglob("*.py"))) == [["pkg.a", "pkg.b", "pkg.c"]]
