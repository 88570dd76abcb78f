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
