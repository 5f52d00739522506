"""Tsushima (Compass Games): the rules core of the referee's desk for the naval war.

The rules never roll dice: every procedure states its exact odds (``fractions.Fraction``)
and then takes the dice rolled. States are immutable; each step returns a new state.
See ``docs/tsushima.md`` for the model and for the data still marked provisional.

>>> from companion.tsushima import default_data, Ship, gun_shots, Conditions
>>> d = default_data()
>>> shots = gun_shots(Ship("Retvizan", d.counter("Retvizan")), Ship("Mikasa", d.counter("Mikasa")),
...                   Conditions(range=4), d)
>>> [(s.weapon, s.effective, s.combat_die_modifier, s.usable) for s in shots]
[('primary', 4, -3, True), ('secondary', -1, -8, False)]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .aground import AgroundResult, aground_odds, resolve_aground
    from .battle import (
        Declared,
        Engagement,
        FireOrder,
        Formation,
        FormationSpec,
        Kind,
        start_engagement,
    )
    from .calendar import GameTime, turn_of
    from .campaign import ItalianCruisers, LandCampaign, baltic_release, capture, italy, italy_odds
    from .data import DataSet, Port, default_data, load_data, provisional_warnings
    from .divisions import check_division, division_speed
    from .errors import DataFileError, TsushimaError
    from .fire import Conditions, Shot, gun_shot, gun_shots, range_between, torpedo_shot
    from .fleet import Berth, Fleet
    from .mines import MineField, entry_odds, resolve_entry, resolve_sweep, sweep_odds
    from .morale import MoraleRecord, after_phase
    from .repairs import check_repairs, repair_odds, resolve_repair
    from .scenarios import Scenario, engagement_for, get_scenario, scenario_keys
    from .spotting import SpottingSituation, resolve_spotting, spot_odds
    from .tables import HitTable, Result
    from .units import Counter, Gun, Ship, ShipType, Side
    from .victory import VICTORY_RULES, Outcome

# The package loads its modules on first use, so that a command (``companion --help``, one
# procedure) pays only for what it touches.
_LAZY = {
    "AgroundResult": "aground",
    "Berth": "fleet",
    "Conditions": "fire",
    "Counter": "units",
    "DataFileError": "errors",
    "DataSet": "data",
    "Declared": "battle",
    "Engagement": "battle",
    "FireOrder": "battle",
    "Fleet": "fleet",
    "Formation": "battle",
    "FormationSpec": "battle",
    "GameTime": "calendar",
    "Gun": "units",
    "HitTable": "tables",
    "ItalianCruisers": "campaign",
    "Kind": "battle",
    "LandCampaign": "campaign",
    "MineField": "mines",
    "MoraleRecord": "morale",
    "Outcome": "victory",
    "Port": "data",
    "Result": "tables",
    "Scenario": "scenarios",
    "Ship": "units",
    "ShipType": "units",
    "Shot": "fire",
    "Side": "units",
    "SpottingSituation": "spotting",
    "TsushimaError": "errors",
    "VICTORY_RULES": "victory",
    "after_phase": "morale",
    "aground_odds": "aground",
    "baltic_release": "campaign",
    "capture": "campaign",
    "check_division": "divisions",
    "check_repairs": "repairs",
    "default_data": "data",
    "division_speed": "divisions",
    "engagement_for": "scenarios",
    "entry_odds": "mines",
    "get_scenario": "scenarios",
    "gun_shot": "fire",
    "gun_shots": "fire",
    "italy": "campaign",
    "italy_odds": "campaign",
    "load_data": "data",
    "provisional_warnings": "data",
    "range_between": "fire",
    "repair_odds": "repairs",
    "resolve_aground": "aground",
    "resolve_entry": "mines",
    "resolve_repair": "repairs",
    "resolve_spotting": "spotting",
    "resolve_sweep": "mines",
    "scenario_keys": "scenarios",
    "spot_odds": "spotting",
    "start_engagement": "battle",
    "sweep_odds": "mines",
    "torpedo_shot": "fire",
    "turn_of": "calendar",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


__all__ = [
    "VICTORY_RULES",
    "AgroundResult",
    "Berth",
    "Conditions",
    "Counter",
    "DataFileError",
    "DataSet",
    "Declared",
    "Engagement",
    "FireOrder",
    "Fleet",
    "Formation",
    "FormationSpec",
    "GameTime",
    "Gun",
    "HitTable",
    "ItalianCruisers",
    "Kind",
    "LandCampaign",
    "MineField",
    "MoraleRecord",
    "Outcome",
    "Port",
    "Result",
    "Scenario",
    "Ship",
    "ShipType",
    "Shot",
    "Side",
    "SpottingSituation",
    "TsushimaError",
    "after_phase",
    "aground_odds",
    "baltic_release",
    "capture",
    "check_division",
    "check_repairs",
    "default_data",
    "division_speed",
    "engagement_for",
    "entry_odds",
    "get_scenario",
    "gun_shot",
    "gun_shots",
    "italy",
    "italy_odds",
    "load_data",
    "provisional_warnings",
    "range_between",
    "repair_odds",
    "resolve_aground",
    "resolve_entry",
    "resolve_repair",
    "resolve_spotting",
    "resolve_sweep",
    "scenario_keys",
    "spot_odds",
    "start_engagement",
    "sweep_odds",
    "torpedo_shot",
    "turn_of",
]
