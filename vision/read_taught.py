"""Reading squares with what the owner taught (issue 9, item 1).

The teach photos give a crop of every taught piece (turned a quarter at a time for its
other orientations) and a crop of every bare square of the empty board: the board's art
differs square by square, so each square is compared with its own bare look. Every crop of a
square (one per small shift, :mod:`vision.read_features`) is scored against every look by
normalised correlation; a look's score is its best over the shifts.

A look is called when its score is at least ``least`` and it leads every other look of the
square by ``margin``. ``least`` is calibrated on the teach photos themselves: each taught
square is read back with its own piece left out, and the best score a wrong look reached
there sets how high a right one must be.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .read_features import Prepared, crops_at, places, plainness
from .read_fine import FineModel

EMPTY = "empty"
DISTANCE_FLOOR = 1.0
OVER_IMPOSTOR = 0.03  # a look must beat its best score on another taught piece by this
LOOK_LEAST_CAP = 0.9
PLAIN = 0.35  # a bare square whose detail is below PLAIN x the plainest piece's is plain
BARE_LIKE = 0.85  # a crop this like a square's own bare look is that bare square (teach refuses
# a taught piece whose crop is, so no taught piece reaches it on the square it lay on)


@dataclass(frozen=True)
class Scored:
    """Scores of some squares against every look."""

    squares: np.ndarray  # (n,) indices into the board's squares
    pieces: np.ndarray  # (n, names) best correlation with each piece's looks
    empty: np.ndarray  # (n,) best correlation with the square's own bare look
    detail: np.ndarray  # (n,) detail (std over brightness) of the centred crop
    offsets: np.ndarray | None = None  # (n, 2) where the tiles were searched round, if given


@dataclass
class TaughtModel:
    """Everything learned from the teach photos, for one board size."""

    rows: int
    cols: int
    labels: list[str]  # per look, sorted: oriented tiles (8 digits) and daikaiju:<facing>
    vectors: np.ndarray  # (V, DIM) unit vectors, one per look (a label may have several)
    empty: np.ndarray  # (rows * cols, DIM) unit vectors of the bare squares (zeros if untaught)
    empty_detail: np.ndarray  # (rows * cols,) detail of each bare square; -1 if untaught
    piece_detail: float  # detail of the plainest taught piece
    common: np.ndarray  # (DIM,) unit: the look every tile shares (its rim), left out
    least: float = 0.5
    margin: float = 0.08
    look_least: np.ndarray | None = None  # (names,) each look's own calling line, see calibrate
    fine: FineModel | None = None  # full-size crops for a second look (vision.read_fine)
    # How far a path runs in before it turns (index in vision.read_paths.BENDS) as the teach
    # photos showed it: one edition prints all its tiles alike, so a full read need not
    # vote on it again. None: not known (a profile taught before it was kept), voted on
    # every full read.
    bend: int | None = None
    # Each bare square's mean BGR as taught (-1 where untaught): a square is odd against its
    # own printed colour, not the board's other squares' (vision.read_plain). None in a
    # profile taught before it was kept, which reads as it did.
    empty_colour: np.ndarray | None = None

    def __post_init__(self) -> None:
        self.names: list[str] = list(dict.fromkeys(self.labels))
        first = {lb: self.labels.index(lb) for lb in self.names}
        self._bounds = np.array([first[lb] for lb in self.names])
        means = np.stack([self.vectors[self._bounds[k]:(self._bounds[k + 1] if k + 1 < len(
            self.names) else len(self.labels))].mean(axis=0) for k in range(len(self.names))])
        means /= np.maximum(np.linalg.norm(means, axis=1, keepdims=True), 1e-6)
        sims = np.clip(means @ means.T, -1.0, 1.0)
        # floored: two looks that are nearly one are not told apart by a hair's difference
        self.distance = np.maximum(np.sqrt(np.maximum(2.0 - 2.0 * sims, 0.0)),
                                   DISTANCE_FLOOR).astype(np.float32)
        """Between every two names' looks: a lead is measured along the line between them."""

    def with_empty(self) -> np.ndarray:
        """:attr:`distance` with a bare square added last, as far from every piece as two
        unrelated looks are."""
        if not hasattr(self, "_with_empty"):
            n = len(self.names)
            out = np.full((n + 1, n + 1), np.sqrt(2.0), np.float32)
            out[:n, :n] = self.distance
            self._with_empty = out
        return self._with_empty

    def _look_groups(self) -> np.ndarray:
        """Each name's looks as a padded gather (names, most looks a name has)."""
        if not hasattr(self, "_groups"):
            self._groups = _groups(self._bounds, len(self.labels))
        return self._groups

    def plain(self) -> np.ndarray:
        """Bare squares too plain for their correlation to mean anything."""
        if not hasattr(self, "_plain"):
            self._plain = np.asarray((self.empty_detail >= 0)
                                     & (self.empty_detail < PLAIN * self.piece_detail))
        return self._plain

    def score(self, prep: Prepared, squares: np.ndarray | None = None,
              offsets: np.ndarray | None = None, detail: np.ndarray | None = None) -> Scored:
        """Scores of squares ``squares`` (all when None); ``offsets`` (n, 2) are where the
        path reader found each tile to lie, searched round as well as round the grid;
        ``detail``: their plainness, when the caller has it already."""
        idx = np.arange(self.rows * self.cols) if squares is None else np.asarray(squares)
        n = len(idx)
        ys, xs = _searched(prep, idx, offsets)
        # The search round the grid and the one round where the tile lies overlap (wholly
        # when the tile lies on its square): each place is scored once. Places are grouped
        # by square (sorted), and a square's score is its best over its places.
        h, w = prep.detail.shape
        key = (np.arange(n)[:, None] * h + ys) * w + xs
        unique = np.unique(key)
        owner = unique // (h * w)
        at = unique % (h * w)
        flat = crops_at(prep, at // w, at % w).reshape(len(unique), -1)
        flat = flat - flat.mean(axis=1, keepdims=True)
        starts = np.flatnonzero(np.r_[True, owner[1:] != owner[:-1]])
        # Normalised once, not twice: the taught looks are already free of the shared look
        # (``distinct``), so a crop's product with them is the same with or without it taken
        # out, and only its length changes: |x|^2 less its part along the shared look.
        along = flat @ self.common
        length2 = np.einsum("ij,ij->i", flat, flat)
        own = np.maximum.reduceat(np.einsum("ud,ud->u", flat, self.empty[idx[owner]])
                                  / np.sqrt(np.maximum(length2, 1e-12)), starts)
        rest = np.sqrt(np.maximum(length2 - along * along, 1e-12))[:, None]
        # Best over each square's places, then over each name's looks: a max over a padded
        # gather (a group's last member repeated) is the same max, at a third of the cost
        # of ``np.maximum.reduceat`` along these axes.
        rows = ((flat @ self.vectors.T) / rest)[_groups(starts, len(unique))].max(axis=1)
        sims = rows[:, self._look_groups()].max(axis=2)  # (n, names)
        return Scored(idx, sims, own, plainness(prep, idx) if detail is None else detail,
                      offsets)


    def own_scores(self, prep: Prepared, idx: np.ndarray, offsets: np.ndarray) -> np.ndarray:
        """(n,): :meth:`score`'s ``empty`` alone (each square against its own bare look, at
        the same places), without the taught pieces' scores that cost the most."""
        ys, xs = _searched(prep, idx, offsets)
        flat = crops_at(prep, ys, xs).reshape(len(idx), ys.shape[1], -1)
        flat = flat - flat.mean(axis=2, keepdims=True)
        length = np.sqrt(np.maximum(np.einsum("npd,npd->np", flat, flat), 1e-12))
        return np.asarray((np.einsum("npd,nd->np", flat, self.empty[idx]) / length).max(axis=1))


def _searched(prep: Prepared, idx: np.ndarray, offsets: np.ndarray | None
              ) -> tuple[np.ndarray, np.ndarray]:
    """Where a square is searched (:func:`vision.read_features.places`, (n, places) each):
    round its place on the grid and, with ``offsets``, round where its tile lies."""
    ys, xs = places(prep, idx)
    if offsets is None:
        return ys, xs
    ys2, xs2 = places(prep, idx, offsets=offsets)
    return np.concatenate([ys, ys2], axis=1), np.concatenate([xs, xs2], axis=1)


def _groups(starts: np.ndarray, total: int) -> np.ndarray:
    """Indices (groups, largest group) of runs beginning at ``starts`` among ``total``
    items, each run padded with its last member."""
    sizes = np.diff(np.r_[starts, total])
    return np.asarray(starts[:, None] + np.minimum(np.arange(int(sizes.max()))[None, :],
                                                    sizes[:, None] - 1))


def distinct(vecs: np.ndarray, common: np.ndarray) -> np.ndarray:
    """Unit vectors with the look all pieces share taken out: two tiles differ in their
    middles, not in the eight path ends every tile has."""
    out = vecs - (vecs @ common)[..., None] * common
    return np.asarray(out / np.maximum(np.linalg.norm(out, axis=-1, keepdims=True), 1e-6))


def calibrate(model: TaughtModel, samples: list[tuple[str, Scored, int]],
              least_floor: float = 0.35) -> None:
    """Set ``model.least`` from the taught squares read back with their own piece left out.

    ``samples`` holds (label or EMPTY, the square's scores, row k in those scores). The best
    score any wrong look reached, plus a little, is what a right look must beat."""
    from companion.tsuro.tiles import Tile

    from .templates import DAIKAIJU

    def family(label: str) -> str:
        return DAIKAIJU if label.startswith(DAIKAIJU) else Tile.parse(label).pattern().notation()

    families = np.array([family(lb) for lb in model.names])
    worst: list[float] = []
    # How high each look scored on squares holding another piece: it must beat that.
    each = np.full(len(model.names), -1.0, np.float32)
    for label, scored, k in samples:
        scores = scored.pieces[k]
        other = np.ones(len(scores), bool) if label == EMPTY else families != family(label)
        worst.append(float(scores[other].max()))
        each = np.where(other, np.maximum(each, scores), each)
    if worst:
        model.least = float(min(0.7, max(least_floor, np.percentile(worst, 95) + 0.05)))
    model.look_least = np.minimum(np.maximum(each + OVER_IMPOSTOR, model.least),
                                  LOOK_LEAST_CAP).astype(np.float32)
    # A line drawn on one photo of each piece misses how near a twin can come on another
    # photo: a call over a look that came near it here must lead by more.
    from .taught_twins import mark_twins

    mark_twins(model, families, samples)
