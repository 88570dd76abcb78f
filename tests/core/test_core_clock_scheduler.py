"""The one scheduler and its two clocks."""

import threading
import time

from tiptoi_sim.core.clock import RealClock, VirtualClock
from tiptoi_sim.core.scheduler import Scheduler, run_loop
from tiptoi_sim.core.taps import Tap


def test_same_instant_work_runs_in_order_then_taps():
    s = Scheduler()
    seen = []
    s.at(10, (3,), lambda: seen.append("limit"))
    s.at(10, (0, 2), lambda: seen.append("yellow done"))
    s.at(10, (1,), lambda: seen.append("guard"))
    s.at(10, (0, 0), lambda: seen.append("red done"))
    s.at(5, (9,), lambda: seen.append("early"))
    clock = VirtualClock([Tap("tap@10", 10), Tap("tap@4", 4)])
    run_loop(clock, s, lambda t: seen.append(f"{t.id} at {t.t_ms}"), lambda: False)
    assert seen == ["tap@4 at 4", "early", "red done", "yellow done", "guard", "limit", "tap@10 at 10"]


def test_work_scheduled_for_now_by_a_callback_still_runs_in_order():
    s = Scheduler()
    seen = []
    s.at(7, (1,), lambda: (seen.append("a"), s.at(7, (0,), lambda: seen.append("b"))))
    s.at(7, (2,), lambda: seen.append("c"))
    s.fire_due(7)
    assert seen == ["a", "b", "c"]


def test_cancel_and_until():
    s = Scheduler()
    seen = []
    t = s.at(3, (0,), lambda: seen.append(3))
    s.at(5, (0,), lambda: seen.append(5))
    s.at(9, (0,), lambda: seen.append(9))
    s.cancel(t)
    clock = VirtualClock([Tap("x", 5), Tap("y", 6)])
    run_loop(clock, s, lambda tap: seen.append(tap.id), lambda: False, until_ms=5)
    assert seen == [5, "x"]  # work and taps at exactly until are included, nothing after


def test_virtual_clock_jumps_without_sleeping():
    s = Scheduler()
    n = [0]

    def tick():
        n[0] += 1
        if n[0] < 100_000:
            s.at(s_now[0] + 30_000, (0,), tick)
    s_now = [0]
    clock = VirtualClock()
    orig = s.fire_due

    def fire(now, stop=lambda: False):
        s_now[0] = now
        return orig(now, stop)
    s.fire_due = fire
    s.at(0, (0,), tick)
    t0 = time.perf_counter()
    run_loop(clock, s, lambda t: None, lambda: False)
    assert n[0] == 100_000 and clock.now() == 99_999 * 30_000
    assert time.perf_counter() - t0 < 60  # virtual: 34 days of game time without waiting


def test_real_clock_wakes_at_once_on_a_tap_and_stamps_it():
    clock = RealClock()
    threading.Timer(0.05, lambda: clock.put("room:lobby")).start()
    tap = clock.wait(60_000)  # a deadline a minute away: the tap must end the wait
    assert tap is not None and tap.id == "room:lobby"
    assert 30 <= tap.t_ms < 60_000
    assert clock.now() < 10_000


def test_real_clock_deadlines_are_absolute_and_never_early():
    clock = RealClock()
    for deadline in (20, 40, 60):
        assert clock.wait(deadline) is None
        assert clock.now() >= deadline


def test_real_clock_pause_freezes_game_time_and_drops_taps():
    clock = RealClock(start_ms=5000)
    clock.pause()
    t = clock.now()
    clock.put("go")
    time.sleep(0.05)
    assert clock.now() == t
    threading.Timer(0.05, clock.resume).start()
    clock.sleep_until(t + 20)  # the tap put while paused is never delivered
    assert clock.now() >= t + 20


def test_real_clock_tap_dequeued_after_the_deadline_is_stamped_before_it():
    # a fake monotonic clock: the deadline passes between the check and the dequeue of a tap
    # that was already waiting, so the tap is handled before the deadline's work and must
    # be stamped before the deadline, or a replay in virtual time would order them otherwise
    readings = iter([0, 0, 10_000_000, 10_000_000])
    clock = RealClock(monotonic_ns=lambda: next(readings))
    clock.put("x")
    tap = clock.wait(5)
    assert tap is not None and tap.t_ms == 4
