"""Seeded random play through the Rigadoon controller (screenshots, tests, the benchmark).

Every move is one of the engine's legal actions, entered as the screens would enter it;
the wind is drawn virtually. The table is taken as done after each action.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .controller import RigadoonController


def play(c: RigadoonController, rng: random.Random,
         until: Callable[[RigadoonController], bool], limit: int = 2000) -> bool:
    """Random legal actions until ``until`` holds (True) or the game ends (False)."""
    camera, c.camera = c.camera, None  # no photographs on the way
    try:
        for _ in range(limit):
            if c.checking:
                c.table_done(anyway=True)
            if until(c):
                return True
            s = c.state
            if s.is_terminal():
                return False
            if s.is_chance_node():
                c.wind(None)
                continue
            legal = s.legal_actions()
            # prefer sailing: random games that mostly repair and pass go on for ever
            sails = [a for a in legal if a.notation().startswith("sail")]
            pick = rng.choice(sails if sails and rng.random() < 0.8 else legal)
            if not c.enter_text(pick.notation()):
                raise RuntimeError(f"the engine refused its own legal action: {c.message}")
        return until(c)
    finally:
        c.camera = camera
        if camera is not None and c.session is not None:
            camera.carry_out(c.state)
