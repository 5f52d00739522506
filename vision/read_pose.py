"""Where the board lies, frame after frame (issue 9): the markers are searched for only when
they moved.

A re-read checks that every remembered marker still looks the same where the last fit puts
it (a 16 x 16 look of each, compared by correlation); only when one moved is the frame
searched again (:class:`vision.board_finder.BoardFinder`).
"""

from __future__ import annotations

import cv2
import numpy as np

from .board_finder import FOUND, BoardFinder, BoardPose

LOOK = 16  # side of a marker's remembered look, pixels
_BOX = np.array([[0, 0], [LOOK, 0], [LOOK, LOOK], [0, LOOK]], np.float64)  # a look's corners
STILL = 0.9  # correlation above which a marker has not moved


def small_grey(img: np.ndarray) -> np.ndarray:
    return img if img.ndim == 2 else cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)


class PoseKeeper:
    """The board's last pose and its markers' looks, for one reader."""

    def __init__(self, finder: BoardFinder) -> None:
        self.finder = finder
        self.last: BoardPose | None = None
        self._looks: dict[int, np.ndarray] = {}
        self._windows_pose: BoardPose | None = None  # the pose _windows were placed by
        self._windows: dict[tuple[int, ...], tuple[tuple[int, int, int, int], np.ndarray]] = {}
        self._grid_for: dict[int, np.ndarray] | None = None  # the corners _grids were made of
        self._grids: dict[int, np.ndarray] = {}

    def pose(self, image: np.ndarray) -> tuple[BoardPose, np.ndarray | None]:
        """The board's place, and the grey frame if the markers had to be searched for."""
        last = self.last
        if last is not None and self._unmoved(image, last):
            return last, None
        grey = small_grey(image)
        pose = self.finder.find(grey)
        if pose.status == FOUND:
            self._looks = {i: self._look(grey, pose, i) for i in self.finder.last_detections}
        self.last = pose if pose.status == FOUND else self.last
        return pose, grey

    def _look(self, grey: np.ndarray, pose: BoardPose, marker_id: int) -> np.ndarray:
        (x0, y0, x1, y1), warp = self._window(pose, marker_id, grey.shape[:2])
        patch = cv2.warpPerspective(grey[y0:y1, x0:x1], warp, (LOOK, LOOK),
                                    flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                    borderMode=cv2.BORDER_REPLICATE)
        v = small_grey(patch).astype(np.float32).ravel()
        v -= np.add.reduce(v) / v.size  # its mean and norm as numpy's, without the wrappers
        return v / max(float(np.sqrt(v.dot(v))), 1e-6)

    def _window(self, pose: BoardPose, marker_id: int, shape: tuple[int, ...]
                ) -> tuple[tuple[int, int, int, int], np.ndarray]:
        """The part of the frame (x0, y0, x1, y1) holding a marker where ``pose`` puts it,
        and the warp from there to its look; kept for the pose (every re-read checks the
        same places)."""
        if self._windows_pose is not pose:
            self._windows_pose, self._windows = pose, {}
        key = (marker_id, *shape)
        if key not in self._windows:
            m = pose.homography @ self._to_grid(marker_id)
            # Only the marker's part of the frame: warping reads far fewer pixels.
            at = cv2.perspectiveTransform(_BOX[None], m)[0]
            h, w = shape[:2]
            x0, y0 = (max(0, int(v) - 2) for v in at.min(axis=0))
            x1, y1 = (int(v) + 3 for v in at.max(axis=0))
            x1, y1 = min(w, max(x1, x0 + 1)), min(h, max(y1, y0 + 1))
            shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64)
            self._windows[key] = ((x0, y0, x1, y1), shift @ m)
        return self._windows[key]

    def _to_grid(self, marker_id: int) -> np.ndarray:
        """The warp from a marker's look to its place in grid units: the layout's alone, so
        made once per layout (a full read asks for every marker's)."""
        corners = self.finder.corners()
        if self._grid_for is not corners:
            self._grid_for, self._grids = corners, {}
        if marker_id not in self._grids:
            self._grids[marker_id] = cv2.getPerspectiveTransform(
                _BOX.astype(np.float32), np.array(corners[marker_id], np.float32))
        return self._grids[marker_id]

    def _unmoved(self, grey: np.ndarray, pose: BoardPose) -> bool:
        """All remembered markers still look the same where the last fit puts them."""
        if len(self._looks) < 3:
            return False
        for i, look in self._looks.items():
            if float(look @ self._look(grey, pose, i)) < STILL:
                return False
        return True
