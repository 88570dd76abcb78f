"""The journal never loses a game: damaged tails are cut back and named, damage in the middle
and foreign journals are refused with their line, journals are never shared or overwritten,
and a resume says what it resumed. Through the real commands where a user would meet it."""

import json
import os
import time

import pytest

from tiptoi_sim.assistants.session import AssistantSession
from tiptoi_sim.cli import main
from tiptoi_sim.commands.assist import make_game
from tiptoi_sim.core.errors import DataError, UserError
from tiptoi_sim.core.journal import Journal, read_journal_checked
from tiptoi_sim.millionen_coup.live import CLOCK_RECORD_MS, LiveGame, resume_live
from waiting import wait_for

PLAYERS = {"red": "ben", "blue": "oliver_crow"}


def crash(live):
    """What kill -9 leaves: no stop(), no last record; the flushed journal stays."""
    live._quit = True
    live.clock.wake()
    live._thread.join(timeout=5)
    live.journal._f.close()


def pen_journal(path, taps=(("player:red", 100), ("action:explore", 200), ("explore:locks", 300)),
                clock=2500, setup=True):
    recs = [{"kind": "start", "game": "millionen-coup", "seed": 3, "lang": "en", "unit_seconds": 0.2,
             "setup": {"players": PLAYERS, "difficulty": "normal", "tutorial": False} if setup else None}]
    recs += [{"kind": "tap", "id": i, "t_ms": t} for i, t in taps]
    recs.append({"kind": "clock", "t_ms": clock})
    path.write_text("".join(json.dumps(r) + "\n" for r in recs))
    return path


def test_torn_tail_resumed_played_on_and_killed_again_still_resumes(data, tmp_path):
    j = pen_journal(tmp_path / "j.jsonl")
    with open(j, "a") as f:
        f.write('{"kind": "tap", "id": "go", "t_')  # the first crash came mid-write
    back = resume_live(data, j)
    assert back.resumed["dropped"] and "cut off by the crash" in back.resumed["dropped"][0]
    assert back.session.game.revealed["locks"]
    back.start()
    back.put_tap("player:blue")
    assert wait_for(lambda: json.loads(j.read_text().splitlines()[-1]).get("id") == "player:blue"
                    or any('"player:blue"' in ln for ln in j.read_text().splitlines()))
    crash(back)  # the second crash
    again = resume_live(data, j)  # the torn line was cut before appending: nothing in the middle
    assert not again.resumed["dropped"]
    assert "player:blue" in j.read_text() and '"t_\n' not in j.read_text()
    again.stop()


@pytest.mark.parametrize("tail,why", [
    (b"\xff\xfe garbage\n", "not UTF-8"),
    (b"garbage appended\n", "not a journal record"),
    (b'{"kind": "tap", "t_ms": 2600}\n', "a tap without a tap id"),
    (b'{"kind": "tap", "id": "go", "t_ms": "soon"}\n', "t_ms is not a time"),
    (b"[" * 100_000 + b"\n", "nested too deep"),
])
def test_a_damaged_tail_is_dropped_and_named(data, tmp_path, tail, why):
    j = pen_journal(tmp_path / "j.jsonl")
    with open(j, "ab") as f:
        f.write(tail)
    back = resume_live(data, j)
    assert len(back.resumed["dropped"]) == 1 and why in back.resumed["dropped"][0]
    assert "line 6" in back.resumed["dropped"][0]
    back.stop()
    assert read_journal_checked(j).dropped == []  # cut back before the final clock record


@pytest.mark.parametrize("middle,why", [
    (b"\xff\xfe\n", "not UTF-8"),
    (b"not json\n", "not a journal record"),
    (b'{"kind": "tap", "t_ms": 250}\n', "a tap without a tap id of this game: None"),
    (b'{"kind": "tap", "id": "room:nowhere", "t_ms": 250}\n', "room:nowhere"),
    (b'{"kind": "tap", "id": "go", "t_ms": 1e400}\n', "t_ms is not a time"),
    (b'{"kind": "tap", "id": "go", "t_ms": 50}\n', "goes back in time"),
    (b'{"kind": "wink", "t_ms": 250}\n', "unknown record kind 'wink'"),
    (b'{"kind": "start", "seed": 1, "lang": "de"}\n', "a second start record"),
])
def test_damage_in_the_middle_is_refused_with_its_line(data, tmp_path, middle, why):
    j = pen_journal(tmp_path / "j.jsonl")
    lines = j.read_bytes().splitlines(keepends=True)
    j.write_bytes(b"".join(lines[:3] + [middle] + lines[3:]))
    with pytest.raises(DataError) as e:
        resume_live(data, j)
    assert "j.jsonl:4: damaged journal: " in str(e.value) and why in str(e.value)


