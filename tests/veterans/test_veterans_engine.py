"""Veterans of the Seas and the Phoenix on the game state, sentence by sentence of 001's V and
BT parts and the FAQ answers that touch them."""

import json
from dataclasses import replace
from fractions import Fraction
from random import Random

import pytest
from builders import build

from companion.core.board import Side, Square
from companion.tsuro.actions import Bonus, Die, DrawDaikaiju, Facing, Place, Roll, parse_action
from companion.tsuro.describe import instructions, prompt
from companion.tsuro.game import PATTERN_INDEX, Game
from companion.tsuro.odds import danger, placement_risk, placement_risks
from companion.tsuro.record import Header, replay
from companion.tsuro.state import CHANCE, IllegalAction, Phase, State, advance_turn, new_state
from companion.tsuro.tiles import Tile
from companion.tsuro.veterans.actions import (
    DrawPiece,
    FireTaihou,
    HoldTaihou,
    Keep,
    KeepTaihou,
    Land,
    Phoenix,
    PlacePortal,
    RollUzushio,
    SkipUzushio,
)
from companion.tsuro.veterans.data import load_veterans, shipped_doc
from companion.tsuro.veterans.engine import TSUNAMI_CARD
from companion.tsuro.veterans.taihou import Use
from companion.tsuro.veterans.tsunami import Tsunami
from companion.tsuro.view import table_view

STRAIGHTISH = "52167034"  # 0-5, 1-2, 3-6, 4-7
UTURN = "10325476"
VET = ("veterans", "phoenix")
RULES = load_veterans()


def seas(options=VET, **kw) -> State:
    return build("tsuro-of-the-seas", kw.pop("players", ("red", "blue", "green")),
                 options=list(options), **kw)


def sq(text: str, s: State) -> int:
    return s.grid.index(Square.parse(text))


def with_vet(s: State, **changes) -> State:
    assert s.vet is not None
    if changes.get("tsunami") is not None:  # the gold tsunami left the deck to arrive
        s = replace(s, dk_deck=tuple(c for c in s.dk_deck if c != TSUNAMI_CARD))
    return replace(s, vet=replace(s.vet, **changes))


def holding(s: State, seat: int, taihou=0, portal=0, phoenix=0) -> State:
    assert s.vet is not None
    held = list(s.vet.held)
    held[seat] = (taihou, portal, phoenix)
    pile = tuple(max(0, p - h) for p, h in zip(s.vet.pile, held[seat], strict=True))
    return with_vet(s, held=tuple(held), pile=pile)


def said(s: State) -> str:
    return " ".join(instructions(s))


# ---- setup: the blue tsunami is set aside; the gold one and the uzushio join the deck


def test_the_options_put_the_tsunami_and_uzushio_in_the_daikaiju_deck():
    s = new_state(Game.create("tsuro-of-the-seas", ["red", "blue"], list(VET)))
    assert TSUNAMI_CARD in s.dk_deck and "UZ" in s.dk_deck
    assert s.vet is not None and s.vet.tsunami is None
    assert s.vet.pile == (RULES.taihou.count, RULES.portal.count, 1)
    plain = new_state(Game.create("tsuro-of-the-seas", ["red", "blue"]))
    assert plain.vet is None and TSUNAMI_CARD not in plain.dk_deck
    phoenix_only = new_state(Game.create("tsuro-of-the-seas", ["red", "blue"], ["phoenix"]))
    assert phoenix_only.vet is not None and phoenix_only.vet.pile == (0, 0, 1)
    assert TSUNAMI_CARD not in phoenix_only.dk_deck


def test_a_game_with_the_options_names_every_default_to_check():
    g = Game.create("tsuro-of-the-seas", ["red", "blue"], list(VET))
    notes = " ".join(g.defaults_to_check())
    assert "taihou" in notes and "Tsunami connecting number 2 -> 3 -> 3 -> 4" in notes
    assert "check against your sheet" in notes


# ---- the tsunami comes into play


def arriving() -> State:
    s = seas(ships={"red": "r1c3:0", "blue": "r1c5:1", "green": "r7c5:4"},
             daikaiju=[("1G", "r6c6", "north"), ("2G", "r6c2", "north")],
             phase=Phase.DAIKAIJU_ROLL, hands={"red": [STRAIGHTISH]})
    return replace(s, to_place=1, active=1)


