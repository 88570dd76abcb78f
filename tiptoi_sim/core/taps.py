"""A :class:`Tap` is the only thing input adapters produce: a hotspot id and the game-clock
time in integer milliseconds at which it happened."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Tap:
    """A touch of the hotspot ``id`` (e.g. ``"room:lobby"``) at game time ``t_ms``."""

    id: str
    t_ms: int = 0


def ms(seconds: float) -> int:
    """Seconds to whole milliseconds (rounded): all game time is integer ms, so runs are exact."""
    return int(round(seconds * 1000))


def seconds(t_ms: int) -> int | float:
    """Milliseconds to the seconds written in events: an int when whole, else a float."""
    return t_ms // 1000 if t_ms % 1000 == 0 else t_ms / 1000
