"""Reading the squares of a board from a camera frame.

Every square is compared with the templates (normalised correlation of small grey patches,
:mod:`vision.features`). A square is called only when the best look is both close and clearly
ahead of the runner-up; otherwise it is ``unknown``: a wrong tile reported as sure is the
worst outcome.

With the game in mind, :meth:`BoardReader.read` takes what the companion knows and the legal
placements: squares that look as they did are not read again, and a new tile that fits no
legal placement is reported as such.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from companion.board import BoardProfile, Side, Square
from companion.tiles import Tile

from .board_finder import FOUND, NOT_FOUND, BoardFinder, BoardPose
from .errors import BadImage, BoardNotFound
from .features import normalise, patches, warp_top_down
from .geometry import MarkerLayout
from .reading import BoardReading, Content, Daikaiju, Observation, Piece, SquareReading
from .templates import DAIKAIJU, TemplateSet, builtin


@dataclass(frozen=True)
class Thresholds:
    """When a look is called. Measured on the benchmark set (docs/vision.md)."""

    least: float = 0.45  # best correlation needed to call a piece
    margin: float = 0.04  # lead over every other look needed to call it (see _Scores.lead)
    legal_margin: float = 0.025  # lead needed over looks that are not legal placements
    empty_band: float = 1.3  # contrast within this factor of the empty threshold is unclear
    changed: float = 0.06  # mean grey change (share of brightness) that marks a square changed


TAUGHT = Thresholds(least=0.5, margin=0.06, legal_margin=0.04)
"""Looks learned from a couple of photos are noisier than drawn ones: ask for a wider lead."""


@dataclass
class _Scores:
    labels: list[str]
    best: np.ndarray  # (n,) index into labels
    first: np.ndarray  # (n,) best correlation
    second: np.ndarray  # (n,) best correlation of any other label
    all: np.ndarray  # (n, len(labels))
    lead: np.ndarray  # (n, len(labels)) lead of the best over each label, scaled (see _score)


class BoardReader:
    """Reads one board profile frame after frame; keeps what it saw last to re-read fast."""

    def __init__(
        self,
        profile: BoardProfile,
        templates: TemplateSet | None = None,
        layout: MarkerLayout | None = None,
        thresholds: Thresholds | None = None,
        ships: object | None = None,
    ) -> None:
        self.profile = profile
        self.rows, self.cols = profile.rows, profile.cols
        self.templates = templates or builtin()
        self.finder = BoardFinder(self.rows, self.cols, layout)
        self.thresholds = thresholds or (
            Thresholds() if self.templates.source == "built-in" else TAUGHT)
        self.ships = ships  # a vision.ships.ShipFinder, when ships are to be read
        self._squares = profile.squares()
        self._labels, self._label_rows = _group(self.templates.labels)
        self._matrix = self.templates.vectors[np.concatenate(self._label_rows)].T.copy()
        self._bounds = np.cumsum([0] + [len(r) for r in self._label_rows])[:-1]
        self._label_index = {lb: i for i, lb in enumerate(self._labels)}
        self._pieces: dict[str, Tile | Side] = {
            lb: Side.parse(lb.split(":")[1]) if lb.startswith(DAIKAIJU) else Tile.parse(lb)
            for lb in self._labels}
        self._spread = _label_distances(self.templates, self._label_rows)
        self._last_patches: np.ndarray | None = None
        self._last_reading: BoardReading | None = None
        self._last_pose: BoardPose | None = None
        self._marker_looks: dict[int, np.ndarray] = {}

    # -- the public entry points ------------------------------------------------------

    def read(
        self,
        frame: np.ndarray,
        known: Mapping[Square, Piece] | None = None,
        legal: Mapping[Square, Sequence[Tile]] | None = None,
    ) -> BoardReading:
        """Read the board in ``frame``.

        ``known`` is the board as the companion holds it (squares left out are read afresh);
        ``legal`` lists, per square, the oriented tiles a legal move may put there. Returns a
        :class:`BoardReading` whose ``status`` is ``not found`` when the markers were not
        seen; it never raises for a bad frame.
        """
        image = _image(frame)
        if image is None:
            return self._not_found("the frame is empty or not an image", 0)
        try:
            pose, grey = self._pose(image)
        except BoardNotFound as exc:
            self._last_patches = None
            return self._not_found(str(exc), len(self.finder.last_detections))
        # When the markers were searched for, the frame is grey already; when they were not,
        # warping the colour frame first and going grey after touches far fewer pixels.
        top = _small_grey(warp_top_down(grey if grey is not None else image,
                                        pose.homography, self.rows, self.cols))
        colour = self._square_colours(image, pose)
        raw = patches(top, self.rows, self.cols)
        vecs, contrast = normalise(raw)
        changed = self._changed(raw)
        previous = self._last_reading
        reading = BoardReading(self.rows, self.cols, pose.markers, pose.status)
        # Read again: what changed, and what was unclear last time (a hand has moved away).
        todo = [i for i, sq in enumerate(self._squares)
                if changed[i] or previous is None
                or previous.squares[sq].content is Content.UNKNOWN]
        if todo:
            idx = np.array(todo)
            scores = self._score(vecs[idx])
            odd = self._odd_flat_squares(colour, contrast)
            for k, i in enumerate(todo):
                sq = self._squares[i]
                reading.squares[sq] = self._decide(scores, k, float(contrast[i]),
                                                   None if legal is None else legal.get(sq),
                                                   bool(odd[i]))
        for sq in self._squares:
            if sq in reading.squares:
                continue
            reading.squares[sq] = self._carried(sq, known, previous)
        if known is not None:
            reading.observations = self._observe(reading, known, legal)
        if self.ships is not None:
            reading.ships = self.ships.find(frame, pose.homography)  # type: ignore[attr-defined]
        self._last_patches = raw
        self._last_reading = reading
        return reading

    def forget(self) -> None:
        """Drop what was seen last: the next read reads every square."""
        self._last_patches = None
        self._last_reading = None

    # -- finding the board, fast when nothing moved ------------------------------------

    def _pose(self, image: np.ndarray) -> tuple[BoardPose, np.ndarray | None]:
        """The board's place, and the grey frame if the markers had to be searched for."""
        last = self._last_pose
        if last is not None and self._markers_unmoved(image, last):
            return last, None
        grey = _small_grey(image)
        pose = self.finder.find(grey)
        if pose.status == FOUND:
            self._remember_markers(grey, pose)
        self._last_pose = pose if pose.status == FOUND else self._last_pose
        return pose, grey

    def _square_colours(self, image: np.ndarray, pose: BoardPose) -> np.ndarray:
        """Mean colour (or grey) of every square, from a small warp: (rows * cols, channels)."""
        px = 8
        small = warp_top_down(image, pose.homography, self.rows, self.cols, px)
        mean = cv2.resize(small, (self.cols, self.rows), interpolation=cv2.INTER_AREA)
        return np.asarray(mean, np.float32).reshape(self.rows * self.cols, -1)

    def _marker_patch(self, grey: np.ndarray, pose: BoardPose, marker_id: int) -> np.ndarray:
        corners = self.finder.layout.array(marker_id).astype(np.float64)
        s = 16
        box = np.array([[0, 0], [s, 0], [s, s], [0, s]], np.float64)
        to_grid = cv2.getPerspectiveTransform(box.astype(np.float32), corners.astype(np.float32))
        m = pose.homography @ to_grid
        patch = cv2.warpPerspective(grey, m, (s, s), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP)
        v = _small_grey(patch).astype(np.float32).ravel()
        v -= v.mean()
        return v / max(float(np.linalg.norm(v)), 1e-6)

    def _remember_markers(self, grey: np.ndarray, pose: BoardPose) -> None:
        self._marker_looks = {i: self._marker_patch(grey, pose, i)
                              for i in self.finder.last_detections}

    def _markers_unmoved(self, grey: np.ndarray, pose: BoardPose) -> bool:
        """All remembered markers still look the same where the last fit puts them."""
        if len(self._marker_looks) < 3:
            return False
        for i, look in self._marker_looks.items():
            if float(look @ self._marker_patch(grey, pose, i)) < 0.9:
                return False
        return True

    # -- reading squares ------------------------------------------------------------------

    def _changed(self, raw: np.ndarray) -> np.ndarray:
        if self._last_patches is None or self._last_reading is None:
            return np.ones(len(raw), bool)
        diff = np.abs(raw - self._last_patches).mean(axis=(1, 2))
        bright = np.maximum(raw.mean(axis=(1, 2)), 1.0)
        return np.asarray((diff / bright) > self.thresholds.changed)

    def _score(self, vecs: np.ndarray) -> _Scores:
        sims = vecs @ self._matrix
        per_label = np.maximum.reduceat(sims, self._bounds, axis=1)
        order = np.argsort(-per_label, axis=1)[:, :2]
        rows = np.arange(len(vecs))
        best, first = order[:, 0], per_label[rows, order[:, 0]]
        # The lead over a look is measured along the line between the two looks: two tiles
        # that differ in one small corner are told apart by that corner alone, so their
        # correlations differ little even when the answer is plain (unit-noise scale).
        lead = (first[:, None] - per_label) / self._spread[best]
        lead[rows, best] = np.inf
        return _Scores(self._labels, best, first, per_label[rows, order[:, 1]], per_label,
                       lead)

    def _odd_flat_squares(self, mean: np.ndarray, contrast: np.ndarray) -> np.ndarray:
        """Plain squares that do not look like the other plain squares: a hand, a sleeve, a
        sheet of paper is as plain as bare board but not of its colour or brightness."""
        flat = contrast < self.templates.empty_contrast
        odd = np.zeros(len(contrast), bool)
        if flat.sum() < 3:
            return odd
        bright = mean.sum(axis=1) + 1.0
        ref_bright = float(np.median(bright[flat]))
        odd |= (bright / ref_bright > 1.5) | (bright / ref_bright < 0.6)
        if mean.shape[1] == 3:
            chroma = mean / bright[:, None]
            ref = np.median(chroma[flat], axis=0)
            odd |= np.abs(chroma - ref).max(axis=1) > 0.04
        return odd & flat

    def _decide(self, s: _Scores, k: int, contrast: float,
                legal: Sequence[Tile] | None, odd: bool = False) -> SquareReading:
        th = self.thresholds
        ratio = contrast / self.templates.empty_contrast
        first = float(s.first[k])
        if odd:
            return SquareReading(Content.UNKNOWN, 0.2)
        if ratio < 1.0 / th.empty_band:
            conf = min(0.99, 0.5 + 0.5 * float(np.log(1 / ratio) / np.log(4)))
            return SquareReading(Content.EMPTY, conf)
        if ratio < th.empty_band:
            return SquareReading(Content.UNKNOWN, 0.3)
        label = s.labels[int(s.best[k])]
        lead = s.lead[k]
        legal_labels = None if legal is None else {t.notation() for t in legal}
        legal_idx = [self._label_index[lb] for lb in legal_labels or () if lb in self._label_index]
        if legal_idx and int(s.best[k]) in legal_idx:
            # The legal placements are tried first: against looks no legal move can put
            # here, a legal best needs a smaller lead.
            mask = np.zeros(len(lead), bool)
            mask[legal_idx] = True
            ok = min(float(lead[mask].min()) / th.margin,
                     float(lead[~mask].min()) / th.legal_margin)
        else:
            ok = float(lead.min()) / th.margin
        conf = _confidence(first, ok, th.least)
        if first < th.least or ok < 1.0:
            return SquareReading(Content.UNKNOWN, min(conf, 0.49))
        piece = self._pieces[label]
        if isinstance(piece, Side):
            return SquareReading(Content.DAIKAIJU, conf, facing=piece)
        tile = piece
        is_legal = None if legal_labels is None else label in legal_labels
        return SquareReading(Content.TILE, conf, tile=tile, legal=is_legal)

    def _carried(self, sq: Square, known: Mapping[Square, Piece] | None,
                 previous: BoardReading | None) -> SquareReading:
        before = previous.squares[sq] if previous is not None else None
        conf = before.confidence if before is not None else 0.9
        if known is not None and sq in known:
            piece = known[sq]
            if piece is None:
                return SquareReading(Content.EMPTY, conf, changed=False)
            if isinstance(piece, Daikaiju):
                return SquareReading(Content.DAIKAIJU, conf, facing=piece.facing, changed=False)
            return SquareReading(Content.TILE, conf, tile=piece, changed=False)
        assert before is not None
        return SquareReading(before.content, before.confidence, before.tile, before.facing,
                             changed=False)

    def _observe(self, reading: BoardReading, known: Mapping[Square, Piece],
                 legal: Mapping[Square, Sequence[Tile]] | None) -> list[Observation]:
        out = []
        for sq, r in reading.squares.items():
            if not r.changed or r.content is Content.UNKNOWN:
                continue
            before = known.get(sq)
            if r.piece() == before:
                continue
            fits: bool | None = None
            if legal is not None:
                fits = r.content is Content.TILE and r.tile in tuple(legal.get(sq, ()))
            out.append(Observation(sq, before, r, fits))
        return out

    def _not_found(self, why: str, markers: int) -> BoardReading:
        reading = BoardReading(self.rows, self.cols, markers, NOT_FOUND)
        reading.squares = {sq: SquareReading(Content.UNKNOWN, 0.0) for sq in self._squares}
        reading.reason = why
        return reading


