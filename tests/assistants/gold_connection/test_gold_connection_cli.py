"""End to end: --script through the CLI, the documented example, undo, the journal and
--resume, the table screen, and German as the default language."""

from __future__ import annotations

import json
import re

from gc_helpers import EXAMPLE, arrange_safe, run, session, state, two_player_start

from tiptoi_sim import cli
from tiptoi_sim.assistants.gold_connection.game import GoldConnection
from tiptoi_sim.assistants.session import AssistantSession
from tiptoi_sim.commands.assist import make_game

DOC = EXAMPLE.parents[1] / "gold-connection.md"


def _script(capsys, path, *extra):
    rc = cli.main(["assist", "gold-connection", "--script", str(path), *extra])
    assert rc in (0, None)
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_the_documented_example_runs_without_a_refusal_to_the_end(capsys):
    recs = _script(capsys, EXAMPLE, "--lang", "en", "--seed", "99")
    assert recs and all(r["accepted"] for r in recs), [r for r in recs if not r["accepted"]][:1]
    last = recs[-1]["state"]
    assert last["phase"] == "over" and last["result"]["winners"]
    assert set(recs[0]) >= {"line", "command", "accepted", "reason", "said", "state"}
    # the same script in the doc itself
    doc = DOC.read_text(encoding="utf-8")
    block = re.search(r"```text\n(# Gold Connection: a complete game.*?)```", doc, re.S).group(1)
    assert block == EXAMPLE.read_text(encoding="utf-8")


def test_script_reports_refusals_with_their_reason_and_goes_on(tmp_path, capsys):
    p = tmp_path / "s.txt"
    p.write_text("players Anna\nplayers Anna Ben\nroll 3 9\nfly away\nplayers Cara Dan\n", encoding="utf-8")
    recs = _script(capsys, p, "--seed", "3")                 # German by default, screen dice
    assert [r["accepted"] for r in recs] == [False, True, False, False, False]
    assert recs[0]["reason"] == "Gold Connection ist für 2 bis 4 Spieler."
    assert "Würfel zeigen 1 bis 6" in recs[2]["reason"]       # typed dice are read in any mode
    assert "vor dem ersten Startwurf" in recs[4]["reason"]
    assert recs[1]["state"]["players"][0]["name"] == "Anna"


def test_every_command_in_the_help_is_documented():
    doc = DOC.read_text(encoding="utf-8")
    for c in GoldConnection.commands:
        verb = c.usage.split()[0]
        assert f"`{verb}" in doc, verb


def test_undo_takes_back_a_roll_and_its_consequences():
    s = two_player_start(session())
    arrange_safe(s, "1", "red3", "red4", "blue1", "blue1", "blue2", "red1")
    run(s, ["move", "take red3 red4"])
    before = state(s)
    run(s, ["roll 1 1"])                                      # failed: chips, next player
    assert state(s)["player"] == "Anna"
    run(s, ["undo"])
    assert state(s) == before


def test_resume_after_a_crash_rebuilds_the_game(tmp_path):
    journal = tmp_path / "gc.jsonl"
    game = make_game("gold-connection", 11, "en", {})
    s = AssistantSession(game, journal)
    for line in ["deal 4", "players Anna Ben Carl", "roll", "place 99", "undo"]:
        s.execute(line)
    while s.game.phase in ("start_roll", "start_place"):
        opts = s.game.public_state()["start"]
        s.execute(f"place {opts['options'][0]}" if opts else "roll")
    s.execute(s.game.suggestions()[0])
    expected = s.game.public_state()
    # a crash: the session is never closed; the journal is all that is left
    resumed = AssistantSession.resume(journal, lambda g, seed, lang, opts: make_game(g, seed, lang, opts))
    assert resumed.game.public_state() == expected
    assert resumed.execute(resumed.game.suggestions()[0]).accepted   # and play goes on
    resumed.close()
    s.close()


def test_the_table_screen_draws_the_vault(tmp_path, capsys):
    png = tmp_path / "gc.png"
    script = tmp_path / "j.jsonl"
    # play a little with a journal, then open the screen on it (--resume) and take a screenshot
    game = make_game("gold-connection", 2, "en", {})
    s = AssistantSession(game, script)
    for line in EXAMPLE.read_text(encoding="utf-8").splitlines()[:40]:
        s.execute(line)
    s.close()
    rc = cli.main(["assist", "gold-connection", "--resume", str(script), "--ui", "screen", "--no-speech",
                   "--frames", "2", "--screenshot", str(png)])
    assert rc in (0, None) and png.exists()
    import pygame

    img = pygame.image.load(str(png))
    colours = {img.get_at((x, y))[:3] for x in range(0, img.get_width(), 7) for y in range(0, img.get_height(), 7)}
    assert len(colours) > 20                                  # not blank: safes, bars, text
