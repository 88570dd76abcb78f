"""A live game: the pen session on a :class:`RealClock`, driven by a background thread,
journaled so that a crash or a closed window loses nothing.

Threads: any number of input adapters call :meth:`LiveGame.put_tap` (mouse, keyboard, camera,
tap file); one driver thread waits on the clock and runs taps and timers under ``lock``; front
ends read ``session`` (and ``session.game.state()``) under ``lock`` and get every event through
``listeners`` (called on the driver thread: hand them to your own queue).

Scripted taps (``play --taps``, :class:`Scenario`): the file's whole setup is used (hidden
entries, plans, seed, players…), and each tap is delivered with its scripted time as its stamp,
after every timer due at or before that time, exactly as :func:`run_scenario` delivers it in
virtual time; so a live game from a file gives the same events at the same game times as
``simulate``. Such a game ends (``finished`` is set) when it is over or its ``until`` is passed.

Journal (JSON lines, flushed per record): ``start`` (game, seed, lang, unit_seconds, and the
setup when the login was skipped), then ``tap`` (id, t_ms) for every tap (fsynced) and ``clock``
(t_ms) every :data:`CLOCK_RECORD_MS` and right after timers fired (flushed only: cheap, and a
killed process loses nothing the system has). :func:`resume_live` checks every record, replays
the taps in virtual time up to the last known clock time, then goes on in real time from there:
the same state as at the crash, the clock at most ``CLOCK_RECORD_MS`` behind it (and never
before a timer that had fired, so nothing is said twice).
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Callable

from tiptoi_sim.core.clock import RealClock, VirtualClock
from tiptoi_sim.core.events import Event
from tiptoi_sim.core.journal import Journal, JournalRead, RecordError, read_journal_checked, whole_ms
from tiptoi_sim.core.scheduler import Scheduler, run_loop
from tiptoi_sim.core.taps import Tap
from tiptoi_sim.millionen_coup.data import GameData
from tiptoi_sim.millionen_coup.scenario import Scenario, setup_record, start_from_record, start_scenario
from tiptoi_sim.millionen_coup.session import PenSession

CLOCK_RECORD_MS = 100
#: the ``game`` field of a pen journal's start record
GAME_ID = "millionen-coup"


class LiveGame:
    def __init__(self, data: GameData, *, seed: int, lang: str = "de", unit_seconds: float | None = None,
                 journal_path: str | Path | None = None, setup: dict[str, Any] | None = None,
                 power_on: bool = False, scenario: Scenario | None = None, stop_at_end: bool = True,
                 _session: PenSession | None = None, _start_ms: int = 0,
                 _scheduler: Scheduler | None = None, journal: Journal | None = None):
        """``setup`` (players, difficulty, tutorial) skips the login; ``scenario`` plays a
        scenario file's game and feeds its taps (its seed, language and unit win over the
        arguments: rescale it first with :func:`~tiptoi_sim.millionen_coup.scenario.rescaled`).
        When the scenario is done (over, or past its ``until``) ``finished`` is set; with
        ``stop_at_end`` the driver stops there (the terminal ends), else the game goes on live
        (the window: the players may tap on, or start a new game).
        The game begins in :meth:`start`, once the front ends listen."""
        if scenario is not None:
            seed, lang, unit_seconds = scenario.seed, scenario.lang, scenario.unit_seconds
            setup = setup_record(scenario)
        self.scenario = scenario
        self._script = sorted(scenario.taps, key=lambda t: t.t_ms) if scenario else []
        self._si = 0
        self.until_ms = scenario.until_ms if scenario else None
        self.finished = threading.Event()   # a scripted game is over, or past its until
        self.stop_at_end = stop_at_end
        self._early: list[str] = []          # taps put before start()
        self._start_ms = _start_ms
        self._setup = setup if _session is None else None
        self.data = data
        self.lock = threading.RLock()
        self.listeners: list[Callable[[Event], None]] = []
        self.scheduler = _scheduler or Scheduler()
        self.session = _session or PenSession(data, seed=seed, lang=lang, scheduler=self.scheduler,
                                              unit_seconds=unit_seconds)
        self.session.keep_events = False
        self.session.listeners.append(self._relay)
        self.clock = RealClock(start_ms=_start_ms)
        if journal is None and journal_path is not None:
            journal = Journal.create(journal_path)  # never over an existing journal
        self.journal = journal
        self.journal_path = journal.path if journal is not None else None
        #: set by :func:`resume_live`: what was resumed (for the message the front end prints)
        self.resumed: dict[str, Any] | None = None
        if self.journal and _session is None:
            self.journal.write({"kind": "start", "game": GAME_ID, "seed": seed, "lang": lang,
                                "unit_seconds": unit_seconds, "setup": setup})
        self._quit = False
        self._stopped = False
        self._power_on = power_on and _session is None and not setup
        self._last_clock_record = _start_ms
        self._journaled_clock = _start_ms
        self._thread: threading.Thread | None = None

    # -- input (any thread) ------------------------------------------------------
    def put_tap(self, tap_id: str) -> None:
        """A tap now (any thread). While the game is paused the tap is refused with a ``notice``
        event (said and printed by the front ends), never dropped without a word."""
        if self.clock.paused:
            with self.lock:
                text = self.session.phrases.render("live.paused")
                g = self.session.game
                t = self.clock.now() - g.origin if g is not None else 0
            self._relay(Event(t, "notice", {"text": text, "key": "live.paused", "tap": tap_id}))
            return
        if self._thread is None:
            self._early.append(tap_id)  # before start(): delivered when the clock begins
            return
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
        deadline = clock_tick if nd is None else min(nd, clock_tick)
        if self.until_ms is not None:
            deadline = min(deadline, self.until_ms + 1)  # taps and work at until are included
        return deadline

    def _next_scripted(self) -> Tap | None:
        return self._script[self._si] if self._si < len(self._script) else None

    def _wait(self, deadline: int) -> Tap | None:
        """The next tap before ``deadline``: a live one stamped when it came, or the next
        scripted one stamped with its scripted time once the real clock reaches it. Timers due
        at a scripted tap's time come first (``deadline`` is the next timer)."""
        nxt = self._next_scripted()
        if nxt is None or nxt.t_ms >= deadline:
            return self.clock.wait(deadline)
        tap = self.clock.wait(nxt.t_ms)
        if tap is not None:
            return tap
        if not self.clock.paused and self.clock.now() >= nxt.t_ms:
            self._si += 1
            return Tap(nxt.id, nxt.t_ms)
        return None

    def _script_done(self) -> bool:
        """A scripted game ends when it is over, or once its ``until`` has passed."""
        if self.scenario is None:
            return False
        if self.session.over:
            return True
        if self.until_ms is None or self.clock.now() <= self.until_ms:
            return False
        # everything at or before until has happened: scripted taps and timers alike
        nxt = self._next_scripted()
        if nxt is not None and nxt.t_ms <= self.until_ms:
            return False
        nd = self.scheduler.next_deadline()
        return nd is None or nd > self.until_ms

    def _drive(self) -> None:
        try:
            self._drive_loop()
            if self._quit:
                self._play_left_over_taps()
        finally:
            if self.scenario is not None:
                self.finished.set()

    def _play_left_over_taps(self) -> None:
        """Taps put before :meth:`stop` are played, not lost (typed lines piped into the terminal
        end with the input at once): each at the time it is taken, after the timers due then,
        as a replay of the journal plays it."""
        for tap_id in self.clock.drain():
            with self.lock:
                if self.scenario is not None and self.session.over:
                    return
                now = max(self.clock.now(), self.session.now)
                self.session.now = now
                self.scheduler.fire_due(now, lambda: self.session.over)
            self._handle(Tap(tap_id, now))

    def _drive_loop(self) -> None:
        scripted = self.scenario is not None
        while not self._quit:
            with self.lock:
                if scripted and self._script_done():
                    if self.stop_at_end:
                        return
                    # the script is done; the game goes on as a live one
                    scripted, self.until_ms = False, None
                    self._script, self._si = [], 0
                    self.finished.set()
            deadline = self._next_deadline()
            tap = self._wait(deadline)
            if self._quit:
                if tap is not None:
                    self._handle(tap)  # taken just as the game stops: played, not lost
                break
            if tap is not None:
                self._handle(tap)
                continue
            now = self.clock.now()
            # never run timers past the next scripted tap or the scenario's until: a late wake-up
            # must not change the order of the game
            limit = now
            nxt = self._next_scripted()
            if nxt is not None:
                limit = min(limit, nxt.t_ms)
            if self.until_ms is not None:
                limit = min(limit, self.until_ms)
            with self.lock:
                self.session.now = limit
                fired = self.scheduler.fire_due(limit, (lambda: self.session.over) if scripted else (lambda: False))
                self._clock_record(now, fired=bool(fired))

    def _clock_record(self, now: int, *, fired: bool) -> None:
        """Journal the clock (flush only) when a timer fired or CLOCK_RECORD_MS went by."""
        if now - self._last_clock_record >= CLOCK_RECORD_MS or (fired and now > self._last_clock_record):
            if self.journal and now > self._journaled_clock:
                self.journal.write({"kind": "clock", "t_ms": now}, sync=False)
                self._journaled_clock = now
            self._last_clock_record = now

    def start(self) -> "LiveGame":
        """Begin: the clock starts at the game's start time now, a set-up or scripted game
        begins (its first words go to the listeners already attached), the driver runs.
        Calling it again does nothing."""
        if self._thread is not None:
            return self
        self.clock = RealClock(start_ms=self._start_ms)
        with self.lock:
            if self._setup:
                self.session.now = self._start_ms
                if self.scenario is not None:
                    start_scenario(self.session, self.scenario, self.data)
                else:
                    start_from_record(self.session, self._setup, self.data)
        self._thread = threading.Thread(target=self._drive, name="tiptoi-scheduler", daemon=True)
        self._thread.start()
        if self._power_on:
            self.put_tap("nav:power")  # the terminal has no power symbol to click: switch on
        for tap_id in self._early:
            self.clock.put(tap_id)
        self._early.clear()
        return self

    def stop(self) -> None:
        """End the game: the taps put before are still played, the journal is closed. Calling
        it again does nothing."""
        if self._stopped:
            return
        self._stopped = True
        self._quit = True
        self.clock.wake()
        if self._thread is not None:
            self._thread.join(timeout=5)
        if self.journal:
            with self.lock:
                self.journal.write({"kind": "clock", "t_ms": self.clock.now()})
            self.journal.close()


