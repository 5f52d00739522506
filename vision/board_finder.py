"""Placing the board in a camera frame from the four markers.

The result is a homography from grid units (one unit per square, docs/contracts.md 1) to image
pixels. With three or four markers it is fitted afresh; with fewer, the last good one carries
on as long as the markers still in view sit where it says they should (a hand over one corner
does not move the board).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .errors import BoardNotFound
from .geometry import MarkerLayout
from .markers import Detection, MarkerDetector

FOUND = "found"
HELD = "held"
NOT_FOUND = "not found"


@dataclass(frozen=True)
class BoardPose:
    homography: np.ndarray  # 3x3, grid units -> image pixels
    markers: int
    status: str  # FOUND or HELD
    error: float  # worst marker corner misfit, as a share of a marker's side


class BoardFinder:
    """Finds the board frame after frame; remembers the last good fit."""

    def __init__(
        self,
        rows: int,
        cols: int,
        layout: MarkerLayout | None = None,
        detector: MarkerDetector | None = None,
        tolerance: float = 0.08,
    ) -> None:
        self.rows, self.cols = rows, cols
        self.layout = layout or MarkerLayout.default(rows, cols)
        self.detector = detector or MarkerDetector()
        self.tolerance = tolerance
        self.last: BoardPose | None = None
        self.last_detections: dict[int, Detection] = {}
        self._arrays: tuple[MarkerLayout, dict[int, np.ndarray]] | None = None

    def corners(self) -> dict[int, np.ndarray]:
        """Every marker's corners in grid units (float32, read-only), made once per layout:
        a frame asks for them a dozen times."""
        if self._arrays is None or self._arrays[0] is not self.layout:
            arrays = {i: self.layout.array(i) for i in self.layout.corners}
            for a in arrays.values():
                a.flags.writeable = False
            self._arrays = (self.layout, arrays)
        return self._arrays[1]

    def find(self, image: np.ndarray) -> BoardPose:
        """Place the board or raise :class:`BoardNotFound` saying why. Frame after frame
        the markers are looked for first where they were last found (a camera on a stand
        sees them there again, or a hand over one of them)."""
        last = self.last_detections
        near = {i: d.corners for i, d in last.items()} if len(last) >= 3 else None
        found = self.detector.detect(
            image, self.corners(), near)
        self.last_detections = found
        return self.fit(found)

    def fit(self, found: dict[int, Detection]) -> BoardPose:
        n = len(found)
        if n >= 3:
            pose = self._fit(found)
            if pose is not None:
                self.last = pose
                return pose
        if self.last is not None and n >= 1:
            err = self._misfit(self.last.homography, found)
            if err <= self.tolerance:
                return BoardPose(self.last.homography, n, HELD, err)
            raise BoardNotFound(
                f"the board has moved and only {n} of 4 markers are in view; uncover the corners"
            )
        if n == 2 and self._diagonal(found):
            # Two opposite corners still pin the board well (eight corners, far apart).
            pose = self._fit(found)
            if pose is not None:
                self.last = pose
                return pose
        if n == 0:
            raise BoardNotFound("no board markers in view (ArUco DICT_4X4_50 ids 0-3)")
        seen = ", ".join(str(i) for i in sorted(found))
        if n >= 3:  # enough markers, but they do not lie as this board's do
            raise BoardNotFound(
                f"{n} board markers in view (id {seen}), but they do not lie as a "
                f"{self.rows}x{self.cols} board's do (another board size, or a marker moved?)")
        raise BoardNotFound(f"only {n} of the 4 board markers in view (saw id {seen})")

    @staticmethod
    def _diagonal(found: dict[int, Detection]) -> bool:
        return set(found) in ({0, 2}, {1, 3})

    def _fit(self, found: dict[int, Detection]) -> BoardPose | None:
        layout = self.corners()
        src = np.concatenate([layout[i] for i in sorted(found)])
        dst = np.concatenate([found[i].corners for i in sorted(found)])
        h, _ = cv2.findHomography(src, dst, 0)
        if h is None:
            return None
        err = self._misfit(h, found)
        if err > self.tolerance and len(found) == 4:
            # One marker out of place (a stray copy, a bumped sheet): fit on the other three.
            best: BoardPose | None = None
            for drop in sorted(found):
                rest = {i: d for i, d in found.items() if i != drop}
                pose = self._fit(rest)
                if pose is not None and (best is None or pose.error < best.error):
                    best = pose
            return best
        if err > self.tolerance or not self._plausible(h):
            return None
        return BoardPose(h, len(found), FOUND, err)

    def _misfit(self, h: np.ndarray, found: dict[int, Detection]) -> float:
        worst = 0.0
        layout = self.corners()
        for i, det in found.items():
            ref = layout[i]
            proj = cv2.perspectiveTransform(ref[None].astype(np.float64), h)[0]
            side = float(np.linalg.norm(det.corners[1] - det.corners[0])) or 1.0
            worst = max(worst, float(np.abs(proj - det.corners).max()) / side)
        return worst

    def _plausible(self, h: np.ndarray) -> bool:
        """The grid must come out as a convex quadrilateral of some size."""
        grid = np.array([[0, 0], [self.cols, 0], [self.cols, self.rows], [0, self.rows]], np.float64)
        quad = cv2.perspectiveTransform(grid[None], h)[0].astype(np.float32)
        return bool(cv2.isContourConvex(quad)) and cv2.contourArea(quad) > 400
