"""``--pointer stylus`` taps only where a pen with a vivid tip is: a hand without a pen (a
pointing finger, a fist, a flat hand resting) taps nothing. Until 2026-12-06 the end of a
pointing hand was taken when no vivid tip had been seen yet, and a stylus player's resting fist
or pale flat hand tapped: 12 false taps on 5 of 8 clips of hands only (resting, sweeping, hovering),
drawn by ``benchmarks/independent``, a generator written apart from the project's.

The clip is the benchmark's generator (synth_hard, without the codec), cut after its first
dwell; the same frames with ``--pointer finger`` show the finger is seen and taps."""

import pytest

from tiptoi_sim.camera import synth, synth_hard
from tiptoi_sim.camera.pipeline import PipelineConfig, TapPipeline
from tiptoi_sim.millionen_coup.layout import load_layout


@pytest.fixture(scope="module")
def finger_clip():
    layout = load_layout()
    board = synth.board_picture(900, layout)
    scene = next(s for s in synth_hard.SCENES if s.name == "finger dark table")
    clip = synth_hard.hard_clip(scene, layout.hotspots, board, seed=13, hit_test=layout.hit_test)
    first = clip.visits[0]
    assert first.kind == "tap" and first.t_leave <= 3.0
    frames = [clip.frame(i) for i in range(int(3.0 * clip.fps) + 1)]
    return layout, clip, frames


def _taps(layout, clip, frames, pointer):
    pipe = TapPipeline(layout.hit_test, PipelineConfig(aspect=layout.aspect, pointer=pointer))
    taps = []
    for i, f in enumerate(frames):
        taps += [tp.tap for tp in pipe.process(f, i / clip.fps) if tp.tap is not None]
    return taps


def test_a_pointing_finger_taps_as_a_finger(finger_clip):
    layout, clip, frames = finger_clip
    assert _taps(layout, clip, frames, "finger") == [clip.visits[0].target_id]


def test_a_pointing_finger_without_a_pen_taps_nothing_as_a_stylus(finger_clip):
    layout, clip, frames = finger_clip
    assert _taps(layout, clip, frames, "stylus") == []
