"""The four ArUco camera markers (docs/contracts.md 3): detection and the printable sheet."""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from .errors import VisionError
from .geometry import MARKER_IDS

DICTIONARY = cv2.aruco.DICT_4X4_50


def _dictionary() -> cv2.aruco.Dictionary:
    return cv2.aruco.getPredefinedDictionary(DICTIONARY)


def marker_image(marker_id: int, side_px: int) -> np.ndarray:
    """The marker, its outer black border filling ``side_px`` square (grey, uint8)."""
    return cv2.aruco.generateImageMarker(_dictionary(), marker_id, side_px, borderBits=1)


@dataclass(frozen=True)
class Detection:
    marker_id: int
    corners: np.ndarray  # 4x2 float32, image pixels, ArUco corner order


_CELL = 4  # pixels per marker cell when reading bits


class MarkerDetector:
    """Finds our four markers; other ids and other dictionaries' markers are ignored.

    Each marker's corner touches the dark grid's corner (docs/contracts.md 3), so the adaptive
    threshold of the stock detector often merges the marker with the grid and loses it. We
    first scan a half-size copy at a few global grey levels, where the white margin keeps the
    marker apart, read the bits ourselves and refine corners at full size; only when fewer
    than three markers come out does ``cv2.aruco.ArucoDetector`` get a turn.
    """

    # Grey levels tried in turn; lit unevenly, different markers come apart at different
    # levels. The black border prints darker than any board, the margin lighter.
    LEVELS = (60, 90, 45, 75, 105, 30, 120, 135, 150)

    def __init__(self, levels: tuple[int, ...] = LEVELS) -> None:
        params = cv2.aruco.DetectorParameters()
        params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_NONE
        self._dictionary = _dictionary()
        self._detector = cv2.aruco.ArucoDetector(self._dictionary, params)
        self._levels = levels

    def detect(self, image: np.ndarray,
               layout: Mapping[int, np.ndarray] | None = None) -> dict[int, Detection]:
        """Our markers in ``image``. ``layout`` (each marker's corners in grid units, as
        :class:`vision.geometry.MarkerLayout` gives them) lets the scan, once three markers
        are found, look for the rest only where those three say they lie."""
        grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        found = self._scan(grey, layout)
        if len(found) < 3:
            for marker_id, det in self._aruco(grey).items():
                found.setdefault(marker_id, det)
        return found

    def _aruco(self, grey: np.ndarray) -> dict[int, Detection]:
        corners, ids, _ = self._detector.detectMarkers(grey)
        found: dict[int, Detection] = {}
        if ids is None:
            return found
        seen: set[int] = set()
        for cs, i in zip(corners, ids.ravel(), strict=True):
            marker_id = int(i)
            if marker_id not in MARKER_IDS:
                continue
            if marker_id in seen:
                # Two copies of one id: we cannot tell which marks the board.
                found.pop(marker_id, None)
                continue
            seen.add(marker_id)
            found[marker_id] = Detection(marker_id, cs.reshape(4, 2).astype(np.float32))
        return self._refine_all(grey, found)

    def _scan(self, grey: np.ndarray,
              layout: Mapping[int, np.ndarray] | None = None) -> dict[int, Detection]:
        f = 0.5 if max(grey.shape) > 700 else 1.0
        small = grey if f == 1.0 else cv2.resize(grey, None, fx=f, fy=f,
                                                 interpolation=cv2.INTER_AREA)
        min_per = 40 * f
        max_per = 0.5 * (small.shape[0] + small.shape[1])
        found: dict[int, Detection] = {}
        twice: set[int] = set()
        # The usual levels first; only a frame with fewer than three markers pays for more.
        extra = tuple(v for v in range(20, 230, 10) if v not in self._levels)
        # Once three markers are found they place the others to a few pixels: later levels
        # look only there (a level over the whole frame costs about a millisecond, most of
        # it in the outlines of the board's art; a small window almost nothing).
        windows: list[tuple[int, int, int, int]] | None = None
        for n, level in enumerate(self._levels + extra):
            if n >= len(self._levels) and len(found) >= 3:
                break  # three markers place the board; the fourth is not worth the time
            if windows is None and layout is not None and len(found) >= 3:
                windows = _windows(found, layout, f, small.shape)
            seen_here: dict[int, np.ndarray] = {}
            for c in _outlines(small, level, windows):
                if len(c) < 4:
                    continue
                per = cv2.arcLength(c, True)
                if not min_per <= per <= max_per:
                    continue
                quad = cv2.approxPolyDP(c, 0.04 * per, True)
                if len(quad) != 4 or not cv2.isContourConvex(quad):
                    continue
                # A square seen at up to ~45 degrees still fills most of (perimeter/4)^2,
                # its outline fills its four corners, and no side is far shorter than another.
                area = cv2.contourArea(quad)
                if area < 0.45 * (per / 4) ** 2:
                    continue
                if not 0.8 * area <= cv2.contourArea(c) <= 1.2 * area:
                    continue
                corners = quad[:, 0].astype(np.float32)
                sides = np.linalg.norm(corners - corners[[3, 0, 1, 2]], axis=1)
                if sides.min() < 0.5 * sides.max():
                    continue
                q = quad.reshape(4, 2).astype(np.float32) / f
                if cv2.contourArea(q, True) < 0:
                    q = q[::-1].copy()
                got = self._read_bits(grey, q, retry=n >= len(self._levels))
                if got is None:
                    continue
                marker_id, ordered = got
                if marker_id in seen_here and np.abs(seen_here[marker_id] - ordered).max() > 4:
                    twice.add(marker_id)
                seen_here[marker_id] = ordered
            for marker_id, q in seen_here.items():
                if marker_id not in found and marker_id not in twice:
                    found[marker_id] = Detection(marker_id, q)
            if len(found) == len(MARKER_IDS):
                break
        return self._refine_all(grey, found)

    def _refine_all(self, grey: np.ndarray, found: dict[int, Detection]) -> dict[int, Detection]:
        if not found:
            return found
        ids = sorted(found)
        quads = refine_quads(grey, np.stack([found[i].corners for i in ids]))
        return {i: Detection(i, quads[k]) for k, i in enumerate(ids)}

    def _read_bits(self, grey: np.ndarray, q: np.ndarray, retry: bool = False
                   ) -> tuple[int, np.ndarray] | None:
        s = 6 * _CELL
        h = cv2.getPerspectiveTransform(q, np.array([[0, 0], [s, 0], [s, s], [0, s]], np.float32))
        patch = cv2.warpPerspective(grey, h, (s, s), flags=cv2.INTER_LINEAR)
        _, bw = cv2.threshold(patch, 0, 1, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        # The middle of each cell decides; its rim is blurred by its neighbours.
        cells = bw.reshape(6, _CELL, 6, _CELL)[:, 1:3, :, 1:3].sum(axis=(1, 3)) > 2
        ring = np.concatenate([cells[0], cells[5], cells[1:5, 0], cells[1:5, 5]])
        if ring.any():
            # A mostly black ring is a marker seen through rough corners: when a marker is
            # still missing, fit its corners to its edges and read it again.
            if retry and ring.sum() <= 4:
                return self._read_bits(grey, refine_quads(grey, q[None])[0])
            return None
        ok, idx, rot = self._dictionary.identify(cells[1:5, 1:5].astype(np.uint8), 0.0)
        if not ok or int(idx) not in MARKER_IDS:
            return None
        return int(idx), np.roll(q, int(rot), axis=0)



def _outlines(small: np.ndarray, level: int,
              windows: list[tuple[int, int, int, int]] | None) -> list[np.ndarray]:
    """Outer outlines with holes in them (a marker is a dark outline with white bits inside;
    a bare dark square has none and is not worth reading) of the pixels darker than
    ``level``: over the whole frame, or only inside ``windows`` (x0, y0, x1, y1)."""
    out: list[np.ndarray] = []
    whole = [(0, 0, small.shape[1], small.shape[0])]
    for x0, y0, x1, y1 in windows if windows is not None else whole:
        _, mask = cv2.threshold(small[y0:y1, x0:x1], level - 0.5, 1, cv2.THRESH_BINARY_INV)
        contours, tree = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE,
                                          offset=(x0, y0))
        if tree is None:
            continue
        keep = np.flatnonzero((tree[0][:, 3] == -1) & (tree[0][:, 2] != -1))
        out.extend(contours[int(k)] for k in keep)
    return out


