"""The engine driver, the bots and the solver, on the real engine. The solver's plans are
replayed by the scenario runner (as ``simulate`` does) and must end in ``game_over`` won, no
later than any bot's game on the same seed."""

from __future__ import annotations

import pytest
import yaml

from tiptoi_sim.analysis.bots import BOTS, play_game
from tiptoi_sim.analysis.runner import Sim
from tiptoi_sim.analysis.solver import solve
from tiptoi_sim.cli import main
from tiptoi_sim.millionen_coup.game import Game
from tiptoi_sim.millionen_coup.scenario import run_scenario, scenario_from_text

TEAM = {"red": "oliver_crow", "blue": "ben"}


def replay(data, doc) -> list:
    session = run_scenario(scenario_from_text(yaml.safe_dump(doc, sort_keys=False), data), data)
    return [e.to_dict() for e in session.events if e.type not in ("say", "tap_ack", "skip")]


def test_a_copy_runs_on_independently(data):
    sim = Sim(data, 5, TEAM, record=True)
    sim.start("red", "learn", "skill:vault")
    sim.advance(60_000)
    sim.go()
    sim.start("red", "locks", "lock:1")
    twin = sim.copy()
    twin.advance(twin.now + 90_000)
    assert twin.game.opened_locks == {1} and sim.game.opened_locks == set()
    assert sim.game.players["red"].running is not None
    sim.advance(sim.now + 90_000)
    assert sim.events == twin.events and sim.events is not twin.events
    twin.start("red", "walk", "room:lobby")
    assert sim.game.players["red"].room == "street" and twin.game.players["red"].room == "lobby"


def test_the_memoised_guard_walks_as_the_engine_says(data):
    for seed in range(12):
        sim = Sim(data, seed, {"red": "kim"})
        sim.go()
        for _ in range(50):
            assert sim.game.guard_route(4) == Game.guard_route(sim.game, 4)
            sim.advance(sim.now + sim.unit_ms)


@pytest.mark.parametrize("bot", BOTS)
def test_bot_games_replay_as_scenarios(data, bot):
    """What a bot did, written as taps, is the same game when simulate plays it."""
    for seed in (3, 8):
        result, sim = play_game(data, seed, TEAM, "normal", bot)
        again, _ = play_game(data, seed, TEAM, "normal", bot)
        assert again == result                       # deterministic
        events = replay(data, sim.scenario())
        over = events[-1]
        assert over["type"] == "game_over"
        assert (over["result"], over["reason"], over["t"] * 1000) == (result.result, result.reason, result.finish_ms)


def test_the_family_bot_knows_only_what_the_table_shows(data):
    """Without explores the family does not know the alarms: its knowledge is empty; with a
    full explore list it knows exactly what was revealed."""
    from tiptoi_sim.analysis.bots import FamilyBot, Knowledge

    sim = Sim(data, 2, TEAM)
    bot = FamilyBot(data)
    k = Knowledge(sim.game, bot.memory)
    assert k.alarm_rooms == {} and k.blank_rooms == set() and len(k.candidates) == 720
    assert set(k.locked_doors) == {data.entrance}
    bot.play(sim)
    g = sim.game
    k = Knowledge(g, bot.memory)
    assert set(k.alarm_rooms.values()) == set(g.revealed["alarms"]) & set(g.active_alarms)


@pytest.mark.parametrize("seed", [0, 4, 9])
def test_solver_wins_and_its_plan_replays_to_a_win(data, seed, tmp_path):
    res = solve(data, seed, TEAM, "normal", time_limit=2.5)
    assert res.won
    events = replay(data, res.sim.scenario())
    over = events[-1]
    assert (over["type"], over["result"], over["reason"]) == ("game_over", "won", "vault")
    assert over["t"] * 1000 == res.finish_ms <= res.limit_ms
    for bot in BOTS:
        r, _ = play_game(data, seed, TEAM, "normal", bot)
        if r.result == "won":
            assert res.finish_ms <= r.finish_ms


def test_solve_command_writes_a_plan_that_simulate_wins(data, tmp_path, capsys):
    plan = tmp_path / "plan.yaml"
    assert main(["solve", "--seed", "9", "--players", "red=oliver_crow,blue=ben", "--out", str(plan),
                 "--time-limit", "2"]) == 0
    out = capsys.readouterr().out
    assert "won at" in out and "to spare" in out and "replays to game_over won" in out
    assert main(["simulate", str(plan), "--no-say"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert '"type": "game_over", "result": "won"' in last


def test_solve_reports_when_no_win_fits(data):
    """With a 12-unit clock nobody can open the entrance, walk to the vault and open it: the
    solver says so and keeps the game that got closest."""
    import dataclasses

    short = dataclasses.replace(data, difficulties={**data.difficulties, "hard": 12})
    res = solve(short, 1, TEAM, "hard", time_limit=1.5)
    assert not res.won and res.finish_ms is None
    assert res.progress["units_short"] > 0 and set(res.progress["rooms"]) == set(TEAM)
    assert res.sim is not None and res.sim.steps


def test_solve_command_rejects_bad_options(capsys):
    assert main(["solve", "--seed", "x1"]) == 2
    assert main(["solve", "--seed", "1", "--players", "red=nobody"]) == 2
    assert "nobody" in capsys.readouterr().err
