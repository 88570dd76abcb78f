#!/usr/bin/env python3
"""Independent synthetic webcam-clip generator for a board "tap detection" program.

Scene model (all lengths in mm, plane frame: X right along the board, Y down along
the board, Z = X x Y, i.e. pointing *into* the table; heights h above the table are Z=-h):
  * the printed sheet (board + white margin + ArUco markers) lies flat on a textured table;
    the board proper is assumed 800 mm wide (so finger widths are realistic);
  * a pinhole camera (tilt <= 20 deg, roll <= 30 deg, slight radial distortion) looks down;
  * hands / pens are built from 3-D skeleton primitives (tapered capsules, super-ellipses),
    every 3-D point is centrally projected from the camera centre onto the table plane
    (exact pinhole perspective for that point), drawn in plane space with shading,
    then warped into the image with the same per-pixel map as the table;
  * shadows = same primitives dropped onto the table along the light direction;
  * motion blur = averaging sub-frame renders over the exposure; defocus blur when high.
Truth: the front-most point of the rounded finger end / the pen cone's apex, in board
coordinates (0-1).
"""
import argparse
import json
import math
import os
import subprocess
import zlib

import numpy as np
import cv2

HERE = os.path.dirname(os.path.abspath(__file__))
import sys
import tempfile

#: the program under test, run as a command (the board and hotspots come from it)
SIM = [sys.executable, '-m', 'tiptoi_sim']
#: where the rendered board and the hotspots are kept between runs
CACHE = os.environ.get('XGEN_CACHE', os.path.join(tempfile.gettempdir(), 'tiptoi-sim-independent'))
FPS = 30
BW = 800.0          # physical width of the board proper (mm); height follows from the PNG
SS = 2              # supersampling factor of the internal render

SCENES = {
    'finger_dark': ('finger', 'dark'), 'finger_wood': ('finger', 'wood'),
    'finger_lightwood': ('finger', 'lightwood'), 'finger_beige': ('finger', 'beige'),
    'finger_cloth': ('finger', 'cloth'),
    'stylus_dark': ('stylus', 'dark'), 'stylus_wood': ('stylus', 'wood'),
    'stylus_light': ('stylus', 'white'),
    'nohand_dark': ('none', 'dark'), 'nohand_wood': ('none', 'wood'),
    'rest_wood': ('rest', 'wood'), 'rest_lightwood': ('rest', 'lightwood'),
}
FINGER_SCENES = [k for k, v in SCENES.items() if v[0] == 'finger']

SKINS = [('very_light', (190, 205, 240)), ('light', (150, 180, 225)),
         ('medium', (112, 150, 200)), ('tan', (85, 125, 175)),
         ('brown', (60, 90, 135)), ('very_dark', (45, 60, 85))]


# ----------------------------------------------------------------------------- board
_ASSETS = None


def board_assets():
    global _ASSETS
    if _ASSETS is not None:
        return _ASSETS
    os.makedirs(CACHE, exist_ok=True)
    png = os.path.join(CACHE, 'board.png')
    hsf = os.path.join(CACHE, 'hotspots.json')
    # (each file written under a name of this process's and then renamed: two renderers started
    # together on an empty cache must not read a half-written board)
    if not os.path.exists(png):
        part = os.path.join(CACHE, f'board.{os.getpid()}.png')
        subprocess.run(SIM + ['render-board', '--out', part, '--width', '2400', '--markers'], check=True)
        os.replace(part, png)
    if not os.path.exists(hsf):
        out = subprocess.run(SIM + ['hotspots', '--json'], check=True, capture_output=True, text=True).stdout
        part = hsf + f'.{os.getpid()}'
        with open(part, 'w') as f:
            f.write(out)
        os.replace(part, hsf)
    img = cv2.imread(png)
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    det = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50),
                                  cv2.aruco.DetectorParameters())
    corners, ids, _ = det.detectMarkers(gray)
    ids = [int(i) for i in ids.ravel()]
    assert set(ids) >= {0, 1, 2, 3}, ids
    cen = np.array([gray.shape[1] / 2.0, gray.shape[0] / 2.0])
    xe, ye, outer = {}, {}, {}
    for c, i in zip(corners, ids):
        if i > 3:
            continue
        c = c.reshape(4, 2)
        d = np.linalg.norm(c - cen, axis=1)
        inn = c[np.argmin(d)]
        outer[i] = c[np.argmax(d)]
        sx = 1 if cen[0] > inn[0] else -1
        sy = 1 if cen[1] > inn[1] else -1
        ix, iy = int(round(inn[0])), int(round(inn[1]))
        # refine: exact pixel edge of the black marker border next to the inner corner
        row = gray[iy - sy * 6, ix - 12: ix + 13] < 128
        xs = np.nonzero(row)[0] + ix - 12
        xe[i] = (xs.max() + 0.5) if sx > 0 else (xs.min() - 0.5)
        col = gray[iy - 12: iy + 13, ix - sx * 6] < 128
        ys = np.nonzero(col)[0] + iy - 12
        ye[i] = (ys.max() + 0.5) if sy > 0 else (ys.min() - 0.5)
    # marker 0 TL, 1 TR, 2 BR, 3 BL (outside the board corners)
    left = (xe[0] + xe[3]) / 2
    right = (xe[1] + xe[2]) / 2
    top = (ye[0] + ye[1]) / 2
    bottom = (ye[2] + ye[3]) / 2
    mmpp = BW / (right - left)
    BH = (bottom - top) * mmpp
    out_mm = {i: ((outer[i][0] - left) * mmpp, (outer[i][1] - top) * mmpp) for i in outer}
    hs = json.load(open(hsf))
    polys = []
    for h in hs:
        p = np.array(h['polygon'], float)
        polys.append((h['id'], p))
    _ASSETS = dict(img=img, left=left, top=top, mmpp=mmpp, BH=BH, outer=out_mm, polys=polys,
                   board_px=(left, top, right, bottom))
    return _ASSETS


def poly_area(p):
    x, y = p[:, 0], p[:, 1]
    return 0.5 * abs(np.dot(x, np.roll(y, 1)) - np.dot(y, np.roll(x, 1)))


def poly_centroid(p):
    x, y = p[:, 0], p[:, 1]
    x1, y1 = np.roll(x, -1), np.roll(y, -1)
    cr = x * y1 - x1 * y
    a = cr.sum() / 2
    if abs(a) < 1e-12:
        return p.mean(0)
    return np.array([((x + x1) * cr).sum() / (6 * a), ((y + y1) * cr).sum() / (6 * a)])


def in_poly(p, pt):
    return cv2.pointPolygonTest(p.astype(np.float32).reshape(-1, 1, 2), (float(pt[0]), float(pt[1])), True)


# ----------------------------------------------------------------------------- camera
class Camera:
    def __init__(self, W, H, fx, cx, cy, k1, k2, C, R):
        self.W, self.H, self.fx, self.cx, self.cy = W, H, fx, cx, cy
        self.k1, self.k2 = k1, k2
        self.C = np.asarray(C, float)
        self.R = np.asarray(R, float)
        self.N = self.C[:2].copy()       # nadir
        self.Zc = -self.C[2]             # camera height above the table

    def project(self, P):
        P = np.atleast_2d(np.asarray(P, float))
        if P.shape[1] == 2:
            P = np.c_[P, np.zeros(len(P))]
        pc = (P - self.C) @ self.R.T
        x = pc[:, 0] / pc[:, 2]
        y = pc[:, 1] / pc[:, 2]
        r2 = x * x + y * y
        f = 1 + self.k1 * r2 + self.k2 * r2 * r2
        return np.stack([self.fx * x * f + self.cx, self.fx * y * f + self.cy], 1)

    def to_plane(self, u, v):
        xd = (u - self.cx) / self.fx
        yd = (v - self.cy) / self.fx
        x, y = xd.copy(), yd.copy()
        for _ in range(25):
            r2 = x * x + y * y
            f = 1 + self.k1 * r2 + self.k2 * r2 * r2
            x = xd / f
            y = yd / f
        R = self.R
        dx = R[0, 0] * x + R[1, 0] * y + R[2, 0]
        dy = R[0, 1] * x + R[1, 1] * y + R[2, 1]
        dz = R[0, 2] * x + R[1, 2] * y + R[2, 2]
        t = -self.C[2] / dz
        return self.C[0] + t * dx, self.C[1] + t * dy

    def lift(self, xy, h):
        """Where a point at height h above table position xy appears, expressed on the table plane."""
        s = self.Zc / (self.Zc - np.minimum(h, 0.8 * self.Zc))
        return self.N + (np.asarray(xy) - self.N) * np.asarray(s)[..., None], s


