"""How a player is named in prompts and sentences: with the fleet they sail, unless the
table named the players by their fleets (then once, not 'green (green)')."""

from __future__ import annotations

from companion.rigadoon.actions import parse_action
from companion.rigadoon.state import Game, new_state


def _after_fleet(players: list[str], fleet: str) -> list[str]:
    s = new_state(Game.create(players)).apply(parse_action(f"fleet {fleet}"))
    return [s.player(0), s.player(1)]


def test_players_named_by_their_fleets_are_named_once() -> None:
    assert _after_fleet(["blue", "green"], "blue") == ["blue", "green"]


def test_a_player_named_for_the_other_fleet_is_told_which_they_sail() -> None:
    assert _after_fleet(["blue", "green"], "green") == ["blue (green)", "green (blue)"]
    assert _after_fleet(["ann", "bob"], "green") == ["ann (green)", "bob (blue)"]


def test_before_the_fleets_are_picked_a_player_is_their_name() -> None:
    s = new_state(Game.create(["ann", "bob"]))
    assert s.player(0) == "ann" and "ann sails first" in s.prompt()
