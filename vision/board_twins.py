"""Near twins left open on a board whose paths print thin (issue 9, built-in reading).

:mod:`vision.paths_twins` settles a square left open between two near twins by where their
drawings differ (``lean``), but towards the tile whose differing paths cross (where its
twin's meet and turn back) it asks for ``LEAN_CROSS`` unless another open square of the
board has shown a kiss: where an edition prints wide or glowing paths, two kissing curves
touch in the glow and lean to the crossing as much as a crossing does. Where the paths are
thin, a kiss keeps its gap and leans to the crossing by almost nothing.

So the board teaches itself how wide its paths are: up to ``REFERENCE`` tiles read surely are
drawn whole (:func:`vision.paths_twins.lean_and_fit`, the tile against itself) once with
thin lines and once with wide ones (``SIGMAS``); the wide drawing's fit over the thin one's,
the median over those tiles, is below ``WIDE`` where the paths print thin. On such a board a
square the paths left open between two near twins is called:

- the crossing, when it leans ``LEAN_THIN`` to it over its kissing twin and the two drawn
  together fit its lines (``paths_twins.FIT``);
- either twin, when it leans ``LEAN_LOOSE`` to it and the two fit ``FIT_LOOSE`` (reed stalks
  over a square lower the fit of its own tile's drawing);
- a tile of another pair of near twins among its candidates (:func:`candidates`), when that
  pair drawn together fits its lines ``REPAIR`` better than the paths' best two and at least
  ``FIT_LOOSE``, and the square leans ``LEAN_LOOSE`` within it (the paths' best two were
  not the square's tile and its twin: on ``reeds`` most such squares held a near twin of
  the best one);

and in every case only when it leans ``FAMILY`` to the tile over every other near twin of
it among its candidates (tiles whose paths all cross in the middle come in a family of four:
a third member was the tile in every wrong call measured without that check), a legal move
may put the tile there, and all four quarters of the square show the sure tiles' colour (a
hand over part of a tile leaves lines that pair up).

On a board whose tiles' rim reads as U-turns (:func:`vision.read_paths.rim_pairs`) the width
test is left out and a square is called only on a lean of ``LEAN_RIM`` where the two fit
``FIT_RIM`` and the paths' own best pairing is the tile leant to (session 15: such boards
occur only among the mixed looks of benchmarks/vision_mixes.py).

Measured on the five tuning looks, photo seeds 2026 and 7, 40 photos a size (round 8): the
board's ratio on ``seas`` 0.81-0.88, ``mottled`` 0.65-0.78, ``reeds`` 0.66-0.78, ``curved``
0.72-0.79, ``drawn`` 0.76-0.84. Open squares of thin boards leaning to a crossing by 0.1 or
more held it 72 times on ``mottled`` and twice otherwise (a third of the family); kisses
leant to the crossing by 0.03 at most there, against 0.06-0.23 on ``seas``. Each threshold
was set one step short of the first wrong call it let through on any of those looks
(``LEAN_THIN`` 0.04, ``FAMILY`` -0.02, ``LEAN_LOOSE`` 0.12, ``FIT_LOOSE`` 0.38, ``REPAIR``
0); never tuned on ``held-out``.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .paths_twins import FIT, Lean, candidates, lean_and_fit, pairs, square_window, twins
from .read_combine import PATH_LABELS, is_tile
from .read_decide import Call, Thresholds
from .read_features import PX
from .read_gates import tile_coloured_quarters
from .read_paths import PathScores

WIDE = 0.79  # median ratio of the sure tiles' fit drawn wide over drawn thin: at or above it,
# the board prints its paths wide (seas 0.81 and up) and a kiss may lean to a crossing
SIGMAS = (1.0, 3.5)  # the thin and the wide drawing's blur (pixels at the top-down scale)
REFERENCE = 6  # sure tiles measured, at most
LEAST = 4  # sure tiles needed for the board to say how wide its paths are
SURE_LEAD = 2.0  # a tile called by this many margins counts among the sure ones
LEAN_THIN = 0.06  # lean to the crossing needed on a board of thin paths (0.04 let two curved
# kisses through, 0.05 none)
FAMILY = 0.015  # ... and over every other near twin of the crossing among its candidates
# (the wrong calls of a third of the family leant -0.02 to -0.08 to it, right ones 0.017 up)
LEAN_LOOSE = 0.15  # any two near twins: a lean this clear ...
FIT_LOOSE = 0.41  # ... where the two drawn together fit the square's lines this well (reed
# stalks crossing a square lower the fit of its own tile)
REPAIR = 0.03  # another pair of near twins among the candidates fitting the square's lines
# this much better than the paths' best two (the square's tile is a third: reeds)
CONFIDENCE = 0.5
# On a board whose tiles' rim reads as U-turns (vision.read_paths.rim_pairs), kisses leant to
# their crossing twins by as much as crossings did (see the module's text): a square is
# settled only on a lean this clear, where the two drawn together fit its lines this well
# and the paths' own best pairing is the tile leant to (chosen on mixes seeds 1-6 of
# benchmarks/vision_mixes.py; the tuning looks have no such board)
LEAN_RIM = 0.1
FIT_RIM = 0.3


def crossing(first: str, second: str) -> bool:
    """Whether only ``first``'s paths that differ from ``second``'s cross (``second``'s meet
    and turn back there).

    >>> crossing("46570213", "36507214"), crossing("36507214", "46570213")
    (True, False)
    """
    a, b = pairs(first), pairs(second)
    return _crosses(a - b) and not _crosses(b - a)


def _crosses(two: frozenset[tuple[int, int]]) -> bool:
    """Whether two paths (pairs of rim points numbered round the rim) cross."""
    if len(two) != 2:
        return False
    (p, q), (r, s) = sorted(two)
    return (p < r < q) != (p < s < q)


def path_width(paths: PathScores, calls: Sequence[Call], top: np.ndarray,
               cols: int) -> float | None:
    """The median, over up to ``REFERENCE`` tiles read surely, of how well the tile drawn
    with wide lines fits its square's lines over how well it fits drawn thin (each where
    it fits best, :func:`vision.paths_twins.lean_and_fit`, the tile against itself); None
    with fewer than ``LEAST`` sure tiles. It stops once more than half the tiles it will
    measure lie on one side of ``WIDE`` (the median cannot cross it any more), and then
    returns the median so far."""
    sure = [k for k, c in enumerate(calls) if is_tile(c) and c.lead >= SURE_LEAD][:REFERENCE]
    if len(sure) < LEAST:
        return None
    ratios: list[float] = []
    for k in sure:
        label = calls[k].label or ""
        window = square_window(top, cols, int(paths.squares[k]), paths.offsets[k],
                               paths.polarity)
        thin, wide = (lean_and_fit(window, label, label, paths.bend, s)[1] for s in SIGMAS)
        ratios.append(wide / max(thin, 1e-6))
        above = sum(r >= WIDE for r in ratios)
        if max(above, len(ratios) - above) * 2 > len(sure):
            break
    return float(np.median(ratios))


def thin_twins(paths: PathScores, calls: list[Call], leans: dict[int, Lean],
               top: np.ndarray | None, cols: int, legal: Sequence[set[str] | None],
               th: Thresholds, rim: bool = False) -> list[Call]:
    """``calls`` with the squares still open between two near twins (``leans``, by index
    into ``paths.squares``: :func:`vision.paths_twins.lean_of`) settled on a board of thin
    paths (:func:`path_width`): towards a crossing (``LEAN_THIN``), on a clear lean with a
    looser fit (``LEAN_LOOSE``, ``FIT_LOOSE``), or between another pair of near twins among
    its candidates that fits its lines clearly better (``REPAIR``); the rest as they were.
    With ``rim`` (the tiles' rim reads as U-turns on this board, whatever their paths'
    width): only on a lean of ``LEAN_RIM`` where the two fit ``FIT_RIM`` and the paths'
    own best is the tile leant to."""
    if top is None or not cols or not leans:
        return calls
    ask = [k for k in leans if calls[k].label is None]
    found: dict[int, tuple[str, str]] = {}
    for k in ask:
        first, second, size, fit = leans[k]
        if rim:
            plain = (size >= LEAN_RIM and fit >= FIT_RIM
                     and PATH_LABELS[int(np.argmax(paths.tile[k]))] == first)
            if not plain:
                continue
        else:
            plain = ((crossing(first, second) and size >= LEAN_THIN and fit >= FIT)
                     or (size >= LEAN_LOOSE and fit >= FIT_LOOSE))
            if not plain and fit >= FIT:  # the paths' own two fit the lines: no other pair
                continue
        window = square_window(top, cols, int(paths.squares[k]), paths.offsets[k],
                               paths.polarity)
        near = candidates(first, second, paths.tile[k], th.path_margin)
        if not plain:
            first, second = _repaired(window, near, paths.bend, fit)
            if not first:
                continue
        allowed = legal[k]
        if allowed and first not in allowed:
            continue
        others = [t for t in near if t not in (first, second) and twins(first, t)]
        if others and min(lean_and_fit(window, first, t, paths.bend)[0]
                          for t in others) < FAMILY:
            continue
        found[k] = first, second
    if not found:  # the board's own measures cost more than the squares': only now
        return calls
    if not rim:
        width = path_width(paths, calls, top, cols)
        if width is None or width >= WIDE:
            return calls
    # a hand over part of a square leaves lines that pair up: every quarter of a square
    # settled here has the colour of the tiles read surely
    sure = np.zeros((top.shape[0] // PX) * cols, bool)
    sure[paths.squares] = [is_tile(c) and c.lead >= SURE_LEAD for c in calls]
    coloured = tile_coloured_quarters(top, top.shape[0] // PX, cols, sure)
    if coloured is None:
        return calls
    out = list(calls)
    for k, (first, second) in found.items():
        square = int(paths.squares[k])
        if coloured[4 * square:4 * square + 4].all():
            out[k] = Call(first, CONFIDENCE, calls[k].lead, second)
    return out


def _repaired(window: np.ndarray, near: set[str], bend: int, fit: float) -> tuple[str, str]:
    """Of every two near twins among a square's candidates ``near``, the pair drawn together
    that fits the square's lines best: the tile it leans to and its twin, when that pair
    fits ``REPAIR`` better than the paths' own two (``fit``), at least ``FIT_LOOSE``, and the
    square leans ``LEAN_LOOSE`` to one of them; ("", "") otherwise."""
    best = ("", "", 0.0, fit + REPAIR)
    for a in sorted(near):
        for b in sorted(near):
            if a < b and twins(a, b):
                toward, together = lean_and_fit(window, a, b, bend)
                if together > best[3]:
                    best = (a, b, toward, together) if toward >= 0 else (b, a, -toward, together)
    a, b, toward, together = best
    if not a or toward < LEAN_LOOSE or together < FIT_LOOSE:
        return "", ""
    return a, b
