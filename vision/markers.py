"""The four ArUco camera markers (docs/contracts.md 3): finding them in a frame (the
printable sheet: :mod:`vision.marker_sheet`)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import cv2
import numpy as np

from .geometry import MARKER_IDS
from .marker_fit import PREV as _PREV
from .marker_fit import refine_quads
from .markers_blur import blurred_markers, our_markers

DICTIONARY = cv2.aruco.DICT_4X4_50


def _dictionary() -> cv2.aruco.Dictionary:
    return cv2.aruco.getPredefinedDictionary(DICTIONARY)


def marker_image(marker_id: int, side_px: int) -> np.ndarray:
    """The marker, its outer black border filling ``side_px`` square (grey, uint8)."""
    return cv2.aruco.generateImageMarker(_dictionary(), marker_id, side_px, borderBits=1)


@dataclass(frozen=True)
class Detection:
    marker_id: int
    corners: np.ndarray  # 4x2 float32, image pixels, ArUco corner order


_CELL = 4  # pixels per marker cell when reading bits
_CELLS_BOX = np.array([[0, 0], [6 * _CELL, 0], [6 * _CELL, 6 * _CELL], [0, 6 * _CELL]],
                      np.float32)  # a marker's six cells a side, read at _CELL pixels each


class MarkerDetector:
    """Finds our four markers; other ids and other dictionaries' markers are ignored.

    Each marker's corner touches the dark grid's corner (docs/contracts.md 3), so the adaptive
    threshold of the stock detector often merges the marker with the grid and loses it. We
    first scan a half-size copy at a few global grey levels, where the white margin keeps the
    marker apart, read the bits ourselves and refine corners at full size; only when fewer
    than three markers come out does ``cv2.aruco.ArucoDetector`` get a turn.
    """

    # Grey levels tried in turn; lit unevenly, different markers come apart at different
    # levels. The black border prints darker than any board, the margin lighter.
    LEVELS = (60, 90, 45, 75, 105, 30, 120, 135, 150)

    def __init__(self, levels: tuple[int, ...] = LEVELS) -> None:
        params = cv2.aruco.DetectorParameters()
        params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_NONE
        self._dictionary = _dictionary()
        self._detector = cv2.aruco.ArucoDetector(self._dictionary, params)
        self._levels = levels
        self._all_levels = levels + tuple(v for v in range(20, 230, 10) if v not in levels)

    def detect(self, image: np.ndarray,
               layout: Mapping[int, np.ndarray] | None = None,
               near: Mapping[int, np.ndarray] | None = None) -> dict[int, Detection]:
        """Our markers in ``image``. ``layout`` (each marker's corners in grid units, as
        :class:`vision.geometry.MarkerLayout` gives them) lets the scan, once two or three
        markers are found, look for the rest only where those say they lie. ``near`` (each
        marker's corners in the image where it was last seen) lets it look first only round
        there: a board nudged costs a few small windows; when a marker is not found again
        there (the board moved far, a hand over it), the whole frame is searched."""
        grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        found: dict[int, Detection] = {}
        if near:
            found = self._scan(grey, layout, start=near)
            if not _stayed(found, near):
                # a marker not found again, or moved so far that the windows may have
                # missed another at its first level (another marker in an old window): the
                # search starts afresh, as it would without ``near``
                found = {}
        if len(found) < 3:
            found = self._scan(grey, layout)
        if len(found) < 3:
            for marker_id, det in self._aruco(grey).items():
                found.setdefault(marker_id, det)
        if len(found) < 3:
            found = self._blurred(grey, found)
        return found

    def _blurred(self, grey: np.ndarray, found: dict[int, Detection]) -> dict[int, Detection]:
        """``found`` and the markers :func:`vision.markers_blur.blurred_markers` finds
        besides, when together they are three or more (else ``found`` alone)."""
        more = {i: Detection(i, q) for i, q in blurred_markers(grey, self._dictionary).items()
                if i not in found}
        if len(found) + len(more) < 3:
            return found
        return {**found, **self._refine_all(grey, more)}

    def _aruco(self, grey: np.ndarray) -> dict[int, Detection]:
        corners, ids, _ = self._detector.detectMarkers(grey)
        found = {i: Detection(i, q) for i, q in our_markers(corners, ids).items()}
        return self._refine_all(grey, found)

    def _scan(self, grey: np.ndarray, layout: Mapping[int, np.ndarray] | None = None,
              by_two: bool = True, start: Mapping[int, np.ndarray] | None = None
              ) -> dict[int, Detection]:
        """The markers found at the grey levels in turn; with ``start``, only in windows
        round those corners (image pixels)."""
        f = 0.5 if max(grey.shape) > 700 else 1.0
        small = grey if f == 1.0 else cv2.resize(grey, None, fx=f, fy=f,
                                                 interpolation=cv2.INTER_AREA)
        found: dict[int, Detection] = {}
        twice: set[int] = set()
        # The usual levels first; only a frame with fewer than three markers pays for more.
        levels = self._all_levels
        # Once markers are found they place the others: later levels look only there (a
        # level over the whole frame costs about half a millisecond, most of it in the
        # outlines of the board's art; a small window almost nothing). Three markers place
        # the others to a few pixels; two to within a marker's side (0.8 at worst on the
        # simulated looks), so their windows are wider; if no third marker turns up in them,
        # the search starts again as if they had not been found (``by_two`` False).
        windows: list[tuple[int, int, int, int]] | None = None
        placed_by = 0
        narrowed = False
        if start is not None:
            windows = [_box(np.asarray(q, np.float64) * f, 1.0, small.shape)
                       for q in start.values()]
            if layout is not None and len(start) >= 3:  # and where those place the rest
                windows += _windows({i: Detection(i, np.asarray(q, np.float32))
                                     for i, q in start.items()}, layout, f, small.shape)
        for n, level in enumerate(levels):
            if n >= len(self._levels) and len(found) >= 3:
                break  # three markers place the board; the fourth is not worth the time
            if (layout is not None and len(found) >= (2 if by_two else 3)
                    and placed_by != len(found)):
                placed_by = len(found)
                windows = _windows(found, layout, f, small.shape, 1.0 if placed_by >= 3
                                   else 3.0)
            self._level(grey, small, f, level, windows, n >= len(self._levels), found, twice)
            narrowed = narrowed or (windows is not None and placed_by < 3)
            if len(found) == len(MARKER_IDS):
                break
        if narrowed and len(found) < 3 and start is None:  # two markers' windows missed
            return self._scan(grey, layout, by_two=False)
        return self._refine_all(grey, found)

    def _level(self, grey: np.ndarray, small: np.ndarray, f: float, level: int,
               windows: list[tuple[int, int, int, int]] | None, retry: bool,
               found: dict[int, Detection], twice: set[int]) -> None:
        """Look for markers among the outlines at one grey level; new ones go in ``found``,
        ids seen twice at this level (two copies: which marks the board?) in ``twice``."""
        min_per = 40 * f
        max_per = 0.5 * (small.shape[0] + small.shape[1])
        # A marker found at an earlier level shows up again at most later ones: its bits
        # need not be read again (what it would read is kept already).
        known = [(_centre(d.corners), _span(d.corners[0] - d.corners[2]))
                 for d in found.values()]
        seen_here: dict[int, np.ndarray] = {}
        for c in _outlines(small, level, windows):
            if len(c) < 4:
                continue
            per = cv2.arcLength(c, True)
            if not min_per <= per <= max_per:
                continue
            quad = cv2.approxPolyDP(c, 0.04 * per, True)
            if len(quad) != 4 or not cv2.isContourConvex(quad):
                continue
            # A square seen at up to ~45 degrees still fills most of (perimeter/4)^2,
            # its outline fills its four corners, and no side is far shorter than another.
            area = cv2.contourArea(quad)
            if area < 0.45 * (per / 4) ** 2:
                continue
            if not 0.8 * area <= cv2.contourArea(c) <= 1.2 * area:
                continue
            if _uneven(quad.reshape(4, 2).tolist()):
                continue
            q = quad.reshape(4, 2).astype(np.float32) / f
            if cv2.contourArea(q, True) < 0:
                q = q[::-1].copy()
            centre = _centre(q)
            if any(_span(centre - at) < 0.15 * span for at, span in known):
                continue
            got = self._read_bits(grey, q, retry=retry)
            if got is None:
                continue
            marker_id, ordered = got
            if marker_id in seen_here and np.abs(seen_here[marker_id] - ordered).max() > 4:
                twice.add(marker_id)
            seen_here[marker_id] = ordered
        for marker_id, q in seen_here.items():
            if marker_id not in found and marker_id not in twice:
                found[marker_id] = Detection(marker_id, q)

    def _refine_all(self, grey: np.ndarray, found: dict[int, Detection]) -> dict[int, Detection]:
        if not found:
            return found
        ids = sorted(found)
        quads = refine_quads(grey, np.stack([found[i].corners for i in ids]))
        return {i: Detection(i, quads[k]) for k, i in enumerate(ids)}

    def _read_bits(self, grey: np.ndarray, q: np.ndarray, retry: bool = False
                   ) -> tuple[int, np.ndarray] | None:
        s = 6 * _CELL
        h = cv2.getPerspectiveTransform(q, _CELLS_BOX)
        patch = cv2.warpPerspective(grey, h, (s, s), flags=cv2.INTER_LINEAR)
        _, bw = cv2.threshold(patch, 0, 1, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        # The middle of each cell decides; its rim is blurred by its neighbours. (The four
        # middle pixels of every cell added as four strided views: a count of 0-4 each.)
        cells = (bw[1::_CELL, 1::_CELL] + bw[1::_CELL, 2::_CELL] + bw[2::_CELL, 1::_CELL]
                 + bw[2::_CELL, 2::_CELL]) > 2
        ring = np.count_nonzero(cells) - np.count_nonzero(cells[1:5, 1:5])  # white on it
        if ring:
            # A mostly black ring is a marker seen through rough corners: when a marker is
            # still missing, fit its corners to its edges and read it again.
            if retry and ring <= 4:
                return self._read_bits(grey, refine_quads(grey, q[None])[0])
            return None
        ok, idx, rot = self._dictionary.identify(cells[1:5, 1:5].astype(np.uint8), 0.0)
        if not ok or int(idx) not in MARKER_IDS:
            return None
        return int(idx), np.roll(q, int(rot), axis=0)



def _centre(q: np.ndarray) -> np.ndarray:
    """``q.mean(axis=0)`` of four corners: numpy adds them in turn down the axis, so this is
    the same sum, for a fraction of the cost (a search asks for dozens)."""
    return np.asarray((((q[0] + q[1]) + q[2]) + q[3]) / 4)


def _span(d: np.ndarray) -> float:
    """``float(np.abs(d).max())`` of a two-vector."""
    return float(max(abs(d[0]), abs(d[1])))


def _uneven(corners: list[list[float]]) -> bool:
    """Whether the shortest side of a quad of whole-pixel corners is under half the
    longest: the float32 lengths numpy's norm gives (a sum of two whole squares is exact,
    its root rounded once to float32, as there), compared as there."""
    sides = []
    for k in range(4):
        (x0, y0), (x1, y1) = corners[k], corners[_PREV[k]]
        sides.append(float(np.float32(math.sqrt(float((x0 - x1) ** 2 + (y0 - y1) ** 2)))))
    return min(sides) < 0.5 * max(sides)


def _outlines(small: np.ndarray, level: int,
              windows: list[tuple[int, int, int, int]] | None) -> list[np.ndarray]:
    """Outer outlines with holes in them (a marker is a dark outline with white bits inside;
    a bare dark square has none and is not worth reading) of the pixels darker than
    ``level``: over the whole frame, or only inside ``windows`` (x0, y0, x1, y1)."""
    out: list[np.ndarray] = []
    whole = [(0, 0, small.shape[1], small.shape[0])]
    for x0, y0, x1, y1 in windows if windows is not None else whole:
        _, mask = cv2.threshold(small[y0:y1, x0:x1], level - 0.5, 1, cv2.THRESH_BINARY_INV)
        contours, tree = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE,
                                          offset=(x0, y0))
        if tree is None:
            continue
        keep = np.flatnonzero((tree[0][:, 3] == -1) & (tree[0][:, 2] != -1))
        out.extend(contours[int(k)] for k in keep)
    return out


def _windows(found: Mapping[int, Detection], layout: Mapping[int, np.ndarray], f: float,
             shape: tuple[int, ...], sides: float = 1.0) -> list[tuple[int, int, int, int]]:
    """Where the markers not yet found lie in the scanned (``f`` times smaller) frame, as
    the found ones place them, with ``sides`` marker sides and a few pixels to spare each
    way."""
    ids = sorted(found)
    src = np.concatenate([np.asarray(layout[i], np.float64) for i in ids])
    dst = np.concatenate([found[i].corners for i in ids]).astype(np.float64) * f
    h, _ = cv2.findHomography(src, dst, 0)
    out: list[tuple[int, int, int, int]] = []
    if h is None:
        return out
    for i in (m for m in MARKER_IDS if m not in found and m in layout):
        at = cv2.perspectiveTransform(np.asarray(layout[i], np.float64)[None], h)[0]
        x0, y0, x1, y1 = _box(at, sides, shape)
        if x1 - x0 >= 8 and y1 - y0 >= 8:
            out.append((x0, y0, x1, y1))
    return out


def _stayed(found: Mapping[int, Detection], near: Mapping[int, np.ndarray]) -> bool:
    """Every marker of ``near`` found again within half its side of where it was: then
    each window round an old place (a side and more to spare) held its marker whole, and
    the windowed scan found what the whole frame's would have."""
    for i, q in near.items():
        if i not in found:
            return False
        old = np.asarray(q, np.float64)
        side = float(np.linalg.norm(old - old[_PREV], axis=1).min())
        moved = float(np.abs(found[i].corners.mean(axis=0) - old.mean(axis=0)).max())
        if moved > 0.5 * side:
            return False
    return True


def _box(at: np.ndarray, sides: float, shape: tuple[int, ...]) -> tuple[int, int, int, int]:
    """A window (x0, y0, x1, y1) round the corners ``at`` with ``sides`` of their quad's
    side and a few pixels to spare each way, inside a frame of ``shape``."""
    side = float(np.linalg.norm(at - np.roll(at, 1, axis=0), axis=1).max())
    pad = sides * side + 6.0
    x0, y0 = (int(max(0.0, v - pad)) for v in at.min(axis=0))
    x1 = int(min(float(shape[1]), float(at[:, 0].max()) + pad))
    y1 = int(min(float(shape[0]), float(at[:, 1].max()) + pad))
    return x0, y0, x1, y1
