"""The speech contract that every front end (the pen's window, the terminal, the table
assistants) talks to. Implementations live beside this file; front ends get one from
:func:`tiptoi_sim.speech.open_speaker` and never touch pyttsx3 or the mixer themselves.
"""

from __future__ import annotations

from typing import Iterable, Protocol

# The sound effects every speaker can play (made in :mod:`tiptoi_sim.speech.sounds`).
SOUND_NAMES = ("click", "done", "footsteps", "alarm", "vault", "tick", "win", "lose")


class Speaker(Protocol):
    def say(self, text: str, *, interrupt: bool = False) -> None:
        """Queue ``text``; with ``interrupt`` stop what is playing and drop the queue first."""

    def stop(self) -> None:
        """Stop speaking now and drop the queue (the pen's Skip)."""

    def repeat(self) -> None:
        """Say the last text again (the pen's Repeat)."""

    def close(self) -> None:
        """Release threads and audio devices."""

    def prefetch(self, texts: Iterable[str]) -> None:
        """Render these texts in the background, most likely first, so they play at once later."""

    def play_sound(self, name: str, *, loops: int = 0) -> None:
        """Play a sound effect (one of :data:`SOUND_NAMES`) over any speech;
        ``loops=-1`` repeats it until :meth:`stop_sound`."""

    def stop_sound(self, name: str | None = None) -> None:
        """Stop one sound effect, or all of them."""


class SilentSpeaker:
    """Captions only: keeps the last text for Repeat, produces no sound."""

    def __init__(self) -> None:
        self.last: str | None = None
        self.spoken: list[str] = []

    def say(self, text: str, *, interrupt: bool = False) -> None:
        self.last = text
        self.spoken.append(text)

    def stop(self) -> None:
        pass

    def repeat(self) -> None:
        if self.last:
            self.spoken.append(self.last)

    def close(self) -> None:
        pass

    def prefetch(self, texts: Iterable[str]) -> None:
        pass

    def play_sound(self, name: str, *, loops: int = 0) -> None:
        pass

    def stop_sound(self, name: str | None = None) -> None:
        pass
