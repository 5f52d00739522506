"""A simulated camera: renders a board state as a photo-like image.

Used by the app's laptop fallback and by the tests and benchmark. The board is drawn from
above in grid units, with the ArUco markers of docs/contracts.md 3, then seen through a tilted
pinhole camera with uneven light, colour cast, blur, sensor noise and JPEG compression.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.core.board import Point, Side, Square
from companion.tsuro.tiles import Tile

from .drawing import BUILTIN, Style, draw_daikaiju, draw_tile
from .geometry import MARKER_IDS, MarkerLayout, point_xy
from .markers import marker_image
from .reading import Daikaiju, VetPiece

SHIP_COLOURS: dict[str, tuple[int, int, int]] = {
    "red": (40, 40, 210),
    "blue": (200, 90, 30),
    "green": (60, 170, 40),
    "yellow": (30, 210, 230),
    "orange": (20, 130, 240),
    "purple": (150, 50, 130),
    "white": (235, 235, 235),
    "black": (30, 30, 30),
}
"""Default BGR colours of the simulated ship pieces, named as the ship colour profile names them."""

StateValue = Tile | Daikaiju | VetPiece | str | None


@dataclass
class Scene:
    """Everything that varies between two photos of a board."""

    tilt_deg: float = 0.0
    tilt_dir_deg: float = 0.0
    turn_deg: float = 0.0
    distance: float = 1.0  # >1 moves the camera away; board then fills less of the frame
    shift: tuple[float, float] = (0.0, 0.0)  # board centre offset, fraction of the frame
    askew_deg: float = 0.0  # largest turn of a tile laid by hand
    askew_shift: float = 0.0  # largest slip of a tile, fraction of a square
    blur: float = 0.0  # Gaussian sigma in pixels
    noise: float = 0.0  # sensor noise sigma, grey levels
    light: float = 0.0  # strength of the lighting gradient, 0-1
    cast: tuple[float, float, float] = (1.0, 1.0, 1.0)  # per-channel gain (BGR)
    jpeg: int | None = None
    glare: list[Square] = field(default_factory=list)
    hand: bool = False
    hide_markers: tuple[int, ...] = ()
    seed: int = 0  # the table: where tiles lie askew, light direction, grain
    frame: int = 0  # the shot: sensor noise differs from one frame to the next

    @classmethod
    def random(cls, rng: np.random.Generator, hard: bool = True) -> Scene:
        """A varied scene within the limits of the benchmark."""
        return cls(
            tilt_deg=float(rng.uniform(0, 30)),
            tilt_dir_deg=float(rng.uniform(0, 360)),
            turn_deg=float(rng.uniform(-180, 180)),
            distance=float(rng.uniform(1.0, 1.25)),
            shift=(float(rng.uniform(-0.05, 0.05)), float(rng.uniform(-0.05, 0.05))),
            askew_deg=4.0 if hard else 0.0,
            askew_shift=0.03 if hard else 0.0,
            blur=float(rng.uniform(0.3, 1.6)),
            noise=float(rng.uniform(1.0, 6.0)),
            light=float(rng.uniform(0.0, 0.5)),
            cast=tuple(float(x) for x in rng.uniform(0.8, 1.15, 3)),  # type: ignore[arg-type]
            jpeg=int(rng.integers(60, 96)),
            seed=int(rng.integers(0, 2**31)),
        )


def normalise_state(state: Mapping[Square, StateValue]
                    ) -> dict[Square, Tile | Daikaiju | VetPiece | None]:
    from . import veterans

    out: dict[Square, Tile | Daikaiju | VetPiece | None] = {}
    for sq, value in state.items():
        if isinstance(value, str):
            if value == "daikaiju":
                out[sq] = Daikaiju()
            elif veterans.is_value(value):  # tsunami:gold:east, uzushio, portal
                out[sq] = veterans.parse(value)
            else:
                out[sq] = Tile.parse(value)
        else:
            out[sq] = value
    return out


def render_top_down(
    rows: int,
    cols: int,
    state: Mapping[Square, StateValue],
    ships: Mapping[Point, str] | None = None,
    style: Style = BUILTIN,
    px: int = 128,
    scene: Scene | None = None,
    layout: MarkerLayout | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """The board seen straight from above; returns the image and the grid-to-image
    transform (3x3) that puts grid unit coordinates into its pixels."""
    scene = scene or Scene()
    layout = layout or MarkerLayout.default(rows, cols)
    rng = np.random.default_rng(scene.seed)
    x0, y0, x1, y1 = layout.bounds()
    pad = 0.8
    ox, oy = (-x0 + pad) * px, (-y0 + pad) * px
    w, h = int((x1 - x0 + 2 * pad) * px), int((y1 - y0 + 2 * pad) * px)
    to_img = np.array([[px, 0, ox], [0, px, oy], [0, 0, 1]], np.float64)

    def at(x: float, y: float) -> tuple[int, int]:
        return (round(x * px + ox), round(y * px + oy))

    img = np.empty((h, w, 3), np.uint8)
    # a wooden table, with grain; a band of rows and a channel at a time: the whole image in
    # float32 (twice, for the sum and the clip) made this the largest memory peak of a read
    grain = cv2.resize(rng.normal(0, 10, (h // 16 + 1, 4)).astype(np.float32), (w, h))
    band = 64
    channel = np.empty((band, w), np.float32)
    for top in range(0, h, band):
        g = grain[top:top + band]
        part = channel[: len(g)]
        for ch, wood in enumerate((70, 105, 140)):
            np.add(g, np.float32(wood), out=part)
            np.clip(part, 0, 255, out=part)
            img[top:top + band, :, ch] = part
    del grain, channel
    frame = 0.45
    cv2.rectangle(img, at(-frame, -frame), at(cols + frame, rows + frame), (92, 84, 64), -1)
    for i in MARKER_IDS:
        cs = layout.array(i)
        mx0, my0 = cs.min(axis=0)
        mx1, my1 = cs.max(axis=0)
        m = 0.12
        cv2.rectangle(img, at(mx0 - m, my0 - m), at(mx1 + m, my1 + m), (245, 245, 245), -1)
    cv2.rectangle(img, at(0, 0), at(cols, rows), (104, 96, 74), -1)
    for r in range(rows + 1):
        cv2.line(img, at(0, r), at(cols, r), (80, 74, 58), max(1, px // 32))
    for c in range(cols + 1):
        cv2.line(img, at(c, 0), at(c, rows), (80, 74, 58), max(1, px // 32))
    for i in MARKER_IDS:
        if i in scene.hide_markers:
            continue
        paste_marker(img, i, layout.array(i), to_img)

    tile_px = int(px * 0.94)
    for sq, piece in normalise_state(state).items():
        if piece is None:
            continue
        if isinstance(piece, Daikaiju):
            art = draw_daikaiju(piece.facing, tile_px, style)
        elif isinstance(piece, VetPiece):  # Veterans of the Seas: vision/veterans.py
            from .veterans import BUILTIN_PALETTE, OWNER_PALETTE
            from .veterans import draw as draw_vet

            art = draw_vet(piece, tile_px, BUILTIN_PALETTE if style == BUILTIN else OWNER_PALETTE)
        else:
            art = draw_tile(piece, tile_px, style)
        # Each square its own draw, so adding a tile leaves the others where they lay.
        lay = np.random.default_rng([scene.seed, sq.row, sq.col])
        angle = lay.uniform(-scene.askew_deg, scene.askew_deg)
        dx, dy = lay.uniform(-scene.askew_shift, scene.askew_shift, 2) * px
        cx, cy = (sq.col - 0.5) * px + ox + dx, (sq.row - 0.5) * px + oy + dy
        paste_turned(img, art, cx, cy, angle)

    for point, colour in (ships or {}).items():
        x, y = point_xy(point)
        bgr = SHIP_COLOURS.get(colour, (255, 0, 255))
        cv2.circle(img, at(x, y), int(px * 0.13), (20, 20, 20), -1, cv2.LINE_AA)
        cv2.circle(img, at(x, y), int(px * 0.11), bgr, -1, cv2.LINE_AA)

    for sq in scene.glare:
        cx, cy = at(sq.col - 0.5, sq.row - 0.5)
        spot = np.zeros((h, w), np.float32)
        cv2.circle(spot, (cx, cy), int(px * 0.45), 1.0, -1)
        spot = np.asarray(cv2.GaussianBlur(spot, (0, 0), px * 0.12))
        img = (img * (1 - spot[:, :, None]) + 255 * spot[:, :, None]).astype(np.uint8)
    if scene.hand:
        _draw_hand(img, rng, to_img, rows, cols)
    return img, to_img


def paste_turned(img: np.ndarray, art: np.ndarray, cx: float, cy: float, angle: float) -> None:
    """Paste ``art`` centred at (cx, cy), turned by ``angle`` degrees; only its box is touched."""
    n = art.shape[0]
    half = int(n * 0.75) + 2
    x0, y0 = int(cx) - half, int(cy) - half
    x1, y1 = x0 + 2 * half, y0 + 2 * half
    if x0 < 0 or y0 < 0 or x1 > img.shape[1] or y1 > img.shape[0]:
        return
    m = cv2.getRotationMatrix2D((n / 2, n / 2), angle, 1.0)
    m[:, 2] += (cx - x0 - n / 2, cy - y0 - n / 2)
    box = (2 * half, 2 * half)
    mask = cv2.warpAffine(np.full((n, n), 255, np.uint8), m, box)
    placed = cv2.warpAffine(art, m, box, flags=cv2.INTER_LINEAR)
    np.copyto(img[y0:y1, x0:x1], placed, where=(mask > 127)[:, :, None])


def paste_marker(img: np.ndarray, marker_id: int, corners: np.ndarray, to_img: np.ndarray) -> None:
    """Paste marker ``marker_id`` (DICT_4X4_50) with its corners at ``corners`` (grid units)."""
    side = 120
    mk = cv2.cvtColor(marker_image(marker_id, side), cv2.COLOR_GRAY2BGR)
    src = np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float32)
    dst = cv2.perspectiveTransform(corners[None].astype(np.float64), to_img)[0].astype(np.float32)
    x0, y0 = np.floor(dst.min(axis=0)).astype(int) - 1
    x1, y1 = np.ceil(dst.max(axis=0)).astype(int) + 1
    h = cv2.getPerspectiveTransform(src, dst - np.array([x0, y0], np.float32))
    box = (int(x1 - x0), int(y1 - y0))
    warped = cv2.warpPerspective(mk, h, box, flags=cv2.INTER_AREA)
    mask = cv2.warpPerspective(np.full((side, side), 255, np.uint8), h, box)
    np.copyto(img[y0:y1, x0:x1], warped, where=(mask > 127)[:, :, None])


def _draw_hand(
    img: np.ndarray, rng: np.random.Generator, to_img: np.ndarray, rows: int, cols: int
) -> None:
    """A skin-coloured arm reaching in over the board from one side."""
    px = to_img[0, 0]
    x = rng.uniform(1, cols - 1)
    palm = (to_img @ np.array([x, rows * 0.45, 1.0]))[:2]
    wrist = (to_img @ np.array([x + 1.0, rows + 2.0, 1.0]))[:2]
    skin = (120, 160, 215)
    cv2.line(img, tuple(int(v) for v in wrist), tuple(int(v) for v in palm), skin, int(px * 1.1))
    cv2.circle(img, tuple(int(v) for v in palm), int(px * 0.9), skin, -1)


def camera_matrix(scene: Scene, src_size: tuple[int, int], out_size: tuple[int, int],
                  centre: tuple[float, float]) -> np.ndarray:
    """Homography from top-down image pixels to camera pixels for a tilted, turned camera."""
    w_out, h_out = out_size
    w_src, h_src = src_size
    # Board plane in top-down pixels, centred; scale it so the board fills ~85% of the frame.
    scale = 0.85 * min(w_out, h_out) / max(w_src, h_src) / scene.distance
    t = math.radians(scene.tilt_deg)
    d = math.radians(scene.tilt_dir_deg)
    # Rotation: in-plane turn, then tilt about an axis lying in the board plane.
    c, s = math.cos(math.radians(scene.turn_deg)), math.sin(math.radians(scene.turn_deg))
    turn = np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])
    axis = np.array([math.cos(d), math.sin(d), 0.0])
    tilt, _ = cv2.Rodrigues(axis * t)
    rot = tilt @ turn
    f = 1.2 * max(w_out, h_out)
    z = f  # the camera distance that makes scale 1 at the board centre
    k = np.array([[f, 0, w_out / 2 * (1 + 2 * scene.shift[0])],
                  [0, f, h_out / 2 * (1 + 2 * scene.shift[1])], [0, 0, 1]])
    to_plane = np.array([[scale, 0, -scale * centre[0]], [0, scale, -scale * centre[1]], [0, 0, 1]])
    ext = np.column_stack([rot[:, 0], rot[:, 1], np.array([0.0, 0.0, z])])
    return np.asarray(k @ ext @ to_plane)


def photograph(
    top: np.ndarray,
    scene: Scene,
    size: tuple[int, int] = (1280, 960),
    centre: tuple[float, float] | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """The top-down image seen by the camera: returns the photo and the homography
    from top-down pixels to photo pixels."""
    return _photograph([top], scene, size, centre)


def _photograph(
    holder: list[np.ndarray],
    scene: Scene,
    size: tuple[int, int],
    centre: tuple[float, float] | None,
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`photograph`, taking the top-down image out of ``holder``: a caller that keeps
    no other reference lets it go once warped (less memory held at the float32 stage)."""
    top = holder.pop()
    rng = np.random.default_rng(scene.seed + 1)
    shot = np.random.default_rng([scene.seed, scene.frame])
    h_src, w_src = top.shape[:2]
    centre = centre or (w_src / 2, h_src / 2)
    hmat = camera_matrix(scene, (w_src, h_src), size, centre)
    # Pre-shrink the drawing so the warp does not alias fine lines.
    img = cv2.warpPerspective(top, hmat, size, flags=cv2.INTER_AREA,
                              borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
    del top
    w, h = size
    if scene.light:
        yy = np.arange(h, dtype=np.float32)[:, None]  # broadcast: no full-size grids
        xx = np.arange(w, dtype=np.float32)[None, :]
        ang = rng.uniform(0, 2 * np.pi)
        across = np.cos(ang) * (xx / w - 0.5)
        band = max(1, h // 8)  # the light ramp a band of rows at a time
        for y in range(0, h, band):
            ramp = across + np.sin(ang) * (yy[y:y + band] / h - 0.5)
            img[y:y + band] *= (1.0 + scene.light * ramp)[:, :, None]
    img *= np.array(scene.cast, np.float32)
    if scene.blur:
        cv2.GaussianBlur(img, (0, 0), scene.blur, dst=img)
    if scene.noise:
        # drawn a band of rows at a time (the same numbers as one draw of the whole shape),
        # so no float64 copy of the whole photo is made
        band = max(1, h // 8)
        for y in range(0, h, band):
            rows = img[y:y + band]
            rows += shot.normal(0, scene.noise, rows.shape).astype(np.float32)
    np.clip(img, 0, 255, out=img)
    out = img.astype(np.uint8)
    del img
    if scene.jpeg:
        _, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, scene.jpeg])
        out = np.asarray(cv2.imdecode(buf, cv2.IMREAD_COLOR))
    return out, hmat


def render_photo(
    rows: int,
    cols: int,
    state: Mapping[Square, StateValue],
    scene: Scene | None = None,
    ships: Mapping[Point, str] | None = None,
    style: Style = BUILTIN,
    size: tuple[int, int] = (1280, 960),
    layout: MarkerLayout | None = None,
) -> np.ndarray:
    """A photo-like camera frame of the board (BGR)."""
    return render_photo_and_truth(rows, cols, state, scene, ships, style, size, layout)[0]


def render_photo_and_truth(
    rows: int,
    cols: int,
    state: Mapping[Square, StateValue],
    scene: Scene | None = None,
    ships: Mapping[Point, str] | None = None,
    style: Style = BUILTIN,
    size: tuple[int, int] = (1280, 960),
    layout: MarkerLayout | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """The frame and the true homography from grid units to its pixels."""
    scene = scene or Scene()
    top, to_img = render_top_down(rows, cols, state, ships, style, scene=scene, layout=layout)
    centre = tuple((to_img @ np.array([cols / 2, rows / 2, 1.0]))[:2])
    holder = [top]
    del top  # _photograph lets it go once warped
    photo, hmat = _photograph(holder, scene, size, (float(centre[0]), float(centre[1])))
    return photo, hmat @ to_img


def random_state(
    rows: int, cols: int, rng: np.random.Generator, fill: float = 0.6, daikaiju: float = 0.03
) -> dict[Square, Tile | Daikaiju | None]:
    from companion.tsuro.tiles import all_oriented

    tiles = all_oriented()
    state: dict[Square, Tile | Daikaiju | None] = {}
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            u = rng.random()
            if u < daikaiju:
                state[Square(r, c)] = Daikaiju(Side(int(rng.integers(0, 4))))
            elif u < daikaiju + fill:
                state[Square(r, c)] = tiles[int(rng.integers(0, len(tiles)))]
            else:
                state[Square(r, c)] = None
    return state
