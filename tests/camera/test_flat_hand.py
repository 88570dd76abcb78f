"""A flat hand lying on the board, whose end looks like a finger now and then, makes no tap
(TapPipeline._seldom_pointed).

Another player's very light hand rests flat on the board, its fingers together. Over a light
board the masks see it in part, and its end is now a narrow finger, now not: the tip remembered
in between (``_finger``'s grace, ``_held_tip``) used to fill the rest to a tap (the clips made
apart from the project, ``benchmarks/independent``: 2 of the 8 false taps on 16 fresh hands-only
clips, seeds 31-38). A finger that points taps as before, and so does a pale one whose tip the
masks lose for a moment."""

from clip_runner import play_visits

from tiptoi_sim.camera.synth import Visit

VERY_LIGHT = (200, 215, 235)


def test_a_very_light_flat_hand_resting_makes_no_tap(layout, board):
    flat = Visit("flat", "right", layout.centre("digit:4"), None, VERY_LIGHT, 1.0, 1.0, 1.6, 4.5, 5.0)
    pipe, taps = play_visits(layout, board, [flat], 5.5, seed=43)
    # (without the rule: digit:4 at 2.27 s, the hand's end pointing in fewer than half of
    # the frames of that rest)
    assert taps == [] and pipe.taps_flat >= 1, taps


def test_a_very_light_finger_pointing_on_the_same_spot_taps(layout, board):
    finger = Visit("tap", "right", layout.centre("digit:4"), "digit:4", VERY_LIGHT, 1.0, 1.0, 1.6, 4.5, 5.0)
    pipe, taps = play_visits(layout, board, [finger], 5.5, seed=43)
    assert [tap for _, tap in taps] == ["digit:4"] and pipe.taps_flat == 0, taps
    assert 1.6 + 0.6 <= taps[0][0] <= 1.6 + 0.8, taps
