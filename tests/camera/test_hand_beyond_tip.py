"""A very light hand resting on a pale board beyond a sleeve taps nothing with ``--pointer
finger``. The masks see the sleeve but not the hand; the sleeve's end was taken for a
fingertip, with the hand (a flat hand, a fist) lying ahead of it, and it tapped: three false
taps on one clip of hands only. Now a tip with the hand going on ahead of it is no fingertip
(``TapPipeline._hand_beyond``).

The clip is drawn by ``benchmarks/independent``, the generator written apart from the
project's (scene ``rest_wood``, seed 1: a very light hand, flat, resting on the board from
2.6 s; cut at 4.2 s, after the first false tap of the encoded clip at 3.6 s). The frames are
taken as drawn, without the codec: on them the pipeline before the change dwelt at 3.17 s (off
every hotspot, which the command would not print, but a dwell all the same); every dwell
counts here. The generator draws the board and its hotspots once, through ``python -m
tiptoi_sim``, into a folder of the test's."""

import sys
from pathlib import Path

import numpy as np
import pytest

from tiptoi_sim.camera.pipeline import PipelineConfig, TapPipeline
from tiptoi_sim.millionen_coup.layout import load_layout

GEN = Path(__file__).resolve().parents[2] / "benchmarks" / "independent"


@pytest.fixture(scope="module")
def gen(tmp_path_factory):
    sys.path.insert(0, str(GEN))
    try:
        import gen as module
    finally:
        sys.path.remove(str(GEN))
    module.CACHE = str(tmp_path_factory.mktemp("independent"))
    module._ASSETS = None
    return module


def test_a_pale_hand_resting_beyond_its_sleeve_taps_nothing(gen):
    scene = gen.Scene("rest_wood", 1, 640, 480)
    # (what the clip shows, so that the test fails if the generator changes under it)
    hold = [sg for a in scene.actors for sg in a.segs if sg["kind"] == "hold"][0]
    assert hold["t0"] < 3.0 and hold["t1"] > 4.2 and hold["s0"]["h"] == 0
    assert scene.actors[0].meta["skin"] == "very_light"
    layout = load_layout()
    pipe = TapPipeline(layout.hit_test, PipelineConfig(aspect=layout.aspect, pointer="finger"))
    acc = np.zeros(scene.bg_ss.shape[:2] + (5,), np.float32)
    taps, tips = [], 0
    for i in range(int(4.2 * gen.FPS) + 1):
        t = i / gen.FPS
        taps += [(round(t, 2), tp.tap) for tp in pipe.process(scene.frame(t, acc), t)]
        tips += t >= hold["t0"] and pipe.state.hand
    assert tips > 30  # (the hand is seen, resting)
    assert taps == []
