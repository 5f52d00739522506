"""Test material in many looks: boards and pieces of several editions, photographed.

Issue 9: a reader measured on one drawn look learns the drawing, not the game. Each look
here is a named, seeded generator of board photos:

- ``drawn``: the project's built-in drawing (:data:`vision.drawing.BUILTIN`) on plain squares.
- ``mottled``: like the real Tsuro box: mottled red-brown tiles, each piece a little
  different, with thin pale paths of low contrast, crossings with and without a bridge, over
  a board printed with a great bird and calligraphy so each empty square looks different.
- ``curved``: paths as wide smooth curves on pale tiles, plain green squares.
- ``seas``: like Tsuro of the Seas: sea-blue textured tiles with white wakes, waves printed on
  the board.
- ``reeds``: a tuning look made for issue 9's built-in thresholds: olive-ochre mottled tiles
  with thin pale paths of low contrast (fainter than ``mottled``'s), crossings mostly
  bridged, over a board printed with a reed bed whose pale stalks are as thin as the paths
  and cross whole squares. Thresholds may be chosen on it like the four above.
- ``held-out``: speckled slate tiles with very thin pale paths over a board of rings, rays
  and dots. **Never tune anything on this look**: no threshold, no weight, no choice of
  method may be made by looking at its figures. It stands in for the real photos kept out of
  the repository and is scored only.

Every photo carries the disorder of real pieces: tiles a few millimetres off the grid and
turned a degree or so with gaps between them, a camera tilted up to 25 degrees that frames
the board any way round (give or take 20 degrees), uneven light and glare, a colour cast,
blur, sensor noise, JPEG, and on request a hand over a corner. The markers are
those of docs/contracts.md section 3, drawn by :mod:`vision.simulate`.

A look's pieces and board are fixed by the look and the ``box`` seed (one physical set);
the camera, the light and where each tile slipped to follow the photo ``seed``; ``frame``
redraws only the sensor noise (the next frame of the same table).

>>> from companion.core.board import Square
>>> photo, covered = board_photo("mottled", 6, 6, {Square(1, 1): None}, seed=3)
>>> photo.shape, covered
((660, 880, 3), frozenset())
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache

import cv2
import numpy as np

from companion.core.board import Side, Square
from companion.games import camera_games, game_info
from companion.tsuro.game import load_tile_set
from companion.tsuro.tiles import PATTERNS, Tile

from .drawing import BUILTIN, Style
from .geometry import MARKER_IDS, MarkerLayout
from .look_boards import KINDS
from .look_pieces import LookSpec, board_art, kaiju_art, piece_art
from .reading import Daikaiju
from .simulate import Scene, camera_matrix, paste_marker, paste_turned, photograph

Piece = Tile | Daikaiju | None

SIZE = (880, 660)
_PAD = 0.8  # table round the markers, in squares
PX = 112  # top-down pixels per square: well above the photo's ~65, so the warp shrinks
GAMES = tuple(g.key for g in camera_games() if g.teach is not None)
"""The games whose boxes are drawn here: those the camera is taught (the registry says)."""
KAIJU_COPIES = 4
"""Daikaiju pieces in a Seas box as drawn here, each with its own marks; which one lies on a
square follows from the square, so a piece stays itself from photo to photo."""


class LookError(ValueError):
    """A look, game or layout that cannot be drawn as asked."""


_SPECS: dict[str, LookSpec] = {
    "drawn": LookSpec("drawn", style=BUILTIN, size=0.94),
    "mottled": LookSpec(
        "mottled", texture="mottle", tile=(45.0, 62.0, 128.0), path=(140.0, 170.0, 205.0),
        path_width=0.035, path_alpha=0.55, bend=0.38, bridges=0.5,
        kaiju=(50.0, 85.0, 45.0), board="phoenix", board_colour=(32.0, 30.0, 44.0),
        grid=(70.0, 110.0, 140.0), frame=(25.0, 25.0, 35.0), size=0.955),
    "curved": LookSpec(
        "curved", style=Style(tile=(222, 236, 242), path=(150, 70, 30), path_width=0.06,
                              outline=None, bend=0.55, border=(170, 185, 195),
                              daikaiju_tile=(40, 60, 160), daikaiju_body=(210, 230, 240)),
        board_colour=(60.0, 105.0, 60.0), grid=(40.0, 80.0, 40.0), frame=(35.0, 60.0, 35.0),
        size=0.95),
    # seas' bend: its U-turn arcs keep bare tile between them, as a printed tile's must for
    # a player to follow them (tests/vision/test_vision_look_paths.py); first drawn at 0.42,
    # where four tiles drew alike (docs/vision.md, "The looks' paths")
    "seas": LookSpec(
        "seas", texture="water", tile=(150.0, 105.0, 35.0), tile_spread=7.0,
        path=(238.0, 242.0, 240.0), path_width=0.045, path_alpha=0.8, bend=0.34, wobble=0.015,
        bridges=0.2, glow=0.25, edge=(110.0, 70.0, 20.0), kaiju=(60.0, 120.0, 70.0),
        kaiju_body=(40.0, 170.0, 220.0), board="waves", board_colour=(125.0, 85.0, 25.0),
        grid=(170.0, 140.0, 90.0), frame=(90.0, 60.0, 20.0), size=0.95),
    "held-out": LookSpec(
        "held-out", texture="speckle", tile=(78.0, 96.0, 72.0), tile_spread=8.0,
        path=(165.0, 215.0, 232.0), path_width=0.028, path_alpha=0.5, bend=0.24, wobble=0.006,
        bridges=1.0, edge=(40.0, 50.0, 40.0), kaiju=(90.0, 60.0, 110.0),
        kaiju_body=(200.0, 220.0, 160.0), board="mandala", board_colour=(75.0, 55.0, 45.0),
        grid=(150.0, 170.0, 170.0), frame=(45.0, 35.0, 30.0), size=0.96),
    "reeds": LookSpec(
        "reeds", texture="mottle", tile=(70.0, 105.0, 112.0), tile_spread=9.0,
        path=(178.0, 205.0, 212.0), path_width=0.03, path_alpha=0.45, bend=0.3, wobble=0.01,
        bridges=0.7, edge=(35.0, 50.0, 55.0), kaiju=(100.0, 80.0, 50.0),
        kaiju_body=(170.0, 210.0, 190.0), board="reeds", board_colour=(78.0, 98.0, 92.0),
        grid=(140.0, 160.0, 150.0), frame=(40.0, 55.0, 50.0), size=0.955),
}

LOOKS: tuple[str, ...] = tuple(_SPECS)
BOARDS = ("plain", "phoenix", "waves", "mandala", "reeds", *KINDS)
"""Every board art a look may print (:mod:`vision.look_pieces`, :mod:`vision.look_boards`)."""
HELD_OUT = "held-out"
"""Scored only, never tuned on (see the module docstring)."""


_EXTRA: dict[str, LookSpec] = {}
"""Looks registered for one run (:func:`register`): never among :data:`LOOKS`, so no
benchmark that reads every look reads them."""


def spec(look: str) -> LookSpec:
    found = _SPECS.get(look) or _EXTRA.get(look)
    if found is None:
        raise LookError(f"no look {look!r}; choose one of {', '.join(LOOKS)}")
    return found


def register(look: LookSpec) -> None:
    """Make ``look`` photographable by its name for this run (a measuring script's mixed
    looks, benchmarks/vision_mixes.py). A name already taken is refused: the drawings are
    cached by name, so a second look of the same name would be drawn as the first."""
    if look.name in _SPECS or look.name in _EXTRA:
        raise LookError(f"a look named {look.name!r} exists already")
    if look.board not in BOARDS:
        raise LookError(f"no board art called {look.board!r}: one of {', '.join(BOARDS)}")
    _EXTRA[look.name] = look


@dataclass(frozen=True)
class Disorder:
    """How real pieces lie and a phone sees them; drawn afresh for every photo seed."""

    turn_deg: tuple[float, float] = (1.0, 3.0)  # how far a tile laid by hand is turned
    slip: float = 0.05  # largest slip of a tile off its square, share of a square
    glare: float = 0.6  # chance of a glare spot
    tilt_deg: float = 25.0


DISORDER = Disorder()


def board_photo(look: str, rows: int, cols: int, squares: Mapping[Square, Piece], seed: int,
                *, hand: bool = False, box: int = 0, frame: int = 0,
                disorder: Disorder = DISORDER, game: str | None = None
                ) -> tuple[np.ndarray, frozenset[Square]]:
    """A BGR photo (880x660) of the board holding ``squares`` (squares left out are empty),
    and the squares a hand covers (empty unless ``hand``). ``game`` names the box the pieces
    come from (see :func:`_copy_of`); None draws them as from a Seas box."""
    photo, covered, _ = board_photo_and_pose(look, rows, cols, squares, seed, hand=hand, box=box,
                                             frame=frame, disorder=disorder, game=game)
    return photo, covered


def board_photo_and_pose(look: str, rows: int, cols: int, squares: Mapping[Square, Piece],
                         seed: int, *, hand: bool = False, box: int = 0, frame: int = 0,
                         disorder: Disorder = DISORDER, game: str | None = None
                         ) -> tuple[np.ndarray, frozenset[Square], np.ndarray]:
    """:func:`board_photo`, and the true homography from grid units to photo pixels."""
    top, to_img, covered = _top_down(spec(look), rows, cols, squares, seed, hand, box, disorder,
                                     game)
    c = (to_img @ np.array([cols / 2, rows / 2, 1.0]))[:2]
    centre = (float(c[0]), float(c[1]))
    scene = _framed(_scene(seed, frame, disorder), top.shape, to_img, rows, cols, centre)
    photo, hmat = photograph(top, scene, SIZE, centre)
    return photo, covered, np.asarray(hmat @ to_img)


def _framed(scene: Scene, shape: tuple[int, ...], to_img: np.ndarray, rows: int, cols: int,
            centre: tuple[float, float]) -> Scene:
    """The scene with the camera moved so the markers and their margins fill most of the
    frame, all inside it, as an owner framing the board would: the scene's ``distance``
    (1.0-1.2) picks how tight, from 95% of the frame down to 83%."""
    x0, y0, x1, y1 = MarkerLayout.default(rows, cols).bounds()
    m = 0.2
    grid = np.array([[x0 - m, y0 - m, 1], [x1 + m, y0 - m, 1], [x1 + m, y1 + m, 1],
                     [x0 - m, y1 + m, 1]], np.float64)
    fill = 0.95 - 0.6 * (scene.distance - 1.0)

    def corners(sc: Scene) -> np.ndarray:
        pts = (camera_matrix(sc, (shape[1], shape[0]), SIZE, centre) @ to_img @ grid.T).T
        return np.asarray(pts[:, :2] / pts[:, 2:])

    for _ in range(3):  # the board's size in the frame goes nearly as 1 / distance
        xy = corners(scene)
        extent = max(float(np.ptp(xy[:, 0])) / SIZE[0], float(np.ptp(xy[:, 1])) / SIZE[1])
        scene = replace(scene, distance=scene.distance * extent / fill)
    for _ in range(12):
        xy = corners(scene)
        if (xy.min() >= 8 and (xy[:, 0] <= SIZE[0] - 8).all()
                and (xy[:, 1] <= SIZE[1] - 8).all()):
            break
        scene = replace(scene, distance=scene.distance * 1.05,
                        shift=(scene.shift[0] * 0.5, scene.shift[1] * 0.5))
    return scene


def board_top_down(look: str, rows: int, cols: int, squares: Mapping[Square, Piece], seed: int,
                   *, hand: bool = False, box: int = 0,
                   disorder: Disorder = DISORDER) -> tuple[np.ndarray, frozenset[Square]]:
    """The table seen straight from above before the camera: ``PX`` pixels a square, the
    grid's top-left corner at :func:`grid_origin`; and the squares a hand covers."""
    top, _, covered = _top_down(spec(look), rows, cols, squares, seed, hand, box, disorder)
    return top, covered


