"""The advisor: exact where the tree is small, sampled with a stated error bar elsewhere,
certain where nobody can reach the ship, and blind to hands it has not been shown."""

import json
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from itertools import combinations
from random import Random

import pytest
from builders import build

from companion.cli import main
from companion.tsuro import advisor, advisor_steps
from companion.tsuro.actions import Draw
from companion.tsuro.advisor import AdvisorError, advise
from companion.tsuro.advisor_share import followers
from companion.tsuro.advisor_steps import Tables
from companion.tsuro.game import PATTERN_INDEX
from companion.tsuro.piles import UNKNOWN
from companion.tsuro.state import CHANCE, Phase, State, new_state
from companion.tsuro.tiles import PATTERNS, Tile

TO_THE_WEST = "76543210"  # joins 0-7: in at the top-left point, out at the upper left side
UTURN = "10325476"


def threat(blue_hand: list[str], filled: int = 0) -> State:
    """Red lays a tile on r1c2; laid as it is, it takes red west to face the corner r1c1,
    where blue already waits on a start mark and lays the next tile. ``filled`` squares
    from the bottom right hold tiles already, so that few are left to draw."""
    taken = {Tile.parse(t).pattern() for t in [TO_THE_WEST, *blue_hand]}
    spare = [p for p in PATTERNS if p not in taken]
    squares = [f"r{r}c{c}" for r in range(6, 0, -1) for c in range(6, 0, -1)][:filled]
    return build(
        "tsuro",
        ("red", "blue"),
        board={sq: spare[i].notation() for i, sq in enumerate(squares)},
        ships={"red": "r1c2:0", "blue": "r1c1:0"},
        hands={"red": [TO_THE_WEST], "blue": blue_hand},
        active="red",
    )


def unseen_hands(s: State, seat: int) -> State:
    """The same position as a companion that never saw ``seat``'s tiles knows it."""
    hand = s.hands[seat]
    hands = tuple((UNKNOWN,) * len(h) if x == seat else h for x, h in enumerate(s.hands))
    return replace(s, hands=hands, pile=s.pile.forget([t for t in hand if t != UNKNOWN]))


def red_survives_blue(s: State, blue_hand: tuple[int, ...]) -> Fraction:
    """Blue lays one of its legal placements, each as likely: how often red is afloat."""
    b = s.with_hand(1, list(blue_hand))
    legal = b.legal_tiles()
    return Fraction(sum(b.apply_tile(t).ships[0] >= 0 for t in legal), len(legal))


def brute_force(s: State, red_tile: str) -> Fraction:
    """Red lays ``red_tile``; the draws follow unseen; blue's hand is then every hand the
    unseen tiles can make, each as likely."""
    (place,) = [a for a in s.legal_actions() if a.tile == Tile.parse(red_tile)]
    after = s.apply(place)
    while after.phase is Phase.DRAW:
        after = after.apply(Draw(None))
    after = unseen_hands(after, 1)
    hands = list(combinations(after.pile.unseen, len(after.hands[1])))
    return sum((red_survives_blue(after, h) for h in hands), Fraction(0)) / len(hands)


def test_a_placement_that_sinks_the_ship_is_certain_loss():
    s = build(
        "tsuro",
        ("red", "blue"),
        ships={"red": "r1c1:0", "blue": "r6c6:4"},
        hands={"red": [UTURN]},
        active="red",
    )
    out = advise(s, Random(1))
    assert out and all(a.exact and a.survival == 0 for a in out)


def test_with_one_hidden_tile_in_the_way_the_answer_is_exact_and_right():
    s = unseen_hands(threat(["23016745"], filled=31), 1)  # two tiles left to draw
    out = advise(s, Random(1))
    straight = next(a for a in out if a.place.tile == Tile.parse(TO_THE_WEST))
    assert straight.exact
    assert straight.survival == brute_force(s, TO_THE_WEST)
    assert 0 < straight.survival < 1
    # the placements that take red away from blue's square are safe for certain
    assert any(a.exact and a.survival == 1 for a in out)
    assert out == sorted(out, key=lambda a: -a.survival)


