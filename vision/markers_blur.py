"""The board's markers in a blurred or distant photo: the last try of
:class:`vision.markers.MarkerDetector` when fewer than three markers came out (issue 9).

A phone held a little far off, or shaking, blurs the markers' cells into each other: at
twice the benchmark's blur (up to 2.8 px) or half as far again (markers of about 20 px) the
grey-level scan and the stock detector found fewer than three markers on 1-5 of 12 photos
a look and size (`mottled`, `reeds`, taught), and the board was not found at all, though
every square read right on the photos where it was. An unsharp mask brings the cells'
edges back, and the stock detector is then let correct bit errors (``errorCorrectionRate``
1.0): with it at most 1 of 12 was not found, and no square was read wrong. A marker read with a
bit corrected could be another one, so what this finds counts only when, with what the
scan found, three or more markers are in view: the board finder fits them together and
refuses markers that do not lie where the others place them.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from .geometry import MARKER_IDS

SHARPEN_SIGMA = 3.0  # px: the unsharp mask's blur, about a marker cell at 20 px a marker
SHARPEN_AMOUNT = 1.0  # the image plus this much of itself less its blur


def sharpened(grey: np.ndarray) -> np.ndarray:
    """``grey`` with its edges steepened (unsharp mask), uint8."""
    soft = cv2.GaussianBlur(grey, (0, 0), SHARPEN_SIGMA)
    return cv2.addWeighted(grey, 1.0 + SHARPEN_AMOUNT, soft, -SHARPEN_AMOUNT, 0)


def blurred_markers(grey: np.ndarray, dictionary: cv2.aruco.Dictionary
                    ) -> dict[int, np.ndarray]:
    """Our markers' corners (4x2 float32, ArUco corner order) found in the sharpened photo
    with bit errors corrected; an id seen twice is left out."""
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_NONE
    params.errorCorrectionRate = 1.0
    corners, ids, _ = cv2.aruco.ArucoDetector(dictionary, params).detectMarkers(sharpened(grey))
    return our_markers(corners, ids)


def our_markers(corners: Sequence[np.ndarray], ids: np.ndarray | None) -> dict[int, np.ndarray]:
    """What an ArUco detector found, kept to our ids (docs/contracts.md 3) as 4x2 float32
    corners; an id seen twice is left out (which copy marks the board?)."""
    found: dict[int, np.ndarray] = {}
    if ids is None:
        return found
    twice: set[int] = set()
    for cs, i in zip(corners, ids.ravel(), strict=True):
        marker_id = int(i)
        if marker_id not in MARKER_IDS:
            continue
        if marker_id in found:
            twice.add(marker_id)
        found[marker_id] = np.asarray(cs, np.float32).reshape(4, 2)
    return {i: q for i, q in found.items() if i not in twice}
