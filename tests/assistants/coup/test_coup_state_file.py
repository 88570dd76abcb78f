"""Coup's state file: a game entered in progress. The round trip (at every step of random whole
games the state written by ``state --yaml`` and loaded again gives the same public state and the
same answers to the next commands, in this process and in a new one started with
``assist coup --from FILE --script …``), and a broken state file naming its line and field."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest

from coup_tablecases import ABC, session_from, table
from tiptoi_sim.assistants.coup.game import CoupGame
from tiptoi_sim.assistants.session import AssistantSession, dump_state_file
from tiptoi_sim.commands.assist import make_game
from tiptoi_sim.core.errors import DataError
from tiptoi_sim.core.yamlio import load_yaml_text
from tiptoi_sim.paths import REPO_DIR

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
#: lines typed besides the suggested ones: actors, out-of-turn actions, fixes, refusals
ODD = ["{b} challenge", "{c} block", "block", "challenge", "pass", "{a} pass", "{b} pass", "show", "bluff",
       "income", "{b} income", "fix {a} coins 5", "fix {b} coins +1", "fix {c} coins -1", "fix {c} revealed captain",
       "fix turn {b}", "fix {a} reveal duchess", "fix {b} revealed none", "next", "return", "reveal {a} duchess",
       "{c} examine {a}", "{b} show", "undo", "state", "steal {a}", "coup {b}"]


def random_lines(rng: random.Random, game, names: list[str]) -> str:
    if rng.random() < 0.3:
        return rng.choice(ODD).format(a=names[0], b=names[1], c=names[-1])
    return rng.choice([o for o in game.suggestions() if not o.endswith("…")] or ["state"])


def reload(game) -> CoupGame:
    data = load_yaml_text(dump_state_file(game), "state.yaml")
    return CoupGame.from_state(game.assets, data["state"], seed=data["seed"], lang=data["lang"],
                               options=data["options"])


def same(r1, r2) -> None:
    assert (r1.accepted, r1.reason, r1.said, r1.shown, r1.state) == (r2.accepted, r2.reason, r2.said, r2.shown, r2.state)


@pytest.mark.parametrize("seed,players,variant,lang", [(1, 2, "ambassador", "en"), (2, 3, "inquisitor", "de"),
                                                       (3, 4, "ambassador", "de"), (4, 6, "inquisitor", "en"),
                                                       (5, 8, "ambassador", "en")])
def test_round_trip_at_every_step_of_random_games(seed, players, variant, lang):
    rng = random.Random(seed)
    names = NAMES[:players]
    s = AssistantSession(make_game("coup", seed, lang, {"variant": variant}))
    script = ["players " + " ".join(names), rng.choice(["start", "start dealt"])]
    steps = 0
    while not s.game.over and steps < 160:
        line = script.pop(0) if script else random_lines(rng, s.game, names)
        g2 = reload(s.game)
        assert g2.public_state() == s.game.public_state()
        twin = AssistantSession(g2)
        r1, r2 = s.execute(line), twin.execute(line)
        assert not r1.error, (line, r1.reason, r1.shown)
        if line != "undo":  # the twin has no history to undo
            same(r1, r2)
        steps += 1
    assert steps > 15


def _cli(*argv) -> list[dict]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, "-m", "tiptoi_sim", "assist", "coup", *argv], cwd=REPO_DIR,
                          capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()]


def test_round_trip_through_a_new_process(tmp_path):
    """At a few moments of a random game (a claim open, a block open, a reveal due, between
    turns) ``state --yaml FILE`` is saved, and a new ``assist coup --from FILE --script`` process
    answers the next commands exactly as the running game does."""
    rng = random.Random(11)
    names = NAMES[:4]
    s = AssistantSession(make_game("coup", 11, "de", {}))
    s.execute("players " + " ".join(names))
    s.execute("start dealt")
    lines = []
    while not s.game.over and len(lines) < 400:
        lines.append(random_lines(rng, s.game, names))
        if lines[-1] == "undo":
            lines[-1] = "state"
        s.execute(lines[-1])
    # replay, stopping in four different windows to hand the game to a new process
    s = AssistantSession(make_game("coup", 11, "de", {}))
    s.execute("players " + " ".join(names))
    s.execute("start dealt")
    wanted = ["challenge_claim", "block", "reveal", "action"]
    runs = 0
    for i, line in enumerate(lines):
        w = s.game.window
        if w in wanted and i + 6 < len(lines):
            wanted.remove(w)
            path = tmp_path / f"at-{i}.yaml"
            assert s.execute(f"state --yaml {path}").accepted
            nxt = tmp_path / f"next-{i}.txt"
            nxt.write_text("\n".join(lines[i:i + 6]) + "\n", encoding="utf-8")
            twin = AssistantSession(reload(s.game))
            expected = [twin.execute(x).to_dict() for x in lines[i:i + 6]]
            got = _cli("--from", str(path), "--script", str(nxt))
            assert [{k: r[k] for k in ("accepted", "reason", "said", "state")} for r in got] == \
                   [{k: r[k] for k in ("accepted", "reason", "said", "state")} for r in expected]
            runs += 1
        s.execute(line)
    assert runs == 4


def test_state_command_prints_readable_lines_and_is_no_undo_step():
    s = session_from(table(("Alice", 1), ("Bob", 3, "captain"), ("Carol", 0, "duchess,countess"), current="Bob"))
    res = s.execute("state")
    assert res.accepted and res.said == []
    assert res.shown[:2] == ["Turn 5: it is Bob's turn.",
                             "Bob, your action: income, aid, coup NAME, or a character's action."]
    assert "Alice: 1 coin, 2 cards face down." in res.shown
    assert "Bob: 3 coins, 1 card face down; face up: Captain." in res.shown
    assert "Carol: out; face up: Duchess and Countess." in res.shown
    assert "Treasury: 50 coins. Court: 9 cards." in res.shown
    assert not s.execute("undo").accepted


def test_a_hand_written_state_needs_only_players_and_whose_turn():
    s = session_from({"players": [{"name": "Ann", "coins": 4}, {"name": "Ben", "coins": 1, "revealed": ["Kapitän"]},
                                  {"name": "Cy"}], "current": "Ben"})
    st = s.game.public_state()
    assert st["window"] == "action" and st["current"] == "Ben" and st["turn"] == 1
    assert [(p["coins"], p["influence"], p["revealed"]) for p in st["players"]] == \
        [(4, 2, []), (1, 1, ["captain"]), (2, 2, [])]
    assert st["treasury"] == 47 and st["court"] == 9 and st["copies"] == 3


def test_journal_of_a_game_entered_in_progress_resumes(tmp_path):
    state = table(*ABC)
    j = tmp_path / "j.jsonl"
    s = AssistantSession(make_game("coup", 3, "en", {}, state=state), j, from_state=state)
    for line in ("aid", "Bob block duchess", "Alice challenge", "bluff", "reveal Bob captain", "fix Carol coins 6"):
        assert s.execute(line).accepted
    s.close()
    resumed = AssistantSession.resume(j, lambda g, seed, lang, opts, state=None: make_game(g, seed, lang, opts,
                                                                                           state=state))
    assert resumed.game.public_state() == s.game.public_state()


BROKEN = [
    # (state file text, field named, line named)
    ("players: [{name: A, coins: 2}, {name: B, coins: 2}]\n  treasury: 40\n", "state.treasury", 4),
    ("players: [{name: A, coins: 2}, {name: B, coins: 2}]\n  current: Zed\n", "state.current", 4),
    ("players:\n  - {name: A}\n  - {name: B, revealed: [inquisitor]}\n", "state.players[1].revealed[0]", 5),
    ("players:\n  - {name: A}\n  - {name: B, influence: 2, revealed: [duchess]}\n", "state.players[1]", 5),
    ("players:\n  - {name: A}\n  - {name: B, coins: 3, revealed: [duchess, captain]}\n  - {name: C}\n",
     "state.players[1].coins", 5),
    ("players:\n  - {name: A}\n", "state.players", 3),
    ("players:\n  - {name: A}\n  - {name: a}\n", "state.players[1].name", 5),
    ("players:\n  - {name: A}\n  - {name: income}\n", "state.players[1].name", 5),
    ("players:\n  - {name: A}\n  - {name: B, coins: two}\n", "state.players[1].coins", 5),
    ("players:\n  - {name: A}\n  - {name: B, coins: 60}\n", "state.players[1].coins", 5),
    ("players: [{name: A}, {name: B}]\n  window: over\n", "state.window", 4),
    ("players: [{name: A}, {name: B}]\n  window: block\n", "state.action", None),
    ("players: [{name: A}, {name: B}]\n  court: 9\n", "state.court", 4),
    ("players: [{name: A}, {name: B}]\n  coins: 9\n", "state.coins", 4),
    ("players: [{name: A}, {name: B}]\n  window: lunch\n", "state.window", 4),
    ("players:\n  - {name: A, revealed: [duchess]}\n  - {name: B, revealed: [duchess]}\n"
     "  - {name: C, revealed: [duchess]}\n  - {name: D, revealed: [duchess]}\n", "state.players", 3),
    ("players: [{name: A}, {name: B}, {name: C}]\n  window: challenge_claim\n  action: {kind: income, actor: A}\n",
     "state.action.kind", 5),
    ("players: [{name: A}, {name: B}, {name: C}]\n  window: block\n  action: {kind: steal, actor: B, target: C}\n",
     "state.action.actor", 5),
]


@pytest.mark.parametrize("text,field,line", BROKEN, ids=[b[1] + f"-{i}" for i, b in enumerate(BROKEN)])
def test_a_broken_state_names_its_line_and_field(text, field, line):
    data = load_yaml_text("game: coup\nstate:\n  " + text, "s.yaml")
    game = make_game("coup", 1, "en", {})
    with pytest.raises(DataError) as e:
        CoupGame.from_state(game.assets, data["state"])
    assert e.value.field == field, str(e.value)
    if line is not None:
        assert e.value.line == line, str(e.value)


def test_a_broken_state_file_on_the_command_line_is_one_clear_line(tmp_path):
    f = tmp_path / "s.yaml"
    f.write_text("game: coup\nstate:\n  players: [{name: Ann}, {name: Ben, coins: -1}]\n", encoding="utf-8")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, "-m", "tiptoi_sim", "assist", "coup", "--from", str(f), "--script", "-"],
                          cwd=REPO_DIR, capture_output=True, text=True, env=env, input="", timeout=60)
    assert proc.returncode == 2
    assert "s.yaml:3" in proc.stderr and "state.players[1].coins" in proc.stderr and "Traceback" not in proc.stderr
