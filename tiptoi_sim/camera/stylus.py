"""A stylus with a coloured tip, found by its colour.

The colour is calibrated by holding the tip up to the camera inside a box
(:meth:`StylusColour.calibrate`); without calibration a preset is used. Only pixels that also
differ from the empty board count, so print of the same colour on the board is never the tip.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

PRESETS = {  # OpenCV hue is 0-179
    "green": (60, 90, 70),
    "magenta": (160, 90, 70),
    "blue": (110, 90, 50),
    "orange": (12, 120, 90),
    "red": (0, 120, 70),
}


@dataclass
class StylusColour:
    hue: int            # 0-179
    min_sat: int
    min_val: int
    hue_tol: int = 12

    @classmethod
    def preset(cls, name: str) -> "StylusColour":
        if name not in PRESETS:
            raise ValueError(f"unknown stylus colour {name!r}: expected one of {', '.join(PRESETS)}")
        return cls(*PRESETS[name])

    @classmethod
    def calibrate(cls, frame_bgr: np.ndarray, box: tuple[int, int, int, int]) -> "StylusColour":
        """Learn the tip colour from the most saturated pixels inside ``box`` = (x, y, w, h)."""
        x, y, w, h = box
        hsv = cv2.cvtColor(frame_bgr[y:y + h, x:x + w], cv2.COLOR_BGR2HSV).reshape(-1, 3).astype(np.float64)
        if len(hsv) == 0:
            raise ValueError("empty calibration box")
        sat = hsv[:, 1]
        top = hsv[sat >= np.percentile(sat, 75)]
        if top[:, 1].mean() < 60:
            raise ValueError("no coloured tip in the box: hold the tip closer or use a more vivid colour")
        ang = top[:, 0] * (2 * np.pi / 180.0)
        hue = int(round(np.arctan2(np.sin(ang).mean(), np.cos(ang).mean()) * 180 / (2 * np.pi))) % 180
        return cls(hue=hue, min_sat=int(max(50, np.percentile(top[:, 1], 10) * 0.6)),
                   min_val=int(max(40, np.percentile(top[:, 2], 10) * 0.5)))

    def mask(self, img_bgr: np.ndarray) -> np.ndarray:
        hsv = cv2.cvtColor(img_bgr, cv2.COLOR_BGR2HSV)
        dh = np.abs(hsv[..., 0].astype(np.int16) - self.hue)
        dh = np.minimum(dh, 180 - dh)
        ok = (dh <= self.hue_tol) & (hsv[..., 1] >= self.min_sat) & (hsv[..., 2] >= self.min_val)
        return ok.astype(np.uint8) * 255


def find_tip(img_bgr: np.ndarray, fg: np.ndarray, colour: StylusColour, min_area: int = 4):
    """(x, y) pixel centre of the largest blob of the tip colour that differs from the empty
    board, or None."""
    m = cv2.bitwise_and(colour.mask(img_bgr), fg)
    m = cv2.morphologyEx(m, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    n, labels, stats, cents = cv2.connectedComponentsWithStats(m)
    if n <= 1:
        return None
    i = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    if stats[i, cv2.CC_STAT_AREA] < min_area:
        return None
    return float(cents[i][0]), float(cents[i][1])


def refine_tip(img_bgr: np.ndarray, weak: np.ndarray, far: tuple[float, float], entry: tuple[float, float],
               radius: float, min_sat: int = 80, min_val: int = 35):
    """The touching end of a stylus of any colour, with nothing set: ``far`` is the end of the
    thin object (pen) farthest from where the arm enters (``entry``). A compact vivid blob near
    it that differs from the empty board (``weak`` mask) is the tip; the tap point is the
    blob's pixel farthest from the entry (the cone's end, not its centre). Without such a blob
    (a tip over print of its own colour, a pen without a coloured tip) ``far`` itself is the
    tip. Returns ((x, y), hue or None)."""
    h, w = weak.shape
    r = int(np.ceil(radius))
    fx, fy = int(round(far[0])), int(round(far[1]))
    x0, y0, x1, y1 = max(0, fx - r), max(0, fy - r), min(w, fx + r + 1), min(h, fy + r + 1)
    if x1 <= x0 or y1 <= y0:
        return far, None
    hsv = cv2.cvtColor(img_bgr[y0:y1, x0:x1], cv2.COLOR_BGR2HSV)
    vivid = (hsv[..., 1] >= min_sat) & (hsv[..., 2] >= min_val) & (weak[y0:y1, x0:x1] > 0)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(vivid.astype(np.uint8), connectivity=8)
    if n <= 1:
        return far, None
    ys, xs = np.mgrid[y0:y1, x0:x1]
    best, best_d = 0, None
    for i in range(1, n):
        if stats[i, cv2.CC_STAT_AREA] < 3:
            continue
        sel = labels == i
        d = float(np.min((xs[sel] - far[0]) ** 2 + (ys[sel] - far[1]) ** 2))
        if best_d is None or d < best_d:
            best, best_d = i, d
    if best == 0 or best_d > (0.5 * radius) ** 2:
        return far, None
    sel = labels == best
    bx, by = xs[sel].astype(np.float64), ys[sel].astype(np.float64)
    d2 = (bx - entry[0]) ** 2 + (by - entry[1]) ** 2
    end = d2 >= (np.sqrt(d2.max()) - 1.0) ** 2
    ang = hsv[..., 0][sel].astype(np.float64) * (np.pi / 90.0)
    hue = int(round(np.degrees(np.arctan2(np.sin(ang).mean(), np.cos(ang).mean())) / 2)) % 180
    return (float(bx[end].mean()), float(by[end].mean())), hue
