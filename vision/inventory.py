"""The box as evidence (issue 9, item 3): a game holds each tile pattern a known number of
times, so a whole board is read as an assignment of pieces to squares, not as independent
guesses. Tsuro has each of the 35 patterns once; Tsuro of the Seas as its tile set data
(``companion/data/seas_wake_tiles.json``) counts them.

When more squares are read as one pattern than the box holds, the squares that lead their
next look by the most keep it; the others drop to ``unknown`` (their second choice was not
clear enough to call, or they would have led by less).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from functools import cache

import numpy as np

from companion.tsuro.tiles import PATTERNS, Tile

from .read_decide import EMPTY, Call, lead_confidence
from .templates import DAIKAIJU


def box_counts(game: str | None) -> dict[str, int] | None:
    """How many of each pattern (by its notation) the game's box holds; None when unknown
    or unlimited."""
    from companion.games import UnknownGame, game_info

    try:
        plan = game_info(game).teach if game is not None else None
    except UnknownGame:
        return None
    if plan is None:
        return None
    if plan.tile_set == "all-patterns":
        return {p.notation(): 1 for p in PATTERNS}
    from companion.tsuro.game import load_tile_set

    return {PATTERNS[i].notation(): n for i, n in Counter(load_tile_set()).items()}


def remaining(counts: Mapping[str, int] | None, used: Sequence[str]) -> dict[str, int] | None:
    """How many of each pattern the box has left once ``used`` (labels) are on the board;
    None when the box is not known.

    >>> remaining({"10325476": 1, "10765432": 2}, ["10325476", "54321076", "empty"])
    {'10325476': 0, '10765432': 1}
    """
    if counts is None:
        return None
    left = dict(counts)
    for label in used:
        pat = _pattern(label)
        if pat is not None:
            left[pat] = left.get(pat, 0) - 1
    return left


def take(left: dict[str, int] | None, label: str, allowed: AbstractSet[str] | None = None,
         art: AbstractSet[str] = frozenset()) -> bool:
    """Whether a late rule may call ``label`` on a square: a legal move may put it there
    (``allowed``; None or empty: any), its pattern is not one the paths claimed beyond the
    box (``art``) and the box (``left``, as :func:`remaining` gives it; None: not known) has
    a copy of it left, which is then used up.

    >>> left = {"10325476": 1}
    >>> take(left, "10325476"), take(left, "54761032"), left
    (True, False, {'10325476': 0})
    >>> take(None, "10325476", {"54761032"})
    False
    """
    pattern = _pattern(label)
    if (allowed and label not in allowed) or pattern in art:
        return False
    if left is not None and pattern is not None:
        if left.get(pattern, 0) <= 0:
            return False
        left[pattern] -= 1
    return True


def left_for(i: int, calls: Mapping[int, Call], counts: Mapping[str, int] | None,
             fixed: Mapping[int, str]) -> dict[str, int] | None:
    """What the box has left for square ``i`` once the tiles known from before (``fixed``)
    and the other squares' calls are counted out; None when the box is not known."""
    return remaining(counts, [*fixed.values(),
                              *(c.label for j, c in calls.items() if c.label and j != i)])


def pattern_of(label: str) -> str | None:
    """The pattern (notation) of an oriented tile label; None for a bare square or a
    daikaiju."""
    return _pattern(label)


@cache  # parsing a tile and finding its pattern costs more than the rest of a re-read
def _pattern(label: str) -> str | None:
    if label == EMPTY or label.startswith(DAIKAIJU):
        return None
    return Tile.parse(label).pattern().notation()


def assign(calls: Mapping[int, Call], counts: Mapping[str, int] | None,
           fixed: Mapping[int, str] | None = None) -> dict[int, Call]:
    """The calls with the box respected. ``fixed`` holds squares whose tile is already known
    (carried over): they use up their pattern first."""
    if counts is None:
        return dict(calls)
    left = dict(counts)
    for label in (fixed or {}).values():
        pat = _pattern(label)
        if pat is not None:
            left[pat] = left.get(pat, 0) - 1
    out = dict(calls)
    ranked = sorted(((c.lead, i) for i, c in calls.items()
                     if c.label is not None and _pattern(c.label) is not None), reverse=True)
    losers = []
    for _, i in ranked:
        pat = _pattern(calls[i].label or "")
        assert pat is not None
        if left.get(pat, 0) > 0:
            left[pat] -= 1
        else:
            losers.append(i)
    for i in losers:
        out[i] = Call(None, 0.3, 0.0, calls[i].label)
    return out


def settle(calls: Mapping[int, Call], counts: Mapping[str, int] | None,
           fixed: Mapping[int, str] | None,
           open_rows: Mapping[int, tuple[np.ndarray, frozenset[str]]],
           labels: Sequence[str], margin: float) -> dict[int, Call]:
    """:func:`assign`, then the squares left open decided with the box in mind.

    ``open_rows`` holds, for squares that surely hold a tile but were not called (and for
    squares that lost their pattern to a surer one), both readers' joint evidence over
    ``labels`` (oriented tiles), in units of a calling margin, and the labels one reader or
    the other put first there. A pattern the box has no copy left of is struck out; the best
    of the rest is called when it leads the next by ``margin`` and a reader put it first.
    The surest open square goes first, as it uses up a copy too."""
    out = assign(calls, counts, fixed)
    if not open_rows:
        return out
    left: dict[str, int] | None = None
    if counts is not None:
        left = dict(counts)
        used = [lb for lb in (fixed or {}).values()]
        used += [c.label for c in out.values() if c.label is not None]
        for label in used:
            pat = _pattern(label)
            if pat is not None:
                left[pat] = left.get(pat, 0) - 1
    patterns = _patterns_of(tuple(labels))
    todo = {i: row for i, row in open_rows.items() if out[i].label is None}
    while todo:
        gone = np.array([left is not None and left.get(p, 0) <= 0 for p in patterns])
        best: tuple[float, int, int, int] | None = None
        for i, (row, firsts) in todo.items():
            masked = np.where(gone, -np.inf, row)
            order = np.argsort(-masked)[:2]
            lead = float(masked[order[0]] - masked[order[1]])
            if not np.isfinite(masked[order[0]]) or labels[int(order[0])] not in firsts:
                continue
            if best is None or lead > best[0]:
                best = (lead, i, int(order[0]), int(order[1]))
        if best is None or best[0] < margin:
            break
        lead, i, k, k2 = best
        out[i] = Call(labels[k], lead_confidence(lead, margin), lead,
                      labels[k2])
        if left is not None:
            left[patterns[k]] = left.get(patterns[k], 0) - 1
        del todo[i]
    return out


@cache
def _patterns_of(labels: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(Tile.parse(lb).pattern().notation() for lb in labels)