def test_the_gold_tsunami_arrives_and_blue_goes_to_the_edge_it_points_at():
    s = arriving().apply(Roll(4, 3)).apply(DrawDaikaiju(TSUNAMI_CARD)).apply(Facing(Side.EAST))
    assert s.vet is not None and s.vet.tsunami is not None
    t = s.vet.tsunami
    assert s.grid.square(t.square).name() == "r3c4" and t.heading is Side.EAST
    assert t.brought_by == 1  # whose turn brought it in is kept
    assert t.number(RULES.tsunami) == 2
    assert [d.card for d in s.daikaiju] == ["1G", "2G"]  # it is no daikaiju
    text = said(s)
    assert "Place the gold tsunami on r3c4, its arrow pointing east, brought in by blue" in text
    assert "blue tsunami beyond the board's edge at r3c8" in text
    assert "default: check against your sheet" in text


def test_the_tsunami_arriving_on_a_wake_tile_removes_it_like_a_daikaiju():
    s = arriving()
    s = replace(s, board=tuple(0 if i == sq("r3c4", s) else t for i, t in enumerate(s.board)))
    after = s.apply(Roll(4, 3)).apply(DrawDaikaiju(TSUNAMI_CARD)).apply(Facing(Side.EAST))
    assert after.board[sq("r3c4", after)] == -1
    assert "Remove the wake tile at r3c4" in said(after)


# ---- the tsunami phase at the start of each turn


def sweeping(tsunami_at: str = "r3c4", heading: Side = Side.EAST, step: int = 0) -> State:
    # green stands on r5c5's tile, in column 5; red and blue elsewhere
    s = seas(
        board={"r5c5": "10326745", "r2c2": "10327654"},
        ships={"red": "r1c3:0", "blue": "r2c3:7", "green": "r5c6:7"},
        daikaiju=[("1G", "r7c7", "north"), ("2G", "r7c1", "north"), ("3G", "r1c7", "north")],
        hands={"red": [STRAIGHTISH], "blue": [UTURN], "green": ["72143650"]},
    )
    t = Tsunami(sq(tsunami_at, s), heading, step, 0)
    return with_vet(s, tsunami=t)


def test_each_turn_the_tsunami_moves_a_square_and_the_ships_in_its_line_roll():
    s = advance_turn(sweeping())  # blue's turn opens with the tsunami phase
    assert s.vet is not None and s.vet.tsunami is not None
    assert s.grid.square(s.vet.tsunami.square).name() == "r3c5"
    assert s.phase is Phase.TSUNAMI_DIE and s.vet.rolls == (2,) and s.vet.number == 3
    assert s.current_player == CHANCE
    assert [a for a, _ in s.chance_outcomes()] == [Die(f) for f in range(1, 7)]
    text = said(s)
    assert "Move the tsunami from r3c4 one square east to r3c5." in text
    assert "Green rolls a die: below 3 loses the ship." in text
    assert "Green: roll a die against the tsunami; below 3" in prompt(s)
    shown = " ".join(table_view(s).veterans)
    assert "tsunami: gold on r3c5 heading east" in shown and "connecting number 3" in shown
    lost = s.apply(Die(2))
    assert lost.ships[2] == -1 and lost.losses[-1][2] == "tsunami"
    assert "swept away by the tsunami" in said(lost)
    assert lost.phase is Phase.TURN_ROLL and lost.active == 1  # the daikaiju check goes on
    safe = s.apply(Die(3))
    assert safe.ships[2] >= 0 and safe.phase is Phase.TURN_ROLL


def test_the_number_steps_2_3_3_4_and_the_roll_uses_the_new_number():
    numbers = []
    s = sweeping("r3c1")
    for _ in range(5):
        s = advance_turn(s)
        while s.phase is Phase.TSUNAMI_DIE:
            s = s.apply(Die(6))
        assert s.vet is not None and s.vet.tsunami is not None
        numbers.append(s.vet.tsunami.number(RULES.tsunami))
    assert numbers == [3, 3, 4, 4, 4]


