"""The pieces and boards of each test look (:mod:`vision.looks`): what a box of the game
holds, drawn from above.

A :class:`LookSpec` says how one edition's art looks; the functions here draw its tiles,
daikaiju and board art. Pieces are drawn in their pattern orientation and the image turned,
as a physical tile turns with its grain; each piece of a box has its own texture, fixed by
the box seed, so the teaching photos and the game photos show the same physical pieces.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from companion.core.board import Side
from companion.tsuro.tiles import Tile

from . import look_art as art
from . import look_boards
from .drawing import Style, draw_daikaiju, draw_tile

BGR = tuple[float, float, float]


@dataclass(frozen=True)
class LookSpec:
    """One edition's art. ``style`` set: pieces drawn by :mod:`vision.drawing` on plain
    squares. Otherwise textured pieces of the named ``texture`` family with thin paths."""

    name: str
    style: Style | None = None
    texture: str = "mottle"  # mottle | water | fibre | speckle
    tile: BGR = (45.0, 62.0, 128.0)
    tile_spread: float = 10.0  # how far one piece's colour differs from the next
    path: BGR = (140.0, 170.0, 205.0)
    path_width: float = 0.035
    path_alpha: float = 0.55
    bend: float = 0.38
    wobble: float = 0.0
    bridges: float = 0.5  # share of pieces whose crossings show a bridge
    glow: float = 0.0  # a soft halo around each path (foam)
    edge: BGR | None = (25.0, 30.0, 60.0)
    kaiju: BGR = (50.0, 85.0, 45.0)
    kaiju_body: BGR = (150.0, 190.0, 200.0)
    board: str = "plain"  # plain | phoenix | waves | mandala | reeds | look_boards.KINDS
    board_colour: BGR = (104.0, 96.0, 74.0)
    grid: BGR = (80.0, 74.0, 58.0)
    frame: BGR = (92.0, 84.0, 64.0)
    size: float = 0.95  # a tile's side as a share of a square: the rest is the gap


def piece_art(spec: LookSpec, box: int, tile: Tile, copy: int, size: int) -> np.ndarray:
    """The tile as it lies, ``size`` px square, uint8 BGR."""
    if spec.style is not None:
        return draw_tile(tile, size, spec.style)
    pattern = _pattern_art(spec, box, tile.pattern(), copy, size)
    return np.ascontiguousarray(np.rot90(pattern, k=-tile.quarter_turns_from_pattern()))


def kaiju_art(spec: LookSpec, box: int, facing: Side, copy: int, size: int) -> np.ndarray:
    """A daikaiju piece facing ``facing``; each ``copy`` in a box prints its own marks."""
    if spec.style is not None:
        return draw_daikaiju(facing, size, spec.style)
    return np.ascontiguousarray(np.rot90(_kaiju_north(spec, box, copy, size), k=-int(facing)))


def _seed(spec: LookSpec, box: int, *more: int) -> list[int]:
    return [sum(map(ord, spec.name)) * 7919 + len(spec.name), box, *more]


def _texture(spec: LookSpec, rng: np.random.Generator, size: int, colour: BGR) -> np.ndarray:
    own = np.asarray(colour, np.float32) + rng.normal(0.0, spec.tile_spread, 3).astype(np.float32)
    img = art.fill(size, size, tuple(float(v) for v in own))  # type: ignore[arg-type]
    if spec.texture == "mottle":
        art.tint(img, art.noise(rng, size, size, ((40, 1.0), (14, 0.7), (5, 0.35))),
                 (9.0, 12.0, 22.0))
        spots = art.noise(rng, size, size, ((3, 1.0),))
        art.tint(img, np.maximum(spots - 1.2, 0), (-25.0, -25.0, -30.0))
    elif spec.texture == "water":
        streak = art.noise(rng, size, size * 4, ((24, 1.0), (8, 0.5)))
        streak = cv2.resize(streak, (size, size), interpolation=cv2.INTER_AREA)
        art.tint(img, streak / (float(streak.std()) or 1.0), (18.0, 14.0, 6.0))
        ripples = art.noise(rng, size, size, ((10, 1.0),))
        art.tint(img, np.maximum(ripples - 1.0, 0), (40.0, 40.0, 30.0))
    elif spec.texture == "fibre":  # a wood-like grain: fine streaks one way over broad clouds
        art.tint(img, art.noise(rng, size, size, ((24, 1.0),)), (7.0, 9.0, 10.0))
        big = size * 3 // 2
        grain = cv2.resize(art.noise(rng, big, max(1, big // 8), ((2, 1.0),)), (big, big),
                           interpolation=cv2.INTER_LINEAR)
        turn = cv2.getRotationMatrix2D((big / 2, big / 2), float(rng.uniform(0, 180)), 1.0)
        grain = cv2.warpAffine(grain, turn, (big, big))
        edge = (big - size) // 2
        art.tint(img, grain[edge:edge + size, edge:edge + size], (12.0, 13.0, 14.0))
    else:  # speckle: cork-like flecks over broad clouds
        art.tint(img, art.noise(rng, size, size, ((30, 1.0),)), (8.0, 10.0, 8.0))
        flecks = art.noise(rng, size, size, ((2, 1.0),))
        art.tint(img, flecks, (11.0, 12.0, 10.0))
    return img


@lru_cache(maxsize=256)
def _pattern_art(spec: LookSpec, box: int, pattern: Tile, copy: int, size: int) -> np.ndarray:
    rng = np.random.default_rng(_seed(spec, box, *pattern.links, copy))
    base = _texture(spec, rng, size, spec.tile)
    img = base.copy()
    grain = art.noise(rng, size, size, ((6, 1.0),))
    bridge = bool(rng.random() < spec.bridges)
    if spec.glow:
        for a, b in pattern.pairs():
            pts = art.path_curve(a, b, spec.bend)
            halo = cv2.GaussianBlur(art.line_mask((size, size), pts, size, spec.path_width * 3),
                                    (0, 0), size * 0.02)
            art.blend(img, halo, spec.path, spec.glow)
        base = img.copy()
    art.paths_on(img, base, pattern, bend=spec.bend, width=spec.path_width, colour=spec.path,
                 alpha=spec.path_alpha, bridge=bridge, gap=spec.path_width * 0.7,
                 wobble=spec.wobble, rng=rng, grain=grain)
    if spec.edge is not None:
        rim = np.zeros((size, size), np.float32)
        cv2.rectangle(rim, (0, 0), (size - 1, size - 1), 1.0, max(1, size // 45))
        art.blend(img, cv2.GaussianBlur(rim, (0, 0), 1.0), spec.edge, 0.6)
    out = art.to_uint8(img)
    out.setflags(write=False)
    return out


@lru_cache(maxsize=32)
def _kaiju_north(spec: LookSpec, box: int, copy: int, size: int) -> np.ndarray:
    rng = np.random.default_rng(_seed(spec, box, 999, copy))
    img = _texture(spec, rng, size, spec.kaiju)
    marks = np.zeros((size, size), np.float32)
    for k in range(copy + 1):  # the piece's own number, as pips near its tail
        cv2.circle(marks, (int(size * (0.2 + 0.12 * k)), int(size * 0.9)), max(1, size // 25),
                   1.0, -1, cv2.LINE_AA)
    art.blend(img, marks, spec.path, 0.8)
    s = size
    mask = np.zeros((s, s), np.uint8)
    cv2.ellipse(mask, (s // 2, int(s * 0.6)), (int(s * 0.24), int(s * 0.28)), 0, 0, 360, 255, -1,
                cv2.LINE_AA)
    head = np.array([[s * 0.5, s * 0.12], [s * 0.32, s * 0.45], [s * 0.68, s * 0.45]], np.int32)
    cv2.fillConvexPoly(mask, head, 255, cv2.LINE_AA)
    for side in (-1, 1):  # claws
        cv2.line(mask, (s // 2 + side * int(s * 0.2), int(s * 0.7)),
                 (s // 2 + side * int(s * 0.36), int(s * 0.85)), 255, max(1, s // 18), cv2.LINE_AA)
    art.blend(img, mask.astype(np.float32) / 255.0, spec.kaiju_body, 0.85)
    eye = np.zeros((s, s), np.float32)
    for ex in (0.43, 0.57):
        cv2.circle(eye, (int(s * ex), int(s * 0.42)), max(1, s // 22), 1.0, -1)
    art.blend(img, eye, spec.kaiju, 1.0)
    out = art.to_uint8(img)
    out.setflags(write=False)
    return out


def board_art(spec: LookSpec, box: int, rows: int, cols: int, px: int) -> np.ndarray:
    """The printed board under the squares, ``rows * px`` by ``cols * px``, uint8 BGR."""
    return _board_art(spec, box, rows, cols, px)


@lru_cache(maxsize=16)
def _board_art(spec: LookSpec, box: int, rows: int, cols: int, px: int) -> np.ndarray:
    h, w = rows * px, cols * px
    rng = np.random.default_rng(_seed(spec, box, rows, cols, 1))
    img = art.fill(h, w, spec.board_colour)
    if spec.board == "phoenix":
        _phoenix(img, rng, px)
    elif spec.board == "waves":
        _waves(img, rng, px)
    elif spec.board == "mandala":
        _mandala(img, rng, px)
    elif spec.board == "reeds":
        _reeds(img, rng, px)
    elif spec.board != "plain":
        look_boards.draw(spec.board, img, rng, px, spec.board_colour)
    grid = np.zeros((h, w), np.float32)
    for r in range(rows + 1):
        cv2.line(grid, (0, r * px), (w, r * px), 1.0, max(1, px // 40))
    for c in range(cols + 1):
        cv2.line(grid, (c * px, 0), (c * px, h), 1.0, max(1, px // 40))
    art.blend(img, grid, spec.grid, 0.9)
    out = art.to_uint8(img)
    out.setflags(write=False)
    return out


_PHOENIX = ((40.0, 40.0, 165.0), (30.0, 30.0, 95.0), (80.0, 165.0, 205.0), (15.0, 15.0, 20.0),
            (150.0, 175.0, 205.0), (55.0, 70.0, 150.0))


def _phoenix(img: np.ndarray, rng: np.random.Generator, px: int) -> None:
    """A great bird and calligraphy: sweeping brush strokes, blobs, fine pale feathers."""
    h, w = img.shape[:2]
    art.tint(img, art.noise(rng, h, w, ((px, 1.0), (px // 4, 0.4))), (10.0, 8.0, 14.0))
    area = h * w / px / px
    for _ in range(int(area * 0.5)):  # blobs: the bird's body, clouds, seals
        centre = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
        axes = (int(px * rng.uniform(0.15, 0.9)), int(px * rng.uniform(0.1, 0.6)))
        art.blob(img, centre, axes, rng.uniform(0, 180), _PHOENIX[int(rng.integers(0, 4))],
                 float(rng.uniform(0.5, 0.95)))
    for _ in range(int(area * 1.1)):  # sweeping wing and tail strokes
        steps = 40
        pts = art.stroke_points(rng, np.array([rng.uniform(0, w), rng.uniform(0, h)]),
                                px * rng.uniform(1.0, 4.5), 0.12, steps)
        colour = _PHOENIX[int(rng.integers(0, len(_PHOENIX)))]
        art.brush(img, pts, art.swell(steps, px * rng.uniform(0.05, 0.45), rng), colour,
                  float(rng.uniform(0.6, 1.0)))
    for _ in range(int(area * 1.5)):  # feathers: fine pale lines much like a tile's paths
        steps = 16
        pts = art.stroke_points(rng, np.array([rng.uniform(0, w), rng.uniform(0, h)]),
                                px * rng.uniform(0.4, 1.4), 0.2, steps)
        art.brush(img, pts, np.full(steps, px * rng.uniform(0.025, 0.05)), _PHOENIX[4],
                  float(rng.uniform(0.35, 0.7)))
    for _ in range(int(area * 0.25)):  # calligraphy: a cluster of short heavy strokes
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        for _ in range(int(rng.integers(3, 7))):
            steps = 10
            start = np.array([cx + rng.uniform(-0.4, 0.4) * px, cy + rng.uniform(-0.4, 0.4) * px])
            pts = art.stroke_points(rng, start, px * rng.uniform(0.2, 0.6), 0.05, steps)
            art.brush(img, pts, art.swell(steps, px * 0.1, rng), _PHOENIX[3], 0.9)


def _waves(img: np.ndarray, rng: np.random.Generator, px: int) -> None:
    """The sea: swells of darker and lighter blue with foam crests and curls."""
    h, w = img.shape[:2]
    art.tint(img, art.noise(rng, h, w, ((px, 1.0), (px // 3, 0.5))), (18.0, 12.0, 5.0))
    xs = np.arange(0, w, 4, dtype=np.float64)
    for _ in range(int(h / px * 3)):
        y0, amp = rng.uniform(0, h), px * rng.uniform(0.08, 0.35)
        length, phase = px * rng.uniform(0.8, 2.5), rng.uniform(0, 2 * np.pi)
        ys = y0 + amp * np.sin(2 * np.pi * xs / length + phase)
        pts = np.stack([xs, ys], axis=1)
        band = rng.uniform(0.03, 0.12) * px
        shade = (215.0, 225.0, 225.0) if rng.random() < 0.5 else (170.0, 120.0, 50.0)
        art.brush(img, pts, np.full(len(pts), band), shade, float(rng.uniform(0.3, 0.8)))
    for _ in range(int(h * w / px / px * 0.3)):  # curls of foam
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        t = np.linspace(0, rng.uniform(3, 9), 50)
        r = px * rng.uniform(0.05, 0.12) * t
        pts = np.stack([cx + r * np.cos(t), cy + r * np.sin(t)], axis=1)
        art.brush(img, pts, np.full(len(pts), px * 0.04), (230.0, 235.0, 235.0), 0.7)


def _mandala(img: np.ndarray, rng: np.random.Generator, px: int) -> None:
    """Rings, rays and clouds of dots round a few centres, and broad leaves."""
    h, w = img.shape[:2]
    art.tint(img, art.noise(rng, h, w, ((px // 2, 1.0),)), (8.0, 9.0, 6.0))
    colours = ((60.0, 140.0, 190.0), (120.0, 120.0, 40.0), (190.0, 215.0, 225.0),
               (30.0, 35.0, 30.0))
    for _ in range(3):
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        mask = np.zeros((h, w), np.float32)
        for r in np.arange(px * 0.3, px * 4, px * rng.uniform(0.2, 0.5)):
            cv2.circle(mask, (int(cx), int(cy)), int(r), 1.0, max(1, int(px * rng.uniform(0.02, 0.12))),
                       cv2.LINE_AA)
        art.blend(img, mask, colours[int(rng.integers(0, 4))], float(rng.uniform(0.4, 0.8)))
        rays = np.zeros((h, w), np.float32)
        for ang in np.linspace(0, 2 * np.pi, int(rng.integers(8, 20)), endpoint=False):
            end = (int(cx + 5 * px * np.cos(ang)), int(cy + 5 * px * np.sin(ang)))
            cv2.line(rays, (int(cx), int(cy)), end, 1.0, max(1, px // 30), cv2.LINE_AA)
        art.blend(img, rays, colours[2], 0.45)
    dots = np.zeros((h, w), np.float32)
    for _ in range(int(h * w / px / px * 25)):
        cv2.circle(dots, (int(rng.uniform(0, w)), int(rng.uniform(0, h))),
                   int(px * rng.uniform(0.01, 0.05)), 1.0, -1, cv2.LINE_AA)
    art.blend(img, dots, colours[0], 0.7)
    for _ in range(int(h * w / px / px * 0.25)):
        centre = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
        axes = (int(px * rng.uniform(0.4, 1.2)), int(px * rng.uniform(0.1, 0.3)))
        art.blob(img, centre, axes, rng.uniform(0, 180), colours[int(rng.integers(0, 4))],
                 float(rng.uniform(0.5, 0.9)))


_REEDS = ((55.0, 95.0, 85.0), (35.0, 55.0, 50.0), (150.0, 190.0, 200.0), (90.0, 140.0, 150.0))


def _reeds(img: np.ndarray, rng: np.random.Generator, px: int) -> None:
    """A reed bed: tall stalks leaning a little, pale and dark, with blade-like leaves,
    seed heads and pale ripples between them; the pale stalks are as thin as a tile's
    paths and run straight across whole squares, as a path does."""
    h, w = img.shape[:2]
    art.tint(img, art.noise(rng, h, w, ((px // 2, 1.0), (px // 6, 0.5))), (9.0, 11.0, 8.0))
    area = h * w / px / px
    for _ in range(int(area * 2.5)):  # stalks: long, nearly upright, gently curving
        steps = 24
        base = np.array([rng.uniform(0, w), rng.uniform(h * 0.3, h + px)])
        lean, sway = rng.uniform(-0.35, 0.35), rng.uniform(-0.02, 0.02)
        length = px * rng.uniform(1.5, 5.0)
        t = np.linspace(0.0, 1.0, steps)
        pts = np.stack([base[0] + length * (lean * t + sway * t * t * 10),
                        base[1] - length * t], axis=1)
        colour = _REEDS[int(rng.integers(0, len(_REEDS)))]
        art.brush(img, pts, np.full(steps, px * rng.uniform(0.02, 0.06)), colour,
                  float(rng.uniform(0.5, 0.9)))
    for _ in range(int(area * 1.5)):  # leaves: short blades leaving a stalk at a slant
        steps = 12
        pts = art.stroke_points(rng, np.array([rng.uniform(0, w), rng.uniform(0, h)]),
                                px * rng.uniform(0.4, 1.0), 0.1, steps)
        art.brush(img, pts, art.swell(steps, px * 0.08, rng), _REEDS[int(rng.integers(0, 2))],
                  float(rng.uniform(0.6, 0.9)))
    for _ in range(int(area * 0.6)):  # seed heads
        centre = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
        axes = (int(px * rng.uniform(0.03, 0.07)), int(px * rng.uniform(0.12, 0.25)))
        art.blob(img, centre, axes, rng.uniform(-20, 20), (30.0, 50.0, 75.0),
                 float(rng.uniform(0.7, 0.95)))
    for _ in range(int(area * 0.8)):  # ripples on the water between the stalks
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        xs = np.linspace(-1.0, 1.0, 20) * px * rng.uniform(0.2, 0.5)
        pts = np.stack([cx + xs, cy + px * 0.04 * np.sin(xs / px * 12)], axis=1)
        art.brush(img, pts, np.full(20, px * 0.02), _REEDS[2], float(rng.uniform(0.3, 0.6)))
