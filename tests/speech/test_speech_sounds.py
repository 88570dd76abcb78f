"""The generated sounds: all there, audible, of sensible length, the same every time, playable."""

import io
import wave

import numpy as np
import pytest

from tiptoi_sim.speech import sounds
from tiptoi_sim.speech.api import SOUND_NAMES

LENGTHS = {"click": (0.005, 0.05), "tick": (0.01, 0.1), "done": (0.2, 1.0), "footsteps": (1.0, 2.5),
           "alarm": (1.0, 3.0), "vault": (1.0, 3.0), "win": (0.8, 2.5), "lose": (1.0, 3.0)}


def test_every_sound_the_game_needs_exists():
    assert set(SOUND_NAMES) == set(LENGTHS) == {"click", "done", "footsteps", "alarm", "vault", "tick",
                                                "win", "lose"}


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sound_is_audible_bounded_and_deterministic(name):
    x = sounds.render(name)
    lo, hi = LENGTHS[name]
    assert lo <= len(x) / sounds.RATE <= hi
    assert np.isfinite(x).all() and np.max(np.abs(x)) <= 1.0
    assert np.sqrt(np.mean(x ** 2)) > 0.02  # not silence
    assert np.array_equal(x, sounds.render(name))


def test_sounds_differ_from_each_other():
    fingerprints = {name: sounds.render(name)[:2000].round(3).tobytes() for name in SOUND_NAMES}
    assert len(set(fingerprints.values())) == len(SOUND_NAMES)


def test_wav_bytes_are_a_valid_wav():
    with wave.open(io.BytesIO(sounds.wav_bytes("done"))) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, sounds.RATE)
        assert w.getnframes() == len(sounds.render("done"))


def test_sound_bank_plays_on_the_mixer():
    import pygame

    pygame.mixer.init()
    try:
        bank = sounds.SoundBank()
        channel = bank.play("vault")
        assert channel is not None and channel.get_busy()
        bank.stop("vault")
        with pytest.raises(KeyError, match="unknown sound"):
            bank.play("trumpet")
    finally:
        pygame.mixer.quit()
