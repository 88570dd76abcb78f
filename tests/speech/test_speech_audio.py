"""The speech queue on pygame's real mixer (SDL's dummy driver here; the disk driver and a
missing device in subprocesses). No timing asserts: the tests wait on events."""

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

from tiptoi_sim.speech import open_speaker
from tiptoi_sim.speech.audio import AudioSpeaker, CaptionSpeaker
from tiptoi_sim.speech.tts import SpeechUnavailable

REPO = Path(__file__).resolve().parents[2]
LONG = "Das ist ein langer Satz, damit genug Zeit bleibt, ihn mitten drin zu unterbrechen."


@pytest.fixture
def speaker(events):
    sp = open_speaker("de", on_event=events, captions=events.caption)
    assert isinstance(sp, AudioSpeaker)
    yield sp
    sp.close()


def test_announcements_come_out_in_order(speaker, events):
    for t in ("Anna ist dran.", "Ben ist dran.", "Carla ist dran."):
        speaker.say(t)
    events.wait_for("end", "Carla ist dran.")
    assert events.of("start") == ["Anna ist dran.", "Ben ist dran.", "Carla ist dran."]
    assert events.of("end") == events.of("start")
    assert events.captions == events.of("start")


def test_a_new_tap_interrupts_and_drops_the_queue(speaker, events):
    speaker.say(LONG)
    speaker.say("Das kommt nie.")
    events.wait_for("start", LONG)
    speaker.say("Neuer Tipp.", interrupt=True)
    events.wait_for("end", "Neuer Tipp.")
    assert speaker.wait_idle(10)
    assert events.of("interrupted") == [LONG]
    assert "Das kommt nie." not in events.of("start")


def test_skip_stops_speaking_and_the_queue(speaker, events):
    speaker.say(LONG)
    speaker.say("Das kommt auch nie.")
    events.wait_for("start", LONG)
    speaker.stop()
    events.wait_for("interrupted", LONG)
    assert speaker.wait_idle(10)
    assert events.of("start") == [LONG] and speaker.speaking is None


def test_repeat_says_the_last_heard_text_again(speaker, events):
    speaker.say("Zuerst das.")
    speaker.say("Dann das.")
    events.wait_for("end", "Dann das.")
    speaker.repeat()
    events.wait_for("end", "Dann das.", count=2)
    assert events.of("start") == ["Zuerst das.", "Dann das.", "Dann das."]


def test_repeat_while_speaking_restarts_the_current_text(speaker, events):
    speaker.say(LONG)
    speaker.say("Danach.")
    events.wait_for("start", LONG)
    speaker.repeat()
    events.wait_for("end", LONG)
    assert speaker.wait_idle(20)
    assert events.of("start") == [LONG, LONG] and "Danach." not in events.of("start")


def test_sounds_play_over_speech_without_cutting_it(speaker, events):
    import pygame

    speaker.say("Der Wächter kommt näher.")
    events.wait_for("start", "Der Wächter kommt näher.")
    for name in ("click", "footsteps", "alarm"):
        speaker.play_sound(name)
    # Right after play() the alarm (1.6 s) holds a channel other than the reserved speech one.
    others = [pygame.mixer.Channel(i).get_busy() for i in range(1, pygame.mixer.get_num_channels())]
    assert any(others)
    events.wait_for("end", "Der Wächter kommt näher.")
    assert events.of("interrupted") == []
    speaker.stop_sound()


def test_prefetched_phrases_are_cached_before_they_are_said(speaker):
    texts = ["Willkommen beim Millionen-Coup!", "Wer spielt mit?"]
    speaker.prefetch(texts)
    deadline = time.monotonic() + 30
    while not all(speaker.cache.get(t) for t in texts) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert all(speaker.cache.get(t) for t in texts)


