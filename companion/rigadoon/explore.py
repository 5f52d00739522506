"""Every way a chain can end, which choices matter, and the move explorer.

A choice matters when its options lead to different sets of reachable results (ships,
masts, chests, and who won or lost); options that lead to the same set are offered once.
The move explorer lists, for one ship, every legal sail with every distinct result its
choices can bring, best first by :func:`score` (documented in ``docs/rigadoon.md``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Sail
from .board import ISLAND, Board
from .chain import Chain, advance, choose, fleet_of
from .choices import Memo, TooBig, distinct_options
from .geometry import direction_between

if TYPE_CHECKING:
    from .state import State

EXPLORE_BUDGET = 3000
"""Chain steps spent on one sail's results in the explorer; past it, one result per option."""


def completions(
    board: Board, chain: Chain, budget: int, asked_only: bool = False
) -> dict[tuple[object, ...], tuple[tuple[str, ...], Chain]]:
    """Each distinct result reachable from ``chain``, with the first choices that reach it
    (with ``asked_only``, only through the options the players would be asked).

    Sub-resolutions met twice (independent attacks taken in either order meet again) are
    explored once; their loop memory is left out of that comparison."""
    out: dict[tuple[object, ...], tuple[tuple[str, ...], Chain]] = {}
    done: set[tuple[object, ...]] = set()
    count = 0

    def go(c: Chain, path: tuple[str, ...], memo: Memo) -> None:
        nonlocal count
        count += 1
        if count > budget:
            raise TooBig
        if c.choice is None:
            out.setdefault(c.key(), (path, c))
            return
        mark = c.progress()
        if mark in done:
            return
        done.add(mark)
        options = distinct_options(board, c, memo) if asked_only else c.choice.options
        for o in options:
            # A choice with one option left is made by the companion: not on the path, and
            # weighed with the memo of the choices before it, as the state settles a chain
            # (a question answered starts afresh), so both ask the same questions.
            asked = len(options) > 1
            go(choose(board, c, o), (*path, o) if asked else path, {} if asked else memo)

    go(chain, (), {})
    return out


@dataclass(frozen=True, slots=True)
class Line:
    """One result of one sail: the sail, the choices that lead to it, and what happens."""

    sail: Sail
    choices: tuple[str, ...]
    chain: Chain
    score: int
    own_masts_lost: int
    enemy_masts_lost: int
    ships_blasted: int
    chests_bumped: int
    chests_sunk: int
    claims: int
    rigadoon: bool
    wins: bool
    loses: bool
    lands: str = ""
    """Where the sailing ship comes to rest before any attack moves it."""
    via: str = ""
    """The maelstrom it sails through, if any."""

    def summary(self) -> str:
        bits = []
        if self.wins:
            bits.append("WINS the game")
        if self.loses:
            bits.append("LOSES the game (endless loop)")
        if self.rigadoon:
            bits.append("Rigadoon: the ship regains its masts and may sail again")
        for n, one, many in (
            (self.enemy_masts_lost, "enemy mast lost", "enemy masts lost"),
            (self.own_masts_lost, "own mast lost", "own masts lost"),
            (self.ships_blasted, "ship blasted", "ships blasted"),
            (self.chests_bumped, "chest bumped", "chest bumps"),
            (self.chests_sunk, "chest sunk", "chests sunk"),
            (self.claims, "chest claimed", "chests claimed"),
        ):
            if n:
                bits.append(f"{n} {one if n == 1 else many}")
        if self.via:
            bits.insert(0, f"through the maelstrom at {self.via}, out at {self.lands}")
        return ", ".join(bits) or "no attack"


def score(before: State, chain: Chain, fleet: int) -> tuple[int, dict[str, int]]:
    """Best-first measure: +1000 for a win and -1000 for a loss; +10 for each chest the
    sailing fleet holds more in port, -10 for each the enemy holds more; +3 per enemy mast
    lost and -3 per own mast lost; +2 per chest sunk; +5 for a Rigadoon."""
    b = before.board
    own = range(fleet * 4, fleet * 4 + 4)
    lost_own = lost_enemy = 0
    port_own = port_enemy = 0
    for s in range(8):
        lost = max(0, before.masts[s] - chain.masts[s])
        gained_port = (b.terrain[chain.ships[s]] == ISLAND) - (b.terrain[before.ships[s]] == ISLAND)
        if s in own:
            lost_own += lost
            port_own += gained_port
        else:
            lost_enemy += lost
            port_enemy += gained_port
    kinds = [str(e[0]) for e in chain.events]
    facts = {
        "own": lost_own,
        "enemy": lost_enemy,
        "blasted": kinds.count("blast"),
        "bumped": kinds.count("bump"),
        "sunk": kinds.count("sink"),
        "claims": kinds.count("claim"),
    }
    value = 1000 * (chain.winner == fleet) - 1000 * (
        chain.loser == fleet or (chain.winner >= 0 and chain.winner != fleet)
    )
    value += 10 * port_own - 10 * port_enemy + 3 * lost_enemy - 3 * lost_own
    value += 2 * facts["sunk"] + 5 * chain.rigadoon
    return value, facts


def explore(state: State, ship: int) -> list[Line]:
    """Every legal sail of ``ship`` under the current wind with each distinct result."""
    b = state.board
    fleet = fleet_of(ship)
    lines: list[Line] = []
    for sail in state.sails(ship):
        line = direction_between(b.rc(state.ships[ship]), sail.to)
        assert line is not None
        start = state.sail_chain(ship, *line, sail.stop)
        if isinstance(start, str):
            continue
        first = advance(b, start)
        try:
            results = completions(b, first, EXPLORE_BUDGET, asked_only=True)
        except TooBig:
            results = _first_options(b, first)
        for path, end in results.values():
            value, f = score(state, end, fleet)
            lines.append(
                Line(
                    sail,
                    path,
                    end,
                    value,
                    f["own"],
                    f["enemy"],
                    f["blasted"],
                    f["bumped"],
                    f["sunk"],
                    f["claims"],
                    end.rigadoon,
                    end.winner == fleet,
                    end.loser == fleet or (end.winner >= 0 and end.winner != fleet),
                    b.name(int(start.events[0][3])),
                    b.name(int(start.events[0][6])) if int(start.events[0][6]) >= 0 else "",
                )
            )
    lines.sort(key=lambda ln: (-ln.score, len(ln.choices), ln.sail.notation(), ln.choices))
    return lines


def _first_options(
    board: Board, chain: Chain
) -> dict[tuple[object, ...], tuple[tuple[str, ...], Chain]]:
    """Too many ways to finish: follow the first option at every choice."""
    path: list[str] = []
    while chain.choice is not None:
        o = chain.choice.options[0]
        path.append(o)
        chain = choose(board, chain, o)
    return {chain.key(): (tuple(path), chain)}
