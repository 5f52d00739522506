"""The daikaiju phases worked out exactly for the advised ship: another player's phase,
the one that opens the advised player's own turn, and a new daikaiju's throw.

What a set of daikaiju can do (the squares each die face brings one onto, the squares the
throws name) is kept between the rounds that ask for it again."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from companion.tsuro.actions import Roll
from companion.tsuro.advisor_plain import _DIE, _ROLLS
from companion.tsuro.daikaiju import MOVES
from companion.tsuro.state import Daikaiju, Phase, State

_WAKE = 16 / 36  # gold + blue shows 6, 7 or 8
_WAKE_ROLL = Roll(3, 3)  # only whether the total wakes the daikaiju counts


def _risky_faces(s: State, targets: set[int]) -> list[bool]:
    """For die faces 1-5: whether a daikaiju may arrive on one of ``targets``.

    Each daikaiju moves once in a phase, one square at most, from where it stood (one
    destroyed before its move does not move at all), so a face is safe when no daikaiju's
    move on it leads from its square onto a target. Only a screen: what a risky face does
    is the engine's to say.
    """
    return [not arrive.isdisjoint(targets) for arrive in _facts(s).arrive]


class _Facts:
    """What a set of daikaiju allows, asked at every daikaiju phase of every round: the
    squares they move onto on each die face 1-5, and how many of the throws naming a free
    square name each."""

    __slots__ = ("arrive", "counts", "free", "reach")

    def __init__(self, s: State) -> None:
        self.arrive = [set[int]() for _ in range(5)]
        for dk in s.daikaiju:
            for f, sq in enumerate(_arrivals(s, dk)):
                self.arrive[f].add(sq)
        self.reach = set[int]().union(*self.arrive)
        """Every square a daikaiju moves onto on some face."""
        taken = s.daikaiju_squares()
        free = [sq for sq in _named(s) if sq not in taken]
        self.free = len(free)
        self.counts = Counter(free)


_FACTS: dict[tuple[int, int], tuple[object, object, _Facts]] = {}


def _facts(s: State) -> _Facts:
    """:class:`_Facts` for the state's daikaiju, kept while their tuple lives on (states
    share it until a daikaiju moves)."""
    global _LAST
    dks, game = s.daikaiju, s.game
    last = _LAST  # one tuple, swapped whole: another thread sees the old one or the new
    if last is not None and last[0] is dks and last[1] is game:  # asked again within a step
        return last[2]
    key = (id(dks), id(game))
    found = _FACTS.get(key)
    if found is None or found[0] is not dks or found[1] is not game:
        if len(_FACTS) > 4096:
            _FACTS.clear()
        found = _FACTS[key] = (dks, game, _Facts(s))  # the objects kept: their ids stay theirs
    _LAST = found
    return found[2]


_LAST: tuple[object, object, _Facts] | None = None
"""The facts asked for last."""


_ARRIVALS: dict[tuple[tuple[str, ...], int, int, int, int], tuple[int, ...]] = {}


def _arrivals(s: State, dk: Daikaiju) -> tuple[int, ...]:
    """The square a daikaiju moves onto on each die face 1-5 (-1 when it turns or leaves)."""
    g, deck = s.grid, s.game.deck
    assert deck is not None  # a game with daikaiju has their deck
    faces = deck.card(dk.card).faces
    key = (faces, dk.square, dk.facing, g.rows, g.cols)
    found = _ARRIVALS.get(key)
    if found is None:
        found = tuple(
            -1 if act == "rotate" else g.neighbour(dk.square, (dk.facing + MOVES[act]) % 4)
            for act in faces[:5]
        )
        _ARRIVALS[key] = found
    return found


_NAMED: dict[tuple[int, tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}


def _named(s: State) -> tuple[int, ...]:
    """The square each of the 36 throws of the dice names, for this game's board."""
    board = s.game.board
    key = (board.cols, board.gold_columns, board.blue_rows)  # all a throw's square rests on
    found = _NAMED.get(key)
    if found is None:
        found = tuple(s.grid.index(board.dice_square(r.gold, r.blue)) for r in _ROLLS)
        _NAMED[key] = found
    return found


def new_daikaiju_odds(s: State, seat: int) -> float:
    """The chance a new daikaiju, at the throw of the dice, misses the square the advised
    ship stands on (the one whose tile would go, with the ship)."""
    return new_daikaiju_odds_at(s, s.grid.behind(s.ships[seat]))


