"""More printed boards for the mixed test looks (issue 9): art no tuning look prints.

A reader that learned which squares are bare on four boards has learned four boards. These
are further kinds of art real boards print, each with lines that cross squares where a
tile's paths would and where they would not, drawn in the board's own colours (paler and
darker shades of it, and one accent) so that any mix of colours can print them:

- ``contours``: a relief map: thin contour lines round hills and hollows, lightly shaded.
- ``lattice``: a key pattern: straight thin bands turning at right angles on a pitch that
  is not the squares', with broad diagonal bands under it.
- ``stars``: a night sky: stars of every size, faint straight lines joining some of them,
  soft clouds of colour.

They are drawn only for looks that name them (``benchmarks/vision_mixes.py --art``), never
for ``held-out``, whose board is scored only.

>>> import numpy as np
>>> img = np.full((224, 224, 3), 90.0, np.float32)
>>> draw("stars", img, np.random.default_rng(1), 112, (90.0, 90.0, 90.0))
>>> bool(img.max() > 150)
True
"""

from __future__ import annotations

import cv2
import numpy as np

from . import look_art as art

BGR = tuple[float, float, float]
KINDS = ("contours", "lattice", "stars")


def draw(kind: str, img: np.ndarray, rng: np.random.Generator, px: int, base: BGR) -> None:
    """Print board art ``kind`` over ``img`` (float BGR, in place), ``px`` per square."""
    if kind == "contours":
        _contours(img, rng, px, base)
    elif kind == "lattice":
        _lattice(img, rng, px, base)
    elif kind == "stars":
        _stars(img, rng, px, base)
    else:
        raise ValueError(f"no board art called {kind!r}: one of {', '.join(KINDS)}")


def _shade(base: BGR, toward: float, rng: np.random.Generator) -> BGR:
    """``base`` moved ``toward`` white (>0) or black (<0), with a little hue of its own."""
    b = np.asarray(base, np.float64)
    end = 255.0 if toward > 0 else 0.0
    out = b + abs(toward) * (end - b) + rng.uniform(-18, 18, 3)
    c = np.clip(out, 0, 255)
    return (float(c[0]), float(c[1]), float(c[2]))


def _accent(rng: np.random.Generator) -> BGR:
    c = rng.uniform(30, 220, 3)
    return (float(c[0]), float(c[1]), float(c[2]))


def _contours(img: np.ndarray, rng: np.random.Generator, px: int, base: BGR) -> None:
    h, w = img.shape[:2]
    field = art.noise(rng, h, w, ((px * 3, 1.0), (px, 0.45), (px // 3, 0.08)))
    art.tint(img, field, (10.0, 10.0, 10.0))
    for levels, colour, width, alpha in (
            (float(rng.uniform(3.0, 5.0)), _shade(base, 0.55, rng), 0.03, 0.7),
            (float(rng.uniform(0.8, 1.4)), _shade(base, -0.5, rng), 0.06, 0.6)):
        # a contour is where the field crosses a level: its distance there, in pixels, is
        # the level's remainder over the field's slope
        gy, gx = np.gradient(field * levels)
        slope = np.sqrt(gx * gx + gy * gy) + 1e-6
        frac = field * levels - np.round(field * levels)
        mask = np.clip(1.0 - np.abs(frac) / slope / (width * px / 2), 0.0, 1.0)
        art.blend(img, mask.astype(np.float32), colour, alpha)
    for _ in range(int(h * w / px / px * 0.3)):  # spot heights and marks
        centre = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
        r = int(px * rng.uniform(0.02, 0.05))
        art.blob(img, centre, (r, r), 0.0, _shade(base, -0.6, rng), 0.8)


def _lattice(img: np.ndarray, rng: np.random.Generator, px: int, base: BGR) -> None:
    h, w = img.shape[:2]
    art.tint(img, art.noise(rng, h, w, ((px // 2, 1.0),)), (6.0, 6.0, 6.0))
    diag = np.zeros((h, w), np.float32)
    step = int(px * rng.uniform(0.9, 1.6))
    for off in range(-h, w, step):
        cv2.line(diag, (off, 0), (off + h, h), 1.0, int(px * rng.uniform(0.15, 0.35)))
    art.blend(img, cv2.GaussianBlur(diag, (0, 0), px * 0.05), _accent(rng), 0.35)
    pitch = px * rng.uniform(0.28, 0.45)
    pale, dark = _shade(base, 0.6, rng), _shade(base, -0.55, rng)
    for colour, width in ((pale, 0.03), (dark, 0.05)):
        mask = np.zeros((h, w), np.float32)
        x0, y0 = rng.uniform(0, pitch, 2)
        for _ in range(int(h * w / px / px * 1.5)):  # a key: a run of right-angle turns
            x = x0 + pitch * int(rng.integers(0, w / pitch + 1))
            y = y0 + pitch * int(rng.integers(0, h / pitch + 1))
            heading = int(rng.integers(0, 4))
            for _ in range(int(rng.integers(3, 8))):
                run = pitch * int(rng.integers(1, 4))
                dx, dy = ((1, 0), (0, 1), (-1, 0), (0, -1))[heading]
                nx, ny = x + dx * run, y + dy * run
                cv2.line(mask, (int(x), int(y)), (int(nx), int(ny)), 1.0,
                         max(1, int(px * width)), cv2.LINE_AA)
                x, y = nx, ny
                heading = (heading + (1 if rng.random() < 0.5 else 3)) % 4
        art.blend(img, mask, colour, float(rng.uniform(0.5, 0.8)))


def _stars(img: np.ndarray, rng: np.random.Generator, px: int, base: BGR) -> None:
    h, w = img.shape[:2]
    area = h * w / px / px
    for _ in range(int(area * 0.4)):  # clouds of colour
        centre = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
        axes = (int(px * rng.uniform(0.5, 1.8)), int(px * rng.uniform(0.3, 1.0)))
        cloud = np.zeros((h, w), np.float32)
        cv2.ellipse(cloud, centre, axes, float(rng.uniform(0, 180)), 0, 360, 1.0, -1)
        art.blend(img, cv2.GaussianBlur(cloud, (0, 0), px * 0.3), _accent(rng),
                  float(rng.uniform(0.2, 0.45)))
    stars = rng.uniform((0, 0), (w, h), (int(area * 12), 2))
    pale = _shade(base, 0.75, rng)
    lines = np.zeros((h, w), np.float32)
    for _ in range(int(area * 0.7)):  # constellations: a few stars joined in a chain
        k = int(rng.integers(0, len(stars)))
        for _ in range(int(rng.integers(2, 5))):
            d = np.hypot(*(stars - stars[k]).T)
            d[k] = np.inf
            near = np.argsort(d)[:3]
            j = int(near[int(rng.integers(0, 3))])
            cv2.line(lines, tuple(int(v) for v in stars[k]), tuple(int(v) for v in stars[j]),
                     1.0, max(1, px // 40), cv2.LINE_AA)
            k = j
    art.blend(img, lines, pale, float(rng.uniform(0.4, 0.7)))
    dots = np.zeros((h, w), np.float32)
    for x, y in stars:
        cv2.circle(dots, (int(x), int(y)), max(1, int(px * rng.power(3) * 0.06)), 1.0, -1,
                   cv2.LINE_AA)
    art.blend(img, dots, pale, 0.85)
