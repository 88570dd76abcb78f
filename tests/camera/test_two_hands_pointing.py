"""Two players' hands that both point: the one lying still for seconds is not the one followed
(TapPipeline._moving_hand).

Another player's hand lies on the board, its finger (or a flat hand's spread fingers) as narrow
as a pointing one, while the player whose turn it is taps elsewhere. The masks see two arms
that point; the biggest used to be taken, so a bigger resting hand hid a child's pointing one
for good, and two of a size were taken in turn, frame by frame, breaking the dwell (a
tablecloth clip of ``benchmarks/independent``, seed 52: a flat hand with spread fingers at the
board's edge, two dwells missed). Now the hand whose tip has lain still for the last 3 s
(``_stale``) gives way to the other."""

import pytest
from clip_runner import play_visits

from tiptoi_sim.camera.synth import Visit

RESTING_SKIN, POINTING_SKIN = (80, 110, 170), (105, 140, 195)


@pytest.mark.parametrize("resting_at, resting_side, target, side", [
    ("char:tom", "left", "room:archive", "top"),
    ("digit:4", "right", "room:lobby", "bottom"),
])
def test_a_small_hand_pointing_beside_a_bigger_one_lying_still_taps(layout, board, resting_at, resting_side,
                                                                     target, side):
    # an adult's hand (1.3 times the size) comes first, taps and stays; a child's (0.8) taps
    # elsewhere at 5.1-6.1 s. Without the rule only the first tap came (checked): the bigger
    # arm, pointing too, was taken every frame
    resting = Visit("tap", resting_side, layout.centre(resting_at), resting_at, RESTING_SKIN, 1.3, 1.2, 1.8, 9.0, 9.5)
    pointing = Visit("tap", side, layout.centre(target), target, POINTING_SKIN, 0.8, 4.5, 5.1, 6.1, 6.6)
    pipe, taps = play_visits(layout, board, [resting, pointing], 8.5, seed=43)
    assert [tap for _, tap in taps] == [resting_at, target], taps
    assert 5.1 + 0.6 <= taps[1][0] <= 5.1 + 0.8, taps
    # (the resting finger, taken again once the child's hand has gone, does not tap again)
    assert pipe.taps_stale == 1, taps
