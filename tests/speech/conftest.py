"""Speech tests run the real thing: espeak-ng through pyttsx3 and pygame's mixer on SDL's dummy
(or, in subprocesses, disk) audio driver. Every test gets its own cache folder."""

from __future__ import annotations

import os
import threading
import time

import pytest

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"


@pytest.fixture(autouse=True)
def cache_home(tmp_path, monkeypatch):
    """A private XDG cache so tests neither read nor fill the user's speech cache."""
    home = tmp_path / "xdg-cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    return home / "tiptoi-sim"


class EventLog:
    """Collects a speaker's (kind, text) events and waits for them without sleeping blindly."""

    def __init__(self):
        self.events: list[tuple[str, str]] = []
        self.captions: list[str] = []
        self._cond = threading.Condition()

    def __call__(self, kind: str, text: str) -> None:
        with self._cond:
            self.events.append((kind, text))
            self._cond.notify_all()

    def caption(self, text: str) -> None:
        with self._cond:
            self.captions.append(text)

    def wait_for(self, kind: str, text: str, count: int = 1, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        with self._cond:
            while self.events.count((kind, text)) < count:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"no {kind!r} event for {text!r} in {timeout} s; got {self.events}")
                self._cond.wait(left)

    def of(self, kind: str) -> list[str]:
        with self._cond:
            return [t for k, t in self.events if k == kind]


@pytest.fixture
def events():
    return EventLog()
