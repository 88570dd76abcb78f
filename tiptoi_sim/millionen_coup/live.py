"""A live game: the pen session on a :class:`RealClock`, driven by a background thread,
journaled so that a crash or a closed window loses nothing.

Threads: any number of input adapters call :meth:`LiveGame.put_tap` (mouse, keyboard, camera,
tap file); one driver thread waits on the clock and runs taps and timers under ``lock``; front
ends read ``session`` (and ``session.game.state()``) under ``lock`` and get every event through
``listeners`` (called on the driver thread: hand them to your own queue).

Journal (JSON lines, flushed per record): ``start`` (seed, lang, unit_seconds, and the setup
when the login was skipped), then ``tap`` (id, t_ms) for every tap and ``clock`` (t_ms) about
once a second. :func:`resume_live` replays the taps in virtual time up to the last known clock
time, then goes on in real time from there: the same state and clock as before the crash.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Callable

from tiptoi_sim.core.clock import RealClock, VirtualClock
from tiptoi_sim.core.errors import DataError
from tiptoi_sim.core.events import Event
from tiptoi_sim.core.journal import Journal, read_journal
from tiptoi_sim.core.scheduler import Scheduler, run_loop
from tiptoi_sim.core.taps import Tap
from tiptoi_sim.millionen_coup.data import GameData
from tiptoi_sim.millionen_coup.session import PenSession

CLOCK_RECORD_MS = 1000


class LiveGame:
    def __init__(self, data: GameData, *, seed: int, lang: str = "de", unit_seconds: float | None = None,
                 journal_path: str | Path | None = None, setup: dict[str, Any] | None = None,
                 power_on: bool = False, _session: PenSession | None = None, _start_ms: int = 0,
                 _scheduler: Scheduler | None = None):
        self.data = data
        self.lock = threading.RLock()
        self.listeners: list[Callable[[Event], None]] = []
        self.scheduler = _scheduler or Scheduler()
        self.session = _session or PenSession(data, seed=seed, lang=lang, scheduler=self.scheduler,
                                              unit_seconds=unit_seconds)
        self.session.keep_events = False
        self.session.listeners.append(self._relay)
        self.clock = RealClock(start_ms=_start_ms)
        self.journal = Journal(journal_path, append=_session is not None) if journal_path else None
        self.journal_path = journal_path
        if self.journal and _session is None:
            self.journal.write({"kind": "start", "seed": seed, "lang": lang, "unit_seconds": unit_seconds,
                                "setup": setup})
        self._quit = False
        self._power_on = power_on and _session is None and not setup
        self._last_clock_record = _start_ms
        self._thread: threading.Thread | None = None
        if _session is None:
            with self.lock:
                self.session.now = _start_ms
                if setup:
                    self.session.start_game(setup["players"], difficulty=setup.get("difficulty", "normal"),
                                            tutorial=setup.get("tutorial", False))

    # -- input (any thread) ------------------------------------------------------
    def put_tap(self, tap_id: str) -> None:
        self.clock.put(tap_id)

    def pause(self) -> None:
        self.clock.pause()

    def resume(self) -> None:
        self.clock.resume()

    @property
    def paused(self) -> bool:
        return self.clock.paused

    def now_ms(self) -> int:
        return self.clock.now()

    # -- driver ------------------------------------------------------------------
    def _relay(self, ev: Event) -> None:
        for fn in list(self.listeners):
            fn(ev)

    def _handle(self, tap: Tap) -> None:
        with self.lock:
            if self.journal:
                self.journal.write({"kind": "tap", "id": tap.id, "t_ms": tap.t_ms})
            self.session.tap(tap)

    def _next_deadline(self) -> int:
        nd = self.scheduler.next_deadline()
        clock_tick = self._last_clock_record + CLOCK_RECORD_MS
        return clock_tick if nd is None else min(nd, clock_tick)

    def _drive(self) -> None:
        while not self._quit:
            deadline = self._next_deadline()
            tap = self.clock.wait(deadline)
            if self._quit:
                break
            if tap is not None:
                self._handle(tap)
                continue
            now = self.clock.now()
            with self.lock:
                self.session.now = now
                self.scheduler.fire_due(now)
                if self.journal and now - self._last_clock_record >= CLOCK_RECORD_MS:
                    self.journal.write({"kind": "clock", "t_ms": now})
                    self._last_clock_record = now
                elif now - self._last_clock_record >= CLOCK_RECORD_MS:
                    self._last_clock_record = now

    def start(self) -> "LiveGame":
        self._thread = threading.Thread(target=self._drive, name="tiptoi-scheduler", daemon=True)
        self._thread.start()
        if self._power_on:
            self.put_tap("nav:power")  # the terminal has no power symbol to click: switch on
        return self

    def stop(self) -> None:
        self._quit = True
        self.clock.wake()
        if self._thread is not None:
            self._thread.join(timeout=5)
        if self.journal:
            with self.lock:
                self.journal.write({"kind": "clock", "t_ms": self.clock.now()})
            self.journal.close()


def resume_live(data: GameData, journal_path: str | Path) -> LiveGame:
    """Rebuild a live game from its journal: same taps, same state, same clock."""
    records = read_journal(journal_path)
    if not records or records[0].get("kind") != "start":
        raise DataError(journal_path, None, "a journal that begins with a start record", 1)
    start = records[0]
    taps = [Tap(r["id"], int(r["t_ms"])) for r in records if r.get("kind") == "tap"]
    last = max([int(r["t_ms"]) for r in records if r.get("kind") in ("tap", "clock")] or [0])
    scheduler = Scheduler()
    session = PenSession(data, seed=int(start.get("seed", 0)), lang=start.get("lang", "de"),
                         scheduler=scheduler, unit_seconds=start.get("unit_seconds"))
    setup = start.get("setup")
    taps_to_replay = taps
    if setup:
        session.start_game(setup["players"], difficulty=setup.get("difficulty", "normal"),
                           tutorial=setup.get("tutorial", False))
    clock = VirtualClock(taps_to_replay)
    run_loop(clock, scheduler, session.tap, lambda: False, until_ms=last)
    session.now = last
    return LiveGame(data, seed=session.seed, lang=session.lang, journal_path=journal_path,
                    _session=session, _start_ms=last, _scheduler=scheduler)
