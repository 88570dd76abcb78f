"""The speech contract that every front end (the pen's window, the terminal, the table
assistants) talks to. Implementations live beside this file; front ends get one from
:func:`tiptoi_sim.speech.open_speaker` and never touch pyttsx3 or the mixer themselves.
"""

from __future__ import annotations

from typing import Protocol


class Speaker(Protocol):
    def say(self, text: str, *, interrupt: bool = False) -> None:
        """Queue ``text``; with ``interrupt`` stop what is playing and drop the queue first."""

    def stop(self) -> None:
        """Stop speaking now and drop the queue (the pen's Skip)."""

    def repeat(self) -> None:
        """Say the last text again (the pen's Repeat)."""

    def close(self) -> None:
        """Release threads and audio devices."""


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
