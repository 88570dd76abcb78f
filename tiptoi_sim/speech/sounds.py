"""The game's sounds, synthesized with numpy (no sample files, so no licences to track).

Each sound is a function of nothing but a fixed seed, so it is the same on every run:

=========  ===================================================================
click      the pen's tap: a short bright tick
done       an action is finished: two soft rising bell tones
footsteps  the guard walks: four muffled steps
alarm      the alarm goes off: a two-tone siren
vault      the vault opens: latch clicks, a heavy rumble, a creaking door
tick       one clock tick, played each second in the last minute
win        the team wins: a rising major arpeggio
lose       the team loses: a falling "wah-wah-wah-waah"
=========  ===================================================================

:func:`render` gives float samples, :func:`wav_bytes` a WAV file in memory, and
:class:`SoundBank` plays them through pygame's mixer on its unreserved channels.
"""

from __future__ import annotations

import io
import threading
import wave
from typing import Callable

import numpy as np

from tiptoi_sim.speech.api import SOUND_NAMES as NAMES

RATE = 44100


def _t(seconds: float) -> np.ndarray:
    return np.arange(int(seconds * RATE)) / RATE


def _env(n: int, attack: float, release: float) -> np.ndarray:
    """A linear attack, flat middle and exponential-ish release envelope over ``n`` samples."""
    e = np.ones(n)
    a = min(n, max(1, int(attack * RATE)))
    e[:a] = np.linspace(0.0, 1.0, a)
    r = min(n - a, max(1, int(release * RATE)))
    if r > 0:
        e[n - r:] *= np.linspace(1.0, 0.0, r) ** 2
    return e


def _decay(n: int, tau: float) -> np.ndarray:
    return np.exp(-np.arange(n) / (tau * RATE))


def _place(out: np.ndarray, at: float, x: np.ndarray) -> None:
    i = int(at * RATE)
    j = min(len(out), i + len(x))
    out[i:j] += x[: j - i]


def _lowpass(x: np.ndarray, alpha: float) -> np.ndarray:
    """One-pole low-pass (``alpha`` near 0 = darker). A plain loop: the inputs are a second
    or less and rendered once per process."""
    y = np.empty_like(x)
    acc = 0.0
    for i, v in enumerate(x):
        acc += alpha * (v - acc)
        y[i] = acc
    return y


def _tone(freq: float, seconds: float, *, harmonics=(1.0,), attack=0.005, release=0.05) -> np.ndarray:
    t = _t(seconds)
    x = sum(a * np.sin(2 * np.pi * freq * (k + 1) * t) for k, a in enumerate(harmonics))
    return x * _env(len(t), attack, release)


def _click(rng) -> np.ndarray:
    n = int(0.012 * RATE)
    x = np.sin(2 * np.pi * 2400 * _t(0.012)) * _decay(n, 0.0025)
    return 0.8 * x + 0.2 * rng.standard_normal(n) * _decay(n, 0.001)


def _done(rng) -> np.ndarray:
    out = np.zeros(int(0.55 * RATE))
    for at, f in ((0.0, 1046.5), (0.12, 1568.0)):  # C6 then G6
        n = int(0.4 * RATE)
        bell = _tone(f, 0.4, harmonics=(1.0, 0.3, 0.1)) * _decay(n, 0.12)
        _place(out, at, 0.6 * bell)
    return out


def _footsteps(rng) -> np.ndarray:
    out = np.zeros(int(1.6 * RATE))
    for k in range(4):
        n = int(0.16 * RATE)
        thud = np.sin(2 * np.pi * 70 * _t(0.16)) * _decay(n, 0.03)
        scuff = _lowpass(rng.standard_normal(n), 0.08) * _decay(n, 0.02) * 2.5
        step = (thud + scuff) * (0.9 if k % 2 == 0 else 0.75)  # left foot, right foot
        _place(out, 0.05 + k * 0.38, step)
    return out


def _alarm(rng) -> np.ndarray:
    t = _t(1.6)
    # A siren switching between two tones four times a second, with soft square-ish edges.
    f = np.where((t * 4).astype(int) % 2 == 0, 880.0, 660.0)
    phase = 2 * np.pi * np.cumsum(f) / RATE
    x = np.tanh(3 * np.sin(phase)) / np.tanh(3)
    return 0.7 * x * _env(len(t), 0.01, 0.1)