def _confidence(first: float, lead: float, least: float) -> float:
    """0.5 exactly at the calling line, towards 1 as both the match and the lead grow
    (``lead`` is the lead as a multiple of the one needed)."""
    def ramp(x: float, line: float, top: float) -> float:
        if x < line:
            return 0.5 * max(x, 0.0) / line
        return 0.5 + 0.5 * min(1.0, (x - line) / (top - line))

    return round(min(ramp(first, least, 0.95), ramp(lead, 1.0, 4.0)), 3)


_DISTANCES: dict[int, tuple[TemplateSet, np.ndarray]] = {}


def _label_distances(templates: TemplateSet, rows: list[np.ndarray]) -> np.ndarray:
    """Distance between every two labels' mean looks (unit vectors), for scaling leads;
    worked out once per template set."""
    key = id(templates)
    if key in _DISTANCES and _DISTANCES[key][0] is templates:
        return _DISTANCES[key][1]
    vectors = templates.vectors
    means = np.stack([vectors[r].mean(axis=0) for r in rows])
    means /= np.maximum(np.linalg.norm(means, axis=1, keepdims=True), 1e-6)
    sims = np.clip(means @ means.T, -1.0, 1.0)
    dist = np.asarray(np.sqrt(np.maximum(2.0 - 2.0 * sims, 1e-4)), np.float32)
    np.fill_diagonal(dist, 1.0)
    if len(_DISTANCES) > 8:
        _DISTANCES.clear()
    _DISTANCES[key] = (templates, dist)
    return dist


