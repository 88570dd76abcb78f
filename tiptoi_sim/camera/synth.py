"""Synthetic webcam clips with ground truth, for tests and the benchmark.

A clip is our board (or any board picture) on a table (dark plain or wood), with the four ArUco
markers outside its corners, seen through a random perspective, with exposure drift, soft moving
shadows, blur and noise. Hands of several skin tones and sizes enter from any side, point at a
hotspot and rest there (a dwell), or rest flat / move about without pointing (idle); a stylus with
a coloured tip can replace the finger. The first ``empty_s`` seconds show the board without a
hand. Everything is drawn from one seeded ``numpy.random.Generator``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

import cv2
import numpy as np

from tiptoi_sim.camera.registration import BOARD_CORNERS, marker_image

SKIN_TONES_BGR = [(175, 195, 240), (140, 170, 225), (105, 140, 195), (75, 105, 155), (50, 70, 110), (35, 48, 78)]
TABLES = ("dark", "wood")
STYLUS_TIP_BGR = (40, 210, 60)  # a vivid green


def board_picture(width: int, layout=None) -> np.ndarray:
    """Our board as BGR: the screen's drawing when available, else the layout's hotspots drawn
    as coloured polygons (same geometry, plainer look)."""
    try:
        from tiptoi_sim.screen.board_drawing import render_board_array
        return cv2.cvtColor(render_board_array(width), cv2.COLOR_RGB2BGR)
    except ImportError:
        pass
    if layout is None:
        from tiptoi_sim.millionen_coup.layout import load_layout
        layout = load_layout()
    return polygons_picture(width, layout.aspect, layout.hotspots)


def polygons_picture(width: int, aspect: float, hotspots: dict) -> np.ndarray:
    h = int(round(width / aspect))
    img = np.full((h, width, 3), (200, 215, 225), np.uint8)
    rng = np.random.default_rng(7)
    for tid, poly in sorted(hotspots.items(), key=lambda kv: -_area(kv[1])):
        pts = (np.float64(poly) * [width, h]).astype(np.int32)
        colour = tuple(int(c) for c in rng.integers(40, 230, 3))
        cv2.fillPoly(img, [pts], colour, cv2.LINE_AA)
        cv2.polylines(img, [pts], True, (30, 30, 30), 1, cv2.LINE_AA)
    return img


def _area(poly) -> float:
    return abs(cv2.contourArea(np.float32(poly)))


@dataclass
class Visit:
    """One hand visit: ``kind`` is "tap" (point and dwell on ``target``), "rest" (a flat hand
    resting, no pointing finger), "flat" (a flat hand resting with its fingers together, the
    longest reaching ``target``) or "sweep" (a pointing hand moving without stopping)."""
    kind: str
    side: str                 # left, right, top, bottom: where the arm comes from
    target: tuple[float, float]
    target_id: str | None
    skin: tuple
    scale: float
    t_enter: float
    t_arrive: float
    t_leave: float
    t_gone: float
    path: list = field(default_factory=list)  # sweep: board points visited
    # a tip held above the board until ``lifted_until`` (seconds): its shadow, the tip's too,
    # lies ``lift`` board widths off (down and right), apart from the tip; after that the tip
    # is on the board, its shadow meeting it as usual
    lift: float = 0.0
    lifted_until: float = 0.0


@dataclass
class TruthTap:
    t_start: float
    t_end: float
    tap: str
    x: float
    y: float


class SyntheticClip:
    """Frames of one clip; ``frame(i)`` draws frame ``i`` (BGR uint8), ``truth`` lists the dwells."""

    def __init__(self, board_bgr: np.ndarray, visits: list[Visit], *, size=(640, 480), fps: float = 30.0,
                 duration: float = 6.0, table: str = "dark", stylus: bool = False, seed: int = 0,
                 drift: float = 0.12, shadows: bool = True, noise: float = 3.0, blur: float = 0.8,
                 marker_frac: float = 0.075, markers: bool = True):
        self.size, self.fps, self.duration = size, fps, duration
        self.stylus, self.drift, self.shadows, self.noise, self.blur = stylus, drift, shadows, noise, blur
        self.rng = np.random.default_rng(seed)
        self.visits = visits
        self.n_frames = int(round(duration * fps))
        bh, bw = board_bgr.shape[:2]
        self.aspect = bw / bh
        self._build_scene(board_bgr, table, marker_frac, markers)
        self.truth = [TruthTap(v.t_arrive, v.t_leave, v.target_id, *v.target)
                      for v in visits if v.kind == "tap" and v.target_id]
        self._tap_visits = [v for v in visits if v.kind == "tap" and v.target_id]
        self._phase = self.rng.uniform(0, 2 * np.pi, 4)

    # ------------------------------------------------------------------ the still scene
    def _build_scene(self, board_bgr, table, marker_frac, markers=True):
        W, H = self.size
        rng = self.rng
        # canvas in the table plane: the board at `s` px per board width, with a margin for markers
        bw = 900
        bh = int(round(bw / self.aspect))
        m = int(round(marker_frac * bw))
        margin = m + 40
        cw, ch = bw + 2 * margin, bh + 2 * margin
        canvas = _table_texture(cw, ch, table, rng)
        board = cv2.resize(board_bgr, (bw, bh), interpolation=cv2.INTER_AREA)
        canvas[margin:margin + bh, margin:margin + bw] = board
        # markers: outer corners away from the board, inner corner touching the board corner
        x0, y0, x1, y1 = margin, margin, margin + bw, margin + bh
        for mid, (mx, my) in enumerate([(x0 - m, y0 - m), (x1, y0 - m), (x1, y1), (x0 - m, y1)] if markers else []):
            # the marker with a white quiet zone would hide the board corner; the marker's own
            # black border touches the corner, the quiet zone lies outside the board only
            img = marker_image(mid, m + 2 * (m // 6))  # quiet zone of m//6 on each side
            q = m // 6
            tile = cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
            X, Y = mx - q, my - q
            region = canvas[Y:Y + tile.shape[0], X:X + tile.shape[1]]
            # keep the board's pixels where the quiet zone would overlap the board
            keep = np.zeros(tile.shape[:2], bool)
            by0, by1 = y0 - Y, y1 - Y
            bx0, bx1 = x0 - X, x1 - X
            keep[max(0, by0):max(0, by1), max(0, bx0):max(0, bx1)] = True
            region[~keep] = tile[~keep]
        # random perspective: board corners in the camera picture
        quad_board = np.float64([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])
        for _ in range(200):
            width_frac = rng.uniform(0.62, 0.78)
            cx, cy = W / 2 + rng.uniform(-0.05, 0.05) * W, H / 2 + rng.uniform(-0.05, 0.05) * H
            bwc = width_frac * W
            bhc = bwc / self.aspect
            ang = np.deg2rad(rng.uniform(-8, 8))
            base = np.float64([[-bwc / 2, -bhc / 2], [bwc / 2, -bhc / 2], [bwc / 2, bhc / 2], [-bwc / 2, bhc / 2]])
            R = np.array([[np.cos(ang), -np.sin(ang)], [np.sin(ang), np.cos(ang)]])
            cam = base @ R.T + [cx, cy] + rng.uniform(-0.04, 0.04, (4, 2)) * bwc
            Hc = cv2.getPerspectiveTransform(np.float32(quad_board), np.float32(cam))
            outer = cv2.perspectiveTransform(np.float64([[[0, 0]], [[cw, 0]], [[cw, ch]], [[0, ch]]]), Hc).reshape(-1, 2)
            mk = cv2.perspectiveTransform(np.float64([[[x0 - m - 8, y0 - m - 8]], [[x1 + m + 8, y0 - m - 8]],
                                                      [[x1 + m + 8, y1 + m + 8]], [[x0 - m - 8, y1 + m + 8]]]), Hc).reshape(-1, 2)
            if (mk >= 2).all() and (mk[:, 0] < W - 2).all() and (mk[:, 1] < H - 2).all():
                break
        table_col = np.median(canvas[:margin // 2, :margin // 2].reshape(-1, 3), axis=0)
        self.static = cv2.warpPerspective(canvas, Hc, (W, H), flags=cv2.INTER_LINEAR,
                                          borderMode=cv2.BORDER_CONSTANT, borderValue=tuple(float(c) for c in table_col))
        self.static = self.static.astype(np.float32)
        self.board_corners_cam = cam
        # board (0-1) -> camera and back
        self.H_b2c = cv2.getPerspectiveTransform(BOARD_CORNERS, np.float32(cam)).astype(np.float64)
        self.H_c2b = np.linalg.inv(self.H_b2c)
        self.board_width_px = float(np.linalg.norm(cam[1] - cam[0]))

    def to_cam(self, p) -> np.ndarray:
        return cv2.perspectiveTransform(np.float64([[p]]), self.H_b2c).reshape(2)

    # ------------------------------------------------------------------ motion
    def _tip_at(self, v: Visit, t: float):
        """Board position of the tip of visit ``v`` at ``t`` (may lie outside the board), or None."""
        if t < v.t_enter or t >= v.t_gone:
            return None
        start = _outside_point(v.side, v.target, self.aspect)
        if t < v.t_arrive:
            a = _ease((t - v.t_enter) / max(1e-6, v.t_arrive - v.t_enter))
            return tuple(np.add(start, np.multiply(a, np.subtract(v.target, start))))
        if t < v.t_leave:
            if v.kind == "sweep" and v.path:
                pts = [v.target] + list(v.path)
                u = (t - v.t_arrive) / max(1e-6, v.t_leave - v.t_arrive) * (len(pts) - 1)
                k = min(int(u), len(pts) - 2)
                f = u - k
                return tuple(np.add(pts[k], np.multiply(f, np.subtract(pts[k + 1], pts[k]))))
            # resting: a small tremor well inside the dwell radius
            j = 0.0025 * np.array([np.sin(7.1 * t + v.scale * 9), np.cos(5.3 * t + v.scale * 5)])
            return tuple(np.add(v.target, j))
        last = v.path[-1] if (v.kind == "sweep" and v.path) else v.target
        a = _ease((t - v.t_leave) / max(1e-6, v.t_gone - v.t_leave))
        return tuple(np.add(last, np.multiply(a, np.subtract(start, last))))

    def rest_start(self, k: int, radius: float = 0.015) -> float:
        """When the tip of the ``k``-th dwell really came to rest: the first frame time from which
        it stays within ``radius`` (board widths) of the target (it eases into place)."""
        v = self._tap_visits[k]
        i = int(np.floor(v.t_arrive * self.fps))
        while i > 0:
            p = self._tip_at(v, (i - 1) / self.fps)
            if p is None or np.hypot(p[0] - v.target[0], (p[1] - v.target[1]) / self.aspect) > radius:
                break
            i -= 1
        return i / self.fps

    # ------------------------------------------------------------------ drawing
    def frame(self, i: int) -> np.ndarray:
        t = i / self.fps
        W, H = self.size
        ph = self._phase
        gain = 1.0 + self.drift * np.sin(2 * np.pi * t / 5.0 + ph[0])
        shade = np.ones((H, W), np.float32)
        if self.shadows:
            # a soft shadow (a person leaning over the table) drifting slowly
            sx = W * (0.5 + 0.35 * np.sin(2 * np.pi * t / 9.0 + ph[1]))
            sy = H * (0.5 + 0.3 * np.cos(2 * np.pi * t / 11.0 + ph[2]))
            small = np.ones((H // 8, W // 8), np.float32)
            cv2.ellipse(small, (int(sx / 8), int(sy / 8)), (int(W / 8 * 0.22), int(H / 8 * 0.3)),
                        float(np.degrees(ph[3])), 0, 360, 0.72, -1)
            small = cv2.GaussianBlur(small, (0, 0), 4)
            shade = cv2.resize(small, (W, H), interpolation=cv2.INTER_LINEAR)
        img = self.static * shade[..., None]
        for v in self.visits:
            tip = self._tip_at(v, t)
            if tip is None:
                continue
            layer = self._pointer_layer(v, tip)
            if layer is None:
                continue
            (x0, y0, x1, y1), m = layer.box, layer.m
            if self.shadows:
                # the hand's own soft shadow: offset where the hand is high above the board,
                # none at the fingertip, which touches it. (np.roll wraps the arm's shadow round
                # to the picture's far side: the clips measured so far were drawn so; the blur
                # and the darkening are worked out where the shadow is, with the same numbers)
                mask = np.zeros((H, W), np.float32)
                mask[y0:y1, x0:x1] = m
                tc = self.to_cam(tip)
                near = np.zeros_like(mask)
                cv2.circle(near, (int(tc[0]), int(tc[1])), int(0.05 * self.board_width_px), 1.0, -1)
                off = (int(0.012 * self.board_width_px), int(0.02 * self.board_width_px))
                if v.lift > 0 and t < v.lifted_until:
                    # (held above the board: the whole shadow moved off, the tip's as well)
                    lift = int(round(v.lift * self.board_width_px / np.sqrt(2)))
                    src = np.roll(mask, (off[0] + lift, off[1] + lift), (0, 1))
                else:
                    far = np.roll(mask * (1.0 - near), off, (0, 1))
                    src = np.maximum(far, mask * near)
                sigma = 0.015 * self.board_width_px
                box = _nonzero_box(src, _blur_reach(sigma), W, H)
                if box is not None:
                    bx0, by0, bx1, by1 = box
                    sh = cv2.GaussianBlur(src[by0:by1, bx0:bx1], (0, 0), sigma)
                    img[by0:by1, bx0:bx1] *= (1.0 - 0.32 * sh)[..., None]
            img[y0:y1, x0:x1] = img[y0:y1, x0:x1] * (1.0 - m[..., None]) + layer.colour * m[..., None]
        img *= gain
        if self.blur > 0:
            img = cv2.GaussianBlur(img, (0, 0), self.blur)
        if self.noise > 0:
            img += self.rng.normal(0, self.noise, img.shape).astype(np.float32)
        return np.clip(img, 0, 255).astype(np.uint8)

    def _draw_pointer(self, v: Visit, tip_board):
        """Mask (float 0-1) and colour image of the hand (and stylus) with its tip at
        ``tip_board``, each the size of the picture (the colour is 0 where the mask is 0)."""
        W, H = self.size
        m = np.zeros((H, W), np.float32)
        colour = np.zeros((H, W, 3), np.float32)
        layer = self._pointer_layer(v, tip_board)
        if layer is not None:
            x0, y0, x1, y1 = layer.box
            m[y0:y1, x0:x1] = layer.m
            colour[y0:y1, x0:x1] = layer.colour * (layer.m > 0)[..., None]
        return m, colour

    def _pointer_layer(self, v: Visit, tip_board, extra_box=None) -> Layer | None:
        """The hand (and stylus) with its tip at ``tip_board`` as a :class:`Layer`: its mask
        and colour where the mask is not 0 (widened by ``extra_box`` and by what its shading
        blur reaches), or None where none of it is in the picture. Drawing only there, not on
        the whole picture, is what makes the clips quick to draw; the pixels are the same."""
        W, H = self.size
        tip = self.to_cam(tip_board)
        edge = self.to_cam(_outside_point(v.side, tip_board, self.aspect, far=True))
        u = edge - tip
        u /= max(1e-6, np.linalg.norm(u))
        n = np.array([-u[1], u[0]])
        s = self.board_width_px * v.scale  # lengths as shares of the board's width
        mask = np.zeros((H, W), np.uint8)
        skin = np.array(v.skin, np.float32)

        def P(p):
            return (int(round(p[0] * 8)), int(round(p[1] * 8)))  # 3 bits of sub-pixel precision

        def disc(c, r):
            cv2.circle(mask, P(c), int(r * 8), 255, -1, cv2.LINE_AA, shift=3)

        def bar(a, b, w):
            cv2.line(mask, P(a), P(b), 255, max(1, int(round(w))), cv2.LINE_AA, shift=3)

        if self.stylus and v.kind != "rest":
            # the stylus: a dark body from the tip, held by a fist further back
            body_len = 0.16 * s
            hold = tip + u * body_len
            smask = np.zeros((H, W), np.uint8)
            cv2.line(smask, P(tip + u * 0.008 * s), P(hold), 255, max(2, int(0.014 * s)), cv2.LINE_AA, shift=3)
            cv2.circle(smask, P(tip), int(0.009 * s * 8), 255, -1, cv2.LINE_AA, shift=3)
            hand_c = hold + u * 0.03 * s
            disc(hand_c, 0.05 * s)
            bar(hand_c, tip + u * 3.0 * s, 0.085 * s)
            tipm = np.zeros((H, W), np.uint8)
            cv2.circle(tipm, P(tip), int(0.009 * s * 8), 255, -1, cv2.LINE_AA, shift=3)
            box = _nonzero_box(np.maximum(mask, smask), 0, W, H, extra_box)
            if box is None:
                return None
            x0, y0, x1, y1 = box
            hand, smask, tipm = mask[y0:y1, x0:x1], smask[y0:y1, x0:x1], tipm[y0:y1, x0:x1]
            colour = np.zeros((y1 - y0, x1 - x0, 3), np.float32)
            colour[hand > 0] = skin
            colour[smask > 0] = (45, 45, 50)
            colour[tipm > 0] = STYLUS_TIP_BGR
            return Layer(np.maximum(hand, smask).astype(np.float32) / 255.0, colour, box)
        fw = 0.022 * s   # finger width
        if v.kind == "rest":
            # a flat hand: fingers together, no finger sticking out
            palm = tip + u * 0.06 * s
            cv2.ellipse(mask, P(palm), (int(0.06 * s * 8), int(0.065 * s * 8)),
                        float(np.degrees(np.arctan2(u[1], u[0]))), 0, 360, 255, -1, cv2.LINE_AA, shift=3)
            bar(palm, tip + u * 3.0 * s, 0.085 * s)
        elif v.kind == "flat":
            # a flat hand with its fingers together, the middle one reaching ``target``:
            # another player's hand lying on the board, whose end is now and then nearly as
            # narrow as a pointing finger's
            knuckles = tip + u * 0.075 * s
            for k, short in ((-1.5, 0.02), (-0.5, 0.0), (0.5, 0.006), (1.5, 0.024)):
                end = tip + n * k * fw * 1.02 + u * (short * s + fw / 2)
                bar(end, knuckles + n * k * fw * 1.02, fw)
                disc(end, fw / 2)
            palm = knuckles + u * 0.045 * s
            cv2.ellipse(mask, P(palm), (int(0.05 * s * 8), int(0.05 * s * 8)), 0, 0, 360, 255, -1, cv2.LINE_AA, shift=3)
            disc(palm + n * 0.06 * s - u * 0.01 * s, 0.02 * s)
            bar(palm, tip + u * 3.0 * s, 0.085 * s)
        else:
            flen = 0.075 * s
            knuckle = tip + u * flen
            bar(tip + u * fw / 2, knuckle, fw)
            disc(tip + u * fw / 2, fw / 2)
            palm = knuckle + u * 0.045 * s
            disc(palm, 0.05 * s)
            for k in (-1, 1, 2):  # curled fingers and the thumb
                disc(knuckle + n * k * 0.02 * s + u * 0.01 * s, 0.018 * s)
            disc(palm + n * 0.05 * s, 0.02 * s)
            bar(palm, tip + u * 3.0 * s, 0.085 * s)
        # shading across the hand: a little darker at its sides (a blur of the mask, worked
        # out over all it reaches)
        box = _nonzero_box(mask, _blur_reach(3), W, H, extra_box)
        if box is None:
            return None
        x0, y0, x1, y1 = box
        m = mask[y0:y1, x0:x1].astype(np.float32) / 255.0
        colour = np.empty((y1 - y0, x1 - x0, 3), np.float32)
        colour[:] = skin
        colour = colour * (0.92 + 0.08 * cv2.GaussianBlur(m, (0, 0), 3))[..., None]
        return Layer(m, colour, box)


class Layer(NamedTuple):
    """A hand drawn in part of the picture: ``m`` its mask (float 0-1) and ``colour`` (BGR
    float) over ``box`` = (x0, y0, x1, y1); the mask is 0 everywhere outside the box."""
    m: np.ndarray
    colour: np.ndarray
    box: tuple


def _blur_reach(sigma: float) -> int:
    """How far (px) OpenCV's Gaussian blur of a float picture with ``sigma`` (its kernel size
    left to OpenCV) reaches: 4 sigma, rounded as OpenCV sizes the kernel."""
    return (int(round(sigma * 4 * 2 + 1)) | 1) // 2


def _nonzero_box(a: np.ndarray, pad: int, W: int, H: int, extra=None):
    """(x0, y0, x1, y1): the box of ``a``'s non-zero pixels (joined with ``extra``, a box),
    grown by ``pad`` and cut to the W x H picture; None if there are none. A blur over the box
    grown by its reach gives, inside it, what the blur of the whole picture gives, and 0
    outside: the pixels beyond the box are 0 up to the reach."""
    rows = np.flatnonzero(a.any(axis=1))
    cols = np.flatnonzero(a.any(axis=0))
    if rows.size == 0:
        if extra is None:
            return None
        x0, y0, x1, y1 = extra
    else:
        (x0, x1), (y0, y1) = cols[[0, -1]].tolist(), rows[[0, -1]].tolist()
        x1, y1 = x1 + 1, y1 + 1
        if extra is not None:
            x0, y0, x1, y1 = min(x0, extra[0]), min(y0, extra[1]), max(x1, extra[2]), max(y1, extra[3])
    return max(0, x0 - pad), max(0, y0 - pad), min(W, x1 + pad), min(H, y1 + pad)


def _ease(a: float) -> float:
    a = min(1.0, max(0.0, a))
    return a * a * (3 - 2 * a)


def _outside_point(side: str, p, aspect: float, far: bool = False):
    """A board point beyond the edge ``side`` in line with ``p`` (far: well beyond)."""
    d = 0.6 if far else 0.18
    x, y = p
    if side == "left":
        return (-d, y)
    if side == "right":
        return (1 + d, y)
    if side == "top":
        return (x, -d * aspect)
    return (x, 1 + d * aspect)


def random_clip(hotspots: dict, board_bgr: np.ndarray, *, seed: int, size=(640, 480), fps=30.0,
                table: str = "dark", stylus: bool = False, n_taps: int = 3, n_idle: int = 0,
                empty_s: float = 1.2, dwell_s: float = 1.0, hit_test=None, **kw) -> SyntheticClip:
    """A clip with ``n_taps`` dwells on random hotspots (their centres; ``hit_test`` checks the
    point is really on that hotspot) and ``n_idle`` idle visits (resting flat hand or a sweep)."""
    rng = np.random.default_rng(seed + 1000)
    ids = sorted(hotspots)
    visits = []
    t = empty_s
    kinds = ["tap"] * n_taps + ["idle"] * n_idle
    rng.shuffle(kinds)
    aspect = board_bgr.shape[1] / board_bgr.shape[0]
    for kind in kinds:
        side = str(rng.choice(["left", "right", "top", "bottom"]))
        skin = SKIN_TONES_BGR[int(rng.integers(len(SKIN_TONES_BGR)))]
        scale = float(rng.uniform(0.8, 1.25))
        enter = float(rng.uniform(0.5, 0.8))
        if kind == "tap":
            for _ in range(50):
                tid = ids[int(rng.integers(len(ids)))]
                target = _inner_point(hotspots[tid], rng)
                if hit_test is None or hit_test(*target) == tid:
                    break
            visits.append(Visit("tap", side, target, tid, skin, scale, t, t + enter, t + enter + dwell_s,
                                t + enter + dwell_s + 0.5))
            t += enter + dwell_s + 0.5 + float(rng.uniform(0.1, 0.4))
        else:
            target = (float(rng.uniform(0.15, 0.85)), float(rng.uniform(0.15, 0.85)))
            if rng.random() < 0.5:
                visits.append(Visit("rest", side, target, None, skin, scale, t, t + enter, t + enter + 2.0, t + enter + 2.5))
                t += enter + 2.5 + 0.3
            else:
                # a sweep keeps moving: consecutive points far apart (>= 0.15 board widths in
                # 0.67 s), else it would be a slow dwell, which rightly taps
                path, last = [], target
                while len(path) < 3:
                    p = (float(rng.uniform(0.1, 0.9)), float(rng.uniform(0.1, 0.9)))
                    if np.hypot(p[0] - last[0], (p[1] - last[1]) / aspect) >= 0.15:
                        path.append(p)
                        last = p
                visits.append(Visit("sweep", side, target, None, skin, scale, t, t + enter, t + enter + 2.0,
                                    t + enter + 2.5, path=path))
                t += enter + 2.5 + 0.3
    return SyntheticClip(board_bgr, visits, size=size, fps=fps, duration=t + 0.3, table=table,
                         stylus=stylus, seed=seed, **kw)


def _inner_point(poly, rng) -> tuple[float, float]:
    """A point well inside a polygon: the centroid moved a little towards a random vertex."""
    a = np.float64(poly)
    c = a.mean(axis=0)
    v = a[int(rng.integers(len(a)))]
    p = c + (v - c) * float(rng.uniform(0.0, 0.3))
    return float(p[0]), float(p[1])


def _table_texture(w: int, h: int, table: str, rng) -> np.ndarray:
    if table == "dark":
        base = np.full((h, w, 3), (38, 36, 34), np.float32)
        base += rng.normal(0, 2.0, (h, w, 1)).astype(np.float32)
    elif table == "wood":
        base = np.empty((h, w, 3), np.float32)
        base[:] = (75, 125, 175)
        # grain: stretched noise along x
        g = rng.normal(0, 1, (h // 2 + 1, 12)).astype(np.float32)
        g = cv2.resize(g, (w, h), interpolation=cv2.INTER_CUBIC)
        g = cv2.GaussianBlur(g, (0, 0), 1.5)
        base *= (1.0 + 0.10 * g)[..., None]
    else:
        raise ValueError(f"table {table!r}: expected one of {', '.join(TABLES)}")
    return np.clip(base, 0, 255).astype(np.uint8)


def write_clip(clip: SyntheticClip, path: str) -> None:
    """Write the clip as a video file (MJPG in .avi, mp4v in .mp4)."""
    fourcc = cv2.VideoWriter_fourcc(*("MJPG" if str(path).endswith(".avi") else "mp4v"))
    vw = cv2.VideoWriter(str(path), fourcc, clip.fps, clip.size)
    if not vw.isOpened():
        raise OSError(f"cannot write video {path}")
    try:
        for i in range(clip.n_frames):
            vw.write(clip.frame(i))
    finally:
        vw.release()


@dataclass
class Score:
    truth: int = 0
    right: int = 0
    wrong: int = 0
    missed: int = 0
    false: int = 0
    frames: int = 0
    delays: list = field(default_factory=list)  # tap time - (when the tip truly came to rest + dwell)

    def add(self, o: "Score") -> None:
        for k in ("truth", "right", "wrong", "missed", "false", "frames"):
            setattr(self, k, getattr(self, k) + getattr(o, k))
        self.delays += o.delays


def score_taps(clip: SyntheticClip, taps, dwell_s: float = 0.6, late_s: float = 0.35) -> Score:
    """Match detected taps (objects with ``t`` and ``tap``) to the clip's dwells: a tap belongs to
    the dwell it falls in (from its start to its end + ``late_s``); the first tap of a dwell is
    right or wrong, any other tap is false."""
    sc = Score(truth=len(clip.truth), frames=clip.n_frames)
    used = set()
    for tp in taps:
        hit = None
        for k, tr in enumerate(clip.truth):
            if tr.t_start <= tp.t <= tr.t_end + late_s and k not in used:
                hit = k
                break
        if hit is None:
            sc.false += 1
            continue
        used.add(hit)
        tr = clip.truth[hit]
        if tp.tap == tr.tap:
            sc.right += 1
        else:
            sc.wrong += 1
        sc.delays.append(tp.t - (clip.rest_start(hit) + dwell_s))
    sc.missed = sc.truth - len(used)
    return sc
