"""The webcam lens's radial distortion, measured from the four ArUco markers, nothing to set.

A homography maps a flat board into a pinhole camera's picture; a real lens bends straight
lines a little (barrel or pincushion), most at the picture's edges. The four board corners
alone cannot show that (a homography fits any four points), so the small hotspots along the
board's edge would be hit a few pixels off. The markers' other corners can: each marker is a
square, axis-aligned with the board, whose board-side corner touches the board's corner. Under
the right distortion the twelve outer corners, taken to the board through the homography of the
four inner ones, lie on four such squares.

The model (one coefficient, centred in the picture, distances in units of half the picture's
diagonal ``f``): a pixel ``p`` of the picture shows what a pinhole camera would show at

    undistorted(p) = c + (p - c) * (1 + k1 * |p - c|**2 / f**2)

:func:`fit_k1` finds ``k1`` for one frame's markers; :class:`LensEstimate` keeps the median of
many frames (one frame's estimate is noisy: a marker is only some 30 pixels wide);
:func:`rectify_maps` builds the maps that take the picture straight to the rectified board
(one ``cv2.remap`` a frame, as cheap as the ``warpPerspective`` it replaces).
"""

from __future__ import annotations

import cv2
import numpy as np

from tiptoi_sim.camera.registration import (BOARD_CORNERS, MARKER_IDS, fit_markers, homography_from_corners,
                                            homography_from_markers, inner_corner_index, to_camera)

#: the outward direction of each marker from its board corner (TL, TR, BR, BL)
_OUTWARD = {0: (-1.0, -1.0), 1: (1.0, -1.0), 2: (1.0, 1.0), 3: (-1.0, 1.0)}
K1_RANGE = 0.25  # |k1| searched; strong webcam barrel distortion is well inside


def _centre(size) -> tuple[np.ndarray, float]:
    w, h = size
    return np.array([w / 2.0, h / 2.0]), 0.5 * float(np.hypot(w, h))


def undistort_points(pts, k1: float, size) -> np.ndarray:
    """Picture pixels (N x 2) -> where a pinhole camera would show them (same units)."""
    c, f = _centre(size)
    u = (np.asarray(pts, np.float64).reshape(-1, 2) - c) / f
    return c + u * (1.0 + k1 * (u * u).sum(axis=1, keepdims=True)) * f


def distort_points(pts, k1: float, size, iterations: int = 6) -> np.ndarray:
    """The inverse of :func:`undistort_points`: where the picture shows a pinhole camera's
    point (Newton's method on the radius; a point beyond what a strong barrel lens can show at
    all stays at the edge of what it can)."""
    c, f = _centre(size)
    u = (np.asarray(pts, np.float64).reshape(-1, 2) - c) / f
    ru = np.sqrt((u * u).sum(axis=1))
    rd = ru.copy()
    for _ in range(iterations):
        slope = 1.0 + 3.0 * k1 * rd * rd
        step = (rd * (1.0 + k1 * rd * rd) - ru) / np.maximum(slope, 0.1)
        rd = np.maximum(rd - step, 0.0)
        if k1 < 0:  # (the radius whose image is the farthest a barrel lens shows)
            rd = np.minimum(rd, np.sqrt(-1.0 / (3.0 * k1)))
    scale = np.where(ru > 1e-12, rd / np.maximum(ru, 1e-12), 1.0)
    return c + u * scale[:, None] * f


def _misfit(quads, inner, k1: float, size, height: float) -> float:
    """How far the markers' outer corners are from squares at the board's corners under ``k1``
    (board widths, squared). ``height`` = board height / width."""
    und = {i: undistort_points(quads[i], k1, size) for i in MARKER_IDS}
    src = np.float32([und[i][inner[i]] for i in MARKER_IDS])
    dst = np.float32([[0, 0], [1, 0], [1, height], [0, height]])
    H = cv2.getPerspectiveTransform(src, dst).astype(np.float64)
    total = 0.0
    for i in MARKER_IDS:
        b = cv2.perspectiveTransform(und[i].reshape(-1, 1, 2), H).reshape(-1, 2)
        d = (np.delete(b, inner[i], axis=0) - b[inner[i]]) * _OUTWARD[i]  # the square now lies at +x, +y
        diag = int(np.argmax(d.sum(axis=1)))
        a, c = [k for k in range(3) if k != diag]
        along_x, along_y = (a, c) if d[a, 0] - d[a, 1] > d[c, 0] - d[c, 1] else (c, a)
        sides = np.array([d[diag, 0], d[diag, 1], d[along_x, 0], d[along_y, 1]])
        side = sides.mean()  # (each marker its own size: a marker printed a little off still counts)
        total += float(((sides - side) ** 2).sum() + d[along_x, 1] ** 2 + d[along_y, 0] ** 2)
    return total


