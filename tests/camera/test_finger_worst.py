"""The benchmark's worst finger clips (scripts/bench_camera.py, untuned seeds), whole clips
through the real pipeline as ``taps-from-video`` runs them (without the codec). Each one
missed a dwell or made a false tap before the fix named beside it."""

import pytest

from tiptoi_sim.camera import synth_hard as sh
from tiptoi_sim.camera.pipeline import PipelineConfig, TapPipeline
from tiptoi_sim.camera.synth import score_taps

SCENES = {s.name: s for s in sh.SCENES}


@pytest.mark.parametrize("scene, seed", [
    # a hand ahead of its sleeve, the sleeve seen only beside the board: its wrist corner was
    # taken for the finger (pointer.find_hand, the arm beside the board)
    ("finger beige desk, warm dim", 3442),
    # no hand at all after a pale hand swept slowly: the model had taken it in, its ghost
    # tapped "go" (background.BoardModel.ghosts)
    ("idle hands only", 6533),
])
def test_the_worst_finger_clips_tap_every_hotspot_and_nothing_else(layout, board, scene, seed):
    clip = sh.hard_clip(SCENES[scene], layout.hotspots, board, seed=seed, hit_test=layout.hit_test)
    pipe = TapPipeline(layout.hit_test, PipelineConfig(aspect=layout.aspect, pointer="finger"))
    taps = []
    for f, t in sh.frames(clip):
        taps += pipe.process(f, t)
    sc = score_taps(clip, [t for t in taps if t.tap is not None])
    assert (sc.right, sc.wrong, sc.false) == (len(clip.truth), 0, 0), [(round(t.t, 2), t.tap) for t in taps]
