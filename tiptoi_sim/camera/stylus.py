"""A stylus with a coloured tip, found by its colour.

The colour is calibrated by holding the tip up to the camera inside a box
(:meth:`StylusColour.calibrate`); without calibration a preset is used. Only pixels that also
differ from the empty board count, so print of the same colour on the board is never the tip.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import cv2
import numpy as np

PRESETS = {  # OpenCV hue is 0-179
    "green": (60, 90, 70),
    "magenta": (160, 90, 70),
    "blue": (110, 90, 50),
    "orange": (12, 120, 90),
    "red": (0, 120, 70),
}


def hue_mean(hues) -> int:
    """The mean of OpenCV hues (0-179, a circle: 178 and 2 average to 0, not 90)."""
    a = np.asarray(hues, np.float64) * (np.pi / 90.0)
    return int(round(np.degrees(np.arctan2(np.sin(a).mean(), np.cos(a).mean())) / 2)) % 180


def hue_dist(a, b):
    """How far apart OpenCV hues are on their circle (0-90); numbers or arrays."""
    d = np.abs(np.asarray(a, np.int16) - np.asarray(b, np.int16)) % 180
    return np.minimum(d, 180 - d)


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
        hue = hue_mean(top[:, 0])
        return cls(hue=hue, min_sat=int(max(50, np.percentile(top[:, 1], 10) * 0.6)),
                   min_val=int(max(40, np.percentile(top[:, 2], 10) * 0.5)))

    def mask(self, img_bgr: np.ndarray) -> np.ndarray:
        hsv = cv2.cvtColor(img_bgr, cv2.COLOR_BGR2HSV)
        ok = (hue_dist(hsv[..., 0], self.hue) <= self.hue_tol) & (hsv[..., 1] >= self.min_sat) & (hsv[..., 2] >= self.min_val)
        return ok.astype(np.uint8) * 255


def find_tip(img_bgr: np.ndarray, fg: np.ndarray, colour: StylusColour, min_area: int = 4,
             entry: tuple[float, float] | None = None):
    """Where the largest blob of the tip colour that differs from the empty board touches it:
    with the arm's ``entry`` known, the blob's end farthest from it (:func:`touch_point`: a tip
    touches with its point, and its centre lies a few pixels behind, enough to tap the next
    waypoint); else its centre. (x, y) in pixels, or None."""
    m = cv2.bitwise_and(colour.mask(img_bgr), fg)
    m = cv2.morphologyEx(m, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    n, labels, stats, cents = cv2.connectedComponentsWithStats(m)
    if n <= 1:
        return None
    i = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    if stats[i, cv2.CC_STAT_AREA] < min_area:
        return None
    if entry is None:
        return float(cents[i][0]), float(cents[i][1])
    ys, xs = np.nonzero(labels == i)
    return touch_point(xs.astype(np.float64), ys.astype(np.float64), entry)


def same_as_board(hsv: np.ndarray, board_hsv: np.ndarray | None, x0: int = 0, y0: int = 0,
                  min_sat: int = 90, hue_tol: int = 20, more_sat: int = 60) -> np.ndarray:
    """Where the vivid colour seen (``hsv``, a crop at ``x0, y0`` of the rectified picture) is
    the board's own print within a pixel (``board_hsv``: the empty board, whole picture): a
    saturated board pixel of about the same hue, seen at most ``more_sat`` more saturated. Such
    a spot is a coloured print that a shadow or glare changed (the green "Los!" button under
    the arm: a shadow darkens it but keeps its saturation, glare lowers it), not a pen's tip
    lying on it. A vivid orange tip on a pale yellow field is far more saturated than the field."""
    h, w = hsv.shape[:2]
    if board_hsv is None:
        return np.zeros((h, w), bool)
    pad = cv2.copyMakeBorder(board_hsv, 1, 1, 1, 1, cv2.BORDER_REPLICATE)
    out = np.zeros((h, w), bool)
    for dy in (0, 1, 2):
        for dx in (0, 1, 2):
            b = pad[y0 + dy:y0 + dy + h, x0 + dx:x0 + dx + w]
            out |= ((b[..., 1] >= min_sat) & (hue_dist(hsv[..., 0], b[..., 0]) <= hue_tol)
                    & (hsv[..., 1].astype(np.int16) <= b[..., 1].astype(np.int16) + more_sat))
    return out


#: the most a pen's tip may cover, as a share of the disc of the search radius (0.04 of the
#: rectified picture's width, 440 pixels at the default 256-pixel board): a tip is a few
#: millimetres to a centimetre or two across. The tips found were at most 62 pixels in any
#: frame of the clips made apart from the project (``benchmarks/independent``, seeds 21-23
#: and 41-42, red and blue tips) and 59 on our own benchmark's stylus scenes (seed 9311); a
#: resting fist of tan skin, as saturated as a tip in its noisiest pixels, made blobs of
#: 148-213 (seed 38's hands-only clip: its hue was learnt as the pen's and the fist tapped). A
#: quarter of the disc, 110 pixels, is some 3.5 cm across on an 80-cm board.
TIP_MAX_SHARE = 0.25


def tip_max_area(radius: float) -> float:
    """The largest blob, in pixels, that may be a pen's tip for a search ``radius``
    (``TIP_MAX_SHARE`` of its disc)."""
    return TIP_MAX_SHARE * np.pi * radius * radius


#: OpenCV hues (0-179) that skin, wood and warm light never have: green, cyan, blue, violet,
#: magenta and pink (skin is 0-25; a red sleeve 172-179)
COOL_HUES = (35, 168)
COOL_PEAK_SAT = 130


def is_cool(hue):
    """Whether OpenCV hues (a number or an array) lie in ``COOL_HUES``."""
    return (hue >= COOL_HUES[0]) & (hue <= COOL_HUES[1])


def peak_needed(hues: np.ndarray, peak_sat: int) -> int:
    """The saturation a blob of these hues must reach somewhere to be a vivid tip. Skin reaches
    about 150 (after compression), so a red, orange, yellow or magenta tip must pass
    ``peak_sat``; a small tip of a hue no skin or wood has (green to violet), blurred by motion
    or the lens to a saturation of 130-160, counts from ``COOL_PEAK_SAT``."""
    h = hue_mean(hues)
    if is_cool(h):
        return min(peak_sat, COOL_PEAK_SAT)
    return peak_sat


#: the least colour (max - min channel, of 255) a vivid tip has at its most saturated pixels: a
#: dark hand's saturation can reach a tip's (noise on a dark pixel is a big ratio), but its
#: colour is faint (about 40); a red tip in dim light still has about 80
MIN_PEAK_CHROMA = 60


def is_vivid(hsv_px: np.ndarray, peak_sat: int) -> bool:
    """Whether a blob's HSV pixels (N x 3) look like a vivid tip: some pixel reaches the
    saturation :func:`peak_needed` asks for its hue, with a colour of at least
    ``MIN_PEAK_CHROMA`` (not a dark, noisy one)."""
    need = peak_needed(hsv_px[:, 0], peak_sat)
    sat, val = hsv_px[:, 1].astype(np.int32), hsv_px[:, 2].astype(np.int32)
    return bool(((sat >= need) & (sat * val >= MIN_PEAK_CHROMA * 255)).any())


#: a blob near the pen's end but more than this many radii behind it (toward the arm) is skin at
#: the fist rather than the tip: a tip at the pen's end lies within half a radius of it (its
#: centroid 3.5-6 px behind the end with a radius of 11.8 px, over 50 tips of seed 2718)
BEHIND_END = 0.65


def refine_tip(img_bgr: np.ndarray, weak: np.ndarray, far: tuple[float, float], entry: tuple[float, float],
               radius: float, reach: float | None = None, min_sat: int = 110, peak_sat: int = 170,
               min_val: int = 50, board_hsv: np.ndarray | None = None,
               point: Callable[[tuple[int, int, int, int]], np.ndarray] | None = None):
    """The touching end of a stylus of any colour, with nothing set.

    ``far`` is the end of the region farthest from where the arm enters (``entry``): the pen's
    end, or the fist when the thin pen body is not seen. A compact vivid blob that differs from
    the empty board (``weak`` mask) and lies ahead of it, within ``reach`` pixels forward and
    a cone of +-35 degrees around the arm's direction (or ``radius`` around ``far`` itself), is
    the tip (the farthest ahead of those within ``radius`` of ``far``, else the nearest ahead);
    the tap point is the blob's pixel farthest from the entry (the cone's end, not its
    centre). A tip of a hue no skin has, blurred into a pale board below vivid, is taken ahead
    of the end when nothing vivid is there (:func:`_faint_cool_tip`). Without such a blob (a
    tip over print of its own colour, a pen without a coloured tip) ``far`` itself is the tip.
    Vivid means a blob of saturation ``min_sat`` (110 of 255)
    or more that reaches ``peak_sat`` (170) somewhere: above the most saturated skin (about 0.6
    after compression), below a small coloured tip even when blurred. With ``board_hsv`` (the
    empty board in HSV), vivid print of the same hue within a pixel is never the tip
    (:func:`same_as_board`). The tip's faint point beyond its vivid part is followed
    (:func:`touch_point`) on ``weak``, or with ``point`` on ``point((x0, y0, x1, y1))``: a mask
    of that box of the picture.
    Returns ((x, y), hue or None)."""
    h, w = weak.shape
    reach = 4 * radius if reach is None else reach
    ax, ay = far[0] - entry[0], far[1] - entry[1]
    n = float(np.hypot(ax, ay))
    if n < 1e-6:
        return far, None
    ax, ay = ax / n, ay / n
    # the search box: the disc around far and the cone ahead of it
    pts = np.array([[far[0] - radius, far[1] - radius], [far[0] + radius, far[1] + radius],
                    [far[0] + ax * reach - ay * reach * 0.7, far[1] + ay * reach + ax * reach * 0.7],
                    [far[0] + ax * reach + ay * reach * 0.7, far[1] + ay * reach - ax * reach * 0.7]])
    # (the box is widened by a radius for finding the blobs: a large vivid region, skin at the
    # fist, cut by the box's edge would look like a small blob)
    pad = int(np.ceil(radius))
    x0, y0 = np.maximum(0, np.floor(pts.min(axis=0)).astype(int) - pad)
    x1, y1 = np.minimum([w, h], np.ceil(pts.max(axis=0)).astype(int) + 1 + pad)
    if x1 <= x0 or y1 <= y0:
        return far, None
    hsv = cv2.cvtColor(img_bgr[y0:y1, x0:x1], cv2.COLOR_BGR2HSV)
    # (what may be a tip at all: bright enough, new on the board, not its own print)
    new = (hsv[..., 2] >= min_val) & (weak[y0:y1, x0:x1] > 0) & ~same_as_board(hsv, board_hsv, x0, y0)
    vivid = new & (hsv[..., 1] >= min_sat)
    nl, labels, stats, cents = cv2.connectedComponentsWithStats(vivid.astype(np.uint8), connectivity=8)
    best, best_key = 0, None
    for i in range(1, nl):
        area = stats[i, cv2.CC_STAT_AREA]
        if area < 3 or area > tip_max_area(radius):
            continue  # a speck, or too big for a pen's tip (a sleeve, a coloured cup, a fist)
        fwd, near, ahead = _where_from_end(cents[i] + (x0, y0), far, (ax, ay), radius, reach)
        if not (near or ahead):
            continue
        # skin, wood, a pale print are no vivid tip. Ahead of the hand's end, beyond the
        # fist, no skin is left: there a small tip of skin's hue (orange, red, yellow) blurred
        # below 170 counts from the saturation a blue one needs. At the hand's end it must
        # reach 170, unless what lies just behind it is no skin: a grey pen's body, far less
        # saturated than the tip (a knuckle has the hand behind it, as saturated as itself)
        sel = labels == i
        px = hsv[sel]
        if not is_vivid(px, min(peak_sat, COOL_PEAK_SAT)):
            continue
        if near and not is_vivid(px, peak_sat) and not _pen_behind(hsv, weak[y0:y1, x0:x1], sel, (ax, ay), radius):
            continue
        # at the pen's end, the farthest ahead (the tip is the pen's very end; skin at the fist
        # lies behind it); else the nearest ahead (a speck of noise farther on is not the tip).
        # A blob well behind the end (the knuckles beside a pen whose body is not seen, warm-lit
        # skin as saturated as a tip) comes last: a vivid blob ahead is the tip then
        if near and fwd >= -BEHIND_END * radius:
            key = (2, fwd)
        elif ahead and not near:
            key = (1, -fwd)
        else:
            key = (0, fwd)
        if best_key is None or key > best_key:
            best, best_key = i, key
    if best == 0:
        labels, best = _faint_cool_tip(hsv, new, (x0, y0), far, (ax, ay), radius, reach)
    if best == 0:
        return far, None
    sel = labels == best
    ys, xs = np.nonzero(sel)
    bx, by = xs.astype(np.float64) + x0, ys.astype(np.float64) + y0
    hue = hue_mean(hsv[..., 0][sel])
    if point is None:
        def point(b):
            return weak[b[1]:b[3], b[0]:b[2]]
    # (the mask the point is followed on, asked for only around the tip: it costs a whole
    # board's colour differences otherwise)
    pad = int(np.ceil(POINT_REACH * radius)) + 2
    box = (max(0, int(bx.min()) - pad), max(0, int(by.min()) - pad),
           min(w, int(bx.max()) + pad + 1), min(h, int(by.max()) + pad + 1))
    return touch_point(bx, by, entry, weak=point(box), radius=radius, origin=box[:2]), hue


#: :func:`_faint_cool_tip`: the saturation its pixels need, and the one it must reach somewhere
#: (a blue tip 5 px long over the cream board, blurred by the lens and the codec, peaked at
#: 104-127 through a whole dwell: clip 9443)
FAINT_COOL_MIN_SAT = 90
FAINT_COOL_PEAK_SAT = 105


def _where_from_end(centre, far, axis, radius: float, reach: float):
    """(how far ahead, near, ahead) of a blob's ``centre`` seen from the pen's end ``far``
    looking along ``axis`` (a unit vector): near is within ``radius`` of the end, ahead within
    ``reach`` forward and a cone of +-35 degrees (at least ``radius`` wide)."""
    cx, cy = centre[0] - far[0], centre[1] - far[1]
    fwd, lat = cx * axis[0] + cy * axis[1], cy * axis[0] - cx * axis[1]
    near = cx * cx + cy * cy <= radius * radius
    ahead = 0 <= fwd <= reach and abs(lat) <= 0.7 * max(fwd, radius)
    return fwd, near, ahead


#: :func:`_pen_behind`: how far behind a tip the pen's body is looked at (radii of the search),
#: and how saturated it may be at most, as a share of the tip's median saturation
BEHIND_BAND = 0.4
BEHIND_SAT_SHARE = 0.5


def _pen_behind(hsv, weak, blob, axis, radius: float) -> bool:
    """Whether what lies just behind a ``blob`` (a mask of the search box, whose HSV and
    difference mask are ``hsv`` and ``weak``), looking along ``axis`` (the pen's direction,
    a unit vector), is a pen's body and not skin: 4 pixels or more differ from the board in a
    band from 2 px behind the blob's back to ``BEHIND_BAND`` radii farther, as wide as that
    either side of the blob's middle line, and their median saturation is at most
    ``BEHIND_SAT_SHARE`` of the blob's. A knuckle has the hand behind it, as saturated as it is;
    a pen's tip has a grey body."""
    ys, xs = np.nonzero(blob)
    ax, ay = axis
    along, across = xs * ax + ys * ay, ys * ax - xs * ay
    back, mid, band = float(along.min()) - 2.0, float(np.median(across)), BEHIND_BAND * radius
    gy, gx = np.mgrid[0:blob.shape[0], 0:blob.shape[1]]
    a, c = gx * ax + gy * ay, gy * ax - gx * ay
    behind = (a <= back) & (a >= back - band) & (np.abs(c - mid) <= band) & (weak > 0) & ~blob
    if int(behind.sum()) < 4:
        return False
    return float(np.median(hsv[..., 1][behind])) <= BEHIND_SAT_SHARE * float(np.median(hsv[..., 1][blob]))