@pytest.mark.parametrize("start,why", [
    ({"kind": "start", "game": "coup", "seed": 1, "lang": "de", "options": {}}, "a journal of 'coup'"),
    ({"kind": "start", "seed": "x", "lang": "de"}, "the seed is not a whole number"),
    ({"kind": "start", "seed": 1, "lang": "fr"}, "unknown language 'fr'"),
    ({"kind": "start", "seed": 1, "lang": "de", "setup": {"players": {"red": "batman"}}}, "unknown character 'batman'"),
    ({"kind": "start", "seed": 1, "lang": "de", "setup": {"players": {"pink": "ben"}}}, "unknown player colour"),
    ({"kind": "start", "seed": 1, "lang": "de", "unit_seconds": 1e-9}, "unit_seconds"),
    ({"kind": "tap", "id": "go", "t_ms": 0}, "the first record is .tap., not the start of a game"),
])
def test_a_foreign_or_damaged_start_is_refused(data, tmp_path, start, why):
    j = tmp_path / "j.jsonl"
    j.write_text(json.dumps(start) + "\n")
    with pytest.raises(DataError, match=r"j.jsonl:1: not a journal we can resume: (start: )?" + why):
        resume_live(data, j)


def test_empty_missing_and_folder_journals_are_refused(data, tmp_path):
    (tmp_path / "empty.jsonl").write_text("")
    with pytest.raises(DataError, match="empty journal"):
        resume_live(data, tmp_path / "empty.jsonl")
    with pytest.raises(UserError, match="no journal here"):
        resume_live(data, tmp_path / "nope.jsonl")
    with pytest.raises(UserError, match="a folder, not a journal file"):
        resume_live(data, tmp_path)


def test_assistant_journals_are_checked_too(tmp_path):
    j = tmp_path / "a.jsonl"
    j.write_text('{"kind": "start", "seed": 1, "lang": "de", "options": {}}\n')
    with pytest.raises(DataError, match="does not say which game"):
        AssistantSession.resume(j, make_game, game_id="coup")
    j.write_text('{"kind": "start", "game": "millionen-coup", "seed": 1, "lang": "de"}\n')
    with pytest.raises(DataError, match="a journal of Der Millionen-Coup .*tiptoi-sim play --resume"):
        AssistantSession.resume(j, make_game, game_id="coup")
    s = AssistantSession(make_game("coup", 5, "en", {}), tmp_path / "c.jsonl")
    s.execute("players Ann Bob Cid")
    s.close()
    with open(tmp_path / "c.jsonl", "ab") as f:
        f.write(b'{"kind": "command"}\n{"kind": "command", "li')
    back = AssistantSession.resume(tmp_path / "c.jsonl", make_game, game_id="coup")
    assert back.resumed["dropped"] == ["lines 3-4 at the end (a command record without its command line)"]
    assert back.game.public_state() == s.game.public_state()
    back.close()


def test_journals_are_never_shared_nor_overwritten(tmp_path):
    a = Journal.new_in(tmp_path, "millionen-coup")
    b = Journal.new_in(tmp_path, "millionen-coup")  # the same second, the same process
    assert a.path != b.path and str(os.getpid()) in a.path.name
    a.close()
    b.close()
    with pytest.raises(UserError, match="exists already; continue it with --resume"):
        Journal.create(a.path)


def test_cli_refuses_an_existing_journal_and_names_what_to_do(tmp_path, capsys):
    j = pen_journal(tmp_path / "j.jsonl")
    before = j.read_bytes()
    assert main(["play", "--ui", "terminal", "--players", "red=ben", "--journal", str(j)]) == 2
    assert main(["assist", "coup", "--script", os.devnull, "--journal", str(j)]) == 2
    err = capsys.readouterr().err
    assert err.count(f"this journal exists already; continue its game with --resume {j}") == 2
    assert j.read_bytes() == before


def test_play_resume_refuses_an_assistant_journal(tmp_path, capsys):
    j = tmp_path / "coup.jsonl"
    s = AssistantSession(make_game("coup", 5, "en", {}), j)
    s.close()
    assert main(["play", "--ui", "terminal", "--resume", str(j)]) == 2
    err = capsys.readouterr().err
    assert "coup.jsonl:1: not a journal we can resume: a journal of 'coup', not of Der Millionen-Coup" in err
    assert "tiptoi-sim assist coup --resume" in err and "Traceback" not in err