def make_camera(rng, W, H, A):
    BH = A['BH']
    ox = [A['outer'][i] for i in range(4)]
    xs = [p[0] for p in ox]
    ys = [p[1] for p in ox]
    q = 6.0  # quiet zone (mm) that must be visible around the markers
    fitpts = np.array([[min(xs) - q, min(ys) - q], [max(xs) + q, min(ys) - q],
                       [max(xs) + q, max(ys) + q], [min(xs) - q, max(ys) + q]])
    board = np.array([[0, 0], [BW, 0], [BW, BH], [0, BH]], float)
    for attempt in range(200):
        hfov = math.radians(rng.uniform(55, 72))
        fx = (W / 2) / math.tan(hfov / 2)
        cx = W / 2 + rng.uniform(-0.015, 0.015) * W
        cy = H / 2 + rng.uniform(-0.015, 0.015) * H
        k1 = rng.uniform(-0.09, 0.02)
        k2 = rng.uniform(-0.01, 0.01)
        tilt = math.radians(rng.uniform(0, 20))
        az = rng.uniform(0, 2 * math.pi)
        roll = math.radians(rng.uniform(-30, 30))
        T0 = np.array([BW / 2 + rng.uniform(-0.04, 0.04) * BW, BH / 2 + rng.uniform(-0.04, 0.04) * BH, 0.0])

        def cam_at(d):
            C = T0 + d * np.array([math.sin(tilt) * math.cos(az), math.sin(tilt) * math.sin(az), -math.cos(tilt)])
            f = (T0 - C) / np.linalg.norm(T0 - C)
            ex = np.array([1.0, 0, 0])
            r = ex - f * f.dot(ex)
            r /= np.linalg.norm(r)
            dd = np.cross(f, r)
            r2 = math.cos(roll) * r + math.sin(roll) * dd
            d2 = -math.sin(roll) * r + math.cos(roll) * dd
            return Camera(W, H, fx, cx, cy, k1, k2, C, np.stack([r2, d2, f]))

        def frac(cam):
            p = cam.project(board)
            return (np.linalg.norm(p[1] - p[0]) + np.linalg.norm(p[2] - p[3])) / 2 / W

        def fits(cam):
            p = cam.project(fitpts)
            m = 0.02 * W
            return bool(np.all(p[:, 0] > m) and np.all(p[:, 0] < W - m) and np.all(p[:, 1] > m) and np.all(p[:, 1] < H - m))

        lo, hi = 200.0, 6000.0
        if not fits(cam_at(hi)):
            continue
        for _ in range(40):
            mid = (lo + hi) / 2
            if fits(cam_at(mid)):
                hi = mid
            else:
                lo = mid
        fmax = frac(cam_at(hi))
        if fmax >= 0.55:
            target = rng.uniform(0.55, min(0.85, fmax))
        else:
            if attempt < 60:
                continue   # prefer a pose where the board can fill >= 55 %
            target = fmax * 0.99
        lo2, hi2 = hi, 6000.0
        for _ in range(40):
            mid = (lo2 + hi2) / 2
            if frac(cam_at(mid)) > target:
                lo2 = mid
            else:
                hi2 = mid
        cam = cam_at(hi2)
        cam.meta = dict(hfov_deg=round(math.degrees(hfov), 1), tilt_deg=round(math.degrees(tilt), 1),
                        roll_deg=round(math.degrees(roll), 1), k1=round(k1, 3), board_frac=round(frac(cam), 3),
                        height_mm=round(cam.Zc))
        return cam
    raise RuntimeError('no camera pose found')


# ----------------------------------------------------------------------------- textures
def vnoise(rng, h, w, cy, cx=None):
    """smooth value noise, roughly N(0,1), feature size cy x cx pixels"""
    cx = cy if cx is None else cx
    gh, gw = int(h / cy) + 4, int(w / cx) + 4
    g = rng.standard_normal((gh, gw)).astype(np.float32)
    up = cv2.resize(g, (int(math.ceil(gw * cx)), int(math.ceil(gh * cy))), interpolation=cv2.INTER_CUBIC)
    oy, ox = int(rng.integers(0, max(1, int(cy)))), int(rng.integers(0, max(1, int(cx))))
    return up[oy:oy + h, ox:ox + w]


def fbm(rng, h, w, cell, octaves=4, gain=0.5):
    out = np.zeros((h, w), np.float32)
    a, tot = 1.0, 0.0
    for _ in range(octaves):
        if cell < 1.0:
            break
        out += a * vnoise(rng, h, w, cell)
        tot += a
        a *= gain
        cell /= 2
    return out / max(tot, 1e-6)


def wood_texture(rng, h, w, ppm, light, dark, contrast):
    D = int(math.hypot(h, w)) + 4
    ang = rng.choice([0.0, 90.0]) + rng.uniform(-8, 8)
    v = np.arange(D, dtype=np.float32)[:, None] / ppm  # across grain (mm)
    pw = rng.uniform(90, 190)
    k = np.floor(v / pw)
    nk = int(k.max()) + 2
    phase = rng.uniform(0, 1, nk).astype(np.float32)
    period = rng.uniform(3.0, 7.0, nk).astype(np.float32)
    tone = rng.normal(0, 0.05, nk).astype(np.float32)
    kk = k.astype(int)
    warp = vnoise(rng, D, D, 25 * ppm, 220 * ppm) * rng.uniform(6, 16) + vnoise(rng, D, D, 6 * ppm, 60 * ppm) * 1.5
    ph = (v + warp) / period[kk] + phase[kk]
    ring = 0.5 + 0.5 * np.cos(2 * np.pi * ph)
    ring = ring ** 3
    streak = vnoise(rng, D, D, max(1.0, 0.8 * ppm), 60 * ppm)
    blot = fbm(rng, D, D, 80 * ppm, 3)
    t = np.clip(contrast * (0.65 * ring + 0.12 * streak + 0.15 * blot) + 0.25 - tone[kk] * 3, 0, 1)
    light = np.array(light, np.float32)
    dark = np.array(dark, np.float32)
    img = light[None, None] * (1 - t[..., None]) + dark[None, None] * t[..., None]
    img *= (1 + tone[kk])[..., None]
    # plank seams
    seam = np.abs(v - (k + 1) * pw)
    seam = np.minimum(seam, np.abs(v - k * pw))
    img *= (1 - 0.35 * np.exp(-(seam / 0.6) ** 2))[..., None]
    M = cv2.getRotationMatrix2D((D / 2, D / 2), ang, 1.0)
    M[:, 2] -= [(D - w) / 2, (D - h) / 2]
    return cv2.warpAffine(img, M, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)


def table_texture(rng, kind, h, w, ppm):
    meta = {'table': kind}
    if kind == 'dark':
        base = np.array(rng.choice([[38, 40, 44], [30, 38, 52], [45, 42, 40], [28, 30, 34]]), np.float32)
        base *= rng.uniform(0.85, 1.2)
        img = np.ones((h, w, 3), np.float32) * base
        img *= (1 + 0.06 * fbm(rng, h, w, 120 * ppm, 4))[..., None]
        img += rng.normal(0, 2.0, (h, w, 1)).astype(np.float32)
        gx, gy = np.meshgrid(np.linspace(-1, 1, w, dtype=np.float32), np.linspace(-1, 1, h, dtype=np.float32))
        a = rng.uniform(0, 2 * np.pi)
        img *= (1 + rng.uniform(0, 0.12) * (np.cos(a) * gx + np.sin(a) * gy))[..., None]
    elif kind == 'wood':
        light = np.array([72, 118, 168]) * rng.uniform(0.85, 1.1)
        dark = np.array([38, 72, 118]) * rng.uniform(0.85, 1.1)
        img = wood_texture(rng, h, w, ppm, light, dark, rng.uniform(0.8, 1.1))
    elif kind == 'lightwood':
        light = np.array([170, 208, 232]) * rng.uniform(0.93, 1.03)
        dark = np.array([128, 170, 208]) * rng.uniform(0.93, 1.03)
        img = wood_texture(rng, h, w, ppm, light, dark, rng.uniform(0.6, 0.9))
    elif kind == 'beige':
        base = np.array([165, 198, 218], np.float32) * rng.uniform(0.92, 1.05)
        img = np.ones((h, w, 3), np.float32) * base
        img *= (1 + 0.025 * fbm(rng, h, w, 60 * ppm, 4))[..., None]
        speck = vnoise(rng, h, w, max(1.0, 0.7 * ppm))
        img *= (1 + 0.02 * speck)[..., None]
    elif kind == 'white':
        base = np.array([226, 229, 231], np.float32) * rng.uniform(0.94, 1.02)
        img = np.ones((h, w, 3), np.float32) * base
        img *= (1 + 0.015 * fbm(rng, h, w, 80 * ppm, 4))[..., None]
        img += rng.normal(0, 1.5, (h, w, 1)).astype(np.float32)
    elif kind == 'cloth':
        palette = {'red': (45, 45, 190), 'blue': (170, 95, 40), 'green': (70, 140, 60), 'navy': (110, 50, 30),
                   'orange': (40, 120, 220)}
        cname = str(rng.choice(list(palette)))
        col = np.array(palette[cname], np.float32)
        white = np.array([232, 236, 238], np.float32)
        size = rng.uniform(10, 26)
        ang = math.radians(rng.uniform(-25, 25))
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32) / ppm
        wob = vnoise(rng, h, w, 150 * ppm) * 3.0
        u = np.cos(ang) * xx + np.sin(ang) * yy + wob
        vv = -np.sin(ang) * xx + np.cos(ang) * yy + wob * 0.5
        def band(z):
            return (np.sin(np.pi * z / size) > 0).astype(np.float32)
        if rng.random() < 0.7:
            bx, by = band(u), band(vv)
            m = (bx + by) / 2.0
            meta['pattern'] = 'gingham %s %.0fmm' % (cname, size)
        else:
            m = band(u)
            meta['pattern'] = 'stripes %s %.0fmm' % (cname, size)
        m = cv2.GaussianBlur(m, (0, 0), 0.35 * ppm)
        tint = white * 0.5 + col * 0.5
        img = np.where(m[..., None] < 0.5, white * (1 - 2 * m[..., None]) + tint * 2 * m[..., None],
                       tint * (2 - 2 * m[..., None]) + col * (2 * m[..., None] - 1))
        weave = vnoise(rng, h, w, max(1.0, 0.5 * ppm))
        img *= (1 + 0.04 * weave)[..., None]
        img *= (1 + 0.07 * fbm(rng, h, w, 70 * ppm, 3))[..., None]   # wrinkles
    else:
        raise ValueError(kind)
    return np.clip(img, 0, 255).astype(np.float32), meta


# ----------------------------------------------------------------------------- primitives
class ROI:
    def __init__(self, x0, y0, w, h, ppm, X0, Y0):
        self.x0, self.y0, self.w, self.h = x0, y0, w, h
        self.ppm, self.X0, self.Y0 = ppm, X0, Y0
        self.C = np.zeros((h, w, 3), np.float32)
        self.A = np.zeros((h, w), np.float32)
        self.S = np.zeros((h, w), np.float32)

    def px(self, p):
        p = np.asarray(p, float)
        return np.array([(p[0] - self.X0) * self.ppm - self.x0, (p[1] - self.Y0) * self.ppm - self.y0])


