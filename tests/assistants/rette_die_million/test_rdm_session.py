"""Rette die Million! end to end: --script through the CLI, the documented example, undo,
resume from a journal after a crash, bad options, and the table screen."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from rdm_helpers import new_session, ok, refused, right, wrong

from tiptoi_sim.assistants.session import AssistantSession
from tiptoi_sim.cli import main
from tiptoi_sim.commands.assist import make_game
from tiptoi_sim.paths import REPO_DIR

EXAMPLE = REPO_DIR / "docs" / "assistants" / "examples" / "rette-die-million.txt"
DOC = REPO_DIR / "docs" / "assistants" / "rette-die-million.md"


def run_cli(capsys, *args) -> list[dict]:
    code = main(["assist", "rette-die-million", *args])
    out = capsys.readouterr().out
    assert code == 0
    return [json.loads(line) for line in out.splitlines()]


def test_script_prints_one_json_object_per_command(tmp_path, capsys):
    script = tmp_path / "s.txt"
    script.write_text("# a comment\nteam Blue Anna\n\nstart\nlock\nchoose 1\nput 40 A\n", encoding="utf-8")
    recs = run_cli(capsys, "--script", str(script), "--lang", "en", "--seed", "4")
    assert [r["command"] for r in recs] == ["team Blue Anna", "start", "lock", "choose 1", "put 40 A"]
    assert [r["accepted"] for r in recs] == [True, True, False, True, True]
    assert recs[2]["reason"] == ("Stakes are locked in after the question has been read, once every chip lies "
                                 "on a window. The team picks a category: choose 1 or choose 2.")
    assert recs[0]["said"] == ["Team Blue is in: Anna."]
    assert recs[-1]["state"]["run"]["windows"][0]["chips"] == 40
    assert recs[-1]["state"]["phase"] == "stake" and recs[-1]["line"] == 7


@pytest.mark.parametrize("seed, lang", [(1, "de"), (2, "en"), (99, "de")])
def test_documented_example_runs_without_a_refused_command(capsys, seed, lang):
    recs = run_cli(capsys, "--script", str(EXAMPLE), "--seed", str(seed), "--lang", lang)
    refused_lines = [(r["command"], r["reason"]) for r in recs if not r["accepted"]]
    assert refused_lines == []
    board = recs[-1]["state"]["scoreboard"]
    assert [row["team"] for row in board][:2] == ["Rot", "Blau"]


def test_the_doc_contains_the_example_and_documents_every_command():
    doc = DOC.read_text(encoding="utf-8")
    block = re.search(r"```text\n# Rette die Million! — an example session.*?```", doc, re.S)
    assert block and block.group(0)[len("```text\n"):-3] == EXAMPLE.read_text(encoding="utf-8")
    from tiptoi_sim.assistants.rette_die_million.game import RetteDieMillion

    for c in RetteDieMillion.commands:
        assert f"`{c.usage.split()[0]}" in doc, c.usage


def test_undo_takes_back_stakes_reveal_and_joker():
    s = new_session("en", seed=8)
    ok(s, "team X x", "start", "choose 1", "put 10 A")
    before = s.game.public_state()
    ok(s, "put 5 B", "undo")
    assert s.game.public_state() == before
    ok(s, "joker")
    assert s.game.public_state()["run"]["joker_used"]
    ok(s, "undo")
    assert s.game.public_state() == before
    ok(s, "clear", f"stake {right(s)}=20 {wrong(s)[0]}=20", "lock")
    locked = s.game.public_state()
    ok(s, "reveal")
    assert s.game.run.chips == 20
    ok(s, "undo")
    assert s.game.public_state() == locked


def test_resume_after_a_crash_loses_nothing(tmp_path):
    journal = tmp_path / "rdm.jsonl"
    lines = ["timer on", "team Blau Anna Ben", "team Rot Carla", "start", "choose 2", "put 10 A",
             "put 30 B", "undo", "put 20 B", "joker", "put 1 C"]
    game = make_game("rette-die-million", 12, "de", {"mode": "pack"})
    s = AssistantSession(game, journal)
    for line in lines:
        s.execute(line)
    s.execute("put 100 D")  # refused: not journaled
    expected = s.game.public_state()
    offered = list(s.game.run.offered)
    # a crash: no close(); and a torn half line at the end of the journal
    with open(journal, "a", encoding="utf-8") as f:
        f.write('{"kind": "comm')
    resumed = AssistantSession.resume(journal, lambda g, seed, lang, o: make_game(g, seed, lang, o))
    assert resumed.game.public_state() == expected
    assert resumed.game.run.offered == offered and resumed.game.timer_seconds() == 60
    ok(resumed, "put 39 A", "lock")
    s.close()
    resumed.close()


def test_resume_through_the_cli(tmp_path, capsys):
    journal = tmp_path / "j.jsonl"
    script = tmp_path / "a.txt"
    script.write_text("team Blue Anna\nstart\nchoose 1\nput 7 B\n", encoding="utf-8")
    run_cli(capsys, "--script", str(script), "--journal", str(journal), "--seed", "5", "--lang", "en")
    more = tmp_path / "b.txt"
    more.write_text("state\n", encoding="utf-8")
    recs = run_cli(capsys, "--resume", str(journal), "--script", str(more))
    assert recs[0]["state"]["run"]["windows"][1]["chips"] == 7
    assert recs[0]["state"]["expected"].startswith("Place everything")


@pytest.mark.parametrize("option, words", [
    ("mode=tv", "expected one of pack, cards"),
    ("pack=fr", "expected one of de, en"),
    ("timer=soon", "on, off or a number of seconds"),
    ("colour=red", "unknown; expected mode, pack or timer"),
])
def test_bad_options_are_one_line_errors(tmp_path, capsys, option, words):
    script = tmp_path / "s.txt"
    script.write_text("state\n", encoding="utf-8")
    code = main(["assist", "rette-die-million", "--script", str(script), "--option", option])
    err = capsys.readouterr().err
    assert code == 2 and words in err and "Traceback" not in err


def test_options_choose_mode_pack_and_timer():
    s = new_session("de", options={"mode": "cards", "pack": "en", "timer": "off"})
    st = s.game.public_state()
    assert st["mode"] == "cards" and s.game.pack_name == "en" and st["time_limit"] is None
    assert new_session("de", options={"timer": "on"}).game.time_limit == 60


def test_table_screen_screenshot(tmp_path):
    from tiptoi_sim.assistants.screen import TableScreen
    from tiptoi_sim.speech.api import SilentSpeaker

    import pygame

    s = new_session("de", seed=5)
    ok(s, "team Blau Anna Ben", "team Rot Carla", "start", "choose 1", "put 10 A", "put 20 B")
    png = tmp_path / "rdm.png"
    TableScreen(s, SilentSpeaker()).loop(max_frames=2, screenshot=str(png))
    img = pygame.image.load(str(png))
    assert img.get_size() == (1280, 800)
    colours = {img.get_at((x, y))[:3] for x in range(0, 1280, 16) for y in range(0, 800, 16)}
    assert len(colours) > 8  # text, windows, chips: not a blank screen
    # the windows are drawn in the board colour where the panel's layout puts them
    from tiptoi_sim.assistants.rette_die_million.panel import BG_WINDOW

    assert BG_WINDOW in colours
    assert os.path.getsize(png) > 10_000
    refused(s, "lock")
