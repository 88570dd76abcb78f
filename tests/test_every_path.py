"""One game on every path (the project owner's rule): the window (mouse clicks; typed lines with
a pause), the terminal (typed lines: the UI on a pipe, the program on its standard input), the
webcam (a synthetic clip through ``play --input webcam``) and ``play --taps`` in the window give
the same events as ``simulate`` for the same taps.

Each live game runs on the real clock at a small unit. Its journal records the taps as the game
stamped them; ``simulate`` of a scenario built from that journal (its start record's setup and
those taps) must give exactly the live event stream, ``say`` texts included. The taps recorded
must be the ones meant, in order, each late by less than half a unit; the scenario files in
``tests/every_path/`` are paced so that such lateness cannot change the game (every tap comes
half a unit after the action before it ends), so the outcome is checked too.

``tests/millionen_coup/test_mc_same_game.py`` covers ``play --taps`` in the terminal.
"""

from __future__ import annotations

import gc
import io
import json
import os
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from tiptoi_sim.cli import main
from tiptoi_sim.core.journal import read_journal
from tiptoi_sim.core.taps import Tap
from tiptoi_sim.millionen_coup.data import load_game_data
from tiptoi_sim.millionen_coup.live import LiveGame
from tiptoi_sim.millionen_coup.scenario import (Scenario, load_scenario, rescaled, run_scenario,
                                                 setup_record)
from tiptoi_sim.millionen_coup.session import UI_ONLY_EVENTS
from tiptoi_sim.millionen_coup.terminal import TerminalUI
from tiptoi_sim.screen.app import PenWindow
from tiptoi_sim.speech.api import SilentSpeaker

REPO = Path(__file__).resolve().parents[1]
FILES = Path(__file__).resolve().parent / "every_path"
UNIT = 0.2          # seconds per unit for the live games: the heist lasts 3.5 s
LATE = 0.45         # a live tap may come this many units after its scripted time
DRAW_S = 0.08       # a click is not preceded by drawing a frame in its last this many seconds


@pytest.fixture(scope="module")
def data():
    return load_game_data()


@pytest.fixture(autouse=True)
def no_old_garbage():
    """The live games run on the real clock and their taps must come within half a unit: the
    objects the suite has made by now (this file runs near its end) are collected first and
    frozen out of later collections, so that a full collection of them does not stall the
    loop that posts the clicks (late by 120-170 ms in two whole-suite runs, never alone)."""
    gc.collect()
    gc.freeze()
    yield
    gc.unfreeze()


# ---------------------------------------------------------------------- the comparison
def scenario_from_journal(path: Path, data, *, until_ms: int | None = None) -> Scenario:
    """The game a live journal recorded, as a scenario: the start record's seed, language, unit
    and setup (players, difficulty, tutorial, hidden entries and plans), and every tap at the
    time the live game stamped it."""
    records = read_journal(path)
    start = records[0]
    assert start["kind"] == "start" and start.get("setup"), start
    setup = start["setup"]
    given = dict(setup.get("hidden") or {})
    for k in ("locks", "blanks"):
        if k in given:
            given[k] = {n: v for n, v in given[k]}
    taps = [Tap(r["id"], int(r["t_ms"])) for r in records if r.get("kind") == "tap"]
    return Scenario(seed=int(start["seed"]), difficulty=setup.get("difficulty", "normal"),
                    unit_seconds=float(start["unit_seconds"]), players=dict(setup["players"]),
                    given_hidden=given, hidden_lines={}, taps=taps, until_ms=until_ms,
                    lang=start.get("lang", "de"), tutorial=bool(setup.get("tutorial", False)),
                    source=str(path))


def simulated(sc: Scenario, data) -> list[str]:
    return [e.to_json() for e in run_scenario(sc, data).events if e.type not in UI_ONLY_EVENTS]


def recorder(live: LiveGame) -> list[str]:
    """The live game's event stream as ``simulate`` writes it (as ``play --events`` does)."""
    got: list[str] = []
    live.listeners.append(lambda ev: ev.type in UI_ONLY_EVENTS or got.append(ev.to_json()))
    return got


def live_game(sc: Scenario, data, journal: Path) -> LiveGame:
    """A live game with the scenario's setup and no script: every tap comes from the path under
    test (as ``play --players`` with the file's hidden setup would start it)."""
    return LiveGame(data, seed=sc.seed, lang=sc.lang, unit_seconds=sc.unit_seconds,
                    setup=setup_record(sc), journal_path=journal)


