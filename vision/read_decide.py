"""From scores to what a square holds: when to call a piece, when to say ``unknown``.

Two readers score squares: the taught one (:mod:`vision.read_taught`, correlation with the
owner's own pieces and each square's own bare look) and the built-in one
(:mod:`vision.read_paths`, evidence of the paths between the rim points). A look is called
only when it is good enough and clearly ahead of the next; a wrong piece reported as sure is
the worst outcome, so when in doubt a square is ``unknown`` and the app asks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from companion.core.board import Side
from companion.tsuro.tiles import Tile

from .quick_stats import median
from .reading import Content, SquareReading
from .templates import DAIKAIJU


@dataclass(frozen=True)
class Thresholds:
    """When a look is called. Chosen on the simulated looks other than ``held-out``
    (docs/vision.md); the taught calling line (``least``) comes from the teach photos."""

    margin: float = 0.08  # taught: lead of the best look over every other
    legal_margin: float = 0.05  # taught: lead needed over looks no legal move can put there
    path_tile: float = 0.5  # built-in: path evidence (over the square's own) to call a tile
    path_empty: float = 0.35  # built-in: a square with less evidence than this may be bare
    path_margin: float = 0.1  # built-in: lead of the best tile over the next
    path_legal_margin: float = 0.05
    path_rim: float = 0.03  # built-in: the second weakest path end must show a line this strong
    plain: float = 0.03  # built-in: a middle this plain (detail over brightness) ...
    plain_rim: float = 0.1  # ... with path ends this faint holds no tile
    changed: float = 0.06  # mean grey change (share of brightness) that marks a square changed


@dataclass(frozen=True)
class Call:
    """One square's verdict before it becomes a :class:`SquareReading`."""

    label: str | None  # an 8-digit tile, daikaiju:<facing>, "empty", or None for unknown
    confidence: float
    lead: float = 0.0  # how far ahead of the next look (for the inventory)
    second: str | None = None  # the next best look
    twins: bool = False  # left open between two near twins: no second reader settles it
    # a square taught bare and plain whose plainness fell between a bare square's and a
    # tile's: bare after all when the paths show nothing (vision.read_combine.agree)
    plain: bool = False


EMPTY = "empty"


def pick(labels: Sequence[str], scores: np.ndarray, least: float, margin: float,
         legal: set[str] | None, legal_margin: float,
         distance: np.ndarray | None = None) -> Call:
    """The best look if it is at least ``least`` and ``margin`` ahead of every other
    (``legal_margin`` ahead of looks no legal move can put here, when it is legal).

    With ``distance`` (between every two looks), the lead over a look is measured along the
    line between the two: two tiles that differ in one corner are told apart by that corner
    alone, so their scores differ little even when the answer is plain."""
    order = np.argsort(-scores)
    best, first = int(order[0]), float(scores[order[0]])
    label = labels[best]
    others = first - scores
    if distance is not None:
        others = others / distance[best]
    others = first - others  # scores as they count against the best
    others[best] = -np.inf
    if legal and label in legal:
        is_legal = np.array([lb in legal or lb == EMPTY for lb in labels])
        near = others[is_legal].max(initial=-np.inf)
        far = others[~is_legal].max(initial=-np.inf)
        ok = min((first - near) / margin, (first - far) / legal_margin)
    else:
        ok = (first - float(others.max())) / margin
    second = labels[int(order[1])] if len(order) > 1 else None
    conf = confidence(first, ok, least)
    if first < least or ok < 1.0:
        return Call(None, min(conf, 0.49), ok, label)
    return Call(label, conf, ok, second)


def confidence(first: float, lead: float, least: float) -> float:
    """0.5 exactly at the calling line, towards 1 as both the match and the lead grow
    (``lead`` is the lead as a multiple of the one needed)."""
    # Each a ramp: up to 0.5 at its line, on to 1 at its top (the match's top is
    # max(least + 0.3, 0.95), the lead's 4). Written out: it is asked a hundred times a read.
    if first < least:
        match = 0.5 * max(first, 0.0) / max(least, 1e-6)
    else:
        top = max(least + 0.3, 0.95)
        match = 0.5 + 0.5 * min(1.0, (first - least) / max(top - least, 1e-6))
    ahead = (0.5 * max(lead, 0.0) if lead < 1.0
             else 0.5 + 0.5 * min(1.0, (lead - 1.0) / 3.0))
    return round(min(match, ahead), 3)


