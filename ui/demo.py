"""Simulated players: they take the table's next step through the controller.

Used by the screenshot command, the benchmark and the tests to reach real game states.
A player here does what people at the table do (put a ship on a start mark, roll, lay a
tile and press Confirm, carry out instructions); which tile to lay is chosen by asking the
Session, as a careful player would, and never by the app itself.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from companion.tsuro.tiles import Tile, all_oriented


class SeededSessions:
    """Session.new / Session.resume with seeded virtual dice, for repeatable games."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def new(self, store: Any, **kwargs: Any) -> Any:
        from companion.core.dice import DiceService
        from companion.tsuro.session import Session

        return Session.new(store, dice=DiceService(seed=self.seed), **kwargs)

    def resume(self, store: Any, game_id: int) -> Any:
        from companion.core.dice import DiceService
        from companion.tsuro.session import Session

        return Session.resume(store, game_id, dice=DiceService(seed=self.seed + 1))


def candidate_tiles(c: Any, rng: random.Random) -> list[Tile]:
    """Tiles a careful player would try, safest first."""
    sq = c.snapshot.board.target
    known = {h for h in c.session.hand() if h}
    tiles = [t for t in all_oriented() if not known or t.pattern().notation() in known]
    rng.shuffle(tiles)
    ranked = []
    for t in tiles:
        v = c.session.check(sq, t)
        ranked.append((0 if v.legal and not v.self_eliminating else 1 if v.legal else 2, t))
    ranked.sort(key=lambda p: p[0])
    return [t for _, t in ranked]


def step(c: Any, rng: random.Random, press: Any = None) -> str:
    """Take one step of the game; returns what was done. ``press(role)`` presses a button
    (the mock pins) instead of calling the controller directly."""
    act = press or (lambda role: getattr(c, role)())
    if c.checking:
        c.instructions_done()
        if c.checking:
            c.instructions_done(trust=True)
        return "instructions"
    awaiting: str = c.session.awaiting()
    if awaiting in ("start", "relocate"):
        marks = list(c.snapshot.board.start_marks)
        c.start_at(rng.choice(marks))
        return awaiting
    if awaiting in ("roll", "die"):
        act("roll")
        return awaiting
    if awaiting == "bonus":
        c.bonus(0)
        return awaiting
    if awaiting == "place":
        before = len(c.session.entries)
        from companion.tsuro.tiles import PATTERNS

        for tile in candidate_tiles(c, rng)[:40]:
            c.choose_tile(tile)
            act("confirm")
            if c.pending is not None:
                # the player shows the rest of the hand (the rules check it is possible)
                seat = c.snapshot.active if c.snapshot.active is not None else 0
                rest = max(0, c.snapshot.hands[seat] - 1)
                c.show_hand(rng.sample(PATTERNS, rest))
            if len(c.session.entries) > before:
                return "place"
        return "stuck"
    return awaiting


def play(c: Any, seed: int = 1, until: Any = None, limit: int = 2000, press: Any = None) -> int:
    """Play until the game is over (or ``until(c)`` is true); returns the steps taken."""
    rng = random.Random(seed)
    for n in range(limit):
        if c.snapshot.over or (until is not None and until(c)):
            return n
        if step(c, rng, press) == "stuck":
            return n
    return limit


def temp_store(directory: Path) -> Any:
    from companion.core.store import RecordStore

    directory.mkdir(parents=True, exist_ok=True)
    return RecordStore.open(directory / "records.sqlite3")
