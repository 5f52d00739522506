"""The turn (wind once and never last, every ship at sea once), and bad input: one clear
line, nothing changed."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from rigadoon_helpers import FAR_CHESTS, GAME, at, play, where

from companion.rigadoon.actions import Change, End, NewWind, Repair, Sail, parse_action
from companion.rigadoon.chain import parse_ship
from companion.rigadoon.geometry import Direction, RigadoonError
from companion.rigadoon.state import CHANCE, Game, Phase, new_state
from companion.rigadoon.wind import parse_wind


def opened(game: Game = GAME):
    return play(new_state(game), "fleet green", "opening s")


def refusal(s, text: str) -> str:
    with pytest.raises(RigadoonError) as info:
        s.apply(parse_action(text))
    msg = str(info.value)
    assert "\n" not in msg and msg
    return msg


def test_setup_first_player_picks_the_fleet_second_the_opening_card():
    s = new_state(GAME)
    assert s.current_player == 0
    s = play(s, "fleet green")
    assert s.current_player == 1 and s.phase is Phase.OPENING
    s = play(s, "opening s")
    assert s.current_player == 0 and s.fleet == 1 and s.wind is Direction.S
    assert s.pile[Direction.S] == 1 and sum(s.pile) == 15  # the card picked is face up


def test_the_deck_is_a_chance_node_with_exact_odds_and_reshuffles_when_empty():
    s = play(opened(), "change")
    assert s.current_player == CHANCE and s.is_chance_node()
    odds = dict((a.notation(), p) for a, p in s.chance_outcomes())
    assert odds["wind s"] == Fraction(1, 15) and odds["wind n"] == Fraction(2, 15)
    assert sum(odds.values()) == 1
    # Empty the draw pile: the discards come back, the face-up card stays out.
    t = replace(s, pile=(0,) * 8, discard=(0, 0, 0, 0, 3, 0, 0, 1))
    odds = dict((a.notation(), p) for a, p in t.chance_outcomes())
    assert odds == {"wind s": Fraction(3, 4), "wind nw": Fraction(1, 4)}


def test_the_die_has_eight_equal_faces():
    s = play(opened(Game.create(["ann", "bob"], ["wind-die"])), "change")
    assert [p for _a, p in s.chance_outcomes()] == [Fraction(1, 8)] * 8


def test_wind_once_and_never_last_every_ship_at_sea_once():
    s = opened()
    g1, g2, g3, g4 = (parse_ship(f"g{i}") for i in range(1, 5))
    s = s.apply(Sail(g1, (3, 8)))
    assert "already sailed" in refusal(s, "sail g1 r4c8")
    s = s.apply(Sail(g2, (5, 8))).apply(Sail(g3, (7, 8)))
    # g4 is the last ship to act: the wind must change first.
    assert "cannot be your last action" in refusal(s, "sail g4 r9c8")
    s = s.apply(Change()).apply(NewWind(Direction.N))
    assert "already been changed" in refusal(s, "change")
    s = s.apply(Sail(g4, (9, 8)))
    assert s.fleet == 0 and s.turn == 2 and not s.changed  # the turn passed by itself


def test_three_masts_must_sail_zero_masts_must_repair_one_mast_a_turn():
    s = at({"b1": ("r5c5", 0), "b2": ("r3c5", 2)}, FAR_CHESTS, "n")
    assert "no masts" in refusal(s, "sail b1 r4c5")
    assert "all 3 masts" in refusal(s, "repair b3")
    s = s.apply(Repair(parse_ship("b1")))
    assert where(s, "b1") == ("r5c5", 1)
    assert "already sailed or repaired" in refusal(s, "repair b1")
    assert "already sailed or repaired" in refusal(s, "sail b1 r4c5")


def test_a_three_mast_ship_with_no_legal_sail_is_excused_and_told_so():
    # A wind file whose cards allow one square ahead only; b1 has the skull island ahead.
    wind = parse_wind(
        {
            "orthogonal": [".o.", ".D.", "..."],
            "diagonal": ["..o", ".D.", "..."],
            "deck": {"n": 2, "s": 2},
            "die": ["n"],
        },
        "test wind",
    )
    game = Game.create(["ann", "bob"], wind=wind)
    s = at({"b1": ("r3c2", 3), "b2": ("r5c5", 2)}, FAR_CHESTS, "n", game=game)
    b1 = parse_ship("b1")
    assert s.sails(b1) == []
    assert b1 in s.excused() and b1 not in s.required()
    assert "b1, b3 excused (3 masts, no legal sail" in s.prompt()  # b3 is parked in a corner


def test_in_port_ships_may_stay_and_the_turn_then_waits_for_end():
    s = at(
        {"b1": ("r2c2", 3), "b2": ("r5c5", 0), "b3": ("r7c5", 0), "b4": ("r3c5", 0)},
        ["r2c2", *FAR_CHESTS],
        "s",
    )
    b1 = parse_ship("b1")
    assert s.in_port(b1) and b1 not in s.required()
    s = play(s, "change", "wind s", "repair b2", "repair b3", "repair b4")
    assert s.fleet == 0 and End() in s.legal_actions()  # b1 could still sail
    s = s.apply(End())
    assert s.fleet == 1


BAD = [
    ("sail b1 r6c7", "not in a straight line"),
    ("sail b1 r1c5", "sail at most"),
    ("sail g1 r4c5", "not a ship of the blue fleet"),
    ("repair b1", "nothing to repair"),
    ("choose bump", "no choice"),
    ("wind n", "change the wind first"),
    ("opening n", "already been set"),
    ("sail b1 r12c1", "off the board"),
    ("sail x9 r1c1", "not a ship"),
    ("fly b1", "unknown word"),
]


@pytest.mark.parametrize(("text", "why"), BAD)
def test_bad_input_is_one_clear_line_and_changes_nothing(text: str, why: str):
    s = at({"b1": ("r5c5", 3)}, FAR_CHESTS, "e")
    before = (s.ships, s.masts, s.chests, s.acted, s.changed, s.phase)
    with pytest.raises(RigadoonError) as info:
        s.apply(parse_action(text))
    assert why in str(info.value) and "\n" not in str(info.value)
    assert (s.ships, s.masts, s.chests, s.acted, s.changed, s.phase) == before


def test_a_choice_not_offered_is_refused():
    s = at({"b1": ("r2c7", 3), "g1": ("r2c5", 2)}, ["r2c4", "r6c6"], "w")
    s = play(s, "sail b1 r2c6")
    assert "not one of the options" in refusal(s, "choose aground")
    assert "not one of the options" in refusal(s, "choose palm")
