"""Text to WAV: one worker thread owns the speech engine and renders phrases to files.

pyttsx3 2.99 over espeak-ng has pitfalls, each seen on the development machine, and this module
is shaped by them:

* only the last text queued before one ``runAndWait`` is produced -> one text per ``runAndWait``;
* the first ``runAndWait`` after ``init()`` may return early -> a warm-up render after init;
* after a voice or rate change the WAV may be empty -> properties are set once, followed by a
  warm-up, and every WAV is checked (RIFF, non-silent, plausible length) and rendered again;
* ``stop()`` during synthesis makes the next ``runAndWait`` hang -> ``engine.stop()`` is never
  called; a render that hangs anyway is abandoned by a watchdog and the worker is replaced by
  one that uses the ``espeak-ng`` command;
* ``say()`` shells out to ``aplay`` and bypasses the mixer -> only ``save_to_file`` is used;
  playback is pygame's business (:mod:`tiptoi_sim.speech.audio`);
* two threads sharing one engine lose output silently -> only the worker thread touches it;
* espeak-ng's library is one per process: a second engine created or synthesizing while a first
  one (an earlier synthesizer's worker, still finishing after ``close``, or one abandoned by the
  watchdog) synthesizes crashed the process once (a segfault in ``Synth``, on a loaded machine)
  -> engines are created, used and dropped under one process-wide lock (``_ESPEAK_LOCK``).

After repeated failures the engine is re-created; if it keeps failing, the worker falls back to
the ``espeak-ng -w`` command (same library, same voices, so the same sound). When neither exists,
:func:`Synthesizer` raises :class:`SpeechUnavailable` on the first render, and callers go on with
captions.
"""

from __future__ import annotations

import gc
import heapq
import itertools
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from tiptoi_sim.speech.wavutil import BadWav, Pcm, check_speech, read_wav, speakable, trim, write_wav

# espeak-ng voice per language. These are voice ids, not texts: the texts live in catalogues.
VOICES = {"de": "gmw/de", "en": "gmw/en"}
DEFAULT_RATE = 165  # words per minute; espeak-ng's 175 is a little fast for a family game
ENGINE_ID = "espeak-ng"  # both backends drive the same library, so they share cache entries
ATTEMPTS = 3  # renders of one text by pyttsx3 before that text goes to the espeak-ng command
REINIT_AFTER = 2  # failed attempts in a row after which the pyttsx3 engine is created anew
GIVE_UP_AFTER = 3  # texts in a row pyttsx3 could not render before it is dropped for good
RENDER_TIMEOUT_S = 20.0  # one render taking longer than this counts as a hung engine

_warned: set[str] = set()


def warn_once(message: str) -> None:
    """Print ``message`` to stderr once per process: fallbacks are announced, not repeated."""
    if message not in _warned:
        _warned.add(message)
        print(f"tiptoi-sim: {message}", file=sys.stderr, flush=True)


class SpeechUnavailable(RuntimeError):
    """No way to synthesize speech here (neither pyttsx3 with espeak-ng nor the command)."""


class UnknownVoice(SpeechUnavailable):
    """The configured espeak-ng voice does not exist (no fallback helps with that)."""


class SynthesisError(RuntimeError):
    """One text could not be rendered; ``str()`` says why."""


@dataclass(frozen=True)
class VoiceConfig:
    """What decides the sound of a phrase, and so its cache key."""

    lang: str
    voice: str
    rate: int
    engine: str = ENGINE_ID

    @classmethod
    def for_lang(cls, lang: str, *, voice: str | None = None, rate: int | None = None) -> "VoiceConfig":
        if voice is None:
            if lang not in VOICES:
                raise ValueError(f"no voice for language {lang!r} (known: {', '.join(VOICES)})")
            voice = VOICES[lang]
        return cls(lang, voice, int(rate or DEFAULT_RATE))


# -- backends: each renders one text to one raw WAV file, in the worker thread only ------------

