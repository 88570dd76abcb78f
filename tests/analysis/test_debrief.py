"""The debrief picture is checked from the events it draws: every action is a bar from its
start to its end, every refusal a mark, the guard's rooms a lane, the end a highlighted line
with its cause; and the matplotlib artists carry those items (gid and label), not pixels."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tiptoi_sim.analysis.debrief import bar_label, build_model, clock_text, draw, end_label, load_events, Labels
from tiptoi_sim.cli import main
from tiptoi_sim.core.journal import Journal
from tiptoi_sim.millionen_coup.scenario import load_scenario, run_scenario, write_events

REPO = Path(__file__).resolve().parents[2]
SCEN = REPO / "tests" / "millionen_coup" / "scenarios"


def artists(fig):
    out = {}
    for ax in fig.axes:
        for a in list(ax.patches) + list(ax.lines) + list(ax.texts):
            if a.get_gid():
                out[a.get_gid()] = a
    return out


@pytest.mark.parametrize("name", ["two-players", "guard-catches"])
def test_every_action_is_a_bar_and_the_end_is_marked(data, name):
    events, ctx = load_events(SCEN / f"{name}.yaml", data)
    model = build_model(events, **ctx)
    started = [e for e in events if e["type"] == "action_started"]
    assert len(model.bars) == len(started) > 0
    for bar, ev in zip(model.bars, started):
        assert (bar.player, bar.action, bar.target, bar.start) == (ev["player"], ev["action"], ev["target"], ev["t"])
        done = [e for e in events if e["type"] in ("action_finished", "action_aborted") and e["player"] == ev["player"]
                and e["t"] >= ev["t"] and e["target"] == ev["target"]]
        if done:
            assert bar.end == done[0]["t"]
            assert bar.status == ("finished" if done[0]["type"] == "action_finished" else "aborted")
        else:                                   # still running when the game ended
            assert bar.status == "cut" and bar.end == model.end_t
    over = [e for e in events if e["type"] == "game_over"][-1]
    assert (model.end_t, model.result, model.reason) == (over["t"], over["result"], over["reason"])
    assert model.culprit == over.get("player")
    assert len([m for m in model.marks if m.kind == "refused"]) == len([e for e in events if e["type"] == "action_refused"])
    assert [v.room for v in model.guard] == [e["room"] for e in events if e["type"] == "guard"]
    assert len(model.changes) == len([e for e in events if e["type"] in ("lock_opened", "alarm_off")])

    fig = draw(model, data, lang="en")
    arts = artists(fig)
    L = Labels(data, "en")
    for i, bar in enumerate(model.bars):
        patch = arts[f"bar:{bar.player}:{i}"]
        assert patch.get_label() == bar_label(bar, L)
        assert patch.get_x() == pytest.approx(bar.start / 60)
        assert patch.get_x() + patch.get_width() >= bar.end / 60 - 1e-9
    end = arts["end"]
    assert end.get_xdata()[0] == pytest.approx(model.end_t / 60)
    assert end.get_label() == end_label(model, L)
    assert f"guard:{len(model.guard) - 1}" in arts and "guard_route" in arts
    for c in model.players:
        if any(b.action in ("walk", "run", "sneak", "climb") for b in model.bars if b.player == c):
            assert f"path:{c}" in arts
    if model.culprit:
        assert "end_player" in arts and "end_room" in arts
    import matplotlib.pyplot as plt
    plt.close(fig)


def test_end_labels_say_the_cause_in_both_languages(data):
    events, ctx = load_events(SCEN / "guard-catches.yaml", data)
    model = build_model(events, **ctx)
    en, de = end_label(model, Labels(data, "en")), end_label(model, Labels(data, "de"))
    assert "guard" in en and "Red" in en and clock_text(model.end_t) in en
    assert "Wachmann" in de and "Rot" in de
    won = build_model(load_events(SCEN / "two-players.yaml", data)[0])
    assert won.result == "won" and "vault" in end_label(won, Labels(data, "en"))


def test_a_refused_tap_and_an_aborted_action_are_drawn_as_such(data):
    events, ctx = load_events(SCEN / "two-players.yaml", data)
    model = build_model(events, **ctx)
    refused = [e for e in events if e["type"] == "action_refused"]
    assert refused and [(m.player, m.t, m.label) for m in model.marks if m.kind == "refused"] == \
        [(e["player"], e["t"], e["reason"]) for e in refused]
    aborted = [b for b in model.bars if b.status == "aborted"]
    assert aborted and all(b.end == model.go for b in aborted)
    assert all("(stopped by Go)" in bar_label(b, Labels(data, "en")) for b in aborted)


def test_event_stream_journal_and_scenario_give_the_same_picture(data, tmp_path):
    sc = load_scenario(SCEN / "guard-catches.yaml", data)
    session = run_scenario(sc, data)
    stream = tmp_path / "events.jsonl"
    with open(stream, "w", encoding="utf-8") as f:
        write_events(session.events, f)
    from_stream = build_model(load_events(stream, data)[0])
    from_scenario = build_model(load_events(SCEN / "guard-catches.yaml", data)[0])
    assert [(b.player, b.action, b.start, b.end) for b in from_stream.bars] == \
        [(b.player, b.action, b.start, b.end) for b in from_scenario.bars]
    assert (from_stream.end_t, from_stream.reason) == (from_scenario.end_t, from_scenario.reason)


def test_a_journal_is_replayed_for_its_picture(data, tmp_path):
    """A live game's journal (setup skipped at the start, taps, clock records) gives the same
    picture as the same taps in a scenario."""
    text = """
