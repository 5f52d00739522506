"""Positions for the Rigadoon tests, set up by hand on the default board."""

from __future__ import annotations

from companion.rigadoon.actions import parse_action
from companion.rigadoon.board import ISLAND
from companion.rigadoon.chain import parse_ship
from companion.rigadoon.geometry import ORTHOGONAL
from companion.rigadoon.state import Game, Phase, State, arrange

# Out-of-the-way squares for ships a test does not mention, far from each other.
PARK = ("r1c9", "r9c9", "r1c4", "r1c1", "r9c1", "r7c1", "r2c5", "r9c6", "r4c9", "r6c9")
FAR_CHESTS = ["r1c2", "r9c8"]
GAME = Game.create(["ann", "bob"])


def at(
    ships: dict[str, tuple[str, int]],
    chests: list[str],
    wind: str,
    on_turn: str = "blue",
    game: Game = GAME,
    park: tuple[str, ...] = PARK,
) -> State:
    """A position with the ships given; the others wait on parking squares."""
    placed = dict(ships)
    taken = {sq for sq, _m in ships.values()}
    spare = [p for p in park if p not in taken]
    for name in ("b1", "b2", "b3", "b4", "g1", "g2", "g3", "g4"):
        if name not in placed:
            placed[name] = (spare.pop(0), 3)
    s = arrange(game, placed, chests, wind, on_turn)
    assert not touching(s), "a test position must start with no two ships side by side"
    return s


def touching(s: State) -> list[tuple[int, int]]:
    b = s.board
    return [
        (i, j)
        for i in range(8)
        for j in range(8)
        if i < j and any(b.step(s.ships[i], d) == s.ships[j] for d in ORTHOGONAL)
    ]


def play(s: State, *moves: str) -> State:
    for m in moves:
        s = s.apply(parse_action(m))
    return s


def where(s: State, ship: str) -> tuple[str, int]:
    i = parse_ship(ship)
    return s.board.name(s.ships[i]), s.masts[i]


def chests(s: State) -> set[str]:
    return {s.board.name(c) for c in s.chests}


def in_port(s: State, ship: str) -> bool:
    return s.board.terrain[s.ships[parse_ship(ship)]] == ISLAND


def choice(s: State) -> tuple[str, tuple[str, ...]] | None:
    if s.phase is not Phase.CHOICE:
        return None
    assert s.chain is not None and s.chain.choice is not None
    return s.chain.choice.kind, s.chain.choice.options


def settle(s: State) -> list[State]:
    """Every state the pending choices can lead to (all their options, depth first)."""
    c = choice(s)
    if c is None:
        return [s]
    out: list[State] = []
    for option in c[1]:
        out += settle(play(s, f"choose {option}"))
    return out