def _group(labels: list[str]) -> tuple[list[str], list[np.ndarray]]:
    order: dict[str, list[int]] = {}
    for i, lb in enumerate(labels):
        order.setdefault(lb, []).append(i)
    return list(order), [np.array(v) for v in order.values()]


def _small_grey(img: np.ndarray) -> np.ndarray:
    return img if img.ndim == 2 else cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)


def _image(frame: object) -> np.ndarray | None:
    """The frame as uint8 grey or BGR, or None when it is no image at all."""
    if not isinstance(frame, np.ndarray) or frame.size == 0:
        return None
    img: np.ndarray = frame
    if img.dtype != np.uint8:
        if not np.issubdtype(img.dtype, np.number):
            return None
        img = np.clip(np.nan_to_num(img), 0, 255).astype(np.uint8)
    if img.ndim == 3 and img.shape[2] == 4:
        return np.asarray(cv2.cvtColor(img, cv2.COLOR_BGRA2BGR))
    if img.ndim == 3 and img.shape[2] == 1:
        return np.ascontiguousarray(img[:, :, 0])
    if img.ndim == 2 or (img.ndim == 3 and img.shape[2] == 3):
        return img
    return None


def _grey(frame: np.ndarray | None) -> np.ndarray | None:
    if frame is None or not isinstance(frame, np.ndarray) or frame.size == 0:
        return None
    if frame.dtype != np.uint8:
        if not np.issubdtype(frame.dtype, np.number):
            return None
        frame = np.clip(frame, 0, 255).astype(np.uint8)
    if frame.ndim == 2:
        return frame
    if frame.ndim == 3 and frame.shape[2] == 3:
        return cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    if frame.ndim == 3 and frame.shape[2] == 4:
        return cv2.cvtColor(frame, cv2.COLOR_BGRA2GRAY)
    raise BadImage(f"a frame of shape {frame.shape} is not a grey or colour image")
