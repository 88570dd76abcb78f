"""The stylus in a dim room (``TapPipeline._stylus_gain``): the picture the tip is sought in is
brightened as a camera's automatic gain would, by how dark the empty board is, and only then.
The clips are the benchmark's generator (synth_hard, without the codec); for the gain, their
first 1.5 s: the empty board learnt, before any hand comes."""

import numpy as np
import pytest

from tiptoi_sim.camera import synth, synth_hard
from tiptoi_sim.camera.pipeline import MAX_STYLUS_GAIN, PipelineConfig, TapPipeline
from tiptoi_sim.millionen_coup.layout import load_layout


@pytest.fixture(scope="module")
def layout_board():
    layout = load_layout()
    return layout, synth.board_picture(900, layout)


def _gain_after_learning(layout, board, scene, seed):
    clip = synth_hard.hard_clip(scene, layout.hotspots, board, seed=seed, hit_test=layout.hit_test)
    pipe = TapPipeline(layout.hit_test, PipelineConfig(aspect=layout.aspect, pointer="stylus"))
    for i in range(45):
        pipe.process(clip.frame(i), i / clip.fps)
    assert pipe.model.ready
    return clip, pipe._stylus_gain()


SCENES = {s.name: s for s in synth_hard.SCENES + synth_hard.HARDER_SCENES}


@pytest.mark.parametrize("name,seed", [("stylus wood grain", 3519), ("stylus dark table", 3418)])
def test_in_normal_light_the_picture_is_left_as_it_is(layout_board, name, seed):
    clip, gain = _gain_after_learning(*layout_board, SCENES[name], seed)
    assert clip.light >= 0.85
    assert gain == 1.0


@pytest.mark.parametrize("name,seed", [("stylus dim wood", 501), ("stylus dim dark table", 704)])
def test_in_a_dim_room_the_picture_is_brightened_by_how_dark_the_board_is(layout_board, name, seed):
    clip, gain = _gain_after_learning(*layout_board, SCENES[name], seed)
    assert clip.light <= 0.5
    # (light 0.35-0.5 of normal: the board at about 0.4 of its normal brightness is brought
    # back most of the way, not beyond what the benchmark's normal light shows)
    assert 1.5 <= gain <= MAX_STYLUS_GAIN
    assert gain <= 1.2 / clip.light


def test_dim_light_dims_the_pen_and_hand_as_much_as_the_board(layout_board):
    # the generator: a pen 2-2.5 times brighter than the board it touches is no room's light
    layout, board = layout_board
    scene = SCENES["stylus dim dark table"]
    clip = synth_hard.hard_clip(scene, layout.hotspots, board, seed=704, hit_test=layout.hit_test)
    v = next(v for v in clip.visits if v.kind == "tap")
    lit = synth_hard.hard_clip(synth_hard.Scene("lit", table="dark", pointer="stylus", white_balance=0.2),
                               layout.hotspots, board, seed=704, hit_test=layout.hit_test)
    m, colour = clip._draw_pointer(v, v.target)
    m2, colour2 = lit._draw_pointer(v, v.target)
    on = m > 0.99
    ratio = float(np.median(colour[on].sum(axis=1) / np.maximum(colour2[on].sum(axis=1), 1e-6)))
    assert ratio == pytest.approx(clip.light, rel=0.02)


def test_a_set_colour_taps_at_the_tips_point(layout_board):
    # ``--stylus-colour magenta`` in a dim room (clip 704's first dwell, without the codec): the
    # tap went to the tip's centre, a few pixels behind its point toward the arm, and waypoint
    # B below the waypoint A it touched was tapped. Now the point, as with any colour
    from tiptoi_sim.camera.stylus import StylusColour

    layout, board = layout_board
    clip = synth_hard.hard_clip(SCENES["stylus dim dark table"], layout.hotspots, board, seed=704,
                                hit_test=layout.hit_test)
    pipe = TapPipeline(layout.hit_test, PipelineConfig(aspect=layout.aspect, pointer="stylus",
                                                       stylus=StylusColour.preset("magenta")))
    taps = []
    for i in range(int(3.1 * clip.fps) + 1):
        taps += [tp.tap for tp in pipe.process(clip.frame(i), i / clip.fps)]
    assert taps == ["waypoint:A"]
