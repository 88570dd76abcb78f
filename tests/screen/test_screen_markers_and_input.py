"""The window, headless: markers drawn on the board are hotspots for their ids (window, webcam
and `hotspots --json` alike); typed commands with spaces; taps while paused are refused
aloud; the clock counts down every second; a game set up with --players is announced."""

from __future__ import annotations

import json
import time
from types import SimpleNamespace

import numpy as np
import pygame
import pytest

from test_screen_app import RecordingSpeaker, until
from tiptoi_sim.millionen_coup.layout import MarkerHitTest, load_layout, marker_hotspots, table_spots
from tiptoi_sim.millionen_coup.live import LiveGame
from tiptoi_sim.screen.app import PenWindow, run_window, share_marker_hits
from tiptoi_sim.screen.board_drawing import LOCK_RGB


@pytest.fixture(scope="module")
def data():
    from tiptoi_sim.millionen_coup.data import load_game_data

    return load_game_data()


STATE = {
    "players": {"red": {"room": "lobby", "hidden": False}, "blue": {"room": "corridor_2", "hidden": False}},
    "guard": "break_room",
    "revealed": {"locks": {"2": ["corridor_4", "corridor_5"]},
                 "alarms": {"A": {"corridor": "corridor_2", "console": "cloakroom"}},
                 "waypoints": {"B": "archive"}},
    "opened_locks": [], "alarms_off": [],
}


def test_every_marker_drawn_is_a_hotspot_for_its_id(data):
    layout = load_layout(data=data)
    markers = marker_hotspots(layout, data, STATE)
    ids = [t for t, _ in markers]
    assert sorted(ids) == ["alarm:A", "console:A", "lock:1", "lock:2", "waypoint:B"]
    hit = MarkerHitTest(layout, data)
    hit.update(STATE)
    for tid, poly in markers:
        cx = sum(p[0] for p in poly) / 4
        cy = sum(p[1] for p in poly) / 4
        assert hit(cx, cy) == tid
        # the same point without the state is the room (or door) under the marker, not the marker
        assert layout.hit_test(cx, cy) != tid
    # the tray keeps its own hotspot for each id
    for tid in ids:
        c = layout.centre(tid)
        assert hit(*c) == tid


def test_markers_are_drawn_where_they_are_hit(data, tmp_path):
    from tiptoi_sim.screen.board_drawing import render_board_surface

    layout = load_layout(data=data)
    surf = render_board_surface(1200, data=data, layout=layout, state=STATE)
    img = pygame.surfarray.array3d(surf).swapaxes(0, 1)
    h, w = img.shape[:2]
    for sp in table_spots(layout, data, STATE):
        if sp.what and sp.what.startswith("lock:"):
            x, y = int(sp.x * w), int(sp.y * h)
            r = max(2, int(sp.radius * h))
            crop = img[y - r:y + r, x - r:x + r].astype(int)
            assert (np.abs(crop - np.array(LOCK_RGB)).max(axis=2) <= 8).sum() > 5, sp.what