def _faint_cool_tip(hsv, new, origin, far, axis, radius: float, reach: float):
    """(labels, index) of a faint tip ahead of the pen's end when :func:`refine_tip` found no
    vivid one, else (None, 0): a small blob of a hue no skin, wood or warm light has
    (``COOL_HUES``), saturated from ``FAINT_COOL_MIN_SAT`` and reaching ``FAINT_COOL_PEAK_SAT``,
    among the pixels that may be a tip at all (``new``: bright enough, new on the board, not its
    own print) and lies in the cone ahead of ``far`` but beyond a ``radius`` of it (the fist is
    there, and a pale pen's body is not seen); the nearest such. ``hsv`` and ``new`` are the
    search box at ``origin`` (x0, y0) of the picture.
    Only cool hues: a faint warm blob ahead of a fist may be a knuckle or wood."""
    x0, y0 = origin
    faint = new & is_cool(hsv[..., 0]) & (hsv[..., 1] >= FAINT_COOL_MIN_SAT)
    nl, labels, stats, cents = cv2.connectedComponentsWithStats(faint.astype(np.uint8), connectivity=8)
    best, best_fwd = 0, None
    for i in range(1, nl):
        if not 3 <= stats[i, cv2.CC_STAT_AREA] <= tip_max_area(radius):
            continue
        fwd, near, ahead = _where_from_end(cents[i] + (x0, y0), far, axis, radius, reach)
        if near or not ahead:
            continue
        if is_vivid(hsv[labels == i], FAINT_COOL_PEAK_SAT) and (best == 0 or fwd < best_fwd):
            best, best_fwd = i, fwd
    return (labels, best) if best else (None, 0)