#: held while a pyttsx3 engine is created, renders or is dropped (see the module docstring)
_ESPEAK_LOCK = threading.RLock()


class Pyttsx3Backend:
    """pyttsx3's espeak driver, used as described in the module docstring."""

    name = "pyttsx3"

    def __init__(self, cfg: VoiceConfig, scratch: Path):
        self.cfg = cfg
        self.scratch = scratch
        self.engine = None
        self.start()

    def start(self) -> None:
        with _ESPEAK_LOCK:
            self._start()

    def _start(self) -> None:
        import pyttsx3
        import pyttsx3.drivers.espeak as driver

        # The driver prints "Audio saved to ..." for every file; shadow print in its module only.
        driver.print = lambda *a, **k: None
        # pyttsx3.init() hands back a cached engine per driver name; drop ours to get a new one.
        # The old one must be gone first: its destructor unsets the (process-wide) synth callback.
        self.engine = None
        getattr(pyttsx3, "_activeEngines", {}).clear()
        gc.collect()
        self.engine = pyttsx3.init("espeak")
        # espeak-ng keeps its previous voice when asked for an unknown one: check the name first.
        known = set()
        for v in self.engine.getProperty("voices"):
            known.update(x.lower() for x in [v.id, v.name, *(v.languages or [])] if x)
            known.add(v.id.rsplit("/", 1)[-1].lower())
        if self.cfg.voice.lower() not in known:
            raise UnknownVoice(f"espeak-ng has no voice {self.cfg.voice!r} (see: espeak-ng --voices)")
        self.engine.setProperty("voice", self.cfg.voice)
        self.engine.setProperty("rate", self.cfg.rate)
        # Warm-up (discarded, never played): absorbs the early return after init and the empty
        # file after property changes.
        for _ in range(2):
            self.render("Test eins zwei drei.", self.scratch / "warmup.wav")

    def restart(self) -> None:
        self.start()

    def render(self, text: str, out: Path) -> None:
        if out.exists():
            out.unlink()
        with _ESPEAK_LOCK:
            self.engine.save_to_file(text, str(out))
            self.engine.runAndWait()

    def drop(self) -> None:
        """Let the engine go now, under the lock: its destructor unsets the process-wide synth
        callback, which must not happen while another engine synthesizes."""
        with _ESPEAK_LOCK:
            self.engine = None
            gc.collect()


