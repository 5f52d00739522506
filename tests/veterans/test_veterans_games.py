"""Whole random games of Tsuro of the Seas with Veterans of the Seas and the Phoenix: every
invariant at every step, every record replays to the same state, and every undo works."""

from collections import Counter
from random import Random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_random_games import check_replay, hidden_hand_placements

from companion.core.records import Entry
from companion.tsuro.actions import Die, Draw, DrawDaikaiju, Facing, Roll
from companion.tsuro.game import Game
from companion.tsuro.piles import UNKNOWN
from companion.tsuro.record import Header, replay
from companion.tsuro.state import CHANCE, PATTERN_OF, Phase, State, new_state
from companion.tsuro.tiles import PATTERNS
from companion.tsuro.veterans import pieces
from companion.tsuro.veterans.actions import DrawPiece, Land, Phoenix
from companion.tsuro.veterans.engine import TSUNAMI_CARD, extra_cards
from companion.tsuro.veterans.portal import free_starts

OPTION_SETS = st.sampled_from(
    [
        ("veterans", "phoenix"),
        ("veterans",),
        ("phoenix",),
        ("veterans", "phoenix", "reference-bonus", "reference-tuck-daikaiju"),
        ("veterans", "phoenix", "reference-collisions", "board-6x6"),
    ]
)
AUTO = (Draw, DrawDaikaiju, Facing, DrawPiece)


def check_invariants(s: State, removed_taihou: int) -> None:
    g = s.grid
    data = s.game.veterans
    assert data is not None and s.vet is not None
    dk_squares = [d.square for d in s.daikaiju]
    assert len(set(dk_squares)) == len(dk_squares), "two daikaiju on one square"
    for sq in dk_squares:
        assert s.board[sq] == -1, "a daikaiju shares its square with a tile"
    # ships of a placement waiting on a taihou, and those lost with them, keep their places
    waiting = {seat for seat, _ in (*s.vet.saving, *s.vet.pending)}
    for seat, pos in enumerate(s.ships):
        if pos < 0 or seat in waiting:
            continue
        assert s.board[pos >> 3] == -1, f"seat {seat} faces a square that holds a tile"
        behind = g.behind(pos)
        if behind < 0:
            assert g.point(pos) in s.game.board.start_marks
        else:
            assert s.board[behind] >= 0, f"seat {seat} stands on no tile"
    # wake tiles are conserved across board, hands, pile and the bonus pool
    known = [PATTERN_OF[t] for t in s.board if t >= 0]
    slots = [t for h in s.hands for t in h] + list(s.pile.bottom) + list(s.pool)
    known += [t for t in slots if t != UNKNOWN]
    assert Counter(known) + Counter(s.pile.unseen) == Counter(s.game.tile_set)
    assert len(s.pile.unseen) == s.pile.shuffled + slots.count(UNKNOWN)
    # the special tiles: in the pile, in hands, or spent (never more than there are)
    held = s.vet.held
    totals = [sum(h[k] for h in held) + s.vet.pile[k] for k in range(3)]
    expansion = s.game.expansion
    assert totals[0] + removed_taihou <= (data.taihou.count if expansion else 0)
    assert totals[1] <= (data.portal.count if expansion else 0)
    assert totals[2] <= (data.phoenix.count if "phoenix" in s.game.options else 0)
    for seat in range(s.seats):
        assert held[seat][0] <= data.taihou.keep_limit or s.phase is Phase.TAIHOU_KEEP
        if s.phase not in (Phase.BONUS, Phase.TAIHOU_KEEP):
            assert pieces.hand_count(s, seat) <= 3
        if s.ships[seat] < 0 and s.turn > 0:
            assert s.hands[seat] == ()
    # the daikaiju deck, with the expansion's cards in it
    if s.game.deck is not None:
        cards = [d.card for d in s.daikaiju] + list(s.dk_deck) + list(s.dk_bottom)
        # a daikaiju brought in anew is the card in hand while it is placed
        cards += list(s.dk_out) + list(s.vet.anew)
        cards += [s.card] if s.card and s.card not in s.vet.anew else []
        if s.vet.tsunami is not None or s.vet.tsunami_gone:
            cards.append(TSUNAMI_CARD)
        want = [c.id for c in s.game.deck.cards]
        if expansion:
            want += extra_cards(data)
        assert sorted(cards) == sorted(want)
    if s.vet.tsunami_gone:
        assert s.vet.tsunami is None, "the tsunami came back"
    if s.is_terminal():
        assert s.outcome is not None and s.outcome.winners


def unseen_choices(s: State, rng: Random) -> list:
    """Choices a player with tiles the companion has not seen might make, shown as made."""
    if s.phase is Phase.PLACE and s.hands[s.active]:
        return hidden_hand_placements(s, rng)
    if s.phase is Phase.PORTAL_LAND and s.vet is not None and s.vet.portal is not None:
        step = s.vet.portal
        seat = step.queue[0]
        others = [p for i, p in enumerate(s.ships) if p >= 0 and i != seat]
        starts = free_starts(step.target, step.used, others)
        if s.board[step.target] >= 0 or UNKNOWN not in s.hands[seat] or not starts:
            return []
        tile = PATTERNS[rng.choice(s.pile.unseen)]
        return [Land(s.grid.point(rng.choice(starts)), rng.choice(tile.rotations()))]
    return []


def play(
    options: tuple[str, ...], players: int, seed: int, hidden: float = 0.0
) -> tuple[Game, list[State], list[Entry]]:
    rng = Random(seed)
    game = Game.create("tsuro-of-the-seas", [f"p{i}" for i in range(players)], list(options))
    s = new_state(game)
    states, entries = [s], []
    removed = 0
    while not s.is_terminal():
        rerolls = pieces.phoenix_choices(s)
        if rerolls and rng.random() < 0.3:
            action = rng.choice(rerolls)
            source = "player"
        elif s.current_player == CHANCE:
            outs = s.chance_outcomes()
            assert sum(p for _, p in outs) == 1
            action = rng.choices([a for a, _ in outs], [float(p) for _, p in outs])[0]
            if isinstance(action, Draw) and rng.random() < hidden:
                action = Draw(None)
            source = "virtual" if isinstance(action, (Roll, Die)) else "auto"
        else:
            legal = s.legal_actions()
            if rng.random() < 0.5 or not legal:
                legal = legal + unseen_choices(s, rng)
            assert legal, f"no legal action in phase {s.phase}"
            action = rng.choice(legal)
            source = "player"
        before = s
        s = s.apply(action)
        if any(e.kind == "taihou-removed" for e in s.events):
            removed += 1
        if isinstance(action, Phoenix):
            assert s.events[0].kind == "phoenix"
            assert before.vet is not None and before.vet.before_roll is not None
        check_invariants(s, removed)
        states.append(s)
        entries.append(Entry(len(entries) + 1, action.notation(), None, source))
        assert len(entries) < 6000
    return game, states, entries


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTION_SETS, players=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_random_veterans_games_keep_every_invariant_and_replay(options, players, seed):
    g, states, entries = play(options, players, seed)
    check_replay(g, states, entries, seed)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTION_SETS, players=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_games_with_unseen_draws_keep_the_tiles_and_replay(options, players, seed):
    g, states, entries = play(options, players, seed, hidden=0.5)
    assert states[-1].is_terminal()
    assert replay(Header.for_game(g, "hidden"), entries) == states[-1]
