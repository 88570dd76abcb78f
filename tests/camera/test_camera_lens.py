"""The lens's distortion measured from the markers (tiptoi_sim/camera/lens.py), the board's
edge line kept from joining a hand (pointer.cut_edge_lines), and a pale finger found through
the strict mask (pointer.find_hand)."""

import cv2
import numpy as np
import pytest

from tiptoi_sim.camera import lens
from tiptoi_sim.camera import synth_hard as sh
from tiptoi_sim.camera.pipeline import PipelineConfig, TapPipeline
from tiptoi_sim.camera.pointer import cut_edge_lines, find_hand
from tiptoi_sim.camera.stylus import hue_dist

SIZE = (640, 480)


def marker_quads(k1: float, aspect: float = 1.6, side: float = 0.06, seed: int = 0):
    """The four markers' corners as a camera with a random perspective and lens ``k1`` shows
    them: squares of ``side`` board widths outside the board's corners, in OpenCV's corner
    order (each marker turned by a random quarter, as a marker glued on turned would be)."""
    rng = np.random.default_rng(seed)
    h = 1.0 / aspect
    board = np.float32([[0, 0], [1, 0], [1, h], [0, h]])
    seen = np.float32([[120, 90], [520, 100], [540, 390], [100, 370]]) + rng.uniform(-15, 15, (4, 2)).astype(np.float32)
    Hm = cv2.getPerspectiveTransform(board, seen).astype(np.float64)  # board (width units) -> pinhole picture
    out = {}
    for i, ((cx, cy), (sx, sy)) in enumerate(zip(board, [(-1, -1), (1, -1), (1, 1), (-1, 1)])):
        sq = np.float64([[cx, cy], [cx + sx * side, cy], [cx + sx * side, cy + sy * side], [cx, cy + sy * side]])
        sq = np.roll(sq, int(rng.integers(4)), axis=0)
        pin = cv2.perspectiveTransform(sq.reshape(-1, 1, 2), Hm).reshape(-1, 2)
        out[i] = lens.distort_points(pin, k1, SIZE)
    return out


def test_distortion_round_trips():
    pts = np.float64([[0, 0], [639, 479], [320, 240], [10, 400]])  # pixels of the picture
    for k1 in (-0.2, -0.05, 0.0, 0.08, 0.2):
        back = lens.distort_points(lens.undistort_points(pts, k1, SIZE), k1, SIZE)
        assert np.abs(back - pts).max() < 0.01, k1


@pytest.mark.parametrize("k1", [-0.15, -0.06, 0.0, 0.04, 0.12])
def test_the_markers_squares_give_the_lens(k1):
    for seed in range(3):
        assert lens.fit_k1(marker_quads(k1, seed=seed), SIZE, 1.6) == pytest.approx(k1, abs=0.004)
    for gone in range(4):  # a marker out of the picture: the other three's squares still tell
        quads = marker_quads(k1, seed=gone)
        del quads[gone]
        assert lens.fit_k1(quads, SIZE, 1.6) == pytest.approx(k1, abs=0.004), gone
    del quads[0]
    assert lens.fit_k1(quads, SIZE, 1.6) is None  # two markers: no estimate


@pytest.mark.parametrize("k1", [-0.12, 0.0, 0.08])
def test_three_markers_place_the_fourth_board_corner(k1):
    """The board corner of a marker the picture does not show is where the other three
    markers' squares put it, through the lens (exact quads: within a tenth of a pixel)."""
    for gone in range(4):
        quads = marker_quads(k1, seed=10 + gone)
        truth = np.float64([quads[i][np.argmin(np.linalg.norm(quads[i] - np.mean([quads[j].mean(0) for j in quads
                                                                                   if j != i], axis=0), axis=1))]
                            for i in range(4)])
        del quads[gone]
        corners = lens.board_corners_from_markers(quads, k1, SIZE, 1.6)
        assert corners is not None
        assert np.abs(corners - truth).max() < 0.1, (gone, corners - truth)
        # the wrong lens puts it elsewhere: the test can fail
        wrong = lens.board_corners_from_markers(quads, k1 + 0.1, SIZE, 1.6)
        assert wrong is None or np.abs(wrong - truth).max() > 1.0


