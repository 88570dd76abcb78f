"""The state file of Millions of Dollars: a saved game loads back to the same game (same public
state, same answers to the next commands) at every step of random whole games, in this process
and in a new one (``assist millions-of-dollars --from FILE --script ...``); a wrong state file
names its file, line and field."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
import yaml
from conftest import ASSETS, REPO
from mod_states import SEVEN, role, session_from, state
from mod_table_player import TablePlayer

from tiptoi_sim.assistants.millions_of_dollars.game import MillionsOfDollars
from tiptoi_sim.assistants.session import AssistantSession, dump_state_file
from tiptoi_sim.core.errors import DataError
from tiptoi_sim.core.yamlio import load_yaml_text

NAMES = ["Anna", "Ben", "Cara", "Dan", "Eva", "Finn", "Gus", "Hal"]


def _reload(game, name="saved.yaml"):
    data = load_yaml_text(dump_state_file(game), name)
    return MillionsOfDollars.from_state(game.assets, data["state"], seed=data["seed"], lang=data["lang"],
                                        options=data["options"])


def _answer(res):
    return (res.accepted, res.reason, res.said, res.state)


@pytest.mark.parametrize("players, lang", [(3, "en"), (4, "de"), (6, "en"), (7, "de")])
def test_round_trip_at_every_step_of_random_whole_games(players, lang):
    assets = MillionsOfDollars.load_assets(ASSETS)
    table = TablePlayer(31 * players)
    for seed in range(1):
        s = AssistantSession(MillionsOfDollars(assets, seed=seed, lang=lang))
        steps = 0
        while not s.game.over:
            if steps == 0:
                line = "players " + " ".join(NAMES[:players])
            elif steps == 1:
                line = "start"
            else:
                line = table.line(s.game)
            loaded = AssistantSession(_reload(s.game))
            assert loaded.game.public_state() == s.game.public_state()
            assert loaded.game.describe_state() == s.game.describe_state()
            res = s.execute(line)
            assert not res.error, (line, res.reason, res.shown)
            assert _answer(loaded.execute(line)) == _answer(res), line
            table.commit(res.accepted)
            steps += 1
            assert steps < 3000
        assert _reload(s.game).public_state() == s.game.public_state()
    assert table.seen["fix"] and table.seen["pay"] and table.seen["one vote"] and table.seen["leave"]


def _run_cli(*args, timeout=120):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-m", "tiptoi_sim", "assist", "millions-of-dollars", *args],
                         capture_output=True, text=True, timeout=timeout, cwd=REPO, env=env)
    return out


def test_round_trip_through_a_new_process(tmp_path):
    """At a few points of a random game the state is saved with ``state --yaml FILE``, loaded by a
    new process with ``--from FILE``, and the next commands get the same answers there."""
    assets = MillionsOfDollars.load_assets(ASSETS)
    table = TablePlayer(5, noise=0.05)
    s = AssistantSession(MillionsOfDollars(assets, seed=3, lang="en"))
    for line in ("players Anna Ben Cara Dan Eva Finn Gus", "start"):
        s.execute(line)
    lines = []
    while not s.game.over:
        line = table.line(s.game)
        lines.append(line)
        res = s.execute(line)
        table.commit(res.accepted)
    # replay the same game to the chosen points, save there, and compare the next commands
    points = sorted({len(lines) // 4, len(lines) // 2, 3 * len(lines) // 4, len(lines) - 6})
    replay = AssistantSession(MillionsOfDollars(assets, seed=3, lang="en"))
    for line in ("players Anna Ben Cara Dan Eva Finn Gus", "start"):
        replay.execute(line)
    done = 0
    for k, point in enumerate(points):
        for line in lines[done:point]:
            replay.execute(line)
        done = point
        saved = tmp_path / f"state{k}.yaml"
        assert replay.execute(f"state --yaml {saved}").accepted
        nxt = lines[point:point + 6]
        script = tmp_path / f"next{k}.txt"
        script.write_text("state\n" + "\n".join(nxt) + "\n", encoding="utf-8")
        out = _run_cli("--from", str(saved), "--script", str(script))
        assert out.returncode == 0, out.stderr
        got = [json.loads(x) for x in out.stdout.splitlines()]
        assert got[0]["state"] == replay.game.public_state()
        assert got[0]["shown"] == replay.game.describe_state()
        probe = AssistantSession(_reload(replay.game))
        for rec, line in zip(got[1:], nxt):
            res = probe.execute(line)
            assert (rec["accepted"], rec["reason"], rec["said"], rec["state"]) == _answer(res), line


def test_a_mid_game_state_file_from_the_command_line(tmp_path):
    st = state("heist", SEVEN, face_up=["tech", "acrobat", "brute", "mentalist", "driver", "driver"],
               cards={"Anna": [role("tech")]}, heist={"calling": "tech", "waiting_for": "tech_target"})
    f = tmp_path / "table.yaml"
    f.write_text(yaml.safe_dump({"game": "millions-of-dollars", "lang": "en", "state": st}), encoding="utf-8")
    script = tmp_path / "s.txt"
    script.write_text("target brain\ntarget brute\n", encoding="utf-8")
    out = _run_cli("--from", str(f), "--script", str(script))
    assert out.returncode == 0, out.stderr
    a, b = [json.loads(x) for x in out.stdout.splitlines()]
    assert not a["accepted"] and "face up" in a["reason"]
    assert b["accepted"] and b["state"]["tech_target"] == "brute"


def _bad(st, text=None):
    doc = yaml.safe_dump({"game": "millions-of-dollars", "state": st}, sort_keys=False)
    if text:
        doc = text
    data = load_yaml_text(doc, "table.yaml")
    assets = MillionsOfDollars.load_assets(ASSETS)
    with pytest.raises(DataError) as e:
        MillionsOfDollars.from_state(assets, data["state"], lang="en")
    return e.value


@pytest.mark.parametrize("change, field, words", [
    (lambda st: st.update(reserve=10), "state.reserve", "money conserved"),
    (lambda st: st["players"][0].update(cash=500), "state.players", "at most"),
    (lambda st: st.update(phase="dinner"), "state.phase", "one of setup"),
    (lambda st: st.update(leader="Zoe"), "state.leader", "a player's name"),
    (lambda st: st.update(face_up=["acrobat", "brute"]), "state.face_up", "all role cards but one"),
    (lambda st: st.update(face_up=["acrobat", "brute", "brain"]), "state.face_up[2]", "roles in use"),
    (lambda st: st["players"][1].update(name="Anna"), "state.players[1].name", "repeated name"),
    (lambda st: st["players"][1].update(cash=-1), "state.players[1].cash", "0 or more"),
    (lambda st: st["players"][1].update(cards=[{"in": True, "role": "brute"}]), "state.players[1].cards[0].role",
     "before the heist"),
    (lambda st: st["players"][1].update(cards=[{"in": True}, {"in": True}]), "state.players[1].cards",
     "1 role card(s)"),
    (lambda st: st.update(vote={"yes": ["Anna", "Ben"]}), "state.vote", "undecided"),
    (lambda st: st.update(heist={"calling": "brute"}), "state.heist", "nothing in phase negotiation"),
    (lambda st: st.update(round=0), "state.round", "during a round"),
    (lambda st: st.update(loot={"cash": "ten"}), "state.loot.cash", "whole number"),
    (lambda st: st.update(centre=2, reserve=None), "state.centre", "stakes"),
    (lambda st: st.update(colour="red"), "state.colour", "unknown key"),
])
def test_a_wrong_state_file_names_file_line_and_field(change, field, words):
    st = state("negotiation", SEVEN[:4], face_up=["acrobat", "brute", "driver"])
    change(st)
    st = {k: v for k, v in st.items() if v is not None}
    err = _bad(st)
    assert err.field == field and words in str(err) and err.line and "table.yaml" in str(err), str(err)


def test_wrong_heist_states_are_refused():
    base = dict(names=SEVEN[:4], face_up=["acrobat", "brute", "driver"])
    err = _bad(state("heist", heist={"calling": "acrobat", "waiting_for": "tech_target"}, **base))
    assert err.field == "state.heist.waiting_for"
    err = _bad(state("heist", cards={"Anna": [role("driver")]}, heist={"calling": "brute"}, **base))
    assert "revealed but not yet called" in str(err)
    err = _bad(state("heist", ["A", "B", "C"], face_up=["acrobat", "brute", "driver", "tech", "mentalist"],
                     heist={"calling": "driver"}))  # two hidden roles each, one call left
    assert err.field == "state.heist.calling"
    err = _bad(None, text="game: millions-of-dollars\nstate:\n  phase: over\n  players: [Anna, Ben, Cara]\n")
    assert err.field == "state.players[0]" and "name and cash" in str(err)


def test_a_hand_written_state_with_defaults_and_a_bare_yes(tmp_path):
    """What a referee types at the table: the reserve, the cards and the deck left out, a
    bare ``yes:`` (YAML 1.1 reads it as true)."""
    text = """game: millions-of-dollars
