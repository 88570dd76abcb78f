"""The fingertip at the finger's edge, whatever its contrast (pointer.tip_at_edge): a mask ends
where a blurred edge crosses a fixed threshold, which lies farther out the more the finger
differs from the board. On ten benchmark seeds the threshold's tip lay more than 0.8 % of the
board beyond or short of the true end in 41 of 417 dwells, the edge's in 22."""

import cv2
import numpy as np
import pytest

from tiptoi_sim.camera.pointer import FINGER_RADIUS_FRAC, Hand, find_hand, tip_at_edge

R = FINGER_RADIUS_FRAC * 296  # a finger's radius on the default rectified board
END = 150.0  # where the finger ends (x, pixels)


def _score(level: float, blur: float, seed: int = 0, angle: float = 0.0):
    """A score map: a finger 7 px wide from the left border (its arm) to x = END, differing by
    ``level``, blurred by ``blur`` (sigma, px), over a board differing by 0.2 with noise; drawn
    at 8x and shrunk, so the end lies between pixels. With ``angle`` (degrees) the finger is
    turned about its end."""
    big = np.zeros((200 * 8, 300 * 8), np.float32)
    a = np.radians(angle)
    end = np.array([END, 100.0])
    start = end - 160.0 * np.array([np.cos(a), np.sin(a)])
    p = lambda q: (int(round((q[0] + 0.5) * 8 - 0.5)), int(round((q[1] + 0.5) * 8 - 0.5)))  # noqa: E731
    # (a round end: a line with a round cap, 7 px wide, ending at END)
    cap = end - 3.5 * np.array([np.cos(a), np.sin(a)])
    cv2.line(big, p(start), p(cap), 1.0, 7 * 8)
    cv2.circle(big, p(cap), 28, 1.0, -1)
    small = cv2.resize(big, (300, 200), interpolation=cv2.INTER_AREA)
    if blur > 0:
        small = cv2.GaussianBlur(small, (0, 0), blur)
    rng = np.random.default_rng(seed)
    return (0.2 + level * small + rng.normal(0, 0.1, small.shape)).astype(np.float32), end


def _hand(score):
    fg = (score >= 1.0).astype(np.uint8) * 255
    hand = find_hand(fg, board_rect=(20, 20, 280, 180), thin_px=2)
    assert hand is not None and hand.pointing
    return hand


@pytest.mark.parametrize("level", [2.0, 4.0, 10.0, 25.0])
@pytest.mark.parametrize("blur", [1.0, 2.0])
def test_the_tip_is_at_the_end_of_the_finger_whatever_its_contrast_and_blur(level, blur):
    score, end = _score(level, blur)
    hand = _hand(score)
    tip = tip_at_edge(score, hand, R)
    assert abs(tip[0] - end[0]) <= 0.6, (hand.tip, tip)
    assert abs(tip[1] - end[1]) <= 0.6


def test_the_mask_alone_puts_a_strongly_differing_blurred_finger_beyond_its_end():
    # (what the edge is for: without it the tip lay two pixels beyond the end)
    score, end = _score(25.0, 2.0)
    hand = _hand(score)
    assert hand.tip[0] - end[0] > 1.5
    assert abs(tip_at_edge(score, hand, R)[0] - end[0]) <= 0.6


def test_a_finger_pointing_aslant_is_followed_along_its_own_direction():
    score, end = _score(12.0, 2.0, angle=35.0)
    tip = tip_at_edge(score, _hand(score), R)
    assert np.hypot(tip[0] - end[0], tip[1] - end[1]) <= 0.8


def test_a_finger_that_differs_too_little_to_judge_keeps_its_tip():
    score, _ = _score(1.2, 1.0)
    hand = _hand(score)
    assert tip_at_edge(score, hand, R) == hand.tip


def test_the_tip_moves_at_most_a_third_of_a_finger_radius():
    # a score that runs on beyond the mask's end (a shadow as strong as the finger, cut off by
    # the mask): the edge is not sought farther than 0.35 radii
    score, end = _score(10.0, 1.0)
    hand = _hand(score)
    score[90:111, int(END) - 1:] = 10.0
    tip = tip_at_edge(score, hand, R)
    assert tip[0] - hand.tip[0] <= 0.35 * R + 1e-6