def test_off_the_board_both_tiles_leave_for_good():
    s = advance_turn(sweeping("r3c7"))
    assert s.vet is not None and s.vet.tsunami is None and s.vet.tsunami_gone
    assert "take both tsunami tiles out of the game for good" in said(s)
    assert s.phase is Phase.TURN_ROLL
    # the FAQ: never reactivated; the gold card is not back in the deck
    assert TSUNAMI_CARD not in s.dk_deck and TSUNAMI_CARD not in s.dk_bottom
    again = advance_turn(s)
    assert again.vet is not None and again.vet.tsunami is None


def test_a_ship_that_moves_into_the_line_rolls_each_time_it_enters():
    # red stands on r3c4's tile facing r3c5; the tsunami's line is column 5
    s = seas(
        board={"r3c4": STRAIGHTISH},
        ships={"red": "r3c5:7", "blue": "r1c3:0", "green": "r7c3:4"},
        daikaiju=[("1G", "r7c7", "north"), ("2G", "r7c1", "north"), ("3G", "r1c7", "north")],
        hands={"red": [STRAIGHTISH, UTURN], "blue": [UTURN]},
    )
    s = with_vet(s, tsunami=Tsunami(sq("r1c5", s), Side.EAST, 1, 1))
    place = Place(Square(3, 5), Tile.parse(STRAIGHTISH))
    after = s.apply(place)
    assert after.phase is Phase.TSUNAMI_DIE and after.vet is not None
    assert after.vet.rolls == (0,) and after.vet.number == 3
    assert after.apply(Die(1)).ships[0] == -1
    kept = after.apply(Die(5))
    assert kept.ships[0] >= 0 and kept.phase is Phase.DRAW
    # the placement's risk: the roll (2 faces in 6), then the next turn's phases
    later = danger(kept)[0]
    assert placement_risk(s, place) == Fraction(1, 3) + Fraction(2, 3) * later


# ---- the uzushio


def whirling(**kw) -> State:
    return seas(
        board={"r4c5": STRAIGHTISH},
        ships={"red": "r1c3:0", "blue": "r4c6:7", "green": "r7c5:4"},
        daikaiju=[("1G", "r7c7", "north"), ("2G", "r7c1", "north"), ("UZ", "r4c4", "east")],
        phase=Phase.TURN_ROLL,
        hands={"red": [STRAIGHTISH], "blue": [UTURN]},
        **kw,
    )


def test_the_uzushio_may_move_on_a_roll_that_leaves_the_daikaiju_asleep():
    s = whirling()
    asleep = s.apply(Roll(1, 1))
    assert asleep.phase is Phase.UZUSHIO
    assert asleep.legal_actions() == [RollUzushio(), SkipUzushio()]
    assert asleep.apply(SkipUzushio()).phase is Phase.PLACE
    rolled = asleep.apply(RollUzushio())
    assert rolled.phase is Phase.UZUSHIO_DIE
    # forward (face 1) takes it east onto r4c5: the wake tile goes with blue's ship on it
    moved = rolled.apply(Die(RULES.uzushio.faces.index("forward") + 1))
    assert {d.card: moved.grid.square(d.square).name() for d in moved.daikaiju}["UZ"] == "r4c5"
    assert moved.board[sq("r4c5", moved)] == -1 and moved.ships[1] == -1
    text = said(moved)
    assert "Move the uzushio at r4c4 one square east to r4c5, by its arrows (default" in text
    assert "Remove the wake tile at r4c5" in text


def test_the_uzushio_does_not_move_with_the_daikaiju():
    s = whirling()
    woken = s.apply(Roll(3, 3)).apply(Die(1))
    assert {d.card: d.square for d in woken.daikaiju}["UZ"] == sq("r4c4", s)


def test_must_move_is_a_named_option():
    assert whirling(options=(*VET, "uzushio-must-move")).apply(Roll(1, 1)).phase is (
        Phase.UZUSHIO_DIE
    )


