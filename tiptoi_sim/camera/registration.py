"""Board registration: the homography from camera pixels to board coordinates (0-1 in x and y).

Marker convention (issue 4): four ArUco markers of DICT_4X4_50, ids 0, 1, 2, 3, lie just outside
the board's top-left, top-right, bottom-right and bottom-left corners, each touching its board
corner with the marker corner nearest the board. So the inner corners are the board's corners.

:class:`MarkerTracker` keeps the homography while a hand covers a marker (fewer than four seen)
and refreshes it when all four are seen again at a new place for a few frames (the board moved).
Fallbacks: :func:`homography_from_corners` (the user clicked the four corners) and
:func:`register_by_features` (ORB features against a photo of the board, USAC_MAGSAC).
"""

from __future__ import annotations

import cv2
import numpy as np

MARKER_IDS = (0, 1, 2, 3)  # TL, TR, BR, BL
BOARD_CORNERS = np.float32([[0, 0], [1, 0], [1, 1], [0, 1]])
# ArUco corner order is TL, TR, BR, BL of the marker itself; for an upright marker the corner
# touching the board is the one pointing at the board's centre.
_INNER_CORNER = {0: 2, 1: 3, 2: 0, 3: 1}


def aruco_dictionary():
    return cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)


def make_detector():
    params = cv2.aruco.DetectorParameters()
    # Sub-pixel corners: the inner corners are the board corners, so their precision is the
    # registration's precision.
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    return cv2.aruco.ArucoDetector(aruco_dictionary(), params)


def marker_image(marker_id: int, side_px: int) -> np.ndarray:
    """The marker ``marker_id`` as a uint8 grey image with a one-module white border included
    in ``side_px`` (the quiet zone the detector needs)."""
    inner = max(6, int(round(side_px * 6 / 8)))
    img = cv2.aruco.generateImageMarker(aruco_dictionary(), int(marker_id), inner, borderBits=1)
    pad = side_px - inner
    a, b = pad // 2, pad - pad // 2
    return cv2.copyMakeBorder(img, a, b, a, b, cv2.BORDER_CONSTANT, value=255)


def detect_quads(gray: np.ndarray, detector=None) -> dict[int, np.ndarray]:
    """Markers 0-3 in a grey camera image: {id: its 4 corners (x, y) as OpenCV found them}."""
    detector = detector or make_detector()
    corners, ids, _ = detector.detectMarkers(gray)
    if ids is None:
        return {}
    quads = {}
    for c, i in zip(corners, ids.ravel()):
        i = int(i)
        if i in MARKER_IDS and i not in quads:
            quads[i] = c.reshape(4, 2).astype(np.float64)
    return quads


def inner_corner_index(quads: dict[int, np.ndarray]) -> dict[int, int]:
    """{id: index of the marker's board-side corner in its quad}: the corner nearest the centre
    of the other seen markers (robust to a marker glued on rotated); with one marker only, the
    upright convention is used."""
    out = {}
    centres = {i: q.mean(axis=0) for i, q in quads.items()}
    for i, q in quads.items():
        others = [centres[j] for j in quads if j != i]
        if len(others) >= 1:
            target = np.mean(others, axis=0)
            out[i] = int(np.argmin(np.linalg.norm(q - target, axis=1)))
        else:
            out[i] = _INNER_CORNER[i]
    return out


def inner_corners(quads: dict[int, np.ndarray]) -> dict[int, np.ndarray]:
    """{id: (x, y) of the marker's board-side corner} (see :func:`inner_corner_index`)."""
    return {i: quads[i][k].astype(np.float64) for i, k in inner_corner_index(quads).items()}


def detect_inner_corners(gray: np.ndarray, detector=None) -> dict[int, np.ndarray]:
    """Find markers 0-3 in a grey camera image; returns {id: (x, y) of its board-side corner}
    (see :func:`inner_corners`)."""
    return inner_corners(detect_quads(gray, detector))


def homography_from_corners(corners_px) -> np.ndarray:
    """Camera->board homography from the board's four corners in the camera picture, in the
    order top-left, top-right, bottom-right, bottom-left (as clicked by the user)."""
    src = np.float32(corners_px).reshape(4, 2)
    if cv2.contourArea(src) < 100:
        raise ValueError("the four corners enclose almost no area")
    return cv2.getPerspectiveTransform(src, BOARD_CORNERS).astype(np.float64)


#: the corners of an upright marker in its own order (TL, TR, BR, BL), in units of its side
_UPRIGHT = np.float64([[0, 0], [1, 0], [1, 1], [0, 1]])


