"""The project's own drawing of the pieces of Veterans of the Seas (vision/veterans.py reads
them; the simulated camera draws them)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from .reading import VetPiece


@dataclass(frozen=True)
class Palette:
    """The colours of a drawn set of the pieces (BGR): each piece's ground, and its marks."""

    gold: tuple[int, int, int] = (40, 175, 235)
    blue: tuple[int, int, int] = (190, 105, 30)
    uzushio: tuple[int, int, int] = (150, 150, 20)
    portal: tuple[int, int, int] = (130, 40, 125)
    mark: tuple[int, int, int] = (245, 245, 245)
    line: tuple[int, int, int] = (40, 30, 30)
    arrow: tuple[int, int, int] = (245, 245, 245)


BUILTIN_PALETTE = Palette()
OWNER_PALETTE = Palette(gold=(150, 230, 250), blue=(250, 200, 160), uzushio=(70, 70, 70),
                        portal=(30, 30, 30), mark=(30, 90, 230), line=(110, 110, 110),
                        arrow=(50, 40, 40))
"""Another set, pale tiles with dark marks and dark ones with orange: the built-in looks
do not read it (the teaching tests use it, with the drawing module's OWNER style)."""


@lru_cache(maxsize=64)
def draw(piece: VetPiece, size: int, palette: Palette = BUILTIN_PALETTE) -> np.ndarray:
    """The piece seen from above, ``size`` pixels square (BGR), as the simulated camera
    and the built-in looks show it: the tsunami a gold or blue tile with an arrow and
    waves, the uzushio a whirlpool with a notch where its arrow points, a portal a tile
    with a ring and a star."""
    s, pal = size, palette
    colour = {"tsunami": pal.gold if piece.arrow == "gold" else pal.blue,
              "uzushio": pal.uzushio, "portal": pal.portal}[piece.kind]
    img = np.empty((s, s, 3), np.uint8)
    img[:] = colour
    mark = pal.arrow if piece.kind == "tsunami" else pal.mark
    cv2.rectangle(img, (0, 0), (s - 1, s - 1), pal.line, max(1, s // 40))
    if piece.kind == "tsunami":
        shaft = np.array([[0.42, 0.45], [0.58, 0.45], [0.58, 0.62], [0.42, 0.62]]) * s
        head = np.array([[0.5, 0.12], [0.25, 0.45], [0.75, 0.45]]) * s
        cv2.fillConvexPoly(img, shaft.astype(np.int32), mark, cv2.LINE_AA)
        cv2.fillConvexPoly(img, head.astype(np.int32), mark, cv2.LINE_AA)
        for k, y in enumerate((0.72, 0.84)):
            xs = np.linspace(0.12, 0.88, 24)
            ys = y + 0.04 * np.sin((xs * 4 + k) * np.pi)
            pts = (np.stack([xs, ys], axis=1) * s).astype(np.int32)
            cv2.polylines(img, [pts], False, pal.line, max(1, s // 24), cv2.LINE_AA)
    elif piece.kind == "uzushio":
        for r in (0.34, 0.18):
            cv2.circle(img, (s // 2, s // 2), int(s * r), mark, max(1, s // 11), cv2.LINE_AA)
        notch = np.array([[0.5, 0.02], [0.3, 0.24], [0.7, 0.24]]) * s
        cv2.fillConvexPoly(img, notch.astype(np.int32), pal.line, cv2.LINE_AA)
    else:
        cv2.circle(img, (s // 2, s // 2), int(s * 0.36), mark, max(1, s // 9), cv2.LINE_AA)
        star = [(0.5 + (0.3 if k % 2 == 0 else 0.1) * np.cos(a),
                 0.5 + (0.3 if k % 2 == 0 else 0.1) * np.sin(a))
                for k, a in enumerate(np.linspace(0, 2 * np.pi, 9)[:-1] + np.pi / 8)]
        cv2.fillPoly(img, [(np.array(star) * s).astype(np.int32)], mark, cv2.LINE_AA)
    out = np.ascontiguousarray(np.rot90(img, k=-int(piece.facing)))
    out.setflags(write=False)
    return out
