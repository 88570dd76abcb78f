"""The pen's window, for real, headless (SDL dummy video and audio): a scripted game played by
posted mouse clicks on hotspot centres and typed tap ids; screenshots checked for what must be
visible; speech and sounds checked through a recording speaker; the missing-display message."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pygame
import pytest

from tiptoi_sim.millionen_coup.data import load_game_data
from tiptoi_sim.millionen_coup.live import LiveGame
from tiptoi_sim.screen.app import PenWindow
from tiptoi_sim.screen.board_drawing import DIRECTOR_RGB, GUARD_RGB, PLAYER_RGB

REPO = Path(__file__).resolve().parents[2]


class RecordingSpeaker:
    """Stands in for the Speaker: records what the window asks of it."""

    def __init__(self):
        self.calls: list[tuple] = []

    def say(self, text, *, interrupt=False):
        self.calls.append(("say", text, interrupt))

    def stop(self):
        self.calls.append(("stop",))

    def repeat(self):
        self.calls.append(("repeat",))

    def close(self):
        self.calls.append(("close",))

    def prefetch(self, texts):
        pass

    def play_sound(self, name, *, loops=0):
        self.calls.append(("sound", name))

    def stop_sound(self, name=None):
        pass

    def sounds(self):
        return [c[1] for c in self.calls if c[0] == "sound"]

    def said(self):
        return [c[1] for c in self.calls if c[0] == "say"]


@pytest.fixture(scope="module")
def data():
    return load_game_data()


@pytest.fixture
def game(tmp_path, data):
    events = []
    live = LiveGame(data, seed=11, lang="en", unit_seconds=0.25, journal_path=tmp_path / "j.jsonl",
                    setup={"players": {"red": "oliver_crow", "blue": "kim"}})
    speaker = RecordingSpeaker()
    win = PenWindow(live, speaker=speaker, size=(1200, 800))
    live.listeners.append(events.append)  # after the window's: what the test sees, the window has queued
    live.start()
    win.step()
    yield live, win, speaker, events
    live.stop()
    if win.running:
        win.close()


def until(win, pred, timeout=8.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        win.step()
        if pred():
            win.step()  # the window takes the events the test has seen
            return True
        time.sleep(0.01)
    return False


def click(win, tid):
    pos = win.pixel_of(tid)
    assert win.layout.hit_test(*win.board_point(pos)) == tid
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    win.step()


def types(events):
    return [e.type for e in events]


def colour_pixels(img, win, room, rgb, tol=8):
    """How many pixels of colour ``rgb`` lie in a room's box in a screenshot."""
    r = win.painter.box_px(win.board_rect, f"room:{room}")
    crop = img[r.y:r.bottom, r.x:r.right].astype(int)
    return int((np.abs(crop - np.array(rgb)).max(axis=2) <= tol).sum())


def shot(win, path):
    win.save_screenshot(path)
    return np.asarray(pygame.surfarray.array3d(pygame.image.load(str(path)))).transpose(1, 0, 2)


def test_scripted_game_by_clicks(game, tmp_path):
    live, win, speaker, events = game
    # preparation: red learns run (three taps on the board)
    for tid in ("player:red", "learn", "skill:run"):
        click(win, tid)
    assert until(win, lambda: "action_started" in types(events)), types(events)
    started = [e for e in events if e.type == "action_started"][0]
    assert started.fields["player"] == "red" and started.fields["target"] == "skill:run"
    assert ("sound", "click") in speaker.calls and ("stop",) in speaker.calls
    # a new tap interrupts: the pen's answer to a tap is said with interrupt=True
    assert any(c[0] == "say" and c[2] for c in speaker.calls), speaker.calls
    click(win, "go")
    assert until(win, lambda: any(e.type == "phase" and e.fields["name"] == "execution" for e in events))
    # open the entrance (lock 1), then walk into the lobby
    for tid in ("player:red", "action:locks", "lock:1"):
        click(win, tid)
    assert until(win, lambda: any(e.type == "lock_opened" for e in events) or live.session.over), types(events)
    for tid in ("player:red", "action:walk", "room:lobby"):
        click(win, tid)
    assert until(win, lambda: (win.last_state or {}).get("players", {}).get("red", {}).get("room") == "lobby"
                 or live.session.over)
    img = shot(win, tmp_path / "game.png")
    state = win.last_state
    assert img.std() > 20  # not blank
    red_room = state["players"]["red"]["room"]
    blue_room = state["players"]["blue"]["room"]
    assert colour_pixels(img, win, red_room, PLAYER_RGB["red"]) > 30
    assert colour_pixels(img, win, blue_room, PLAYER_RGB["blue"]) > 30
    assert colour_pixels(img, win, state["guard"], GUARD_RGB) > 30
    # where nobody stands, no figure colours
    empty_rooms = set(win.painter.rooms) - {red_room, blue_room, state["guard"]}
    assert all(colour_pixels(img, win, r, PLAYER_RGB["red"]) == 0 for r in empty_rooms)
    # captions of what was said, and the sounds
    assert any("Go!" in c for c in win.captions)
    assert "done" in speaker.sounds() and "footsteps" in speaker.sounds()
    assert speaker.said()[-1] == win.captions[-1]
    # the director view: the guard's next rooms are marked
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F2, mod=0, unicode=""))
    win.step()
    img = shot(win, tmp_path / "director.png")
    nxt = win.last_state["director"]["guard_next"]
    if not win.last_state["outcome"]:
        assert nxt and colour_pixels(img, win, nxt[0], DIRECTOR_RGB) > 20


