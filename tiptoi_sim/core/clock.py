"""Clocks for the one scheduler: a :class:`VirtualClock` that jumps to the next deadline (and
delivers scripted taps at their times), and a :class:`RealClock` that blocks on the tap queue
until the next absolute deadline and wakes at once when a tap arrives.

Contract shared by both (modelled on trio's injectable Clock and simpy's RealtimeEnvironment):

- ``now()`` is game time in integer milliseconds since the game started;
- ``wait(deadline)`` returns the next :class:`Tap` that comes strictly before ``deadline``
  (stamped with the game time it arrived at, and ``now()`` moved there), or ``None`` once
  ``deadline`` is reached (``now() == deadline``). ``deadline=None`` waits for a tap only;
  :class:`VirtualClock` then returns ``None`` when no scripted tap is left.

Scheduled work at an instant therefore always runs before a tap at the same instant, which is
the tie order the rules need (taps come last).
"""

from __future__ import annotations

import queue
import threading
import time
from typing import Iterable

from tiptoi_sim.core.taps import Tap

_SPIN_S = 0.0015  # poll instead of sleeping for the last 1.5 ms before a deadline
_WAKE = object()  # sentinel put on the queue to make a blocked wait return


class VirtualClock:
    """Virtual time: never sleeps. Scripted taps (already stamped) are delivered in order."""

    def __init__(self, taps: Iterable[Tap] = (), start_ms: int = 0):
        self._taps = sorted(taps, key=lambda t: t.t_ms)  # stable: same-time taps keep file order
        self._i = 0
        self._now = start_ms

    def now(self) -> int:
        return self._now

    def push(self, tap: Tap) -> None:
        """Add a tap at or after now (used by tests and by the terminal UI's virtual mode)."""
        if tap.t_ms < self._now:
            raise ValueError("a tap cannot be in the past")
        self._taps.insert(self._i, tap)
        rest = sorted(self._taps[self._i:], key=lambda t: t.t_ms)
        self._taps[self._i:] = rest

    def pending_taps(self) -> int:
        return len(self._taps) - self._i

    def wait(self, deadline: int | None) -> Tap | None:
        if self._i < len(self._taps):
            tap = self._taps[self._i]
            if deadline is None or tap.t_ms < deadline:
                self._i += 1
                self._now = max(self._now, tap.t_ms)
                return Tap(tap.id, self._now)
        if deadline is not None:
            self._now = max(self._now, deadline)
        return None


class RealClock:
    """Wall-clock time from ``time.monotonic_ns``, with pause/resume.

    Deadlines are absolute game times, so lateness never accumulates (no drift): each wait
    computes its timeout afresh from the monotonic clock. Taps are put from any thread with
    :meth:`put` (mouse, keyboard, camera, tap file) and wake the waiting scheduler at once.
    ``start_ms`` lets a resumed game continue at the game time it had reached.
    """

    def __init__(self, start_ms: int = 0, *, monotonic_ns=time.monotonic_ns):
        self._mono = monotonic_ns
        self._origin_ns = self._mono() - start_ms * 1_000_000
        self._q: queue.Queue = queue.Queue()
        self._paused_at_ns: int | None = None
        self._lock = threading.Lock()

    # -- time -----------------------------------------------------------------
    def now(self) -> int:
        with self._lock:
            ref = self._paused_at_ns if self._paused_at_ns is not None else self._mono()
            return (ref - self._origin_ns) // 1_000_000

    def _now_ns(self) -> int:
        ref = self._paused_at_ns if self._paused_at_ns is not None else self._mono()
        return ref - self._origin_ns

    @property
    def paused(self) -> bool:
        return self._paused_at_ns is not None

    def pause(self) -> None:
        with self._lock:
            if self._paused_at_ns is None:
                self._paused_at_ns = self._mono()
        self._q.put(_WAKE)

    def resume(self) -> None:
        with self._lock:
            if self._paused_at_ns is not None:
                self._origin_ns += self._mono() - self._paused_at_ns
                self._paused_at_ns = None
        self._q.put(_WAKE)

    # -- input ----------------------------------------------------------------
    def put(self, tap_id: str) -> None:
        """Called from any thread: a tap happens now. While paused it is dropped (the game is
        frozen); a tap put before a pause is still delivered, at the instant of the pause."""
        with self._lock:
            if self._paused_at_ns is not None:
                return
        self._q.put(tap_id)

    def wake(self) -> None:
        """Make a blocked :meth:`wait` return (e.g. to quit); it returns ``None`` early."""
        self._q.put(_WAKE)

    def drain(self) -> list[str]:
        """The tap ids put and not yet taken (in order), taken now: a live game that stops
        still plays the taps that came before (piped input that ends at once)."""
        out = []
        while True:
            try:
                item = self._q.get_nowait()
            except queue.Empty:
                return out
            if item is not _WAKE:
                out.append(item)

    def wait(self, deadline: int | None) -> Tap | None:
        """As the module contract; may also return ``None`` early after :meth:`wake`,
        :meth:`pause` or :meth:`resume`, so callers only fire what is due at ``now()``."""
        while True:
            with self._lock:
                paused = self._paused_at_ns is not None
                now_ns = self._now_ns()
            if not paused and deadline is not None and now_ns >= deadline * 1_000_000:
                return None
            timeout = None
            if not paused and deadline is not None:
                timeout = (deadline * 1_000_000 - now_ns) / 1e9
            try:
                if timeout is None or timeout > _SPIN_S:
                    # sleep on the queue until just before the deadline (a tap wakes us at once)
                    item = self._q.get(timeout=None if timeout is None else timeout - _SPIN_S)
                else:
                    # the last stretch: poll, so the wake-up is not late by a scheduler tick
                    item = self._q.get_nowait()
            except queue.Empty:
                if timeout is not None and timeout <= _SPIN_S:
                    time.sleep(0)
                continue  # re-check against the monotonic clock: never return early
            if item is _WAKE:
                return None
            # a tap put before a pause and taken after it is not lost: now() is the pause's instant
            t = self.now()
            if deadline is not None and t >= deadline:
                # it was queued before the deadline's work ran: stamp it before the deadline so
                # a replay in virtual time (where deadline work wins ties) gives the same order
                t = deadline - 1
            return Tap(item, t)

    def sleep_until(self, t_ms: int) -> None:
        """Block until game time ``t_ms`` (benchmarks, tests): the same path as a real wait;
        taps arriving meanwhile are dropped."""
        while self.now() < t_ms or self.paused:
            self.wait(t_ms)
