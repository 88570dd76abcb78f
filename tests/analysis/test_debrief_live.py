"""The debrief after a live game: the window shows it on key D (headless pygame), the terminal
writes the picture and says where."""

from __future__ import annotations

import io
import time

import pygame

from tiptoi_sim.millionen_coup.live import LiveGame


class QuietSpeaker:
    def say(self, text, *, interrupt=False): pass
    def stop(self): pass
    def repeat(self): pass
    def close(self): pass
    def prefetch(self, texts): pass
    def play_sound(self, name, *, loops=0): pass
    def stop_sound(self, name=None): pass


def _until(pred, step, timeout=10.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        step()
        if pred():
            return True
        time.sleep(0.01)
    return False


def test_window_shows_the_debrief_on_key_d(data, tmp_path, monkeypatch):
    from tiptoi_sim.screen.app import PenWindow

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    # a hard game at 0.02 s per unit: the clock runs out in under two seconds
    live = LiveGame(data, seed=3, lang="en", unit_seconds=0.02,
                    setup={"players": {"red": "oliver_crow", "blue": "ben"}, "difficulty": "hard"})
    win = PenWindow(live, speaker=QuietSpeaker(), size=(1000, 700))
    live.start()
    try:
        win.step()
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="d"))
        win.step()
        assert win.debrief_image is None and win.typed == "d"      # before the end, D is just typing
        win.typed = ""
        live.put_tap("go")
        assert _until(lambda: win.debrief.over, win.step), "the game did not end"
        win.step()
        assert win.notice == "D: debrief"
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="d"))
        win.step()
        assert win.debrief_image is not None, win.notice
        files = list((tmp_path / "tiptoi-sim" / "debriefs").glob("*.png"))
        assert len(files) == 1 and str(files[0]) in win.notice
        win.save_screenshot(tmp_path / "shown.png")
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x", scancode=0))
        win.step()
        assert win.debrief_image is None                             # any key closes it
    finally:
        live.stop()
        if win.running:
            win.close()


def test_terminal_writes_the_debrief_and_says_where(data, tmp_path, monkeypatch):
    from tiptoi_sim.millionen_coup.terminal import TerminalUI

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    live = LiveGame(data, seed=3, lang="de", unit_seconds=0.02,
                    setup={"players": {"red": "oliver_crow"}, "difficulty": "hard"})
    out = io.StringIO()
    ui = TerminalUI(live, QuietSpeaker(), out=out)
    live.start()
    try:
        ui.handle_line("go")
        assert _until(lambda: ui.debrief.over, lambda: None)
        assert _until(lambda: not ui.q.empty() or "debrief" in out.getvalue(), lambda: None)
        while not ui.q.empty():
            ui.show(ui.q.get())
    finally:
        live.stop()
    text = out.getvalue()
    files = list((tmp_path / "tiptoi-sim" / "debriefs").glob("*.png"))
    assert len(files) == 1 and f"[debrief picture: {files[0]}]" in text
