"""A finger's dwell just short of a hotspot taps it (TapPipeline._hit, AHEAD_REACH).

A fingertip's end is found up to a pixel or two short of the real one: the mask ends where the
finger's blurred edge fades, a pale finger's sooner; never beyond it. A rest whose median lands
off every hotspot, a few pixels before a small one along the finger (the clips made apart,
seed 136: a tablecloth's waypoint D missed by 0.28 finger radii), taps the hotspot just ahead of
it along the arm, up to ``AHEAD_REACH`` finger radii on, when the finger was seen pointing in
every frame of its rest; not one beside it, behind it or farther, and not for a pen, whose tip
is found where it touches."""

import pytest

from tiptoi_sim.camera.pipeline import AHEAD_REACH, PipelineConfig, TapPipeline


def _spot(x, y):
    """One round hotspot, radius 0.03 board widths, at (0.5, 0.5) (board 1.6 times as wide)."""
    return "spot" if (x - 0.5) ** 2 + ((y - 0.5) / 1.6) ** 2 <= 0.03 ** 2 else None


def _pipe(pointer="finger"):
    pipe = TapPipeline(_spot, PipelineConfig(aspect=1.6, pointer=pointer))
    pipe._entry = (0.5, 1.0)  # the arm enters at the bottom edge: the finger points up
    # (seen pointing in every frame of the last dwell_s, 30 fps)
    pipe._pointing.extend((k / 30, True) for k in range(20))
    return pipe


def _radius(pipe):
    """A finger radius in board widths."""
    return pipe._finger_r / pipe.board_size[0]


def test_a_dwell_just_short_of_a_hotspot_along_the_finger_taps_it():
    pipe = _pipe()
    r = _radius(pipe)
    # on the spot: as it is
    assert pipe._hit(0.5, 0.52) == ("spot", 0.5, 0.52)
    # short of its edge (nearer the arm) by 0.3 radii: the spot, tapped where it begins
    y = 0.5 + 0.03 * 1.6 + 0.3 * r * 1.6
    tid, x, y2 = pipe._hit(0.5, y)
    assert tid == "spot" and x == pytest.approx(0.5) and y2 < y
    assert _spot(x, y2) == "spot"
    # short by more than AHEAD_REACH radii: nothing
    assert pipe._hit(0.5, 0.5 + 0.03 * 1.6 + (AHEAD_REACH + 0.1) * r * 1.6)[0] is None


def test_a_dwell_beside_or_beyond_a_hotspot_or_a_pens_taps_nothing():
    pipe = _pipe()
    r = _radius(pipe)
    # beside it, across the finger
    assert pipe._hit(0.5 + 0.03 + 0.3 * r, 0.5)[0] is None
    # beyond it (farther from the arm): the tip is never found beyond the finger's end
    assert pipe._hit(0.5, 0.5 - 0.03 * 1.6 - 0.3 * r * 1.6)[0] is None
    # a pen's tip, short of it: a pen taps where it touches
    pen = _pipe("stylus")
    assert pen._hit(0.5, 0.5 + 0.03 * 1.6 + 0.3 * r * 1.6)[0] is None
    # a hand whose end was not seen pointing in one frame of its rest (a flat hand resting,
    # whose end looks like a finger now and then; the test suite's idle clip 5421)
    pipe._pointing[5] = (5 / 30, False)
    assert pipe._hit(0.5, 0.5 + 0.03 * 1.6 + 0.3 * r * 1.6)[0] is None
    # no arm seen yet: nowhere to look ahead
    pipe = _pipe()
    pipe._entry = None
    assert pipe._hit(0.5, 0.5 + 0.03 * 1.6 + 0.3 * r * 1.6)[0] is None
