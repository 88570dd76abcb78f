"""Data validation, the --script runner end to end, the documented example, undo, resume
from a journal after a crash, and the table screen."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from conftest import ASSETS, REPO, cash, ok

from tiptoi_sim.assistants.millions_of_dollars.game import MillionsOfDollars
from tiptoi_sim.assistants.session import AssistantSession
from tiptoi_sim.cli import main
from tiptoi_sim.core.errors import DataError

EXAMPLE = REPO / "docs" / "assistants" / "examples" / "millions-of-dollars.txt"


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize("file, old, new, where, field", [
    ("edition.yaml", "  - players: [5]\n", "  - players: [11]\n", "edition.yaml", "colours_by_players[1].players"),
    ("edition.yaml", "    amount: 5                     # rulebook: takes $5M", "    amount: -5",
     "edition.yaml", "roles[1].amount"),
    ("edition.yaml", "    effect: brain\n", "    effect: hacker\n", "edition.yaml", "roles[4].effect"),
    ("edition.yaml", "starting_cash: 10 ", "starting_cash: ten ", "edition.yaml", "starting_cash"),
    ("edition.yaml", "goal: 50 ", "goal: 5 ", "edition.yaml", "goal"),
    ("edition.yaml", "    colour: red ", "    colour: pink ", "edition.yaml", "roles[3].colour"),
    ("loot.yaml", "    bonuses: {brute: 5}\n", "    bonuses: {thief: 5}\n", "loot.yaml", "cards[0].bonuses.thief"),
    ("loot.yaml", "    cash: 12\n", "    cash: 1.5\n", "loot.yaml", "cards[1].cash"),
    ("loot.yaml", "  - id: diamond_exchange", "  - id: grand_casino", "loot.yaml", "cards[1].id"),
    ("loot.yaml", "    cash: 14\n", "    cash: 14\n    cahs: 3\n", "loot.yaml", "cards[2].cahs"),
    ("phrases.en.yaml", '  money_short: "${n}M"', '  money_short: "${amount}M"', "phrases.en.yaml",
     "phrases.money_short"),
    ("edition.yaml", "the_acc: den Akrobaten}", "the_acc: }", "edition.yaml", "roles[1].forms.de.the_acc"),
])
def test_malformed_data_names_file_line_and_field(asset_copy, file, old, new, where, field):
    _edit(asset_copy / file, old, new)
    with pytest.raises(DataError) as e:
        MillionsOfDollars.load_assets(asset_copy)
    assert e.value.path.endswith(where) and e.value.field == field and e.value.line, str(e.value)


def test_yaml_syntax_error_and_missing_file(asset_copy):
    _edit(asset_copy / "loot.yaml", "cards:\n", "cards: [\n")
    with pytest.raises(DataError) as e:
        MillionsOfDollars.load_assets(asset_copy)
    assert "not valid YAML" in str(e.value) and e.value.line
    (asset_copy / "loot.yaml").unlink()
    with pytest.raises(DataError, match="file not found"):
        MillionsOfDollars.load_assets(asset_copy)


def test_too_few_loot_cards(asset_copy):
    text = (asset_copy / "loot.yaml").read_text(encoding="utf-8")
    cut = text.index("  - id: art_museum")
    (asset_copy / "loot.yaml").write_text(text[:cut], encoding="utf-8")
    with pytest.raises(DataError) as e:
        MillionsOfDollars.load_assets(asset_copy)
    assert e.value.field == "cards" and "at least loot_cards_per_game (5)" in str(e.value)


def test_bad_option_is_a_clear_error(capsys):
    rc = main(["assist", "millions-of-dollars", "--script", str(EXAMPLE), "--option", "timer=soon"])
    assert rc == 2 and "timer" in capsys.readouterr().err


def _run_script(capsys, path, *extra):
    rc = main(["assist", "millions-of-dollars", "--script", str(path), *extra])
    assert rc == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_script_prints_one_json_object_per_command(tmp_path, capsys):
    script = tmp_path / "s.txt"
    script.write_text("# a comment\nplayers Anna Ben Cara Dan\n\nstart\nplan\nplan\nfaceup brute brute driver\nnegotiate\n"
                      "leave Dan 2 from Anna\nundo\nstate\n", encoding="utf-8")
    out = _run_script(capsys, script, "--lang", "en", "--seed", "4")
    assert [o["command"] for o in out] == ["players Anna Ben Cara Dan", "start", "plan", "plan",
                                          "faceup brute brute driver", "negotiate",
                                          "leave Dan 2 from Anna", "undo", "state"]
    assert [o["accepted"] for o in out] == [True, True, True, False, True, True, True, True, True]
    refused = out[3]
    assert refused["reason"] and refused["said"] == [refused["reason"]] and refused["line"] == 6
    assert set(out[0]) == {"line", "command", "accepted", "reason", "said", "state"}
    assert out[6]["state"]["players"][3]["cash"] == 12 and out[7]["state"]["players"][3]["cash"] == 8


@pytest.mark.parametrize("seed", range(12))
def test_documented_example_runs_without_a_refusal(capsys, seed):
    out = _run_script(capsys, EXAMPLE, "--lang", "en", "--seed", str(seed))
    refused = [(o["line"], o["command"], o["reason"]) for o in out if not o["accepted"]]
    assert not refused
    assert out[-1]["state"]["phase"] == "over" and out[-1]["state"]["winner"]


def test_documented_example_is_in_the_docs():
    doc = (REPO / "docs" / "assistants" / "millions-of-dollars.md").read_text(encoding="utf-8")
    body = [ln for ln in EXAMPLE.read_text(encoding="utf-8").splitlines() if ln and not ln.startswith("#")]
    assert all(ln in doc for ln in body)
    for c in MillionsOfDollars.commands:
        assert c.usage.split()[0] in doc


def test_undo_restores_money_and_phase(make):
    s = make(["Anna", "Ben", "Cara", "Dan"])
    ok(s, "plan", "faceup brute acrobat acrobat", "negotiate", "leave Dan 3 from Anna")
    assert cash(s)["Dan"] == 13
    ok(s, "undo")
    assert cash(s) == {"Anna": 8, "Ben": 8, "Cara": 8, "Dan": 8}
    ok(s, "undo", "undo", "undo")
    st = s.game.public_state()
    assert st["phase"] == "ready" and st["centre"] == 0 and st["round"] == 0


def test_resume_after_a_crash_loses_nothing(tmp_path):
    from tiptoi_sim.commands.assist import make_game

    journal = tmp_path / "j.jsonl"
    game = make_game("millions-of-dollars", 7, "en", {"timer": 30})
    s = AssistantSession(game, journal)
    lines = ["players Anna Ben Cara Dan Eva Finn Gus", "leader Cara", "start", "plan",
             "faceup tech acrobat brute mentalist brain driver", "negotiate",
             "leave Gus 2 from Anna", "leave Eva", "undo", "vote 4", "reveal tech Anna", "target mentalist"]
    for line in lines:
        assert s.execute(line).accepted
    before = s.game.public_state()
    del s  # the window closes without a goodbye
    resumed = AssistantSession.resume(journal, lambda g, sd, l, o: make_game(g, sd, l, o))
    assert resumed.game.public_state() == before
    assert resumed.game.timer == 30 and resumed.game.deck
    ok(resumed, "reveal acrobat Ben")
    resumed.close()
    again = AssistantSession.resume(journal, lambda g, sd, l, o: make_game(g, sd, l, o))
    assert again.game.public_state()["calling"] == "brute"


def test_table_screen_shows_the_game(make, tmp_path):
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    import pygame

    from tiptoi_sim.assistants.screen import TableScreen
    from tiptoi_sim.speech import SilentSpeaker

    s = make(["Anna", "Ben", "Cara", "Dan", "Eva", "Finn", "Gus"], lang="de")
    ok(s, "plan", "faceup tech acrobat brute mentalist brain driver", "negotiate", "leave Gus", "vote 4",
       "reveal tech Anna", "target brain", "reveal acrobat Ben")
    png = tmp_path / "table.png"
    TableScreen(s, SilentSpeaker()).loop(max_frames=2, screenshot=str(png))
    img = pygame.image.load(str(png))
    w, h = img.get_size()
    colours = {tuple(img.get_at((x, y)))[:3] for x in range(0, w, 7) for y in range(0, h, 7)}
    assert len(colours) > 20


TABLE_STATE = REPO / "docs" / "assistants" / "examples" / "millions-of-dollars-table.yaml"
TABLE_SCRIPT = REPO / "docs" / "assistants" / "examples" / "millions-of-dollars-table.txt"


def test_the_real_table_example_runs_as_documented(capsys):
    """Joining mid-game from the state file, fixing a mistake, and the documented answers."""
    out = _run_script(capsys, TABLE_SCRIPT, "--from", str(TABLE_STATE))
    refused = [o["command"] for o in out if not o["accepted"]]
    assert refused == ["target driver"]
    assert not any(o.get("error") for o in out)
    first, fixed, last = out[0], out[1], out[-1]
    assert any("Ben: $9M" in x for x in first["shown"])
    assert fixed["said"] == ["Corrected: Ben now has 11 million dollars, not 9 million dollars; "
                             "2 million dollars came from the reserve."]
    st = last["state"]
    assert st["phase"] == "ready" and st["round"] == 3
    assert {p["name"]: p["cash"] for p in st["players"]} == {"Anna": 21, "Ben": 18, "Cara": 29, "Dan": 8, "Eva": 12}
    assert st["total"] == 450 and st["money_ok"]
    doc = (REPO / "docs" / "assistants" / "millions-of-dollars.md").read_text(encoding="utf-8")
    assert "## At a real table" in doc
    for f in (TABLE_STATE, TABLE_SCRIPT):
        assert f.read_text(encoding="utf-8") in doc
    said = [x for o in out for x in o["said"]]
    for line in doc[doc.index("What it says:"):doc.index("To save the game")].splitlines():
        if line.startswith("   ") and line.strip() != "…":
            assert line.strip() in said, line