lang: en
state:
  phase: negotiation
  players:
    - {name: Anna, cash: 8}
    - {name: Ben, cash: 8}
    - {name: Cara, cash: 10, left: true}
    - {name: Dan, cash: 8}
  leader: Ben
  round: 2
  loot: grand_casino
  centre: 16
  face_up: [acrobat, brute, driver]
  vote: {yes: [Ben], no: [Cara]}
"""
    f = tmp_path / "t.yaml"
    f.write_text(text, encoding="utf-8")
    script = tmp_path / "s.txt"
    script.write_text("Anna vote yes\nstate --yaml\n", encoding="utf-8")
    out = _run_cli("--from", str(f), "--script", str(script))
    assert out.returncode == 0, out.stderr
    a, b = [json.loads(x) for x in out.stdout.splitlines()]
    assert a["accepted"] and "The heist starts!" in " ".join(a["said"])
    assert a["state"]["reserve"] == 440 - 34 - 16 and a["state"]["loot"]["bonuses"] == {"brute": 5}
    assert "  phase: heist" in b["shown"]


def test_setup_and_over_states_load(tmp_path):
    s = session_from({"phase": "setup", "players": [{"name": n} for n in SEVEN[:5]], "leader": "Eva"})
    assert s.execute("start").accepted
    assert s.game.public_state()["players"][4]["leader"]
    s = session_from(state("over", SEVEN[:4], [52, 8, 10, 10], round=3, winner="Anna"))
    assert s.game.public_state()["winner"] == "Anna"
    assert "Anna won" in s.execute("plan").reason
    assert "over" in s.execute("state").shown[0]


def test_a_game_entered_from_a_state_file_resumes_from_its_journal(tmp_path):
    from tiptoi_sim.commands.assist import make_game

    st = state("negotiation", SEVEN[:4], face_up=["acrobat", "brute", "driver"], leader="Cara")
    j = tmp_path / "j.jsonl"
    s = AssistantSession(make_game("millions-of-dollars", 1, "en", {}, state=st), j, from_state=st)
    for line in ("Anna pay Ben 2", "fix cash Dan 9", "Cara vote", "Cara vote yes", "Anna vote yes"):
        assert s.execute(line).accepted, line
    s.close()
    again = AssistantSession.resume(j, lambda g, sd, l, o, state=None: make_game(g, sd, l, o, state=state))
    assert again.game.public_state() == s.game.public_state()
    assert again.game.public_state()["phase"] == "heist"


def test_no_int_float_or_isdigit_on_typed_text():
    """Every typed number goes through tiptoi_sim/core/numbers.py (model.parse_amount/parse_count)."""
    import re

    folder = REPO / "tiptoi_sim" / "assistants" / "millions_of_dollars"
    for f in folder.glob("*.py"):
        code = f.read_text(encoding="utf-8")
        assert not re.search(r"\b(int|float)\(|\.isdigit\(", code), f.name


def test_loot_cards_left_and_nothing_said_as_nothing():
    s = session_from(state("ready", SEVEN[:4], 10, round=3, loot_cards_left=1))
    st = s.game.public_state()
    assert st["loot_cards"] == 4 and st["loot_cards_left"] == 1 and len(s.game.deck) == 1
    assert s.execute("fix cash Anna 0").said == [
        "Corrected: Anna now has nothing, not 10 million dollars; 10 million dollars went back to the reserve."]
    err = _bad(state("ready", SEVEN[:4], 10, round=3, loot_cards=5, loot_cards_left=1))
    assert err.field == "state.loot_cards_left"


def test_the_techs_named_owner_survives_a_save():
    st = state("heist", SEVEN, face_up=["tech", "acrobat", "acrobat", "brute", "mentalist", "driver"],
               cards={"Anna": [role("tech")]}, heist={"calling": "tech", "waiting_for": "tech_target"})
    s = session_from(st)
    assert s.execute("target acrobat Cara").accepted
    g2 = _reload(s.game)
    assert g2.export_state()["heist"]["tech_target_owner"] == "Cara"
    a, b = s.execute("reveal acrobat Ben Cara"), AssistantSession(g2).execute("reveal acrobat Ben Cara")
    assert _answer(a) == _answer(b) and a.state["players"][2]["eliminated"] == ["acrobat"]