def test_hands_the_advised_player_has_not_seen_are_never_used():
    known = threat(["72143650"])  # the companion dealt blue's tile and knows it
    assert advise(known, Random(3)) == advise(unseen_hands(known, 1), Random(3))


def test_one_threat_with_nothing_random_before_it_is_exact_in_every_round():
    s = unseen_hands(threat(["72143650"], filled=23), 1)  # blue draws up to three
    truth = brute_force(s, TO_THE_WEST)
    assert 0 < truth < 1
    (place,) = [a for a in s.legal_actions() if a.tile == Tile.parse(TO_THE_WEST)]
    after = advisor._settled(s.apply(place))
    done = frozenset({0})
    for seed in range(20):  # blue's hand and placement are weighed, not drawn
        assert advisor._rollout(after, 0, done, Random(seed)) == pytest.approx(float(truth))
    out = advise(s, Random(7), exact_budget=50)
    straight = next(a for a in out if a.place.tile == Tile.parse(TO_THE_WEST))
    assert not straight.exact and straight.samples >= advisor.MIN_SAMPLES
    assert straight.error <= 0.02
    assert abs(float(straight.survival) - float(truth)) <= 2 * straight.error + 1e-9
    assert advise(s, Random(7), exact_budget=50) == out  # the same seed, the same advice


def three_at_the_corner() -> State:
    """As :func:`threat`, with green waiting at r1c1 too (on its west side): blue's tile
    moves all three, and where it leaves red and green decides whether green's tile can
    sink red next, so the rounds differ. 24 squares hold tiles already."""
    blue, green = ["72143650"], ["23016745"]
    taken = {Tile.parse(t).pattern() for t in [TO_THE_WEST, *blue, *green]}
    spare = [p for p in PATTERNS if p not in taken]
    squares = [f"r{r}c{c}" for r in range(6, 0, -1) for c in range(6, 0, -1)][:24]
    return build(
        "tsuro",
        ("red", "blue", "green"),
        board={sq: spare[i].notation() for i, sq in enumerate(squares)},
        ships={"red": "r1c2:0", "blue": "r1c1:0", "green": "r1c1:7"},
        hands={"red": [TO_THE_WEST], "blue": blue, "green": green},
        active="red",
    )


def test_with_two_threats_in_turn_the_conditional_estimate_is_unbiased():
    s = advisor._as_seen_by(three_at_the_corner(), 0)
    (place,) = [a for a in s.legal_actions() if a.tile == Tile.parse(TO_THE_WEST)]
    after = advisor._settled(s.apply(place))
    truth = float(advisor._exact(after, 0, [10**6]))
    n = 400
    values = [advisor._rollout(after, 0, frozenset({0}), Random(i)) for i in range(n)]
    mean = sum(values) / n
    sd = (sum((v - mean) ** 2 for v in values) / (n - 1)) ** 0.5
    assert sd > 0.001  # the rounds did vary
    assert abs(mean - truth) <= 4 * sd / n**0.5, (mean, truth)


def test_sampled_advice_at_sea_is_within_its_error_bar():
    exact = {a.place: a.survival for a in advise(at_sea(), Random(1))}
    sampled = advise(at_sea(), Random(5), exact_budget=0)
    assert {a.place for a in sampled} == set(exact)
    for a in sampled:
        if a.exact:  # sunk by the placement itself: certain without sampling
            assert a.survival == exact[a.place] == 0
            continue
        assert a.samples >= advisor.MIN_SAMPLES and a.error <= 0.02
        assert abs(float(a.survival) - float(exact[a.place])) <= 2 * a.error + 1e-9


