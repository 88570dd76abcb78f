"""Real-time play: the live game on the RealClock, its journal, and resuming after a crash."""

from tiptoi_sim.millionen_coup.live import LiveGame, resume_live
from waiting import wait_for


def test_login_dialogue_in_real_time_then_resume_after_a_crash(data, tmp_path):
    j = tmp_path / "game.jsonl"
    live = LiveGame(data, seed=4, lang="en", unit_seconds=0.2, journal_path=j, power_on=True).start()
    for tap in ["nav:play", "player:red", "char:ben", "player:blue", "char:oliver_crow", "mode:game", "level:easy"]:
        live.put_tap(tap)
    assert wait_for(lambda: live.session.game is not None)
    live.put_tap("player:red")
    live.put_tap("action:explore")
    live.put_tap("explore:locks")
    assert wait_for(lambda: live.session.game.revealed["locks"])  # 2 units = 0.4 s later
    live.put_tap("go")
    assert wait_for(lambda: live.session.game.guard_room != "break_room")
    with live.lock:
        before = live.session.game.state(director=True)
        clock_before = live.clock.now()
    # a crash: no stop(), no final record; the journal has what was flushed so far
    live._quit = True
    live.clock.wake()
    live._thread.join(timeout=5)
    back = resume_live(data, j)
    after = back.session.game.state(director=True)
    for key in ("phase", "players", "plans", "revealed", "opened_locks", "alarms_off"):
        assert after[key] == before[key], key
    assert after["director"]["hidden_setup"] == before["director"]["hidden_setup"]
    # the clock comes back where the journal last saw it (within its one-second record)
    assert clock_before - 1100 <= back.clock.now() <= clock_before + 50
    back.start()
    back.put_tap("player:blue")  # Oliver Crow cracks the entrance in the resumed game
    back.put_tap("action:locks")
    back.put_tap("lock:1")
    assert wait_for(lambda: 1 in back.session.game.opened_locks or back.session.game.outcome)
    back.stop()


def test_terminal_ui_resolves_aliases_and_taps(data, tmp_path):
    import io

    from tiptoi_sim.millionen_coup.terminal import TerminalUI
    from tiptoi_sim.speech import SilentSpeaker

    live = LiveGame(data, seed=1, lang="de", unit_seconds=0.1, journal_path=tmp_path / "j.jsonl",
                    setup={"players": {"red": "ben"}})
    out = io.StringIO()
    ui = TerminalUI(live, SilentSpeaker(), out=out)
    live.start()
    assert ui.handle_line("red explore explore:locks")  # aliases: player:red action:explore
    assert wait_for(lambda: live.session.game.revealed["locks"])
    assert ui.handle_line("nonsense") and "unknown tap 'nonsense'" in out.getvalue()
    assert not ui.handle_line("quit")
    live.stop()


def test_terminal_room_names_suggestions_pause_and_state_summary(data, tmp_path):
    import io

    from tiptoi_sim.millionen_coup.terminal import TerminalUI
    from tiptoi_sim.speech import SilentSpeaker

    live = LiveGame(data, seed=2, lang="de", unit_seconds=0.1, journal_path=tmp_path / "j.jsonl",
                    setup={"players": {"red": "tom", "blue": "ben"}})
    out = io.StringIO()
    ui = TerminalUI(live, SilentSpeaker(), out=out)
    ui._printer.start()
    live.start()
    try:
        # every room's short name: the room id (vault) and its spoken name (Tresor)
        taps = []
        live.listeners.append(lambda ev: taps.append(ev))
        assert ui.handle_line("red learn vault")            # after learn: the ability
        assert wait_for(lambda: any(e.type == "action_started" for e in taps))
        started = [e for e in taps if e.type == "action_started"][0]
        assert started.get("target") == "skill:vault"
        from tiptoi_sim.millionen_coup.taps import aliases, all_tap_ids, resolve_words

        valid, alias = set(all_tap_ids(data)), aliases(data)
        assert resolve_words(["red", "walk", "tresor"], valid, alias)[-1] == "room:vault"
        assert resolve_words(["vault"], valid, alias) == ["room:vault"]
        assert resolve_words(["Schalterhalle"], valid, alias) == ["room:lobby"]
        # an unknown word suggests the nearest ids
        ui.handle_line("red walk lobbby")
        assert "unknown tap 'lobbby'; did you mean lobby" in out.getvalue()
        # the pen's state: a short readable summary; 'state json' for the dump
        n = len(out.getvalue())
        ui.handle_line("director")
        text = out.getvalue()[n:]
        assert len(text.splitlines()) < 20 and "red" in text and "combination" in text
        assert "{" not in text.splitlines()[0]
        n = len(out.getvalue())
        ui.handle_line("state json")
        import json

        dump = json.loads(out.getvalue()[n:])
        assert dump["players"]["red"]["character"] == "tom"
        # a tap while paused is refused with a printed message, not dropped silently
        ui.handle_line("pause")
        n = len(out.getvalue())
        ui.handle_line("blue")
        assert wait_for(lambda: "angehalten" in out.getvalue()[n:])
        ui.handle_line("resume")
    finally:
        live.stop()
        ui._stop = True


def test_a_scripted_game_resumes_with_the_files_hidden_setup(data, tmp_path):
    from pathlib import Path

    from tiptoi_sim.millionen_coup.scenario import load_scenario, rescaled

    f = Path(__file__).parents[2] / "examples" / "scenarios" / "quick-heist.yaml"
    sc = rescaled(load_scenario(f, data), 0.05)
    j = tmp_path / "j.jsonl"
    live = LiveGame(data, seed=0, scenario=sc, journal_path=j).start()
    assert live.finished.wait(timeout=10)
    with live.lock:
        before = live.session.game.state(director=True)
    live.stop()
    back = resume_live(data, j)
    after = back.session.game.state(director=True)
    assert after["director"]["hidden_setup"] == before["director"]["hidden_setup"]
    assert after["director"]["hidden_setup"]["combination"] == [4, 0, 7]
    assert after["outcome"] == before["outcome"] == ["won", "vault"]


def test_in_the_window_a_scripted_game_goes_on_live_after_its_script(data, tmp_path):
    from tiptoi_sim.millionen_coup.scenario import scenario_from_text

    sc = scenario_from_text("""
setup: {seed: 3, unit_seconds: 0.05, players: {red: ben}}
taps:
  - {at: 0, tap: [player:red, learn, skill:run]}
until: 0.1
""", data)
    live = LiveGame(data, seed=0, scenario=sc, journal_path=tmp_path / "j.jsonl", stop_at_end=False).start()
    try:
        assert live.finished.wait(timeout=10)
        live.put_tap("player:red")
        live.put_tap("learn")
        live.put_tap("skill:sneak")
        assert wait_for(lambda: "sneak" in live.session.game.players["red"].abilities)
    finally:
        live.stop()
