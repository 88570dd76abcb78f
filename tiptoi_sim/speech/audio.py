"""The pen's voice: a speech queue played through pygame's mixer, fed from the phrase cache.

It behaves like the tiptoi pen:

* ``say(text)`` queues; announcements for several players come out in the order they were said;
* ``say(text, interrupt=True)`` (a new tap) stops what is playing and drops the queue first;
* ``stop()`` (``nav:skip``) stops speaking and drops the queue;
* ``repeat()`` (``nav:repeat``) interrupts and says again the text heard last (the one playing,
  or the one that played last), or the last text said if nothing has played yet.

Threads: the caller's thread (usually the pygame main loop) only appends to a queue under a lock
and may stop the speech channel, so it never waits for synthesis or playback. One playback
thread takes texts from the queue, gets their WAV from the :class:`PhraseCache` (rendering it on
the synthesizer's worker thread when missing), plays it on a reserved mixer channel and waits
for the end or an interruption. ``captions`` and ``on_event`` callbacks run on that playback
thread: keep them short (set a field, post a pygame event).

Fallbacks, each announced once on stderr: no sound output -> captions only (sounds off too);
no synthesizer -> captions only, sounds still play; a single text that cannot be rendered ->
its caption only.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections import OrderedDict, deque
from pathlib import Path
from typing import Callable, Iterable

from tiptoi_sim.speech.api import SilentSpeaker
from tiptoi_sim.speech.cache import PhraseCache
from tiptoi_sim.speech.sounds import SoundBank
from tiptoi_sim.speech.tts import SpeechUnavailable, SynthesisError, Synthesizer, VoiceConfig, warn_once

MIXER_FORMAT = dict(frequency=44100, size=-16, channels=2, buffer=512)  # ~12 ms per buffer
SPEECH_CHANNEL = 0  # reserved: sounds never take it, so a click does not cut a sentence
LOADED_SOUNDS = 64  # decoded phrases kept in memory (a few MB), most recently used

Captions = Callable[[str], None]
EventHook = Callable[[str, str], None]  # (kind, text): start, end, interrupted, failed


class CaptionSpeaker(SilentSpeaker):
    """Captions only: shows each text through the ``captions`` callback, produces no sound."""

    def __init__(self, captions: Captions | None = None, reason: str = ""):
        super().__init__()
        self.captions = captions
        self.reason = reason

    def say(self, text: str, *, interrupt: bool = False) -> None:
        super().say(text, interrupt=interrupt)
        if self.captions:
            self.captions(text)

    def repeat(self) -> None:
        if self.last:
            self.say(self.last)


class AudioSpeaker:
    """A pen-like speech queue on pygame's mixer; see the module docstring."""

    def __init__(self, cache: PhraseCache, *, owns_mixer: bool, captions: Captions | None = None,
                 on_event: EventHook | None = None, sounds: SoundBank | None = None):
        import pygame

        self.pg = pygame
        self.cache = cache
        self.owns_mixer = owns_mixer
        self.captions = captions
        self.on_event = on_event
        self.sounds = sounds or SoundBank()
        if pygame.mixer.get_num_channels() < 4:
            pygame.mixer.set_num_channels(8)
        pygame.mixer.set_reserved(SPEECH_CHANNEL + 1)
        self.channel = pygame.mixer.Channel(SPEECH_CHANNEL)
        self.last: str | None = None  # the last text said
        self.heard: str | None = None  # the last text that started playing
        self.speech_off: str | None = None  # why there is no speech, once known
        self._queue: deque[str] = deque()
        self._cond = threading.Condition()
        self._gen = 0  # bumped by every interruption; a playing text of an old generation stops
        self._playing: str | None = None
        self._closed = False
        self._loaded: OrderedDict[Path, object] = OrderedDict()
        self._thread = threading.Thread(target=self._run, name="speech-playback", daemon=True)
        self._thread.start()

    # -- the Speaker contract (called from the UI thread; never blocks on audio) ------------
    def say(self, text: str, *, interrupt: bool = False) -> None:
        with self._cond:
            if interrupt:
                self._interrupt_locked()
            self._queue.append(text)
            self.last = text
            self._cond.notify_all()

    def stop(self) -> None:
        with self._cond:
            self._interrupt_locked()
            self._cond.notify_all()

    def repeat(self) -> None:
        with self._cond:
            text = self.heard or self.last
        if text:
            self.say(text, interrupt=True)

    def close(self) -> None:
        with self._cond:
            if self._closed:
                return
            self._interrupt_locked()
            self._closed = True
            self._cond.notify_all()
        self._thread.join(timeout=5)
        self.cache.synth.close()
        self.sounds.stop()
        if self.owns_mixer:
            try:
                self.pg.mixer.quit()
            except self.pg.error:
                pass

    # -- extras every front end may use ---------------------------------------------------
    def prefetch(self, texts: Iterable[str]) -> None:
        """Render these texts in the background, in order (most likely first)."""
        if self.speech_off is None:
            self.cache.prefetch(texts)

    def play_sound(self, name: str, *, loops: int = 0) -> None:
        """Play one of :data:`tiptoi_sim.speech.api.SOUND_NAMES` over any speech."""
        self.sounds.play(name, loops=loops)

    def stop_sound(self, name: str | None = None) -> None:
        self.sounds.stop(name)

    @property
    def speaking(self) -> str | None:
        """The text being spoken now, or None."""
        return self._playing

    def wait_idle(self, timeout: float) -> bool:
        """Block until the queue is empty and nothing plays; False on timeout. For the
        ``speak`` command and tests, not for a UI thread."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._queue or self._playing is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(min(left, 0.05))
        return True

    # -- playback thread ------------------------------------------------------------------
    def _interrupt_locked(self) -> None:
        self._gen += 1
        self._queue.clear()
        try:
            self.channel.stop()
        except self.pg.error:
            pass

    def _emit(self, kind: str, text: str) -> None:
        if self.on_event:
            try:
                self.on_event(kind, text)
            except Exception:  # noqa: BLE001 - a UI hook must not kill the speech thread
                pass

    def _run(self) -> None:
        try:
            self.cache.prune()
        except OSError:
            pass
        while True:
            with self._cond:
                while not self._queue and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
                text = self._queue.popleft()
                gen = self._gen
                self._playing = text
                self.heard = text
            try:
                self._speak(text, gen)
            finally:
                with self._cond:
                    self._playing = None
                    self._cond.notify_all()

    def _speak(self, text: str, gen: int) -> None:
        if self.captions:
            try:
                self.captions(text)
            except Exception:  # noqa: BLE001
                pass
        self._emit("start", text)
        sound = self._sound_for(text)
        if sound is None:
            self._emit("failed", text)
            return
        with self._cond:
            outcome = self._play_locked(sound, gen)
        self._emit(outcome, text)

    def _play_locked(self, sound, gen: int) -> str:
        if gen != self._gen or self._closed:
            return "interrupted"
        try:
            self.channel.play(sound)
        except self.pg.error as e:
            warn_once(f"speech: the mixer failed ({e}); captions only.")
            self.speech_off = str(e)
            return "failed"
        # The length bounds the wait, so a device that stops reporting cannot hold the queue.
        end_by = time.monotonic() + sound.get_length() + 2.0
        while (gen == self._gen and not self._closed and self.channel.get_busy()
               and time.monotonic() < end_by):
            self._cond.wait(0.01)
        return "interrupted" if gen != self._gen or self._closed else "end"

    def _sound_for(self, text: str):
        """The decoded phrase, rendering it if needed; None when there is no speech for it."""
        if self.speech_off is not None:
            return None
        for attempt in range(2):
            try:
                path = self.cache.get(text) or self.cache.render_now(text)
            except SpeechUnavailable as e:
                self.speech_off = str(e)
                warn_once(f"no speech synthesizer ({e}); install espeak-ng. Captions only.")
                return None
            except SynthesisError as e:
                warn_once(f"speech: {e}")
                return None
            s = self._loaded.get(path)
            if s is not None:
                self._loaded.move_to_end(path)
                return s
            try:
                s = self.pg.mixer.Sound(str(path))
            except (self.pg.error, FileNotFoundError):
                self.cache.forget(text)  # a damaged file: render it again once
                continue
            self._loaded[path] = s
            while len(self._loaded) > LOADED_SOUNDS:
                self._loaded.popitem(last=False)
            return s
        return None


def open_mixer() -> tuple[bool, str | None]:
    """Initialise pygame's mixer unless the caller already has. Returns (we opened it, the
    error if it cannot be opened)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    if pygame.mixer.get_init():
        return False, None
    try:
        with _without_alsa_lines():
            pygame.mixer.init(**MIXER_FORMAT)
    except pygame.error as e:
        return False, str(e) or "unknown error"
    return True, None


