"""``tiptoi-sim speak TEXT``: say a text (or play a sound) to check the speech set-up."""

from __future__ import annotations

import argparse
import shutil
import sys
import time

from tiptoi_sim.core.errors import UserError
from tiptoi_sim.core.numbers import option, parse_whole

NAME = "speak"
ORDER = 80
HELP = "say a text through the speech set-up (or write it to a WAV file) to check it works"
DESCRIPTION = (HELP + ". Prints which synthesizer was used, how long rendering took and where the "
               "cached file is. With --sound, plays one of the game's sounds instead.")

from tiptoi_sim.speech.api import SOUND_NAMES  # noqa: E402 - light: no numpy, no pygame


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("text", nargs="*", metavar="TEXT", help="the text to say (several words are joined)")
    p.add_argument("--lang", choices=["de", "en"], default="de", help="language (default: de)")
    p.add_argument("--out", metavar="FILE.wav", help="write the speech to this WAV file instead of playing it")
    p.add_argument("--rate", type=option(parse_whole, lo=60, hi=450), default=None, metavar="WPM", help="words per minute (default: 165)")
    p.add_argument("--voice", default=None, help="an espeak-ng voice (default: gmw/de or gmw/en)")
    p.add_argument("--engine", choices=["auto", "pyttsx3", "command"], default="auto",
                   help="pyttsx3, the espeak-ng command, or auto: pyttsx3 with the command as fallback")
    p.add_argument("--sound", choices=SOUND_NAMES, metavar="NAME",
                   help="play a sound instead: " + ", ".join(SOUND_NAMES))


def run(args) -> int:
    from pathlib import Path

    from tiptoi_sim.speech.tts import SpeechUnavailable, SynthesisError, VoiceConfig

    text = " ".join(args.text).strip()
    if args.sound:
        return _play_sound(args.sound)
    if not text:
        raise UserError("nothing to say: give a TEXT (or --sound NAME)")
    if args.rate is not None and not 60 <= args.rate <= 450:
        raise UserError(f"--rate {args.rate}: expected 60 to 450 words per minute")
    try:
        cfg = VoiceConfig.for_lang(args.lang, voice=args.voice, rate=args.rate)
    except ValueError as e:
        raise UserError(str(e)) from None

    from tiptoi_sim.speech.cache import PhraseCache
    from tiptoi_sim.speech.tts import Synthesizer
    from tiptoi_sim.speech.wavutil import read_wav

    synth = Synthesizer(cfg, backend=args.engine)
    cache = PhraseCache(synth)
    try:
        cached = cache.get(text) is not None
        t0 = time.monotonic()
        try:
            path = cache.render_now(text)
        except (SpeechUnavailable, SynthesisError) as e:
            raise UserError(f"speech does not work: {e}") from None
        took = time.monotonic() - t0
        pcm = read_wav(path)
        how = "from the cache" if cached else f"by {synth.backend_name} in {took * 1000:.0f} ms"
        print(f"{text!r}: {pcm.seconds:.2f} s of speech ({cfg.voice}, {cfg.rate} words/min), "
              f"rendered {how}\n  cached as {path}")
    finally:
        synth.close()
    if args.out:
        out = Path(args.out)
        try:
            shutil.copyfile(path, out)
        except OSError as e:
            raise UserError(f"--out {out}: {e.strerror or e}") from None
        print(f"  written to {out}")
        return 0
    return _play_file(path, pcm.seconds)


def _play_file(path, seconds: float) -> int:
    from tiptoi_sim.speech.audio import open_mixer

    owns, error = open_mixer()
    if error is not None:
        print(f"tiptoi-sim: no sound output ({error}): nothing played. "
              f"Use --out FILE.wav to keep the speech.", file=sys.stderr)
        return 1
    import pygame

    try:
        sound = pygame.mixer.Sound(str(path))
        channel = sound.play()
        deadline = time.monotonic() + seconds + 2.0
        while channel is not None and channel.get_busy() and time.monotonic() < deadline:
            time.sleep(0.02)
        print(f"  played through SDL's '{_driver()}' audio driver")
    finally:
        if owns:
            pygame.mixer.quit()
    return 0


def _play_sound(name: str) -> int:
    from tiptoi_sim.speech.audio import open_mixer
    from tiptoi_sim.speech.sounds import SoundBank, render

    owns, error = open_mixer()
    if error is not None:
        print(f"tiptoi-sim: no sound output ({error}): nothing played.", file=sys.stderr)
        return 1
    import pygame

    try:
        seconds = len(render(name)) / 44100
        channel = SoundBank().play(name)
        deadline = time.monotonic() + seconds + 2.0
        while channel is not None and channel.get_busy() and time.monotonic() < deadline:
            time.sleep(0.02)
        print(f"sound {name!r}: {seconds:.2f} s, played through SDL's '{_driver()}' audio driver")
    finally:
        if owns:
            pygame.mixer.quit()
    return 0


def _driver() -> str:
    import os

    return os.environ.get("SDL_AUDIODRIVER") or "default"
