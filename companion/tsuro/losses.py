"""Ships lost and the game's end: the hands they free, and who has won.

Below the steps of the turn and the Veterans plug-in, which both take ships off the
board through :func:`lose`.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.events import Event
from companion.tsuro.state_parts import Outcome, Phase
from companion.tsuro.state_value import State, replace, rules_of


def lose(s: State, lost: Sequence[tuple[int, str]], pool_hands: bool = False) -> State:
    """Take ships out; their hands go to the pile (or wait in ``pool`` for the bonus)."""
    ships = list(s.ships)
    hands = list(s.hands)
    pile = s.pile
    pool: list[int] = list(s.pool)
    dragon = s.dragon
    events = list(s.events)
    losses = list(s.losses)
    freed: list[int] = []
    # where a lost player's tiles go: the bonus pool, under the pile (Seas), shuffled in
    goes = "pool" if pool_hands else ("bottom" if s.game.seas else "shuffle")
    for seat, why in lost:
        if ships[seat] < 0:
            continue
        ships[seat] = -1
        events.append(Event("ship-lost", seat=seat, detail=why))
        if hands[seat]:
            events.append(Event("hand-freed", seat=seat, to=len(hands[seat]), detail=goes))
        freed.extend(hands[seat])
        hands[seat] = ()
        if dragon == seat:
            dragon = -1
            events.append(Event("dragon-aside", seat=seat))
        losses.append((seat, s.turn, why))
    if pool_hands:
        pool.extend(freed)
    elif s.game.seas:
        pile = pile.to_bottom_unordered(freed)
    else:
        pile = pile.shuffle_in(freed)
    s = replace(
        s,
        ships=tuple(ships),
        hands=tuple(hands),
        pile=pile,
        pool=tuple(pool),
        dragon=dragon,
        events=tuple(events),
        losses=tuple(losses),
    )
    if s.vet is not None:
        s = rules_of(s).drop_lost(s)
    return check_over(s, [seat for seat, _ in lost])


def check_over(s: State, just_lost: Sequence[int]) -> State:
    if s.phase is Phase.OVER:
        return s
    alive = s.alive()
    if len(alive) == 1:
        return _over(s, alive, "last ship left")
    if not alive:
        return _over(s, tuple(sorted(set(just_lost))), "all remaining ships lost at once")
    if s.board.count(-1) == len(s.daikaiju):  # every empty square holds a daikaiju
        return _over(s, alive, "the board is full")
    if s.pile.size == 0 and not any(s.hands[seat] for seat in alive) and s.phase is not Phase.DEAL:
        return _over(s, alive, "every tile has been played")
    return s


def _over(s: State, winners: Sequence[int], reason: str) -> State:
    out = Outcome(tuple(winners), reason)
    return replace(
        s, phase=Phase.OVER, outcome=out, events=(*s.events, Event("game-over", detail=reason))
    )