def _windows(found: Mapping[int, Detection], layout: Mapping[int, np.ndarray], f: float,
             shape: tuple[int, ...]) -> list[tuple[int, int, int, int]]:
    """Where the markers not yet found lie in the scanned (``f`` times smaller) frame, as
    the found ones place them, with a marker's side to spare each way."""
    ids = sorted(found)
    src = np.concatenate([np.asarray(layout[i], np.float64) for i in ids])
    dst = np.concatenate([found[i].corners for i in ids]).astype(np.float64) * f
    h, _ = cv2.findHomography(src, dst, 0)
    out: list[tuple[int, int, int, int]] = []
    if h is None:
        return out
    for i in (m for m in MARKER_IDS if m not in found and m in layout):
        at = cv2.perspectiveTransform(np.asarray(layout[i], np.float64)[None], h)[0]
        side = float(np.linalg.norm(at - np.roll(at, 1, axis=0), axis=1).max())
        pad = side + 6.0
        x0, y0 = (int(max(0.0, v - pad)) for v in at.min(axis=0))
        x1 = int(min(float(shape[1]), float(at[:, 0].max()) + pad))
        y1 = int(min(float(shape[0]), float(at[:, 1].max()) + pad))
        if x1 - x0 >= 8 and y1 - y0 >= 8:
            out.append((x0, y0, x1, y1))
    return out