def _marker_board_corners(quads, inner_idx, aspect: float):
    """The seen markers' corners in the camera picture, the board corners they belong to, and
    their offsets from them in marker sides (in board units, 0-1 in x and y, for a marker one
    board width wide): (src, base, offset), each N x 2, so that a marker ``side`` board widths
    wide has its corners at ``base + side * offset`` on the board."""
    src, base, offset = [], [], []
    for i, q in quads.items():
        k, up = inner_idx[i], _INNER_CORNER[i]
        x, y = q[:, 0], q[:, 1]
        turn = 1 if float(np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y)) >= 0 else -1
        for j in range(4):  # _UPRIGHT is clockwise, as ArUco lists a marker's corners (turn 1)
            src.append(q[(k + turn * j) % 4])
            base.append(BOARD_CORNERS[i])
            offset.append((_UPRIGHT[(up + j) % 4] - _UPRIGHT[up]) * (1.0, aspect))
    return np.float64(src), np.float64(base), np.float64(offset)


def fit_markers(quads: dict[int, np.ndarray], aspect: float, steps: int = 30, sides=(0.005, 0.4)):
    """The camera->board homography that fits all corners of three or four whole markers best
    (least squares), so that a marker the camera's framing cuts off (or a hand covers) is not
    needed. Each marker is a square, axis-aligned with the board, touching its board corner;
    ``aspect`` = board width / height. The markers' common side (in board widths) is not known:
    it is the one under which the corners fit one homography best (a golden-section search over
    ``sides``, 0.5-40 % of the board's width unless told, least squares at each step). Returns
    (H, the corners' mean misfit in picture pixels, the side), or None with fewer than three
    markers."""
    quads = {i: np.asarray(q, np.float64).reshape(4, 2) for i, q in quads.items() if i in MARKER_IDS}
    if len(quads) < 3:
        return None
    src, base, offset = _marker_board_corners(quads, inner_corner_index(quads), aspect)

    def fit(side):
        dst = base + side * offset
        H, _ = cv2.findHomography(src, dst, 0)
        if H is None or abs(np.linalg.det(H)) < 1e-15:
            return float("inf"), None
        back = cv2.perspectiveTransform(dst.reshape(-1, 1, 2), np.linalg.inv(H)).reshape(-1, 2)
        return float(np.mean(np.linalg.norm(back - src, axis=1))), H

    lo, hi = sides
    g = (np.sqrt(5.0) - 1.0) / 2.0
    a, b = hi - g * (hi - lo), lo + g * (hi - lo)
    fa, fb = fit(a)[0], fit(b)[0]
    for _ in range(steps):
        if fa < fb:
            hi, b, fb = b, a, fa
            a = hi - g * (hi - lo)
            fa = fit(a)[0]
        else:
            lo, a, fa = a, b, fb
            b = lo + g * (hi - lo)
            fb = fit(b)[0]
    side = (lo + hi) / 2.0
    err, H = fit(side)
    if H is None:
        return None
    return H.astype(np.float64), err, side


def homography_from_markers(quads: dict[int, np.ndarray], aspect: float, max_misfit_px: float = 1.5):
    """:func:`fit_markers`' homography, or None when it has fewer than three markers or its
    corners miss it by more than ``max_misfit_px`` on average (not squares at the corners)."""
    got = fit_markers(quads, aspect)
    if got is None or got[1] > max_misfit_px:
        return None
    return got[0]


def to_board(H: np.ndarray, pts_px) -> np.ndarray:
    pts = np.asarray(pts_px, np.float64).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(pts, H).reshape(-1, 2)


def to_camera(H: np.ndarray, pts_board) -> np.ndarray:
    pts = np.asarray(pts_board, np.float64).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(pts, np.linalg.inv(H)).reshape(-1, 2)