def lead_confidence(lead: float, line: float) -> float:
    """The confidence of a square settled by a lead over its runner-up: 0.5 at the line
    ``line`` the lead had to reach, 0.75 at four times it.

    >>> lead_confidence(0.03, 0.03), lead_confidence(0.5, 0.03)
    (0.562, 0.75)
    """
    return round(0.5 + 0.25 * min(1.0, lead / (4 * line)), 3)


def reading_of(call: Call, legal: set[str] | None) -> SquareReading:
    if call.label is None:
        return SquareReading(Content.UNKNOWN, min(call.confidence, 0.49))
    if call.label == EMPTY:
        return SquareReading(Content.EMPTY, call.confidence)
    if call.label.startswith(DAIKAIJU):
        return SquareReading(Content.DAIKAIJU, call.confidence,
                             facing=Side.parse(call.label.split(":")[1]))
    is_legal = None if legal is None else call.label in legal
    return SquareReading(Content.TILE, call.confidence, tile=_tile(call.label),
                         legal=is_legal)


@lru_cache(maxsize=256)  # the 105 oriented tiles and a few more: bounded over a long game
def _tile(label: str) -> Tile:
    """The tile of an 8-digit label, parsed once (a tile is immutable; parsing checks every
    link and costs more than the rest of a square's reading)."""
    return Tile.parse(label)


def odd_plain(colour: np.ndarray, detail: np.ndarray, bare: np.ndarray,
              plain_line: float, glare: bool = False) -> np.ndarray:
    """Squares about to be called bare that are plainer than the other bare squares, or plain
    but of another colour than the plain bare squares: a hand, a sleeve, a sheet of paper.
    ``bare`` marks the squares about to be called bare; returns a mask over all squares.
    With ``glare``, a colour between the plain squares' and white is not odd (the bare
    squares were taught, so a tile is not among them)."""
    odd = np.zeros(len(detail), bool)
    if bare.sum() < 3:
        return odd
    typical = float(median(detail[bare]))
    if typical >= plain_line:  # bare squares show art here: a plain one is something else
        odd |= bare & (detail < 0.4 * typical)
    plain = bare & (detail < plain_line)
    if plain.sum() >= 3 and typical < plain_line:
        bright = colour.sum(axis=1) + 1.0
        ref = float(median(bright[plain]))
        chroma = colour / bright[:, None]
        ref_chroma = median(chroma[plain], axis=0)
        # Glare mixes the board's colour with white, shade darkens it: neither is odd. What
        # is left after taking out a mix with grey is the colour of something else.
        left = off_colour(chroma, ref_chroma)
        if glare:
            far = far_in_colour(bright / ref, left)
        else:
            far = ((bright / ref > 2.0) | (bright / ref < 0.5)
                   | (np.abs(chroma - ref_chroma).max(axis=1) > 0.06))
        odd |= bare & far
    return odd


def off_colour(chroma: np.ndarray, ref: np.ndarray) -> np.ndarray:
    """How far each square's colour (``chroma``: BGR over its sum, (n, 3)) lies off the line
    from grey through ``ref`` (one colour, (3,), or each square's own, (n, 3)): glare mixes a
    colour with white and shade darkens it, moving it along that line; what is left after
    taking out a mix with grey is the colour of something else."""
    grey = np.full(3, 1 / 3)
    d, r = chroma - grey, ref - grey
    if r.ndim == 1:
        mix = np.clip(d @ r / max(float(r @ r), 1e-9), 0.0, 1.2)
    else:
        mix = np.clip((d * r).sum(axis=1) / np.maximum((r * r).sum(axis=1), 1e-9), 0.0, 1.2)
    return np.asarray(np.abs(d - mix[:, None] * r).max(axis=1))


def far_in_colour(rel: np.ndarray, left: np.ndarray) -> np.ndarray:
    """The lines past which a bare square's colour is another thing's, glare allowed for:
    brightness ``rel`` (over the reference's) 2.5 times or 0.4 times, or ``left``
    (:func:`off_colour`) over 0.04."""
    return np.asarray((rel > 2.5) | (rel < 0.4) | (left > 0.04))


def tile_coloured(colour: np.ndarray, sure: np.ndarray) -> np.ndarray | None:
    """Which squares have the colour of the tiles read surely (``sure`` marks them): the
    pieces of one set are printed alike, board art and a hand are not. None when too few
    tiles were read surely to say."""
    if sure.sum() < 4:
        return None
    bright = colour.sum(axis=1) + 1.0
    chroma = colour / bright[:, None]
    ref = median(chroma[sure], axis=0)
    dist = np.abs(chroma - ref).max(axis=1)
    spread = float(median(dist[sure]))
    return np.asarray(dist < max(3.0 * spread, 0.025))
