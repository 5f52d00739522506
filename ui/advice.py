"""The advisor on the table screen: each placement of the active player, safest first.

Off by default (``display.show_advice``, or the Advice button on the table screen): it is
a learning aid, for solo practice or a player who wants a second opinion, and at a table
of rivals it would play part of the game for them. The list shows the tiles of the
active hand, so everyone at the screen sees them.

What it shows is what :func:`companion.tsuro.advisor.advise` returns, nothing more: the
rules stay there. No Kivy here either: the advice is worked out on a thread of its own
(it takes up to a second on a Raspberry Pi) and handed back through ``post``, which the
table screen sets to the app's :class:`~ui.clockbridge.ClockBridge` (Kivy's clock), so
the screen never waits for it. Advice for a position the game has left is dropped.

The advisor sees what the player sees: the board, the public facts and their own hand.
With hidden tiles the companion does not know that hand; the player shows it to the
advisor (used for this advice only, never written to the record).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from companion.tsuro.tiles import Tile

SEED = 0
"""The sampling's seed: one position, one answer, whenever it is asked."""
ABOUT = "Advisor: a learning aid, off by default."

Post = Callable[[Callable[[], None]], None]
Spawn = Callable[[Callable[[], None]], Any]


@dataclass(frozen=True, slots=True)
class AdviceRow:
    """One placement: where, which tile as it lies, the chance and its error bar."""

    square: str
    tile: str
    percent: float
    error: float
    """Half-width of the 95% interval, in percentage points; 0.0 when exact."""

    def text(self) -> str:
        """``r2c3 52167034  97.2% ±1.1`` (``exact`` in place of the bar when it is).

        >>> AdviceRow("r2c3", "52167034", 97.24, 1.06).text()
        'r2c3 52167034  97.2% ±1.1'
        >>> AdviceRow("r2c3", "10325476", 0.0, 0.0).text()
        'r2c3 10325476  0.0% exact'
        """
        bar = f"±{self.error:.1f}" if self.error else "exact"
        return f"{self.square} {self.tile}  {self.percent:.1f}% {bar}"


@dataclass(frozen=True, slots=True)
class AdviceView:
    """What the advice area shows now."""

    on: bool = False
    player: str = ""
    rows: tuple[AdviceRow, ...] = ()
    working: bool = False
    """Worked out now, for the position on the table."""
    needs_hand: int = 0
    """How many tiles the player must show the advisor (0: it has what it needs)."""
    note: str = ""
    """Why there is no list (no tile to lay now, a hand that cannot be right ...)."""

    def lines(self) -> list[str]:
        """The advice area's text, a line each.

        >>> v = AdviceView(True, "red", (AdviceRow("r1c2", "76543210", 100.0, 0.0),))
        >>> v.lines()[1:]
        ['1. r1c2 76543210  100.0% exact']
        >>> AdviceView().lines()
        []
        """
        if not self.on:
            return []
        first, *rest = self._lines()
        return [f"{ABOUT} {first}", *rest]

    def _lines(self) -> list[str]:
        if self.working:
            return [f"Weighing {self.player}'s placements ..."]
        if self.needs_hand:
            why = f" ({self.note})" if self.note else ": the companion has not seen them."
            return [f"Show {self.player}'s {self.needs_hand} tiles to the advisor "
                    f"(Show hand){why}"]
        if self.note:
            return [self.note[0].upper() + self.note[1:]]
        head = f"Chance {self.player} is afloat at its next turn:"
        return [head] + [f"{n}. {r.text()}" for n, r in enumerate(self.rows, 1)]


def rows(advice: Sequence[Any]) -> tuple[AdviceRow, ...]:
    """The advisor's :class:`~companion.tsuro.advisor.Advice` list, as the screen lists it."""
    return tuple(
        AdviceRow(str(a.place.square), a.place.tile.notation(), float(a.survival) * 100,
                  a.error * 100)
        for a in advice
    )


def compute(state: Any, hand: Sequence[Tile] | None) -> tuple[AdviceRow, ...]:
    """The advice for ``state`` (a ValueError says why there is none)."""
    from companion.tsuro.advisor import advise

    return rows(advise(state, random.Random(SEED), hand=hand))