def new_daikaiju_odds_at(s: State, behind: int) -> float:
    """:func:`new_daikaiju_odds` for a ship standing on ``behind`` (-1: on its mark)."""
    if behind < 0 or not s.deck_left() or behind in s.daikaiju_squares():
        return 1.0
    facts = _facts(s)
    return 1.0 - facts.counts[behind] / facts.free


def _faces_survived(base: Callable[[], State], risky: list[bool], seat: int) -> int:
    """Of die faces 1-5 after a wake, how many leave the ship afloat: a face not risky
    does; a risky one is played through the engine (the wake thrown on ``base()`` once)."""
    ok = 0
    wake: State | None = None
    for f in range(5):
        if not risky[f]:
            ok += 1
            continue
        if wake is None:
            wake = base().apply(_WAKE_ROLL)
        ok += wake.apply(_DIE[f]).ships[seat] >= 0
    return ok


def own_opening(s: State, seat: int) -> float | None:
    """The chance the advised ship comes through the daikaiju phase that opens its own
    turn (the last part of the round), exactly; None where that is not worked out here
    (the phase begins with new daikaiju, the ship waits on its start mark, Veterans).

    A calm throw spares it unless a daikaiju stands in front of it. On a wake, a die face
    is played through the engine only when a daikaiju stands in front or one's move on it
    leads onto the ship's square or the one in front (:func:`_risky_faces`); a six brings
    a new daikaiju, which sinks the ship by landing on either square.
    """
    return own_opening_at(s, seat, s.ships[seat], lambda: s)


def own_opening_at(s: State, seat: int, pos: int, mine: Callable[[], State]) -> float | None:
    """:func:`own_opening` for the advised ship at ``pos``; ``mine`` gives the state with
    it there, asked for only when a die face must be played through the engine."""
    if s.phase is not Phase.TURN_ROLL or s.active != seat or s.game.veterans is not None:
        return None
    behind = s.grid.behind(pos)
    if behind < 0:  # on its start mark, a daikaiju in front may let it move instead
        return None
    front = pos >> 3
    taken = s.daikaiju_squares()
    blocked = front in taken
    risky = [True] * 5 if blocked else _risky_faces(s, {behind, front})
    ok = _faces_survived(mine, risky, seat)
    six = 0.0 if blocked else 1.0
    if not blocked and s.deck_left():
        facts = _facts(s)
        six = 1.0 - (facts.counts[behind] + facts.counts[front]) / facts.free
    return (1 - _WAKE) * (not blocked) + _WAKE / 6 * (ok + six)


def others_phase_odds(s: State, seat: int) -> float:
    """The chance the advised ship survives another player's daikaiju phase, about to
    begin: a wake (16 throws in 36), then a die that moves every daikaiju a square or, on
    a six, brings a new one; only a daikaiju arriving on the ship's square sinks it. A die
    face is played through the engine only when a daikaiju's move on it leads there."""
    behind = s.grid.behind(s.ships[seat])
    quick = others_phase_odds_at(s, behind)
    if quick is not None:
        return quick
    risky = _risky_faces(s, {behind})
    if s.phase is not Phase.TURN_ROLL:
        # a tile still to be drawn (a hidden draw) comes before the throw, so the dice
        # cannot be played through yet: a risky face counts as lost, a lower bound
        return _phase_odds(risky.count(False), new_daikaiju_odds_at(s, behind))
    ok = _faces_survived(lambda: s, risky, seat)
    return _phase_odds(ok, new_daikaiju_odds_at(s, behind))


def others_phase_odds_at(s: State, behind: int) -> float | None:
    """:func:`others_phase_odds` for a ship standing on ``behind``, where no die face can
    bring a daikaiju onto it (None where one might: then the engine is asked)."""
    if behind < 0:  # on its start mark: only its own turn can trouble it
        return 1.0
    if behind in _facts(s).reach:
        return None
    return _phase_odds(5, new_daikaiju_odds_at(s, behind))


def _phase_odds(moved: int, new: float) -> float:
    """Another player's phase survived: a calm throw, or a wake then a moving face the
    ship survives (``moved`` of five) or a six whose new daikaiju misses it."""
    return (1 - _WAKE) + _WAKE / 6 * (moved + new)