def settle(live: LiveGame, *, cut_ms: int | None, timeout: float = 20.0) -> None:
    """Wait until the live game is over (and a moment more, for anything a leftover timer might
    still say), or until its driver has run every timer due at or before ``cut_ms``."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with live.lock:
            over = live.session.over
            nd = live.scheduler.next_deadline()
            now = live.now_ms()
        if cut_ms is None and over:
            time.sleep(3 * live.session.unit_seconds)  # nothing may come after the end
            return
        if cut_ms is not None and now > cut_ms and (nd is None or nd > cut_ms):
            return
        time.sleep(0.01)
    raise AssertionError(f"the live game did not {'end' if cut_ms is None else 'reach ' + str(cut_ms)} in time")


def check_same_game(got: list[str], journal: Path, data, *, meant: list[Tap] | None = None,
                    meant_ids: list[str] | None = None, unit_ms: int | None = None, cut_ms: int | None = None,
                    outcome: tuple[str, str] | None = None) -> Scenario:
    """The live stream ``got`` is ``simulate`` of the journal's taps (up to ``cut_ms``, or the
    whole game); the taps are the ones meant (ids, and times when ``meant`` has them); the game
    ends as meant."""
    played = scenario_from_journal(journal, data, until_ms=cut_ms)
    ids = [t.id for t in played.taps]
    want_ids = meant_ids if meant_ids is not None else [t.id for t in meant]
    assert ids == want_ids, "the taps the live game recorded are not the ones meant"
    if meant is not None and unit_ms is not None:
        for have, want in zip(played.taps, meant):
            # a tap queued just before a timer's instant is stamped 1 ms before it (taps come last)
            assert want.t_ms - 1 <= have.t_ms <= want.t_ms + LATE * unit_ms, \
                f"{have.id} at {have.t_ms} ms, meant at {want.t_ms} ms (machine too busy?)"
    live = got if cut_ms is None else [line for line in got if json.loads(line)["t"] * 1000 <= cut_ms + 0.5]
    want = simulated(played, data)
    assert live == want, "live and simulate differ:\n" + _first_difference(live, want)
    if outcome is not None:
        over = [json.loads(line) for line in live if '"type": "game_over"' in line]
        assert len(over) == 1 and (over[0]["result"], over[0]["reason"]) == outcome, over
    return played


def _first_difference(a: list[str], b: list[str]) -> str:
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"  #{i} live:     {x}\n  #{i} simulate: {y}"
    return f"  lengths {len(a)} (live) and {len(b)} (simulate); first extra: {(a[len(b):] or b[len(a):])[:2]}"


def groups(taps: list[Tap]) -> list[tuple[int, list[str]]]:
    """Taps scripted at the same instant, in file order: what a person does in one go."""
    out: list[tuple[int, list[str]]] = []
    for t in taps:
        if out and out[-1][0] == t.t_ms:
            out[-1][1].append(t.id)
        else:
            out.append((t.t_ms, [t.id]))
    return out


# ---------------------------------------------------------------------- 1. the window, by mouse
def click_id(win: PenWindow, sc: Scenario, tid: str) -> str:
    """The hotspot to click for a tap: a plan is clicked in its slot on the board."""
    if tid.startswith("plan:"):
        plans = sc.given_hidden["plans"]
        return f"plan_slot:{plans.index(tid[5:]) + 1}"
    return tid


def play_by_clicks(win: PenWindow, live: LiveGame, sc: Scenario) -> list[str]:
    """Post a left click at each tap's hotspot centre once the game clock reaches the tap's time;
    the window loop (real frames) turns them into taps. Returns the ids clicked."""
    clicked = []
    for t_ms, ids in groups(sc.taps):
        while live.now_ms() < t_ms:
            left = (t_ms - live.now_ms()) / 1000
            if left > DRAW_S:
                win.run_frame(until=time.monotonic() + left - DRAW_S)
            else:
                # (the last stretch without drawing: a frame is drawn before it waits, and on a
                # busy machine one took 170 ms, the click posted that late)
                time.sleep(min(left, 0.002))
        for tid in ids:
            hid = click_id(win, sc, tid)
            pos = win.pixel_of(hid)
            assert win.hit_test(*win.board_point(pos)) == hid, f"the centre of {hid} does not hit it"
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            clicked.append(hid)
        win.pump()  # the clicks become taps now, not at the next frame
    return clicked


@pytest.mark.parametrize("name, outcome", [("heist-by-clicks", ("won", "vault")),
                                           ("refusals-and-breaks", ("lost", "guard"))])
def test_the_window_by_mouse_clicks(name, outcome, data, tmp_path):
    sc = rescaled(load_scenario(FILES / f"{name}.yaml", data), UNIT)
    journal = tmp_path / "j.jsonl"
    live = live_game(sc, data, journal)
    got = recorder(live)
    win = PenWindow(live, speaker=SilentSpeaker(), size=(960, 640))
    win.step()  # the first frame lays out the board: the clicks' pixels are known from here on
    live.start()
    try:
        clicked = play_by_clicks(win, live, sc)
        end = time.monotonic() + 15
        while not live.session.over and time.monotonic() < end:
            win.run_frame()
        settle(live, cut_ms=None)
        win.step()
    finally:
        live.stop()
        win.close()
    played = check_same_game(got, journal, data, meant_ids=clicked, outcome=outcome)
    # the slot clicks are the file's plans, and late by less than half a unit: the very same
    # game as simulate of the file with the clicks' times
    assert len(played.taps) == len(sc.taps)
    for have, want in zip(played.taps, sc.taps):
        assert want.t_ms - 1 <= have.t_ms <= want.t_ms + LATE * round(UNIT * 1000), (have, want)
    as_file = replace(sc, taps=[Tap(w.id, h.t_ms) for h, w in zip(played.taps, sc.taps)])
    assert simulated(as_file, data) == got
    if name == "refusals-and-breaks":
        refused = [json.loads(x)["reason"] for x in got if '"action_refused"' in x]
        assert refused == ["bad_sequence", "bad_sequence", "not_adjacent", "bad_sequence", "already_go",
                           "not_adjacent"]


# ---------------------------------------------------------------------- 2. the terminal, typed
#: the refusals game typed as a person would: short names, several taps per line
TYPED = [
    (0, "red learn master_key"),
    (1, "red walk tip"),
    (3.5, "red explore go"),
    (3.5, "red walk vault"),
    (3.5, "red master_key 1"),
    (5, "red walk lobby"),
    (6.5, "red walk hard"),
    (6.5, "red walk corridor_3"),
    (8, "go"),
    (8, "red walk stairs_upper"),
    (8, "red walk stairs_ground"),
]


def type_line(line: str) -> None:
    """Post the events a keyboard makes for a typed line and Enter (a space is a Space key and
    its text, as SDL sends them)."""
    for ch in line:
        if ch == " ":
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))


def test_the_window_by_typed_lines_with_a_pause(data, tmp_path):
    """The refusals game typed into the window's command line; on the way the game is paused
    with Space, a click while paused is refused with a spoken notice (and is no tap), and Space
    resumes. The taps are the file's, the events ``simulate`` of them."""
    sc = rescaled(load_scenario(FILES / "refusals-and-breaks.yaml", data), UNIT)
    journal = tmp_path / "j.jsonl"
    live = live_game(sc, data, journal)
    got = recorder(live)
    notices = []
    live.listeners.append(lambda ev: ev.type == "notice" and notices.append(ev))
    speaker = SilentSpeaker()
    win = PenWindow(live, speaker=speaker, size=(960, 640))
    win.step()
    live.start()
    try:
        for at, line in TYPED:
            t_ms = round(at * UNIT * 1000)
            while live.now_ms() < t_ms:
                win.run_frame(until=time.monotonic() + max(0.0005, (t_ms - live.now_ms()) / 1000))
            type_line(line)
            win.pump()
            assert win.notice.startswith("» "), win.notice
            if at == 1:  # a pause between two lines
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
                win.pump()
                assert live.paused
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=win.pixel_of("room:lobby"), button=1))
                end = time.monotonic() + 5
                while not notices and time.monotonic() < end:
                    win.run_frame()
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
                win.pump()
                assert not live.paused
        end = time.monotonic() + 15
        while not live.session.over and time.monotonic() < end:
            win.run_frame()
        settle(live, cut_ms=None)
        win.step()
    finally:
        live.stop()
        win.close()
    check_same_game(got, journal, data, meant=sc.taps, unit_ms=round(UNIT * 1000), outcome=("lost", "guard"))
    assert len(notices) == 1 and notices[0].get("tap") == "room:lobby"
    assert notices[0].get("text") in speaker.spoken


