"""Calibration, step by step: what the settings wizard and ``companion vision calibrate`` call.

The wizard shows :func:`guess_grid_corners` over the camera picture, lets the player move
the four corners onto the real grid, then measures and saves::

    layout = measure_marker_layout(frame, board, corners)
    save_calibration(profile_dir, board, layout=layout)
    colours = measure_ship_colours(frame, board, profile_dir, {Point.parse("r1c3:0"): "red"})
    save_calibration(profile_dir, board, colours=colours)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

import cv2
import numpy as np

from companion.core.board import BoardProfile, Point

from .board_finder import BoardFinder
from .errors import BadImage, BoardNotFound, VisionError
from .geometry import MarkerLayout
from .markers import Detection, MarkerDetector
from .profile import (
    MARKERS_FILE,
    SHIPS_FILE,
    load_layout,
    load_ship_colours,
    save_layout,
    save_ship_colours,
)
from .ships import ShipFinder

Colour = tuple[float, float, float]


def _frame(frame: object) -> np.ndarray:
    if not isinstance(frame, np.ndarray) or frame.size == 0 or frame.dtype != np.uint8:
        raise BadImage("the frame is empty or not an 8-bit image")
    if frame.ndim == 2 or (frame.ndim == 3 and frame.shape[2] == 3):
        return frame
    raise BadImage(f"a frame of shape {frame.shape} is not a grey or BGR image")


def _detect(frame: np.ndarray) -> dict[int, Detection]:
    return MarkerDetector().detect(_frame(frame))


def grid_corners(board: BoardProfile) -> np.ndarray:
    """The grid's outer corners in grid units: top-left, top-right, bottom-right, bottom-left."""
    return np.array([[0, 0], [board.cols, 0], [board.cols, board.rows], [0, board.rows]],
                    np.float64)


def markers_seen(frame: np.ndarray) -> dict[int, np.ndarray]:
    """The board markers in view: id -> its 4x2 corners in image pixels (ArUco order)."""
    return {i: d.corners.copy() for i, d in sorted(_detect(frame).items())}


def _checked_corners(corners: np.ndarray) -> np.ndarray:
    quad = np.asarray(corners, np.float64)
    if quad.shape != (4, 2) or not np.isfinite(quad).all():
        raise VisionError(f"the grid corners must be four (x, y) pixel positions, "
                          f"not an array of shape {quad.shape}")
    # A self-crossing or mirrored quadrilateral means two corners were swapped: the order is
    # top-left, top-right, bottom-right, bottom-left, which a camera always sees clockwise.
    x, y = quad[:, 0], quad[:, 1]
    area = 0.5 * float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1)))
    if not cv2.isContourConvex(quad.astype(np.float32)) or area <= 0:
        raise VisionError("the four grid corners must go round the grid clockwise: "
                          "top-left, top-right, bottom-right, bottom-left")
    return quad


def measure_marker_layout(frame: np.ndarray, board: BoardProfile,
                          corners: np.ndarray) -> MarkerLayout:
    """Where the markers lie on this real board, in grid units, from a photo and the grid's
    four outer corners in it (pixels; top-left, top-right, bottom-right, bottom-left)."""
    quad = _checked_corners(corners)
    detections = _detect(frame)
    if len(detections) < 4:
        raise BoardNotFound(f"calibration needs all 4 markers in view; saw {len(detections)}")
    to_grid = cv2.getPerspectiveTransform(quad.astype(np.float32),
                                          grid_corners(board).astype(np.float32))
    measured: dict[int, tuple[tuple[float, float], ...]] = {}
    for i, d in detections.items():
        pts = cv2.perspectiveTransform(d.corners[None].astype(np.float64), to_grid)[0]
        measured[i] = tuple((float(x), float(y)) for x, y in pts)
    return MarkerLayout(measured)


def guess_grid_corners(frame: np.ndarray, board: BoardProfile) -> np.ndarray | None:
    """The grid's four corners in the frame (4x2 pixels, order as above) where the default
    marker geometry puts them, as a starting point for the player; None when the board is
    not in view."""
    default = MarkerLayout.default(board.rows, board.cols)
    finder = BoardFinder(board.rows, board.cols, default)
    detections = _detect(frame)
    try:
        homography = finder.fit(detections).homography
    except BoardNotFound:
        if len(detections) < 4:
            return None
        # Markers of another size or further out than the default (the very board that needs
        # calibrating) fail the fit's corner check; their centres still frame the grid.
        homography = _centres_homography(default, detections)
    return np.asarray(cv2.perspectiveTransform(grid_corners(board)[None], homography)[0])


def _centres_homography(layout: MarkerLayout, detections: dict[int, Detection]) -> np.ndarray:
    ids = sorted(detections)
    src = np.array([layout.array(i).mean(axis=0) for i in ids], np.float32)
    dst = np.array([detections[i].corners.mean(axis=0) for i in ids], np.float32)
    return np.asarray(cv2.getPerspectiveTransform(src, dst), np.float64)


def measure_ship_colours(frame: np.ndarray, board: BoardProfile, profile_dir: Path | None,
                         ships: Mapping[Point, str]) -> dict[str, Colour]:
    """The ship colour table to save: the profile's (or the default) colours, with those of
    the ships standing at the given points measured afresh. The board is placed with the
    marker layout saved in ``profile_dir`` (the default one without)."""
    if _frame(frame).ndim != 3:
        raise BadImage("ship colours need a colour frame, not a grey one")
    layout = load_layout(profile_dir, board)
    pose = BoardFinder(board.rows, board.cols, layout).fit(_detect(frame))
    finder = ShipFinder(board, load_ship_colours(profile_dir))
    finder.calibrate(frame, pose.homography, ships)
    return dict(finder.colours)


def save_calibration(profile_dir: Path, board: BoardProfile, layout: MarkerLayout | None = None,
                     colours: Mapping[str, Colour] | None = None,
                     measured: Iterable[str] = ()) -> list[Path]:
    """Store what was measured in the profile directory (created if absent); returns the
    files written."""
    written = []
    if layout is not None:
        save_layout(profile_dir, board, layout)
        written.append(profile_dir / MARKERS_FILE)
    if colours is not None:
        save_ship_colours(profile_dir, dict(colours), measured)
        written.append(profile_dir / SHIPS_FILE)
    return written
