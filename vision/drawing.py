"""Drawing pieces as images: the built-in look of tiles, and other looks for test fixtures.

A tile is drawn as its four paths joining edge points. The same code draws the built-in
templates and the simulated camera's board, and with another :class:`Style` it draws boards
whose pieces look nothing like the templates (the owner's own set, for teaching tests).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from companion.core.board import POINT_UV, Side
from companion.tsuro.tiles import Tile

from .geometry import INWARD

BGR = tuple[int, int, int]
_SHIFT = 4  # cv2 fixed-point bits: sub-pixel accurate antialiased lines


@dataclass(frozen=True)
class Style:
    """How a set of pieces looks. Colours are BGR."""

    tile: BGR = (150, 196, 222)
    path: BGR = (40, 52, 70)
    path_width: float = 0.07
    outline: BGR | None = (150, 196, 222)
    outline_width: float = 0.05
    curve: str = "bezier"  # "bezier" or "polyline"
    bend: float = 0.25
    texture: float = 0.0
    border: BGR | None = (110, 150, 180)
    daikaiju_tile: BGR = (60, 70, 150)
    daikaiju_body: BGR = (170, 200, 235)
    seed: int = 0


BUILTIN = Style()

OWNER = Style(
    tile=(52, 40, 36),
    path=(200, 232, 240),
    path_width=0.09,
    outline=None,
    curve="polyline",
    bend=0.12,
    texture=18.0,
    border=None,
    daikaiju_tile=(40, 110, 40),
    daikaiju_body=(30, 200, 230),
    seed=7,
)
"""A deliberately different set: dark tiles, wide pale angular paths, grain texture."""


def _path_points(a: int, b: int, style: Style, steps: int = 24) -> np.ndarray:
    pa, pb = np.array(POINT_UV[a]), np.array(POINT_UV[b])
    na, nb = np.array(INWARD[a]), np.array(INWARD[b])
    if style.curve == "polyline":
        return np.array([pa, pa + na * style.bend, pb + nb * style.bend, pb])
    # Straight across when the points face each other; otherwise a cubic curve.
    gap = float(np.linalg.norm(pb - pa))
    k = style.bend * min(1.0, gap)
    c1, c2 = pa + na * k, pb + nb * k
    t = np.linspace(0.0, 1.0, steps)[:, None]
    curve = (1 - t) ** 3 * pa + 3 * (1 - t) ** 2 * t * c1 + 3 * (1 - t) * t**2 * c2 + t**3 * pb
    return np.asarray(curve)


def _poly(img: np.ndarray, pts: np.ndarray, size: int, colour: BGR, width: float) -> None:
    scaled = np.round(pts * size * (1 << _SHIFT)).astype(np.int32)
    thick = max(1, round(width * size))
    cv2.polylines(img, [scaled], False, colour, thick, cv2.LINE_AA, _SHIFT)


def _base(size: int, colour: BGR, style: Style) -> np.ndarray:
    img = np.empty((size, size, 3), np.uint8)
    img[:] = colour
    if style.texture:
        rng = np.random.default_rng(style.seed)
        grain = rng.normal(0.0, style.texture, (size // 4 + 1, size // 4 + 1)).astype(np.float32)
        grain = np.asarray(cv2.resize(grain, (size, size), interpolation=cv2.INTER_CUBIC))
        img = np.clip(img.astype(np.float32) + grain[:, :, None], 0, 255).astype(np.uint8)
    if style.border is not None:
        cv2.rectangle(img, (0, 0), (size - 1, size - 1), style.border, max(1, size // 40))
    return img


@lru_cache(maxsize=512)
def draw_tile(tile: Tile, size: int, style: Style = BUILTIN) -> np.ndarray:
    """The tile as it lies, seen from above, ``size`` pixels square (BGR).

    A physical tile is one piece turned on the table: its pattern is drawn once and the
    image turned, so crossings and grain turn with it."""
    k = tile.quarter_turns_from_pattern()
    img = np.ascontiguousarray(np.rot90(_draw_pattern(tile.pattern(), size, style), k=-k))
    img.setflags(write=False)
    return img


@lru_cache(maxsize=64)
def _draw_pattern(tile: Tile, size: int, style: Style) -> np.ndarray:
    img = _base(size, style.tile, style)
    for a, b in tile.pairs():
        pts = _path_points(a, b, style)
        if style.outline is not None:
            _poly(img, pts, size, style.outline, style.path_width + 2 * style.outline_width)
        _poly(img, pts, size, style.path, style.path_width)
    img.setflags(write=False)
    return img


@lru_cache(maxsize=32)
def draw_daikaiju(facing: Side, size: int, style: Style = BUILTIN) -> np.ndarray:
    """A daikaiju piece: a round body with a pointed head towards ``facing``."""
    img = _base(size, style.daikaiju_tile, style)
    s = size
    body = (s // 2, int(s * 0.58))
    cv2.circle(img, body, int(s * 0.26), style.daikaiju_body, -1, cv2.LINE_AA)
    head = np.array([[s * 0.5, s * 0.1], [s * 0.3, s * 0.42], [s * 0.7, s * 0.42]], np.int32)
    cv2.fillConvexPoly(img, head, style.daikaiju_body, cv2.LINE_AA)
    for ex in (0.42, 0.58):
        cv2.circle(img, (int(s * ex), int(s * 0.5)), max(1, s // 20), style.daikaiju_tile, -1)
    img = np.ascontiguousarray(np.rot90(img, k=-int(facing)))
    img.setflags(write=False)
    return img
