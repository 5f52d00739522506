"""The engine's fast path against a plain reference: every placement of random positions is
moved and ranked as a walk of every marker, step by step, would have it; the cheap entry
points agree with the full ones; applying never changes the state it starts from."""

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.tsuro.actions import Draw, Place
from companion.tsuro.game import Game
from companion.tsuro.paths import ORIENTED, TILE_INDEX, End
from companion.tsuro.placement import CATCH_UP, FINE, HEAD_ON, ONE_WAY_BAN, SAME_WAKE, SELF_LOST
from companion.tsuro.state import CHANCE, Phase, State, new_state
from companion.tsuro.tiles import PATTERNS

GAMES = [
    ("tsuro", ()),
    ("tsuro-of-the-seas", ()),
    ("tsuro-of-the-seas", ("reference-collisions",)),
    ("tsuro-of-the-seas", ("no-daikaiju", "board-6x6")),
]


def reference(s: State, tile: int) -> tuple[tuple[int, ...], dict[int, str], int]:
    """Every marker at the square walks the whole path; meeting head on or stopping on a
    held point is judged from the full list of spots each walk passed."""
    g, seat = s.grid, s.active
    sq = s.front_square(seat)
    board = list(s.board)
    board[sq] = tile
    blocked = s.daikaiju_squares()
    movers = [x for x, pos in enumerate(s.ships) if pos >= 0 and pos >> 3 == sq]
    after = list(s.ships)
    lost: dict[int, str] = {}
    walks = {x: g.walk(board, blocked, s.ships[x]) for x in movers}
    for x, w in walks.items():
        if w.end is End.STOP:
            after[x] = w.position
        else:
            lost[x] = w.end.value
    meeting = s.game.meeting
    if meeting & HEAD_ON:
        for a, wa in walks.items():
            for b in walks:
                if a != b and s.ships[b] in wa.exits:
                    lost[a] = lost[b] = "collision"
    held = {pos: x for x, pos in enumerate(s.ships) if pos >= 0 and x not in movers}
    same_wake = False
    for x in movers:
        if x in lost:
            continue
        other = held.get(after[x])
        if other is not None:
            if meeting & CATCH_UP:
                lost[x] = lost[other] = "collision"
            if meeting & ONE_WAY_BAN:
                same_wake = True
        held[after[x]] = x
    for x in lost:
        after[x] = -1
    rank = SAME_WAKE if same_wake else SELF_LOST if seat in lost else FINE
    return tuple(after), lost, rank


def positions(kind: str, options: tuple[str, ...], players: int, seed: int) -> list[State]:
    rng = Random(seed)
    s = new_state(Game.create(kind, [f"p{i}" for i in range(players)], list(options)))
    out = []
    while not s.is_terminal():
        if s.phase is Phase.PLACE:
            out.append(s)
        if s.current_player == CHANCE:
            outs = s.chance_outcomes()
            s = s.apply(rng.choices([a for a, _ in outs], [float(p) for _, p in outs])[0])
        else:
            s = s.apply(rng.choice(s.legal_actions()))
    return out


@settings(max_examples=30, deadline=None)
@given(game=st.sampled_from(GAMES), players=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_every_placement_moves_and_ranks_as_the_plain_walk_says(game, players, seed):
    kind, options = game
    for s in positions(kind, options, players, seed):
        ranks = dict(s._ranks(s.hands[s.active]))
        square = s.grid.square(s.front_square(s.active))
        for place in s.pseudo_legal_placements():
            tile = TILE_INDEX[place.tile]
            after, lost, rank = reference(s, tile)
            move = s.movement(place)
            assert move.ships == after
            assert dict(move.lost) == lost
            assert move.rank == rank == ranks[tile]
        # the legal set without action objects is the same set, in the same order
        assert [Place(square, ORIENTED[t]) for t in s.legal_tiles()] == s.legal_actions()


@settings(max_examples=20, deadline=None)
@given(game=st.sampled_from(GAMES), players=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_apply_tile_is_apply_place_and_leaves_the_state_as_it_was(game, players, seed):
    kind, options = game
    for s in positions(kind, options, players, seed)[:12]:
        before = (s.board, s.ships, s.hands, s.pile, s.daikaiju, s.phase, s.events)
        legal = s.legal_tiles()  # ranks kept on the state, then reused by the placement
        square = s.grid.square(s.front_square(s.active))
        for t in legal:
            assert s.apply_tile(t) == s.apply(Place(square, ORIENTED[t]))
        assert (s.board, s.ships, s.hands, s.pile, s.daikaiju, s.phase, s.events) == before


def test_a_draw_leaves_the_state_it_was_applied_to_unchanged():
    s = new_state(Game.create("tsuro", ["red", "blue"]))
    after = s.apply(Draw(PATTERNS[0]))
    assert s.hands == ((), ()) and s.pile.size == 35
    assert after.hands[0] == (0,) and after.pile.size == 34
