"""The Tsushima desk: every step of the referee's flow in one typed API over one
append-only campaign record (see ``docs/tsushima.md``, "The desk")."""

from __future__ import annotations

from .battles import (
    available,
    battle_from_fleet,
    can_fight,
    carry_back,
    check_can_fight,
    check_joinable,
    division_specs,
    is_shore_battery,
    next_step,
    scenario_battle,
    to_terminal,
)
from .desk import Desk, replay
from .game import STEPS, Campaign, PhaseMarks, apply
from .record import Entry, Header, RecordError
from .verdict import verdict

__all__ = [
    "STEPS",
    "Campaign",
    "Desk",
    "Entry",
    "Header",
    "PhaseMarks",
    "RecordError",
    "apply",
    "available",
    "battle_from_fleet",
    "can_fight",
    "carry_back",
    "check_can_fight",
    "check_joinable",
    "division_specs",
    "is_shore_battery",
    "next_step",
    "replay",
    "scenario_battle",
    "to_terminal",
    "verdict",
]