def grid_origin(rows: int, cols: int) -> tuple[int, int]:
    """Where the grid's top-left corner lies in :func:`board_top_down`'s image (x, y)."""
    x0, y0, _, _ = MarkerLayout.default(rows, cols).bounds()
    return (round((-x0 + _PAD) * PX), round((-y0 + _PAD) * PX))


def _scene(seed: int, frame: int, disorder: Disorder) -> Scene:
    rng = np.random.default_rng([seed, 77])
    return Scene(
        tilt_deg=float(rng.uniform(0, disorder.tilt_deg)),
        tilt_dir_deg=float(rng.uniform(0, 360)),
        # an owner frames the board square-on, any way round, give or take a little
        turn_deg=float(90 * rng.integers(0, 4) + rng.uniform(-20, 20)),
        distance=float(rng.uniform(1.0, 1.2)),
        shift=(float(rng.uniform(-0.04, 0.04)), float(rng.uniform(-0.04, 0.04))),
        blur=float(rng.uniform(0.3, 1.4)),
        noise=float(rng.uniform(1.5, 5.0)),
        light=float(rng.uniform(0.1, 0.6)),
        cast=tuple(float(x) for x in rng.uniform(0.82, 1.15, 3)),  # type: ignore[arg-type]
        jpeg=int(rng.integers(60, 93)),
        seed=seed,
        frame=frame,
    )


