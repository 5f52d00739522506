"""The paths' near twins settled only when a taught read's answer asks (issue 9, speed).

Read with taught looks that fit the board, the path reader's calls are heeded in three
places only (:mod:`vision.recognise`): whether a full read saw enough tiles to have voted on
the paths' bend (``read_paths.PROBE``), whether the taught looks fit the board
(:func:`vision.read_combine.taught_fits`), and in :func:`vision.read_combine.agree` (on a
square the taught reader left open, a tile that was never taught; on one it calls bare,
whether the paths call a tile). Settling the squares left open between two near twins
(:func:`vision.paths_twins.settle_twins`, with the bare checks it asks for) turns some of
them into one of their best two pairings and costs about a millisecond a full read;
:func:`vision.paths_decide.path_calls` leaves it for later (:class:`vision.paths_decide.
Later`), and it is made here only when one of those three could come out otherwise for any
outcome of those squares: open or bare, or either pairing. The answers are the same either
way (tests/vision/test_vision_taught_speed_twins.py).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .paths_decide import PATH_LABELS, Later
from .paths_twins import twins
from .read_combine import is_tile, is_tile_label, taught_fits
from .read_decide import EMPTY, Call, Thresholds
from .read_paths import PROBE, PathScores
from .read_taught import TaughtModel

# ``fits`` weighs the paths' tiles only when they name at least this many (else it falls
# back on the taught calls alone, or on the verdict before): see vision.read_combine.fits
NAMED = 4


def settled(later: list[Later], calls: list[Call]) -> list[Call]:
    """The calls with the near twins settled, if left for later (``later`` is emptied)."""
    if not later:
        return calls
    return later.pop().settle()


def for_probe(later: list[Later], calls: list[Call]) -> list[Call]:
    """``calls`` as a full read counts its tiles for the bend's vote: settled only if the
    count could fall on either side of ``PROBE // 3`` (each square asked may turn a tile)."""
    if not later:
        return calls
    base = sum(is_tile(c) for c in calls)
    if base >= PROBE // 3 or base + int(later[0].asked.sum()) < PROBE // 3:
        return calls
    return settled(later, calls)


def for_taught(later: list[Later], calls: list[Call], taught: Sequence[Call],
               paths: PathScores, idx: np.ndarray, before: bool, model: TaughtModel,
               th: Thresholds, art: bool = False) -> list[Call]:
    """``calls`` as the taught read heeds them (``taught``: the taught calls of the squares
    ``idx``, ``paths`` their path scores, ``before`` whether the taught looks fitted the
    board): settled unless neither whether the taught looks fit nor any square's verdict can
    hang on the squares asked.

    Each square asked stays open (or is called bare), or becomes one of its best two
    pairings. Whether the taught looks fit is then the same for every outcome when
    ``taught_fits`` holds with every square asked a tile the taught reader did not name, no
    near twin of its tile where the pairings allow (its fewest agreements and most
    contradictions it does not forgive) and the paths name at least ``NAMED`` tiles
    without them (so that it weighs them whatever the outcome); or, on a re-read, when the
    paths cannot name ``NAMED`` tiles even with them (it keeps the verdict ``before``). On a
    board where the paths claim a pattern beyond the box (``art``), what the fit test hears
    from them hangs on which calls are art (:func:`vision.paths_claims.no_art`): settled."""
    if not later:
        return calls
    if art:
        return settled(later, calls)
    n, tile, names = len(idx), paths.tile, model.names
    asked = [int(k) for k in np.flatnonzero(later[0].asked)]
    pairs = {k: [PATH_LABELS[int(o)] for o in np.argsort(-tile[k])[:2]] for k in asked}
    for k in asked:
        # agree() consults the paths' call on a square the taught reader left open (then
        # only for a tile never taught) and on one it calls bare against its own bare look
        # with art, when lines show but no two path ends do (whether the paths call a tile);
        # one that is clearly its own bare look (read_taught_call.own_look) it does not,
        # which this leaves to the settling, as before: a little more work, the same answer
        label, i = taught[k].label, int(idx[k])
        if label is None and any(lb not in names for lb in pairs[k]):
            return settled(later, calls)
        if label == EMPTY and not (model.empty_detail[i] >= 0 and not model.plain()[i]) and (
                float(tile[k].max()) >= th.path_tile and float(paths.rim[k]) < th.path_rim):
            return settled(later, calls)
    base = sum(is_tile(c) for c in calls)
    if n < 12 and base + len(asked) < NAMED:
        return calls
    if base < NAMED:
        return settled(later, calls)
    worst = list(calls)
    for k in asked:
        mine = taught[k].label
        others = [lb for lb in pairs[k] if lb != mine]
        # a near twin of the taught tile is a contradiction taught_fits may forgive (its
        # route for a set naming most of the board): the worst outcome is the other kind
        hard = [lb for lb in others if not (is_tile_label(mine) and twins(mine or "", lb))]
        worst[k] = Call((hard or others)[0], 0.5)
    return calls if taught_fits(list(taught), worst, n, before) else settled(later, calls)
