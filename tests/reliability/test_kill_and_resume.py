"""kill -9 of a live game (the terminal pen, a table assistant) in a real subprocess, then
``--resume``: the game comes back as it was at the kill. Few and fast: one process each at a
time, a 0.2 s unit, kill moments from a fixed seed."""

import os
import random
import re
import signal
import subprocess
import sys
import threading
import time

import pytest

from tiptoi_sim.assistants.session import AssistantSession
from tiptoi_sim.commands.assist import make_game
from tiptoi_sim.core.errors import UserError
from tiptoi_sim.millionen_coup.live import resume_live
from waiting import wait_for

SAY = re.compile(r"^\r?\[(\d+):(\d\d)\] (.*)$")


def start(args, tmp_path):
    env = dict(os.environ, PYTHONUNBUFFERED="1", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               XDG_DATA_HOME=str(tmp_path / "data"))
    proc = subprocess.Popen([sys.executable, "-m", "tiptoi_sim", *args], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    lines: list[str] = []

    def read():
        for line in proc.stdout:
            lines.append(line.rstrip("\n"))

    threading.Thread(target=read, daemon=True).start()
    return proc, lines


def kill9(proc):
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL


@pytest.mark.parametrize("kill_seed", [1, 2])
def test_kill_9_of_the_terminal_pen_then_resume_gives_the_game_at_the_kill(data, tmp_path, kill_seed):
    rng = random.Random(kill_seed)
    j = tmp_path / "pen.jsonl"
    proc, lines = start(["play", "--ui", "terminal", "--players", "red=ben,blue=oliver_crow", "--seed", "3",
                         "--lang", "en", "--unit-seconds", "0.2", "--no-speech", "--journal", str(j)], tmp_path)
    try:
        assert wait_for(timeout=30.0, cond=lambda: any("Der Millionen-Coup" in ln for ln in lines)), proc.stderr.read()
        for cmd in ["red explore explore:locks", "go", "blue walk lobby", "red learn skill:locks"]:
            time.sleep(rng.uniform(0.05, 0.6))
            proc.stdin.write(cmd + "\n")
            proc.stdin.flush()
        # (on a slow machine the pen may still be reading: kill only once it took the taps)
        assert wait_for(timeout=30.0, cond=lambda: j.read_text().count('"kind": "tap"') >= 7)
        time.sleep(rng.uniform(0.1, 1.5))
    finally:
        kill9(proc)
    printed = [m.group(3) for m in map(SAY.match, lines) if m]
    assert printed, lines
    heard = []
    back = resume_live(data, j, listeners=(lambda ev: heard.append(ev) if ev.type == "say" else None,))
    replayed = [ev.fields["text"] for ev in heard]
    # everything the pen said before the kill is said again by the replay, in the same order;
    # anything more can only be what it said at the very instant of the kill (not yet printed)
    assert replayed[:len(printed)] == printed
    last = back.resumed["t_ms"]
    assert all(ev.t_ms >= last - 1 for ev in heard[len(printed):]), [ev.fields["text"] for ev in heard]
    assert back.resumed["taps"] >= 7  # every typed tap was journaled before the pen acted on it
    back.stop()
    # and the command line resumes it too, saying what it resumed
    proc2, lines2 = start(["play", "--ui", "terminal", "--resume", str(j), "--no-speech"], tmp_path)
    proc2.stdin.write("quit\n")
    proc2.stdin.flush()
    assert proc2.wait(timeout=30) == 0
    err = proc2.stderr.read()
    assert f"resumed {j}: Der Millionen-Coup with red=ben, blue=oliver_crow" in err and "Traceback" not in err


def test_kill_9_of_an_assistant_then_resume_gives_the_same_game(tmp_path):
    j = tmp_path / "coup.jsonl"
    proc, lines = start(["assist", "coup", "--ui", "terminal", "--no-speech", "--seed", "7", "--lang", "en",
                         "--journal", str(j)], tmp_path)
    commands = ["players Ann Bob Cid", "deal", "Ann income", "Bob foreign aid", "Cid income", "Ann income",
                "Bob tax", "nonsense ³", "Cid steal from Ann"]
    try:
        assert wait_for(timeout=30.0, cond=lambda: any("help lists the commands" in ln for ln in lines))
        for cmd in commands:
            proc.stdin.write(cmd + "\n")
            proc.stdin.flush()
        assert wait_for(timeout=30.0, cond=lambda: sum(ln.startswith("  ") for ln in lines) >= len(commands))
        # while it runs, its journal is its own: no second game may write into it
        with pytest.raises(UserError, match="this journal is open in another game right now"):
            AssistantSession.resume(j, make_game, game_id="coup")
    finally:
        kill9(proc)
    back = AssistantSession.resume(j, make_game, game_id="coup")
    fresh = AssistantSession(make_game("coup", 7, "en", {}))
    for cmd in commands:
        fresh.execute(cmd)
    assert back.game.public_state() == fresh.game.public_state()
    assert back.history == fresh.history and not back.resumed["dropped"]
    back.close()