def _copy_of(tile: Tile, sq: Square, game: str | None = None) -> int:
    """Which of a pattern's physical copies lies on ``sq``: the Seas box holds two of some,
    each printed with its own texture here; a Tsuro box holds every tile once, so the piece on
    the board is the very piece the owner taught (None: a Seas box)."""
    copies = _COPIES if game is None else _game_copies(game)
    return _drawn_copy(tile, sq, copies.get(tile.pattern(), 1))


@cache
def _game_copies(game: str) -> dict[Tile, int]:
    """How many pieces of each tile pattern the game's box holds."""
    counts: dict[Tile, int] = {}
    for piece in inventory(game):
        if isinstance(piece, Tile):
            counts[piece.pattern()] = counts.get(piece.pattern(), 0) + 1
    return counts


_COPIES: dict[Tile, int] = {}
for _i in load_tile_set():
    _COPIES[PATTERNS[_i]] = _COPIES.get(PATTERNS[_i], 0) + 1


def _top_down(look: LookSpec, rows: int, cols: int, squares: Mapping[Square, Piece], seed: int,
              hand: bool, box: int, disorder: Disorder, game: str | None = None
              ) -> tuple[np.ndarray, np.ndarray, frozenset[Square]]:
    px = PX
    base, to_img = _table(look, rows, cols, box)
    img = base.copy()
    ox, oy = round(to_img[0, 2]), round(to_img[1, 2])
    tile_px = int(px * look.size)
    for sq, piece in squares.items():
        if not (1 <= sq.row <= rows and 1 <= sq.col <= cols):
            raise LookError(f"{sq.name()} is off a {rows}x{cols} board")
        if piece is None:
            continue
        if isinstance(piece, Daikaiju):
            pic = kaiju_art(look, box, piece.facing, _drawn_copy(piece, sq, KAIJU_COPIES),
                            tile_px)
        else:
            pic = piece_art(look, box, piece, _copy_of(piece, sq, game), tile_px)
        angle, dx, dy = how_laid(seed, sq, disorder)
        cx, cy = (sq.col - 0.5) * px + ox + dx, (sq.row - 0.5) * px + oy + dy
        _shadow(img, cx + px * 0.03, cy + px * 0.03, tile_px, angle)
        paste_turned(img, pic, cx, cy, angle)
    rng = np.random.default_rng([seed, 91])
    if rng.random() < disorder.glare:
        _glare(img, rng, to_img, rows, cols)
    covered: frozenset[Square] = frozenset()
    if hand:
        covered = _hand(img, rng, to_img, rows, cols)
    return img, to_img, covered


