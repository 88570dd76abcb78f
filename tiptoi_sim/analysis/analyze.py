"""The difficulty analysis: many bot games per character set and difficulty, on all cores.

A *task* is a batch of games with one bot, one character set and one difficulty on a range of
seeds; :func:`run_task` plays it and returns one row per game. Tasks go to the standard
library's process pool (one worker per core by default) or, with ``dask_address``, to a Dask
cluster through ``distributed.Client`` — the same function on the same tasks. Results are put
back in task order, so the same seed gives the same report whatever the pool, the worker
count or the order in which tasks finish.

The report (see :func:`write_report`): ``report.json`` (all numbers), ``games.csv`` (one line
per game), ``summary.csv`` (one line per character set and difficulty), ``report.md`` and the
plots ``win_rates.png``, ``losses.png`` and ``finish_times.png``.
"""

from __future__ import annotations

import csv
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any, Callable, Iterable

from tiptoi_sim.core.errors import UserError

REASONS = ("vault", "guard", "alarm", "discovered", "time")
BATCH = 250

_DATA = None


def _data():
    """The game data, loaded once per worker process."""
    global _DATA
    if _DATA is None:
        from tiptoi_sim.millionen_coup.data import load_game_data
        _DATA = load_game_data(with_phrases=False)
    return _DATA


@dataclass(frozen=True)
class Task:
    bot: str
    difficulty: str
    players: tuple[tuple[str, str], ...]     # (colour, character) pairs
    first_seed: int
    count: int


@dataclass(frozen=True)
class SolverTask:
    """The solver on a few seeds: the bound of what is possible (``--solver K``)."""

    difficulty: str
    players: tuple[tuple[str, str], ...]
    first_seed: int
    count: int
    seconds: float

    bot = "solver"


def run_task(task: Task | SolverTask) -> list[tuple]:
    """Play one task's games; rows (seed, result, reason, finish_ms, go_ms). Picklable and
    importable by a worker: the process pool and Dask both call exactly this function. For a
    solver task the rows are the solver's best games (result ``lost``, reason ``none`` when it
    found no win)."""
    data = _data()
    players = dict(task.players)
    rows = []
    if isinstance(task, SolverTask):
        from tiptoi_sim.analysis.solver import solve

        for seed in range(task.first_seed, task.first_seed + task.count):
            res = solve(data, seed, players, task.difficulty, time_limit=task.seconds)
            go = next((st.t_ms for st in res.sim.steps if st.colour is None), None) if res.sim else None
            rows.append((seed, "won", "vault", res.finish_ms, go) if res.won else (seed, "lost", "none", res.limit_ms, go))
        return rows
    from tiptoi_sim.analysis.bots import play_game

    for seed in range(task.first_seed, task.first_seed + task.count):
        r, _ = play_game(data, seed, players, task.difficulty, task.bot)
        rows.append((seed, r.result, r.reason, r.finish_ms, r.go_ms))
    return rows


def team_name(players: Iterable[tuple[str, str]]) -> str:
    return "+".join(ch for _, ch in players)


def all_pairs(characters: Iterable[str]) -> list[tuple[tuple[str, str], ...]]:
    return [(("red", a), ("blue", b)) for a, b in combinations(list(characters), 2)]


def make_tasks(teams, difficulties, games: int, seed: int, bot: str, solver_games: int = 0,
               solver_seconds: float = 3.0) -> list:
    """Every (team, difficulty) gets the same seeds ``seed`` … ``seed + games - 1``, so the
    character sets and levels are compared on the same hidden setups; with ``solver_games`` the
    solver plays the first of those seeds too (one seed per task: each takes seconds)."""
    tasks: list = []
    for team in teams:
        for diff in difficulties:
            for start in range(0, games, BATCH):
                tasks.append(Task(bot, diff, tuple(team), seed + start, min(BATCH, games - start)))
            for k in range(solver_games):
                tasks.append(SolverTask(diff, tuple(team), seed + k, 1, solver_seconds))
    return tasks