_TS = np.linspace(0.2, 0.8, 12, dtype=np.float32)


def refine_quads(grey: np.ndarray, quads: np.ndarray, rounds: int = 2) -> np.ndarray:
    """Marker corners as crossings of straight lines fitted to the four black-white edges.

    Corner-window refinement wanders off to the bit pattern or the touching grid corner on
    small, blurred markers; an edge seen along its whole length does not. ``quads`` is
    (M, 4, 2), clockwise in the image; a quad whose fit fails keeps its corners.
    """
    q = quads.astype(np.float32).copy()
    for _ in range(rounds):
        new = _fit_round(grey, q)
        side = np.linalg.norm(q - np.roll(q, 1, axis=1), axis=2).mean(axis=1)
        move = np.abs(new - q).max(axis=(1, 2))
        ok = np.isfinite(new).all(axis=(1, 2)) & (move <= 0.25 * side)
        q[ok] = new[ok]
    return q


def _fit_round(grey: np.ndarray, q: np.ndarray) -> np.ndarray:
    m = len(q)
    a = q
    b = np.roll(q, -1, axis=1)
    d = b - a  # (M, 4, 2)
    length = np.maximum(np.linalg.norm(d, axis=2), 1e-3)
    d = d / length[..., None]
    n = np.stack([-d[..., 1], d[..., 0]], axis=2)  # points into the marker
    reach = np.clip(length.min(axis=1) / 8, 2.0, 5.0)  # (M,)
    steps = np.linspace(-1.0, 1.0, 21, dtype=np.float32)
    offs = reach[:, None] * steps[None, :]  # (M, O)
    base = a[:, :, None, :] + _TS[None, None, :, None] * (b - a)[:, :, None, :]  # (M,4,S,2)
    pts = (base[:, :, :, None, :]
           + offs[:, None, None, :, None] * n[:, :, None, None, :])  # (M,4,S,O,2)
    flat = pts.reshape(-1, len(steps), 2)
    prof = cv2.remap(grey, flat[..., 0], flat[..., 1], cv2.INTER_LINEAR).astype(np.float32)
    # Going inwards the level drops from the white margin to the black border; rises are
    # other edges (the margin's outer rim, the bits) and are ignored.
    grad = np.maximum(prof[:, :-1] - prof[:, 1:], 0.0)
    j = np.clip(np.argmax(grad, axis=1), 1, grad.shape[1] - 2)
    rows = np.arange(len(grad))
    g0, g1, g2 = grad[rows, j - 1], grad[rows, j], grad[rows, j + 1]
    denom = g0 - 2 * g1 + g2
    safe = np.where(np.abs(denom) > 1e-6, denom, 1.0)
    sub = np.clip(np.where(np.abs(denom) > 1e-6, 0.5 * (g0 - g2) / safe, 0.0), -0.5, 0.5)
    frac = (j + 0.5 + sub) / (len(steps) - 1)  # 0..1 along the offsets
    s_count = len(_TS)
    t = (-1.0 + 2.0 * frac).reshape(m, 4, s_count) * reach[:, None, None]
    edge = base + t[..., None] * n[:, :, None, :]  # (M,4,S,2)
    g1 = g1.reshape(m, 4, s_count)
    w = (g1 > 0.4 * g1.max(axis=2, keepdims=True)).astype(np.float32)
    # Weighted total-least-squares line per side: centroid and principal direction.
    wsum = np.maximum(w.sum(axis=2), 1e-6)
    c = (edge * w[..., None]).sum(axis=2) / wsum[..., None]  # (M,4,2)
    e = (edge - c[:, :, None, :]) * np.sqrt(w)[..., None]
    sxx = (e[..., 0] ** 2).sum(axis=2)
    syy = (e[..., 1] ** 2).sum(axis=2)
    sxy = (e[..., 0] * e[..., 1]).sum(axis=2)
    theta = 0.5 * np.arctan2(2 * sxy, sxx - syy)
    v = np.stack([np.cos(theta), np.sin(theta)], axis=2)  # (M,4,2)
    # Corner k is where side k-1 (ending at it) meets side k (starting at it).
    p1, r1 = np.roll(c, 1, axis=1), np.roll(v, 1, axis=1)
    p2, r2 = c, v
    den = r1[..., 0] * r2[..., 1] - r1[..., 1] * r2[..., 0]
    diff = p2 - p1
    tt = (diff[..., 0] * r2[..., 1] - diff[..., 1] * r2[..., 0]) / np.where(
        np.abs(den) > 1e-9, den, np.nan)
    out = p1 + tt[..., None] * r1
    out[(wsum < 4).any(axis=1)] = np.nan
    return np.asarray(out, np.float32)


