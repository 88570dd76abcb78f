"""Fixes to the shared front ends found while building Rette die Million!:

- a running countdown survived no command at all: every accepted command restarted it and every
  refusal cancelled it, so a team placing chips under the time limit reset the clock with each
  chip. Now the countdown starts when ``timer_seconds()`` starts returning a value or the game's
  ``timer_key()`` changes, and other commands leave it alone;
- a click on the state panel can be a command (``click_state``): chips onto windows.
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).parent / "rette_die_million"))

from rdm_helpers import new_session, ok, right  # noqa: E402

from tiptoi_sim.assistants import frontends, screen  # noqa: E402
from tiptoi_sim.speech.api import SilentSpeaker  # noqa: E402


class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def monotonic(self):
        return self.now


def test_screen_countdown_survives_chips_and_refusals(monkeypatch):
    clock = FakeClock()
    monkeypatch.setattr(screen.time, "monotonic", clock.monotonic)
    s = new_session("en", seed=3, options={"timer": 60})
    ok(s, "team X x", "start")
    scr = screen.TableScreen(s, SilentSpeaker())
    try:
        scr.run_command("choose 1")
        assert scr.timer_end == 1060.0
        clock.now += 10
        scr.run_command("put 1 A")
        scr.run_command("put 99 B")              # refused
        assert scr.timer_end == 1060.0
        scr.run_command("joker")                 # a new question: a new countdown
        assert scr.timer_end == 1070.0
        scr.run_command("put 2 A")
        clock.now += 61
        scr.tick_timer()                         # runs out: the screen sends timeout
        assert s.game.phase == "locked" and scr.timer_end is None
        assert s.game.run.chips == 2
    finally:
        scr.pg.display.quit()


def test_screen_click_puts_and_takes_chips():
    from tiptoi_sim.assistants.rette_die_million.panel import layout

    s = new_session("en", seed=3)
    ok(s, "team X x", "start", "choose 1")
    scr = screen.TableScreen(s, SilentSpeaker())
    try:
        scr.draw()
        win_b = layout(scr.state_rect, 4)["windows"][1]
        pg = scr.pg
        scr.handle_event(pg.event.Event(pg.MOUSEBUTTONDOWN, button=1, pos=win_b.center))
        scr.handle_event(pg.event.Event(pg.MOUSEBUTTONDOWN, button=1, pos=win_b.center))
        assert s.game.run.stakes == {"B": 2}
        scr.handle_event(pg.event.Event(pg.MOUSEBUTTONDOWN, button=3, pos=win_b.center))
        assert s.game.run.stakes == {"B": 1}
        scr.handle_event(pg.event.Event(pg.MOUSEBUTTONDOWN, button=1, pos=(1, 1)))  # not on the panel
        assert s.game.run.stakes == {"B": 1}
    finally:
        pg.display.quit()


def test_terminal_countdown_survives_chips_and_refusals(monkeypatch):
    started, cancelled = [], []

    class FakeTimer:
        def __init__(self, secs, fn):
            self.secs, self.fn, self.daemon = secs, fn, False

        def start(self):
            started.append(self)

        def cancel(self):
            cancelled.append(self)

    monkeypatch.setattr(frontends.threading, "Timer", FakeTimer)
    s = new_session("en", seed=3, options={"timer": 45})
    lines = ["team X x", "start", "choose 1", "put 1 A", "put 99 B", "put 2 C"]
    frontends.run_terminal(s, SilentSpeaker(), inp=io.StringIO("\n".join(lines) + "\n"), out=io.StringIO())
    assert [t.secs for t in started] == [45]

    s2 = new_session("en", seed=3, options={"timer": 45})
    ok(s2, "team X x", "start", "choose 1")
    lines = ["joker", f"stake {right(s2)}=40", "lock"]
    started.clear()
    cancelled.clear()
    out = io.StringIO()
    frontends.run_terminal(s2, SilentSpeaker(), inp=io.StringIO("\n".join(lines) + "\n"), out=out)
    assert [t.secs for t in started] == [45]          # the joker's new question
    assert started[0] in cancelled                    # lock stopped it
