"""Small WAV helpers shared by the synthesizer, the cache and the sounds: read and write 16-bit
mono PCM, check that a rendered phrase is real speech, and trim silence at both ends.

Everything works on numpy ``int16`` arrays; no audio device is involved.
"""

from __future__ import annotations

import os
import wave
from dataclasses import dataclass
from pathlib import Path

import numpy as np

# A sample counts as sound above this level (about -40 dBFS): espeak-ng's pauses are exact zeros
# or a few units of dither, its quietest consonants are well above it.
SILENCE_LEVEL = 330
# Margins kept around the sound when trimming: a hard cut at the first loud sample clicks, and
# the tail of a fading vowel sits under the threshold.
LEAD_MARGIN_S = 0.005
TAIL_MARGIN_S = 0.030


@dataclass(frozen=True)
class Pcm:
    """Mono 16-bit samples at ``rate`` Hz."""

    samples: np.ndarray
    rate: int

    @property
    def seconds(self) -> float:
        return len(self.samples) / self.rate if self.rate else 0.0


class BadWav(ValueError):
    """A WAV file is missing, malformed or not what was expected; ``str()`` says why."""


def read_wav(path: str | os.PathLike) -> Pcm:
    """Read a 16-bit PCM WAV (mono, or the first channel of stereo). Raises :class:`BadWav`."""
    p = Path(path)
    if not p.exists():
        raise BadWav(f"{p}: no file")
    if p.stat().st_size < 44:
        raise BadWav(f"{p}: {p.stat().st_size} bytes, too short for a WAV header")
    try:
        with wave.open(str(p), "rb") as w:
            if w.getsampwidth() != 2:
                raise BadWav(f"{p}: {8 * w.getsampwidth()}-bit samples, expected 16-bit")
            rate, channels, n = w.getframerate(), w.getnchannels(), w.getnframes()
            data = w.readframes(n)
    except (wave.Error, EOFError) as e:
        raise BadWav(f"{p}: not a valid RIFF/WAVE file ({e})") from None
    samples = np.frombuffer(data, dtype="<i2")
    if channels > 1:
        samples = samples[: len(samples) // channels * channels].reshape(-1, channels)[:, 0]
    return Pcm(samples.astype(np.int16), rate)


def write_wav(path: str | os.PathLike, pcm: Pcm) -> None:
    """Write atomically: to a temporary name beside ``path``, then rename, so that a reader (or
    the cache after a crash) never sees half a file."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_name(f".{p.name}.{os.getpid()}.{id(pcm):x}.tmp")
    try:
        with wave.open(str(tmp), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(pcm.rate)
            w.writeframes(np.asarray(pcm.samples, dtype="<i2").tobytes())
        os.replace(tmp, p)
    finally:
        if tmp.exists():
            tmp.unlink()


def loud_span(samples: np.ndarray, level: int = SILENCE_LEVEL) -> tuple[int, int] | None:
    """Indices of the first and one past the last sample above ``level``, or None if silent."""
    loud = np.flatnonzero(np.abs(samples.astype(np.int32)) > level)
    if len(loud) == 0:
        return None
    return int(loud[0]), int(loud[-1]) + 1


def trim(pcm: Pcm) -> Pcm:
    """Cut leading and trailing silence, keeping short margins. A silent input stays as it is."""
    span = loud_span(pcm.samples)
    if span is None:
        return pcm
    a = max(0, span[0] - int(LEAD_MARGIN_S * pcm.rate))
    b = min(len(pcm.samples), span[1] + int(TAIL_MARGIN_S * pcm.rate))
    return Pcm(pcm.samples[a:b].copy(), pcm.rate)


def expected_seconds(text: str, rate_wpm: int) -> float:
    """A rough spoken length: espeak-ng speaks about ``rate_wpm`` words of ~6 characters
    (with the space) a minute. Digits are spoken as whole words, so count them double."""
    chars = sum(2 if c.isdigit() else 1 for c in text if not c.isspace()) + text.count(" ")
    return chars / 6.0 / max(rate_wpm, 40) * 60.0


def check_speech(pcm: Pcm, text: str, rate_wpm: int) -> None:
    """Raise :class:`BadWav` unless ``pcm`` looks like ``text`` spoken: non-empty, not silent,
    and between a quarter and four times (plus a second) the expected length. The bounds are
    loose on purpose: they catch the empty and truncated files pyttsx3 sometimes writes, not
    accents."""
    if len(pcm.samples) == 0:
        raise BadWav("no samples")
    if loud_span(pcm.samples) is None:
        raise BadWav("only silence")
    want = expected_seconds(text, rate_wpm)
    lo, hi = 0.25 * want, 4.0 * want + 1.0
    if not lo <= pcm.seconds <= hi:
        raise BadWav(f"{pcm.seconds:.2f} s of audio for {len(text)} characters "
                     f"(expected {lo:.2f}-{hi:.2f} s)")


def speakable(text: str) -> bool:
    """Whether a text has anything to pronounce (letters or digits); '…' or '' has not."""
    return any(c.isalnum() for c in text)