def test_must_move_is_the_owners_choice_in_the_data(tmp_path, monkeypatch):
    doc = shipped_doc()
    doc["uzushio"]["moves"] = "must"
    (tmp_path / "veterans.json").write_text(json.dumps(doc))
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    assert whirling().apply(Roll(1, 1)).phase is Phase.UZUSHIO_DIE


# ---- taihou


def drawing(held_taihou: int) -> State:
    s = seas(ships={"red": "r1c3:0", "blue": "r1c5:1", "green": "r7c5:4"},
             daikaiju=[("1G", "r7c7", "north")], phase=Phase.DRAW,
             hands={"red": [STRAIGHTISH]})
    return replace(holding(s, 0, taihou=held_taihou), drawer=0)


def test_a_taihou_drawn_is_kept_or_shown_and_removed_for_a_replacement():
    s = drawing(0)
    outs = dict(s.chance_outcomes())
    assert outs[DrawPiece("taihou")] == Fraction(s.vet.pile[0], s.pile.shuffled + sum(s.vet.pile))
    assert sum(outs.values()) == 1
    drew = s.apply(DrawPiece("taihou"))
    assert drew.phase is Phase.TAIHOU_KEEP
    assert drew.legal_actions() == [KeepTaihou(True), KeepTaihou(False)]
    kept = drew.apply(KeepTaihou(True))
    assert kept.vet.held[0][0] == 1 and kept.phase is Phase.DRAW  # the taihou counts: draw on
    removed = drew.apply(KeepTaihou(False))
    assert removed.vet.held[0][0] == 0 and removed.phase is Phase.DRAW  # the replacement
    assert "removes it from the game; draw again" in said(removed)


def test_a_third_taihou_must_be_shown_and_removed():
    drew = drawing(2).apply(DrawPiece("taihou"))
    assert drew.legal_actions() == [KeepTaihou(False)]
    assert "a hand keeps at most 2 taihou (default: check against your sheet)" in prompt(drew)
    with pytest.raises(IllegalAction, match="keeps at most 2 taihou"):
        drew.apply(KeepTaihou(True))


def checked() -> State:
    # red has left its start mark: on r2c3's tile, facing r3c3, where a daikaiju stands
    return seas(
        board={"r2c3": STRAIGHTISH},
        ships={"red": "r3c3:1", "blue": "r1c5:1", "green": "r7c5:4"},
        daikaiju=[("1G", "r3c3", "north"), ("2G", "r7c1", "north"), ("3G", "r5c6", "north")],
        phase=Phase.TURN_ROLL,
        hands={"red": [STRAIGHTISH]},
    )


def test_a_taihou_saves_ones_own_ship_at_the_daikaiju_check():
    at_check = holding(checked(), 0, taihou=1).apply(Roll(1, 1))  # the daikaiju sleep
    assert at_check.phase is Phase.TAIHOU_CHECK
    assert at_check.legal_actions() == [FireTaihou(Use.CHECK, Square(3, 3)), HoldTaihou()]
    fired = at_check.apply(FireTaihou(Use.CHECK, Square(3, 3)))
    assert fired.ships[0] >= 0 and fired.phase is Phase.PLACE
    assert "1G" in fired.dk_bottom and sq("r3c3", fired) not in fired.daikaiju_squares()
    assert fired.vet.held[0][0] == 0
    assert "discards a taihou: tuck the daikaiju 1G at r3c3 face down beneath" in said(fired)
    held = at_check.apply(HoldTaihou())
    assert held.ships[0] == -1


def test_without_a_taihou_the_check_loses_the_ship_and_none_fires_for_another():
    after = checked().apply(Roll(1, 1))
    assert after.ships[0] == -1
    # blue holds a taihou, but the ship in danger is red's: the FAQ says no
    s = holding(checked(), 1, taihou=1).apply(Roll(1, 1))
    assert s.ships[0] == -1 and s.vet.held[1][0] == 1


