"""Whole random games, 2-8 players, with and without daikaiju: every invariant at every step,
the record replays to the same state, and dropping the last entry undoes it."""

from collections import Counter
from dataclasses import replace
from random import Random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.records import Entry
from companion.tsuro.actions import Draw, Place
from companion.tsuro.game import Game
from companion.tsuro.piles import UNKNOWN
from companion.tsuro.record import Header, replay
from companion.tsuro.state import CHANCE, PATTERN_OF, State, new_state
from companion.tsuro.tiles import PATTERNS

games = st.sampled_from(
    [
        ("tsuro", ()),
        ("tsuro-of-the-seas", ()),
        ("tsuro-of-the-seas", ("no-daikaiju",)),
        ("tsuro-of-the-seas", ("board-6x6",)),
        ("tsuro-of-the-seas", ("reference-collisions", "reference-tuck-daikaiju")),
    ]
)


def check_invariants(s: State) -> None:
    g = s.grid
    dk_squares = [d.square for d in s.daikaiju]
    assert len(set(dk_squares)) == len(dk_squares), "two daikaiju on one square"
    for sq in dk_squares:
        assert s.board[sq] == -1, "a daikaiju shares its square with a tile"
    positions = [p for p in s.ships if p >= 0]
    if s.turn > 0 and not s.game.seas:
        assert len(set(positions)) == len(positions), "two markers on one point"
    for seat, pos in enumerate(s.ships):
        if pos < 0:
            continue
        assert 0 <= pos < g.rows * g.cols * 8
        assert s.board[pos >> 3] == -1, f"seat {seat} faces a square that holds a tile"
        behind = g.behind(pos)
        if behind < 0:
            assert g.point(pos) in s.game.board.start_marks, "a ship on the edge off its start mark"
        else:
            assert s.board[behind] >= 0, f"seat {seat} stands on no tile"
    # the tile set is conserved across board, hands, pile and the bonus pool
    known = [PATTERN_OF[t] for t in s.board if t >= 0]
    slots = [t for h in s.hands for t in h] + list(s.pile.bottom) + list(s.pool)
    known += [t for t in slots if t != UNKNOWN]
    assert Counter(known) + Counter(s.pile.unseen) == Counter(s.game.tile_set)
    assert len(s.pile.unseen) == s.pile.shuffled + slots.count(UNKNOWN)
    for seat, hand in enumerate(s.hands):
        assert len(hand) <= 3 or s.phase.value == "bonus"
        if s.ships[seat] < 0 and s.turn > 0:
            assert hand == ()
    if s.game.deck is not None:
        cards = [d.card for d in s.daikaiju] + list(s.dk_deck) + list(s.dk_bottom) + list(s.dk_out)
        cards += [s.card] if s.card else []
        assert sorted(cards) == sorted(c.id for c in s.game.deck.cards)
    if s.is_terminal():
        assert s.outcome is not None and s.outcome.winners
        assert sum(s.returns()) == 2 * len(s.outcome.winners) - s.seats


def hidden_hand_placements(s: State, rng: Random) -> list[Place]:
    """Placements a player with unseen tiles might make: shown with the whole hand."""
    hand = list(s.hands[s.active])
    unseen = list(s.pile.unseen)
    for i, t in enumerate(hand):
        if t == UNKNOWN:
            hand[i] = unseen.pop(rng.randrange(len(unseen)))
    shown = tuple(PATTERNS[t] for t in hand)
    options = s.pseudo_legal_placements(hand)
    best = min(s.movement(p).rank for p in options)
    return [replace(p, hand=shown) for p in options if s.movement(p).rank == best]


def play(kind: str, options: tuple[str, ...], players: int, seed: int, hidden_draws: float):
    rng = Random(seed)
    game = Game.create(kind, [f"p{i}" for i in range(players)], list(options))
    s = new_state(game)
    states, entries = [s], []
    while not s.is_terminal():
        if s.current_player == CHANCE:
            outs = s.chance_outcomes()
            assert sum(p for _, p in outs) == 1
            action = rng.choices([a for a, _ in outs], [float(p) for _, p in outs])[0]
            if isinstance(action, Draw) and rng.random() < hidden_draws:
                action = Draw(None)
            source = "auto"
        else:
            legal = s.legal_actions() or hidden_hand_placements(s, rng)
            assert legal, f"no legal action in phase {s.phase}"
            action = rng.choice(legal)
            source = "player"
        s = s.apply(action)
        check_invariants(s)
        states.append(s)
        entries.append(Entry(len(entries) + 1, action.notation(), None, source))
        assert len(entries) < 5000
    return game, states, entries


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=games, players=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_random_games_keep_every_invariant_and_replay(game, players, seed):
    kind, options = game
    g, states, entries = play(kind, options, players, seed, hidden_draws=0.0)
    check_replay(g, states, entries, seed)


def check_replay(g, states, entries, seed):
    """The record of a played game gives back its states: whole, cut short at a point the
    seed picks, and with an undo at that point."""
    header = Header.for_game(g, "virtual")
    assert replay(header, entries) == states[-1]
    # dropping the last entry gives back the state before it
    first_choice = next(i for i, e in enumerate(entries) if e.source == "player")
    cut = Random(seed).randrange(first_choice + 1, len(entries) + 1)
    assert replay(header, entries[:cut]) == states[cut]
    # an undo entry takes back the last decision (anything not done automatically: a
    # player's choice, a die the table rolled) together with the steps after it
    last_choice = max(i for i, e in enumerate(entries[:cut]) if e.source != "auto")
    undo = Entry(cut + 1, "undo", None, "player")
    assert replay(header, [*entries[:cut], undo]) == states[last_choice]


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_games_with_unseen_draws_keep_the_tile_count(players, seed):
    _, states, _ = play("tsuro-of-the-seas", (), players, seed, hidden_draws=0.5)
    assert states[-1].is_terminal()
