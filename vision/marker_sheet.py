"""The printable sheet of the four camera markers (docs/contracts.md 3), as PDF or PNG."""

from __future__ import annotations

import zlib
from pathlib import Path

import cv2
import numpy as np

from .errors import VisionError
from .geometry import MARKER_IDS
from .markers import marker_image


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