class MarkerTracker:
    """Keeps the camera->board homography up to date from the markers.

    ``update(gray, hand_in_view)`` returns True when the homography changed. A new homography
    is taken only from all four markers (or, with ``corners_from_quads`` set and while no
    homography from four is known, from three: the camera's framing may cut one off), seen at
    the same place (within ``stable_px``) for ``stable_frames`` detections and, once one is
    known, only when at least two corners moved and either no hand is in view or the corners
    moved more than ``moved_px`` (the board was moved: the old one is wrong anyway).
    """

    def __init__(self, stable_frames: int = 2, stable_px: float = 1.5, moved_px: float = 4.0,
                 corners_from_quads=None):
        self.detector = make_detector()
        self.H: np.ndarray | None = None
        self.corners: np.ndarray | None = None  # 4x2 camera px, TL TR BR BL
        self.stable_frames = stable_frames
        self.stable_px = stable_px
        self.moved_px = moved_px
        self._candidate: np.ndarray | None = None
        self._candidate_count = 0
        self._candidate_three = False
        self.last_seen: dict[int, np.ndarray] = {}
        self.last_quads: dict[int, np.ndarray] = {}  # the seen markers' four corners (the lens fit)
        self.last_shift = 0.0  # px: how far the corners moved at the last change of H
        # (quads, (width, height)) -> the board's four corners in the picture, or None: how the
        # corner of a marker out of the picture is found (see lens.board_corners_from_markers)
        self.corners_from_quads = corners_from_quads
        self.from_three = False  # the homography came from three markers
        # the board's corners found in the last picture (4x2, TL TR BR BL), or None
        self.last_quad: np.ndarray | None = None
        self.last_from_three = False  # ... placed from three markers

    def set_corners(self, corners_px) -> None:
        """Use these corners (4x2 camera px, TL TR BR BL): clicked ones (the fallback when the
        markers are missing), or the markers' corners where a shaking camera saw them on
        average (TapPipeline._settle)."""
        self.H = homography_from_corners(corners_px)
        self.corners = np.float64(corners_px).reshape(4, 2)

    def update(self, gray: np.ndarray, hand_in_view: bool = False) -> bool:
        self.last_quads = detect_quads(gray, self.detector)
        seen = inner_corners(self.last_quads)
        self.last_seen = seen
        quad, from_three = None, False
        if len(seen) == 4:
            quad = np.array([seen[i] for i in MARKER_IDS])
        elif len(seen) == 3 and self.corners_from_quads is not None and (self.H is None or self.from_three):
            # a marker out of the picture (never seen yet): the other three's squares place it
            quad = self.corners_from_quads(self.last_quads, (gray.shape[1], gray.shape[0]))
            from_three = quad is not None
        self.last_quad = quad
        self.last_from_three = from_three
        if quad is None:
            self._candidate = None
            self._candidate_count = 0
            return False  # an arm covers a marker: keep what we have
        if (self._candidate is not None and from_three == self._candidate_three
                and np.max(np.linalg.norm(quad - self._candidate, axis=1)) <= self.stable_px):
            self._candidate_count += 1
            self._candidate = (self._candidate * (self._candidate_count - 1) + quad) / self._candidate_count
        else:
            self._candidate, self._candidate_count, self._candidate_three = quad, 1, from_three
        if self._candidate_count < self.stable_frames:
            return False
        if self.corners is not None:
            shifts = np.linalg.norm(self._candidate - self.corners, axis=1)
            if float(shifts.max()) <= self.stable_px:
                self.from_three = self.from_three and from_three  # (as good as the four)
                return False
            # one corner alone moving is a marker half covered by a hand (its corner pulled by
            # the hand's edge), not a moved board: a moved board moves at least two corners.
            # But four markers seen at last put the corner three had placed right.
            upgrade = self.from_three and not from_three
            if int((shifts > self.stable_px).sum()) < 2 and not upgrade:
                return False
            if hand_in_view and float(shifts.max()) < self.moved_px:
                return False
        try:
            H = homography_from_corners(self._candidate)
        except ValueError:
            return False
        self.last_shift = 0.0 if self.corners is None else float(np.max(np.linalg.norm(self._candidate - self.corners, axis=1)))
        self.H, self.corners = H, self._candidate.copy()
        self.from_three = from_three
        return True


def register_by_features(board_img: np.ndarray, frame: np.ndarray, n_features: int = 3000,
                         min_inliers: int = 25) -> np.ndarray | None:
    """Camera->board homography by ORB features matched against a picture of the board
    (``board_img`` covers exactly the board, e.g. a photo cropped to it or our drawing).
    Robust estimate with USAC_MAGSAC. Returns None when too few matches agree."""
    g1 = board_img if board_img.ndim == 2 else cv2.cvtColor(board_img, cv2.COLOR_BGR2GRAY)
    g2 = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    orb = cv2.ORB_create(n_features)
    k1, d1 = orb.detectAndCompute(g1, None)
    k2, d2 = orb.detectAndCompute(g2, None)
    if d1 is None or d2 is None or len(k1) < 8 or len(k2) < 8:
        return None
    matcher = cv2.BFMatcher(cv2.NORM_HAMMING)
    pairs = matcher.knnMatch(d2, d1, k=2)
    good = [p[0] for p in pairs if len(p) == 2 and p[0].distance < 0.8 * p[1].distance]
    if len(good) < min_inliers:
        return None
    src = np.float32([k2[m.queryIdx].pt for m in good])
    dst = np.float32([k1[m.trainIdx].pt for m in good])
    h, w = g1.shape[:2]
    H, mask = cv2.findHomography(src, dst, cv2.USAC_MAGSAC, 4.0, maxIters=5000, confidence=0.999)
    if H is None or mask is None or int(mask.sum()) < min_inliers:
        return None
    # picture pixels -> board coordinates 0-1
    H = np.diag([1.0 / w, 1.0 / h, 1.0]) @ H
    return H


def warp_board(frame: np.ndarray, H: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """The board cut out of ``frame`` and rectified to ``size`` = (width, height) pixels."""
    w, h = size
    S = np.array([[w, 0, 0], [0, h, 0], [0, 0, 1]], np.float64)
    return cv2.warpPerspective(frame, S @ H, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
