"""The WAV checks that catch pyttsx3's empty and truncated files, and silence trimming."""

import numpy as np
import pytest

from tiptoi_sim.speech.wavutil import (BadWav, Pcm, check_speech, expected_seconds, read_wav, speakable,
                                       trim, write_wav)

RATE = 22050


def tone(seconds, lead=0.0, tail=0.0):
    body = (8000 * np.sin(2 * np.pi * 220 * np.arange(int(seconds * RATE)) / RATE)).astype(np.int16)
    return Pcm(np.concatenate([np.zeros(int(lead * RATE), np.int16), body,
                               np.zeros(int(tail * RATE), np.int16)]), RATE)


def test_check_accepts_speech_like_audio_of_plausible_length():
    check_speech(tone(1.6), "Hallo Welt, das ist ein Test.", 165)


@pytest.mark.parametrize("pcm, why", [
    (Pcm(np.zeros(0, np.int16), RATE), "no samples"),
    (Pcm(np.zeros(RATE, np.int16), RATE), "only silence"),
    (tone(0.05), "s of audio"),   # truncated: far too short for the text
    (tone(30.0), "s of audio"),   # runaway: far too long
])
def test_check_rejects_empty_silent_and_implausible(pcm, why):
    with pytest.raises(BadWav, match=why):
        check_speech(pcm, "Hallo Welt, das ist ein Test.", 165)


def test_read_rejects_missing_short_and_non_riff(tmp_path):
    with pytest.raises(BadWav, match="no file"):
        read_wav(tmp_path / "none.wav")
    (tmp_path / "short.wav").write_bytes(b"RIFF")
    with pytest.raises(BadWav, match="too short"):
        read_wav(tmp_path / "short.wav")
    (tmp_path / "junk.wav").write_bytes(b"x" * 200)
    with pytest.raises(BadWav, match="RIFF"):
        read_wav(tmp_path / "junk.wav")


def test_write_then_read_round_trips(tmp_path):
    pcm = tone(0.3)
    write_wav(tmp_path / "a.wav", pcm)
    back = read_wav(tmp_path / "a.wav")
    assert back.rate == RATE and np.array_equal(back.samples, pcm.samples)
    assert not list(tmp_path.glob(".*.tmp"))  # the temporary file is gone


def test_trim_cuts_silence_but_keeps_short_margins():
    pcm = tone(0.5, lead=0.4, tail=0.7)
    t = trim(pcm)
    assert 0.5 <= t.seconds <= 0.5 + 0.005 + 0.030 + 0.001
    first_loud = np.flatnonzero(np.abs(t.samples.astype(int)) > 330)[0]
    assert first_loud <= 0.006 * RATE
    silent = Pcm(np.zeros(100, np.int16), RATE)
    assert trim(silent).seconds == silent.seconds


def test_expected_length_grows_with_text_and_slower_rate():
    assert expected_seconds("Hallo Welt", 165) < expected_seconds("Hallo Welt, wie geht es dir heute?", 165)
    assert expected_seconds("Hallo Welt", 120) > expected_seconds("Hallo Welt", 200)


def test_speakable():
    assert speakable("Los!") and speakable("3")
    assert not speakable("…") and not speakable("  ")