def _misfit3(quads, k1: float, size, aspect: float, sides) -> float:
    """How far three markers' corners, undistorted under ``k1``, are from one homography's
    squares at the board's corners (picture pixels; see :func:`fit_markers`)."""
    got = fit_markers({i: undistort_points(q, k1, size) for i, q in quads.items()}, aspect, steps=10, sides=sides)
    return float("inf") if got is None else got[1]


def fit_k1(quads: dict[int, np.ndarray], size, aspect: float) -> float | None:
    """The distortion coefficient that makes the markers square (None with fewer than three).
    ``quads``: marker id -> its 4 corners in picture pixels; ``aspect`` = board width / height.
    A coarse search over ``[-K1_RANGE, K1_RANGE]``, then a finer one around the best. With
    three markers (the fourth cut off by the camera's framing) their twelve corners are fitted
    with the markers' side unknown (:func:`fit_markers`)."""
    q = {i: np.asarray(quads[i], np.float64).reshape(4, 2) for i in MARKER_IDS if i in quads}
    if len(q) < 3:
        return None
    if len(q) == 4:
        inner = inner_corner_index(q)
        height = 1.0 / aspect

        def misfit(k):
            return _misfit(q, inner, k, size, height)
    else:
        # (the markers' side hardly depends on the lens: found once, then searched near it)
        got = fit_markers(q, aspect)
        if got is None:
            return None
        sides = (0.8 * got[2], 1.25 * got[2])

        def misfit(k):
            return _misfit3(q, k, size, aspect, sides)
    best = 0.0
    for step, span in ((0.02, K1_RANGE), (0.004, 0.02), (0.001, 0.004)):
        ks = np.arange(best - span, best + span + 1e-9, step)
        ks = ks[np.abs(ks) <= K1_RANGE + 1e-9]
        errs = [misfit(float(k)) for k in ks]
        best = float(ks[int(np.argmin(errs))])
    return best


def board_corners_from_markers(quads: dict[int, np.ndarray], k1: float, size, aspect: float,
                               max_misfit_px: float = 1.5) -> np.ndarray | None:
    """The board's four corners in the picture (TL, TR, BR, BL; 4 x 2 pixels) from three or
    four whole markers seen through a lens of ``k1``: the corner of a marker the picture does
    not show is where the other markers' squares put it. None when fewer than three markers
    are seen or they are not squares at the board's corners (mean misfit over
    ``max_misfit_px``)."""
    H = homography_from_markers({i: undistort_points(q, k1, size) for i, q in quads.items()}, aspect, max_misfit_px)
    return None if H is None else distort_points(to_camera(H, BOARD_CORNERS), k1, size)


class LensEstimate:
    """The median of the last ``keep`` frames' estimates of ``k1`` (0 until ``least`` are in)."""

    def __init__(self, keep: int = 30, least: int = 3):
        self.keep, self.least = keep, least
        self.values: list[float] = []

    def add(self, k1: float | None) -> None:
        if k1 is not None:
            self.values.append(k1)
            del self.values[:-self.keep]

    @property
    def k1(self) -> float:
        if len(self.values) < self.least:
            return 0.0
        return round(float(np.median(self.values)), 3)


def rectify_maps(corners_px, k1: float, frame_size, S: np.ndarray, out_size) -> tuple[np.ndarray, np.ndarray]:
    """``cv2.remap`` maps from the picture to the rectified board (``out_size`` = (w, h); pixel
    ``q`` shows board point ``S^-1 q``) through the homography of the four board corners
    ``corners_px`` (TL, TR, BR, BL as seen) after undoing the lens's ``k1``."""
    und = undistort_points(corners_px, k1, frame_size)
    Hi = np.linalg.inv(S @ homography_from_corners(und))  # rectified pixel -> undistorted picture
    w, h = out_size
    xs, ys = np.meshgrid(np.arange(w, dtype=np.float64), np.arange(h, dtype=np.float64))
    q = np.stack([xs.ravel(), ys.ravel(), np.ones(w * h)])
    p = Hi @ q
    p = (p[:2] / p[2]).T
    d = distort_points(p, k1, frame_size).reshape(h, w, 2).astype(np.float32)
    return d[..., 0].copy(), d[..., 1].copy()
