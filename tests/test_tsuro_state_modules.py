"""The path engine's state is split into modules that build on one another, and the
Veterans plug-in builds on them through public names only (issue: state.py split)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TSURO = ROOT / "companion" / "tsuro"
# the modules the state is made of, bottom first: each may import only those before it
STATE_MODULES = ("state_parts", "state_value", "losses", "daikaiju_moves", "turn_flow",
                 "placing", "turn_steps", "state")


def _imports(path: Path) -> list[tuple[str, list[str]]]:
    """Every ``from X import names`` of a file, wherever it stands (functions and
    ``if TYPE_CHECKING:`` blocks included: a deferred import is still an arrow)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.append((node.module, [a.name for a in node.names]))
        elif isinstance(node, ast.Import):
            out.extend((a.name, []) for a in node.names)
    return out


def test_the_expansion_takes_no_private_name_from_the_engine():
    for path in sorted((TSURO / "veterans").glob("*.py")):
        for module, names in _imports(path):
            if module.startswith("companion.tsuro.") and not module.startswith(
                "companion.tsuro.veterans"
            ):
                private = [n for n in names if n.startswith("_")]
                assert private == [], (path.name, module, private)


def test_each_part_of_the_state_imports_only_the_parts_below_it():
    for k, name in enumerate(STATE_MODULES):
        above = {f"companion.tsuro.{m}" for m in STATE_MODULES[k + 1 :]}
        for module, _names in _imports(TSURO / f"{name}.py"):
            assert module not in above, (name, module)
            # the expansion's part of the state is named for the checker; nothing else of it
            if module.startswith("companion.tsuro.veterans"):
                assert module == "companion.tsuro.veterans.vet", (name, module)


def test_the_state_module_hands_on_the_names_other_packages_use():
    from companion.tsuro import state

    for name in ("CHANCE", "PATTERN_OF", "ROTATIONS", "Daikaiju", "IllegalAction", "Phase",
                 "State", "advance_turn", "new_state", "pattern_number", "replace",
                 "shown_hand_problem", "why_not"):
        assert hasattr(state, name), name
    # loading it entered the base game's handlers in the state's table
    from companion.tsuro.actions import Draw, Place
    from companion.tsuro.state_value import STEPS

    assert STEPS[state.Phase.DEAL, Draw] is not None
    assert STEPS[state.Phase.PLACE, Place] is not None
