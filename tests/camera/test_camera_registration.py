import cv2
import numpy as np

from tiptoi_sim.camera import registration as reg
from tiptoi_sim.camera.synth import SyntheticClip


def board_error(H_est, clip):
    """Largest distance (board widths) between true and estimated board points over a grid."""
    g = np.float64([[x, y] for x in np.linspace(0, 1, 5) for y in np.linspace(0, 1, 5)])
    cam = reg.to_camera(clip.H_c2b, g)
    d = (reg.to_board(H_est, cam) - g) * [1.0, 1.0 / clip.aspect]  # y in board widths too
    return float(np.max(np.linalg.norm(d, axis=1)))


def test_markers_give_the_board_corners(board):
    for seed in (1, 2, 3):
        clip = SyntheticClip(board, [], seed=seed, duration=0.2)
        gray = cv2.cvtColor(clip.frame(0), cv2.COLOR_BGR2GRAY)
        tr = reg.MarkerTracker(stable_frames=1)
        assert tr.update(gray)
        assert board_error(tr.H, clip) < 0.005  # under 3 mm on a 60 cm board


def test_homography_is_kept_while_a_marker_is_covered_and_refreshed_when_the_board_moves(board):
    clip = SyntheticClip(board, [], seed=4, duration=0.2, noise=0)
    frame = clip.frame(0)
    tr = reg.MarkerTracker(stable_frames=2)
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    tr.update(gray)
    assert tr.update(gray) and tr.H is not None
    H0 = tr.H
    covered = gray.copy()
    c = tr.corners[1].astype(int)
    cv2.circle(covered, tuple(c), 45, 128, -1)  # an arm over marker 1
    assert not tr.update(covered) and tr.H is H0
    moved = cv2.warpAffine(gray, np.float64([[1, 0, 12], [0, 1, 7]]), gray.shape[::-1], borderValue=40)
    tr.update(moved)
    assert tr.update(moved)
    assert np.allclose(tr.corners - tr.corners.mean(0), (reg.to_camera(H0, reg.BOARD_CORNERS)
                                                          - reg.to_camera(H0, reg.BOARD_CORNERS).mean(0)), atol=1.0)
    assert np.allclose(tr.corners.mean(0) - reg.to_camera(H0, reg.BOARD_CORNERS).mean(0), (12, 7), atol=1.0)


def test_clicked_corners_and_photo_features(board):
    clip = SyntheticClip(board, [], seed=5, duration=0.2)
    assert board_error(reg.homography_from_corners(clip.board_corners_cam), clip) < 1e-6
    H = reg.register_by_features(board, clip.frame(0))
    assert H is not None and board_error(H, clip) < 0.01


def test_no_markers_no_homography():
    gray = np.full((240, 320), 90, np.uint8)
    tr = reg.MarkerTracker(stable_frames=1)
    assert not tr.update(gray) and tr.H is None


def _hide_marker(gray_or_bgr, quad, colour=90):
    """The frame with one marker painted over (a cup on it, or the camera's framing cutting it
    off): its quad grown by a quarter about its centre."""
    out = gray_or_bgr.copy()
    c = quad.mean(axis=0)
    cv2.fillConvexPoly(out, np.int32(np.round(c + 1.25 * (quad - c))), colour if out.ndim == 2 else (colour,) * 3)
    return out


def test_three_markers_give_the_board_when_the_fourth_is_never_seen(board):
    for seed, gone in ((6, 0), (7, 1), (8, 2), (9, 3)):
        clip = SyntheticClip(board, [], seed=seed, duration=0.2)
        gray = cv2.cvtColor(clip.frame(0), cv2.COLOR_BGR2GRAY)
        quads = reg.detect_quads(gray)
        assert sorted(quads) == [0, 1, 2, 3]
        hidden = _hide_marker(gray, quads[gone])
        three = reg.detect_quads(hidden)
        assert sorted(three) == sorted(set(range(4)) - {gone})
        H = reg.homography_from_markers(three, clip.aspect)
        # (four markers: under 0.5 %; the fourth corner from three markers' shapes is about
        # twice as far off: 0.2-1 % of the board's width on seeds 6-15)
        assert H is not None and board_error(H, clip) < 0.01, (seed, gone, board_error(H, clip))
        # without its other corners, the fourth board corner is unknown: fewer than three fail
        del three[min(three)]
        assert reg.homography_from_markers(three, clip.aspect) is None
        # the tracker takes three only when it is told how to place the fourth corner
        tr = reg.MarkerTracker(stable_frames=1)
        assert not tr.update(hidden) and tr.H is None
        tr.corners_from_quads = lambda q, size: reg.to_camera(reg.homography_from_markers(q, clip.aspect),
                                                               reg.BOARD_CORNERS)
        assert tr.update(hidden) and tr.from_three and board_error(tr.H, clip) < 0.01
        # all four seen again (no hand in view): the four take over
        tr.update(gray)
        four = np.array([reg.inner_corners(quads)[i] for i in reg.MARKER_IDS])
        assert not tr.from_three and np.abs(tr.corners - four).max() <= tr.stable_px


def test_three_markers_do_not_replace_four(board):
    """Once the board is found from all four, an arm over one marker keeps it (the three are
    not used: they are less precise than the four)."""
    clip = SyntheticClip(board, [], seed=10, duration=0.2, noise=0)
    gray = cv2.cvtColor(clip.frame(0), cv2.COLOR_BGR2GRAY)
    tr = reg.MarkerTracker(stable_frames=1)
    tr.corners_from_quads = lambda q, size: reg.to_camera(reg.homography_from_markers(q, clip.aspect),
                                                           reg.BOARD_CORNERS) + 3.0  # (made to differ)
    assert tr.update(gray) and not tr.from_three
    H0 = tr.H
    moved = cv2.warpAffine(gray, np.float64([[1, 0, 12], [0, 1, 7]]), gray.shape[::-1], borderValue=40)
    hidden = _hide_marker(moved, reg.detect_quads(moved)[2])
    assert not tr.update(hidden) and tr.H is H0
