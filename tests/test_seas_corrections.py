"""Issue 13's corrections to the Seas engine, each checked against the sentence it rests on
(stated here in our own words)."""

import json
import warnings
from collections import Counter
from random import Random

import pytest
from builders import build, square_of

from companion.core.board import Point, Square
from companion.tsuro.actions import Die, Place, Relocate, Start, parse_action
from companion.tsuro.daikaiju import DeckWarning, load_deck, parse_deck
from companion.tsuro.game import PATTERN_INDEX, Game
from companion.tsuro.piles import UNKNOWN
from companion.tsuro.placement import SAME_WAKE
from companion.tsuro.state import CHANCE, PATTERN_OF, IllegalAction, Phase, State, new_state
from companion.tsuro.tiles import Tile


def seas(**kw):
    return build("tsuro-of-the-seas", kw.pop("players", ("red", "blue")), **kw)


# ---- 1. the daikaiju act in order of the number beside their turning arrow ----------------
# 000: in the movement phase the daikaiju go one by one, lowest rotation number first, the
# rotation number being the one printed next to the curved (turning) arrow of the tile.


def test_every_shipped_daikaiju_turns_on_the_face_of_its_rotation_number():
    deck = load_deck()
    for card in deck.cards:
        assert card.turning_faces() == (card.rotation,), card.id
    assert deck.mismatches() == []
    assert not [
        n
        for n in Game.create("tsuro-of-the-seas", ["a", "b"]).defaults_to_check()
        if "rotation number" in n
    ]


def mismatched_doc() -> dict:
    doc = json.loads(json.dumps(_deck_doc()))
    faces = doc["cards"][0]["faces"]  # 1G: make it turn on face 5 instead of face 1
    faces["1"], faces["5"] = faces["5"], faces["1"]
    return doc


def _deck_doc() -> dict:
    from companion.core.locations import read_data

    doc, _ = read_data("daikaiju.json", None, ValueError, "daikaiju deck")
    return doc