def test_the_terminal_by_typed_lines(data, tmp_path):
    """``TerminalUI`` reading a pipe, as ``play --ui terminal`` reads standard input."""
    sc = rescaled(load_scenario(FILES / "refusals-and-breaks.yaml", data), UNIT)
    journal = tmp_path / "j.jsonl"
    live = live_game(sc, data, journal)
    got = recorder(live)
    out = io.StringIO()
    ui = TerminalUI(live, SilentSpeaker(), out=out)
    r, w = os.pipe()
    inp, typist = os.fdopen(r, "r", encoding="utf-8"), os.fdopen(w, "w", encoding="utf-8")
    live.start()
    runner = threading.Thread(target=ui.run, args=(inp,), daemon=True)
    runner.start()
    try:
        for at, line in TYPED:
            t_ms = round(at * UNIT * 1000)
            while live.now_ms() < t_ms:
                time.sleep(0.0005)
            typist.write(line + "\n")
            typist.flush()
        settle(live, cut_ms=None)
        typist.write("quit\n")
        typist.flush()
        runner.join(timeout=5)
        assert not runner.is_alive()
    finally:
        live.stop()
        typist.close()
        inp.close()
    check_same_game(got, journal, data, meant=sc.taps, unit_ms=round(UNIT * 1000), outcome=("lost", "guard"))
    text = out.getvalue()
    assert "Das passt nicht." in text and "Der Wachmann" in text and "Traceback" not in text


