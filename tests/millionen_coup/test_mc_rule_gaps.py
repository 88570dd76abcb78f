"""Rules the spec names that were missing: a tap that breaks a sequence is refused for that
player before it takes effect; a run is refused for the lock or vault that blocks it; every
rule number that is loaded changes the game; a scenario tutorial is the login's tutorial."""

import shutil
from pathlib import Path

import pytest

from mc_helpers import HIDDEN, of, play
from test_mc_rules import scen
from tiptoi_sim.core.errors import DataError
from tiptoi_sim.millionen_coup.data import load_game_data
from tiptoi_sim.millionen_coup.session import PenSession
from tiptoi_sim.core.taps import Tap


@pytest.mark.parametrize("breaker", ["go", "nav:info", "nav:repeat", "nav:skip", "nav:play", "nav:power",
                                     "nav:explore", "info", "mode:game", "level:hard"])
def test_a_tap_that_cannot_continue_a_sequence_is_refused_first(run, breaker):
    ev = run(scen("{red: ben}", f"""
  - {{at: 1, tap: [player:red, action:explore, {breaker}]}}
""", until=1), with_say=True)
    at1 = [e for e in ev if e["t"] == 1 and e["type"] != "say"]
    assert at1[0] == {"t": 1, "type": "action_refused", "player": "red", "reason": "bad_sequence"}
    says = [e["key"] for e in ev if e["t"] == 1 and e["type"] == "say"]
    assert says[0] == "refused.bad_sequence"
    if breaker == "go":
        # then Go happens, at the same instant
        assert [e["type"] for e in at1[1:]][:1] == ["phase"]
    else:
        assert len(says) >= 2 or breaker == "nav:skip", says  # the tap still takes effect


def test_go_after_only_a_player_tap_refuses_that_player_then_goes(run):
    ev = run(scen("{red: ben, blue: max}", """
  - {at: 2, tap: [player:blue, go]}
""", until=2))
    assert [e["type"] for e in ev if e["t"] == 2][:2] == ["action_refused", "phase"]
    assert of(ev, "action_refused")[0]["player"] == "blue"


def test_repeat_mid_sequence_repeats_what_was_said_before_the_refusal(run):
    ev = run(scen("{red: ben}", """
  - {at: 1, tap: [player:red, learn, nav:repeat]}
""", until=1), with_say=True)
    says = [e for e in ev if e["type"] == "say"]
    assert says[-2]["key"] == "refused.bad_sequence"
    assert says[-1]["key"] == "phase.preparation"


def test_a_tap_after_a_completed_sequence_breaks_nothing(run):
    ev = run(scen("{red: ben}", """
  - {at: 0, tap: [player:red, learn, skill:run, go]}
""", until=0))
    assert not of(ev, "action_refused")


def test_a_run_through_a_locked_door_is_refused_as_locked(run):
    ev = run(scen("{red: max}", """
  - {at: 0, tap: [player:red, learn, plan:delivery_van]}
  - {at: 3, tap: go}
  - {at: 3, tap: [player:red, action:run, room:corridor_5]}
  - {at: 3, tap: [player:red, action:run, room:stairs_basement]}
  - {at: 3, tap: [player:red, action:run, room:safe_deposit]}
""", plans="[delivery_van, distraction]", until=3), with_say=True)
    # garage -> corridor_4 -> corridor_5: lock 2 blocks it; corridor_5 -> stairs: lock 2 too;
    # safe_deposit is three steps away even with every door open
    assert [e["reason"] for e in of(ev, "action_refused")] == ["locked", "too_far", "too_far"]
    says = [e["text"] for e in ev if e["type"] == "say" and e["key"].startswith("refused.locked")]
    assert len(says) == 1 and "Schloss 2" in says[0]  # the pen names the lock in the way


def test_run_reasons_lock_vault_and_too_far(data):
    """The engine directly: figures placed by hand."""
    import random

    from tiptoi_sim.core.scheduler import Scheduler
    from tiptoi_sim.millionen_coup.game import Game, Refusal
    from tiptoi_sim.millionen_coup.setup import draw_setup

    given = {"locks": {2: ["corridor_5", "vault_anteroom"], 3: ["corridor_4", "corridor_5"]}}
    g = Game(data, draw_setup(data, random.Random(3), given), {"red": "max"}, rng=random.Random(3),
             scheduler=Scheduler(), emit=lambda *a, **k: None, unit_seconds=1)
    g.go()
    p = g.players["red"]

    def reason(here, goal):
        p.room, p.running, p.last_was_run = here, None, False
        with pytest.raises(Refusal) as r:
            g._check(p, "run", f"room:{goal}")
        return r.value.reason, r.value.params.get("room")

    assert reason("corridor_4", "corridor_5") == ("locked", "corridor_5")
    assert reason("corridor_4", "vault_anteroom") == ("locked", "corridor_5")
    assert reason("corridor_5", "vault") == ("locked", "vault_anteroom")
    assert reason("garage", "safe_deposit") == ("too_far", "safe_deposit")
    g._open_lock(2)
    assert reason("corridor_5", "vault") == ("vault_closed", None)
    p.room = "vault_anteroom"
    assert reason("vault_anteroom", "vault")[0] == "vault_closed"