def _thread(fn: Callable[[], None]) -> threading.Thread:
    t = threading.Thread(target=fn, name="advisor", daemon=True)
    t.start()
    return t


class AdviceDesk:
    """Keeps the advice in step with the game: asked again after every action, worked
    out on a thread, the answer brought back with ``post``; ``changed`` is called (on the
    UI thread) when it arrives. The other changes of :attr:`view` come from the caller's
    own calls, who shows them."""

    def __init__(
        self,
        changed: Callable[[], None] = lambda: None,
        post: Post = lambda fn: fn(),
        spawn: Spawn = _thread,
        work: Callable[[Any, Sequence[Tile] | None], tuple[AdviceRow, ...]] = compute,
    ) -> None:
        self.changed = changed
        self.post = post
        self._spawn = spawn
        self._work = work
        self.on = False
        self.view = AdviceView()
        self._state: Any = None
        """The position the advice is for (states are immutable: compared by identity)."""
        self._hand: tuple[Tile, ...] | None = None
        self._lock = threading.RLock()
        self._want: tuple[Any, tuple[Tile, ...] | None] | None = None
        self._worker: Any = None

    def set_on(self, on: bool, session: Any) -> None:
        self.on = on
        self._state = None  # worked out afresh for the position on the table
        self.refresh(session)

    def refresh(self, session: Any) -> None:
        """After every action: the advice for the position now, or why there is none."""
        if not self.on:
            self._show(AdviceView())
            return
        state = getattr(session, "state", None)
        if state is None or not hasattr(state, "legal_tiles"):
            self._show(AdviceView(True, note="it advises on Tsuro and Tsuro of the Seas."))
            return
        if state is self._state:
            return
        self._state, self._hand = state, None
        player = state.game.players[state.active]
        if session.awaiting() != "place":
            self._show(AdviceView(True, player, note="it speaks when a tile is to be laid."))
            return
        unseen = sum(t < 0 for t in state.hands[state.active])
        if unseen:
            self._show(AdviceView(True, player, needs_hand=len(state.hands[state.active])))
            return
        self._ask(state, None, player)

    def show_hand(self, tiles: Sequence[Tile]) -> None:
        """The active player's whole hand, shown to the advisor for this advice only."""
        state = self._state
        if not self.on or state is None:
            return
        self._hand = tuple(tiles)
        self._ask(state, self._hand, state.game.players[state.active])

    def wait(self) -> None:
        """Until the advice asked for is worked out (tests; the app never waits)."""
        worker = self._worker
        if worker is not None and hasattr(worker, "join"):
            worker.join()

    # ---- the thread ------------------------------------------------------------------

    def _ask(self, state: Any, hand: tuple[Tile, ...] | None, player: str) -> None:
        self._show(AdviceView(True, player, working=True))
        with self._lock:  # re-entrant: a ``spawn`` that runs the work at once comes back
            self._want = (state, hand)
            if self._worker is not None:
                return  # the thread takes the newest request when it is done
            self._worker = True  # taken before the thread exists: no second one starts
            started = self._spawn(self._run)
            if self._worker is True:  # still at work (it takes the lock to finish)
                self._worker = started

    def _run(self) -> None:
        while True:
            with self._lock:
                job, self._want = self._want, None
                if job is None:
                    self._worker = None
                    return
            state, hand = job
            try:
                found, note = self._work(state, hand), ""
            except ValueError as exc:  # the advisor's refusals say what was wrong
                found, note = (), str(exc)
            self.post(partial(self._deliver, state, hand, found, note))

    def _deliver(self, state: Any, hand: tuple[Tile, ...] | None, found: tuple[AdviceRow, ...],
                 note: str) -> None:
        if not self.on or state is not self._state or hand != self._hand:
            return  # the game (or the hand shown) has moved on since
        player = state.game.players[state.active]
        if note and hand is not None:
            self._show(AdviceView(True, player, needs_hand=len(hand), note=note))
        else:
            self._show(AdviceView(True, player, found, note=note))
        self.changed()

    def _show(self, view: AdviceView) -> None:
        self.view = view