#: :func:`touch_point`: how far beyond the vivid part's end the pen's faint point is followed
#: on the difference mask (in radii of the search), and how much of the mask's blurred edge is
#: taken back (px). A dark blue or magenta tip on a dark table: its thin point, blurred with the
#: board, is grey (saturation 26-69) but still differs from the board; the vivid part stopped
#: 1.6 px short of the point (median; up to 3.7 px, a wrong tap on a waypoint, seed 2612)
POINT_REACH = 0.3
POINT_EDGE_PX = 0.75


def _faint_point(weak: np.ndarray, end: tuple[float, float], axis: tuple[float, float], limit: float,
                 origin: tuple[int, int] = (0, 0)) -> float:
    """How far (px, at most ``limit``) the pen goes on beyond ``end`` along ``axis`` (a unit
    vector): the mask ``weak`` (what differs from the empty board; its pixel (0, 0) is the
    picture's ``origin``) followed in steps of half a pixel on the axis or 0.7 px either side of
    it, less its blurred edge (``POINT_EDGE_PX``)."""
    h, w = weak.shape
    ax, ay = axis
    end = (end[0] - origin[0], end[1] - origin[1])
    last, d = 0.0, 0.5
    while d <= limit + 1e-9:
        hit = False
        for side in (0.0, -0.7, 0.7):
            x = int(round(end[0] + ax * d - ay * side))
            y = int(round(end[1] + ay * d + ax * side))
            if 0 <= x < w and 0 <= y < h and weak[y, x]:
                hit = True
                break
        if not hit:
            break
        last, d = d, d + 0.5
    return max(0.0, last - POINT_EDGE_PX)