# ----------------------------------------------------------------- data that is loaded is used
def _assets_copy(tmp_path: Path, edit) -> Path:
    src = Path(load_game_data(with_phrases=False).folder)
    dst = tmp_path / "millionen_coup"
    shutil.copytree(src, dst)
    rules = dst / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    new = edit(text)
    assert new != text
    rules.write_text(new, encoding="utf-8")
    return dst


GUARD = scen("{red: ben}", """
  - {at: 0, tap: go}
""", until=6)


def test_guard_step_from_the_data_sets_the_guards_pace(data, tmp_path):
    base = [e["t"] for e in of(play(data, GUARD), "guard")]
    assert base[:3] == [1, 2, 3]
    slow = load_game_data(_assets_copy(tmp_path, lambda t: t.replace(
        "guard_step:        {ability: null, basic: 1,", "guard_step:        {ability: null, basic: 3,")))
    assert [e["t"] for e in of(play(slow, GUARD), "guard")] == [3, 6]


def test_each_actions_phase_comes_from_the_data(data, tmp_path):
    text = scen("{red: ben}", """
  - {at: 0, tap: [player:red, learn, skill:run]}
  - {at: 3, tap: go}
  - {at: 3, tap: [player:red, learn, skill:sneak]}
""", until=6)
    ev = play(data, text)
    assert [e["reason"] for e in of(ev, "action_refused")] == ["wrong_phase"]
    assert of(ev, "action_started")[0]["target"] == "skill:run"
    late = load_game_data(_assets_copy(tmp_path, lambda t: t.replace(
        "learn:             {ability: null, basic: 2, phase: preparation}",
        "learn:             {ability: null, basic: 2, phase: execution}")))
    ev = play(late, text)
    # learning is now an action of the execution phase: refused before Go, allowed after
    assert of(ev, "action_refused")[0] == {"t": 0, "type": "action_refused", "player": "red", "reason": "wrong_phase"}
    assert of(ev, "action_started")[0]["target"] == "skill:sneak"


def test_max_players_from_the_data_limits_the_login_and_scenarios(tmp_path):
    two = load_game_data(_assets_copy(tmp_path, lambda t: t.replace("max_players: 4", "max_players: 2")))
    with pytest.raises(DataError, match="1 to 2 players"):
        play(two, scen("{red: ben, blue: max, green: kim}", "  - {at: 0, tap: go}"))
    s = PenSession(two, lang="en")
    for i, tid in enumerate(["nav:power", "nav:play", "player:red", "char:ben", "player:blue", "char:max",
                             "player:green"]):
        s.tap(Tap(tid, i))
    assert s.events[-1].fields["key"] == "live.table_full"
    assert "2" in s.events[-1].fields["text"]


def test_a_scenario_tutorial_is_the_logins_tutorial(data):
    text = """
setup:
  seed: 4
  unit_seconds: 1
  difficulty: hard
  tutorial: true
  players: {red: ben}
taps: []
until: 0
"""
    ev = play(data, text, with_say=True)
    # the login's tutorial: announced, then played at the tutorial's difficulty (easy: 90 units)
    assert ev[0]["key"] == "login.tutorial"
    s = PenSession(data, seed=4)
    for i, tid in enumerate(["nav:power", "nav:play", "player:red", "char:ben", "mode:tutorial"]):
        s.tap(Tap(tid, 0))
    assert s.game.limit_units == data.difficulties[data.tutorial["difficulty"]]
    from tiptoi_sim.millionen_coup.scenario import run_scenario, scenario_from_text

    sc_session = run_scenario(scenario_from_text(text, data), data)
    assert sc_session.game.limit_units == s.game.limit_units
    assert sc_session.game.setup.to_dict() == s.game.setup.to_dict()


def test_each_actions_ability_comes_from_the_data(data, tmp_path):
    text = scen("{red: ben}", """
  - {at: 0, tap: go}
  - {at: 0, tap: [player:red, action:sneak, room:lobby]}
""", until=1)
    assert of(play(data, text), "action_refused")[0]["reason"] == "missing_ability"
    free = load_game_data(_assets_copy(tmp_path, lambda t: t.replace(
        "sneak:             {ability: sneak,", "sneak:             {ability: null,")))
    ev = play(free, text)
    # lock 1 is on the entrance: the sneak is now refused for the lock, not the ability
    assert of(ev, "action_refused")[0]["reason"] == "locked"
