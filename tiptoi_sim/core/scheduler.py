"""The one scheduler of timed work, and the loop that drives it with either clock.

Work is kept as absolute deadlines in integer game milliseconds. Work due at the same instant
runs in a fixed order given by each entry's ``order`` tuple (smaller first), then by the order
it was scheduled in; taps at that instant come after all of it (see :mod:`tiptoi_sim.core.clock`).
A game defines its own order classes (Der Millionen-Coup: action completions by player colour,
then the guard's step, then time announcements, then the time limit).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from tiptoi_sim.core.taps import Tap


@dataclass(order=True, slots=True)
class Timer:
    """A handle for scheduled work; ``cancel()`` it through the scheduler."""

    t_ms: int
    order: tuple
    seq: int
    callback: Callable[[], Any] = field(compare=False)
    cancelled: bool = field(default=False, compare=False)


class Scheduler:
    def __init__(self) -> None:
        self._heap: list[Timer] = []
        self._seq = 0

    def at(self, t_ms: int, order: tuple, callback: Callable[[], Any]) -> Timer:
        """Run ``callback()`` at game time ``t_ms``, ordered among same-instant work by ``order``."""
        self._seq += 1
        timer = Timer(int(t_ms), tuple(order), self._seq, callback)
        heapq.heappush(self._heap, timer)
        return timer

    @staticmethod
    def cancel(timer: Timer | None) -> None:
        if timer is not None:
            timer.cancelled = True

    def next_deadline(self) -> int | None:
        heap = self._heap
        while heap and heap[0].cancelled:
            heapq.heappop(heap)
        return heap[0].t_ms if heap else None

    def fire_due(self, now_ms: int, stop: Callable[[], bool] = lambda: False) -> int:
        """Run everything due at or before ``now_ms`` in (time, order, seq) order, including work
        that callbacks schedule for an instant already due. Stops early once ``stop()`` is true
        (the game ended). Returns how many callbacks ran."""
        n = 0
        heap = self._heap
        while heap and heap[0].t_ms <= now_ms and not stop():
            timer = heapq.heappop(heap)
            if timer.cancelled:
                continue
            timer.callback()
            n += 1
        return n

    def clear(self) -> None:
        self._heap.clear()


class Clock(Protocol):
    def now(self) -> int: ...

    def wait(self, deadline: int | None) -> Tap | None: ...


def run_loop(clock: Clock, scheduler: Scheduler, on_tap: Callable[[Tap], Any],
             is_over: Callable[[], bool], until_ms: int | None = None,
             should_quit: Callable[[], bool] = lambda: False) -> None:
    """Drive ``scheduler`` with ``clock`` until ``is_over()`` (or past ``until_ms``).

    Each turn waits for the earlier of the next deadline and the next tap. A tap is handed to
    ``on_tap`` stamped with its time; a reached deadline fires what is due. Work and taps at
    exactly ``until_ms`` are included. ``should_quit`` lets a UI end a real-time loop.
    """
    while not is_over() and not should_quit():
        nd = scheduler.next_deadline()
        if until_ms is not None:
            stop_at = until_ms + 1  # taps strictly before this are at or before until_ms
            deadline = stop_at if nd is None else min(nd, stop_at)
        else:
            deadline = nd
        tap = clock.wait(deadline)
        if tap is not None:
            on_tap(tap)
            continue
        now = clock.now()
        if until_ms is not None and now > until_ms:
            return
        if deadline is None and nd is None:
            return  # nothing scheduled and no tap left (virtual time): nothing can happen
        scheduler.fire_due(now, is_over)