class Progress:
    """A progress bar on standard error (only redrawn when it changes)."""

    def __init__(self, total: int, out=None, width: int = 30):
        self.total, self.done, self.out, self.width = total, 0, out or sys.stderr, width
        self.t0 = time.monotonic()
        self._last = ""

    def add(self, n: int) -> None:
        self.done += n
        frac = self.done / self.total if self.total else 1.0
        filled = int(frac * self.width)
        rate = self.done / max(1e-9, time.monotonic() - self.t0)
        line = f"\r[{'#' * filled}{'.' * (self.width - filled)}] {self.done}/{self.total} games ({rate:.0f}/s)"
        if line != self._last:
            self.out.write(line)
            self.out.flush()
            self._last = line

    def close(self) -> None:
        self.out.write("\n")
        self.out.flush()


def run_tasks(tasks: list[Task], *, workers: int | None = None, dask_address: str | None = None,
              progress: Callable[[int], None] | None = None) -> list[list[tuple]]:
    """Run the tasks; their results in task order."""
    results: list[list[tuple] | None] = [None] * len(tasks)
    if dask_address is not None:
        try:
            from distributed import Client, as_completed as dask_completed
        except ImportError:
            raise UserError("--dask needs the Dask client: pip install 'tiptoi-sim[dask]'") from None
        try:
            client = Client(dask_address, timeout="10s") if isinstance(dask_address, str) else dask_address
        except OSError as e:
            raise UserError(f"--dask {dask_address}: cannot reach the Dask scheduler ({e})") from None
        futures = client.map(run_task, tasks, pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        for fut in dask_completed(futures):
            i = index[fut.key]
            results[i] = fut.result()
            if progress:
                progress(len(results[i]))
        if isinstance(dask_address, str):
            client.close()
        return results  # type: ignore[return-value]
    workers = workers or os.cpu_count() or 1
    if workers == 1:
        for i, t in enumerate(tasks):
            results[i] = run_task(t)
            if progress:
                progress(len(results[i]))
        return results  # type: ignore[return-value]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futs = {pool.submit(run_task, t): i for i, t in enumerate(tasks)}
        for fut in as_completed(futs):
            i = futs[fut]
            results[i] = fut.result()
            if progress:
                progress(len(results[i]))
    return results  # type: ignore[return-value]


# ---------------------------------------------------------------------- the numbers
def summarise(tasks: list[Task], results: list[list[tuple]], limits_ms: dict[str, int]) -> dict[str, Any]:
    """The report's numbers: per character set and difficulty, win rate, causes of losses and
    the finishing times of the wins against the clock."""
    groups: dict[tuple, list[tuple]] = {}
    solved: dict[tuple, list[tuple]] = {}
    meta: dict[tuple, Task] = {}
    for t, rows in zip(tasks, results):
        if isinstance(t, SolverTask):
            solved.setdefault((team_name(t.players), t.difficulty), []).extend(rows)
            continue
        key = (t.bot, team_name(t.players), t.difficulty)
        groups.setdefault(key, []).extend(rows)
        meta[key] = t
    out = []
    for (bot, team, diff), rows in groups.items():
        n = len(rows)
        wins = [r for r in rows if r[1] == "won"]
        causes = {reason: sum(1 for r in rows if r[1] == "lost" and r[2] == reason) for reason in REASONS[1:]}
        times = sorted(r[3] / 60000 for r in wins)
        limit_min = limits_ms[diff] / 60000
        out.append({
            "bot": bot, "team": team, "players": dict(meta[(bot, team, diff)].players), "difficulty": diff,
            "games": n, "wins": len(wins), "win_rate": round(len(wins) / n, 4) if n else 0.0,
            "losses": causes, "clock_minutes": limit_min,
            "finish_minutes": _quantiles(times),
            "margin_minutes_median": round(limit_min - _median(times), 2) if times else None,
            "finish_histogram": _histogram(times, limit_min),
        })
        srows = solved.get((team, diff))
        if srows:
            stimes = sorted(r[3] / 60000 for r in srows if r[1] == "won")
            bot_wins = {r[0]: r for r in rows if r[1] == "won"}
            out[-1]["solver"] = {
                "seeds": len(srows), "wins": len(stimes), "win_rate": round(len(stimes) / len(srows), 4),
                "finish_minutes": _quantiles(stimes),
                # on the same seeds: what the bot managed
                "bot_wins_on_these_seeds": sum(1 for r in srows if r[0] in bot_wins),
            }
    return {"groups": out}


def _median(xs: list[float]) -> float:
    n = len(xs)
    return (xs[n // 2] + xs[(n - 1) // 2]) / 2


def _quantiles(xs: list[float]) -> dict[str, float] | None:
    if not xs:
        return None
    def q(p):
        return round(xs[min(len(xs) - 1, int(p * (len(xs) - 1) + 0.5))], 2)
    return {"min": round(xs[0], 2), "p10": q(0.1), "median": round(_median(xs), 2), "p90": q(0.9), "max": round(xs[-1], 2)}


def _histogram(xs: list[float], limit_min: float) -> list[int]:
    """Wins per 2.5-minute bin from 0 to the clock."""
    bins = [0] * max(1, int(round(limit_min / 2.5)))
    for x in xs:
        bins[min(len(bins) - 1, int(x / 2.5))] += 1
    return bins


# ---------------------------------------------------------------------- the report
LABELS = {
    "en": {"win_rate": "Win rate", "losses": "How games were lost (share of games)", "finish": "Finishing time of the wins",
           "minutes": "game clock (minutes)", "games": "wins", "clock": "clock",
           "guard": "guard", "alarm": "alarm", "discovered": "discovered", "time": "time",
           "easy": "easy", "normal": "normal", "hard": "hard",
           "solver": "solver (what is possible, first seeds)"},
}


def write_report(out_dir: Path, report: dict[str, Any], tasks: list[Task], results: list[list[tuple]]) -> list[Path]:
    """Write the numbers and the plots; returns the files written."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    p = out_dir / "report.json"
    p.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    written.append(p)
    p = out_dir / "games.csv"
    with open(p, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["bot", "team", "difficulty", "seed", "result", "reason", "finish_seconds", "go_seconds"])
        for t, rows in zip(tasks, results):
            for seed, result, reason, fin, go in rows:
                w.writerow([t.bot, team_name(t.players), t.difficulty, seed, result, reason, fin / 1000,
                            "" if go is None else go / 1000])
    written.append(p)
    groups = report["groups"]
    p = out_dir / "summary.csv"
    with open(p, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["bot", "team", "difficulty", "games", "wins", "win_rate", *[f"lost_{r}" for r in REASONS[1:]],
                    "clock_minutes", "finish_median_minutes", "finish_p10_minutes", "finish_p90_minutes",
                    "solver_seeds", "solver_wins", "solver_finish_median_minutes"])
        for g in groups:
            fm = g["finish_minutes"] or {}
            w.writerow([g["bot"], g["team"], g["difficulty"], g["games"], g["wins"], g["win_rate"],
                        *[g["losses"][r] for r in REASONS[1:]], g["clock_minutes"],
                        fm.get("median", ""), fm.get("p10", ""), fm.get("p90", ""),
                        *((g["solver"]["seeds"], g["solver"]["wins"], (g["solver"]["finish_minutes"] or {}).get("median", ""))
                          if "solver" in g else ("", "", ""))])
    written.append(p)
    L = LABELS["en"]
    names = [f"{g['team']}\n{g['difficulty']}" for g in groups]
    h = max(3.0, 0.35 * len(groups) + 1.5)

    fig, ax = plt.subplots(figsize=(8, h))
    ax.barh(names, [g["win_rate"] * 100 for g in groups], color="#3b7dd8")
    for i, g in enumerate(groups):
        ax.text(g["win_rate"] * 100 + 1, i, f"{g['win_rate'] * 100:.1f} %", va="center", fontsize=8)
    sol = [(i, g["solver"]["win_rate"] * 100) for i, g in enumerate(groups) if "solver" in g]
    if sol:
        ax.plot([x for _, x in sol], [i for i, _ in sol], marker="D", color="#1a7f1a", linestyle="none",
                label=L["solver"])
        ax.legend(loc="lower right", fontsize=8)
    ax.set_xlim(0, 105)
    ax.set_xlabel(f"{L['win_rate']} (%)")
    ax.invert_yaxis()
    ax.set_title(f"{L['win_rate']} — bot {groups[0]['bot']}" if groups else L["win_rate"])
    fig.tight_layout()
    written.append(_save(fig, out_dir / "win_rates.png"))

    fig, ax = plt.subplots(figsize=(8, h))
    left = [0.0] * len(groups)
    colours = {"guard": "#d84b3b", "alarm": "#e8a33b", "discovered": "#8e5bd8", "time": "#7f7f7f"}
    for r in REASONS[1:]:
        vals = [g["losses"][r] / g["games"] * 100 if g["games"] else 0 for g in groups]
        ax.barh(names, vals, left=left, color=colours[r], label=L[r])
        left = [a + b for a, b in zip(left, vals)]
    ax.set_xlim(0, 100)
    ax.set_xlabel("%")
    ax.invert_yaxis()
    ax.legend(loc="lower right", fontsize=8)
    ax.set_title(L["losses"])
    fig.tight_layout()
    written.append(_save(fig, out_dir / "losses.png"))

    fig, ax = plt.subplots(figsize=(8, 4.5))
    clocks = {}
    by_group: dict[str, list[float]] = {}
    for t, rows in zip(tasks, results):
        key = f"{team_name(t.players)} ({t.difficulty})"
        by_group.setdefault(key, []).extend(r[3] / 60000 for r in rows if r[1] == "won")
    for g in groups:
        clocks[g["difficulty"]] = g["clock_minutes"]
    shown = sorted(by_group.items(), key=lambda kv: -len(kv[1]))[:8]
    top = max([c for c in clocks.values()] + [1])
    bins = [x * 2.5 for x in range(int(top / 2.5) + 2)]
    for key, xs in shown:
        if xs:
            ax.hist(xs, bins=bins, histtype="step", linewidth=1.5, label=key)
    for diff, c in sorted(clocks.items(), key=lambda kv: kv[1]):
        ax.axvline(c, color="black", linestyle="--", linewidth=1)
        ax.text(c, ax.get_ylim()[1] * 0.95, f" {L['clock']} {L.get(diff, diff)} {c:g}", rotation=90, va="top", fontsize=8)
    ax.set_xlabel(L["minutes"])
    ax.set_ylabel(L["games"])
    ax.set_title(L["finish"])
    if shown:
        ax.legend(fontsize=7, loc="upper left")
    fig.tight_layout()
    written.append(_save(fig, out_dir / "finish_times.png"))

    p = out_dir / "report.md"
    lines = ["# Difficulty analysis", "", f"Bot: `{report['bot']}`, games per character set and level: "
             f"{report['games']}, seeds {report['seed']}…{report['seed'] + report['games'] - 1}.", "",
             "| team | level | games | win rate | guard | alarm | discovered | time | median finish (min) | clock (min) | solver: won / seeds, median (min) |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for g in groups:
        fm = g["finish_minutes"] or {}
        sv = g.get("solver")
        stext = f"{sv['wins']} / {sv['seeds']}, {(sv['finish_minutes'] or {}).get('median', '–')}" if sv else "–"
        lines.append(f"| {g['team']} | {g['difficulty']} | {g['games']} | {g['win_rate'] * 100:.1f} % | "
                     + " | ".join(str(g["losses"][r]) for r in REASONS[1:])
                     + f" | {fm.get('median', '–')} | {g['clock_minutes']:g} | {stext} |")
    lines += ["", "![win rates](win_rates.png)", "", "![losses](losses.png)", "", "![finishing times](finish_times.png)", ""]
    p.write_text("\n".join(lines), encoding="utf-8")
    written.append(p)
    return written


def _save(fig, path: Path) -> Path:
    # fixed metadata: the same numbers give the same bytes
    fig.savefig(path, dpi=100, metadata={"Software": None})
    import matplotlib.pyplot as plt
    plt.close(fig)
    return path


def analyze(teams, difficulties, games: int, seed: int = 0, bot: str = "family", *, workers: int | None = None,
            dask_address: str | None = None, show_progress: bool = True, solver_games: int = 0,
            solver_seconds: float = 3.0) -> tuple[dict, list[Task], list[list[tuple]]]:
    data = _data()
    tasks = make_tasks(teams, difficulties, games, seed, bot, solver_games, solver_seconds)
    bar = Progress(len(tasks) and sum(t.count for t in tasks)) if show_progress else None
    results = run_tasks(tasks, workers=workers, dask_address=dask_address, progress=bar.add if bar else None)
    if bar:
        bar.close()
    limits = {d: data.difficulties[d] * int(data.unit_seconds * 1000) for d in difficulties}
    report = {"bot": bot, "games": games, "seed": seed, "difficulties": list(difficulties),
              **summarise(tasks, results, limits)}
    return report, tasks, results