def touch_point(xs: np.ndarray, ys: np.ndarray, entry: tuple[float, float], weak: np.ndarray | None = None,
                radius: float = 0.0, origin: tuple[int, int] = (0, 0)) -> tuple[float, float]:
    """Where a vivid tip (its pixels ``xs, ys``) touches the board, for a pen coming from
    ``entry``: the blob's end farthest from the entry, moved on by half the blob's width.
    A tip narrows to its point, and the narrow end is blurred below vivid, so the vivid part
    stops short of the point by about the tip's radius (on 26 dwells, seed 7100: the tap 0.7 %
    of the board's width short along the pen without this, 0.1 % with it; rms 0.8 % -> 0.35 %).
    With ``weak`` (what differs from the empty board) and the search ``radius``, the point is
    moved on farther where the pen goes on faint beyond the vivid part (:func:`_faint_point`,
    at most ``POINT_REACH`` radii): a dark tip's grey point. ``weak`` may be a part of the
    picture whose pixel (0, 0) is the picture's ``origin``."""
    d2 = (xs - entry[0]) ** 2 + (ys - entry[1]) ** 2
    far = np.sqrt(d2.max())
    end = d2 >= (far - 1.0) ** 2
    ex, ey = float(xs[end].mean()), float(ys[end].mean())
    ax, ay = ex - entry[0], ey - entry[1]
    n = float(np.hypot(ax, ay))
    if n < 1e-6:
        return ex, ey
    ax, ay = ax / n, ay / n
    along = (xs - entry[0]) * ax + (ys - entry[1]) * ay
    width = len(xs) / float(along.max() - along.min() + 1.0)
    push = 0.5 * width
    if weak is not None:
        # (the half width stays the least push: a tip vivid to its point, the mask ending with
        # it, taps where it did before)
        push = max(push, _faint_point(weak, (ex, ey), (ax, ay), POINT_REACH * radius, origin))
    return ex + ax * push, ey + ay * push


