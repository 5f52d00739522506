"""Whether a teaching photo's layout names the tiles the photo shows (issue 9, bad input).

A layout with a tile turned or two tiles swapped would teach the camera the wrong look for
both: teaching refuses it and names the squares (:func:`slips`). The paths
(:mod:`vision.read_paths`) are the witness, and only where they are plain; what every tile
of an edition shows alike (its printed art, a U-turn faked by the rim) and near twins, where
the paths misread unfamiliar art, are no evidence against a layout.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from companion.core.board import BoardProfile
from companion.tsuro.tiles import Tile

from . import read_paths
from .paths_claims import unclaim
from .paths_twins import pairs, twins, u_turns
from .read_combine import PATH_INDEX, PATH_LABELS
from .read_decide import Call, Thresholds
from .teach_bend import kept_bend


def layout_slips(top: np.ndarray, board: BoardProfile, paths: read_paths.PathScores,
                 laid: Mapping[int, Tile], th: Thresholds
                 ) -> tuple[dict[int, tuple[Tile, str]], int]:
    """:func:`slips` at the bend the photo keeps (:func:`vision.teach_bend.kept_bend`, chosen
    on ``laid`` as given), and that bend: what teaching and the camera setup's sheet check
    ask alike."""
    bend = kept_bend(top, board.rows, board.cols, laid, paths)
    return slips(top, board, paths, laid, bend, th), bend


def slips(top: np.ndarray, board: BoardProfile, paths: read_paths.PathScores,
          laid: Mapping[int, Tile], bend: int, th: Thresholds) -> dict[int, tuple[Tile, str]]:
    """The squares of one teaching photo (grey view from above ``top``, its paths as voted
    ``paths``) whose layout tile (``laid``: square index -> tile) the photo plainly does not
    show, each with the tile shown: :func:`paths_against`, judged the layout's error by
    :func:`plainly_wrong`, and neither :func:`printed_art` nor :func:`rim_spared`.

    The paths are read at ``bend``: teaching asks at the bend the set keeps
    (:func:`layout_slips`: chosen on this layout, slips and all). At the bend the paths
    voted, pale tiles with dark paths read so faintly that slips went through
    (benchmarks/vision_layout_check.py --mixes 2,3,4,5,6,9,10,11, teach photos of seed
    2026): two tiles swapped were caught in 77.2% of layouts, now 90.3%; one tile turned,
    70.6%, now 80.4%; on the tuning looks 94.9% and 92.2-92.9% either way; no right layout
    refused either way."""
    checked = paths if bend == paths.bend else read_paths.score(
        top, board.rows, board.cols, None, paths.polarity, bend)
    named = {tile.notation() for tile in laid.values()}
    doubted = {}
    for i, tile in laid.items():
        shown = paths_against(tile, checked.tile[i], th)
        if shown is not None and plainly_wrong(tile, shown, named):
            doubted[i] = tile, shown
    spared = printed_art(checked.tile, th) | rim_spared(top, board, checked, doubted, th)
    return {i: why for i, why in doubted.items() if i not in spared}


def plainly_wrong(tile: Tile, shown: str, named: set[str]) -> bool:
    """Whether the paths showing ``shown`` on a square whose layout names ``tile`` is the
    layout's error, not the paths': the tile turned (``shown`` is a turn of it), two tiles
    swapped (``shown`` is named, as laid, on the photo's layout: ``named``), or another tile
    that is no near twin of it (:func:`vision.paths_twins.twins`). Near twins differ only
    where two paths cross or meet, which is where the paths misread unfamiliar art: on mixed
    looks (benchmarks/vision_mixes.py --taught, mix seed 9) the only squares teaching held
    against right layouts showed a near twin of their tile (one a photo), and refused the
    set. The price (benchmarks/vision_layout_check.py as it measured square by square in
    session 12, five tuning looks, seeds 2026 and 7): a tile of another pattern named by a
    slip was caught on 73-81% of squares, not 82-89%; a tile turned, as before; no right
    layout refused, as before.

    >>> plainly_wrong(Tile.parse("76325410"), "46320715", set())  # a near twin
    False
    >>> plainly_wrong(Tile.parse("76325410"), "46320715", {"46320715"})  # swapped
    True
    >>> plainly_wrong(Tile.parse("10325476"), "45670123", set())  # another tile
    True
    """
    if Tile.parse(shown).pattern() == tile.pattern() or shown in named:
        return True
    return not twins(tile.notation(), shown)


def printed_art(evidence: np.ndarray, th: Thresholds) -> set[int]:
    """Squares of one photo whose plain path call is no evidence against its layout: the
    pattern is plainly shown on more squares than any box holds (or the call leans on such a
    pattern's pairs along a side), so what shows it is something every tile has, such as a
    dark printed edge and the gap round each piece read as four U-turns
    (:mod:`vision.paths_claims`, the rule the built-in reading applies). A mixed look of
    pale tiles (benchmarks/vision_mixes.py, seed 1) showed `10325476` so on most squares of
    its teach photo, and teaching refused the owner's own right layout."""
    calls = {i: Call(shown, 0.9) for i in range(len(evidence))
             if (shown := plainly(evidence[i], th)) is not None}
    kept, _ = unclaim(calls, {}, None)
    return {i for i, c in calls.items() if kept[i].label is None}


def plainly(evidence: np.ndarray, th: Thresholds) -> str | None:
    """The tile the paths would call by themselves on a square: evidence at least
    ``path_tile``, ahead of the next by ``path_margin``; else None."""
    ranked = np.sort(evidence)[::-1]
    if float(ranked[0]) < th.path_tile or float(ranked[0] - ranked[1]) < th.path_margin:
        return None
    return PATH_LABELS[int(np.argmax(evidence))]


def paths_against(tile: Tile, evidence: np.ndarray, th: Thresholds) -> str | None:
    """The tile the paths plainly show on a square whose layout names ``tile``, when they
    contradict it (a tile turned wrong in the layout, two tiles swapped), else None.

    Plainly: the paths would call their best tile by themselves (evidence at least
    ``path_tile``, ahead of the next by ``path_margin``), and the layout's tile has less than
    half that evidence. On the teach photos of the five tuning looks (seeds 2026, 7 and 11,
    6x6 and 7x7: 1,365 squares) no right layout tile was so contradicted; a tile turned a
    quarter was caught on 88-98% of squares, another tile on 83-91% (the rest: tiles whose
    paths the two share, or faint paths): `benchmarks/vision_layout_check.py` as it
    measured square by square before session 18."""
    shown = plainly(evidence, th)
    if shown is None or float(evidence[PATH_INDEX[tile.notation()]]) > float(evidence.max()) / 2:
        return None
    return shown


def rim_spared(top: np.ndarray, board: BoardProfile, paths: read_paths.PathScores,
               doubted: dict[int, tuple[Tile, str]], th: Thresholds) -> set[int]:
    """Squares of ``doubted`` (square -> the layout's tile, the tile the paths plainly show)
    whose contradiction is the rim's doing: the tile shown joins two points of one side that
    the layout's tile does not (the tiles' printed edge and the gap between pieces pass for
    such a U-turn, :mod:`vision.paths_claims`), and read again with no side's U-turn as
    evidence (:func:`vision.read_paths.side_pairs`, as a read does where the rim shows), the
    paths plainly show the layout's tile (:func:`plainly`). Asking only that they no longer
    contradict it let through 11-16% of the slips of the pen the check caught on the tuning
    looks (benchmarks/vision_layout_check.py, square by square in session 17); asking this,
    none. A mixed look of
    pale tiles with dark paths (benchmarks/vision_mixes.py --taught, mix seed 11) showed
    ``10543276`` for the layout's ``63517204`` on one square so, and teaching refused the
    owner's right layout; read without the sides' U-turns (the bend voted 0.45, not 0.25),
    ``63517204`` led there by 0.42."""
    rimmed = [i for i, (tile, shown) in doubted.items()
              if u_turns(pairs(shown) - pairs(tile.notation()))]
    if not rimmed:
        return set()
    # the whole board, its bend voted again without them (the rim sways the vote too)
    again = read_paths.score(top, board.rows, board.cols, None, paths.polarity,
                             skip=read_paths.side_pairs())
    return {i for i in rimmed if plainly(again.tile[i], th) == doubted[i][0].notation()}
