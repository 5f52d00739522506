"""The move explorer: every legal sail with each result its choices can bring, best first."""

from __future__ import annotations

from rigadoon_helpers import FAR_CHESTS, at, play

from companion.rigadoon.actions import Sail
from companion.rigadoon.chain import parse_ship
from companion.rigadoon.examples import thousand_words
from companion.rigadoon.explore import explore


def test_every_legal_sail_is_listed_and_the_rulebooks_best_comes_first():
    s = thousand_words()
    lines = explore(s, parse_ship("b1"))
    assert {ln.sail for ln in lines} == set(s.sails(parse_ship("b1")))
    assert [ln.score for ln in lines] == sorted((ln.score for ln in lines), reverse=True)
    best = lines[0]
    assert best.sail == Sail(0, (6, 6)) and best.choices[0] == "sink"
    assert (best.enemy_masts_lost, best.own_masts_lost, best.chests_sunk) == (2, 1, 1)
    # Only the choices the players would be asked appear (the attack order does not).
    assert all(not c.startswith(("b1 ", "g1 ")) for ln in lines for c in ln.choices)
    bumped = [ln for ln in lines if ln.sail == best.sail and ln.choices == ("bump",)]
    assert bumped and bumped[0].score < best.score
    # What the explorer foresees is what the engine then does.
    after = play(s, best.sail.notation(), *(f"choose {c}" for c in best.choices))
    assert after.ships == best.chain.ships and after.masts == best.chain.masts


def test_a_winning_sail_is_first_and_an_endless_loop_is_flagged():
    s = at(
        {"b1": ("r3c7", 2), "b2": ("r2c2", 3), "g1": ("r8c4", 3), "g2": ("r8c7", 3)},
        ["r2c2", "r2c8", *FAR_CHESTS],
        "n",
    )
    lines = explore(s, parse_ship("b1"))
    assert lines[0].wins and lines[0].sail == Sail(0, (2, 8))
    assert "WINS" in lines[0].summary()
    s = at(
        {"b1": ("r6c5", 3), "g1": ("r8c4", 3), "g2": ("r8c7", 3)},
        ["r4c4", "r4c6", "r6c4", "r6c6"],
        "s",
        park=("r1c9", "r1c1", "r1c5", "r3c5", "r4c9", "r4c1"),
    )
    lines = explore(s, parse_ship("b1"))
    loop = [ln for ln in lines if ln.sail == Sail(0, (8, 5))]
    assert loop and loop[0].loses and loop[0] is lines[-1]


def test_each_line_the_explorer_lists_is_what_the_engine_does_with_its_choices():
    # Crowded positions (seeded): the explorer and the engine must ask the same questions,
    # so that a line's sail and choices, played, give exactly the line's result.
    import random

    from rigadoon_helpers import GAME

    from companion.rigadoon.board import ISLAND, MAELSTROM
    from companion.rigadoon.geometry import ORTHOGONAL
    from companion.rigadoon.state import arrange

    rng = random.Random(12)
    b = GAME.board
    inner = [
        sq
        for sq in range(b.size)
        if b.terrain[sq] not in (ISLAND, MAELSTROM) and all(2 <= x <= 8 for x in b.rc(sq))
    ]
    checked = asked = 0
    while checked < 15:
        squares = rng.sample(inner, 12)
        ships, chest_squares = squares[:8], squares[8:]
        if any(b.step(x, d) == y for x in ships for y in ships for d in ORTHOGONAL):
            continue
        names = [f"{f}{i}" for f in "bg" for i in range(1, 5)]
        placed = {n: (b.name(sq), rng.randint(1, 3)) for n, sq in zip(names, ships, strict=True)}
        s = arrange(GAME, placed, [b.name(c) for c in chest_squares], rng.choice(["n", "e", "se", "sw"]))
        ship = rng.randrange(4)
        for ln in explore(s, ship):
            after = play(s, ln.sail.notation(), *(f"choose {c}" for c in ln.choices))
            assert (after.ships, after.masts, after.chests) == (
                ln.chain.ships,
                ln.chain.masts,
                ln.chain.chests,
            ), ln
            asked += bool(ln.choices)
        checked += 1
    assert asked  # some of these lines did need choices