def test_keyboard_completion_pause_and_director(game, tmp_path):
    live, win, speaker, events = game
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="nav:inf"))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))
    win.step()
    assert win.typed == "nav:info"
    n = len(events)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert until(win, lambda: any(e.type == "say" for e in events[n:]))
    assert win.typed == "" and win.notice == "» nav:info"
    # an alias: "red" is player:red; an unknown word taps nothing
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="red"))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert until(win, lambda: events and events[-1].type == "tap_ack")
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="kitchen"))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    win.step()
    assert win.notice.startswith("? unknown tap 'kitchen'")
    # Space pauses the game clock, and resumes it
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    win.step()
    assert live.paused
    t0 = live.now_ms()
    time.sleep(0.1)
    assert live.now_ms() == t0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    win.step()
    assert not live.paused
    # F2: the director view adds the hidden part to what is drawn
    plain = shot(win, tmp_path / "plain.png")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F2, mod=0, unicode=""))
    win.step()
    assert win.director and "director" in win.last_state
    directed = shot(win, tmp_path / "director.png")
    assert directed.shape == plain.shape
    # Skip: the pen's skip event stops the speech
    speaker.calls.clear()
    click(win, "nav:skip")
    assert until(win, lambda: ("stop",) in speaker.calls)
    # Esc quits (once nothing is typed)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
    win.step()
    assert not win.running


def test_login_dialogue_by_clicks(tmp_path, data):
    live = LiveGame(data, seed=5, lang="de", unit_seconds=1, journal_path=tmp_path / "j.jsonl")
    events = []
    win = PenWindow(live, speaker=RecordingSpeaker(), size=(900, 640))
    live.listeners.append(events.append)
    live.start()
    try:
        win.step()
        for tid in ("nav:power", "nav:play", "player:blue", "char:lucy"):
            click(win, tid)
        assert until(win, lambda: live.session.login["players"] == {"blue": "lucy"})
        img = shot(win, tmp_path / "login.png")
        # the blue board shows its figure once blue joined; the red board stays empty
        board = win.painter.box_px(win.board_rect, "player:blue")
        crop = img[board.y:board.bottom, board.x:board.right].astype(int)
        assert (np.abs(crop - np.array(PLAYER_RGB["blue"])).max(axis=2) <= 8).sum() > 20
        for tid in ("level:easy",):
            click(win, tid)
        assert until(win, lambda: live.session.game is not None)
        assert win.last_state["players"]["blue"]["character"] == "lucy"
        assert any("Lucy" in c for c in win.captions)
    finally:
        live.stop()
        win.close()


def test_play_command_runs_the_window(tmp_path, monkeypatch):
    from tiptoi_sim.cli import main

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    png = tmp_path / "play.png"
    rc = main(["play", "--players", "red=ben", "--lang", "de", "--no-speech", "--frames", "5",
               "--screenshot", str(png), "--fullscreen", "--seed", "3"])
    assert rc == 0 and png.exists()
    img = pygame.image.load(str(png))
    assert img.get_width() > 300


def test_without_a_display_points_to_the_terminal(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["XDG_DATA_HOME"] = str(tmp_path)
    env["SDL_AUDIODRIVER"] = "dummy"
    p = subprocess.run([sys.executable, "-m", "tiptoi_sim", "play", "--no-speech", "--players", "red=ben"],
                       cwd=REPO, env=env, capture_output=True, text=True, timeout=60)
    assert p.returncode == 2
    assert "--ui terminal" in p.stderr and "Traceback" not in p.stderr