def _vault(rng) -> np.ndarray:
    out = np.zeros(int(2.0 * RATE))
    for at in (0.0, 0.12, 0.24):  # the latch bolts
        n = int(0.05 * RATE)
        _place(out, at, np.sin(2 * np.pi * 1800 * _t(0.05)) * _decay(n, 0.006)
               + 0.5 * rng.standard_normal(n) * _decay(n, 0.004))
    t = _t(1.5)
    f = np.linspace(65, 45, len(t))  # the heavy door swinging: a falling rumble
    rumble = np.sin(2 * np.pi * np.cumsum(f) / RATE) + 0.5 * np.sin(4 * np.pi * np.cumsum(f) / RATE)
    rumble += 0.6 * _lowpass(rng.standard_normal(len(t)), 0.03) * 4
    _place(out, 0.4, 0.5 * rumble * _env(len(t), 0.2, 0.5))
    fc = 620 + 180 * np.sin(2 * np.pi * 0.7 * t) + 25 * np.sin(2 * np.pi * 23 * t)  # the hinge
    creak = np.sign(np.sin(2 * np.pi * np.cumsum(fc) / RATE)) * 0.12
    _place(out, 0.45, creak * _env(len(t), 0.3, 0.6))
    return out


def _tick(rng) -> np.ndarray:
    n = int(0.03 * RATE)
    x = np.sin(2 * np.pi * 3200 * _t(0.03)) * _decay(n, 0.004)
    return 0.7 * x + 0.3 * rng.standard_normal(n) * _decay(n, 0.002)


def _win(rng) -> np.ndarray:
    out = np.zeros(int(1.5 * RATE))
    notes = (523.25, 659.25, 783.99, 1046.5)  # C5 E5 G5 C6
    for k, f in enumerate(notes):
        last = k == len(notes) - 1
        length = 0.8 if last else 0.16
        _place(out, k * 0.13, 0.45 * _tone(f, length, harmonics=(1.0, 0.4, 0.2), release=0.5 if last else 0.04))
    return out


def _lose(rng) -> np.ndarray:
    out = np.zeros(int(2.2 * RATE))
    notes = ((392.0, 0.35), (370.0, 0.35), (349.2, 0.35), (329.6, 0.9))  # G F# F E
    at = 0.0
    for k, (f, length) in enumerate(notes):
        t = _t(length)
        vib = 1 + (0.012 * np.sin(2 * np.pi * 5.5 * t) if k == 3 else 0)
        phase = 2 * np.pi * np.cumsum(f * vib) / RATE
        saw = sum(np.sin(m * phase) / m for m in range(1, 8))  # a brassy band-limited sawtooth
        _place(out, at, 0.35 * saw * _env(len(t), 0.02, 0.12 if k < 3 else 0.4))
        at += length + 0.05
    return out


_MAKERS: dict[str, Callable] = {
    "click": _click, "done": _done, "footsteps": _footsteps, "alarm": _alarm,
    "vault": _vault, "tick": _tick, "win": _win, "lose": _lose,
}


def render(name: str) -> np.ndarray:
    """The float samples (-1..1, mono, :data:`RATE` Hz) of sound ``name``; KeyError if unknown."""
    maker = _MAKERS[name]
    rng = np.random.default_rng(sum(map(ord, name)))  # fixed per sound: same on every run
    x = np.asarray(maker(rng), dtype=np.float64)
    peak = float(np.max(np.abs(x))) or 1.0
    return x * (0.8 / peak)  # leave head-room for speech over it


def to_int16(x: np.ndarray) -> np.ndarray:
    return np.clip(np.round(x * 32767), -32768, 32767).astype(np.int16)


def wav_bytes(name: str) -> bytes:
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(to_int16(render(name)).astype("<i2").tobytes())
    return buf.getvalue()


class SoundBank:
    """Plays the sounds through an initialised pygame mixer. Sounds are made on first use and
    kept; ``play`` never raises for a broken device (it reports once and goes quiet)."""

    def __init__(self, volume: float = 0.7):
        self.volume = volume
        self._sounds: dict = {}
        self._lock = threading.Lock()
        self.failed: str | None = None

    def sound(self, name: str):
        import pygame

        if name not in NAMES:
            raise KeyError(f"unknown sound {name!r} (known: {', '.join(NAMES)})")
        with self._lock:
            s = self._sounds.get(name)
            if s is None:
                s = pygame.mixer.Sound(file=io.BytesIO(wav_bytes(name)))
                s.set_volume(self.volume)
                self._sounds[name] = s
            return s

    def preload(self) -> None:
        for name in NAMES:
            self.sound(name)

    def play(self, name: str, *, loops: int = 0):
        """Start sound ``name`` (``loops=-1`` repeats until :meth:`stop`); returns the channel
        or None when no channel is free or the device failed."""
        import pygame

        if self.failed:
            return None
        try:
            return self.sound(name).play(loops=loops)
        except pygame.error as e:
            from tiptoi_sim.speech.tts import warn_once

            self.failed = str(e)
            warn_once(f"sound: playing failed ({e}); going on without sounds.")
            return None

    def stop(self, name: str | None = None) -> None:
        """Stop one sound (all its channels) or, without a name, every sound."""
        import pygame

        try:
            if name is None:
                for s in self._sounds.values():
                    s.stop()
            elif name in self._sounds:
                self._sounds[name].stop()
        except pygame.error:
            pass
