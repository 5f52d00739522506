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

from .read_features import CENTRE, Prepared, brightness, crops, unit

EMPTY = "empty"
PLAIN = 0.35  # a bare square whose detail is below PLAIN x the plainest piece's is plain


@dataclass(frozen=True)
class Scored:
    """Scores of some squares against every look."""

    squares: np.ndarray  # (n,) indices into the board's squares
    pieces: np.ndarray  # (n, L) best correlation with each piece look
    empty: np.ndarray  # (n,) best correlation with the square's own bare look
    detail: np.ndarray  # (n,) detail (std over brightness) of the centred crop


@dataclass
class TaughtModel:
    """Everything learned from the teach photos, for one board size."""

    rows: int
    cols: int
    labels: list[str]  # piece labels: oriented tiles (8 digits) and daikaiju:<facing>
    vectors: np.ndarray  # (L, DIM) unit vectors
    empty: np.ndarray  # (rows * cols, DIM) unit vectors of the bare squares (zeros if untaught)
    empty_detail: np.ndarray  # (rows * cols,) detail of each bare square; -1 if untaught
    piece_detail: float  # detail of the plainest taught piece
    least: float = 0.5
    margin: float = 0.08

    def plain(self) -> np.ndarray:
        """Bare squares too plain for their correlation to mean anything."""
        return np.asarray((self.empty_detail >= 0) & (self.empty_detail < PLAIN * self.piece_detail))

    def score(self, prep: Prepared, squares: np.ndarray | None = None) -> Scored:
        idx = np.arange(self.rows * self.cols) if squares is None else np.asarray(squares)
        raw = crops(prep, idx)
        vecs, std = unit(raw)  # (n, S, DIM), (n, S)
        n, s, d = vecs.shape
        sims = (vecs.reshape(n * s, d) @ self.vectors.T).reshape(n, s, -1).max(axis=1)
        own = np.einsum("nsd,nd->ns", vecs, self.empty[idx]).max(axis=1)
        detail = std[:, CENTRE] / np.maximum(brightness(prep, idx), 1.0)
        return Scored(idx, sims, own, detail)


def calibrate(model: TaughtModel, samples: list[tuple[str, Scored, int]],
              least_floor: float = 0.35) -> None:
    """Set ``model.least`` from the taught squares read back with their own piece left out.

    ``samples`` holds (label or EMPTY, the square's scores, row k in those scores). The best
    score any wrong look reached, plus a little, is what a right look must beat."""
    from companion.tiles import Tile

    from .templates import DAIKAIJU

    def family(label: str) -> str:
        return DAIKAIJU if label.startswith(DAIKAIJU) else Tile.parse(label).pattern().notation()

    families = np.array([family(lb) for lb in model.labels])
    worst: list[float] = []
    for label, scored, k in samples:
        scores = scored.pieces[k]
        if label != EMPTY:
            scores = scores[families != family(label)]
        worst.append(float(scores.max()))
    if worst:
        model.least = float(min(0.7, max(least_floor, np.percentile(worst, 95) + 0.05)))
