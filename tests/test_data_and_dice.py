"""The daikaiju deck file, the wake tile set and the dice service."""

import json
from collections import Counter

import pytest

from companion.core.dice import DiceError, DiceService, read_face
from companion.tsuro.actions import ActionError, parse_action
from companion.tsuro.daikaiju import DeckError, DeckWarning, load_deck
from companion.tsuro.game import Game, GameError


def test_default_deck_has_ten_tiles_with_four_moves_and_one_turn_each():
    deck = load_deck()
    assert deck.default and len(deck.cards) == 10
    for card in deck.cards:
        assert sorted(card.faces) == ["back", "forward", "left", "right", "rotate"]
    pairs = Counter(c.rotation for c in deck.cards)
    assert all(n == 2 for n in pairs.values())
    assert {c.colour for c in deck.cards} == {"gold", "blue"}


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ({"cards": []}, "no cards"),
        ({"cards": [{"id": "1G", "rotation": 0, "arrow": "gold", "faces": {}}]}, "rotation"),
        ({"cards": [{"id": "1G", "rotation": 1, "arrow": "red", "faces": {}}]}, "arrow"),
        ({"cards": [{"id": "1G", "rotation": 1, "arrow": "gold", "faces": {"1": "forward"}}]}, "each of 1-5"),
        (
            {"cards": [{"id": "1G", "rotation": 1, "arrow": "gold",
                        "faces": {"1": "up", "2": "back", "3": "left", "4": "right", "5": "rotate"}}]},
            "face 1 says 'up'",
        ),
        ({"cards": "lots"}, "list 'cards'"),
    ],
)
def test_impossible_deck_files_are_refused_with_the_reason(tmp_path, doc, message):
    path = tmp_path / "daikaiju.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(DeckError, match=message):
        load_deck(path)


def test_the_owner_copy_in_the_data_directory_wins(tmp_path, monkeypatch):
    doc = json.loads(json.dumps({"cards": [
        {"id": "9X", "rotation": 9, "arrow": "blue",
         "faces": {"1": "forward", "2": "back", "3": "left", "4": "right", "5": "rotate"}}]}))
    (tmp_path / "daikaiju.json").write_text(json.dumps(doc))
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    with pytest.warns(DeckWarning, match="rotation number 9 but turns on 5"):
        deck = load_deck()  # a deck whose number and turning face differ is named, not refused
    assert [c.id for c in deck.cards] == ["9X"] and not deck.default


def test_wake_tile_set_has_56_tiles_of_known_patterns():
    g = Game.create("tsuro-of-the-seas", ["a", "b"])
    assert len(g.tile_set) == 56
    assert len(set(g.tile_set)) == 35  # every pattern at least once
    assert Game.create("tsuro", ["a", "b"]).tile_set == tuple(range(35))


def test_game_setup_errors_name_the_problem():
    with pytest.raises(GameError, match="unknown game 'chess'"):
        Game.create("chess", ["a", "b"])
    with pytest.raises(GameError, match="different"):
        Game.create("tsuro", ["a", "a"])
    with pytest.raises(GameError, match="no option 'turbo'"):
        Game.create("tsuro", ["a", "b"], ["turbo"])


def test_dice_are_fair_and_seedable():
    a, b = DiceService(seed=4), DiceService(seed=4)
    rolls = [a.d6() for _ in range(6000)]
    assert rolls == [b.d6() for _ in range(6000)]
    counts = Counter(rolls)
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(800 < n < 1200 for n in counts.values())
    unseeded = DiceService()
    assert {unseeded.d6() for _ in range(300)} == {1, 2, 3, 4, 5, 6}


@pytest.mark.parametrize("bad", ["0", "7", "x", "", "3.5"])
def test_die_values_outside_one_to_six_are_refused(bad):
    with pytest.raises(DiceError):
        read_face(bad)
    with pytest.raises(ActionError):
        parse_action(f"roll {bad} 3")


@pytest.mark.parametrize(
    "text",
    ["start r1c3:0", "relocate r1c5:1", "roll 3 4", "die 6", "daikaiju 3G", "facing west",
     "place r2c3 10325476", "place r2c3 52167034 hand 10325476 34701652 72143650",
     "draw 10325476", "draw ?", "bonus none", "bonus give 10325476 take ?"],
)
def test_action_notation_round_trips(text):
    assert parse_action(text).notation() == text
