"""Random legal turns, checking the invariants after every action; records replay them, and
undo gives back the state before (the table told which ships to move back)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rigadoon_helpers import touching

from companion.core.records import Entry
from companion.rigadoon.board import ISLAND, MAELSTROM, SHALLOWS
from companion.rigadoon.instructions import piece
from companion.rigadoon.putting_back import put_back
from companion.rigadoon.record import Header, replay
from companion.rigadoon.state import Game, Phase, State, new_state

GAMES = [
    Game.create(["ann", "bob"]),
    Game.create(["ann", "bob"], ["wind-die"]),
    Game.create(["ann", "bob"], ["quiet-maelstrom"]),
    Game.create(["ann", "bob"], ["attack-in-passing", "chest-stops-blast", "win-by-claims"]),
]


def check(s: State) -> None:
    b = s.board
    assert len(set(s.ships)) == 8, "two ships on one square"
    assert all(0 <= m <= 3 for m in s.masts)
    assert len(set(s.chests)) == len(s.chests)
    afloat = s.chain.afloat if s.chain is not None else 0
    assert len(s.chests) + afloat == 4
    for sq in s.ships:
        assert b.terrain[sq] != MAELSTROM
        assert b.terrain[sq] != ISLAND or sq in s.chests, "a ship on an island without a chest"
    for c in s.chests:
        assert b.terrain[c] != MAELSTROM
        if c in s.ships:
            assert b.terrain[c] in (SHALLOWS, ISLAND), "a chest under a ship in open water"
    if s.phase is Phase.TURN and not s.game.quiet_exits:
        # (Under the quiet-maelstrom reading a ship out of a maelstrom may stay beside one.)
        assert not touching(s), "a chain ended with two ships side by side"
    if s.phase is Phase.OVER:
        assert s.outcome is not None and sorted(s.returns()) == [-1.0, 1.0]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(GAMES))
def test_random_legal_turns_keep_every_invariant_and_replay_exactly(data, game):
    s = new_state(game)
    header = Header(game, "test")
    entries: list[Entry] = []
    states = [s]
    for _ in range(120):
        if s.is_terminal():
            break
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            assert sum(p for _a, p in outcomes) == 1
            action = data.draw(st.sampled_from([a for a, _p in outcomes]))
        else:
            legal = s.legal_actions()
            assert legal, s.prompt()
            action = data.draw(st.sampled_from(legal))
        s = s.apply(action)  # a chain that never ends would never return here
        check(s)
        entries.append(Entry(len(entries) + 1, action.notation(), None))
        states.append(s)
    assert replay(header, entries) == s
    # Undo at the end and at a few points drawn along the way gives back the state before,
    # and the table is told to move back every ship that moved.
    for k in {len(entries), *data.draw(st.lists(st.integers(1, max(1, len(entries))), max_size=3))}:
        if not 1 <= k <= len(entries):
            continue
        undone = [*entries[:k], Entry(k + 1, "undo", None)]
        back = states[k - 1]
        if entries[k - 1].action.startswith("wind") and k > 1:
            back = states[k - 2]  # a wind outcome goes back with its change
        assert replay(header, undone) == back
        said = " / ".join(put_back(back.board, states[k], back))
        for i in range(8):
            if states[k].ships[i] != back.ships[i]:
                assert f"{piece(i)} back" in said or f"put {piece(i)} back on" in said