def test_hotspots_json_lists_the_markers_of_a_scenario(tmp_path, capsys):
    from tiptoi_sim.cli import main

    f = tmp_path / "s.yaml"
    f.write_text("""
setup:
  seed: 2
  unit_seconds: 1
  players: {red: ben}
  hidden: {locks: {2: [corridor_4, corridor_5]}}
taps:
  - {at: 0, tap: [player:red, action:explore, explore:locks]}
until: 2
""", encoding="utf-8")
    assert main(["hotspots", "--json", "--scenario", str(f)]) == 0
    items = json.loads(capsys.readouterr().out)
    markers = [i for i in items if i.get("marker")]
    assert {"lock:1", "lock:2"} <= {i["id"] for i in markers}
    assert all(len(i["polygon"]) == 4 for i in markers)
    assert main(["hotspots", "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert [i["id"] for i in plain if i.get("marker")] == ["lock:1"]  # always on the entrance


@pytest.fixture
def window(tmp_path, data):
    live = LiveGame(data, seed=11, lang="en", unit_seconds=0.5, journal_path=tmp_path / "j.jsonl",
                    setup={"players": {"red": "oliver_crow", "blue": "kim"}})
    speaker = RecordingSpeaker()
    win = PenWindow(live, speaker=speaker, size=(1200, 800))
    events = []
    live.listeners.append(events.append)
    live.start()
    win.step()
    yield live, win, speaker, events
    live.stop()
    if win.running:
        win.close()


def test_clicking_a_lock_on_its_door_taps_that_lock(window):
    live, win, speaker, events = window
    win.step()
    hit = win.hit_test
    (tid, poly), = [(t, p) for t, p in hit.markers if t == "lock:1"]
    cx, cy = sum(p[0] for p in poly) / 4, sum(p[1] for p in poly) / 4
    r = win.board_rect
    pos = (int(r.x + cx * r.w), int(r.y + cy * r.h))
    n = len(events)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    win.step()
    assert until(win, lambda: any(e.type == "say" for e in events[n:]))
    said = [e for e in events[n:] if e.type == "say"]
    assert said[0].get("key") == "what.thing" and "1" in said[0].get("text")


def test_typed_commands_take_spaces_and_space_pauses_only_on_an_empty_line(window):
    live, win, speaker, events = window

    def type_text(text):
        for ch in text:
            if ch == " ":
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        win.step()

    type_text("red learn skill:run")
    assert win.typed == "red learn skill:run" and not live.paused
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert until(win, lambda: any(e.type == "action_started" for e in events))
    started = [e for e in events if e.type == "action_started"][0]
    assert started.get("player") == "red" and started.get("target") == "skill:run"
    # Tab completes the last word
    type_text("blue learn skill:clim")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))
    win.step()
    assert win.typed == "blue learn skill:climb"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
    win.step()
    assert win.typed == "" and win.running
    # an unknown word names the nearest ids
    type_text("red walk lobbby")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    win.step()
    assert "lobby" in win.notice and "lobbby" in win.notice
    # on an empty line Space pauses
    type_text(" ")
    assert live.paused and win.typed == ""


def test_taps_while_paused_are_refused_aloud_and_the_clock_counts_every_second(window):
    live, win, speaker, events = window
    win.step()
    first = win.last_state["time_left"]
    time.sleep(1.1)
    win.step()
    # unit 0.5 s: a second is two units, but the clock moves by the second even with no event
    assert 0.9 <= first - win.last_state["time_left"] <= 1.6
    live.pause()
    speaker.calls.clear()
    n = len(events)
    win.tap("player:red")
    assert until(win, lambda: any(e.type == "notice" for e in events[n:]))
    note = [e for e in events[n:] if e.type == "notice"][0]
    assert note.get("key") == "live.paused" and "paused" in note.get("text")
    assert any(c[0] == "say" and "paused" in c[1] for c in speaker.calls)
    assert win.captions[-1] == note.get("text")
    # nothing reached the game
    assert not any(e.type == "tap_ack" for e in events[n:])
    live.resume()


def test_players_given_on_the_command_line_are_announced_by_the_window(tmp_path, data, monkeypatch):
    """run_window starts the game once it listens: its first words are spoken, as after a login."""
    said = []

    class Speaker(RecordingSpeaker):
        def say(self, text, *, interrupt=False):
            said.append(text)

    monkeypatch.setattr(PenWindow, "_open_speaker", lambda self, no_speech: Speaker())
    live = LiveGame(data, seed=3, lang="en", unit_seconds=1, journal_path=tmp_path / "j.jsonl",
                    setup={"players": {"red": "ben"}})
    try:
        assert run_window(live, SimpleNamespace(frames=3, lang="en")) == 0
    finally:
        live.stop()
    # the game's first words: the total time, then the phase (normal: 80 units of 1 s)
    assert "You have 1 minute and 20 seconds. The preparation phase begins. The clock is running!" in said


def test_the_webcam_shares_the_marker_hit_test(window, data):
    live, win, speaker, events = window
    layout = load_layout(data=data)
    from tiptoi_sim.camera.pipeline import PipelineConfig, TapPipeline

    cam = SimpleNamespace(pipeline=TapPipeline(layout.hit_test, PipelineConfig()))  # as CameraInput has it
    share_marker_hits(win, cam)
    win.step()
    markers = dict((t, p) for t, p in win.hit_test.markers)
    poly = markers["lock:1"]
    cx, cy = sum(p[0] for p in poly) / 4, sum(p[1] for p in poly) / 4
    assert cam.pipeline.hit_test(cx, cy) == "lock:1"
    assert layout.hit_test(cx, cy) != "lock:1"