class CommandBackend:
    """The ``espeak-ng -w FILE`` command; the text goes through stdin so that nothing in it is
    read as an option."""

    name = "espeak-ng command"

    def __init__(self, cfg: VoiceConfig, scratch: Path):
        self.cfg = cfg
        self.exe = shutil.which("espeak-ng") or shutil.which("espeak")
        if not self.exe:
            raise SpeechUnavailable("neither pyttsx3 with espeak-ng nor the espeak-ng command works")

    def restart(self) -> None:
        pass

    def render(self, text: str, out: Path) -> None:
        if out.exists():
            out.unlink()
        try:
            r = subprocess.run([self.exe, "-v", self.cfg.voice, "-s", str(self.cfg.rate), "-w", str(out)],
                               input=text.encode("utf-8"), capture_output=True, timeout=RENDER_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise SynthesisError("the espeak-ng command timed out") from None
        if r.returncode != 0:
            raise SynthesisError(f"espeak-ng failed: {r.stderr.decode(errors='replace').strip()[:200]}")


# -- jobs and the worker ----------------------------------------------------------------------

@dataclass(order=True)
class _Entry:
    priority: float
    seq: int
    job: "Job" = field(compare=False)


class Job:
    """One request to render ``text`` to ``path``. ``wait()`` returns the path or raises."""

    def __init__(self, text: str, path: Path, skip_if_exists: bool):
        self.text = text
        self.path = path
        self.skip_if_exists = skip_if_exists
        self.done = threading.Event()
        self.error: BaseException | None = None
        self.cancelled = False

    def wait(self, timeout: float | None = None) -> Path:
        if not self.done.wait(timeout):
            raise SynthesisError(f"rendering took longer than {timeout:.0f} s")
        if self.error is not None:
            raise self.error
        return self.path


class Synthesizer:
    """Renders texts to trimmed, checked WAV files on one worker thread.

    ``submit(text, path, priority)`` queues a job (lower priority first, then first come);
    ``render(text, path)`` queues it ahead of everything and blocks. The worker starts on the
    first job, so creating a Synthesizer costs nothing. ``backend`` chooses ``"auto"`` (pyttsx3,
    then the command), ``"pyttsx3"`` or ``"command"``; tests may pass a factory.
    """

    def __init__(self, cfg: VoiceConfig, *, backend="auto", render_timeout: float = RENDER_TIMEOUT_S):
        self.cfg = cfg
        self.backend_choice = backend
        self.render_timeout = render_timeout
        self.backend_name: str | None = None
        self.unavailable: SpeechUnavailable | None = None
        self._heap: list[_Entry] = []
        self._seq = itertools.count()
        self._cond = threading.Condition()
        self._closed = False
        self._thread: threading.Thread | None = None
        self._busy_since: float | None = None
        self._current: Job | None = None
        self._generation = 0  # bumped when a hung worker is abandoned
        self._scratch = Path(tempfile.mkdtemp(prefix="tiptoi-sim-tts-"))
        self.rendered = 0  # texts rendered (not skipped), for tests and the benchmark

    # -- public ------------------------------------------------------------------------------
    def submit(self, text: str, path: Path, priority: float = 0.0, *, skip_if_exists: bool = True) -> Job:
        job = Job(text, Path(path), skip_if_exists)
        with self._cond:
            if self._closed:
                job.cancelled = True
                job.error = SynthesisError("synthesizer closed")
                job.done.set()
                return job
            heapq.heappush(self._heap, _Entry(priority, next(self._seq), job))
            self._ensure_worker()
            self._cond.notify_all()
        return job

    def render(self, text: str, path: Path, *, timeout: float | None = None) -> Path:
        """Render now (ahead of queued jobs) and return ``path``; raises :class:`SynthesisError`
        or :class:`SpeechUnavailable`."""
        timeout = timeout if timeout is not None else self.render_timeout + 10.0
        job = self.submit(text, path, priority=float("-inf"))
        deadline = time.monotonic() + timeout
        while not job.done.wait(0.5):
            self._watchdog()
            if time.monotonic() > deadline:
                raise SynthesisError(f"rendering {text[:40]!r} took longer than {timeout:.0f} s")
        return job.wait(0)

    def cancel_pending(self) -> None:
        """Drop queued jobs that have not started (their waiters get a SynthesisError)."""
        with self._cond:
            for e in self._heap:
                e.job.cancelled = True
                e.job.error = SynthesisError("cancelled")
                e.job.done.set()
            self._heap.clear()

    def pending(self) -> int:
        with self._cond:
            return len(self._heap)

    def close(self) -> None:
        self.cancel_pending()
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        t = self._thread
        if t is not None and t is not threading.current_thread():
            t.join(timeout=5)
        shutil.rmtree(self._scratch, ignore_errors=True)

    # -- worker ------------------------------------------------------------------------------
    def _ensure_worker(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            gen = self._generation
            self._thread = threading.Thread(target=self._run, args=(gen,), name="tts-worker", daemon=True)
            self._thread.start()

    def _watchdog(self) -> None:
        """Abandon a worker stuck in one render (pyttsx3 can hang in runAndWait) and start a
        fresh one on the espeak-ng command; the stuck daemon thread is left behind."""
        with self._cond:
            since = self._busy_since
            if since is None or time.monotonic() - since < self.render_timeout:
                return
            if self.backend_choice == "command":
                return  # the command has its own timeout
            warn_once("speech: pyttsx3 hung while rendering; using the espeak-ng command instead.")
            self._generation += 1
            self.backend_choice = "command"
            self._busy_since = None
            if self._current is not None and not self._current.done.is_set():
                heapq.heappush(self._heap, _Entry(float("-inf"), next(self._seq), self._current))
            self._thread = None
            self._ensure_worker()

    def _make_backend(self):
        choice = self.backend_choice
        if callable(choice):
            return choice(self.cfg, self._scratch)
        if choice in ("auto", "pyttsx3"):
            try:
                return Pyttsx3Backend(self.cfg, self._scratch)
            except UnknownVoice:
                raise
            except Exception as e:  # ImportError, OSError from a missing libespeak-ng, bad voice
                if choice == "pyttsx3":
                    raise SpeechUnavailable(f"pyttsx3 with espeak-ng does not work: {e}") from e
                warn_once(f"speech: pyttsx3 does not work ({e}); using the espeak-ng command.")
        return CommandBackend(self.cfg, self._scratch)

    def _next(self, gen: int) -> Job | None:
        with self._cond:
            while not self._heap and not self._closed and gen == self._generation:
                self._cond.wait()
            if self._closed or gen != self._generation:
                return None
            job = heapq.heappop(self._heap).job
            self._busy_since = time.monotonic()
            self._current = job
            return job

    def _run(self, gen: int) -> None:
        backend = None
        failures_in_a_row = 0  # texts, not attempts
        while True:
            job = self._next(gen)
            if job is None:
                if isinstance(backend, Pyttsx3Backend):
                    backend.drop()
                return
            try:
                if job.skip_if_exists and job.path.exists():
                    continue
                if not speakable(job.text):
                    raise SynthesisError(f"nothing to pronounce in {job.text!r}")
                if backend is None:
                    try:
                        backend = self._make_backend()
                    except SpeechUnavailable as e:
                        self.unavailable = e
                        raise
                    self.backend_name = backend.name
                try:
                    self._render_checked(backend, job)
                    failures_in_a_row = 0
                except SynthesisError:
                    if isinstance(backend, CommandBackend) or callable(self.backend_choice):
                        raise
                    failures_in_a_row += 1
                    if failures_in_a_row >= GIVE_UP_AFTER:
                        warn_once("speech: pyttsx3 keeps writing empty files; using the espeak-ng command.")
                        self.backend_choice = "command"
                        backend = self._make_backend()
                        self.backend_name = backend.name
                        self._render_checked(backend, job)
                    else:  # this one text by the command, pyttsx3 stays for the next
                        self._render_checked(CommandBackend(self.cfg, self._scratch), job)
            except BaseException as e:  # noqa: BLE001 - handed to the waiter, the worker goes on
                job.error = e if isinstance(e, (SynthesisError, SpeechUnavailable)) else SynthesisError(str(e))
            finally:
                with self._cond:
                    if gen == self._generation:
                        self._busy_since = None
                        self._current = None
                        job.done.set()
                    elif job.error is None:
                        job.done.set()  # a late success of an abandoned worker still counts

    def _render_checked(self, backend, job: Job) -> None:
        raw = self._scratch / "raw.wav"
        attempts = 1 if isinstance(backend, CommandBackend) else ATTEMPTS
        reason = ""
        failed = 0
        for _ in range(attempts):
            try:
                backend.render(job.text, raw)
                pcm = read_wav(raw)
                check_speech(pcm, job.text, self.cfg.rate)
            except (BadWav, SynthesisError) as e:
                reason = str(e)
                failed += 1
                if failed >= REINIT_AFTER:
                    backend.restart()
                continue
            write_wav(job.path, trim(pcm))
            self.rendered += 1
            return
        raise SynthesisError(f"{backend.name} could not render {job.text[:40]!r}: {reason}")


def synthesize(text: str, out: Path, cfg: VoiceConfig, *, backend="auto") -> Pcm:
    """Render one text to ``out`` with a throw-away synthesizer (the ``speak`` command)."""
    synth = Synthesizer(cfg, backend=backend)
    try:
        synth.render(text, Path(out), timeout=RENDER_TIMEOUT_S + 10)
        return read_wav(out)
    finally:
        synth.close()
