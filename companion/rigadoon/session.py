"""One Rigadoon game being played: its record in the store and the state it replays to.

Every action is checked against the rules before its entry is written, so a refused
action stores nothing and leaves the game as it was. The session is the only place that
may draw a random wind (a virtual card or die), through the ``rng`` it is given.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from companion.core.records import Entry, now

from .actions import Change, NewWind, parse_action
from .geometry import Direction, RigadoonError
from .instructions import table_lines
from .putting_back import put_back
from .record import Header, RigadoonStore, replay
from .state import Game, Phase, State


@dataclass
class Session:
    store: RigadoonStore
    game_id: int
    header: Header
    entries: list[Entry]
    state: State
    rng: random.Random = field(default_factory=random.Random)
    said: list[str] = field(default_factory=list)
    """The instructions for the table after the last action, in order."""

    @classmethod
    def new(
        cls,
        store: RigadoonStore,
        players: Sequence[str],
        options: Sequence[str] = (),
        rng: random.Random | None = None,
    ) -> Session:
        header = Header(Game.create(list(players), list(options)))
        game_id = store.create_game(header)
        return cls(store, game_id, header, [], replay(header, []), rng or random.Random())

    @classmethod
    def resume(
        cls, store: RigadoonStore, game_id: int, rng: random.Random | None = None
    ) -> Session:
        header, entries = store.load_game(game_id)
        return cls(store, game_id, header, entries, replay(header, entries), rng or random.Random())

    @property
    def game(self) -> Game:
        return self.header.game

    def enter(self, text: str, source: str = "player") -> list[str]:
        """Apply one action in record notation; refused actions raise and store nothing."""
        action = parse_action(text)
        after = self.state.apply(action)
        self._append(action.notation(), source, after)
        self.said = table_lines(self.game.board, after.events) if after.events else []
        return self.said

    def _append(self, notation: str, source: str, after: State) -> None:
        entry = Entry(len(self.entries) + 1, notation, self.state.active, source, now())
        self.store.append(self.game_id, entry, finished=after.is_terminal())
        self.entries.append(entry)
        self.state = after

    def change_wind(self, shown: Direction | None = None) -> list[str]:
        """Change the wind: the real card or die face ``shown``, or a virtual draw."""
        s = self.state
        if s.phase is Phase.TURN:
            s.apply(Change())  # refuses a second change before anything is stored
            if shown is not None:
                s.apply(Change()).apply(NewWind(shown))  # the same for an impossible card
            self.enter("change")
        elif s.phase is not Phase.WIND:
            raise RigadoonError(f"not now: {s.prompt()}")
        if shown is None:
            outcomes = self.state.chance_outcomes()
            pick = self.rng.choices([a for a, _p in outcomes], [float(p) for _a, p in outcomes])[0]
            return self.enter(pick.notation(), "virtual")
        return self.enter(NewWind(shown).notation(), "physical")

    def undo(self) -> list[str]:
        if not any(not e.is_undo for e in self.entries):
            raise RigadoonError("nothing to undo")
        entry = Entry(len(self.entries) + 1, "undo", self.state.active, "player", now())
        before = self.state
        after = replay(self.header, [*self.entries, entry])
        self._append("undo", "player", after)
        self.said = put_back(self.game.board, before, after)
        return ["took back the last action", *self.said]

    def history(self) -> list[str]:
        return [f"{e.seq:>4}  {e.action:<24} {e.source:<8} {e.at}" for e in self.entries]