def _pixels_in_hull(roi, pts):
    pts = np.asarray(pts, np.float32)
    xmin = max(int(math.floor(pts[:, 0].min())) - 1, 0)
    ymin = max(int(math.floor(pts[:, 1].min())) - 1, 0)
    xmax = min(int(math.ceil(pts[:, 0].max())) + 2, roi.w)
    ymax = min(int(math.ceil(pts[:, 1].max())) + 2, roi.h)
    if xmax <= xmin or ymax <= ymin:
        return None, None
    m = np.zeros((ymax - ymin, xmax - xmin), np.uint8)
    hull = cv2.convexHull(np.round((pts - [xmin, ymin]) * 4).astype(np.int32))
    cv2.fillConvexPoly(m, hull, 1, lineType=cv2.LINE_8, shift=2)
    ys, xs = np.nonzero(m)
    return ys + ymin, xs + xmin


def _circle_pts(c, r, n=16):
    a = np.linspace(0, 2 * np.pi, n, endpoint=False)
    return np.c_[c[0] + r * np.cos(a), c[1] + r * np.sin(a)]


def _brightness(pr, lam, along, across, roi):
    """A primitive's brightness: ambient plus Lambert light ``lam``, times its texture (skin,
    sleeve) sampled at ``along``/``across`` (pixels of the plane render, along and across it)."""
    amb = pr.get('amb', 0.42)
    b = amb + (1 - amb) * lam ** 0.85
    tex = pr.get('tex')
    if tex is not None:
        T, amp, off = tex
        ui = ((along / roi.ppm) * 2.2 + off[0]).astype(np.int32) % T.shape[1]
        vi = ((across / roi.ppm) * 2.2 + off[1]).astype(np.int32) % T.shape[0]
        b = b * (1 + amp * T[vi, ui])
    return b


def draw_cap(roi, pr, light, shadow=False):
    """tapered capsule.  pr: dict p0,p1 (plane mm), r0,r1 (mm), col, tex..."""
    q0, q1 = roi.px(pr['p0']), roi.px(pr['p1'])
    R0, R1 = pr['r0'] * roi.ppm, pr['r1'] * roi.ppm
    pts = np.r_[_circle_pts(q0, R0 + 1.5), _circle_pts(q1, R1 + 1.5)]
    ys, xs = _pixels_in_hull(roi, pts)
    if ys is None or len(ys) == 0:
        return
    px = xs.astype(np.float32)
    py = ys.astype(np.float32)
    d = q1 - q0
    L2 = float(d.dot(d)) + 1e-9
    L = math.sqrt(L2)
    rx, ry = px - q0[0], py - q0[1]
    t = np.clip((rx * d[0] + ry * d[1]) / L2, 0, 1)
    ex, ey = px - (q0[0] + t * d[0]), py - (q0[1] + t * d[1])
    dist = np.sqrt(ex * ex + ey * ey)
    r = R0 + t * (R1 - R0)
    cov = np.clip(r - dist + 0.5, 0, 1)
    if shadow:
        roi.S[ys, xs] = np.maximum(roi.S[ys, xs], cov)
        return
    cr = (rx * d[1] - ry * d[0]) / L
    n = np.sign(cr) * np.minimum(dist / np.maximum(r, 1e-3), 1.0)
    # lighting: perpendicular direction e = (d1,-d0)/L
    e = np.array([d[1], -d[0]]) / L
    lh, el = light
    edot = float(e.dot(lh))
    nz = np.sqrt(np.clip(1 - n * n, 0, 1))
    lam = np.clip(n * math.cos(el) * edot + nz * math.sin(el), 0, 1)
    b = _brightness(pr, lam, t * L, cr, roi)
    for cpos, depth, wmm in pr.get('creases', ()):
        b = b * (1 - depth * np.exp(-((t * L / roi.ppm - cpos) / wmm) ** 2))
    if pr.get('bands') is not None:      # fabric folds along the sleeve
        ph, period, amp = pr['bands']
        al = t * L / roi.ppm
        b = b * (1 + amp * (0.6 * np.sin(2 * np.pi * al / period + ph) + 0.4 * np.sin(2 * np.pi * al / (period * 0.43) + 2.1 * ph + 0.3 * cr / roi.ppm)) * (0.6 + 0.4 * nz))
    col = np.asarray(pr['col'], np.float32)
    out = b[:, None] * col[None]
    spec = pr.get('spec', 0.0)
    if spec:
        ns = 0.45 * edot
        out = out + (spec * 255 * np.exp(-((n - ns) / 0.22) ** 2))[:, None]
    a = cov * pr.get('alpha', 1.0)
    roi.C[ys, xs] = roi.C[ys, xs] * (1 - a)[:, None] + out * a[:, None]
    roi.A[ys, xs] = roi.A[ys, xs] * (1 - a) + a


def draw_ell(roi, pr, light, shadow=False):
    c = roi.px(pr['c'])
    a, bb = pr['a'] * roi.ppm, pr['b'] * roi.ppm
    ang = pr['ang']
    ca, sa = math.cos(ang), math.sin(ang)
    rr = max(a, bb) + 2
    pts = _circle_pts(c, rr, 12)
    ys, xs = _pixels_in_hull(roi, pts)
    if ys is None or len(ys) == 0:
        return
    px = xs.astype(np.float32) - c[0]
    py = ys.astype(np.float32) - c[1]
    u = (px * ca + py * sa) / a
    v = (-px * sa + py * ca) / bb
    p = pr.get('pow', 2.0)
    rho = (np.abs(u) ** p + np.abs(v) ** p) ** (1.0 / p)
    cov = np.clip((1 - rho) * min(a, bb) + 0.5, 0, 1)
    if shadow:
        roi.S[ys, xs] = np.maximum(roi.S[ys, xs], cov)
        return
    m = np.clip(rho, 0, 1) ** pr.get('flat', 3.0)
    # horizontal normal direction (in plane px frame)
    hx = (u / a * ca - v / bb * sa)
    hy = (u / a * sa + v / bb * ca)
    hn = np.sqrt(hx * hx + hy * hy) + 1e-6
    lh, el = light
    nh = m
    nz = np.sqrt(np.clip(1 - nh * nh, 0, 1))
    lam = np.clip(nh * (hx / hn * lh[0] + hy / hn * lh[1]) * math.cos(el) + nz * math.sin(el), 0, 1)
    b = _brightness(pr, lam, u * a, v * bb, roi)
    col = np.asarray(pr['col'], np.float32)
    out = b[:, None] * col[None]
    spec = pr.get('spec', 0.0)
    if spec:
        out = out + (spec * 255 * np.exp(-(nh / 0.35) ** 2) * (0.5 + 0.5 * np.clip(u, -1, 1)))[:, None]
    al = cov * pr.get('alpha', 1.0)
    roi.C[ys, xs] = roi.C[ys, xs] * (1 - al)[:, None] + out * al[:, None]
    roi.A[ys, xs] = roi.A[ys, xs] * (1 - al) + al


def prim_bbox(pr):
    if pr['k'] == 'cap':
        p = np.array([pr['p0'], pr['p1']])
        r = max(pr['r0'], pr['r1'])
    else:
        p = np.array([pr['c']])
        r = max(pr['a'], pr['b'])
    return p.min(0) - r, p.max(0) + r


# ----------------------------------------------------------------------------- hands
def ease(u):
    u = min(max(u, 0.0), 1.0)
    return u * u * u * (u * (6 * u - 15) + 10)


KEYS = ['x', 'y', 'h', 'th', 'ei', 'eo', 'et', 'fl']


def lerp_state(a, b, u):
    out = {}
    for k in KEYS:
        if k == 'th':
            d = (b[k] - a[k] + math.pi) % (2 * math.pi) - math.pi
            out[k] = a[k] + d * u
        else:
            out[k] = a[k] + (b[k] - a[k]) * u
    return out