def check_record(data: GameData) -> Callable[[dict[str, Any], int], None]:
    """The record check for a pen journal: kinds, fields, types and ids this game knows."""
    from tiptoi_sim.core.numbers import SEED_MAX, UNIT_SECONDS_MAX, UNIT_SECONDS_MIN
    from tiptoi_sim.millionen_coup.taps import all_tap_ids

    tap_ids = set(all_tap_ids(data))
    last = [0, 0]  # the last tap's time, the last clock record's time

    def check(rec: dict[str, Any], index: int) -> None:
        kind = rec["kind"]
        if index == 0:
            if kind != "start":
                raise RecordError(f"the first record is {kind!r}, not the start of a game")
            game = rec.get("game", GAME_ID)
            if game != GAME_ID:
                hint = f"tiptoi-sim assist {game} --resume FILE" if isinstance(game, str) else "another program"
                raise RecordError(f"a journal of {game!r}, not of Der Millionen-Coup (continue it with {hint})"[:200])
            _check_start(rec, data, SEED_MAX, UNIT_SECONDS_MIN, UNIT_SECONDS_MAX)
            last[:] = [0, 0]
            return
        if kind == "start":
            raise RecordError("a second start record")
        if kind not in ("tap", "clock"):
            raise RecordError(f"unknown record kind {kind!r}"[:120])
        t = whole_ms(rec.get("t_ms"))
        # taps come in order, clock records too; a tap may be stamped a little before a clock
        # record written just ahead of it (the driver stamps a tap queued before a deadline
        # just before it), never by more than a second
        last_tap, last_clock = last
        if (kind == "tap" and (t < last_tap or t < last_clock - 1000)) or (kind == "clock" and t < last_clock):
            raise RecordError(f"t_ms {t} goes back in time (after {max(last_tap, last_clock)})")
        if kind == "tap":
            tid = rec.get("id")
            if not isinstance(tid, str) or tid not in tap_ids:
                raise RecordError(f"a tap without a tap id of this game: {tid!r}"[:120])
            last[0] = t
        else:
            last[1] = t

    return check