def test_the_chance_a_mover_sinks_the_ship_counts_every_hand():
    """Checked against every hand drawn position by position, with patterns that come
    more than once (the pile at sea) and tiles of the hand already known."""
    rng = Random(5)
    for _ in range(150):
        sigs = {}
        for p in range(10):
            v = [0] * 6
            for _ in range(rng.randint(1, 4)):
                r = rng.choice([0, 0, 1, 2])
                v[2 * r] += 1
                v[2 * r + 1] += rng.random() < 0.3
            sigs[p] = tuple(v)
        unseen = tuple(sorted(rng.randrange(10) for _ in range(rng.randint(3, 8))))
        known = tuple(rng.sample(range(10), rng.randint(0, 2)))
        k = rng.randint(1, 3)
        total = Fraction(0)
        draws = list(combinations(range(len(unseen)), k))
        for idx in draws:
            patterns = set(known) | {unseen[i] for i in idx}
            summed = [sum(sigs[p][j] for p in patterns) for j in range(6)]
            best = next(r for r in range(3) if summed[2 * r])
            total += Fraction(summed[2 * best + 1], summed[2 * best])
        got = advisor_steps._lethal_odds(sigs, known + (UNKNOWN,) * k, unseen)
        assert got == pytest.approx(float(total / len(draws)), abs=1e-12)


def test_shown_hand_is_checked_and_only_placements_are_advised():
    s = unseen_hands(threat(["72143650"]), 0)  # red's own tile unseen by the companion
    with pytest.raises(AdvisorError, match="show the whole hand"):
        advise(s, Random(1))
    assert advise(s, Random(1), hand=[Tile.parse(TO_THE_WEST)])
    with pytest.raises(AdvisorError, match="cannot be in the hand"):
        advise(s, Random(1), hand=[Tile.parse("72143650")])  # blue holds the only one
    with pytest.raises(AdvisorError, match="not now"):
        advise(new_state(s.game), Random(1))


def mid_game(seed: int, players: int) -> State:
    rng = Random(seed)
    s = new_state(build("tsuro", [f"p{i}" for i in range(players)]).game)
    while not s.is_terminal() and not (s.turn >= 2 * players and s.phase is Phase.PLACE):
        if s.current_player == CHANCE:
            outs = s.chance_outcomes()
            s = s.apply(rng.choices([a for a, _ in outs], [float(p) for _, p in outs])[0])
        else:
            s = s.apply(rng.choice(s.legal_actions()))
    return s


def test_a_ship_nobody_can_reach_is_never_lost_in_the_round():
    checked = 0
    for seed in range(16):
        s = mid_game(seed, 3 + seed % 6)
        if s.is_terminal():
            continue
        seat, rng = s.active, Random(seed)
        seen = advisor._as_seen_by(s, seat)
        for t in seen.legal_tiles():
            after = advisor._settled(seen.apply_tile(t))
            if after.ships[seat] < 0 or after.is_terminal() or advisor._threats(after, seat):
                continue
            checked += 1
            # played out to the end of the round, without the early stop the threats allow
            done = frozenset({seat})
            assert all(advisor._rollout(after, seat, done, rng) == 1.0 for _ in range(40)), seed
    assert checked >= 10