def test_a_taihou_instead_of_a_tile_clears_a_daikaiju_beside_the_square():
    s = seas(
        board={"r2c3": STRAIGHTISH},
        ships={"red": "r3c3:1", "blue": "r1c5:1", "green": "r7c5:4"},
        daikaiju=[("1G", "r3c4", "north"), ("2G", "r7c1", "north"), ("3G", "r5c6", "north")],
        hands={"red": [STRAIGHTISH]},
    )
    s = holding(s, 0, taihou=1)
    clear = FireTaihou(Use.CLEAR, Square(3, 4))
    assert clear in s.legal_actions()
    after = s.apply(clear)
    assert after.board[sq("r3c3", after)] == -1  # no tile laid this turn
    assert "1G" in after.dk_bottom and after.phase is Phase.DRAW
    with pytest.raises(IllegalAction, match="no daikaiju for a taihou"):
        s.apply(FireTaihou(Use.CLEAR, Square(7, 1)))
    with pytest.raises(IllegalAction, match="no taihou"):
        holding(s, 0).apply(clear)


def moving(options=VET) -> State:
    # red lays a tile at r3c5: red turns east, blue (coming from the north) sails south
    # into the daikaiju on r4c5
    return seas(
        options=options,
        board={"r3c4": UTURN, "r2c5": "10327654"},
        ships={"red": "r3c5:7", "blue": "r3c5:0", "green": "r7c3:4"},
        daikaiju=[("1G", "r4c5", "north"), ("2G", "r7c1", "north"), ("3G", "r1c7", "north")],
        hands={"red": [STRAIGHTISH], "blue": ["72143650"]},
    )


def test_a_taihou_saves_ones_own_ship_that_runs_into_a_daikaiju_while_moving():
    s = holding(moving(), 1, taihou=1)  # blue holds a taihou
    place = Place(Square(3, 5), Tile.parse("56743012"))
    waiting = s.apply(place)
    assert waiting.phase is Phase.TAIHOU_SAVE and waiting.current_player == 1
    assert waiting.legal_actions() == [FireTaihou(Use.MOVING, Square(4, 5)), HoldTaihou()]
    assert "your ship's wake runs into a daikaiju" in prompt(waiting)
    saved = waiting.apply(FireTaihou(Use.MOVING, Square(4, 5)))
    assert saved.grid.point(saved.ships[1]).name() == "r4c5:0"
    assert "1G" in saved.dk_bottom and saved.phase is Phase.DRAW
    lost = waiting.apply(HoldTaihou())
    assert lost.ships[1] == -1 and lost.phase is Phase.BONUS  # red's elimination bonus
    with pytest.raises(IllegalAction):
        waiting.apply(FireTaihou(Use.MOVING, Square(7, 1)))
    # without a taihou blue is simply lost by the placement
    assert s.apply(place).phase is Phase.TAIHOU_SAVE
    assert holding(s, 1).apply(place).ships[1] == -1


def test_placement_risks_get_past_the_expansions_choices():
    saving = holding(moving(), 1, taihou=1)
    keeping = moving(("veterans", "reference-bonus"))
    for s in (saving, keeping):
        risks = placement_risks(s)
        assert risks and all(0 <= r <= 1 for _, r in risks)
    assert keeping.apply(Place(Square(3, 5), Tile.parse("56743012"))).phase is Phase.BONUS


# ---- the mystic portal


def portal_state() -> State:
    # red (active) and blue both touch r3c3: red from r2c3's tile, blue from r3c2's tile
    s = seas(
        board={"r2c3": STRAIGHTISH, "r3c2": UTURN, "r6c6": "10327654"},
        ships={"red": "r3c3:1", "blue": "r3c3:6", "green": "r7c5:4"},
        daikaiju=[("1G", "r4c3", "north"), ("2G", "r7c1", "north"), ("3G", "r5c5", "north")],
        hands={"red": [STRAIGHTISH, UTURN], "blue": ["72143650"], "green": ["10462735"]},
    )
    return holding(s, 0, portal=1)