def _check_start(rec: dict[str, Any], data: GameData, seed_max: int, unit_lo: float, unit_hi: float) -> None:
    seed = rec.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) > seed_max:
        raise RecordError(f"start: the seed is not a whole number: {seed!r}"[:120])
    if not isinstance(rec.get("lang"), str) or rec["lang"] not in data.phrases:
        raise RecordError(f"start: unknown language {rec.get('lang')!r}"[:120])
    unit = rec.get("unit_seconds")
    if unit is not None and (isinstance(unit, bool) or not isinstance(unit, (int, float))
                             or not unit_lo <= unit <= unit_hi):
        raise RecordError(f"start: unit_seconds is not {unit_lo} to {unit_hi} seconds: {unit!r}"[:120])
    setup = rec.get("setup")
    if setup is None:
        return
    if not isinstance(setup, dict) or not isinstance(setup.get("players"), dict) or not setup["players"]:
        raise RecordError("start: the setup has no players")
    seen = set()
    for colour, ch in setup["players"].items():
        if not isinstance(colour, str) or colour not in data.colours:
            raise RecordError(f"start: unknown player colour {colour!r}"[:120])
        if not isinstance(ch, str) or ch not in data.characters:
            raise RecordError(f"start: unknown character {ch!r}"[:120])
        if ch in seen:
            raise RecordError(f"start: {ch} is played twice")
        seen.add(ch)
    difficulty = setup.get("difficulty", "normal")
    if not isinstance(difficulty, str) or difficulty not in data.difficulties:
        raise RecordError(f"start: unknown difficulty {setup.get('difficulty')!r}"[:120])
    if not isinstance(setup.get("tutorial", False), bool):
        raise RecordError("start: tutorial is not true or false")


