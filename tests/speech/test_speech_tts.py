"""Real synthesis (espeak-ng through pyttsx3, and the espeak-ng command), plus the retry,
fallback and watchdog paths driven by small fake backends."""

import threading

import numpy as np
import pytest

from tiptoi_sim.speech import tts
from tiptoi_sim.speech.tts import SynthesisError, Synthesizer, VoiceConfig
from tiptoi_sim.speech.wavutil import Pcm, read_wav, write_wav

LOUD = 330


def assert_trimmed_speech(path, lo, hi):
    pcm = read_wav(path)
    assert lo <= pcm.seconds <= hi, pcm.seconds
    loud = np.flatnonzero(np.abs(pcm.samples.astype(int)) > LOUD)
    assert len(loud) > 0.2 * len(pcm.samples)  # speech, not a click in silence
    assert loud[0] <= 0.006 * pcm.rate + 1  # leading silence trimmed (5 ms margin)
    assert len(pcm.samples) - loud[-1] <= 0.031 * pcm.rate + 1  # trailing silence trimmed
    return pcm


@pytest.mark.parametrize("lang, text", [("de", "Der Wächter geht in die Lobby."),
                                        ("en", "The guard walks into the lobby.")])
def test_pyttsx3_renders_trimmed_speech(tmp_path, lang, text):
    synth = Synthesizer(VoiceConfig.for_lang(lang), backend="pyttsx3")
    try:
        out = synth.render(text, tmp_path / "a.wav")
        assert synth.backend_name == "pyttsx3"
    finally:
        synth.close()
    assert_trimmed_speech(out, 1.0, 3.5)


def test_languages_use_different_voices(tmp_path):
    outs = []
    for lang in ("de", "en"):
        synth = Synthesizer(VoiceConfig.for_lang(lang), backend="pyttsx3")
        try:
            outs.append(read_wav(synth.render("Zwei Millionen", tmp_path / f"{lang}.wav")))
        finally:
            synth.close()
    de, en = outs
    assert len(de.samples) != len(en.samples) or not np.array_equal(de.samples, en.samples)


def test_several_texts_in_a_row_each_get_their_own_file(tmp_path):
    # pyttsx3 keeps only the last text queued before one runAndWait: every file must be its text.
    synth = Synthesizer(VoiceConfig.for_lang("de"), backend="pyttsx3")
    try:
        jobs = [synth.submit(t, tmp_path / f"{i}.wav", priority=i)
                for i, t in enumerate(["Eins.", "Das ist ein deutlich längerer Satz mit vielen Wörtern."])]
        short, long_ = (read_wav(j.wait(20)) for j in jobs)
    finally:
        synth.close()
    assert short.seconds < 1.0 < long_.seconds


def test_command_backend_renders_speech(tmp_path):
    synth = Synthesizer(VoiceConfig.for_lang("de"), backend="command")
    try:
        out = synth.render("Der Tresor ist offen.", tmp_path / "c.wav")
        assert synth.backend_name == "espeak-ng command"
    finally:
        synth.close()
    assert_trimmed_speech(out, 0.6, 3.0)


def test_nothing_to_pronounce_is_an_error_not_a_hang(tmp_path):
    synth = Synthesizer(VoiceConfig.for_lang("de"))
    try:
        with pytest.raises(SynthesisError, match="nothing to pronounce"):
            synth.render("…", tmp_path / "x.wav")
    finally:
        synth.close()


def tone_pcm(seconds):
    n = int(seconds * 22050)
    return Pcm((6000 * np.sin(np.arange(n) * 0.06)).astype(np.int16), 22050)


class FlakyBackend:
    """Writes an empty WAV the first ``empties`` times (as pyttsx3 does after a property
    change), then a tone of plausible length."""

    name = "flaky"

    def __init__(self, empties):
        self.empties = empties
        self.calls = 0
        self.restarts = 0

    def restart(self):
        self.restarts += 1

    def render(self, text, out):
        self.calls += 1
        seconds = 0.0 if self.calls <= self.empties else 1.0
        write_wav(out, Pcm(np.zeros(0, np.int16), 22050) if seconds == 0 else tone_pcm(seconds))


def test_empty_files_are_rendered_again(tmp_path):
    backend = FlakyBackend(empties=1)
    synth = Synthesizer(VoiceConfig.for_lang("de"), backend=lambda cfg, scratch: backend)
    try:
        read_wav(synth.render("Hallo Welt, wie geht's?", tmp_path / "a.wav"))
    finally:
        synth.close()
    assert backend.calls == 2 and backend.restarts == 0


def test_repeated_failures_restart_the_engine_then_give_up(tmp_path):
    backend = FlakyBackend(empties=99)
    synth = Synthesizer(VoiceConfig.for_lang("de"), backend=lambda cfg, scratch: backend)
    try:
        with pytest.raises(SynthesisError, match="only silence|no samples"):
            synth.render("Hallo Welt, wie geht's?", tmp_path / "a.wav")
    finally:
        synth.close()
    assert backend.calls == tts.ATTEMPTS and backend.restarts >= 1
    assert not (tmp_path / "a.wav").exists()


def test_broken_pyttsx3_falls_back_to_the_command_with_one_message(tmp_path, monkeypatch, capsys):
    class Broken:
        def __init__(self, cfg, scratch):
            raise OSError("libespeak-ng.so.1: cannot open shared object file")

    monkeypatch.setattr(tts, "Pyttsx3Backend", Broken)
    monkeypatch.setattr(tts, "_warned", set())
    synth = Synthesizer(VoiceConfig.for_lang("de"))
    try:
        synth.render("Erster Satz.", tmp_path / "a.wav")
        synth.render("Zweiter Satz.", tmp_path / "b.wav")
        assert synth.backend_name == "espeak-ng command"
    finally:
        synth.close()
    err = capsys.readouterr().err
    assert err.count("using the espeak-ng command") == 1


def test_a_hung_engine_is_abandoned_for_the_command(tmp_path, monkeypatch, capsys):
    release = threading.Event()

    class Hangs:
        name = "hangs"

        def __init__(self, cfg, scratch):
            pass

        def restart(self):
            pass

        def render(self, text, out):
            release.wait(30)  # like runAndWait after a stop(): never returns on its own

    monkeypatch.setattr(tts, "_warned", set())
    synth = Synthesizer(VoiceConfig.for_lang("de"), backend=Hangs, render_timeout=0.5)
    try:
        out = synth.render("Der Wächter kommt.", tmp_path / "a.wav", timeout=20)
        assert synth.backend_name == "espeak-ng command"
        assert read_wav(out).seconds > 0.3
    finally:
        release.set()
        synth.close()
    assert "hung" in capsys.readouterr().err
