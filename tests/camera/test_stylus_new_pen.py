"""A new pen whose tip's hue lies close to the last one's (``TapPipeline._learn_hue``): three tips
in a row at a pen's end farther from the hue learnt than the tip search reaches
(``NEW_PEN_HUE``) are a new pen. Found on our "stylus dim dark table" (seed 6551, in
``test_stylus_worst.py`` as a whole clip)."""

from tiptoi_sim.camera.pipeline import NEW_PEN_HUE, PipelineConfig, TapPipeline
from tiptoi_sim.camera.stylus import TIP_HUE_TOL, hue_dist


def _pipe():
    return TapPipeline(lambda x, y: None, PipelineConfig(aspect=1.6, pointer="stylus"))


def test_a_new_pen_is_taken_once_its_hue_lies_beyond_the_tip_search():
    assert NEW_PEN_HUE == TIP_HUE_TOL
    pipe = _pipe()
    for h in [23, 26, 23, 25, 24, 26, 23, 25, 24, 26, 23, 25]:  # (a yellow tip in a warm dim light)
        pipe._learn_hue(h)
    assert hue_dist(pipe.learnt_hue, 24) <= 1
    for h in (4, 10, 8):  # (then a red one: 17 from the yellow, 20 counted as the same pen)
        pipe._learn_hue(h)
    assert hue_dist(pipe.learnt_hue, 7) <= 1


def test_a_tip_whose_hue_wobbles_within_the_search_is_the_same_pen():
    pipe = _pipe()
    for h in [24] * 12:
        pipe._learn_hue(h)
    for h in (12, 14, 13):  # (within reach of the search for 24: no new pen)
        pipe._learn_hue(h)
    assert len(pipe._hues) == 15