def test_resume_latest_takes_the_newest_journal_with_a_game(data, tmp_path):
    folder = tmp_path / "tiptoi-sim" / "journals"
    folder.mkdir(parents=True)
    old = pen_journal(folder / "millionen-coup-20260101-100000-1-aaaaaa.jsonl")
    empty = pen_journal(folder / "millionen-coup-20260101-110000-1-bbbbbb.jsonl", taps=(), setup=False)
    broken = folder / "millionen-coup-20260101-120000-1-cccccc.jsonl"
    broken.write_text("garbage\n")
    for age, p in enumerate((broken, empty, old)):
        os.utime(p, (time.time() - 100 * (3 - age), time.time() - 100 * (3 - age)))
    os.utime(old, (time.time() - 1000, time.time() - 1000))
    os.utime(empty, (time.time(), time.time()))  # the newest, but a window that never opened
    from argparse import Namespace

    from tiptoi_sim.commands.play import _resume, how_to_resume, resumed_message

    live = _resume(Namespace(resume="latest"), data, folder)
    assert resumed_message(live) == f"resumed {old}: Der Millionen-Coup with red=ben, blue=oliver_crow, game clock at 0:02"
    assert how_to_resume(live, "terminal") == \
        f"the game is kept in {old}; continue it with: tiptoi-sim play --ui terminal --resume"
    live.stop()
    for p in (old, empty, broken):
        p.unlink()
    with pytest.raises(UserError, match="no journal with a game in .* to resume"):
        _resume(Namespace(resume="latest"), data, folder)


def test_a_data_folder_that_cannot_be_made_is_named(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    monkeypatch.setattr("sys.stdin", open(os.devnull))
    assert main(["play", "--ui", "terminal", "--players", "red=ben", "--no-speech"]) == 2
    assert main(["assist", "coup", "--ui", "terminal", "--no-speech"]) == 2
    assert main(["play", "--ui", "terminal", "--players", "red=ben", "--journal", str(blocker / "j.jsonl")]) == 2
    err = capsys.readouterr().err
    assert err.count(f"cannot make the journal folder {blocker}/tiptoi-sim/journals") == 2
    assert f"cannot make the journal folder {blocker}" in err and "Traceback" not in err


def test_no_display_writes_no_journal(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert main(["play", "--players", "red=ben"]) == 2
    assert "no display" in capsys.readouterr().err
    assert not list(tmp_path.rglob("*.jsonl"))


def test_the_clock_comes_back_within_one_clock_record_and_after_every_timer(data, tmp_path):
    j = tmp_path / "j.jsonl"
    live = LiveGame(data, seed=4, lang="en", unit_seconds=0.1, journal_path=j, setup={"players": PLAYERS}).start()
    heard = []
    live.listeners.append(lambda ev: heard.append(ev))
    live.put_tap("player:red")
    live.put_tap("action:explore")
    live.put_tap("explore:locks")
    assert wait_for(lambda: live.session.game.revealed["locks"])
    time.sleep(0.37)
    with live.lock:
        before = live.session.game.state(director=True)
        clock_before = live.clock.now()
        last_event = max(ev.t_ms for ev in heard)
        crash(live)
    back = resume_live(data, j)
    assert clock_before - CLOCK_RECORD_MS - 20 <= back.clock.now() <= clock_before
    assert back.clock.now() >= last_event  # nothing the pen did before the crash is redone
    after = back.session.game.state(director=True)
    for key in ("phase", "players", "revealed", "guard_room"):
        assert after.get(key) == before.get(key), key
    back.stop()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_does_not_stop_the_game(capsys):
    j = Journal("/dev/full", _file=open("/dev/full", "wb"))
    j.write({"kind": "tap", "id": "go", "t_ms": 1})
    j.write({"kind": "tap", "id": "go", "t_ms": 2})  # said once, then quiet
    j.close()
    err = capsys.readouterr().err
    assert err.count("cannot write the journal /dev/full (No space left on device)") == 1


def test_an_assistant_without_a_display_writes_no_journal(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert main(["assist", "coup", "--ui", "screen"]) == 2
    assert "no display here" in capsys.readouterr().err
    assert not list(tmp_path.rglob("*.jsonl"))
