"""A toy game registered only by the registry tests: one entry, one package, nothing else.

``TOY`` is its registry entry; tests/test_registry.py (the command line) and
tests/ui/test_ui_registry.py (the start screen) register it for the length of a test.
"""

from __future__ import annotations

from companion.games import Family, GameInfo, OptionInfo

TOY = GameInfo(
    key="toy",
    title="Toy Boats",
    min_players=2,
    max_players=3,
    family=Family.OWN,
    engine="toygame",
    options=(OptionInfo("big-waves", "Waves twice as high."),),
    commands=("toygame.commands",),
    new_game="toygame.commands:new",
    screens="toygame.commands",
)