def how_laid(seed: int, sq: Square, disorder: Disorder = DISORDER) -> tuple[float, float, float]:
    """How the piece on ``sq`` of the photo drawn with ``seed`` lies: turned ``angle`` degrees
    (``cv2.getRotationMatrix2D``'s sense) and off its square by (dx, dy) pixels at PX (112 a
    square)."""
    # Each square its own draw: laying a tile leaves the others where they lay.
    lay = np.random.default_rng([seed, sq.row, sq.col, 5])
    angle = float(lay.uniform(*disorder.turn_deg) * lay.choice((-1.0, 1.0)))
    dx, dy = lay.uniform(-disorder.slip, disorder.slip, 2) * PX
    return angle, float(dx), float(dy)


def _shadow(img: np.ndarray, cx: float, cy: float, size: int, angle: float) -> None:
    """A tile stands a little proud of the board: a faint shadow below and right."""
    half = size // 2
    box = cv2.boxPoints(((cx, cy), (size, size), -angle)).astype(np.int32)
    x0, y0 = max(0, int(cx) - half - 4), max(0, int(cy) - half - 4)
    x1, y1 = int(cx) + half + 5, int(cy) + half + 5
    part = img[y0:y1, x0:x1]
    mask = np.zeros(part.shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, box - np.array([x0, y0], np.int32), 255)
    dark = (mask > 0)[:, :, None]
    np.copyto(part, (part * 0.6).astype(np.uint8), where=dark)