class Actor:
    """One arm + hand (optionally holding a pen) following a timeline of segments."""

    def __init__(self, rng, cam, skin, width_mm, handed, shoulder, light, pen=None, sleeve=None):
        self.rng, self.cam = rng, cam
        self.skin = np.array(skin, np.float32)
        self.w = width_mm
        self.s = width_mm / 17.0
        self.hs = handed            # +1 right hand, -1 left hand
        self.shoulder = np.array(shoulder, float)   # (x, y, h)
        self.light = light
        self.pen = pen
        self.sleeve = sleeve
        self.segs = []
        # tileable smooth skin mottling (blur a 3x3 tiling, keep the centre tile)
        T = cv2.GaussianBlur(np.tile(rng.standard_normal((256, 256)).astype(np.float32), (3, 3)), (0, 0), 2.5)[256:512, 256:512]
        T = T / (T.std() + 1e-6)
        T2 = rng.standard_normal((256, 256)).astype(np.float32) * 0.3
        self.T = np.clip(T + T2, -3, 3)
        self.tex_amp = rng.uniform(0.03, 0.05)
        self.bend = 0.0
        self.sb = float(np.clip(self.s, 0.72, 1.05))   # body (arm) scale
        sk = self.skin
        self.col_arm = sk * rng.uniform(0.9, 0.98)
        self.col_knuckle = sk * np.array([0.93, 0.94, 1.0])
        # nail: lighter, pinkish
        pink = np.array([175, 180, 230], np.float32)
        self.col_nail = sk * 0.5 + pink * 0.5 if sk.mean() < 120 else sk * 0.55 + np.array([215, 215, 240]) * 0.45

    # --- timeline
    def add(self, t0, t1, s0, s1, bump=0.0, jit=0.0, wob=0.0, kind='move'):
        self.segs.append(dict(t0=t0, t1=t1, s0=dict(s0), s1=dict(s1), bump=bump, jit=jit, wob=wob, kind=kind,
                              ph=self.rng.uniform(0, 2 * np.pi, 6), fr=self.rng.uniform(0.7, 2.6, 3)))

    def span(self):
        return self.segs[0]['t0'], self.segs[-1]['t1']

    def state(self, t):
        if not self.segs or t < self.segs[0]['t0'] or t > self.segs[-1]['t1']:
            return None
        for sg in self.segs:
            if sg['t0'] <= t <= sg['t1']:
                break
        dur = max(sg['t1'] - sg['t0'], 1e-6)
        u = (t - sg['t0']) / dur
        st = lerp_state(sg['s0'], sg['s1'], ease(u))
        st['h'] += sg['bump'] * math.sin(math.pi * u)
        if sg['jit'] or sg['wob']:
            ph, fr = sg['ph'], sg['fr']
            j = sg['jit']
            st['x'] += j * (0.7 * math.sin(2 * np.pi * fr[0] * t + ph[0]) + 0.3 * math.sin(2 * np.pi * fr[2] * 1.7 * t + ph[2]))
            st['y'] += j * (0.7 * math.sin(2 * np.pi * fr[1] * t + ph[1]) + 0.3 * math.sin(2 * np.pi * fr[2] * 1.3 * t + ph[3]))
            st['th'] += math.radians(sg['wob']) * math.sin(2 * np.pi * fr[0] * 0.6 * t + ph[4])
        return st

    # --- geometry
    def local_parts(self, st):
        """hand-local 3-D primitives (x forward, y right, z up), mm.  returns list and anchor."""
        s, hs = self.s, self.hs
        ei, eo, et, fl = st['ei'], st['eo'], st['et'], st['fl']
        L = lambda a, b, u: a + (b - a) * u
        zoff = 0.0
        if self.pen is not None:
            zoff = max(0.0, self.pen['zexit'] - 30 * s)
        zp = L(48, 20, fl) * s + zoff
        zw = L(46, 22, fl) * s + zoff
        zm = L(40, 13, fl) * s + zoff
        parts = []
        sk = self.skin
        cnt = [0]

        def tex():
            cnt[0] += 1
            return (self.T, self.tex_amp, (37 * cnt[0] % 256, 59 * cnt[0] % 256))
        # palm (back of the hand) + knuckle ridge
        parts.append(dict(k='ell', c=(44 * s, -1 * s * hs, zp), a=44 * s, b=39 * s, ang=0.0, pow=2.6, flat=3.0,
                          col=sk, tex=tex(), amb=0.5, spec=0.04))
        mcp = [(84, -26, 17, 72, -3, -6), (86, -8, 17.5, 80, 0, -1), (82, 9, 16.2, 75, 3, 5), (74, 24, 14, 58, 6, 12)]
        # thumb
        tb = np.array([24 * s, -30 * s * hs, L(30, 10, fl) * s + zoff])
        tend = np.array([L(66, 70, et) * s, L(-22, -66, et) * s * hs, L(24, 7, et) * s + zoff * (1 - et)])
        parts.append(dict(k='cap', a3=tb, b3=tend, r0=12 * s, r1=9.5 * s, col=sk, tex=tex(), amb=0.45,
                          creases=[(32 * s, 0.08, 1.0 * s)]))
        fingers = []
        anchor = None
        for i, (mx, my, fw, flen, a_pt, a_fl) in enumerate(mcp):
            e = ei if i == 0 else eo
            m3 = np.array([mx * s, my * s * hs, zm])
            ang = math.radians(L(a_pt, a_fl, fl)) * hs
            if i == 0:
                lt = L(15 * s, L(66, 72, fl) * s, e)
                zt = L(L(28, 10, fl) * s + zoff, L(0, 7 * s, fl), e)
            else:
                lt = L(15 * s, flen * s, e)
                zt = L(L(28, 10, fl) * s + zoff, L(12 * s + zoff, 7 * s, fl), e)
            rr0 = fw * L(0.6, 0.56, e) * s
            rr1 = fw * L(0.62, 0.47, e) * s
            end = m3 + np.array([lt * math.cos(ang), lt * math.sin(ang), 0.0])
            end[2] = zt
            # for the anchor finger keep the front-most point at the end
            cr = [(lt * 0.42 + 2 * s, 0.07 * e, 1.2 * s), (lt * 0.72, 0.05 * e, 0.9 * s)] if e > 0.3 else \
                [(9 * s, 0.10 * (1 - e), 1.5 * s)]
            pr = dict(k='cap', a3=m3 - np.array([6 * s, 0, 0]), b3=end, r0=rr0, r1=rr1,
                      col=sk if e > 0.5 else self.col_knuckle, tex=tex(), amb=0.42, spec=0.05, creases=cr)
            fingers.append(pr)
            if i == 0:
                fdir = np.array([math.cos(ang), math.sin(ang)])
                anchor = end.copy()
                anchor[:2] = end[:2] + fdir * rr1   # front-most point of the rounded end
                idx_pr = pr
        # knuckle ridge across the MCPs (wider front of the hand)
        parts.append(dict(k='cap', a3=np.array([mcp[0][0] * s - 4 * s, mcp[0][1] * s * hs, zm + 2 * s]),
                          b3=np.array([mcp[3][0] * s - 4 * s, mcp[3][1] * s * hs, zm + 2 * s]), r0=12 * s, r1=10 * s,
                          col=sk, tex=tex(), amb=0.5))
        # draw order: little, ring, middle (curled), then index
        for pr in fingers[::-1][:-1]:
            parts.append(pr)
        pen_parts = []
        if self.pen is not None:
            P = self.pen
            ex = np.array([98 * s, -32 * s * hs, P['zexit']])
            pa = math.radians(P['ang']) * hs
            pdir = np.array([math.cos(pa), math.sin(pa)])
            slope = P['zexit'] / P['dp']
            apex = np.r_[ex[:2] + pdir * P['dp'], 0.0]
            lw = 26 * s
            web = np.r_[ex[:2] - pdir * lw, P['zexit'] + lw * slope]
            back = np.r_[web[:2] - pdir * P['lb'], web[2] + P['lb'] * slope]
            rp = P['r']
            lc = P['cone']
            base = np.r_[apex[:2] - pdir * lc, lc * slope]
            rt = 0.9
            tipc = np.r_[apex[:2] - pdir * rt, 0.0]
            # back end of the pen sticks out of the top of the fist (thumb/index web)
            body = dict(k='cap', a3=web, b3=back, r0=rp, r1=rp * 0.95, col=P['body'], amb=0.35, spec=P['spec'])
            front = dict(k='cap', a3=ex - np.r_[pdir * 4, 0], b3=base, r0=rp, r1=rp, col=P['body'], amb=0.35,
                         spec=P['spec'])
            ring = dict(k='cap', a3=base - np.r_[pdir * 3.0, 3.0 * slope], b3=base + np.r_[pdir * 0.5, -0.5 * slope],
                        r0=rp * 1.02, r1=rp * 1.02, col=P['ring'], amb=0.4, spec=0.2)
            cone = dict(k='cap', a3=base, b3=tipc, r0=rp * 0.97, r1=rt, col=P['tip'], amb=0.35, spec=0.25, tip=True)
            anchor = apex
            pen_parts = [front, ring, cone]
            parts.append(fingers[0])      # the index is curled around the pen too
            parts.append(body)
            # thumb wrapped over the pen
            tw = web[:2] + pdir * 6 * s
            parts.append(dict(k='cap', a3=tb, b3=np.array([tw[0], tw[1] - 4 * s * hs, web[2] + 4 * s]), r0=12 * s,
                              r1=10 * s, col=sk, tex=tex(), amb=0.45, creases=[(30 * s, 0.08, 1.0 * s)]))
            parts.extend(pen_parts)
        else:
            idx_pr['tip'] = True
            parts.append(idx_pr)
            if ei > 0.5 or fl > 0.5:
                # nail near the end of the index finger
                rr1 = idx_pr['r1']
                hl = 5.0 * s
                c = idx_pr['b3'][:2] + fdir * (rr1 - 0.12 * 2 * rr1 - hl)
                parts.append(dict(k='ell', c=(c[0], c[1], idx_pr['b3'][2] + 1.0), a=hl, b=0.68 * rr1,
                                  ang=math.atan2(fdir[1], fdir[0]), pow=2.3, flat=2.0, col=self.col_nail,
                                  amb=0.55, spec=0.10, alpha=min(1.0, max(ei, fl)) * 0.9, nail=True))
        wrist = np.array([14 * s, 0.0, zw])
        return parts, anchor, wrist

    def world_prims(self, st):
        """-> (prims for drawing in plane mm, shadow prims, mean height, tip front point)"""
        parts, anchor, wrist = self.local_parts(st)
        th = st['th']
        c, sn = math.cos(th), math.sin(th)
        Rm = np.array([[c, -sn], [sn, c]])
        T = np.array([st['x'], st['y']])
        hlift = st['h']

        def w3(p):
            p = np.asarray(p, float)
            xy = T + Rm @ (p[:2] - anchor[:2])
            z = p[2] - anchor[2] + hlift
            return xy, max(z, 0.0)
        cam = self.cam
        draw, shad = [], []
        hs_list = []
        # arm: wrist -> elbow -> shoulder (two-link IK, elbow bends up and outwards)
        wxy, wz = w3(wrist)
        W3 = np.r_[wxy, wz]
        S3 = self.shoulder.copy()
        sb = self.sb
        Lf, Lu = 260 * sb, 400 * sb
        dv = S3 - W3
        d = np.linalg.norm(dv)
        u = dv / max(d, 1e-6)
        if d >= Lf + Lu - 1:
            E3 = W3 + u * Lf * d / (Lf + Lu)
        else:
            a = (Lf * Lf - Lu * Lu + d * d) / (2 * d)
            hh = math.sqrt(max(Lf * Lf - a * a, 0.0))
            right = np.r_[u[1], -u[0], 0.0] * self.hs
            bend = 0.9 * np.array([0, 0, 1.0]) + 0.45 * right
            perp = bend - bend.dot(u) * u
            perp /= np.linalg.norm(perp) + 1e-9
            E3 = W3 + a * u + hh * perp
        E3[2] = max(E3[2], 45.0)
        s = self.s
        pts = [W3, E3, S3]
        rads = [26 * s, 35 * sb, 42 * sb]
        pieces = []
        dacc = 0.0
        m = 0.12 * cam.W
        done = False
        for a3, b3, r0, r1 in ((pts[0], pts[1], rads[0], rads[1]), (pts[1], pts[2], rads[1], rads[2])):
            seg = b3 - a3
            sl = np.linalg.norm(seg[:2]) + 1e-6
            us = np.linspace(0, 1, 40)
            P = a3[None] + us[:, None] * seg[None]
            pl, _ = cam.lift(P[:, :2], np.minimum(P[:, 2], 0.45 * cam.Zc))
            im = cam.project(pl)
            ins = (im[:, 0] > -m) & (im[:, 0] < cam.W + m) & (im[:, 1] > -m) & (im[:, 1] < cam.H + m)
            uend = 1.0
            if not ins.all():
                bad = np.nonzero(~ins)[0]
                first_bad = bad[bad > 0].min() if (bad > 0).any() else 1
                if ins[:first_bad].any():
                    uend = us[min(first_bad, len(us) - 1)]
                    done = True
            b3e = a3 + seg * uend
            r1e = r0 + (r1 - r0) * uend
            pieces.append((a3, b3e, r0, r1e, dacc, dacc + sl * uend))
            dacc += sl * uend
            if done:
                break
        for a3, b3, r0, r1, d0, d1 in pieces:
            A3 = (a3[:2], min(a3[2], 0.45 * cam.Zc))
            B3 = (b3[:2], min(b3[2], 0.45 * cam.Zc))
            draw.append(self._proj_cap(A3, B3, r0, r1, dict(col=self.col_arm, tex=(self.T, 0.6 * self.tex_amp, (5, 9)), amb=0.45)))
            shad.append(self._shad_cap(A3, B3, r0, r1))
        if self.sleeve is not None:
            sl = self.sleeve
            for a3, b3, r0, r1, d0, d1 in pieces:
                if d1 <= sl['start']:
                    continue
                f0 = max(0.0, (sl['start'] - d0) / max(d1 - d0, 1e-6))
                aa = a3 + (b3 - a3) * f0
                ra = r0 + (r1 - r0) * f0
                A3 = (aa[:2], min(aa[2] + 3, 0.45 * cam.Zc))
                B3 = (b3[:2], min(b3[2] + 3, 0.45 * cam.Zc))
                ex = sl['extra'] * s
                draw.append(self._proj_cap(A3, B3, ra + ex, r1 + ex, dict(
                    col=sl['col'], amb=0.4, bands=(sl['ph'] + d0, sl['period'], sl['fold']), tex=(self.T, 0.05, (1, 2)),
                    creases=[(2.0, 0.25, 2.5)] if f0 > 0 else [])))
                shad.append(self._shad_cap(A3, B3, ra + ex, r1 + ex))
        tip_front = None
        for pr in parts:
            if pr['k'] == 'cap':
                a3 = w3(pr['a3'])
                b3 = w3(pr['b3'])
                extra = {k: v for k, v in pr.items() if k not in ('k', 'a3', 'b3', 'r0', 'r1')}
                q = self._proj_cap(a3, b3, pr['r0'], pr['r1'], extra)
                if pr.get('tip'):
                    # keep the drawn front-most point exactly at the anchor's table position when touching
                    dirp = np.asarray(q['p1']) - np.asarray(q['p0'])
                    dirp /= np.linalg.norm(dirp) + 1e-9
                    front_l, sc = cam.lift(w3(anchor)[0], w3(anchor)[1])
                    q['p1'] = tuple(front_l - dirp * q['r1'])
                    tip_front = front_l
                draw.append(q)
                shad.append(self._shad_cap(a3, b3, pr['r0'], pr['r1']))
                hs_list += [a3[1], b3[1]]
            else:
                c3 = w3(pr['c'])
                cl, sc = cam.lift(c3[0], c3[1])
                q = dict(k='ell', c=tuple(cl), a=pr['a'] * sc, b=pr['b'] * sc, ang=pr['ang'] + th)
                q.update({k: v for k, v in pr.items() if k not in ('k', 'c', 'a', 'b', 'ang')})
                draw.append(q)
                if not pr.get('nail'):
                    sxy = c3[0] + self.light['L'] * c3[1]
                    shad.append(dict(k='ell', c=tuple(sxy), a=pr['a'], b=pr['b'], ang=pr['ang'] + th, pow=pr.get('pow', 2)))
                    hs_list.append(c3[1])
        return draw, shad, float(np.mean(hs_list)) if hs_list else 0.0, tip_front

    def _proj_cap(self, a3, b3, r0, r1, extra):
        pa, sa = self.cam.lift(a3[0], a3[1])
        pb, sb = self.cam.lift(b3[0], b3[1])
        d = dict(k='cap', p0=tuple(pa), p1=tuple(pb), r0=r0 * sa, r1=r1 * sb)
        d.update(extra)
        return d

    def _shad_cap(self, a3, b3, r0, r1):
        L = self.light['L']
        return dict(k='cap', p0=tuple(a3[0] + L * a3[1]), p1=tuple(b3[0] + L * b3[1]), r0=r0, r1=r1)


