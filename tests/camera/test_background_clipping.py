"""The empty-board model and a board learnt overexposed: a channel clipped at white is no
change of hue once the light dims (a false finger on the yellow player field, seed 31537)."""

import numpy as np

from tiptoi_sim.camera.background import BoardModel


def _board(gain: float) -> np.ndarray:
    """A cream board with a bright yellow field whose red and green clip at full light."""
    true = np.zeros((60, 80, 3), np.float32)
    true[:] = (150, 200, 215)                    # cream print
    true[20:40, 20:60] = (100, 300, 300)         # yellow: green and red beyond 255 in full light
    return np.clip(true * gain, 0, 255).astype(np.uint8)


def _learnt(gain: float) -> BoardModel:
    model = BoardModel(learn_s=0.2)
    for i in range(8):
        model.learn(model.to_log(_board(gain)), i * 0.05)
    assert model.ready
    return model


def test_dimmer_light_after_learning_overexposed_is_no_difference():
    model = _learnt(1.0)
    assert (_board(1.0)[30, 40] >= 254).sum() == 2  # the field really is clipped while learnt
    fg, weak = model.masks(model.to_log(_board(0.75)))
    assert not fg.any() and not weak.any()


def test_brighter_light_than_learnt_clips_without_difference():
    model = _learnt(0.75)
    fg, weak = model.masks(model.to_log(_board(1.0)))
    assert not fg.any() and not weak.any()


def test_a_finger_on_the_clipped_field_still_differs():
    model = _learnt(1.0)
    img = _board(0.75)
    img[25:35, 30:50] = (120, 150, 200)          # skin over the yellow field
    fg, _ = model.masks(model.to_log(img))
    assert fg[27:33, 32:48].mean() > 200
    assert not fg[:15].any()


def _printed_board(gain: float) -> np.ndarray:
    """A cream board with dark print lines and a shadowed corner; in bright light the cream
    clips in green and red, the print does not."""
    true = np.zeros((90, 120, 3), np.float32)
    true[:] = (190, 225, 235)
    true[::10, :] = (70, 70, 75)
    true[:, ::12] = (70, 70, 75)
    true[60:, 80:] *= 0.8                       # a soft shadow that stays
    return np.clip(true * gain, 0, 255).astype(np.uint8)


def test_a_board_that_clips_in_brighter_light_shows_no_print_as_difference():
    model = BoardModel(learn_s=0.2)
    for i in range(8):
        model.learn(model.to_log(_printed_board(1.0)), i * 0.05)
    bright = _printed_board(1.25)
    assert (bright[5, 5] == 255).sum() >= 2     # the cream clips, the print does not
    fg, _ = model.masks(model.to_log(bright))
    assert fg.mean() < 0.01 * 255, f"{(fg > 0).mean():.1%} of the board taken for a hand"