def test_a_portal_sends_each_touching_ship_in_turn_order_ending_with_the_active():
    s = portal_state()
    assert PlacePortal(Square(3, 3)) in s.legal_actions()
    p = s.apply(PlacePortal(Square(3, 3)))
    assert p.phase is Phase.PORTAL_ROLL and p.vet.portal.queue == (1, 0)
    assert "Blue: roll the gold and blue dice" in prompt(p)
    # blue's dice name r5c5, a daikaiju: lost
    gold, blue = 5, 5
    assert p.game.board.dice_square(gold, blue) == Square(5, 5)
    p = p.apply(Roll(gold, blue))
    assert p.ships[1] == -1 and "comes out of the portal onto a daikaiju" in said(p)
    assert p.phase is Phase.PORTAL_ROLL and p.vet.portal.queue == (0,)
    # red's dice name r2c5, empty: red lays a tile there and picks a start
    p = p.apply(Roll(5, 2))
    assert p.phase is Phase.PORTAL_LAND and p.current_player == 0
    choices = p.legal_actions()
    assert all(isinstance(a, Land) and a.tile is not None for a in choices)
    assert len({a.point for a in choices}) == 8
    land = Land(parse_action("land r2c5:7").point, Tile.parse(STRAIGHTISH))
    done = p.apply(land)
    # 7 -> 4: red leaves r2c5 through its south side and waits in front of r3c5
    assert done.grid.point(done.ships[0]).name() == "r3c5:1"
    # then the daikaiju beside the portal (1G on r4c3) comes into play anew
    assert done.phase is Phase.DAIKAIJU_ROLL and done.card == "1G"
    assert "1G" not in [d.card for d in done.daikaiju]
    assert "comes into play anew" in said(done)
    assert "Take the mystic portal at r3c3 out of the game (default" in said(done)
    anew = done.apply(Roll(1, 1))
    assert anew.phase is Phase.DAIKAIJU_FACING  # no tile turned up: it is the same daikaiju
    placed = anew.apply(Facing(Side.WEST))
    assert {d.card: placed.grid.square(d.square).name() for d in placed.daikaiju}["1G"] == "r1c1"
    assert placed.phase is Phase.DRAW


def test_a_portal_ship_landing_on_a_tile_picks_an_unused_start():
    s = portal_state()
    p = s.apply(PlacePortal(Square(3, 3))).apply(Roll(6, 6))  # blue to r6c6: a tile
    assert p.phase is Phase.PORTAL_LAND and p.current_player == 1
    assert all(a.tile is None for a in p.legal_actions())
    with pytest.raises(IllegalAction):
        p.apply(Land(parse_action("land r6c6:0").point, Tile.parse(UTURN)))


def test_no_portal_in_hand_is_one_clear_line():
    s = holding(portal_state(), 0)
    with pytest.raises(IllegalAction) as err:
        s.apply(PlacePortal(Square(3, 3)))
    assert "no mystic portal" in str(err.value) and "\n" not in str(err.value)


# ---- the Phoenix


def test_the_phoenix_has_the_last_roll_made_again_and_the_record_shows_both():
    s = holding(whirling(), 1, phoenix=1)
    rolled = s.apply(Roll(3, 3))
    again = rolled.apply(Phoenix("blue"))
    assert again.phase is Phase.TURN_ROLL and again.vet.held[1][2] == 0
    assert again.ships == s.ships and again.daikaiju == s.daikaiju
    assert "Blue discards the Phoenix tile: that roll is made again." in said(again)
    with pytest.raises(IllegalAction, match="no Phoenix"):
        rolled.apply(Phoenix("red"))
    with pytest.raises(IllegalAction, match="no Phoenix"):
        again.apply(Roll(2, 2)).apply(Phoenix("blue"))
    # not straight after a roll: a placement came between
    placed = holding(whirling(), 0, phoenix=1)
    placed = replace(placed, phase=Phase.PLACE, active=0)
    with pytest.raises(IllegalAction, match="nothing has been rolled"):
        placed.apply(Phoenix("red"))


def test_a_phoenix_reroll_replays_from_the_record():
    from .test_veterans_games import play

    for seed in range(40):
        g, states, entries = play(VET, 3, seed)
        texts = [e.action for e in entries]
        at = next((i for i, t in enumerate(texts) if t.startswith("phoenix")), None)
        if at is not None:
            break
    assert at is not None
    # the record keeps the roll, the discard, and the roll made again
    assert texts[at - 1].split()[0] in ("roll", "die") or entries[at - 1].source == "auto"
    assert texts[at + 1].split()[0] in ("roll", "die") or texts[at + 1].startswith("phoenix")
    header = Header.for_game(g, "virtual")
    assert header.to_json()["veterans"]["tsunami"]["sequence"] == [2, 3, 3, 4]
    assert replay(header, entries) == states[-1]
    assert replay(header, entries[: at + 1]) == states[at + 1]