def test_the_estimate_is_a_median_and_waits_for_three_frames():
    est = lens.LensEstimate()
    est.add(0.05)
    est.add(None)
    est.add(0.04)
    assert est.k1 == 0.0
    est.add(0.9)  # one frame's wild estimate does not move it
    assert est.k1 == pytest.approx(0.045, abs=0.0051)


def test_without_distortion_the_maps_are_the_homography():
    from tiptoi_sim.camera.registration import homography_from_corners

    rng = np.random.default_rng(1)
    frame = rng.integers(0, 255, (480, 640, 3), dtype=np.uint8)
    frame = cv2.GaussianBlur(frame, (0, 0), 3)
    corners = np.float64([[110, 80], [530, 95], [545, 400], [95, 380]])
    S = np.array([[256, 0, 20], [0, 160, 20], [0, 0, 1]], np.float64)
    out = (296, 200)
    warped = cv2.warpPerspective(frame, S @ homography_from_corners(corners), out, flags=cv2.INTER_LINEAR)
    mx, my = lens.rectify_maps(corners, 0.0, (640, 480), S, out)
    mapped = cv2.remap(frame, mx, my, cv2.INTER_LINEAR)
    assert np.abs(warped.astype(int) - mapped.astype(int))[2:-2, 2:-2].max() <= 2
    # with a lens, the board's corners still land on the rectified board's corners
    k1 = -0.08
    bent = lens.distort_points(corners, k1, (640, 480))
    mx, my = lens.rectify_maps(bent, k1, (640, 480), S, out)
    for (x, y), c in zip([(20, 20), (276, 20), (276, 180), (20, 180)], bent):
        assert np.hypot(mx[y, x] - c[0], my[y, x] - c[1]) < 0.05


def test_the_pipeline_measures_the_lens_of_a_clip_it_never_saw(layout, board):
    scene = sh.Scene("t", table="wood", n_taps=0, size=SIZE, n_idle=0, codec=False, lens_k1=0.1)
    for seed in (3, 4):
        clip = sh.hard_clip(scene, layout.hotspots, board, seed=seed, hit_test=layout.hit_test, min_s=1.5)
        pipe = TapPipeline(layout.hit_test, PipelineConfig(aspect=layout.aspect))
        for f, t in sh.frames(clip):
            pipe.process(f, t)
        assert pipe.model.ready and len(pipe.lens.values) >= 10
        assert pipe.lens.k1 == pytest.approx(clip.k1, abs=0.02), (seed, clip.k1)


def test_the_boards_edge_line_is_cut_but_an_arm_across_it_is_kept():
    h, w, m = 200, 296, 20
    fg = np.zeros((h + 2 * m, w), np.uint8)
    rect = (m, m, w - m, h + m)
    fg[m - 2:m + 3, 30:260] = 255         # the board's top edge, moved by shake: a line 5 px thick
    fg[0:m + 50, 140:152] = 255           # an arm from the top, across the edge
    fg[m + 50:m + 80, 143:149] = 255      # its finger
    cut = cut_edge_lines(fg, rect)
    assert cut[m, 40] == 0 and cut[m, 250] == 0    # the line is gone
    assert cut[m, 145] == 255 and cut[m + 70, 146] == 255  # the arm and finger are not
    hand = find_hand(cut, board_rect=rect, thin_px=2)
    assert hand is not None and hand.pointing
    assert abs(hand.tip[0] - 145.5) < 2 and abs(hand.tip[1] - (m + 79)) < 3
    # uncut, the line joined to the arm carries the tip away to the line's far end
    hand = find_hand(fg, board_rect=rect, thin_px=2)
    assert hand is None or abs(hand.tip[1] - (m + 79)) > 10 or abs(hand.tip[0] - 145.5) > 10


