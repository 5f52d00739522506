"""How many sampled rounds the advisor plays: the 95% interval of their mean, and the
rounds after which it would be narrow enough."""

from __future__ import annotations

import math

Z95 = 1.959963984540054
MIN_SAMPLES = 32
"""Rounds sampled before the spread of the rounds is trusted for the interval."""


def half_width(n: int, total: float, squares: float) -> float:
    """Half-width of the 95% interval of the mean of ``n`` values in [0, 1] with this sum
    and sum of squares.

    The central limit theorem on the sample variance, with one value at 0 and one at 1
    added to the sample (as Wilson's interval does for shares): a rare turn of events
    that no round has met yet still widens the interval, so a few rounds that all agree
    do not pass for certainty.

    >>> round(half_width(32, 32.0, 32.0), 3)  # 32 rounds, all 1.0: not yet 2 points
    0.058
    >>> round(half_width(96, 96.0, 96.0), 3)  # as many as Wilson's interval asks
    0.02
    """
    n, total, squares = n + 2, total + 1, squares + 1
    var = max(0.0, (squares - total * total / n) / (n - 1))
    return Z95 * math.sqrt(var / n)


def _rounds_wanted(n: int, total: float, squares: float, error: float, cap: int) -> int:
    """The rounds after which the interval would be narrow enough, were the mean and the
    spread of the rounds to come those of the ``n`` so far (at most ``cap``).

    >>> _rounds_wanted(32, 32.0, 32.0, 0.02, 4000)  # all 1.0: the added values set it
    96
    >>> _rounds_wanted(100, 80.0, 80.0, 0.02, 4000)  # 0-or-1 rounds, 80% of them 1
    1538
    """
    def narrow(m: int) -> bool:
        return half_width(m, total * m / n, squares * m / n) <= error

    if not narrow(cap):
        return cap
    lo, hi = n, cap
    while lo < hi:
        mid = (lo + hi) // 2
        if narrow(mid):
            hi = mid
        else:
            lo = mid + 1
    return lo