def test_the_terminal_command_typed_on_stdin(data, tmp_path):
    """``tiptoi-sim play --ui terminal --players …`` as a program, typed into its standard input
    (words, short names, an unknown word and a refusal); its ``--events`` file is ``simulate``
    of the taps its journal recorded."""
    journal, events = tmp_path / "j.jsonl", tmp_path / "live.jsonl"
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"))
    p = subprocess.Popen([sys.executable, "-m", "tiptoi_sim", "play", "--ui", "terminal", "--players",
                          "red=ben,blue=lucy", "--seed", "12", "--unit-seconds", "0.1", "--no-speech",
                          "--journal", str(journal), "--events", str(events)],
                         cwd=REPO, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    lines = ["red learn run", "blue explore", "kitchen", "go", "red walk lobby", "blue walk tresor", "state"]
    try:
        for line in lines:
            p.stdin.write(line + "\n")
            p.stdin.flush()
            time.sleep(0.15)
        out, err = p.communicate("quit\n", timeout=30)
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == 0, err
    assert "Traceback" not in err and "unknown" in out.lower()
    taps = [r for r in read_journal(journal) if r.get("kind") == "tap"]
    ids = [r["id"] for r in taps]
    assert ids == ["player:red", "learn", "skill:run", "player:blue", "action:explore", "go", "player:red",
                   "action:walk", "room:lobby", "player:blue", "action:walk", "room:vault"]
    got = events.read_text(encoding="utf-8").splitlines()
    check_same_game(got, journal, data, meant_ids=ids, cut_ms=taps[-1]["t_ms"])
    assert any('"reason": "bad_sequence"' in x for x in got)  # "blue explore" was broken by "go"


def test_lines_piped_in_at_once_are_all_played(data, tmp_path):
    """Input that ends at once (``printf … | tiptoi-sim play --ui terminal``): every typed tap
    is still played and journaled before the game stops, none is lost."""
    journal, events = tmp_path / "j.jsonl", tmp_path / "live.jsonl"
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"))
    p = subprocess.run([sys.executable, "-m", "tiptoi_sim", "play", "--ui", "terminal", "--players", "red=ben,blue=lucy",
                        "--seed", "3", "--unit-seconds", "0.1", "--no-speech", "--journal", str(journal),
                        "--events", str(events)], input="red learn run\nblue explore\n", cwd=REPO, env=env,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    taps = [r for r in read_journal(journal) if r.get("kind") == "tap"]
    assert [r["id"] for r in taps] == ["player:red", "learn", "skill:run", "player:blue", "action:explore"]
    got = events.read_text(encoding="utf-8").splitlines()
    check_same_game(got, journal, data, meant_ids=[r["id"] for r in taps], cut_ms=taps[-1]["t_ms"])
    # and the pen's answers to them are printed before the program ends
    said = [json.loads(x)["text"] for x in got if '"type": "say"' in x]
    assert len(said) >= 2 and all(text in p.stdout for text in said), (said, p.stdout)
    assert any('"action_started"' in x and '"skill:run"' in x for x in got)


# ---------------------------------------------------------------------- 3. the webcam
@pytest.fixture(scope="module")
def clip_of_a_learn(tmp_path_factory):
    """A webcam clip: the empty board, then a finger dwelling on red's board, Learn and the
    Explore ability, one after the other."""
    from tiptoi_sim.camera.synth import SyntheticClip, Visit, board_picture, write_clip
    from tiptoi_sim.millionen_coup.layout import load_layout

    layout = load_layout()
    visits, t = [], 1.1  # the pipeline learns the empty board in its first second
    for tid, side in (("player:red", "bottom"), ("learn", "right"), ("skill:explore", "right")):
        visits.append(Visit("tap", side, layout.centre(tid), tid, (105, 140, 195), 1.0, t, t + 0.4, t + 1.2, t + 1.5))
        t += 1.55
    # small and plain (no moving shadows, little noise), so it renders in a few seconds here
    clip = SyntheticClip(board_picture(900, layout), visits, size=(400, 300), fps=10, duration=t + 0.2, seed=5,
                         shadows=False, noise=1.0, blur=0)
    path = tmp_path_factory.mktemp("clips") / "learn.avi"
    write_clip(clip, str(path))
    return path, clip.duration


def test_the_webcam_path(data, tmp_path, clip_of_a_learn, monkeypatch):
    """``play --input webcam --camera CLIP`` (the window, the camera thread, its taps through
    ``LiveGame.put_tap``): the taps are the three dwelt on, and the events ``simulate`` of them."""
    clip, duration = clip_of_a_learn
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # no user overlay of hotspots
    journal, events = tmp_path / "j.jsonl", tmp_path / "live.jsonl"
    frames = int((duration + 0.4) * 30)  # at most 30 frames a second: the whole clip and a little more
    assert main(["play", "--input", "webcam", "--camera", str(clip), "--players", "red=tom", "--seed", "4",
                 "--unit-seconds", "0.5", "--no-speech", "--journal", str(journal), "--events", str(events),
                 "--frames", str(frames), "--no-camera-check"]) == 0
    taps = [r for r in read_journal(journal) if r.get("kind") == "tap"]
    got = events.read_text(encoding="utf-8").splitlines()
    check_same_game(got, journal, data, meant_ids=["player:red", "learn", "skill:explore"],
                    cut_ms=taps[-1]["t_ms"] if taps else 0)
    started = [json.loads(x) for x in got if '"action_started"' in x]
    assert [(s["player"], s["target"]) for s in started] == [("red", "skill:explore")]


# ---------------------------------------------------------------------- 4. --taps in the window
@pytest.mark.parametrize("path", [FILES / "refusals-and-breaks.yaml", REPO / "examples" / "scenarios" / "quick-heist.yaml"],
                         ids=lambda p: p.stem)
def test_taps_file_in_the_window(path, data, tmp_path, monkeypatch):
    """``play --ui screen --taps FILE --unit-seconds U --events OUT`` (headless window) writes the
    stream of ``simulate FILE --unit-seconds U``, byte for byte."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    unit = "0.1"
    sc = rescaled(load_scenario(path, data), 0.1)
    length_s = run_scenario(sc, data).events[-1].t_ms / 1000
    live_out, sim_out = tmp_path / "live.jsonl", tmp_path / "sim.jsonl"
    frames = int((length_s + 0.5) * 30)
    assert main(["play", "--taps", str(path), "--unit-seconds", unit, "--events", str(live_out), "--no-speech",
                 "--journal", str(tmp_path / "j.jsonl"), "--frames", str(frames)]) == 0
    assert main(["simulate", str(path), "--unit-seconds", unit, "--out", str(sim_out)]) == 0
    live_text, sim_text = live_out.read_text(encoding="utf-8"), sim_out.read_text(encoding="utf-8")
    assert live_text == sim_text, _first_difference(live_text.splitlines(), sim_text.splitlines())
    assert '"type": "game_over"' in live_text
