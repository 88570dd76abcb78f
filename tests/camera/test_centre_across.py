"""A fingertip moved across its finger to the finger's middle (pointer.centre_across): the mask's
end is a few whole pixels wide, and where a soft shadow or the print beside the finger crosses
the threshold on one side only, the mask's middle lies a pixel or two aside of the finger's. The
locks are 3.6 pixels tall on the rectified board: on ten benchmark seeds two dwells of fingers
from the side were lost so, 1.5 to 1.8 pixels off across the finger."""

import cv2
import numpy as np
import pytest

from tiptoi_sim.camera.pointer import FINGER_RADIUS_FRAC, Hand, centre_across, find_hand

R = FINGER_RADIUS_FRAC * 296  # a finger's radius on the default rectified board
TIP = (150.0, 100.3)  # the true fingertip: the finger runs along y = 100.3 from the left


def _score(width: float = 5.0, contrast: float = 3.0, side_level: float = 0.15, angle: float = 0.0,
           blur: float = 1.0, seed: int = 0):
    """A score map: a finger ``width`` px wide from the left border to ``TIP``, differing by
    ``contrast`` from a board differing by 0.15, turned by ``angle`` degrees about the tip,
    drawn at 8x and shrunk (its edges fall between pixels). Above the finger a band 4 px
    wide, up to 1.2 r behind the tip, differs by ``side_level`` (a soft shadow beside it)."""
    rng = np.random.default_rng(seed)
    big = np.full((1600, 2400), 0.15, np.float32)
    a = np.radians(angle)
    d = np.array([np.cos(a), np.sin(a)])
    n = np.array([-d[1], d[0]])
    tip = np.array(TIP)

    def quad(u0, u1, v0, v1, level):
        pts = [tip + u * d + v * n for u, v in ((u0, v0), (u1, v0), (u1, v1), (u0, v1))]
        # (pixel j of the shrunk map is the mean of big pixels 8j to 8j + 7: its centre is 8j + 3.5)
        cv2.fillPoly(big, [np.int32(np.round(np.array(pts) * 8 + 3.5))], level)

    quad(-1.2 * R, -0.2, -width / 2 - 4, -width / 2, side_level)
    quad(-200, 0.0, -width / 2, width / 2, contrast)
    score = cv2.resize(big, (300, 200), interpolation=cv2.INTER_AREA)
    score = cv2.GaussianBlur(score, (0, 0), blur) + rng.normal(0, 0.08, score.shape).astype(np.float32)
    return score.astype(np.float32)


def _hand_at(score, tip_lat: float, angle: float = 0.0, points: bool = True) -> Hand:
    """The hand the mask gives, its tip put ``tip_lat`` px aside of the true one (as the mask's
    whole pixels and a shadow on one side put it)."""
    fg = (score >= 1.0).astype(np.uint8) * 255
    hand = find_hand(fg, board_rect=(20, 20, 280, 180), thin_px=2)
    assert hand is not None and hand.pointing == points
    a = np.radians(angle)
    n = np.array([-np.sin(a), np.cos(a)])
    return Hand(mask=hand.mask, entry=hand.entry, tip=(TIP[0] + tip_lat * n[0], TIP[1] + tip_lat * n[1]),
                pointing=True, fill=hand.fill, area=hand.area)


def _lat(p, angle: float = 0.0) -> float:
    a = np.radians(angle)
    return float((p[0] - TIP[0]) * -np.sin(a) + (p[1] - TIP[1]) * np.cos(a))


@pytest.mark.parametrize("width", [3.5, 5.0, 7.0])
@pytest.mark.parametrize("off", [-1.8, 1.5])
def test_a_tip_aside_is_moved_to_the_fingers_middle(width, off):
    score = _score(width=width)
    out = centre_across(score, _hand_at(score, off), R)
    assert abs(_lat(out)) <= 0.35, (off, out)


def test_a_shadow_beside_the_finger_does_not_pull_the_tip():
    # (it differs by nearly the threshold, right beside the finger: the level the finger's
    # edge falls to on that side; its middle is found at the steepest fall, not half way)
    score = _score(side_level=0.9)
    for off in (-1.5, 1.5):
        out = centre_across(score, _hand_at(score, off), R)
        assert abs(_lat(out)) <= 0.45, (off, out)


def test_a_finger_aslant_is_centred_across_its_own_direction():
    score = _score(angle=35.0)
    out = centre_across(score, _hand_at(score, 1.5, angle=35.0), R)
    assert abs(_lat(out, 35.0)) <= 0.4, out
    # (and only across it: the tip's place along the finger is tip_at_edge's)
    a = np.radians(35.0)
    assert abs((out[0] - TIP[0]) * np.cos(a) + (out[1] - TIP[1]) * np.sin(a)) <= 0.3


def test_a_finger_that_differs_too_little_leaves_the_tip_as_it_was():
    score = _score(contrast=1.3)
    hand = _hand_at(score, 1.5)
    assert centre_across(score, hand, R) == hand.tip


def test_a_tip_is_moved_by_at_most_a_third_of_a_radius():
    score = _score()
    hand = _hand_at(score, 2.0 * 0.3 * R)
    out = centre_across(score, hand, R)
    assert abs(_lat(out) - 0.3 * R) <= 0.05, out


def test_a_patch_wider_than_a_finger_leaves_the_tip_as_it_was():
    # (no edge within a radius on either side: a blunt end, a palm)
    score = _score(width=2.6 * R)
    hand = _hand_at(score, 1.5, points=False)
    assert centre_across(score, hand, R) == hand.tip


def test_an_axis_a_few_degrees_off_does_not_move_the_tip_aside():
    # (the axis comes from the mask's pixels near the tip: here from a finger lying straight,
    # while the finger scored lies 8 degrees off; the midpoints 0.2 to 1 r behind the tip then
    # lie up to 1.2 px aside, and the line through them still meets the tip)
    straight = _hand_at(_score(), 0.0)
    score = _score(angle=8.0)
    out = centre_across(score, straight, R)
    assert abs(_lat(out, 8.0)) <= 0.35, out
