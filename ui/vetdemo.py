"""Simulated players for Veterans of the Seas and the Phoenix, on top of :mod:`ui.demo`.

They press the buttons the table screen offers (``TableController.choices``), touch a
point where a ship comes out of a portal and pick the tile laid there; every other step
is :func:`ui.demo.step`. ``eager`` names the decisions taken whenever offered (in that
order: ``phoenix``, ``portal``, ``taihou`` ...), so seeded games reach each control.
Used by the screenshots and the tests; the app itself never plays.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from companion.tsuro.tiles import all_oriented

from . import demo

EAGER = ("phoenix", "portal", "taihou")


def step(c: Any, rng: random.Random, eager: Sequence[str] = EAGER) -> str:
    """Take one step; returns what was done (the head of a decision, or demo's word)."""
    if c.checking:
        return demo.step(c, rng)
    awaiting: str = c.session.awaiting()
    names = [ch.notation for ch in c.choices]
    for head in eager:
        hit = [n for n in names if n.split()[0] == head]
        if hit:
            c.choose(hit[0])
            return head
    if awaiting == "land":
        if c.landing is None:
            c.start_at(rng.choice(list(c.snapshot.board.start_marks)))
            if c.landing is None:
                return "land"
        for tile in rng.sample(list(all_oriented()), 40):
            if c.choose_tile(tile):
                return "land"
        return "stuck"
    if awaiting in ("draw", "taihou", "uzushio") and names:
        c.choose(rng.choice(names))
        return awaiting
    return str(demo.step(c, rng))


def play(c: Any, seed: int, until: Callable[[Any], bool] | None = None, limit: int = 1500,
         eager: Sequence[str] = EAGER) -> list[str]:
    """Play until the game is over or ``until(c)``; returns the steps taken."""
    rng = random.Random(seed)
    done: list[str] = []
    for _ in range(limit):
        if c.snapshot.over or (until is not None and until(c)):
            break
        done.append(step(c, rng, eager))
        if done[-1] == "stuck":
            break
    return done