_TABLE_CACHE: dict[tuple[str, int, int, int], tuple[np.ndarray, np.ndarray]] = {}


def _table(look: LookSpec, rows: int, cols: int, box: int) -> tuple[np.ndarray, np.ndarray]:
    """The empty board on its table with the markers, seen from above, and the transform
    from grid units to its pixels. One per box: the same board in every photo."""
    key = (look.name, box, rows, cols)
    if key in _TABLE_CACHE:
        return _TABLE_CACHE[key]
    px = PX
    layout = MarkerLayout.default(rows, cols)
    x0, y0, x1, y1 = layout.bounds()
    ox, oy = (-x0 + _PAD) * px, (-y0 + _PAD) * px
    w, h = int((x1 - x0 + 2 * _PAD) * px), int((y1 - y0 + 2 * _PAD) * px)
    to_img = np.array([[px, 0, ox], [0, px, oy], [0, 0, 1]], np.float64)

    def at(x: float, y: float) -> tuple[int, int]:
        return (round(x * px + ox), round(y * px + oy))

    rng = np.random.default_rng([box, rows, cols, 3])
    grain = cv2.resize(rng.normal(0, 10, (h // 16 + 1, 4)).astype(np.float32), (w, h))
    wood = np.array([70, 105, 140], np.float32) + rng.normal(0, 8, 3).astype(np.float32)
    img = np.clip(grain[:, :, None] + wood, 0, 255).astype(np.uint8)
    edge = 0.45
    frame = tuple(int(v) for v in look.frame)
    cv2.rectangle(img, at(-edge, -edge), at(cols + edge, rows + edge), frame, -1)
    for i in MARKER_IDS:
        cs = layout.array(i)
        (mx0, my0), (mx1, my1) = cs.min(axis=0), cs.max(axis=0)
        m = 0.12  # the white margin round each marker
        cv2.rectangle(img, at(mx0 - m, my0 - m), at(mx1 + m, my1 + m), (245, 245, 245), -1)
    gx, gy = at(0, 0)
    img[gy:gy + rows * px, gx:gx + cols * px] = board_art(look, box, rows, cols, px)
    for i in MARKER_IDS:
        paste_marker(img, i, layout.array(i), to_img)
    img.setflags(write=False)
    if len(_TABLE_CACHE) > 24:
        _TABLE_CACHE.clear()
    _TABLE_CACHE[key] = (img, to_img)
    return img, to_img


def _glare(img: np.ndarray, rng: np.random.Generator, to_img: np.ndarray, rows: int,
           cols: int) -> None:
    """A soft bright spot where a lamp shines back off the board."""
    px = float(to_img[0, 0])
    x, y = (to_img @ np.array([rng.uniform(0, cols), rng.uniform(0, rows), 1.0]))[:2]
    r = px * rng.uniform(0.5, 1.4)
    strength = rng.uniform(0.25, 0.6)
    x0, y0 = max(0, int(x - 2 * r)), max(0, int(y - 2 * r))
    x1, y1 = min(img.shape[1], int(x + 2 * r)), min(img.shape[0], int(y + 2 * r))
    yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
    spot = strength * np.exp(-((xx - x) ** 2 + (yy - y) ** 2) / (2 * (r / 2) ** 2))
    part = img[y0:y1, x0:x1].astype(np.float32)
    img[y0:y1, x0:x1] = np.clip(part + spot[:, :, None] * (255 - part), 0, 255).astype(np.uint8)


COVERED_SHARE = 0.03
"""A square with more than this share under the hand counts as covered."""


def _hand(img: np.ndarray, rng: np.random.Generator, to_img: np.ndarray, rows: int,
          cols: int) -> frozenset[Square]:
    """A hand over one corner of the board, its arm reaching in across a side (not across
    the corner's marker); returns the squares it covers."""
    px = float(to_img[0, 0])
    corner = int(rng.integers(0, 4))
    fx, fy = [(0, 0), (1, 0), (1, 1), (0, 1)][corner]
    inset = rng.uniform(0.7, 1.3, 2)
    palm = np.array([cols - inset[0] if fx else inset[0], rows - inset[1] if fy else inset[1]])
    # the arm leaves by the top/bottom or left/right side next to the corner
    if rng.random() < 0.5:
        out = np.array([palm[0], -3.0 if fy == 0 else rows + 3.0])
    else:
        out = np.array([-3.0 if fx == 0 else cols + 3.0, palm[1]])
    mask = np.zeros(img.shape[:2], np.uint8)

    def at(p: np.ndarray) -> tuple[int, int]:
        q = to_img @ np.array([p[0], p[1], 1.0])
        return (int(q[0]), int(q[1]))

    cv2.line(mask, at(palm), at(out), 255, int(px * 0.75))
    cv2.ellipse(mask, at(palm), (int(px * 0.55), int(px * 0.45)), rng.uniform(0, 180), 0, 360,
                255, -1)
    inward = np.array([cols / 2, rows / 2]) - palm
    inward /= np.linalg.norm(inward)
    side = np.array([-inward[1], inward[0]])
    for k in (-1.5, -0.5, 0.5, 1.5):  # fingers
        root = palm + side * k * 0.17
        tip = root + inward * rng.uniform(0.55, 0.8) + side * k * 0.05
        cv2.line(mask, at(root), at(tip), 255, int(px * 0.13))
    skin = np.array([110, 150, 205], np.float32) + rng.normal(0, 10, 3).astype(np.float32)
    shade = cv2.GaussianBlur(mask, (0, 0), px * 0.1).astype(np.float32) / 255.0
    region = mask > 0
    lit = img.astype(np.float32)
    lit[region] = skin * (0.75 + 0.3 * shade[region][:, None])
    img[:] = np.clip(lit, 0, 255).astype(np.uint8)
    return _covered(mask, to_img, rows, cols)


def _covered(mask: np.ndarray, to_img: np.ndarray, rows: int, cols: int) -> frozenset[Square]:
    px = int(to_img[0, 0])
    ox, oy = round(to_img[0, 2]), round(to_img[1, 2])
    out = set()
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            part = mask[oy + (r - 1) * px: oy + r * px, ox + (c - 1) * px: ox + c * px]
            if float((part > 0).mean()) > COVERED_SHARE:
                out.add(Square(r, c))
    return frozenset(out)


# -- positions ----------------------------------------------------------------------------


def inventory(game: str) -> list[Tile | Daikaiju]:
    """Every piece of a game's box that goes on the board, tiles in pattern orientation:
    Tsuro's 35 tiles, once each; the Seas wake tiles as its tile set counts them, and
    daikaiju."""
    plan = game_info(game).teach if game in GAMES else None
    if plan is None:
        raise LookError(f"no pieces for game {game!r}; choose one of {', '.join(GAMES)}")
    if plan.tile_set == "all-patterns":
        return list(PATTERNS)
    tiles: list[Tile | Daikaiju] = [PATTERNS[i] for i in load_tile_set()]
    return tiles + [Daikaiju()] * (KAIJU_COPIES if plan.daikaiju else 0)


def random_position(rng: np.random.Generator, rows: int, cols: int, game: str,
                    fill: float) -> dict[Square, Piece]:
    """A board of ``rows`` x ``cols`` about ``fill`` full, drawn from the game's box: no
    Tsuro tile twice, no Seas tile more often than its set holds, each turned at random.
    Every square appears (None for empty)."""
    pieces = inventory(game)
    squares = [Square(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    count = min(len(pieces), len(squares), round(fill * len(squares)))
    out: dict[Square, Piece] = dict.fromkeys(squares)
    chosen = rng.choice(len(squares), count, replace=False)
    order = rng.permutation(len(pieces))[:count]
    for s, p in zip(chosen, order, strict=True):
        piece = pieces[int(p)]
        turns = int(rng.integers(0, 4))
        if isinstance(piece, Daikaiju):
            out[squares[int(s)]] = Daikaiju(Side(turns))
        else:
            out[squares[int(s)]] = piece.rotated(turns)
    return out


def teach_photos(look: str, rows: int, cols: int, seed: int, game: str, *, box: int = 0
                 ) -> list[tuple[np.ndarray, dict[Square, Piece]]]:
    """The owner's teaching photos and their layouts: every piece of the game's box laid
    out, each turned at random (for Seas, its daikaiju facing each way), then the empty
    board. Pieces beyond one board's room go on further photos, shared out evenly. Of a
    tile the Seas box holds twice both pieces are laid out, each drawn as itself (the copy
    :func:`_copy_of` draws on its square), as an owner laying out the whole box would; a
    Tsuro box holds each tile once, so its photos are as they always were."""
    tiles = [p for p in inventory(game) if isinstance(p, Tile)]
    counts = _game_copies(game)
    # (piece, which physical copy it is, how many copies of it the box holds)
    pieces: list[tuple[Tile | Daikaiju, int, int]] = []
    seen: dict[Tile, int] = {}
    for tile in tiles:
        seen[tile.pattern()] = seen.get(tile.pattern(), 0) + 1
        pieces.append((tile, seen[tile.pattern()] - 1, counts[tile.pattern()]))
    pieces.sort(key=lambda item: item[1])  # every pattern's first piece before any second
    if any(isinstance(p, Daikaiju) for p in inventory(game)):
        pieces += [(Daikaiju(side), k % KAIJU_COPIES, KAIJU_COPIES)
                   for k, side in enumerate(Side)]
    rng = np.random.default_rng([seed, 11])
    squares = [Square(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    room = len(squares) - 1  # leave a square bare on every sheet
    if room < 1:
        raise LookError(f"a {rows}x{cols} board is too small to teach on")
    per = -(-len(pieces) // -(-len(pieces) // room))  # as few sheets as fit, filled evenly
    sheets: list[dict[Square, Piece]] = []
    for start in range(0, len(pieces), per):
        sheet: dict[Square, Piece] = dict.fromkeys(squares)
        free = [squares[int(i)] for i in rng.permutation(len(squares))]
        # the pieces tied to fewest squares first, so the others cannot take their room
        for piece, copy, copies in sorted(pieces[start:start + per], key=lambda it: -it[2]):
            # the first free square on which the simulator draws this very piece
            where = next((sq for sq in free if _drawn_copy(piece, sq, copies) == copy), None)
            if where is None:
                raise LookError(f"a {rows}x{cols} board has no room to lay out the box")
            free.remove(where)
            sheet[where] = (piece.rotated(int(rng.integers(0, 4))) if isinstance(piece, Tile)
                            else piece)
        sheets.append(sheet)
    sheets.append(dict.fromkeys(squares))
    return [(board_photo(look, rows, cols, sheet, seed * 16 + n, box=box, game=game)[0], sheet)
            for n, sheet in enumerate(sheets)]


def _drawn_copy(piece: Tile | Daikaiju, sq: Square, copies: int) -> int:
    """Which physical copy of ``piece`` the simulator draws on ``sq`` (``_top_down`` and
    :func:`_copy_of` choose it here)."""
    if isinstance(piece, Daikaiju):
        return (sq.row * 3 + sq.col) % KAIJU_COPIES
    return (sq.row * 7 + sq.col) % max(copies, 1)