setup: {seed: 5, difficulty: hard, unit_seconds: 2, players: {red: oliver_crow, blue: ben}}
taps:
  - {at: 0, tap: [player:red, learn, skill:vault]}
  - {at: 0, tap: [player:blue, action:walk, room:lobby]}
  - {at: 4, tap: [go, player:red, action:locks, lock:1]}
  - {at: 4, tap: [player:blue, action:walk, room:lobby]}
  - {at: 10, tap: [player:red, action:walk, room:lobby]}
until: end
"""
    from tiptoi_sim.millionen_coup.scenario import scenario_from_text
    sc = scenario_from_text(text, data)
    scen = tmp_path / "s.yaml"
    scen.write_text(text, encoding="utf-8")
    from_scenario = build_model(load_events(scen, data)[0])
    j = tmp_path / "game.jsonl"
    with Journal(j, append=False) as jr:
        jr.write({"kind": "start", "seed": sc.seed, "lang": "de", "unit_seconds": sc.unit_seconds,
                  "setup": {"players": sc.players, "difficulty": sc.difficulty}})
        for tap in sc.taps:
            jr.write({"kind": "tap", "id": tap.id, "t_ms": tap.t_ms})
        jr.write({"kind": "clock", "t_ms": int(from_scenario.end_t * 1000) + 1000})
    with open(j, "a", encoding="utf-8") as f:
        f.write('{"kind": "clo')                 # a crash tore the last line
    events, ctx = load_events(j, data)
    from_journal = build_model(events, **ctx)
    assert [(b.player, b.action, b.start, b.end) for b in from_journal.bars] == \
        [(b.player, b.action, b.start, b.end) for b in from_scenario.bars]
    assert len(from_journal.bars) == 3
    assert [(m.player, m.label) for m in from_journal.marks if m.kind == "refused"] == \
        [("blue", "wrong_phase"), ("blue", "locked")]
    assert (from_journal.end_t, from_journal.reason) == (from_scenario.end_t, from_scenario.reason)
    assert from_journal.characters == {"red": "oliver_crow", "blue": "ben"}


def test_debrief_command_png_and_svg(data, tmp_path, capsys):
    png = tmp_path / "d.png"
    assert main(["debrief", str(SCEN / "two-players.yaml"), "--out", str(png), "--lang", "en"]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    svg = tmp_path / "d.svg"
    assert main(["debrief", str(SCEN / "guard-catches.yaml"), "--out", str(svg)]) == 0
    text = svg.read_text(encoding="utf-8")
    assert text.lstrip().startswith("<?xml") and "<svg" in text
    assert "Wachmann" in text and "erwischt" in text          # labels kept as text, in German


def test_debrief_command_refuses_bad_input(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"t": 0, "type": "phase"}\nnot json\n{"t": 1}\n', encoding="utf-8")
    assert main(["debrief", str(bad), "--out", str(tmp_path / "x.png")]) == 2
    assert "bad.jsonl" in capsys.readouterr().err
    assert main(["debrief", str(tmp_path / "missing.yaml"), "--out", str(tmp_path / "x.png")]) == 2
    assert main(["debrief", str(SCEN / "two-players.yaml"), "--out", str(tmp_path / "x.gif")]) == 2
    assert "expected a .png or .svg" in capsys.readouterr().err


def test_simulate_writes_the_debrief_too(tmp_path, capsys):
    out = tmp_path / "sim.png"
    assert main(["simulate", str(SCEN / "two-players.yaml"), "--no-say", "--out", str(tmp_path / "e.jsonl"),
                 "--debrief", str(out)]) == 0
    assert out.exists() and out.stat().st_size > 10_000
    lines = (tmp_path / "e.jsonl").read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[-1])["type"] == "game_over"
