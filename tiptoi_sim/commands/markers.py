"""``tiptoi-sim markers --out sheet.png|sheet.pdf``: a printable A4 sheet of the four board
markers (ArUco DICT_4X4_50, ids 0-3) at 300 dpi, with cutting lines and instructions."""

from __future__ import annotations

import argparse

from tiptoi_sim.core.errors import UserError
from tiptoi_sim.core.numbers import option, parse_decimal

NAME = "markers"
ORDER = 62
HELP = "write a printable sheet of the four webcam board markers (PNG at 300 dpi, or PDF)"

DPI = 300
A4_MM = (210, 297)
INSTRUCTIONS = [
    "tiptoi-sim webcam markers (ArUco DICT_4X4_50). Print at 100% (no 'fit to page').",
    "Cut along the dashed lines. Lay each marker just outside its board corner:",
    "0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left (the numbers upright, as read from",
    "the player's side). The black square's corner marked with the dot touches the board corner.",
    "Keep the white rim around each marker visible; tape them down flat.",
]
CORNER_NAMES = ["0  top-left", "1  top-right", "2  bottom-right", "3  bottom-left"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--out", required=True, metavar="FILE", help="sheet.png (300 dpi) or sheet.pdf")
    p.add_argument("--size-mm", type=option(parse_decimal, lo=15, hi=80), default=50.0, metavar="MM",
                   help="side of each marker's black square in mm (default: 50)")


def sheet_image(size_mm: float = 50.0):
    """The A4 sheet as a grey uint8 image at 300 dpi."""
    import cv2
    import numpy as np

    from tiptoi_sim.camera.registration import aruco_dictionary

    px = lambda mm: int(round(mm / 25.4 * DPI))  # noqa: E731
    W, H = px(A4_MM[0]), px(A4_MM[1])
    img = np.full((H, W), 255, np.uint8)
    y = px(15)
    for line in INSTRUCTIONS:
        cv2.putText(img, line, (px(12), y), cv2.FONT_HERSHEY_SIMPLEX, 1.25, 0, 2, cv2.LINE_AA)
        y += px(6)
    side = px(size_mm)
    rim = px(size_mm / 6)  # white quiet zone
    cell = side + 2 * rim
    gap = px(25)
    x0 = (W - 2 * cell - gap) // 2
    y0 = y + px(12)
    inner_corner = {0: (1, 1), 1: (0, 1), 2: (0, 0), 3: (1, 0)}  # which corner points at the board
    for k in range(4):
        cx = x0 + (k % 2) * (cell + gap)
        cy = y0 + (k // 2) * (cell + gap + px(12))
        m = cv2.aruco.generateImageMarker(aruco_dictionary(), k, side, borderBits=1)
        img[cy + rim:cy + rim + side, cx + rim:cx + rim + side] = m
        _dashed_rect(img, cx, cy, cell, cell)
        cv2.putText(img, CORNER_NAMES[k], (cx, cy + cell + px(7)), cv2.FONT_HERSHEY_SIMPLEX, 1.6, 0, 3, cv2.LINE_AA)
        ix, iy = inner_corner[k]
        dot = (cx + rim + ix * side + (px(2.5) if ix else -px(2.5)), cy + rim + iy * side + (px(2.5) if iy else -px(2.5)))
        cv2.circle(img, dot, px(1.2), 0, -1, cv2.LINE_AA)
    return img


def _dashed_rect(img, x, y, w, h, dash=30):
    import cv2

    pts = [(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)]
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        n = max(1, int(max(abs(bx - ax), abs(by - ay)) // dash))
        for i in range(0, n, 2):
            p = (ax + (bx - ax) * i // n, ay + (by - ay) * i // n)
            q = (ax + (bx - ax) * (i + 1) // n, ay + (by - ay) * (i + 1) // n)
            cv2.line(img, p, q, 110, 2)


def write_pdf(path, gray, dpi: int = DPI) -> None:
    """A one-page PDF holding ``gray`` at ``dpi`` (the page is the image's size), JPEG-coded."""
    import cv2

    ok, jpg = cv2.imencode(".jpg", gray, [cv2.IMWRITE_JPEG_QUALITY, 95])
    if not ok:
        raise UserError("could not encode the sheet")
    data = jpg.tobytes()
    h, w = gray.shape[:2]
    pw, ph = w * 72.0 / dpi, h * 72.0 / dpi
    content = f"q {pw:.2f} 0 0 {ph:.2f} 0 0 cm /Im0 Do Q".encode()
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {pw:.2f} {ph:.2f}] "
        f"/Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>".encode(),
        f"<< /Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace /DeviceGray "
        f"/BitsPerComponent 8 /Filter /DCTDecode /Length {len(data)} >>\nstream\n".encode() + data + b"\nendstream",
        f"<< /Length {len(content)} >>\nstream\n".encode() + content + b"\nendstream",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for i, o in enumerate(objs, 1):
        offsets.append(len(out))
        out += f"{i} 0 obj\n".encode() + o + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objs) + 1}\n0000000000 65535 f \n".encode()
    for off in offsets:
        out += f"{off:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objs) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    with open(path, "wb") as f:
        f.write(out)


def run(args) -> int:
    from pathlib import Path

    import cv2

    out = Path(args.out)
    ext = out.suffix.lower()
    if ext not in (".png", ".pdf"):
        raise UserError(f"--out {out}: expected a .png or .pdf file name")
    if not 15 <= args.size_mm <= 80:
        raise UserError(f"--size-mm {args.size_mm}: expected 15 to 80 mm (four must fit on A4)")
    if not out.parent.is_dir():
        raise UserError(f"--out {out}: folder {out.parent} does not exist")
    img = sheet_image(args.size_mm)
    if ext == ".png":
        if not cv2.imwrite(str(out), img):
            raise UserError(f"cannot write {out}")
    else:
        write_pdf(out, img)
    print(f"wrote {out}: four markers of {args.size_mm:g} mm, A4 at {DPI} dpi")
    return 0
