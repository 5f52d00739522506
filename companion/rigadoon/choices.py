"""Which options of a pending choice matter: those that lead to different sets of reachable
results (ships, masts, chests, and who won or lost); options that lead to the same set are
offered once. Used by the state (to ask only what matters) and by the move explorer.
"""

from __future__ import annotations

from .board import Board
from .chain import Chain, choose

CHOICE_BUDGET = 400
"""Chain steps spent deciding whether a choice matters; past it every option is offered."""


class TooBig(Exception):
    """A search ran past its budget of chain steps."""


Memo = dict[tuple[object, ...], frozenset[tuple[object, ...]]]
"""Chain position (``Chain.progress()``) -> the set of results reachable from it."""


def distinct_options(board: Board, chain: Chain, memo: Memo | None = None) -> tuple[str, ...]:
    """The options of the pending choice that lead to different results (first of each).

    A ``memo`` shared by the calls on one chain as it settles (a choice that changes
    nothing is taken, then the next is weighed) spares exploring the same positions
    again: they are the ones the first call went through."""
    c = chain.choice
    assert c is not None
    if len(c.options) <= 1 or c.kind == "island":
        return c.options
    memo = {} if memo is None else memo
    steps = [0]
    seen: set[frozenset[tuple[object, ...]]] = set()
    kept: list[str] = []
    try:
        for o in c.options:
            results = _results(board, choose(board, chain, o), memo, steps)
            if results not in seen:
                seen.add(results)
                kept.append(o)
    except TooBig:
        return c.options
    return tuple(kept)


def _results(
    board: Board,
    c: Chain,
    memo: Memo,
    steps: list[int],
) -> frozenset[tuple[object, ...]]:
    """The set of results reachable from ``c``, sub-resolutions met again taken from memo."""
    if c.choice is None:
        return frozenset((c.key(),))
    mark = c.progress()
    found = memo.get(mark)
    if found is None:
        steps[0] += 1
        if steps[0] > CHOICE_BUDGET:
            raise TooBig
        out: set[tuple[object, ...]] = set()
        for o in c.choice.options:
            out |= _results(board, choose(board, c, o), memo, steps)
        found = memo[mark] = frozenset(out)
    return found
