"""A pen whose arm the masks do not see (a pale sleeve in a dim room looks like the cream print):
``TapPipeline._pen_hand``. The tip found apart from the hand seen (a piece of the arm at the
board's edge) belongs to the pen and fist around it; the arm's direction is taken from them, not
from that piece. Found on our "stylus dim dark table" (seed 6552, in ``test_stylus_worst.py``
as a whole clip)."""

import cv2
import numpy as np

from tiptoi_sim.camera.pipeline import PipelineConfig, TapPipeline
from tiptoi_sim.camera.pointer import FINGER_RADIUS_FRAC, Hand


def _pipe():
    pipe = TapPipeline(lambda x, y: None, PipelineConfig(aspect=1.6, pointer="stylus"))
    pipe.size = (296, 200)
    return pipe


def _picture():
    """A 296x200 mask: a piece of arm at the right edge, and apart from it a pen (a thin line)
    with its fist, pointing left to a tip at (76, 85)."""
    fg = np.zeros((200, 296), np.uint8)
    cv2.rectangle(fg, (280, 100), (295, 130), 255, -1)          # the arm's piece at the edge
    cv2.line(fg, (78, 85), (110, 85), 255, 3)                    # the pen
    cv2.circle(fg, (120, 86), 9, 255, -1)                        # the fist
    edge = np.zeros_like(fg)
    edge[100:131, 280:296] = 255
    return fg, Hand(mask=edge, entry=(295.0, 115.0), tip=(280.0, 115.0), pointing=True, fill=0.3, area=496)


def test_a_tip_apart_from_the_hand_seen_takes_the_pen_and_fist_around_it_as_its_hand():
    pipe = _pipe()
    fg, arm = _picture()
    hand = pipe._pen_hand(arm, fg, (76.0, 85.0))
    assert hand is not arm
    # the arm enters beyond the fist, straight behind the pen, not at the piece on the edge
    assert 125 <= hand.entry[0] <= 130 and abs(hand.entry[1] - 86) <= 4
    assert hand.tip == (76.0, 85.0)
    # what the model must not learn as board: the pen and fist, and the piece seen before
    assert hand.mask[85, 100] and hand.mask[86, 120] and hand.mask[115, 290]


def test_a_tip_at_the_hand_seen_keeps_that_hand():
    pipe = _pipe()
    fg, arm = _picture()
    r = FINGER_RADIUS_FRAC * pipe.size[0]
    at = (280.0 - 1.5 * r, 115.0)  # (within the reach of the hand's mask)
    assert pipe._pen_hand(arm, fg, at) is arm


def test_a_tip_with_nothing_around_it_keeps_the_hand_seen():
    pipe = _pipe()
    fg, arm = _picture()
    fg[80:91, 70:82] = 0
    fg[:, 100:140] = 0  # (only a speck of the pen left beside the tip's place)
    fg[84:87, 84:87] = 255
    assert pipe._pen_hand(arm, fg, (76.0, 85.0)) is arm
    assert pipe._pen_hand(None, fg, (76.0, 85.0)) is None
