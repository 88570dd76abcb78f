"""One rest taps its hotspot once (TapPipeline._note_away, _repeated): a tip that creeps a little
within a long rest (a pale fingertip found now at its end, now a pixel or two aside) left the
dwell's radius for three frames, and the same hotspot was tapped a second time in one rest
(the clips made apart, ``benchmarks/independent``: digit 1 twice on seed 98). The same hotspot
taps again once the finger has gone: 1.5 dwell radii away, or out of sight for the dwell's
``lost_s``; another hotspot taps at once."""

from tiptoi_sim.camera.dwell import DWELL_RADIUS
from tiptoi_sim.camera.pipeline import PipelineConfig, TapPipeline


def _pipe():
    return TapPipeline(lambda x, y: None, PipelineConfig(aspect=1.6))


def test_the_same_hotspot_after_a_tip_that_crept_a_little_is_no_second_tap():
    pipe = _pipe()
    assert not pipe._repeated("digit:1", 0.247, 0.771)
    for k in range(40):  # (a second of a rest creeping 1.1 radii to the side)
        pipe._note_away(1.0 + k / 30, (0.247 + 1.1 * DWELL_RADIUS * k / 39, 0.771))
    assert pipe._repeated("digit:1", 0.267, 0.771)


def test_the_same_hotspot_taps_again_once_the_finger_has_gone_away_or_out_of_sight():
    pipe = _pipe()
    assert not pipe._repeated("digit:1", 0.25, 0.77)
    pipe._note_away(1.0, (0.25 + 1.6 * DWELL_RADIUS, 0.77))  # (moved away)
    assert not pipe._repeated("digit:1", 0.25, 0.77)
    for t in (2.0, 2.1, 2.21):  # (lifted out of sight for 0.21 s)
        pipe._note_away(t, None)
    assert not pipe._repeated("digit:1", 0.25, 0.77)
    for t in (3.0, 3.1):  # (out of sight for 0.1 s only: not gone)
        pipe._note_away(t, None)
    pipe._note_away(3.15, (0.25, 0.77))
    assert pipe._repeated("digit:1", 0.25, 0.77)


def test_another_hotspot_taps_at_once():
    pipe = _pipe()
    assert not pipe._repeated("lock:1", 0.04, 0.12)
    pipe._note_away(1.0, (0.04, 0.14))
    assert not pipe._repeated("lock:2", 0.04, 0.14)
    assert not pipe._repeated(None, 0.5, 0.5)  # (a dwell off every hotspot is not a tap)