def test_companion_advise_on_the_command_line(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    assert main(["new", "tsuro", "--players", "red,blue", "--tiles", "virtual"]) == 0
    assert main(["advise"]) == 2
    assert "not now" in capsys.readouterr().err
    main(["start", "r1c1:0"])
    main(["start", "r6c6:4"])
    capsys.readouterr()
    assert main(["advise", "--json", "--seed", "4"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["player"] == "red" and doc["advice"]
    survival = [a["survival"] for a in doc["advice"]]
    assert survival == sorted(survival, reverse=True)
    assert all(a["exact"] or a["error"] <= 0.02 for a in doc["advice"])
    assert main(["advise"]) == 0
    assert "survives" in capsys.readouterr().out


def test_pattern_numbers_line_up():  # the test helpers lean on the shared numbering
    assert Counter(PATTERN_INDEX[p] for p in PATTERNS) == Counter(range(35))


def at_sea() -> State:
    """Red's ship waits on its mark at r1c3 with daikaiju close by; blue holds one tile,
    the pile and the daikaiju deck are spent, so the round is a small tree."""
    s = build(
        "tsuro-of-the-seas",
        ("red", "blue"),
        ships={"red": "r1c3:0", "blue": "r7c5:4"},
        daikaiju=[("1G", "r3c3", "north"), ("2G", "r2c4", "west"), ("3G", "r6c6", "north")],
        hands={"red": ["52167034", UTURN], "blue": ["72143650"]},
        active="red",
    )
    return replace(s, dk_deck=(), pile=replace(s.pile, shuffled=0, unseen=()))


def played_out(s: State, place, rng: Random) -> bool:
    """The round after ``place`` played with the engine's own chances: red still afloat?"""
    s = s.apply(place)
    turn = s.turn
    while True:
        if s.ships[0] < 0:
            return False
        if s.is_terminal() or (s.turn > turn and s.active == 0 and s.phase is Phase.PLACE):
            return True
        if s.current_player == CHANCE:
            outs = s.chance_outcomes()
            s = s.apply(rng.choices([a for a, _ in outs], [float(p) for _, p in outs])[0])
        else:
            s = s.apply(rng.choice(s.legal_actions()))


def test_at_sea_the_daikaiju_dice_count_and_the_exact_answer_matches_play():
    s = at_sea()
    out = advise(s, Random(1))
    assert all(a.exact for a in out) and len({a.survival for a in out}) > 1
    assert min(a.survival for a in out) < 1
    rng = Random(11)
    for a in (out[0], out[-1]):
        n = 3000
        share = sum(played_out(s, a.place, rng) for _ in range(n)) / n
        p = float(a.survival)
        assert abs(share - p) <= 4 * (p * (1 - p) / n) ** 0.5 + 0.005, a.describe()


def next_to_a_daikaiju() -> State:
    """Red stands on a tile at r1c3 with two daikaiju beside that square, one card left
    in the daikaiju deck: blue's daikaiju phase can sink red, and so can red's own."""
    s = build(
        "tsuro-of-the-seas",
        ("red", "blue"),
        board={"r1c3": "52167034"},
        ships={"red": "r2c3:0", "blue": "r7c5:4"},
        daikaiju=[("1G", "r2c4", "west"), ("2G", "r1c4", "west"), ("3G", "r6c6", "north")],
        hands={"red": ["72143650", UTURN], "blue": ["23016745"]},
        active="red",
    )
    return replace(s, dk_deck=("4G",), pile=replace(s.pile, shuffled=0, unseen=()))


@pytest.mark.parametrize("position", [at_sea, next_to_a_daikaiju])
def test_the_conditional_estimate_is_unbiased(position):
    """At sea the rounds differ (the dice, the daikaiju), so each round's estimate varies;
    their mean over many seeds is the exact answer."""
    s = advisor._as_seen_by(position(), 0)
    spread = []
    for tile in s.legal_tiles():
        after = advisor._settled(s.apply_tile(tile))
        if after.ships[0] < 0:
            continue
        truth = float(advisor._exact(after, 0, [10**6]))
        n = 2000
        values = [advisor._rollout(after, 0, frozenset({0}), Random(i)) for i in range(n)]
        assert all(0.0 <= v <= 1.0 for v in values)
        mean = sum(values) / n
        sd = (sum((v - mean) ** 2 for v in values) / (n - 1)) ** 0.5
        assert abs(mean - truth) <= 4 * sd / n**0.5 + 1e-9, tile
        spread.append(sd)
    assert spread and max(spread) > 0.02  # the rounds did vary


def sea_mid_game(seed: int) -> State:
    """A six-player Tsuro of the Seas game played at random to a placement at turn 8 or
    later, seen by the player about to lay a tile."""
    rng = Random(seed)
    while True:
        s = new_state(build("tsuro-of-the-seas", [f"p{i}" for i in range(6)]).game)
        while not s.is_terminal() and not (s.turn >= 8 and s.phase is Phase.PLACE):
            if s.current_player == CHANCE:
                outs = s.chance_outcomes()
                s = s.apply(rng.choices([a for a, _ in outs], [float(p) for _, p in outs])[0])
            else:
                s = s.apply(rng.choice(s.legal_actions()))
        if not s.is_terminal() and len(s.alive()) >= 4:
            return advisor._as_seen_by(s, s.active)


def test_placements_at_sea_share_the_rounds_that_go_alike(monkeypatch):
    """The placements that follow the lead's rounds end each round with the very value
    their own round from that seed gives, whether they followed it to the end or left it
    to play on alone from where they stood; both happen."""
    alone = []
    rollout, play_on = advisor._rollout, advisor._play_on
    monkeypatch.setattr(advisor, "_play_on", lambda *a: alone.append(1) or play_on(*a))
    followed = left = 0
    for seed in (0, 1, 2, 6, 11):  # 6 and 11: a turn that passes within a daikaiju phase
        s = sea_mid_game(seed)
        seat, sq = s.active, s.front_square(s.active)
        after = {t: advisor._settled(s.apply_tile(t)) for t in s.legal_tiles()}
        open_ = {t: (x, frozenset({seat})) for t, x in after.items()
                 if x.ships[seat] >= 0 and not x.is_terminal()}
        if len(open_) < 2:
            continue
        lead = next(iter(open_))
        fols, _ = followers(lead, sq, seat, {t: x for t, (x, _) in open_.items()})
        for i in range(40):
            alone.clear()
            got = advisor._rounds_together(open_, lead, fols, sq, seat, i, Tables())
            left += len(alone)
            followed += len(fols) - len(alone)
            for t in (lead, *fols):
                assert got[t] == rollout(open_[t][0], seat, frozenset({seat}), Random(i)), (
                    seed, t, i)
    assert followed >= 100 and left >= 10, (followed, left)


def test_the_own_opening_is_weighed_exactly():
    """Where the round reaches the advised player's own turn, the rest of it (the daikaiju
    phase that opens that turn) is worked out, not sampled: the same as the exact tree."""
    checked, kinds = 0, set()
    for seed in range(80):
        if checked >= 6 and {"blocked", 0.9, 1.0} <= kinds:
            break
        s = sea_mid_game(seed)
        seat, rng = s.active, Random(seed)
        s = advisor._settled(s.apply_tile(rng.choice(s.legal_tiles())))
        tables = Tables()
        while not s.is_terminal() and s.ships[seat] >= 0:  # on to the own turn's roll
            if s.active == seat and s.phase is Phase.TURN_ROLL:
                break
            s = advisor_steps.step(s, seat, rng, tables)[0]
        got = advisor_steps.own_opening(s, seat)
        if got is None:
            continue
        checked += 1
        assert got == pytest.approx(float(advisor._exact(s, seat, [10**6], True)), abs=1e-12)
        kinds.add("blocked" if s.front_square(seat) in s.daikaiju_squares() else round(got, 1))
    assert checked >= 6 and {"blocked", 0.9, 1.0} <= kinds, kinds


def test_a_hidden_draw_before_the_next_throw_does_not_stop_the_advice():
    """A placement after which a hidden tile is still to be drawn: the next player's
    daikaiju throw cannot be played through yet, and the advisor weighs the placement
    anyway (it used to try the throw on the state waiting for the draw and fail)."""
    s = sea_mid_game(3)
    seat = s.active
    checked = 0
    for tile in s.legal_tiles()[:6]:
        after = s.apply_tile(tile)
        if after.phase is not Phase.DRAW or after.ships[seat] < 0:
            continue
        odds = advisor_steps.others_phase_odds(after, seat)
        assert 0.0 <= odds <= 1.0
        checked += 1
    assert checked  # the position has such placements, or the test proves nothing
