"""Exact danger odds, checked by hand and against a brute-force walk of every outcome."""

from collections import defaultdict
from fractions import Fraction

from builders import build

from companion.core.board import Square
from companion.tsuro.actions import Place
from companion.tsuro.odds import danger, placement_risk
from companion.tsuro.state import Phase, State
from companion.tsuro.tiles import Tile

STRAIGHTISH = "52167034"


def position() -> State:
    # blue is to lay a tile; red is next. red stands on the tile at r3c4, facing r3c5.
    return build(
        "tsuro-of-the-seas",
        ("blue", "red"),
        board={"r3c4": STRAIGHTISH},
        ships={"blue": "r7c5:4", "red": "r3c5:7"},
        daikaiju=[("1G", "r4c4", "north"), ("5G", "r6c1", "north"), ("5B", "r1c7", "north")],
        hands={"blue": ["72143650"]},
        phase=Phase.PLACE,
        active="blue",
    )


def brute_force(s: State) -> dict[int, Fraction]:
    """Every outcome of every chance point, each with its own probability, no shortcuts."""
    alive = s.alive()
    lost: dict[int, Fraction] = defaultdict(Fraction)

    def walk(t: State, p: Fraction) -> None:
        if t.turn != s.turn or t.phase not in (
            Phase.TURN_ROLL, Phase.DAIKAIJU_DIE, Phase.DAIKAIJU_ROLL, Phase.DAIKAIJU_DRAW, Phase.DAIKAIJU_FACING
        ):
            for seat in alive:
                if t.ships[seat] < 0:
                    lost[seat] += p
            return
        outs = t.chance_outcomes()
        if t.phase is Phase.DAIKAIJU_ROLL:
            # a throw onto a daikaiju is thrown again: condition on the others
            keep = [(a, q) for a, q in outs if t.apply(a).phase is Phase.DAIKAIJU_DRAW]
            total = sum(q for _, q in keep)
            outs = [(a, q / total) for a, q in keep]
        for a, q in outs:
            walk(t.apply(a), p * q)

    walk(s, Fraction(1))
    return {seat: lost[seat] for seat in alive}


def test_danger_by_hand():
    s = position()
    odds = danger(s)
    # red is lost if 1G steps forward onto r3c4 (one face in six), or if a six brings a new
    # daikaiju onto r3c4 or r3c5 (two of the 34 throws that name a free square); all after
    # the 16 in 36 throws that wake the daikaiju.
    assert odds[1] == Fraction(16, 36) * (Fraction(1, 6) + Fraction(1, 6) * Fraction(2, 34))
    assert odds[1] == Fraction(4, 51)
    assert odds[0] == 0


def test_danger_equals_the_brute_force_walk():
    from companion.tsuro.state import advance_turn

    s = position()
    assert danger(s) == brute_force(advance_turn(s))


def test_placement_risk_counts_self_elimination_as_certain_loss():
    s = build("tsuro-of-the-seas", ("red", "blue"), ships={"red": "r1c1:0", "blue": "r7c5:4"},
              daikaiju=[("1G", "r4c4", "north"), ("2G", "r5c5", "north"), ("3G", "r6c2", "north")],
              hands={"red": ["10325476"]})
    assert placement_risk(s, Place(Square(1, 1), Tile.parse("10325476"))) == 1
