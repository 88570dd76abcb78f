"""The difficulty analysis: the same seed gives the same report (pool or not, Dask or not),
the numbers add up, the plots and tables are written, the progress bar goes to stderr."""

from __future__ import annotations

import csv
import json

import pytest

from tiptoi_sim.analysis.analyze import Task, analyze, make_tasks, run_task, write_report
from tiptoi_sim.analysis.bots import play_game
from tiptoi_sim.cli import main

TEAM = (("red", "oliver_crow"), ("blue", "ben"))


def test_a_task_is_the_bot_games_of_its_seeds(data):
    rows = run_task(Task("family", "normal", TEAM, 7, 3))
    assert [r[0] for r in rows] == [7, 8, 9]
    for seed, result, reason, fin, go in rows:
        r, _ = play_game(data, seed, dict(TEAM), "normal", "family")
        assert (result, reason, fin, go) == (r.result, r.reason, r.finish_ms, r.go_ms)


def test_tasks_cover_every_team_level_and_seed_once():
    tasks = make_tasks([TEAM, (("red", "mary"), ("blue", "tom"))], ["easy", "hard"], 600, 5, "family")
    seen = [(t.players, t.difficulty, s) for t in tasks for s in range(t.first_seed, t.first_seed + t.count)]
    assert len(seen) == len(set(seen)) == 2 * 2 * 600
    assert {s for _, _, s in seen} == set(range(5, 605))


def test_same_seed_same_report_with_or_without_the_pool(tmp_path):
    a = analyze([TEAM], ["normal", "hard"], 6, 40, "family", workers=2, show_progress=False)
    b = analyze([TEAM], ["normal", "hard"], 6, 40, "family", workers=1, show_progress=False)
    assert a[0] == b[0] and a[2] == b[2]
    g = {x["difficulty"]: x for x in a[0]["groups"]}
    for level, x in g.items():
        assert x["games"] == 6 and x["wins"] + sum(x["losses"].values()) == 6
        assert x["clock_minutes"] == {"normal": 40, "hard": 35}[level]
        assert sum(x["finish_histogram"]) == x["wins"]
    files_a = write_report(tmp_path / "a", *a)
    files_b = write_report(tmp_path / "b", *b)
    for fa, fb in zip(files_a, files_b):
        assert fa.name == fb.name and fa.read_bytes() == fb.read_bytes(), fa.name


def test_analyze_command_writes_the_report(tmp_path, capsys):
    out = tmp_path / "rep"
    assert main(["analyze", "--games", "8", "--difficulty", "easy,normal", "--seed", "3", "--out", str(out),
                 "--workers", "2"]) == 0
    cap = capsys.readouterr()
    assert "16/16 games" in cap.err and "[" in cap.err          # the progress bar, on stderr
    assert "oliver_crow+ben" in cap.out and "16 games in" in cap.out
    names = {p.name for p in out.iterdir()}
    assert {"report.json", "games.csv", "summary.csv", "report.md", "win_rates.png", "losses.png",
            "finish_times.png"} <= names
    rows = list(csv.DictReader(open(out / "games.csv", encoding="utf-8")))
    assert len(rows) == 16 and {r["difficulty"] for r in rows} == {"easy", "normal"}
    rep = json.loads((out / "report.json").read_text(encoding="utf-8"))
    won = sum(1 for r in rows if r["result"] == "won")
    assert sum(g["wins"] for g in rep["groups"]) == won
    assert (out / "win_rates.png").read_bytes()[:4] == b"\x89PNG"


def test_analyze_all_pairs_and_bad_options(tmp_path, capsys):
    assert main(["analyze", "--games", "1", "--all-pairs", "--out", str(tmp_path), "--quiet", "--workers", "1"]) == 0
    rep = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert len(rep["groups"]) == 21                  # every pair of the 7 characters
    capsys.readouterr()
    assert main(["analyze", "--games", "zehn"]) == 2
    assert main(["analyze", "--games", "5", "--difficulty", "medium"]) == 2
    assert main(["analyze", "--games", "5", "--players", "red=ben,blue=ben"]) == 2
    assert main(["analyze", "--games", "5", "--bot", "robot"]) == 2
    err = capsys.readouterr().err
    assert "--games" in err and "medium" in err and "robot" in err


def test_dask_backend_runs_the_same_tasks():
    """Skipped only when the optional extra is not installed (pip install 'tiptoi-sim[dask]';
    the test dependencies do not install it)."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        by_dask = analyze([TEAM], ["normal"], 6, 11, "family", dask_address=client, show_progress=False)
    local = analyze([TEAM], ["normal"], 6, 11, "family", workers=1, show_progress=False)
    assert by_dask[0] == local[0] and by_dask[2] == local[2]


def test_dask_missing_or_unreachable_is_a_clear_message(monkeypatch, capsys, tmp_path):
    import builtins

    real_import = builtins.__import__

    def no_distributed(name, *a, **k):
        if name == "distributed" or name.startswith("distributed."):
            raise ImportError("No module named 'distributed'")
        return real_import(name, *a, **k)

    monkeypatch.setattr(builtins, "__import__", no_distributed)
    assert main(["analyze", "--games", "2", "--dask", "tcp://127.0.0.1:1", "--out", str(tmp_path)]) == 2
    assert "pip install 'tiptoi-sim[dask]'" in capsys.readouterr().err


def test_the_solver_bounds_what_is_possible(tmp_path, capsys):
    """--solver K: the solver plays the first K seeds of each set and level as well; the report
    shows its wins next to the bot's (it wins at least where the bot won, no later)."""
    report, tasks, results = analyze([TEAM], ["normal"], 4, 0, "family", workers=1, show_progress=False,
                                     solver_games=2, solver_seconds=1.0)
    g = report["groups"][0]
    assert g["games"] == 4 and g["solver"]["seeds"] == 2
    assert g["solver"]["wins"] >= g["solver"]["bot_wins_on_these_seeds"]
    bot_rows = [r for t, rows in zip(tasks, results) if t.bot == "family" for r in rows]
    solver_rows = [r for t, rows in zip(tasks, results) if t.bot == "solver" for r in rows]
    for s in solver_rows:
        b = next(r for r in bot_rows if r[0] == s[0])
        if b[1] == "won":
            assert s[1] == "won" and s[3] <= b[3]
    files = write_report(tmp_path, report, tasks, results)
    summary = (tmp_path / "summary.csv").read_text(encoding="utf-8").splitlines()
    assert summary[0].endswith("solver_seeds,solver_wins,solver_finish_median_minutes")
    assert summary[1].split(",")[-3] == "2"
    assert any(f.name == "report.md" for f in files)