def test_without_a_synthesizer_captions_go_on(events, monkeypatch, capsys):
    from tiptoi_sim.speech import tts

    def none(cfg, scratch):
        raise SpeechUnavailable("no espeak-ng here")

    monkeypatch.setattr(tts, "_warned", set())
    sp = open_speaker("de", on_event=events, captions=events.caption, backend=none)
    try:
        sp.say("Erstens.")
        sp.say("Zweitens.")
        events.wait_for("failed", "Zweitens.")
        sp.play_sound("click")  # sounds still work without speech
    finally:
        sp.close()
    assert events.captions == ["Erstens.", "Zweitens."]
    assert capsys.readouterr().err.count("no speech synthesizer") == 1


def test_speech_off_gives_captions_only(events):
    sp = open_speaker("de", enabled=False, captions=events.caption)
    assert isinstance(sp, CaptionSpeaker)
    sp.say("Hallo.")
    sp.repeat()
    sp.play_sound("alarm")
    sp.close()
    assert events.captions == ["Hallo.", "Hallo."]


def run_child(code, env_extra, timeout=60):
    env = dict(os.environ, PYTHONPATH=str(REPO), PYGAME_HIDE_SUPPORT_PROMPT="1", **env_extra)
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env, capture_output=True,
                          text=True, timeout=timeout, cwd=REPO)


def test_no_sound_card_means_one_message_and_captions(tmp_path):
    r = run_child("""
        from tiptoi_sim.speech import open_speaker
        shown = []
        for _ in range(2):
            sp = open_speaker("de", captions=shown.append)
            sp.say("Hallo.")
            sp.repeat()
            sp.play_sound("alarm")
            sp.close()
        print(type(sp).__name__, shown)
    """, {"SDL_AUDIODRIVER": "nonexistent"})
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "CaptionSpeaker ['Hallo.', 'Hallo.', 'Hallo.', 'Hallo.']"
    assert r.stderr.count("no sound output") == 1 and "Traceback" not in r.stderr


def test_speech_reaches_the_disk_audio_driver(tmp_path):
    raw = tmp_path / "out.raw"
    r = run_child("""
        import json, pygame
        from tiptoi_sim.speech import open_speaker
        sp = open_speaker("de")
        sp.say("Der Tresor ist offen.")
        ok = sp.wait_idle(30)
        fmt = pygame.mixer.get_init()
        sp.close()
        print(json.dumps({"ok": ok, "fmt": fmt}))
    """, {"SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(raw)})
    assert r.returncode == 0, r.stderr
    info = json.loads(r.stdout.strip().splitlines()[-1])
    assert info["ok"]
    freq, size, channels = info["fmt"]
    assert size == -16
    samples = np.fromfile(raw, dtype="<i2").reshape(-1, channels)[:, 0]
    loud = np.flatnonzero(np.abs(samples.astype(int)) > 330)
    assert len(loud) > 0
    span = (loud[-1] - loud[0]) / freq
    assert 0.6 <= span <= 3.0, span  # the whole phrase, not a blip


def test_the_games_catalogue_is_prefetched_most_likely_first(events):
    from tiptoi_sim.core.phrases import load_catalogue
    from tiptoi_sim.paths import assets_dir
    from tiptoi_sim.speech import catalogue_texts

    path = assets_dir() / "millionen_coup" / "phrases.de.yaml"
    if not path.exists():
        pytest.skip("the Millionen-Coup catalogue is not there yet")
    phrases, _ = load_catalogue(path)
    first = [k for k in phrases.templates if "{" not in phrases.templates[k]][-1]
    texts = catalogue_texts(phrases, [first])
    assert texts[0] == phrases.templates[first] and all("{" not in t for t in texts)
    sp = open_speaker("de", catalogue=path, first_keys=[first])
    try:
        sp.cache.render_now(texts[0])  # queued first, so it is there after one render at most
        deadline = time.monotonic() + 30
        while sp.cache.synth.pending() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert all(sp.cache.get(t) for t in texts[:40])
    finally:
        sp.close()
