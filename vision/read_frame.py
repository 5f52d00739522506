"""What a camera frame gives before any square is read (:mod:`vision.recognise`): the frame
as an image at all, which squares look other than they did in the last frame read, and the
reading of a frame whose board was not found.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from companion.core.board import Square

from .board_finder import NOT_FOUND
from .errors import BadImage
from .reading import BoardReading, Content, SquareReading


def as_image(frame: object) -> np.ndarray | None:
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


def grey_frame(frame: np.ndarray | None) -> np.ndarray | None:
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


def changed_squares(raw: np.ndarray, last: np.ndarray | None, threshold: float) -> np.ndarray:
    """Which squares' crops ``raw`` differ from the ``last`` ones (all when there are none)
    by more than ``threshold`` of their brightness: only those are read again."""
    if last is None:
        return np.ones(len(raw), bool)
    diff = np.abs(raw - last).mean(axis=(1, 2))
    bright = np.maximum(raw.mean(axis=(1, 2)), 1.0)
    return np.asarray((diff / bright) > threshold)


def not_found(rows: int, cols: int, squares: Sequence[Square], why: str,
              markers: int) -> BoardReading:
    """The reading of a frame whose board was not found: every square unknown, and why."""
    reading = BoardReading(rows, cols, markers, NOT_FOUND)
    reading.squares = {sq: SquareReading(Content.UNKNOWN, 0.0) for sq in squares}
    reading.reason = why
    return reading