def test_a_record_keeps_the_data_it_was_played_with(tmp_path, monkeypatch):
    g = Game.create("tsuro-of-the-seas", ["red", "blue"], list(VET))
    doc = Header.for_game(g, "virtual").to_json()
    edited = shipped_doc()
    edited["taihou"]["count"] = 9
    (tmp_path / "veterans.json").write_text(json.dumps(edited))
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    again = Header.from_json(doc, 1)
    assert again.game.veterans is not None and again.game.veterans.taihou.count == 3
    assert Game.create("tsuro-of-the-seas", ["a", "b"], ["veterans"]).veterans.taihou.count == 9


# ---- the reference's elimination bonus (option reference-bonus)


def test_the_reference_bonus_keeps_two_tiles_in_all():
    s = seas(options=("reference-bonus",),
             ships={"red": "r1c3:0", "blue": "r1c5:1", "green": "r7c5:4"},
             hands={"red": [STRAIGHTISH, UTURN]}, phase=Phase.BONUS)
    pool = (PATTERN_INDEX[Tile.parse("72143650").pattern()],)
    s = replace(s, pool=pool)
    choices = s.legal_actions()
    assert choices and all(isinstance(a, Keep) and len(a.tiles) == 2 for a in choices)
    keep = Keep((Tile.parse("72143650").pattern(), Tile.parse(UTURN).pattern()))
    after = s.apply(keep)
    assert len(after.hands[0]) == 2 and after.pool == ()
    assert len(after.pile.bottom) == 1
    with pytest.raises(IllegalAction):
        s.apply(Bonus())


# ---- exact odds with the tsunami, against a seeded Monte-Carlo of the engine


def test_danger_counts_the_tsunami_exactly_and_matches_a_seeded_simulation():
    s = sweeping()  # green will roll against 3 at the start of blue's turn
    exact = danger(s)
    rng = Random(2026)
    trials = 4000
    lost = dict.fromkeys(exact, 0)
    for _ in range(trials):
        t = advance_turn(s)
        turn = t.turn
        while t.turn == turn and t.current_player == CHANCE and not t.is_terminal():
            outs = t.chance_outcomes()
            t = t.apply(rng.choices([a for a, _ in outs], [float(p) for _, p in outs])[0])
        for seat in lost:
            lost[seat] += t.ships[seat] < 0
    for seat, p in exact.items():
        assert abs(lost[seat] / trials - float(p)) < 0.03, (seat, p)
    assert exact[2] >= Fraction(1, 3)  # the tsunami alone takes green one time in three


def test_danger_with_an_uzushio_that_must_move_matches_every_outcome_walked():
    s = whirling(options=(*VET, "uzushio-must-move"))
    steps = {Phase.TURN_ROLL, Phase.DAIKAIJU_DIE, Phase.DAIKAIJU_ROLL, Phase.DAIKAIJU_DRAW,
             Phase.DAIKAIJU_FACING, Phase.UZUSHIO_DIE, Phase.TSUNAMI_DIE}
    lost = dict.fromkeys(s.alive(), Fraction(0))

    def walk(t: State, p: Fraction) -> None:
        if t.turn != s.turn or t.phase not in steps:
            for seat in lost:
                lost[seat] += p if t.ships[seat] < 0 else 0
            return
        outs = t.chance_outcomes()
        if t.phase is Phase.DAIKAIJU_ROLL:  # a throw onto a daikaiju is thrown again
            keep = [(a, q) for a, q in outs if t.apply(a).phase is not Phase.DAIKAIJU_ROLL
                    or t.apply(a).to_place != t.to_place]
            total = sum(q for _, q in keep)
            outs = [(a, q / total) for a, q in keep]
        for a, q in outs:
            walk(t.apply(a), p * q)

    walk(s, Fraction(1))
    exact = danger(s)
    assert exact == lost
    assert exact[1] > 0  # blue's tile lies in front of the uzushio's forward arrow