def read_live_journal(data: GameData, journal_path: str | Path) -> JournalRead:
    """Read and check a pen journal (see :func:`tiptoi_sim.core.journal.read_journal_checked`)."""
    return read_journal_checked(journal_path, check_record(data))


def holds_game(data: GameData, journal_path: str | Path) -> bool:
    """True if the journal is a good pen journal with a game in it (a setup, or taps)."""
    read = read_live_journal(data, journal_path)
    return bool(read.records[0].get("setup")) or any(r["kind"] == "tap" for r in read.records)


def replay_journal(data: GameData, read: JournalRead, *, listeners: tuple[Callable[[Event], None], ...] = (),
                   stop_when_over: bool = False) -> tuple[PenSession, Scheduler, int, int]:
    """Replay a checked journal's taps in virtual time up to its last known clock time.
    Returns the session, its scheduler, that time in ms and the number of taps. ``listeners``
    hear the replay as a live front end heard the game (front ends listen before the game
    begins, so they hear the set-up's first words too)."""
    records = read.records
    start = records[0]
    taps = [Tap(r["id"], r["t_ms"]) for r in records if r["kind"] == "tap"]
    last = max([r["t_ms"] for r in records if r["kind"] in ("tap", "clock")] or [0])
    scheduler = Scheduler()
    session = PenSession(data, seed=start["seed"], lang=start["lang"],
                         scheduler=scheduler, unit_seconds=start.get("unit_seconds"))
    session.listeners.extend(listeners)
    if start.get("setup"):
        start_from_record(session, start["setup"], data)
    stop = (lambda: session.over) if stop_when_over else (lambda: False)
    run_loop(VirtualClock(taps), scheduler, session.tap, stop, until_ms=last)
    return session, scheduler, last, len(taps)


def resume_live(data: GameData, journal_path: str | Path, *,
                listeners: tuple[Callable[[Event], None], ...] = ()) -> LiveGame:
    """Rebuild a live game from its journal: same taps, same state, same clock.

    Every record is checked first (a damaged or foreign journal is refused with its line); a
    damaged tail is dropped, cut off the file, and named in ``live.resumed["dropped"]``."""
    read = read_live_journal(data, journal_path)
    session, scheduler, last, n_taps = replay_journal(data, read, listeners=listeners)
    session.now = last
    live = LiveGame(data, seed=session.seed, lang=session.lang, journal=Journal.continue_after(read),
                    _session=session, _start_ms=last, _scheduler=scheduler)
    live.resumed = {"path": str(read.path), "t_ms": last, "taps": n_taps, "dropped": list(read.dropped)}
    return live
