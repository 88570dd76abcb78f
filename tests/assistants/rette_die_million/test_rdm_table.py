"""Rette die Million! at a real table: rule cases started from a state entered directly (never
a long replay), the state file (errors with file, line and field; the round trip on random whole
sessions, in this process at every step and in new processes through the CLI), corrections with
``fix`` (the chips conserved with the shaft), results of runs played on paper, typed categories,
the joker field, named refusals, and the docs' example of joining mid-game."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys

import pytest
import yaml
from rdm_helpers import copy_assets, shipped_assets

from tiptoi_sim import cli
from tiptoi_sim.assistants.rette_die_million.game import RetteDieMillion
from tiptoi_sim.assistants.session import AssistantSession, dump_state_file, state_file
from tiptoi_sim.core.errors import DataError
from tiptoi_sim.core.yamlio import load_yaml_text
from tiptoi_sim.paths import REPO_DIR

EXAMPLES = REPO_DIR / "docs" / "assistants" / "examples"
TEAMS = [{"name": "Blau", "members": ["Anna", "Ben"]}, {"name": "Rot", "members": ["Carla", "Dora"]}]
SETUP = {"mode": "cards", "phase": "setup", "teams": TEAMS}  # loaded from YAML text, never changed


def st(phase="stake", mode="cards", round=1, chips=40, stakes=None, teams=None, time_limit="off", **run):
    """A ``state:`` mapping: team Blau playing (quizmaster Carla), team Rot waiting."""
    out = {"mode": mode, "time_limit": time_limit, "phase": phase, "teams": copy.deepcopy(teams or TEAMS)}
    if mode == "pack":
        out["pack"] = "de"
    if phase != "setup" or run:
        out["run"] = {"team": "Blau", "quizmaster": "Carla", "round": round, "chips": chips,
                      "stakes": stakes or {}, **run}
    if mode == "pack":
        out["cards_drawn"] = list(run.get("offered", []))
    return out


def pack(phase="stake", round=1, offered=("de4-01", "de4-02"), chosen=1, **kw):
    return st(phase=phase, mode="pack", round=round, offered=list(offered),
              chosen=chosen if phase != "choose" else None, **kw)


def load(state, *, lang="en", assets=None, name="state.yaml", seed=3) -> RetteDieMillion:
    text = yaml.safe_dump({"game": "rette-die-million", "state": state}, allow_unicode=True, sort_keys=False)
    data = load_yaml_text(text, name)
    return RetteDieMillion.from_state(assets or shipped_assets(), data["state"], seed=seed, lang=lang, options={})


def reload(game: RetteDieMillion, *, as_yaml=True) -> RetteDieMillion:
    data = (load_yaml_text(dump_state_file(game), "saved.yaml") if as_yaml
            else json.loads(json.dumps(state_file(game))))
    return RetteDieMillion.from_state(game.assets, data["state"], seed=data["seed"], lang=data["lang"],
                                      options=data["options"])


CASES = [
    ("lock needs every chip on a window", st(), ["stake A=30", "!lock"],
     dict(reason="Not yet: 10 chips, €250,000, are on no window")),
    ("lock needs one open window empty", st(), ["stake A=10 B=10 C=10 D=10", "!lock"],
     dict(reason="One window must stay empty")),
    ("the right window keeps its money", st(), ["stake A=10 B=30", "lock", "reveal B"],
     dict(said="You saved €750,000", check=lambda s: s["phase"] == "revealed" and s["run"]["chips"] == 30)),
    ("a team left with no chips after the time limit is out at once", st(time_limit=60), ["timeout"],
     dict(said="No chips are left on any window: team Blau is out in round 1; saved until then: €1 million",
          check=lambda s: s["phase"] == "setup" and s["scoreboard"][0]["money_saved"] == 1_000_000)),
    ("time out with chips on every window: the last one (D) is lost in rounds 1-4",
     st(time_limit=60), ["stake A=10 B=10 C=10 D=10", "timeout"],
     dict(said="10 chips on D, €250,000, are lost", check=lambda s: s["run"]["chips"] == 30)),
    ("time out with chips on every window: C is lost in rounds 5-7",
     st(time_limit=60, round=6, chips=12), ["stake A=4 B=4 C=4", "timeout"],
     dict(said="4 chips on C", check=lambda s: s["run"]["chips"] == 8 and s["phase"] == "locked")),
    ("time out with chips on both windows in round 8: B is lost",
     st(time_limit=60, round=8, chips=2), ["stake A=1 B=1", "timeout"],
     dict(said="1 chip on B, €25,000, is lost", check=lambda s: s["run"]["chips"] == 1)),
    ("time out: chips not placed are lost", st(time_limit=60), ["stake A=25", "timeout"],
     dict(said="15 chips, €375,000, were not on a window", check=lambda s: s["run"]["chips"] == 25)),
    ("no time out without a time limit", st(), ["!timeout"], dict(reason="No time limit is running")),
    ("the joker only once per run", st(joker_used=True), ["!joker"],
     dict(reason="You have played your joker in this run already")),
    ("printed cards: the typed category goes onto the joker field",
     st(phase="reading"), ["asked Erdkunde", "joker", "asked Sport"],
     dict(check=lambda s: s["run"]["joker_card"]["category"] == "Erdkunde" and s["run"]["category"] == "Sport")),
    ("the program's pack: the chosen card lies on the joker field",
     pack(), ["joker"],
     dict(check=lambda s: s["run"]["joker_card"]["category"] == "Erdkunde" and s["run"]["category"] == "Flüsse")),
    ("a closed window takes no chips", st(round=5, chips=20), ["!put 5 D"],
     dict(reason="Window D is closed in this round; open are: A, B, C")),
    ("the reveal comes after the lock", st(), ["stake A=40", "!reveal A"],
     dict(reason="The windows are opened once the stakes are locked in")),
    ("a category is chosen only with the program's pack", st(phase="reading"), ["!choose 1"],
     dict(reason="With the printed cards the team names its category at the table")),
    ("a new run only when this one is over", st(), ["!start Rot"],
     dict(reason="Team Blau is still playing")),
    ("results of runs played on paper", SETUP,
     ["result Gelb out 4 250000€", "result Grün won 375.000 €", "result Rot out 4 300000"],
     dict(said="Entered: team Rot was out in round 4, with €300,000 saved until then",
          check=lambda s: [r["team"] for r in s["scoreboard"]] == ["Grün", "Rot", "Gelb"])),
    ("a team through all rounds has money", SETUP, ["!result Gelb won 0"],
     dict(reason="with nothing left it was out in round 8")),
    ("a result is entered once, then fixed", SETUP,
     ["result Gelb out 2 1 Mio", "!result Gelb out 3 1 Mio", "fix result Gelb out 3 1 Mio"],
     dict(check=lambda s: s["scoreboard"][0]["round_reached"] == 3)),
    ("fix money: the difference falls into the shaft", st(), ["fix money 750000"],
     dict(said="Fixed: team Blau has 30 chips, €750,000; into the shaft: 10 chips",
          check=lambda s: s["run"]["chips"] == 30 and s["run"]["round_start_chips"] == 30)),
    ("fix chips: back from the shaft", st(chips=20), ["fix chips 21"],
     dict(said="back from the shaft: 1 chip")),
    ("fix: no team holds more than the box", st(), ["!fix chips 41"],
     dict(reason="The game has only 40 chips, €1 million")),
    ("fix: not below the chips on the windows", st(), ["stake A=30", "!fix chips 20"],
     dict(reason="30 chips, €750,000, already lie on the windows")),
    ("fix: not while the stakes are locked in", st(), ["stake A=40", "lock", "!fix chips 20"],
     dict(reason="The stakes are locked in")),
    ("fix round: the cards drawn decide", pack(), ["!fix round 5"],
     dict(reason="The cards drawn have 4 answers, round 5 has 3")),
    ("fix round while the quizmaster reads", st(phase="reading"), ["fix round 5", "asked", "!put 1 D"],
     dict(reason="Window D is closed in this round")),
    ("the money saved is what the round began with, after a fix", st(phase="reading"),
     ["fix chips 20", "asked", "stake A=20", "lock", "reveal B"],
     dict(said="saved until then: €500,000", check=lambda s: s["scoreboard"][0]["saved_chips"] == 20)),
    ("fix joker and quizmaster", st(joker_used=True), ["fix joker free", "fix quizmaster Dora", "joker"],
     dict(check=lambda s: s["run"]["joker_used"] and s["run"]["quizmaster"] == "Dora")),
    ("the quizmaster is never in the playing team", st(), ["!fix quizmaster Anna"],
     dict(reason="Anna plays in team Blau")),
    ("the last round won", st(round=8, chips=3), ["stake A=3", "lock", "reveal A"],
     dict(said="Team Blau brings €75,000 through all 8 rounds",
          check=lambda s: s["scoreboard"][0]["finished"] and s["scoreboard"][0]["money"] == 75_000)),
    ("the quizmaster does not stake", st(), ["!Carla put 10 A", "Anna put 10 A", "Blau put 30 B"],
     dict(check=lambda s: s["run"]["windows"][1]["chips"] == 30)),
    ("only the quizmaster reveals", st(), ["stake A=40", "lock", "!Ben reveal A"],
     dict(reason="Ben does not read in this run: Carla is the quizmaster")),
    ("the quizmaster reveals", st(), ["stake A=40", "lock", "Carla reveal A"], dict(said="You saved €1 million")),
    ("a correction is undone like any command", st(), ["fix chips 10", "undo"],
     dict(check=lambda s: s["run"]["chips"] == 40)),
]


@pytest.mark.parametrize("name, state, lines, expect", CASES, ids=[c[0] for c in CASES])
def test_rule_case(name, state, lines, expect):
    s = AssistantSession(load(state))
    res = None
    for line in lines:
        refuse = line.startswith("!")
        text = line[1:] if refuse else line
        before = s.game.public_state()
        res = s.execute(text)
        assert not res.error, res.shown
        if refuse:
            assert not res.accepted, f"{text!r} should be refused; said {res.said}"
            assert s.game.public_state() == before
        else:
            assert res.accepted, f"{text!r} was refused: {res.reason}"
    if "said" in expect:
        assert expect["said"] in " ".join(res.said), res.said
    if "reason" in expect:
        assert expect["reason"] in (res.reason or ""), res.reason
    if "check" in expect:
        assert expect["check"](s.game.public_state()), s.game.public_state()
    g = s.game
    if g.run is not None and g.phase != "setup":
        assert g.run.placed <= g.run.chips <= g.ed.chips   # chips + shaft = 40, stakes within chips


def test_choose_by_an_exact_category_name_beats_a_prefix(tmp_path):
    folder = copy_assets(tmp_path)
    p = folder / "packs" / "de.yaml"
    text = p.read_text(encoding="utf-8")
    text = text.replace("category: Flüsse\n", "category: Erdkunde der Welt\n", 1)
    p.write_text(text, encoding="utf-8")
    assets = RetteDieMillion.load_assets(folder)
    g = load(pack(phase="choose"), assets=assets)
    s = AssistantSession(g)
    assert s.game.public_state()["run"]["categories"] == ["Erdkunde", "Erdkunde der Welt"]
    res = s.execute("choose erdkunde")
    assert res.accepted and s.game.public_state()["run"]["category"] == "Erdkunde"
    s.execute("undo")
    assert s.execute("choose Erdkunde der").accepted                       # a prefix still works
    assert s.game.public_state()["run"]["category"] == "Erdkunde der Welt"


def test_money_and_chips_are_said_as_people_say_them():
    s = AssistantSession(load(st(), lang="de"))
    res = s.execute("put 1 A")
    assert res.said == ["Auf A: 1 Chip, 25.000 €. Noch zu setzen: 39 Chips, 975.000 €."]
    assert s.execute("lock").reason.startswith("Noch nicht: 39 Chips, 975.000 €, liegen auf keinem Fenster.")
    assert s.execute("put 38 B").accepted
    assert s.execute("lock").reason.startswith("Noch nicht: 1 Chip, 25.000 €, liegt auf keinem Fenster.")
    assert s.execute("fix chips 40").reason == "Das Team hat schon 40 Chips, 1 Million Euro: Da ist nichts zu berichtigen."
    lines = AssistantSession(load(st(), lang="de")).execute("state").shown
    assert "Team Blau (Anna, Ben), Runde 1 von 8, 4 Antworten: 40 Chips, 1 Million Euro." in lines
    assert AssistantSession(load(st(time_limit=60), lang="de")).execute("state").shown[1] == "Zeitlimit: 1 Minute."


def test_commands_that_only_tell_are_no_undo_steps(tmp_path):
    j = tmp_path / "j.jsonl"
    s = AssistantSession(load(st()), j)
    for line in ("state", "scores", "punkte", "nochmal", "help"):
        assert s.execute(line).accepted, line
    assert not s.execute("undo").accepted
    assert len(j.read_text().splitlines()) == 1


@pytest.mark.parametrize("change, field, words", [
    (lambda x: x["run"].update(round=5, stakes={"D": 5}), "state.run.stakes.D", "an open window of round 5"),
    (lambda x: x["run"].update(stakes={"A": 30, "B": 20}), "state.run.stakes", "at most the team's 40 chips"),
    (lambda x: x["run"].update(team="Grün"), "state.run.team", "one of the teams: Blau, Rot"),
    (lambda x: x["run"].update(chips=41), "state.run.chips", "from 1 to 40"),
    (lambda x: x["run"].update(money="30000 €", chips=None), "state.run.money", "a whole number of chips"),
    (lambda x: x.update(phase="locked"), "state.run.stakes", "a locked-in stake"),
    (lambda x: x.update(phase="choose"), "state.phase", "choose is for the pack"),
    (lambda x: x["teams"].append({"name": "blau"}), "state.teams[2].name", "a name not used by another team"),
    (lambda x: x.update(jokers=1), "state.jokers", "unknown key"),
    (lambda x: x["run"].update(round_start_chips=20), "state.run.round_start_chips", "at least the team's chips"),
])
def test_a_wrong_state_file_names_file_line_and_field(change, field, words):
    state = st()
    change(state)
    if state["run"].get("chips") is None:
        state["run"].pop("chips")
    with pytest.raises(DataError) as e:
        load(state, name="rdm.yaml")
    msg = str(e.value)
    assert "rdm.yaml:" in msg and field in msg and words in msg, msg


def test_a_short_state_starts_the_round_of_its_run():
    text = "game: rette-die-million\nstate:\n  teams: [{name: Blau, members: [Anna, Ben]}]\n" \
           "  run: {team: Blau, round: 5, money: 500000}\n"
    data = load_yaml_text(text, "short.yaml")
    g = RetteDieMillion.from_state(shipped_assets(), data["state"], seed=2, lang="en", options={})
    st_ = g.public_state()
    assert st_["phase"] == "choose" and st_["run"]["chips"] == 20 and len(st_["run"]["categories"]) == 2
    assert all(g.card(c).kind == 3 for c in g.run.offered)
    assert reload(g).public_state() == st_
    cards = RetteDieMillion.from_state(shipped_assets(), {**data["state"], "mode": "cards"}, seed=2, lang="en",
                                       options={})
    assert cards.phase == "reading"


def test_money_may_be_written_in_euros_in_a_state_file():
    state = st()
    del state["run"]["chips"]
    state["run"]["money"] = "750.000 €"
    assert load(state).run.chips == 30


# -- the round trip on random whole sessions --------------------------------------------------------
def _commands(g: RetteDieMillion, rnd: random.Random) -> list[str]:
    ph = g.phase
    out = [x for x in g.suggestions() if "…" not in x and x != "repeat"]
    if ph == "setup":
        out += [f"team T{rnd.randint(1, 99)} P{rnd.randint(1, 9)} Q{rnd.randint(1, 9)}",
                f"result Z{rnd.randint(1, 3)} out {rnd.randint(1, 8)} {rnd.randint(1, 40) * 25000}",
                "mode cards", "mode pack", "timer 30", "timer off"]
    if ph == "stake":
        w = g.open_windows()
        c = g.run.chips
        out += [f"put {rnd.randint(1, 20)} {rnd.choice(w)}", f"stake {w[0]}={c // 2} {w[1]}={c - c // 2}",
                f"stake {rnd.choice(w)}={c}", "timeout", "lock", "lock"]
    if ph == "reading":
        out += ["asked Erdkunde", "asked"]
    if ph in ("choose", "reading", "stake", "revealed"):
        out += [f"fix chips {rnd.randint(1, 40)}", f"fix round {rnd.randint(1, 8)}", "fix joker used",
                "fix joker free"]
    return out + ["state", "scores", "xyz"]


def _random_session(seed, steps, check_every):
    rnd = random.Random(seed)
    options = [{}, {"timer": 60}, {"mode": "cards"}][seed % 3]
    s = AssistantSession(RetteDieMillion(shipped_assets(), seed=seed, lang=("de", "en")[seed % 2], options=options))
    lines = []
    for step in range(steps):
        line = rnd.choice(_commands(s.game, rnd))
        if check_every:
            twin = AssistantSession(reload(s.game, as_yaml=step % 10 == 0))
            assert twin.game.public_state() == s.game.public_state(), (step, line)
            a, b = s.execute(line), twin.execute(line)
            assert (a.accepted, a.said, a.reason, a.state) == (b.accepted, b.said, b.reason, b.state), line
        else:
            a = s.execute(line)
        assert not a.error, (line, a.shown)
        lines.append(line)
    return s, lines


@pytest.mark.parametrize("seed", range(4))
def test_round_trip_at_every_step_of_random_sessions(seed):
    s, lines = _random_session(seed, 140, True)
    results = [t for t in s.game.teams if t.result]
    assert results                       # the sessions get through whole runs


def test_round_trip_through_new_processes(tmp_path):
    for seed, cut in ((1, 50), (2, 90)):
        options = [{}, {"timer": 60}, {"mode": "cards"}][seed % 3]
        _, lines = _random_session(seed, cut + 12, False)
        head, tail = lines[:cut], lines[cut:]
        orig = AssistantSession(RetteDieMillion(shipped_assets(), seed=seed, lang=("de", "en")[seed % 2],
                                                options=options))
        for line in head:
            orig.execute(line)
        f = tmp_path / f"s{seed}.yaml"
        f.write_text(dump_state_file(orig.game), encoding="utf-8")
        expected = [orig.execute(line) for line in tail]
        script = tmp_path / f"t{seed}.txt"
        script.write_text("\n".join(tail) + "\n", encoding="utf-8")
        proc = subprocess.run([sys.executable, "-m", "tiptoi_sim", "assist", "rette-die-million", "--from", str(f),
                               "--script", str(script)], cwd=REPO_DIR, capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        recs = [json.loads(x) for x in proc.stdout.splitlines()]
        assert len(recs) == len(expected)
        for want, got in zip(expected, recs):
            assert (want.accepted, want.said, want.reason) == (got["accepted"], got["said"], got["reason"])
            assert json.loads(json.dumps(want.state)) == got["state"]


def test_the_docs_joining_mid_game_example_runs(capsys):
    state_file_path = EXAMPLES / "rette-die-million-table.yaml"
    script = EXAMPLES / "rette-die-million-table.txt"
    rc = cli.main(["assist", "rette-die-million", "--from", str(state_file_path), "--script", str(script)])
    assert rc in (0, None)
    recs = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [r["command"] for r in recs if not r["accepted"]] == ["lock", "fix chips 45"]
    last = recs[-1]["state"]
    assert [r["team"] for r in last["scoreboard"]][:2] == ["Rot", "Grün"]
    doc = (EXAMPLES.parent / "rette-die-million.md").read_text(encoding="utf-8")
    assert state_file_path.read_text(encoding="utf-8") in doc and script.read_text(encoding="utf-8") in doc