class _without_alsa_lines:
    """Keep the ALSA library's own lines ("ALSA lib conf.c:…") out of the terminal while the
    mixer opens: without a sound card it writes a dozen of them straight to file descriptor 2.
    Everything else written there meanwhile is passed on."""

    def __enter__(self):
        import tempfile

        try:
            sys.stderr.flush()
            self._saved = os.dup(2)
            self._tmp = tempfile.TemporaryFile()
            os.dup2(self._tmp.fileno(), 2)
        except (OSError, ValueError, AttributeError):
            self._saved = None
        return self

    def __exit__(self, *exc):
        if self._saved is None:
            return False
        try:
            os.dup2(self._saved, 2)
            os.close(self._saved)
            self._tmp.seek(0)
            kept = [line for line in self._tmp.read().decode("utf-8", "replace").splitlines(True)
                    if not line.startswith("ALSA lib ")]
            self._tmp.close()
            if kept:
                sys.stderr.write("".join(kept))
                sys.stderr.flush()
        except (OSError, ValueError):
            pass
        return False


def open_audio_speaker(lang: str = "de", *, captions: Captions | None = None,
                       on_event: EventHook | None = None, voice: str | None = None,
                       rate: int | None = None, backend="auto", cache_folder: str | Path | None = None,
                       prefetch: Iterable[str] = (), catalogue=None, first_keys: Iterable[str] = ()):
    """The speaker with sound, or captions only (with one message) when the mixer cannot open.

    Options: ``captions(text)`` is called as each text starts; ``on_event(kind, text)`` reports
    start/end/interrupted/failed; ``voice``/``rate`` override the espeak-ng voice and words per
    minute; ``backend`` is "auto", "pyttsx3" or "command"; ``cache_folder`` replaces
    ``<cache>/speech``; ``prefetch`` texts start rendering at once, in order; ``catalogue`` (a
    :class:`~tiptoi_sim.core.phrases.Phrases` or a catalogue file) adds its fixed phrases after
    them, the keys in ``first_keys`` first (see :func:`tiptoi_sim.speech.catalogue_texts`).
    """
    owns, error = open_mixer()
    if error is not None:
        warn_once(f"no sound output ({error}): captions only.")
        return CaptionSpeaker(captions, reason=error)
    synth = Synthesizer(VoiceConfig.for_lang(lang, voice=voice, rate=rate), backend=backend)
    cache = PhraseCache(synth, Path(cache_folder) if cache_folder is not None else None)
    speaker = AudioSpeaker(cache, owns_mixer=owns, captions=captions, on_event=on_event)
    texts = list(prefetch)
    if catalogue is not None:
        from tiptoi_sim.speech import catalogue_texts

        if isinstance(catalogue, (str, Path)):
            from tiptoi_sim.core.phrases import load_catalogue

            catalogue, _ = load_catalogue(catalogue)
        texts += catalogue_texts(catalogue, first_keys)
    speaker.prefetch(texts)
    return speaker
