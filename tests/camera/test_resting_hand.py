"""A hand lying still for seconds makes no new tap (TapPipeline._stale).

Two players at the board: one leaves a finger on the spot it tapped, the other taps
elsewhere and leaves. The resting hand is taken for the pointing one again and its finger,
lying where it lay all along, must not tap a second time (the clips made apart from the
project, ``benchmarks/independent``, tapped so 5 times on seeds 1-4, 11-12 and 21-22: another
player's hand resting at the board's edge, taken for the pointing one once that had gone). A finger that leaves a spot and comes back to it a
moment later taps again: the spot was empty in between; and so does one that hovered over the
spot for seconds (its shadow apart from it) and comes down on it."""

from clip_runner import play_visits

from tiptoi_sim.camera.synth import Visit

RESTING_SKIN, POINTING_SKIN = (80, 110, 170), (105, 140, 195)


def _play(layout, board, visits, duration, seed=43):
    return play_visits(layout, board, visits, duration, seed)


def test_a_finger_left_lying_on_a_spot_taps_it_once(layout, board):
    resting = Visit("tap", "left", layout.centre("char:tom"), "char:tom", RESTING_SKIN, 1.0, 1.2, 1.8, 9.0, 9.5)
    pointing = Visit("tap", "top", layout.centre("room:archive"), "room:archive", POINTING_SKIN, 1.0,
                     3.5, 4.1, 5.1, 5.6)
    pipe, taps = _play(layout, board, [resting, pointing], 8.5)
    # (without the rule: char:tom again at 6.0 s, when the pointing hand has gone and the
    # resting finger is the only one left)
    assert [tap for _, tap in taps] == ["char:tom", "room:archive"], taps
    assert pipe.taps_stale == 1, taps


def test_a_finger_that_comes_back_to_the_spot_taps_again(layout, board):
    # digit 4 twice in a row: the finger rests two seconds, leaves, and is back 0.9 s later
    # (2.5 and 3.5 s before the second dwell ends it lay there both times: only the moment
    # the spot was empty in between tells the two rests apart)
    first = Visit("tap", "bottom", layout.centre("digit:4"), "digit:4", POINTING_SKIN, 1.0, 1.1, 1.5, 3.6, 4.0)
    again = Visit("tap", "bottom", layout.centre("digit:4"), "digit:4", POINTING_SKIN, 1.0, 4.0, 4.5, 5.5, 5.9)
    pipe, taps = _play(layout, board, [first, again], 6.5)
    assert [tap for _, tap in taps] == ["digit:4", "digit:4"] and pipe.taps_stale == 0, taps


def test_a_finger_that_hovered_long_over_the_spot_taps_when_it_comes_down(layout, board):
    # held 3 cm above the spot for 2.5 s, then put down: the pictures of the last seconds show
    # the finger there all along, but it hovered (its shadow apart) and the touch is new
    down = 1.8 + 2.5
    hover = Visit("tap", "top", layout.centre("room:lobby"), "room:lobby", POINTING_SKIN, 1.0, 1.2, 1.8, down + 1.5,
                  down + 2.0, lift=0.03, lifted_until=down)
    pipe, taps = _play(layout, board, [hover], down + 2.5, seed=41)  # (test_raised_tip's light)
    assert [tap for _, tap in taps] == ["room:lobby"] and pipe.taps_raised == 1, taps
    assert down <= taps[0][0] <= down + 0.35, (down, taps)


def _stale_case(change: float) -> bool:
    """``_stale_px`` for a box where what differs now was there, but as noisy as ``change`` of
    how much it differs from the empty board, in every picture kept over the last seconds
    (its mask overlapping now's by a third only): a very light hand resting on a beige desk,
    mostly taken into the model, as at seed 134 of the clips made apart."""
    import numpy as np

    from tiptoi_sim.camera.pipeline import PAST_EVERY, STALE_S, PipelineConfig, TapPipeline, _spread

    pipe = TapPipeline(lambda x, y: "x", PipelineConfig(aspect=1.6))
    w, h = pipe.size
    rng = np.random.default_rng(7)
    pipe.model.bg = np.log1p(np.full((h, w, 3), 190.0, np.float32))
    px = (150.0, 100.0)
    r = pipe._finger_r
    k = int(round(1.5 * r))
    box = (slice(100 - k, 100 + k), slice(150 - k, 150 + k))
    hand = np.zeros((2 * k, 2 * k, 3), np.float32)
    hand[:, : k // 2] = (0.02, -0.03, 0.05)  # (a sliver of a pale hand still differs)
    log_now = pipe.model.bg.copy()
    log_now[box] += hand
    fg = np.zeros((h, w), np.uint8)
    fg[box][:, : k // 2] = 255
    made = _spread(hand)
    t = 10.0
    for i in range(int(STALE_S / PAST_EVERY) + 1):
        noise = rng.normal(0.0, 1.0, hand.shape).astype(np.float32)
        noise *= change * made / _spread(noise)
        log_then = log_now.copy()
        log_then[box] += noise
        fg_then = np.zeros_like(fg)
        fg_then[box][:, k // 3: k // 3 + k // 2] = 255  # (the mask ragged: it overlaps a third)
        pipe._past.append((t - STALE_S + i * PAST_EVERY, log_then, fg_then))
    return pipe._stale_px(px, (t, log_now, fg))


def test_a_pale_hand_resting_is_still_though_its_picture_is_noisy():
    # the pictures of the last seconds change by 0.33-0.64 of how much it differs now (seed
    # 134's hand at the board's edge, once the pointing hand had gone: it tapped with 0.5)
    assert _stale_case(0.6)
    # a finger that came to the spot changes it as much as it differs, or more (0.93 and more
    # on the clips made apart): no rest there
    assert not _stale_case(1.0)