def marker_sheet(square_mm: float, dpi: int = 300) -> np.ndarray:
    """An A4 page (grey) with the four markers at true size: each marker's side is half a
    board square. A cross marks the corner that touches the grid's corner."""
    if not 10 <= square_mm <= 200:
        raise VisionError(f"a board square of {square_mm} mm is implausible (10-200 mm)")
    if not 72 <= dpi <= 1200:
        raise VisionError(f"{dpi} dpi is out of range (72-1200)")
    mm = dpi / 25.4
    page = np.full((round(297 * mm), round(210 * mm)), 255, np.uint8)
    side = round(square_mm / 2 * mm)
    margin = round(15 * mm)
    names = {0: "top-left", 1: "top-right", 2: "bottom-right", 3: "bottom-left"}
    # The corner of each marker that must touch the grid corner (in the marker image).
    touch = {0: (1, 1), 1: (0, 1), 2: (0, 0), 3: (1, 0)}
    cell_w, cell_h = (page.shape[1] - 2 * margin) // 2, (page.shape[0] - 2 * margin - 40) // 2
    for k, marker_id in enumerate(MARKER_IDS):
        x = margin + (k % 2) * cell_w + (cell_w - side) // 2
        y = margin + 40 + (k // 2) * cell_h + (cell_h - side) // 2
        page[y : y + side, x : x + side] = marker_image(marker_id, side)
        cv2.rectangle(page, (x - side // 5, y - side // 5),
                      (x + side + side // 5, y + side + side // 5), 160, 1)
        tx, ty = touch[marker_id]
        cx, cy = x + tx * side, y + ty * side
        arm = max(6, side // 8)
        cv2.line(page, (cx - arm, cy), (cx + arm, cy), 0, max(1, dpi // 150))
        cv2.line(page, (cx, cy - arm), (cx, cy + arm), 0, max(1, dpi // 150))
        label = f"id {marker_id}: {names[marker_id]}"
        cv2.putText(page, label, (x, y + side + side // 5 + int(6 * mm)),
                    cv2.FONT_HERSHEY_SIMPLEX, dpi / 300 * 0.9, 0, max(1, dpi // 150))
    title = (f"table-companion markers DICT_4X4_50, marker side {square_mm / 2:.1f} mm "
             f"(board square {square_mm:.1f} mm); print at 100%")
    cv2.putText(page, title, (margin, margin), cv2.FONT_HERSHEY_SIMPLEX, dpi / 300 * 0.8, 0,
                max(1, dpi // 150))
    return page


def write_sheet(path: Path, square_mm: float, dpi: int = 300) -> None:
    """Write the sheet as PNG (with its DPI recorded) or PDF (A4 page, true size)."""
    page = marker_sheet(square_mm, dpi)
    suffix = path.suffix.lower()
    if suffix == ".png":
        path.write_bytes(_png_with_dpi(page, dpi))
    elif suffix == ".pdf":
        path.write_bytes(_pdf(page))
    else:
        raise VisionError(f"{path.name}: the marker sheet is written as .pdf or .png")


def _png_with_dpi(grey: np.ndarray, dpi: int) -> bytes:
    ok, buf = cv2.imencode(".png", grey)
    if not ok:
        raise VisionError("could not encode the marker sheet as PNG")
    data = bytes(buf)
    ppm = round(dpi / 0.0254)
    body = b"pHYs" + ppm.to_bytes(4, "big") * 2 + b"\x01"
    chunk = (9).to_bytes(4, "big") + body + zlib.crc32(body).to_bytes(4, "big")
    # pHYs goes right after IHDR (8-byte signature + 25-byte IHDR chunk).
    return data[:33] + chunk + data[33:]


def _pdf(grey: np.ndarray) -> bytes:
    """A one-page A4 PDF holding the page image stretched to exactly 210 x 297 mm."""
    h, w = grey.shape
    stream = zlib.compress(np.ascontiguousarray(grey).tobytes())
    pw, ph = 595.276, 841.89  # A4 in points
    content = f"q {pw:.3f} 0 0 {ph:.3f} 0 0 cm /Im0 Do Q".encode()
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        (f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {pw:.3f} {ph:.3f}] "
         f"/Resources << /XObject << /Im0 5 0 R >> >> /Contents 4 0 R >>").encode(),
        f"<< /Length {len(content)} >>\nstream\n".encode() + content + b"\nendstream",
        (f"<< /Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace /DeviceGray "
         f"/BitsPerComponent 8 /Filter /FlateDecode /Length {len(stream)} >>\nstream\n").encode()
        + stream + b"\nendstream",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for i, body in enumerate(objs, start=1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode()
    for off in offsets:
        out += f"{off:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)
