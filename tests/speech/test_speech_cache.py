"""The phrase cache: where files go, what the key depends on, hits and misses, and the order of
background rendering."""

import threading
from dataclasses import replace

import numpy as np

from tiptoi_sim.speech.cache import PhraseCache, cache_key, speech_cache_dir
from tiptoi_sim.speech.tts import Synthesizer, VoiceConfig
from tiptoi_sim.speech.wavutil import Pcm, read_wav, write_wav


def test_key_depends_on_engine_voice_rate_lang_and_text():
    base = VoiceConfig.for_lang("de")
    k = cache_key(base, "Hallo")
    assert len(k) == 64 and k == cache_key(VoiceConfig.for_lang("de"), "Hallo")
    variants = [replace(base, engine="other"), replace(base, voice="gmw/de-x"), replace(base, rate=base.rate + 1),
                replace(base, lang="en")]
    keys = {cache_key(c, "Hallo") for c in variants} | {cache_key(base, "Hallo!"), k}
    assert len(keys) == 6


def test_files_live_in_the_users_cache_folder(cache_home):
    assert speech_cache_dir() == cache_home / "speech"
    synth = Synthesizer(VoiceConfig.for_lang("de"))
    try:
        cache = PhraseCache(synth)
        assert cache.get("Hallo") is None
        p = cache.render_now("Hallo")
        assert p.parent == cache_home / "speech" and p.name == cache_key(synth.cfg, "Hallo") + ".wav"
        assert cache.get("Hallo") == p
        rendered = synth.rendered
        assert cache.render_now("Hallo") == p and synth.rendered == rendered  # a hit renders nothing
    finally:
        synth.close()


def test_a_new_cache_finds_what_an_earlier_one_rendered(tmp_path):
    for expected_renders in (1, 0):
        synth = Synthesizer(VoiceConfig.for_lang("en"))
        try:
            PhraseCache(synth, tmp_path).render_now("The vault is open.")
            assert synth.rendered == expected_renders
        finally:
            synth.close()


class RecordingBackend:
    """Renders a tone per text and records the order; the first render waits for ``gate``."""

    name = "recording"

    def __init__(self):
        self.order = []
        self.gate = threading.Event()
        self.started = threading.Event()

    def restart(self):
        pass

    def render(self, text, out):
        if not self.order:
            self.started.set()
            self.gate.wait(20)
        self.order.append(text)
        n = 22050
        write_wav(out, Pcm((5000 * np.sin(np.arange(n) * 0.05)).astype(np.int16), 22050))


def test_prefetch_keeps_order_and_render_now_goes_first(tmp_path):
    backend = RecordingBackend()
    synth = Synthesizer(VoiceConfig.for_lang("de"), backend=lambda cfg, scratch: backend)
    cache = PhraseCache(synth, tmp_path)
    try:
        jobs = cache.prefetch(["Erstens eins", "Zweitens zwei", "Erstens eins", "Drittens drei"])
        assert len(jobs) == 3  # the duplicate is queued once
        assert backend.started.wait(20)  # the worker is busy with the first text
        later = cache.prefetch(["Viertens vier"])
        urgent = threading.Thread(target=cache.render_now, args=("Jetzt sofort",))
        urgent.start()
        while synth.pending() < 4:  # the urgent job is queued behind the running one
            threading.Event().wait(0.01)
        backend.gate.set()
        urgent.join(20)
        for j in jobs + later:
            j.wait(20)
    finally:
        synth.close()
    assert backend.order == ["Erstens eins", "Jetzt sofort", "Zweitens zwei", "Drittens drei", "Viertens vier"]
    assert all(cache.get(t) for t in backend.order)
    assert cache.prefetch(backend.order) == []  # everything cached: nothing to queue


def test_prefetch_renders_real_speech_in_the_background(tmp_path):
    synth = Synthesizer(VoiceConfig.for_lang("de"))
    cache = PhraseCache(synth, tmp_path)
    texts = ["Du bist dran.", "Der Alarm geht los!", "Der Tresor ist offen."]
    try:
        for job in cache.prefetch(texts):
            job.wait(30)
    finally:
        synth.close()
    for t in texts:
        assert read_wav(cache.get(t)).seconds > 0.3


def test_prune_removes_the_oldest_files(tmp_path):
    import os

    cache = PhraseCache(Synthesizer(VoiceConfig.for_lang("de")), tmp_path)
    for i in range(6):
        p = tmp_path / f"{i}.wav"
        p.write_bytes(b"x")
        os.utime(p, (1000 + i, 1000 + i))
    assert cache.prune(max_files=4) == 2
    assert sorted(p.name for p in tmp_path.glob("*.wav")) == ["2.wav", "3.wav", "4.wav", "5.wav"]