#: how far a tip's hue may lie from the hue sought (``find_vivid_blob``)
TIP_HUE_TOL = 15


def find_vivid_blob(img_bgr: np.ndarray, fg: np.ndarray, max_area: float, hue: int | None = None,
                    hue_tol: int = TIP_HUE_TOL, min_sat: int = 110, peak_sat: int = 170, min_val: int = 50,
                    board_hsv: np.ndarray | None = None, entry: tuple[float, float] | None = None,
                    ring: float | None = None, cool_only: bool = False):
    """The stylus tip when the pen and hand are not seen (a grey pen on grey print, a hand
    beyond the picture): the biggest compact vivid blob that differs from the empty board
    (``fg``), of area 3 to ``max_area`` pixels, of the learnt ``hue`` if one is known, and not
    the board's own print (``board_hsv``, see :func:`same_as_board`). With the arm's ``entry``
    known, the point is the blob's end farthest from it (where a tip touches); else, with
    ``ring``, the end away from the pen's faint body seen within ``ring`` pixels
    (:func:`_pen_side`); else its centre. With ``cool_only``, only a blob of a hue no skin or
    wood has (``COOL_HUES``) with a pen's body or hand beside it (``_pen_side`` within ``ring``)
    counts.
    Returns ((x, y), hue) or None."""
    hsv = cv2.cvtColor(img_bgr, cv2.COLOR_BGR2HSV)
    vivid = (hsv[..., 1] >= min_sat) & (hsv[..., 2] >= min_val) & (fg > 0)
    vivid &= ~same_as_board(hsv, board_hsv)
    if hue is not None:
        vivid &= hue_dist(hsv[..., 0], hue) <= hue_tol
    if cool_only:
        vivid &= is_cool(hsv[..., 0])
    n, labels, stats, cents = cv2.connectedComponentsWithStats(vivid.astype(np.uint8), connectivity=8)
    best, best_area = 0, 0
    for i in range(1, n):
        area = stats[i, cv2.CC_STAT_AREA]
        bw, bh = stats[i, cv2.CC_STAT_WIDTH], stats[i, cv2.CC_STAT_HEIGHT]
        if (3 <= area <= max_area and max(bw, bh) <= 3 * max(3, min(bw, bh)) and area > best_area
                and is_vivid(hsv[labels == i], peak_sat)):
            best, best_area = i, area
    if best == 0:
        return None
    sel = labels == best
    h = hue_mean(hsv[..., 0][sel])
    cx, cy = float(cents[best][0]), float(cents[best][1])
    if entry is None:
        entry = _pen_side(fg, sel, (cx, cy), ring)
        if entry is None:
            return None if cool_only else ((cx, cy), h)
    ys, xs = np.nonzero(sel)
    return touch_point(xs.astype(np.float64), ys.astype(np.float64), entry), h


def _pen_side(fg: np.ndarray, blob: np.ndarray, centre: tuple[float, float], ring: float | None):
    """Where a lone tip's pen comes from, when no hand is seen (the fist beyond the picture, a
    pale pen on pale print): the middle of what differs from the board in a ring of radius
    ``ring`` around the tip (the pen's body, faint but there), away from the tip itself.
    None without ``ring`` or with fewer than 4 such pixels."""
    if not ring:
        return None
    h, w = fg.shape
    x0, y0 = max(0, int(centre[0] - ring)), max(0, int(centre[1] - ring))
    x1, y1 = min(w, int(centre[0] + ring) + 1), min(h, int(centre[1] + ring) + 1)
    near = cv2.dilate(blob[y0:y1, x0:x1].astype(np.uint8), np.ones((5, 5), np.uint8))
    ys, xs = np.nonzero((fg[y0:y1, x0:x1] > 0) & (near == 0))
    xs, ys = xs + x0, ys + y0
    inside = (xs - centre[0]) ** 2 + (ys - centre[1]) ** 2 <= ring * ring
    if inside.sum() < 4:
        return None
    return float(xs[inside].mean()), float(ys[inside].mean())