def test_a_pale_finger_lost_over_pale_print_is_found_in_the_strict_mask():
    h, w, m = 200, 296, 20
    fg = np.zeros((h + 2 * m, w), np.uint8)
    rect = (m, m, w - m, h + m)
    fg[140:, 120:160] = 255      # the back of the hand and the arm, from the bottom
    fg[112:124, 137:144] = 255   # the finger's end, over a coloured button (too small to join alone)
    weak = fg.copy()
    weak[124:140, 137:144] = 255  # the finger between: only the strict mask sees it
    hand = find_hand(fg, weak, board_rect=rect, thin_px=2)
    assert hand is not None and hand.pointing
    assert abs(hand.tip[0] - 140) < 2 and abs(hand.tip[1] - 112) < 3
    # a fist with nothing ahead stays a fist, even with the strict mask's noise around it
    weak2 = fg.copy()
    weak2[112:140, 137:144] = 0
    weak2[136:140, 118:162] = 255
    fist = find_hand(weak2.copy(), weak2, board_rect=rect, thin_px=2)
    assert fist is not None and not fist.pointing


def test_a_shaking_camera_is_steadied_against_the_empty_board(layout, board):
    pipe = TapPipeline(layout.hit_test, PipelineConfig(aspect=layout.aspect))
    w, h = pipe.size
    rng = np.random.default_rng(5)
    ref = cv2.resize(board, (w, h), interpolation=cv2.INTER_AREA)
    from tiptoi_sim.camera.background import BoardModel

    pipe.model.bg = BoardModel.to_log(ref)
    for dx, dy in [(1.4, -0.8), (-2.2, 1.6), (0.3, 0.0)]:
        moved = cv2.warpAffine(ref, np.float32([[1, 0, dx], [0, 1, dy]]), (w, h), borderMode=cv2.BORDER_REPLICATE)
        noisy = np.clip(moved + rng.normal(0, 3, moved.shape), 0, 255).astype(np.uint8)
        pipe._steady(noisy, BoardModel.to_log(noisy))
        assert pipe.shift == pytest.approx((dx, dy), abs=0.25)  # measured through sensor noise
        img, log_img = pipe._steady(moved, BoardModel.to_log(moved))
        if abs(dx) < 1:
            continue  # (a fraction of a pixel: the interpolation's own blur is as large)
        inner = (slice(10, -10), slice(10, -10))
        assert np.abs(img[inner].astype(int) - ref[inner].astype(int)).mean() < \
            0.6 * np.abs(moved[inner].astype(int) - ref[inner].astype(int)).mean()
    # a jump of many pixels is no shake (the board moved: the markers say so): left alone
    far = cv2.warpAffine(ref, np.float32([[1, 0, 9], [0, 1, 0]]), (w, h), borderMode=cv2.BORDER_REPLICATE)
    img, _ = pipe._steady(far, BoardModel.to_log(far))
    assert img is far


@pytest.mark.parametrize("hue,body,found", [
    (60, "grey", True), (115, "grey", True), (60, "skin", True), (115, "skin", True),
    (10, "skin", False), (170, "skin", False),
    (10, "grey", True), (170, "grey", True),
])
def test_a_blurred_tip_of_a_colour_no_skin_has_counts_at_lower_saturation(hue, body, found):
    from tiptoi_sim.camera.stylus import refine_tip

    h, w = 120, 160
    hsv = np.zeros((h, w, 3), np.uint8)
    hsv[...] = (20, 40, 200)                     # a cream board
    colour = (0, 0, 90) if body == "grey" else (12, 100, 170)
    cv2.line(hsv, (20, 60), (100, 60), colour, 3)  # the pen's grey body, or a finger, from the left
    cv2.circle(hsv, (104, 60), 3, (hue, 150, 200), -1)  # its tip, blurred to saturation 150
    img = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)
    board = cv2.cvtColor(np.full((h, w, 3), (20, 40, 200), np.uint8), cv2.COLOR_HSV2BGR)
    weak = (np.abs(img.astype(int) - board.astype(int)).max(axis=2) > 0).astype(np.uint8) * 255
    (x, y), got = refine_tip(img, weak, far=(100.0, 60.0), entry=(0.0, 60.0), radius=8.0)
    if found:  # green and blue: no skin or wood has them, so 150 is vivid enough; any hue at a grey pen's end
        assert got is not None and hue_dist(got, hue) <= 3 and x > 105
    else:      # red-orange and pink at the end of skin: skin reaches 150, so they must be more vivid than that
        assert got is None and (x, y) == (100.0, 60.0)