def test_an_owners_deck_that_disagrees_is_warned_about_but_played(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    (tmp_path / "daikaiju.json").write_text(json.dumps(mismatched_doc()))
    with pytest.warns(DeckWarning, match="1G has rotation number 1 but turns on 5"):
        deck = load_deck()
    assert deck.card("1G").action(5) == "rotate"
    game = Game.create("tsuro-of-the-seas", ["a", "b"], deck=deck)
    assert any("1G has rotation number 1 but turns on 5" in n for n in game.defaults_to_check())


def test_a_deck_carried_by_a_record_is_never_refused():
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # parsing a record's deck does not even warn
        deck = parse_deck(mismatched_doc(), "record header")
    assert deck.mismatches() == ["daikaiju 1G has rotation number 1 but turns on 5"]


# ---- 2. the ban on one wake, one way, holds with the reference collisions -----------------
# 001: among the placements a player may not make is one that sends two ships along the
# same wake in the same direction.

REPRO = dict(
    players=("red", "green", "blue"),
    board={"r3c2": "57462031", "r2c1": "52167034", "r1c2": "52167034"},
    ships={"red": "r2c2:0", "green": "r2c2:6", "blue": "r4c2:0"},
    hands={"red": ["10327654"]},
)


@pytest.mark.parametrize("options", [(), ("reference-collisions",)])
def test_sending_a_ship_down_another_ships_wake_is_refused(options):
    s = seas(**REPRO, options=list(options))
    place = Place(Square(2, 2), Tile.parse("10327654"))
    move = s.movement(place)
    assert move.rank == SAME_WAKE
    assert square_of(s, s.ships[1]) == "r2c2:6"
    assert s.legal_actions() and place not in s.legal_actions()  # another placement exists
    with pytest.raises(IllegalAction, match="two ships on one wake"):
        s.apply(place)
    if options:  # forced, it would sink both: they collide when going the same way
        assert set(move.lost_seats()) == {1, 2}


# ---- 3. ships meeting head on pass each other, with the reference collisions too ---------
# 001's FAQ: two ships may share a wake tile going opposite ways or side by side; only
# ships going the same way along one wake collide.


def test_with_reference_collisions_ships_meeting_head_on_pass():
    s = seas(
        players=("red", "blue", "green"),
        ships={"red": "r2c2:6", "blue": "r2c2:3", "green": "r7c5:4"},
        board={"r2c1": "10543276", "r2c3": "10327654"},
        hands={"red": ["45670123"]},
        options=["reference-collisions"],
    )
    move = s.movement(Place(Square(2, 2), Tile.parse("45670123")))  # straight across
    assert move.lost == ()
    assert square_of(s, move.ships[0]) == "r3c3:1"
    assert square_of(s, move.ships[1]) == "r3c1:0"


# ---- 4a. 000: a daikaiju leaving the board where a ship still waits on its mark -----------
# 000: besides a daikaiju on the first playable square, one that leaves the board at the spot
# where a ship still sits on its starting mark also lets that player, at the first move,
# move the ship to another starting mark of that edge with no wake tile on its square.


def face(card: str, action: str) -> int:
    return load_deck().card(card).faces.index(action) + 1


def waiting_on_its_mark(daikaiju_square: str, facing: str) -> State:
    return seas(
        ships={"red": "r1c3:0", "blue": "r7c5:4"},
        daikaiju=[("1G", daikaiju_square, facing)],
        phase=Phase.DAIKAIJU_DIE,
        hands={"red": ["52167034"]},
    )


def test_a_daikaiju_leaving_the_board_across_a_waiting_ship_lets_it_move_or_stay():
    s = waiting_on_its_mark("r1c3", "north")
    after = s.apply(Die(face("1G", "forward")))  # off the board over red's mark
    assert after.daikaiju == () and after.phase is Phase.RELOCATE
    choices = {a.point.name() for a in after.legal_actions()}
    assert choices == {"r1c3:0", "r1c5:1"}  # stay, or the other mark of the top edge
    stayed = after.apply(Relocate(Point.parse("r1c3:0")))
    assert stayed.phase is Phase.PLACE and stayed.ships == s.ships
    moved = after.apply(Relocate(Point.parse("r1c5:1")))
    assert moved.phase is Phase.PLACE and square_of(moved, moved.ships[0]) == "r1c5:1"
    assert moved.displaced == ()


def test_a_daikaiju_leaving_elsewhere_moves_no_ship():
    s = waiting_on_its_mark("r1c2", "north")
    after = s.apply(Die(face("1G", "forward")))
    assert after.daikaiju == () and after.phase is Phase.PLACE and after.displaced == ()


# ---- 4b. 001's setup order: ships first, then the daikaiju -------------------------------
# 001: in setup each player puts a ship on a starting mark, and only then are the daikaiju
# turned up and placed by the dice.


def dealt(options: list[str]) -> State:
    s = new_state(Game.create("tsuro-of-the-seas", ["red", "blue"], options))
    while s.phase is Phase.DEAL:
        s = s.apply(s.chance_outcomes()[0][0])
    return s


def test_with_the_reference_setup_order_ships_go_out_before_the_daikaiju():
    s = dealt(["reference-setup-order"])
    assert s.phase is Phase.START
    marks = s.game.board.start_marks
    s = s.apply(Start(marks[0])).apply(Start(marks[4]))
    assert s.phase is Phase.DAIKAIJU_ROLL and s.to_place == 6 and s.turn == 0
    rng = Random(5)
    while s.turn == 0:
        s = s.apply(rng.choice(s.chance_outcomes())[0])
    assert len(s.daikaiju) == 6 and s.turn == 1 and s.active == 0
    assert dealt([]).phase is Phase.DAIKAIJU_ROLL  # officially the daikaiju come first


# ---- 4c. 001's FAQ: a tile removed in an elimination is discarded -------------------------
# 001's FAQ: wake tiles a daikaiju removes go to the bottom of the draw pile, except those
# removed as part of an elimination, which leave play.


def sinking(options: list[str]) -> State:
    s = seas(
        players=("red", "blue", "green"),
        ships={"red": "r1c3:0", "blue": "r3c5:7", "green": "r7c5:4"},
        board={"r3c4": "52167034"},
        daikaiju=[("1G", "r4c4", "north")],
        phase=Phase.DAIKAIJU_DIE,
        hands={"red": ["10325476"]},
        options=options,
    )
    return s.apply(Die(face("1G", "forward")))  # onto r3c4, where blue stands


def test_with_reference_removed_tiles_the_tile_under_a_sunk_ship_leaves_the_game():
    after = sinking(["reference-removed-tiles"])
    tile = PATTERN_INDEX[Tile.parse("52167034").pattern()]
    assert after.ships[1] == -1 and after.discarded == (tile,)
    assert tile not in after.pile.bottom
    official = sinking([])
    assert official.discarded == () and official.pile.bottom == (tile,)


@pytest.mark.parametrize("seed", range(8))
def test_games_with_every_reference_option_keep_the_tiles_and_replay(seed):
    options = [
        "reference-collisions",
        "reference-setup-order",
        "reference-removed-tiles",
        "reference-tuck-daikaiju",
    ]
    rng = Random(seed)
    game = Game.create("tsuro-of-the-seas", [f"p{i}" for i in range(2 + seed % 7)], options)
    s, entries = new_state(game), []  # the record's lines, replayed at the end
    while not s.is_terminal():
        if s.current_player == CHANCE:
            outs = s.chance_outcomes()
            action = rng.choices([a for a, _ in outs], [float(p) for _, p in outs])[0]
        else:
            action = rng.choice(s.legal_actions())
        s = s.apply(action)
        entries.append(action.notation())
        known = [PATTERN_OF[t] for t in s.board if t >= 0] + list(s.discarded)
        known += [t for h in s.hands for t in h] + list(s.pile.bottom) + list(s.pool)
        assert Counter(t for t in known if t != UNKNOWN) + Counter(s.pile.unseen) == Counter(
            game.tile_set
        )
    assert s.outcome is not None
    assert replay_state(game, entries) == s


def replay_state(game: Game, actions: list[str]) -> State:
    s = new_state(game)
    for text in actions:
        s = s.apply(parse_action(text))
    return s


def test_the_table_is_told_what_the_new_rulings_ask():
    from companion.tsuro.describe import instructions, prompt

    s = waiting_on_its_mark("r1c3", "north").apply(Die(face("1G", "forward")))
    assert "you may move your ship to another start mark on the same edge, or stay" in prompt(s)
    text = " ".join(instructions(sinking(["reference-removed-tiles"])))
    assert "Remove the wake tile at r3c4: it leaves the game." in text