# ----------------------------------------------------------------------------- scene
class Scene:
    def __init__(self, name, seed, W, H):
        self.name, self.seed, self.W, self.H = name, seed, W, H
        self.rng = np.random.default_rng(zlib.crc32(name.encode()) * 1000 + seed * 7919 + W)
        self.A = board_assets()
        self.kind, self.table = SCENES[name]
        rng = self.rng
        self.cam = make_camera(rng, W, H, self.A)
        cam = self.cam
        # per-pixel map (supersampled image -> plane mm)
        Ws, Hs = W * SS, H * SS
        uu, vv = np.meshgrid((np.arange(Ws, dtype=np.float64) + 0.5) / SS - 0.5,
                             (np.arange(Hs, dtype=np.float64) + 0.5) / SS - 0.5)
        PX, PY = cam.to_plane(uu, vv)
        bp = cam.project(np.array([[0, 0], [BW, 0]]))
        board_ss = np.linalg.norm(bp[1] - bp[0]) * SS
        self.ppm = ppm = max(1.0, 1.05 * board_ss / BW)
        X0, X1 = max(PX.min(), -1600) - 20, min(PX.max(), BW + 1600) + 20
        Y0, Y1 = max(PY.min(), -1600) - 20, min(PY.max(), self.A['BH'] + 1600) + 20
        self.X0, self.Y0 = X0, Y0
        self.Wt, self.Ht = int((X1 - X0) * ppm) + 1, int((Y1 - Y0) * ppm) + 1
        self.mapx = ((PX - X0) * ppm).astype(np.float32)
        self.mapy = ((PY - Y0) * ppm).astype(np.float32)
        # table + sheet
        hh, hw = self.Ht // 2 + 2, self.Wt // 2 + 2
        tex, tmeta = table_texture(rng, self.table, hh, hw, ppm / 2)
        tex = cv2.resize(tex, (hw * 2, hh * 2), interpolation=cv2.INTER_CUBIC)[:self.Ht, :self.Wt].copy()
        self.meta = dict(tmeta)
        self._paste_sheet(tex)
        bg = cv2.remap(tex, self.mapx, self.mapy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
        self.bg_ss = bg
        self.bg_out = cv2.resize(bg, (W, H), interpolation=cv2.INTER_AREA)
        # photometric parameters
        yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
        rn = ((xx - W / 2) ** 2 + (yy - H / 2) ** 2) / ((W / 2) ** 2 + (H / 2) ** 2)
        ga = rng.uniform(0, 2 * np.pi)
        grad = ((xx - W / 2) * math.cos(ga) + (yy - H / 2) * math.sin(ga)) / (W / 2)
        self.illum = (1 - rng.uniform(0.08, 0.25) * rn) * (1 + rng.uniform(0, 0.08) * grad)
        self.illum = self.illum.astype(np.float32)[..., None]
        self.wb = (1 + rng.uniform(-0.04, 0.04, 3)).astype(np.float32)
        self.expo_amp = rng.uniform(0.05, 0.15)
        self.expo_T = rng.uniform(14, 40)
        self.expo_ph = rng.uniform(0, 2 * np.pi)
        self.expo_amp2 = rng.uniform(0, 0.025)
        # auto exposure (centre-weighted, fixed after start-up); keep the paper white just below clipping
        lit = (self.bg_out * self.illum * self.wb).mean(2)
        wgt = np.exp(-rn / 0.35)
        m = float((lit * wgt).sum() / wgt.sum())
        white = float(np.percentile(lit, 99))
        self.base_gain = float(np.clip(rng.uniform(120, 160) / max(m, 1.0), 0.7, min(1.35, 248.0 / max(white, 1.0))))
        self.noise_sigma = rng.uniform(2, 6)
        self.lens_sigma = rng.uniform(0.45, 0.95) * (W / 640) ** 0.5
        self.shutter = rng.uniform(0.35, 0.9)   # fraction of the frame interval
        # light
        la = rng.uniform(0, 2 * np.pi)
        lm = rng.uniform(0.15, 0.45)
        Lv = lm * np.array([math.cos(la), math.sin(la)])
        self.light = dict(L=Lv, lh=-Lv / lm, el=math.atan(1 / lm), k=rng.uniform(0.3, 0.5))
        self.actors = []
        self.dwells = []
        self.notes = []
        self.duration = 10.0
        self._plan()

    # --- sheet
    def _paste_sheet(self, tex):
        A = self.A
        img = A['img'].astype(np.float32)
        mmpp = A['mmpp']
        sf = self.ppm * mmpp      # png px -> texture px
        small = cv2.resize(img, None, fx=sf, fy=sf, interpolation=cv2.INTER_AREA)
        # pixel centre j of the png is at X = (j - left) * mmpp ; resized pixel i covers png (i+0.5)/sf-0.5
        # texture px = (X - X0) * ppm
        a = 1.0
        sfx = small.shape[1] / img.shape[1]
        sfy = small.shape[0] / img.shape[0]
        bx = ((0.5 / sfx - 0.5) - A['left']) * sf - self.X0 * self.ppm
        by = ((0.5 / sfy - 0.5) - A['top']) * sf - self.Y0 * self.ppm
        sxr = sf / sfx
        syr = sf / sfy
        M = np.array([[sxr, 0, bx], [0, syr, by]], np.float64)
        rng = self.rng
        paper = small * rng.uniform(0.95, 1.0)
        paper *= (1 + 0.012 * vnoise(rng, small.shape[0], small.shape[1], max(1.0, 0.6 * self.ppm)))[..., None]
        warped = cv2.warpAffine(paper, M, (self.Wt, self.Ht), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
        mask = cv2.warpAffine(np.ones(small.shape[:2], np.float32), M, (self.Wt, self.Ht), flags=cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_CONSTANT)
        # faint contact shadow around the paper
        sh = cv2.GaussianBlur(mask, (0, 0), 1.2 * self.ppm)
        tex *= (1 - 0.18 * np.clip(sh - mask, 0, 1))[..., None]
        tex[:] = tex * (1 - mask[..., None]) + warped * mask[..., None]

    # --- helpers
    def img_of(self, xy, h=0.0):
        pl, _ = self.cam.lift(np.atleast_2d(xy), np.atleast_1d(h))
        return self.cam.project(pl)

    def inside_img(self, xy, margin=0.0):
        p = self.img_of(xy)[0]
        return margin <= p[0] <= self.W - margin and margin <= p[1] <= self.H - margin

    def mm_per_px(self, xy):
        p = self.img_of(np.array([xy, np.asarray(xy) + [1.0, 0], np.asarray(xy) + [0, 1.0]]))
        return 1.0 / max(1e-6, 0.5 * (np.linalg.norm(p[1] - p[0]) + np.linalg.norm(p[2] - p[0])))

    def pick_shoulder(self, edge, along=None):
        rng, W, H, cam = self.rng, self.W, self.H, self.cam
        a = rng.uniform(0.25, 0.75) if along is None else along
        if edge == 'bottom':
            p, q = (a * W, H - 1), (a * W, H + 40)
        elif edge == 'top':
            p, q = (a * W, 0), (a * W, -40)
        elif edge == 'left':
            p, q = (0, a * H), (-40, a * H)
        else:
            p, q = (W - 1, a * H), (W + 40, a * H)
        P = np.array(cam.to_plane(np.array([p[0], q[0]], float), np.array([p[1], q[1]], float))).T
        d = P[1] - P[0]
        d /= np.linalg.norm(d)
        S = P[0] + d * rng.uniform(150, 300)
        return np.array([S[0], S[1], rng.uniform(230, 330)])

    def offscreen(self, actor, pt, h=60.0):
        sh = actor.shoulder[:2]
        d = sh - pt
        d /= np.linalg.norm(d)
        m = 0.04 * self.W
        for dist in np.arange(0, 3000, 10.0):
            p = pt + d * dist
            q = self.img_of(p, h)[0]
            if not (-m <= q[0] <= self.W + m and -m <= q[1] <= self.H + m):
                return p + d * 90
        return pt + d * 3000

    def heading(self, actor, pt, bend=0.0):
        d = pt - actor.shoulder[:2]
        return math.atan2(d[1], d[0]) + math.radians(bend)

    def new_actor(self, edge, pen=None, skin=None, width=None, idle=False):
        rng = self.rng
        if skin is None:
            skin_i = int(rng.integers(0, len(SKINS)))
        else:
            skin_i = skin
        sname, scol = SKINS[skin_i]
        scol = np.array(scol, np.float32) * rng.uniform(0.95, 1.05, 3)
        if width is None:
            width = rng.uniform(0.013, 0.022) * BW
        handed = 1 if rng.random() < 0.8 else -1
        sleeve = None
        if rng.random() < 0.7:
            hsv = np.uint8([[[rng.integers(0, 180), rng.integers(30, 230), rng.integers(40, 235)]]])
            col = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0].astype(np.float32)
            sleeve = dict(col=col, start=rng.uniform(35, 170), extra=rng.uniform(4, 9), ph=rng.uniform(0, 6.3),
                          period=rng.uniform(25, 60), fold=rng.uniform(0.03, 0.08))
        along = None
        sh = self.pick_shoulder(edge, along)
        a = Actor(rng, self.cam, scol, width, handed, sh, self.light, pen=pen, sleeve=sleeve)
        a.meta = dict(skin=sname, finger_width_board=round(width / BW, 4), hand='right' if handed > 0 else 'left',
                      edge=edge, sleeve=None if sleeve is None else [int(c) for c in sleeve['col']])
        self.actors.append(a)
        return a

    # --- targets
    def pick_targets(self, n, avoid=None, reach=None):
        rng, A = self.rng, self.A
        BH = A['BH']
        polys = A['polys']
        areas = np.array([poly_area(p) for _, p in polys])
        med = np.median(areas)
        big = [i for i in range(len(polys)) if areas[i] >= med]
        small = [i for i in range(len(polys)) if areas[i] < med]
        kinds = ['big', 'small'] + [str(rng.choice(['big', 'small'])) for _ in range(n - 2)]
        rng.shuffle(kinds)
        out, used = [], set()
        relax = 0.0
        while kinds:
            kd = kinds.pop(0)
            ok_pick = False
            for _ in range(400):
                pool = big if kd == 'big' else small if kd == 'small' else big + small
                i = int(rng.choice(pool))
                tid, p = polys[i]
                if tid in used:
                    continue
                c = poly_centroid(p)
                lo, hi = p.min(0), p.max(0)
                ok = False
                for _ in range(50):
                    q = rng.uniform(lo, hi)
                    if in_poly(p, q) > 0:
                        ok = True
                        break
                if not ok:
                    continue
                pt = c + 0.5 * (q - c)
                if in_poly(p, pt) <= 0:
                    continue
                # unambiguous: not inside / too close to another id's polygon
                clash = False
                for tj, pj in polys:
                    if tj != tid and in_poly(pj, pt) > -0.004:
                        clash = True
                        break
                if clash:
                    continue
                mm = np.array([pt[0] * BW, pt[1] * BH])
                if avoid is not None and any(np.linalg.norm(mm - a) < r for a, r in avoid):
                    continue
                if reach is not None and np.linalg.norm(mm - reach[0]) > reach[1] + relax:
                    continue
                out.append((tid, mm, kd))
                used.add(tid)
                ok_pick = True
                break
            if not ok_pick:
                # fall back: any size, then a longer reach
                if kd != 'any':
                    kinds.insert(0, 'any')
                else:
                    relax += 150.0
                    kinds.insert(0, 'any')
                    if relax > 1500:
                        break
        return out

    # --- planning
    def _plan(self):
        rng = self.rng
        kind = self.kind
        if kind == 'none':
            self.duration = float(rng.uniform(10, 14))
            self.pointer = 'none'
            return
        if kind in ('finger', 'stylus'):
            self.pointer = 'finger' if kind == 'finger' else 'stylus'
            avoid = []
            second = False
            if kind == 'finger':
                idx = FINGER_SCENES.index(self.name)
                second = ((idx * 4 + (self.seed - 1)) % 5) in (0, 2)
            if second:
                avoid = self._plan_idle()
            self._plan_touch(avoid)
        else:
            self.pointer = 'none'
            self._plan_rest()

    def _edge(self, probs=(0.6, 0.15, 0.15, 0.10)):
        return str(self.rng.choice(['bottom', 'left', 'right', 'top'], p=list(probs)))

    def _pen(self):
        rng = self.rng
        body = {'dark': (55, 50, 48), 'grey': (140, 140, 138), 'white': (232, 232, 228), 'black': (28, 28, 30)}
        bname = str(rng.choice(list(body)))
        tname = str(rng.choice(['red', 'blue']))
        tip = {'red': (35, 35, 215), 'blue': (205, 95, 25)}[tname]
        tip = tuple(np.array(tip) * rng.uniform(0.85, 1.05))
        r = rng.uniform(5.5, 9.0)
        dp = rng.uniform(0.06, 0.10) * BW
        incl = math.radians(rng.uniform(32, 50))
        return dict(body=np.array(body[bname], np.float32), tip=np.array(tip, np.float32),
                    ring=np.array(rng.choice([[70, 70, 70], [180, 180, 180], body[bname]]), np.float32),
                    r=r, dp=dp, zexit=dp * math.tan(incl), ang=-rng.uniform(5, 30), lb=rng.uniform(5, 25),
                    cone=rng.uniform(1.2, 1.7) * 2 * r, spec=0.12 if bname in ('dark', 'black') else 0.08,
                    meta=dict(body=bname, tip=tname, diam_board=round(2 * r / BW, 4), out_board=round(dp / BW, 3)))

    def _touch_state(self, actor, pt, bend, h=0.0, pen=False):
        return dict(x=pt[0], y=pt[1], h=h, th=self.heading(actor, pt, bend), ei=0.0 if pen else 1.0, eo=0.0, et=0.0,
                    fl=0.0)

    def _plan_touch(self, avoid):
        rng = self.rng
        pen = self._pen() if self.kind == 'stylus' else None
        edge = self._edge()
        actor = self.new_actor(edge, pen=pen)
        if pen is not None:
            actor.meta['pen'] = pen['meta']
        targets = self.pick_targets(3, avoid, reach=(actor.shoulder[:2], 900.0))
        assert len(targets) == 3, targets
        self.targets = targets
        t = 1.2 + rng.uniform(0.2, 1.0)
        bend = rng.uniform(-15, 15)
        st = self._touch_state(actor, targets[0][1], bend, pen=pen is not None)
        off = dict(st)
        off['x'], off['y'] = self.offscreen(actor, targets[0][1], 60)
        off['h'] = 60.0
        cur = off
        isp = pen is not None
        for k, (tid, pt, kd) in enumerate(targets):
            bend = float(np.clip(bend + rng.uniform(-8, 8), -20, 20))
            tst = self._touch_state(actor, pt, bend, pen=isp)
            mmpx = self.mm_per_px(pt)
            if k == 0:
                dur = rng.uniform(0.7, 1.3)
                bump = 0.0
            else:
                dur = rng.uniform(0.4, 1.0)
                bump = rng.uniform(15, 40)
                if rng.random() < 0.3:
                    # a short "thinking" pause: lift and pull back a little
                    back = actor.shoulder[:2] - np.array([cur['x'], cur['y']])
                    back /= np.linalg.norm(back)
                    th_st = dict(cur)
                    th_st['x'] += back[0] * rng.uniform(20, 60)
                    th_st['y'] += back[1] * rng.uniform(20, 60)
                    th_st['h'] = rng.uniform(50, 90)
                    d1 = rng.uniform(0.3, 0.5)
                    actor.add(t, t + d1, cur, th_st)
                    t += d1
                    d2 = rng.uniform(0.3, 1.0)
                    actor.add(t, t + d2, th_st, th_st, jit=2.0, wob=2.0, kind='pause')
                    t += d2
                    cur = th_st
                    bump = 0.0
            if rng.random() < 0.4:
                pre = dict(tst)
                pre['h'] = rng.uniform(8, 25)
                actor.add(t, t + dur, cur, pre, bump=bump)
                t += dur
                d = rng.uniform(0.1, 0.35)
                actor.add(t, t + d, pre, pre, jit=0.3 * mmpx, wob=0.5, kind='aim')
                t += d
                d = rng.uniform(0.12, 0.25)
                actor.add(t, t + d, pre, tst)
                t += d
            else:
                actor.add(t, t + dur, cur, tst, bump=bump)
                t += dur
            dw = rng.uniform(0.9, 1.6)
            actor.add(t, t + dw, tst, tst, jit=0.45 * mmpx, wob=0.6, kind='dwell')
            self.dwells.append(dict(start=round(t, 3), end=round(t + dw, 3), tap=tid,
                                    x=round(pt[0] / BW, 5), y=round(pt[1] / self.A['BH'], 5), size=kd))
            t += dw
            cur = tst
        t = self._leave(actor, cur, t, height=70.0, dur=(0.6, 1.2), bump=10)
        self.duration = float(np.clip(t + rng.uniform(0.8, 2.5), 10.0, 16.0))

    def _leave(self, actor, cur, t, height, dur, bump):
        """The hand leaves the picture from ``cur``, raised to ``height`` mm, in a time drawn
        from ``dur``; returns the time it is gone."""
        off = dict(cur)
        off['x'], off['y'] = self.offscreen(actor, np.array([cur['x'], cur['y']]), height)
        off['h'] = height
        d = self.rng.uniform(*dur)
        actor.add(t, t + d, cur, off, bump=bump)
        return t + d

    def _marker_pts(self):
        A = self.A
        BH = A['BH']
        inner = {0: (0, 0), 1: (BW, 0), 2: (BW, BH), 3: (0, BH)}
        pts = []
        for i in range(4):
            o, n = np.array(A['outer'][i]), np.array(inner[i])
            lo, hi = np.minimum(o, n) - 10, np.maximum(o, n) + 10
            g = np.linspace(0, 1, 6)
            pts += [lo + (hi - lo) * [a, b] for a in g for b in g]
        return np.array(pts)

    def _covers(self, prims, pts):
        for pr in prims:
            if pr['k'] == 'cap':
                p0, p1 = np.array(pr['p0']), np.array(pr['p1'])
                d = p1 - p0
                t = np.clip(((pts - p0) @ d) / (d @ d + 1e-9), 0, 1)
                dist = np.linalg.norm(pts - (p0 + t[:, None] * d), axis=1)
                if np.any(dist < pr['r0'] + (pr['r1'] - pr['r0']) * t + 3):
                    return True
            else:
                if np.any(np.linalg.norm(pts - np.array(pr['c']), axis=1) < max(pr['a'], pr['b']) + 3):
                    return True
        return False

    def _plan_idle(self):
        """second hand resting beside the board or at its edge for the whole clip"""
        rng = self.rng
        A = self.A
        BH = A['BH']
        mpts = self._marker_pts()
        for _ in range(300):
            side = str(rng.choice(['left', 'right', 'bottom']))
            across = rng.uniform(-50, 110)   # <0: fingers on the board, >0: beside
            if side == 'left':
                pt = np.array([-across, rng.uniform(0.3, 0.7) * BH])
            elif side == 'right':
                pt = np.array([BW + across, rng.uniform(0.3, 0.7) * BH])
            else:
                pt = np.array([rng.uniform(0.2, 0.8) * BW, BH + across])
            if 0 < across < 30:
                continue
            if not self.inside_img(pt, 0.06 * self.W):
                continue
            q = self.img_of(pt)[0]
            dists = {'left': q[0], 'right': self.W - q[0], 'bottom': self.H - q[1], 'top': q[1]}
            edge = min(dists, key=dists.get)
            actor = self.new_actor(edge, idle=True)
            pose = str(rng.choice(['flat', 'fist']))
            st = dict(x=pt[0], y=pt[1], h=0.0, th=self.heading(actor, pt, rng.uniform(-25, 25)),
                      ei=1.0 if pose == 'flat' else 0.0, eo=1.0 if pose == 'flat' else 0.0,
                      et=1.0 if pose == 'flat' else 0.0, fl=1.0 if pose == 'flat' else 0.35)
            draw, _, _, _ = actor.world_prims(st)
            if self._covers(draw, mpts):
                self.actors.pop()
                continue
            break
        else:
            return []
        actor.meta['role'] = 'idle'
        off = dict(st)
        off['x'], off['y'] = self.offscreen(actor, pt, 60)
        off['h'] = 60
        t = rng.uniform(1.3, 2.8)
        d = rng.uniform(0.8, 1.3)
        actor.add(t, t + d, off, st)
        actor.add(t + d, 1000.0, st, st, jit=1.2, wob=1.5, kind='idle')
        actor.meta['pose'] = pose
        self.notes.append('idle %s hand resting at %s %s (%.0f mm %s)' % (pose, side, 'edge' if across < 0 else 'beside board',
                                                                       abs(across), 'onto board' if across < 0 else 'outside'))
        sh = actor.shoulder[:2]
        return [(pt + (sh - pt) / np.linalg.norm(sh - pt) * k, 150.0) for k in (0, 80, 160)]

    def _plan_rest(self):
        rng = self.rng
        BH = self.A['BH']
        actor = self.new_actor(self._edge())
        acts = ['sweep', 'hover', 'rest'] + [str(rng.choice(['sweep', 'rest_beside', 'hover', 'rest']))]
        rng.shuffle(acts)
        t = 1.2 + rng.uniform(0.2, 0.8)
        first = None
        cur = None

        def pose(kind, h):
            if kind == 'point':
                return dict(ei=1.0, eo=0.0, et=0.0, fl=0.0, h=h)
            if kind == 'flat':
                return dict(ei=1.0, eo=1.0, et=1.0, fl=1.0, h=h)
            if kind == 'fist':
                return dict(ei=0.0, eo=0.0, et=0.0, fl=0.35, h=h)
            return dict(ei=0.6, eo=0.5, et=0.5, fl=0.6, h=h)   # relaxed

        S0 = actor.shoulder[:2]

        def reach_pt(lo, hi):
            for _ in range(200):
                p = rng.uniform(lo, hi) * [BW, BH]
                if np.linalg.norm(p - S0) < 880:
                    return p
            return p

        def mk(pt, pz, bend=0.0):
            st = dict(x=pt[0], y=pt[1], th=self.heading(actor, pt, bend))
            st.update(pz)
            return st
        log = []
        for a in acts:
            if a == 'sweep':
                c = reach_pt([0.3, 0.3], [0.7, 0.7])
                ax = c - S0
                ax = np.array([-ax[1], ax[0]]) / np.linalg.norm(ax)   # across the reach direction
                ax = ax * (1 if rng.random() < 0.5 else -1)
                hl = rng.uniform(180, 320)
                P0 = c - ax * hl + rng.normal(0, 40, 2)
                P1 = c + ax * hl + rng.normal(0, 40, 2)
                pz = pose(str(rng.choice(['point', 'flat', 'relaxed'])), rng.uniform(40, 90))
                A0, A1 = mk(P0, pz), mk(P1, pz)
                seq = [(A0, rng.uniform(0.5, 0.9), 0), (A1, rng.uniform(0.4, 0.8), 0)]
                log.append('sweep h=%.0fmm' % pz['h'])
            elif a == 'hover':
                p = reach_pt([0.15, 0.15], [0.85, 0.85])
                pz = pose(str(rng.choice(['point', 'flat', 'relaxed'], p=[0.5, 0.25, 0.25])), rng.uniform(110, 250))
                S = mk(p, pz, rng.uniform(-15, 15))
                seq = [(S, rng.uniform(0.5, 0.9), 0), ('hold', rng.uniform(1.0, 2.0), rng.uniform(3, 8))]
                log.append('hover h=%.0fmm' % pz['h'])
            else:
                if a == 'rest':
                    p = reach_pt([0.1, 0.15], [0.9, 0.9])
                else:
                    for _ in range(50):
                        side = rng.choice(['left', 'right', 'bottom'])
                        off = rng.uniform(40, 120)
                        p = {'left': [-off, rng.uniform(0.3, 0.7) * BH], 'right': [BW + off, rng.uniform(0.3, 0.7) * BH],
                             'bottom': [rng.uniform(0.2, 0.8) * BW, BH + off]}[side]
                        p = np.array(p)
                        if self.inside_img(p, 0.08 * self.W):
                            break
                    else:
                        p = rng.uniform([0.1, 0.15], [0.9, 0.9]) * [BW, BH]
                pk = str(rng.choice(['flat', 'fist'], p=[0.65, 0.35]))
                S = mk(p, pose(pk, 0.0), rng.uniform(-20, 20))
                seq = [(S, rng.uniform(0.6, 1.0), rng.uniform(10, 40)), ('hold', rng.uniform(1.5, 3.0), 0.25 * self.mm_per_px(p))]
                log.append('%s %s rest' % (a, pk))
            for item in seq:
                if item[0] == 'hold':
                    _, d, j = item
                    actor.add(t, t + d, cur, cur, jit=j, wob=1.0, kind='hold')
                    t += d
                    continue
                S, d, bump = item
                if cur is None:
                    off = dict(S)
                    off['x'], off['y'] = self.offscreen(actor, np.array([S['x'], S['y']]), max(60, S['h']))
                    off['h'] = max(60, S['h'])
                    cur = off
                actor.add(t, t + d, cur, S, bump=bump)
                t += d
                cur = S
        t = self._leave(actor, cur, t, height=80, dur=(0.6, 1.1), bump=20)
        self.notes.append('rest actions: ' + ', '.join(log))
        self.duration = float(np.clip(t + rng.uniform(0.5, 2.0), 10.0, 16.0))

    # --- rendering
    def render_actor(self, actor, t, acc, dirty):
        st0 = actor.state(t)
        if st0 is None:
            return
        cam = self.cam
        # motion blur sub-samples
        st1 = actor.state(min(t + 1.0 / FPS, actor.span()[1])) or st0
        p0 = self.img_of(np.array([st0['x'], st0['y']]), st0['h'])[0]
        p1 = self.img_of(np.array([st1['x'], st1['y']]), st1['h'])[0]
        speed = np.linalg.norm(p1 - p0) * (1 + 0.3 * abs(st1['th'] - st0['th']) * 40)
        blur_px = speed * self.shutter
        K = 1 if blur_px < 1.5 else int(min(8, math.ceil(blur_px / 1.5) + 1))
        times = [t] if K == 1 else [t + (k / (K - 1) - 0.5) * self.shutter / FPS for k in range(K)]
        for tt in times:
            st = actor.state(min(max(tt, actor.span()[0]), actor.span()[1]))
            draw, shad, hmean, _ = actor.world_prims(st)
            lo = np.array([np.inf, np.inf])
            hi = -lo
            for pr in draw + shad:
                a, b = prim_bbox(pr)
                lo, hi = np.minimum(lo, a), np.maximum(hi, b)
            ssig = (1.5 + 0.045 * hmean)           # shadow softness (mm)
            dsig = max(0.0, (st['h'] - 60) * 0.02)  # defocus when raised (mm)
            marg = 3 * max(ssig, dsig) + 3
            lo -= marg
            hi += marg
            x0 = max(int((lo[0] - self.X0) * self.ppm), 0)
            y0 = max(int((lo[1] - self.Y0) * self.ppm), 0)
            x1 = min(int((hi[0] - self.X0) * self.ppm) + 2, self.Wt)
            y1 = min(int((hi[1] - self.Y0) * self.ppm) + 2, self.Ht)
            if x1 <= x0 or y1 <= y0:
                continue
            roi = ROI(x0, y0, x1 - x0, y1 - y0, self.ppm, self.X0, self.Y0)
            light = (self.light['lh'], self.light['el'])
            for pr in shad:
                (draw_cap if pr['k'] == 'cap' else draw_ell)(roi, pr, light, shadow=True)
            for pr in draw:
                (draw_cap if pr['k'] == 'cap' else draw_ell)(roi, pr, light)
            roi.S = cv2.GaussianBlur(roi.S, (0, 0), ssig * self.ppm)
            if dsig > 0.2:
                roi.C = cv2.GaussianBlur(roi.C, (0, 0), dsig * self.ppm)
                roi.A = cv2.GaussianBlur(roi.A, (0, 0), dsig * self.ppm)
            # image region covered by this ROI
            bx = np.r_[np.linspace(x0, x1, 20), np.full(20, x1), np.linspace(x1, x0, 20), np.full(20, x0)]
            by = np.r_[np.full(20, y0), np.linspace(y0, y1, 20), np.full(20, y1), np.linspace(y1, y0, 20)]
            P = np.c_[bx / self.ppm + self.X0, by / self.ppm + self.Y0]
            q = (cam.project(P) + 0.5) * SS - 0.5
            Hs, Ws = self.bg_ss.shape[:2]
            u0 = max(int(math.floor(q[:, 0].min())) - 2, 0)
            v0 = max(int(math.floor(q[:, 1].min())) - 2, 0)
            u1 = min(int(math.ceil(q[:, 0].max())) + 3, Ws)
            v1 = min(int(math.ceil(q[:, 1].max())) + 3, Hs)
            if u1 <= u0 or v1 <= v0:
                continue
            u0 -= u0 % SS
            v0 -= v0 % SS
            u1 = min(u1 + (-u1) % SS, Ws)
            v1 = min(v1 + (-v1) % SS, Hs)
            mx = self.mapx[v0:v1, u0:u1] - x0
            my = self.mapy[v0:v1, u0:u1] - y0
            lay = np.dstack([roi.C, roi.A, roi.S])
            w = cv2.remap(lay, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=0)
            acc[v0:v1, u0:u1] += w / len(times)
            dirty[0] = min(dirty[0], u0)
            dirty[1] = min(dirty[1], v0)
            dirty[2] = max(dirty[2], u1)
            dirty[3] = max(dirty[3], v1)

    def frame(self, t, acc_buf):
        out = self.bg_out.copy()
        rect = None
        comp = None
        for actor in self.actors:
            dirty = [10 ** 9, 10 ** 9, -1, -1]
            self.render_actor(actor, t, acc_buf, dirty)
            if dirty[2] < 0:
                continue
            u0, v0, u1, v1 = dirty
            if comp is None:
                comp = self.bg_ss.copy()
            a = acc_buf[v0:v1, u0:u1]
            region = comp[v0:v1, u0:u1]
            region *= (1 - self.light['k'] * a[..., 4:5])
            region[:] = region * (1 - a[..., 3:4]) + a[..., 0:3]
            acc_buf[v0:v1, u0:u1] = 0
            rect = dirty if rect is None else [min(rect[0], u0), min(rect[1], v0), max(rect[2], u1), max(rect[3], v1)]
        if rect is not None:
            u0, v0, u1, v1 = rect
            out[v0 // SS:v1 // SS, u0 // SS:u1 // SS] = cv2.resize(comp[v0:v1, u0:u1], ((u1 - u0) // SS, (v1 - v0) // SS),
                                                                  interpolation=cv2.INTER_AREA)
        g = self.base_gain * (1 + self.expo_amp * math.sin(2 * np.pi * t / self.expo_T + self.expo_ph)
                              + self.expo_amp2 * math.sin(2 * np.pi * t / 5.3 + 1.3 * self.expo_ph))
        out = out * self.illum * (self.wb * g)
        out = cv2.GaussianBlur(out, (0, 0), self.lens_sigma)
        n = self.rng.standard_normal(out.shape[:2] + (1,), dtype=np.float32) * 0.75 + \
            self.rng.standard_normal(out.shape, dtype=np.float32) * 0.66
        out += n * self.noise_sigma
        return np.clip(out + 0.5, 0, 255).astype(np.uint8)

    def truth(self):
        notes = ['table=%s' % self.table]
        notes += ['%s=%s' % kv for kv in self.meta.items() if kv[0] != 'table']
        notes.append('camera ' + ', '.join('%s=%s' % kv for kv in self.cam.meta.items()))
        for a in self.actors:
            notes.append('hand ' + ', '.join('%s=%s' % kv for kv in a.meta.items()))
        notes += self.notes
        notes.append('noise=%.1f lens=%.2f expo=+-%.0f%% shutter=%.2f' % (self.noise_sigma, self.lens_sigma,
                                                                          100 * self.expo_amp, self.shutter))
        return dict(pointer=self.pointer,
                    dwells=[{k: d[k] for k in ('start', 'end', 'tap', 'x', 'y')} for d in self.dwells],
                    notes='; '.join(notes),
                    meta=dict(scene=self.name, seed=self.seed, size=[self.W, self.H], duration=self.duration,
                              camera=self.cam.meta, hands=[a.meta for a in self.actors],
                              target_sizes=[d['size'] for d in self.dwells]))

    def render(self, outdir, debug_times=None):
        if outdir:
            os.makedirs(outdir, exist_ok=True)
        base = os.path.join(outdir or '.', '%s_%d' % (self.name, self.seed))
        nfr = int(round(self.duration * FPS))
        acc = np.zeros(self.bg_ss.shape[:2] + (5,), np.float32)
        if debug_times is None:
            vw = cv2.VideoWriter(base + '.mp4', cv2.VideoWriter_fourcc(*'mp4v'), FPS, (self.W, self.H))
            for i in range(nfr):
                vw.write(self.frame(i / FPS, acc))
            vw.release()
            with open(base + '.json', 'w') as f:
                json.dump(self.truth(), f, indent=1)
            return base
        frames = []
        for t in debug_times:
            frames.append((t, self.frame(t, acc)))
        return frames


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--scene', required=True, choices=sorted(SCENES))
    ap.add_argument('--seed', type=int, required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--size', default='640x480', choices=['640x480', '1280x720'])
    a = ap.parse_args()
    cv2.setNumThreads(1)
    W, H = map(int, a.size.split('x'))
    sc = Scene(a.scene, a.seed, W, H)
    print(sc.render(a.out))


if __name__ == '__main__':
    main()
